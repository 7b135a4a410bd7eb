"""The plain text of a Markdown abstract, and its sentences.

Every rule of the title finder reads plain text, so Markdown, links, LaTeX and the words PDF extraction
glued together are undone here once per abstract. Each step is linear in the text: abstracts are
untrusted input, and a quadratic regex on a hostile one would stall the whole build.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from generator.clean.pdf import fix_hyphenation

_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "etc.", "vs.", "cf.", "a.k.a.", "resp.", "approx.",
                  "Fig.", "Figs.", "Eq.", "Eqs.", "Sec.", "No.", "Dr.", "Mr.", "Ms.", "St.", "al.")


@lru_cache(maxsize=64)
def plain_text(abstract_md: str) -> str:
    """Return the abstract as plain text: no Markdown, links, LaTeX commands or `$`."""
    # Cached: infer_title and the name finder both start from the same abstract's plain text.
    t = abstract_md
    if "\\" in t or "$" in t or "http" in t or "<" in t or "](" in t:
        t = _plain_markup(t)
    if "text" in t or "emph" in t or "math" in t:
        t = _LOST_BACKSLASH.sub("", t)
    if "*" in t:
        t = re.sub(r"\*\*(.+?)\*\*", r"\1", t)
        # Emphasis is a few words: unbounded, each "*" without a partner read the rest of the text (quadratic).
        t = re.sub(r"(?<![\w*])\*(?!\s)(.{1,400}?)(?<!\s)\*(?![\w*])", r"\1", t)
    if "_" in t:
        t = re.sub(r"(?<![\w_])_(?!\s)(.{1,400}?)(?<!\s)_(?![\w_])", r"\1", t)
    if "`" in t:
        t = t.replace("``", '"').replace("''", '"')
        t = re.sub(r"`([^`]*)`", r"\1", t)
    # "a video decomposition prior `VDP' framework": an acronym in quotes after its long form is defined as "(VDP)" is.
    t = _QUOTED_ACRONYM.sub(r"(\1)", t)
    if _GLUED_SENTENCE_HINT.search(t):  # the cheap test spares most abstracts the full substitution
        t = _GLUED_SENTENCE.sub(" ", t)  # "music.To address": lost line break
    t = _unglue(t)
    if "- " in t:  # the cleaning stage's repair: "at- tention" joins, "low- and high-" and "data- driven" stay
        t = fix_hyphenation(t)
    # str.split() splits on exactly the characters `\s` matches, and is several times faster.
    return " ".join(t.split())


#: An acronym in capitals alone in quotes after a word that does not name it ("prior 'VDP' framework", not "called
#: 'VDP'"), in LaTeX's `...' and curly quotes too. Bounded: an acronym is short, and a run of capitals must not make the
#: search quadratic.
_QUOTED_ACRONYM = re.compile(r"(?<=\w )(?<!\bas )(?<!called )(?<!named )(?<!dubbed )(?<!termed )[`'\u2018\"\u201c]"
                             r"([A-Z](?=[A-Z0-9-]{0,12}[A-Z])[A-Z0-9-]{1,13}s?)['\u2019\"\u201d](?=[\s,.;:)])")

#: A LaTeX command that lost its backslash and braces glues onto its argument ("textitThought Propagation").
_LOST_BACKSLASH = re.compile(r"(?<![\w\\])(?:text(?:it|bf|tt|sc|rm|sf)|emph|math(?:rm|bf|it|cal|tt|sf))(?=[A-Z])")
_GLUED_SENTENCE_HINT = re.compile(r"[.!?][A-Z][a-z]")
_GLUED_SENTENCE = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")
_GLUED_WE_VERBS = ("propose", "introduce", "present", "develop", "design", "study", "show", "find", "demonstrate")
_GLUED_WE_HINTS = tuple("e" + verb for verb in _GLUED_WE_VERBS)
_GLUED_WE = re.compile(rf"\b([Ww]e)({'|'.join(_GLUED_WE_VERBS)})")
_GLUED_OBJECT_HINT = re.compile(r"[eds][A-Z]")  # every glued form ends in e, es or ed
_GLUED_OBJECT = re.compile(r"\b((?:propose|introduce|present|develop|design)[sd]?|called|dubbed|named|termed)([A-Z])")


def _unglue(t: str) -> str:
    """Split words that lost the space between them in PDF extraction ("wepropose", "proposeModernTCN")."""
    # Substring tests first: glued words are rare, and a full regex pass per abstract is not.
    if any(hint in t for hint in _GLUED_WE_HINTS):
        t = _GLUED_WE.sub(r"\1 \2", t)
    if _GLUED_OBJECT_HINT.search(t):
        t = _GLUED_OBJECT.sub(r"\1 \2", t)
    return t


def _plain_markup(t: str) -> str:
    """Return `t` without links, URLs, LaTeX commands and math delimiters."""
    t = _unlink(t)  # [text](url) -> text
    t = _sub_closed(_AUTOLINK, " ", t, ">")
    t = _sub_closed(_LATEX_LINK, lambda m: m.group(1) or " ", t, "}")
    t = re.sub(r"\bhttps?://\S+", " ", t)
    # Citations carry no meaning for a title; other \cmd{x} (\emph, \textsc, \algo...) keep x.
    t = _sub_closed(_CITATION, "", t, "}")
    t = re.sub(r"\\[a-zA-Z]+\*?\{([^{}]*)\}", r"\1", t)
    t = re.sub(r"\$\$(.+?)\$\$|\$(.+?)\$", lambda m: _plain_math(m.group(1) or m.group(2)), t)
    t = re.sub(r"\\([&%_#$])", r"\1", t)
    t = t.replace("\\`", "'")
    return re.sub(r"\\[a-zA-Z]+", " ", t)  # stray commands (\textbackslash, \newline...)


_AUTOLINK = re.compile(r"<(?:https?|ftp)://[^>]*>")
_LATEX_LINK = re.compile(r"\\(?:url|href)\{[^}]*\}(?:\{([^}]*)\})?")
_CITATION = re.compile(r"~?\\(?:cite[tp]?|citep|citet|ref|eqref|footnote|label)\*?\{[^}]*\}")
_MATH_COMMAND = re.compile(r"\\(?:mathcal|mathbf|mathrm|mathbb|text|operatorname|boldsymbol)\{([^}]*)\}")


def _sub_closed(pattern: re.Pattern[str], repl: str | Callable[[re.Match[str]], str], t: str, close: str) -> str:
    """Return `pattern.sub(repl, t)` for a pattern whose every match ends with `close`, in linear time."""
    # "[^}]*\}" read on to the end of the text from every opening with no closing after it ("\url{\url{…"
    # was quadratic); no match can end past the last `close`, so the text after it is never searched.
    end = t.rfind(close) + 1
    return pattern.sub(repl, t[:end]) + t[end:] if end else t


def _unlink(t: str) -> str:
    """Return `t` with each "[text](url)" as its text (the regex "\\[([^\\]]*)\\]\\([^)]*\\)"), in linear time."""
    # That regex re-reads the text to the next "]" from every "[" ("[[[[…" was quadratic); all the "[" before
    # one "]" succeed or fail together, so only the first is tried.
    out: list[str] = []
    pos = 0
    while (i := t.find("[", pos)) != -1 and (j := t.find("]", i)) != -1:
        k = t.find(")", j + 2) if t.startswith("(", j + 1) else -2
        if k == -1:
            break  # no ")" anywhere after: no later link either
        if k == -2:
            out.append(t[pos:j + 1])
            pos = j + 1
            continue
        out.append(t[pos:i])
        out.append(t[i + 1:j])
        pos = k + 1
    out.append(t[pos:])
    return "".join(out)


_GREEK = {name: chr(code) for name, code in (
    ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4), ("epsilon", 0x3B5), ("zeta", 0x3B6),
    ("eta", 0x3B7), ("theta", 0x3B8), ("kappa", 0x3BA), ("lambda", 0x3BB), ("mu", 0x3BC), ("nu", 0x3BD),
    ("xi", 0x3BE), ("pi", 0x3C0), ("rho", 0x3C1), ("sigma", 0x3C3), ("tau", 0x3C4), ("phi", 0x3C6),
    ("chi", 0x3C7), ("psi", 0x3C8), ("omega", 0x3C9), ("Gamma", 0x393), ("Delta", 0x394), ("Theta", 0x398),
    ("Lambda", 0x39B), ("Pi", 0x3A0), ("Sigma", 0x3A3), ("Phi", 0x3A6), ("Psi", 0x3A8), ("Omega", 0x3A9))}
_GREEK_RE = re.compile(r"\\(" + "|".join(_GREEK) + r")(?![a-zA-Z])")


def _plain_math(expr: str) -> str:
    """Return a readable plain-text form of inline math, e.g. `$k$` -> `k`, `$\\pi$` -> `π`."""
    e = expr.replace("\\times", "x").replace("\\cdot", "*")
    e = _GREEK_RE.sub(lambda m: _GREEK[m.group(1)], e)
    e = _sub_closed(_MATH_COMMAND, r"\1", e, "}")
    e = re.sub(r"\\(log|exp|sin|cos|max|min|sup|inf|lim)\b", r" \1 ", e)
    e = re.sub(r"\\[a-zA-Z]+", "", e)
    e = re.sub(r"[{}\\^]", "", e)
    return re.sub(r"\s+", " ", e).strip()


@lru_cache(maxsize=64)
def split_sentences(text: str) -> tuple[str, ...]:
    """Split plain text into sentences, not breaking at "e.g.", "et al." or decimals."""
    parts = re.split(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])", text)
    # Groups of parts, each with its last characters: testing and growing the whole joined sentence at every
    # part was quadratic on "A. A. A. …".
    groups: list[list[str]] = []
    tail = ""
    for part in parts:
        if groups and (tail.endswith(_ABBREVIATIONS) or _INITIAL_END.search(tail)):
            groups[-1].append(part)
            tail = (tail + " " + part)[-_TAIL:]
        else:
            groups.append([part])
            tail = part[-_TAIL:]
    out = (" ".join(group) for group in groups)
    return tuple(s.strip() for s in out if s.strip())


_INITIAL_END = re.compile(r"\b[A-Z]\.$")
# Enough of a sentence's end for _INITIAL_END and the longest abbreviation, with a character before either.
_TAIL = max(map(len, _ABBREVIATIONS)) + 3
