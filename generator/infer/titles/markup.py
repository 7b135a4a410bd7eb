"""Names only the Markdown shows: bold-lettered acronyms, emphasised phrases, the code link.

Authors set a name in bold or italics where they coin it, so these are precise signals the plain text loses.
"""

from __future__ import annotations

import re

from wordfreq import zipf_frequency

from generator.infer.titles.coined import _looks_like_name, _Name
from generator.infer.titles.finders import _INTRO_OBJECT_AND_RE, _INTRO_OBJECT_RE, _WE
from generator.infer.titles.lexicon import _NOT_NAMES
from generator.infer.titles.tidy import _LEAD_DROP

_BOLD_LETTERS = re.compile(r"(?<=\w)\*\*\w{1,4}\*\*|\*\*\w{1,4}\*\*(?=\w)")
_MD_BRACKET = re.compile(r"\(\s*(?:\*\*)?([A-Za-z][\w&+-]*)(?:\*\*)?\s*\)")
_REPO_URL = re.compile(r"(?:github\.com|gitlab\.com|bitbucket\.org)/[\w.-]+/([\w.-]+)|[\w-]+\.github\.io/([\w.-]+)")


def _bold_acronyms(md: str) -> list[str]:
    """Return names spelled out with bold letters ("**D**ecoding by C**o**ntrasting **La**yers (DoLa)").

    Authors bold the letters of an acronym only when they coin it, so this is a precise signal.
    """
    if md.count("**") < 4:
        return []
    names = []
    for m in _MD_BRACKET.finditer(md):
        before = md[max(0, m.start() - 250):m.start()]
        before = re.split(r"[.;]\s|\)", before)[-1]
        if len(_BOLD_LETTERS.findall(before)) >= 2 and _looks_like_name(m.group(1), strict=False):
            names.append(m.group(1))
    return names


_EMPHASIS = re.compile(r"\*\*([^*\n]{2,60}?)\*\*|(?<![\w*])\*(?!\s)([^*\n]{2,60}?)(?<!\s)\*(?![\w*])"
                       r"|(?<![\w_])_(?!\s)([^_\n]{2,60}?)(?<!\s)_(?![\w_])")
_TITLE_CASE = re.compile(r"[A-Z][\w'-]*(?:\s+(?:(?:of|for|and|by|in|on|to|the|&)\s+)?[A-Z][\w'-]*){0,3}")


def _emphasised_phrases(md: str) -> list[str]:
    """Return the Title Case phrases (one to four words) the Markdown sets in bold or italics, in order."""
    if "*" not in md and "_" not in md:
        return []
    phrases: list[str] = []
    for m in _EMPHASIS.finditer(md):
        phrase = (m.group(1) or m.group(2) or m.group(3)).strip()
        if _TITLE_CASE.fullmatch(phrase) and phrase not in phrases and not (phrase.split()[0] in _NOT_NAMES):
            if " " in phrase or _looks_like_name(phrase, strict=False):
                phrases.append(phrase)
    return phrases


def _emphasised_object_names(sent: str, idx: int, phrases: list[str]) -> list[_Name]:
    """Return emphasised phrases a sentence introduces ("this paper proposes *Poisoned Forgery Face* framework").

    Authors set a name in bold or italics where they coin it; as the object of "we propose" it is the contribution.
    """
    found: list[_Name] = []
    pattern = _INTRO_OBJECT_AND_RE if _WE.search(sent) else _INTRO_OBJECT_RE
    for m in pattern.finditer(sent):
        obj = _LEAD_DROP.sub("", sent[m.end():])
        for phrase in phrases:
            rest = obj[len(phrase):]
            # "*Conditional Slot Attention* (CoSA)": the acronym is the name, found by the acronym rules.
            if obj.startswith(phrase) and not rest[:1].isalnum() and not rest.lstrip().startswith("("):
                found.append(_Name(phrase, idx, after=rest))
                break
    return found


def _repo_name(md: str) -> str:
    """Return the project name in the abstract's code URL ("github.com/owner/HiGen_main" -> "HiGen"), or ""."""
    for m in _REPO_URL.finditer(md):
        name = (m.group(1) or m.group(2) or "").rstrip(".").removesuffix(".git")
        # Repositories are often named "<Name>_main", "<Name>-official".
        name = re.sub(r"[-_.](?:main|master|official|code|release|pytorch|public|repo|project|page|v\d)$", "",
                      name, flags=re.I)
        if _looks_like_name(name) and not re.search(r"[_.]", name) and not _described(name):
            return name
    return ""


#: Each of them at least this common in English (wordfreq's zipf scale; "Phy", "Crafter" are below).
COMMON_PART_ZIPF = 3.0
#: Fewest capitalised words of a repository's name that describe the project rather than name it.
DESCRIBING_WORDS = 3


def _described(name: str) -> bool:
    """Return whether a repository name is English words glued in title case ("PitfallsKnowledgeEditing"): the
    project's description, not a name its paper uses ("ScaleCrafter", "AirPhyNet" hold a coined part)."""
    parts = re.findall(r"[A-Z][a-z]+", name)
    if "-" in name:
        # "Exploring-Weight-Balancing-on-Long-Tailed-Recognition-Problem", "Ultra-Low-Latency-SNN": words joined by
        # hyphens, an acronym among them, describe the project as much.
        words = name.split("-")
        parts = [w for w in words if not (w.isupper() or w.isdigit())]
        if not all(w.isalpha() and (w.islower() or w.istitle()) for w in parts):
            return False
        return len(parts) >= DESCRIBING_WORDS and all(zipf_frequency(w.lower(), "en") >= COMMON_PART_ZIPF for w in parts)
    return (len(parts) >= DESCRIBING_WORDS and "".join(parts) == name
            and all(zipf_frequency(w.lower(), "en") >= COMMON_PART_ZIPF for w in parts))
