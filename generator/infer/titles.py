"""Infer a paper title and the name of the method an abstract introduces.

Input is the normalised Markdown abstract; output is plain text. Everything here is
regex rules about how abstracts announce their contribution ("we propose X, a ...",
"called X", "Long Form (ACRONYM)", bold-lettered acronyms, the project's code link), so it
is fast, deterministic and corpus-agnostic. An unnamed paper's title is its contribution
phrase plus the field its first sentence opens with ("... for graph neural networks"),
because real titles pair what was done with where.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import Callable, Iterator

MAX_TITLE = 100
#: Descriptions longer than this are cut at a phrase boundary; real titles are ~10 words.
SOFT_LIMIT = 85

# --------------------------------------------------------------------------- plain text

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
    if _GLUED_SENTENCE_HINT.search(t):  # the cheap test spares most abstracts the full substitution
        t = _GLUED_SENTENCE.sub(" ", t)  # "music.To address": lost line break
    t = _unglue(t)
    if "- " in t and _looks_hyphen_broken(t):
        t = re.sub(r"(\w)- (\w)", r"\1\2", t)
    # str.split() splits on exactly the characters `\s` matches, and is several times faster.
    return " ".join(t.split())


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
_ASIDE = re.compile(r"\s*\[[^\]]*\]")


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


def _looks_hyphen_broken(text: str) -> bool:
    """Return True when the text has PDF line-break hyphens ("at- tention") rather than real ones."""
    broken = re.findall(r"\b[a-z]+- [a-z]+\b", text)
    return len(broken) >= 2


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


# --------------------------------------------------------------------------- names

# Lower-case words a name may be preceded by inside an object phrase ("a robust HQGS");
# anything else (prepositions, verbs) means the capitalised token is not what is introduced.
_NP_FILLER = {"a", "an", "the", "our", "this", "its", "novel", "new", "simple", "robust", "general",
              "unified", "first", "efficient", "effective", "scalable", "principled", "and", "lightweight",
              "generic", "flexible", "powerful", "practical", "improved", "modular", "fast", "universal",
              "versatile", "large-scale", "comprehensive", "systematic", "open-source", "challenging",
              "holistic", "automatic", "automated", "training-free", "plug-and-play", "two-stage",
              "theoretical", "empirical", "yet", "simple,", "namely"}
_NP_ADJ_SUFFIX = ("al", "ive", "ic", "ous", "able", "ible", "ed", "less", "ful", "ary", "ent", "ant")
#: Head nouns of what papers introduce; they may stand between the article and the name.
_HEADS = ("method", "model", "framework", "approach", "algorithm", "system", "benchmark", "dataset",
          "architecture", "technique", "tool", "toolkit", "library", "suite", "network", "pipeline", "strategy",
          "paradigm", "loss", "objective", "metric", "agent", "variant", "estimator", "module", "mechanism",
          "scheme", "procedure", "language", "learning", "training", "generation", "family", "set",
          "collection", "corpus", "defense", "attack", "optimizer", "solver", "policy", "sampler", "layer",
          "transformer", "encoder", "decoder", "environment", "platform", "task", "protocol", "regularizer")
_INTRO_VERBS = (r"propose|introduce|present|develop|design|devise|build|create|release|construct|curate"
                r"|offer|formulate|describe|report|contribute|establish|unveil|launch|put forward|provide|pioneer")
_INTRO_GERUNDS = r"proposing|introducing|presenting|developing|designing|devising|building|creating|releasing"
_NAME_TRIGGERS = (r"called|dubbed|named|termed|coined|nicknamed|namely|tagged|(?:coin|coined)\s+as|refer\s+to\s+(?:it\s+)?as"
                  r"|(?:which|that|what)\s+we\s+(?:call|term|name|dub|coin)"
                  r"|name\s+of\s+(?:our|the|this)\s+(?:method|model|approach|framework|algorithm)\s*(?::|is)")
#: Capitalised words that are never a paper's own name even when they look like one.
_NOT_NAMES = {"We", "Our", "The", "This", "These", "Here", "However", "Moreover", "Furthermore", "In",
              "It", "Specifically", "Finally", "Additionally", "To", "A", "An", "Transformer",
              "Transformers", "LLM", "LLMs", "AI", "ML", "DL", "RL", "NLP", "CV", "GPU", "GPUs", "CNN",
              "CNNs", "RNN", "RNNs", "GNN", "GNNs", "MLP", "MLPs", "VLM", "VLMs", "MLLM", "MLLMs", "LM",
              "LMs", "SOTA", "API", "APIs", "PDE", "PDEs", "ODE", "ODEs", "SGD", "GD", "I", "II", "III",
              "OOD", "ID", "IID", "iid", "KL", "DNN", "DNNs", "ViT", "ViTs", "GPT", "BERT", "CLIP", "LoRA",
              "GPT-4", "GPT-3", "GPT-3.5", "ChatGPT", "ImageNet", "PyTorch", "GitHub", "HuggingFace"}
_NAME_TOKEN = r"[^\W_][\w.+\-]*[\w+]|[A-Z]"
_HEAD_RE = "|".join(_HEADS)


_NAME_AT = re.compile(rf"[\"'“]?({_NAME_TOKEN})[\"'”]?(?=\s*(?:[,:;().—–]|\s-\s|\s--|"
                      rf"\s(?:that|which|to|for|as|is|was|with|in|on)\b|\s(?:{_HEAD_RE})s?\b|$))(.*)")
#: A bracketed name may be two words when the second is an acronym ("Safe RLHF").
# "(NAS)-enabled": a bracket glued to the next word abbreviates a modifier, not what is introduced.
_BRACKET_NAME = re.compile(rf"\(\s*[\"'“]?((?:[A-Z][a-z]+\s(?=[A-Z]{{2}}))?(?:{_NAME_TOKEN}))[\"'”]?\s*\)(?![-\w])")
_HEAD_THEN_NAME = re.compile(rf"([^.;]{{0,140}}?\b(?:{_HEAD_RE})s?)\s*(?:[,:]|--|[–—])\s*")
_TRIGGER = re.compile(rf"\b(?:{_NAME_TRIGGERS})\s+(?:as\s+|it\s+)?(?:the\s+|a\s+|an\s+)?")
_SPELLED = re.compile(rf"((?:\S+\s+){{0,12}}?\S+)\s+\(\s*({_NAME_TOKEN})\s*\)")
_STOP = re.compile(r"[.;]")
_LEAD_START = re.compile(rf"(?:\b(?:{_INTRO_VERBS})(?:s|d|ed)?|\b[Oo]ur)\s+")
_NAME_HEAD = re.compile(rf"{_NAME_TOKEN}\s+(?:{_HEAD_RE})\b")
_NAME_SPACE = re.compile(rf"{_NAME_TOKEN}\s")
#: "NAME (aside), a/the first ... HEAD": _APPOSITION_AT, an optional bracket, then _APPOSITION_TAIL.
_APPOSITION_AT = re.compile(rf"(?:^|[.;:]\s)({_NAME_TOKEN})")
_APPOSITION_TAIL = re.compile(rf"\s*,\s+(?:an?|the first)\s+(?:[\w-]+\s){{0,4}}?(?:{_HEAD_RE})\b")
_APPOSITION_HINT = re.compile(r",\s+(?:an?|the first)\s")
_BRACKET_OPEN = re.compile(r"\s*\(")
_DEFINITION = re.compile(rf"(?<![\w-])({_NAME_TOKEN})\s+\(([A-Z][^()]+)\)")
_FAST_DEFINITION = re.compile(r"\S\s+\([A-Z]")


@dataclass(frozen=True)
class _Name:
    """A method name found in the abstract, with how it was introduced."""

    name: str
    sentence: int
    long_form: str = ""  # spelled-out acronym, e.g. "Mixture of Shards"
    after: str = ""  # text following the name in its sentence
    lead: str = ""  # the noun phrase the name is attached to ("an autoencoder (AE) framework")


def _looks_like_name(token: str, strict: bool = True) -> bool:
    """Return True if `token` is shaped like a coined name (CamelCase, ACRONYM, digits)."""
    if token in _NOT_NAMES or len(token) < 2 or not re.search(r"[A-Za-z]", token):
        return False
    if re.fullmatch(r"\d+[A-Za-z]?|[A-Z]\d*|\d+(?:\.\d+)?[kKmMbB%x]?", token):  # "3D", "2", "7B"
        return False
    upper = sum(c.isupper() for c in token)
    if upper >= 2 or (upper >= 1 and not token[0].isupper()):
        # "Semantic-Aware" is two capitalised words joined, not a coined name.
        return not re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)+", token)
    if upper == 1 and re.search(r"\d", token):
        return True
    if re.fullmatch(r"[^\W\d_]+\d+[^\W\d_]+", token):
        return True  # "node2vec", "π2vec"
    # A single capitalised word ("Llemma") is a name only where the context says so.
    return not strict and token[0].isupper() and token[1:].islower() and len(token) > 2


def _acronym_long_form(short: str, before: str) -> str:
    """Return the words just before `(short)` that it abbreviates (Schwartz & Hearst), or ""."""
    letters = re.sub(r"[^A-Za-z0-9]", "", short)
    if not (2 <= len(letters) <= 12) or not letters[0].isalpha():
        return ""
    words = before.split()
    capitals = _capital_long_form(letters, words)
    if capitals:
        return capitals
    window = words[-min(len(letters) + 5, len(letters) * 2):]
    cand = " ".join(window)
    s, l = len(letters) - 1, len(cand) - 1
    sl = letters.lower()
    low = cand.lower()
    while s >= 0:
        c = sl[s]
        # The first letter of the short form must start a word of the long form.
        while l >= 0 and (low[l] != c or (s == 0 and l > 0 and low[l - 1].isalnum())):
            l -= 1
        if l < 0:
            return ""
        l -= 1
        s -= 1
    start = cand.rfind(" ", 0, l + 1) + 1
    long_form = cand[start:].strip(" ,:;*\"'“”")
    if len(long_form) <= len(short):
        return ""
    return long_form


def _capital_long_form(letters: str, words: list[str]) -> str:
    """Return the shortest run of words ending `words` whose capitals spell `letters` ("Music undERstanding ... Training")."""
    want = letters.upper()
    if sum(c.isupper() for c in letters) < 2:
        return ""  # "DoLa", "fairret": the letters are not the capitals of the long form
    caps = ""
    for i in range(len(words) - 1, max(-1, len(words) - 3 * len(letters) - 1), -1):
        caps = "".join(c for c in words[i] if c.isupper() or c.isdigit()) + caps
        if caps == want:
            long_form = " ".join(words[i:]).strip(" ,:;*\"'“”")
            return long_form if words[i][:1].isupper() and len(words) - i >= 2 else ""
        if not want.endswith(caps):
            return ""
    return ""


def _name_at(text: str, strict: bool) -> tuple[str, str] | None:
    """Return (name, rest) when `text` starts with a name-like token ending its noun phrase."""
    m = _NAME_AT.match(text)
    if m and _looks_like_name(m.group(1), strict):
        return m.group(1), m.group(2)
    # Where the context says a name follows, "Tree-Planner," is one even though it reads as two words.
    if m and not strict and re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)+", m.group(1)) and re.match(r"\s*[,(:;.]", m.group(2)):
        return m.group(1), m.group(2)
    return None


def _parenthesised_acronym(obj: str, max_words: int) -> tuple[str, str, str, int] | None:
    """Find `Long Form (NAME)` early in `obj`: (name, long form, rest, words before the long form)."""
    if "(" not in obj:
        return None
    # Only a bracket within `max_words` words can hold the acronym: searching on to the end of the sentence
    # for one was quadratic on "called X (called X (…".
    after_words = next(islice(_WORD.finditer(obj), max_words, None), None)
    limit = after_words.start() if after_words else len(obj)
    for m in _brackets(obj, limit):
        before = obj[:m.start()]
        name = m.group(1)
        if not _looks_like_name(name):
            continue
        long_form = _acronym_long_form(name, before)
        if long_form:
            lead = before[:len(before.rstrip()) - len(long_form)].split()
            # A Title Case long form is a proper name; take its whole capitalised run ("Model Merging with ...").
            while lead and long_form[0].isupper() and lead[-1][0].isupper() and not lead[-1].endswith(","):
                long_form = lead.pop() + " " + long_form
            # A lower-case one is a description; keep its adjectives ("a non-parametric hierarchical ... model").
            while (lead and long_form[0].islower() and lead[-1].islower() and _is_filler(lead[-1])
                   and lead[-1] not in {"a", "an", "the", "our", "and", "novel", "new"}):
                long_form = lead.pop() + " " + long_form
            return name, long_form, obj[m.end():], len(lead)
    return None


_WORD = re.compile(r"\S+")


def _brackets(obj: str, limit: int) -> Iterator[re.Match[str]]:
    """Yield the _BRACKET_NAME matches in `obj` that start at or before `limit`, as finditer would."""
    i = obj.find("(", 0, limit + 1)
    while i != -1:
        m = _BRACKET_NAME.match(obj, i)
        if m:
            yield m
        # No match holds a "(" after its first character, so the next candidate is the next "(".
        i = obj.find("(", max(i + 1, m.end() if m else 0), limit + 1)


def _is_filler(word: str) -> bool:
    """Return True for words that can precede the head of an object noun phrase."""
    w = word.strip("*\"'“”")
    if w[:1].isupper():
        return False  # a capitalised word is part of a name, not a modifier before one
    if re.fullmatch(r"\d+[A-Za-z]{1,2}", w):
        return True  # "a 3D neural additive model (NAISR)"
    w = w.lower()
    if w.endswith((",", ":")) or w in {"--", "-", "–", "—"}:
        return True  # "a novel and low-compute algorithm, Model Merging ..."
    w = w.strip(",:;")
    return w in _NP_FILLER or w.endswith(_NP_ADJ_SUFFIX) or "-" in w or w.rstrip("s") in _HEADS


def _is_filler_run(words: list[str]) -> bool:
    """Return True if every word of `words` may precede the introduced name."""
    return all(_is_filler(w) for w in words)


def _object_name(obj: str, idx: int, strict_first: bool = False) -> _Name | None:
    """Return the name that heads the noun phrase `obj` ("a novel and low-compute algorithm, NAME (...)")."""
    # Ten words and the rest as one: splitting the whole rest of the sentence at every "we propose" was
    # quadratic, and a sentence is single-spaced (plain_text), so joining the pieces gives the same text.
    words = obj.split(maxsplit=10)
    for i in range(min(len(words), 10)):
        if i and not _is_filler(words[i - 1]):
            break
        after_head = i > 0 and words[i - 1].strip(",:").rstrip("s").lower() in _HEADS
        hit = _name_at(" ".join(words[i:]), strict=strict_first or (i > 0 and not after_head))
        if hit:
            if i == 0 and not _looks_like_name(hit[0]):
                # "One for All (OFA)": a plain capitalised word opening a spelled-out acronym is not the name.
                acr = _parenthesised_acronym(obj, 16)
                if acr and acr[3] == 0 and len(acr[1].split()) >= 2 and acr[1].split()[0] == hit[0]:
                    return _Name(acr[0], idx, acr[1], acr[2])
            return _Name(hit[0], idx, after=hit[1], lead=" ".join(words[:i]))
    # "we pioneer Semantic Flow, a neural representation of ...": a Title Case phrase set off by its apposition.
    m = _TITLE_NAME_APPOSITION.match(obj)
    if m and not any(w in _NOT_NAMES for w in m.group(1).split()):
        return _Name(m.group(1), idx, after=obj[m.end(1):])
    acr = _parenthesised_acronym(obj, 16)
    if acr and _is_filler_run(lead := obj.split(maxsplit=acr[3])[:acr[3]]):
        return _Name(acr[0], idx, acr[1], acr[2], lead=" ".join(lead))
    # "a new self-explainable Graph Neural Network (GNN) model: GraphChef".
    m = _HEAD_THEN_NAME.match(obj)
    if m:
        rest = obj[m.end():]
        hit = _name_at(rest, strict=False)
        if hit:
            return _Name(hit[0], idx, after=hit[1], lead=m.group(1))
        acr = _parenthesised_acronym(rest, 12)
        if acr and acr[3] == 0 and acr[1][:1].isupper():
            return _Name(acr[0], idx, acr[1], acr[2], lead=m.group(1))
    return None


_TITLE_NAME_APPOSITION = re.compile(r"([A-Z][\w'-]*(?:\s+(?:(?:of|for|and|by|in|on|to|the|&)\s+)?[A-Z][\w'-]*){1,3}),"
                                    r"\s+(?:an?|the first)\s")
_INTRO_OBJECT = (rf"\b(?:(?:we|We|paper|work|study|article)\s+(?:have\s+|has\s+)?(?:[a-z]+ly\s+|also\s+|then\s+|further\s+|"
                 rf"hence\s+|thus\s+|therefore\s+|here\s+|first\s+)?(?:{_INTRO_VERBS})(?:s|d|ed)?|(?:by|[Bb]y)\s+(?:{_INTRO_GERUNDS}))"
                 rf",?\s+(?:here\s+)?")
_INTRO_OBJECT_RE = re.compile(_INTRO_OBJECT)
# "We bridge this gap and present Eureka, ...": in a "we" sentence the subject is shared.
_INTRO_OBJECT_AND_RE = re.compile(_INTRO_OBJECT.replace(r"(?:we|We|paper", r"(?:we|We|and|paper", 1))
_WE = re.compile(r"\b[Ww]e\b")


def _intro_object_names(sent: str, idx: int) -> list[_Name]:
    """Return names a "we propose/introduce ..." sentence introduces as its object."""
    found: list[_Name] = []
    pattern = _INTRO_OBJECT_AND_RE if _WE.search(sent) else _INTRO_OBJECT_RE
    for m in pattern.finditer(sent):
        hit = _object_name(sent[m.end():], idx)
        if hit:
            found.append(hit)
    return found


def _trigger_names(sent: str, idx: int) -> list[_Name]:
    """Return names introduced by "called X", "dubbed X", "termed X (ACR)" in one sentence."""
    found: list[_Name] = []
    lead_before: Callable[[int], str] | None = None  # made at the first trigger: most sentences have none
    for m in _TRIGGER.finditer(sent):
        rest = sent[m.end():]
        lead_before = lead_before or _leads(sent)
        lead = lead_before(m.start())
        acr = _parenthesised_acronym(rest, 14)
        if acr and acr[3] == 0:
            found.append(_Name(acr[0], idx, acr[1], acr[2], lead=lead))
            continue
        # "called theoREm-from-prooF extrACTOR (REFACTOR)": the bracketed token is the name.
        spelled = _SPELLED.match(rest)
        if spelled and _looks_like_name(spelled.group(2)) and re.search(r"[A-Z]", spelled.group(1)) \
                and not re.search(r"[,;.]", spelled.group(1)):
            found.append(_Name(spelled.group(2), idx, spelled.group(1), rest[spelled.end():], lead=lead))
            continue
        hit = _name_at(rest, strict=False)
        if hit:
            found.append(_Name(hit[0], idx, after=hit[1], lead=lead))
    if "e " in sent:  # every _NAMING_OBJECT match has "we " in it
        for m in _NAMING_OBJECT.finditer(sent):
            if _looks_like_name(m.group(2), strict=False):
                found.append(_Name(m.group(2), idx, after=sent[m.end(2):], lead=m.group(1)))
    return found


#: "We dubbed our generative AI detection method Raidar.": the name closes the clause that names the object.
_NAMING_OBJECT = re.compile(rf"\b[Ww]e\s+(?:call|dub|dubbed|name|named|term|termed|coin|coined)\s+(?:our|the|this)"
                            rf"\s+([^.;:,()]{{3,80}}?)\s+({_NAME_TOKEN})(?=\s*(?:[.;,]\s|[.;]?$))")


def _leads(sent: str) -> Callable[[int], str]:
    """Return a function giving the noun phrase before a naming trigger at `end` ("an autoencoder (AE) framework,")."""
    # The phrase is the words after the first intro verb or "our" since the last "." or ";" (the regex
    # "(?:verb|our)\s+([^.;]*?)$" on sent[:end]). Searching every trigger's whole prefix with it was quadratic
    # on "called called …", so the verbs and stops are found once and looked up by bisection.
    stops = [m.start() for m in _STOP.finditer(sent)]
    starts = [(m.start(), m.end()) for m in _LEAD_START.finditer(sent)]
    firsts = [start for start, _ in starts]

    def lead_before(end: int) -> str:
        """Return the noun phrase `sent[:end]` ends with, or ""."""
        k = bisect_right(stops, end - 1)
        j = bisect_right(firsts, stops[k - 1] if k else -1)
        if j == len(starts) or starts[j][1] > end:
            return ""
        return sent[starts[j][1]:end].strip(" ,")

    return lead_before


_OUR = re.compile(r"\b(?:[Oo]ur|[Tt]he proposed)\s+")
_PROPOSED = re.compile(r"(?:proposed|new|novel)\b")


def _our_names(sent: str, idx: int) -> list[_Name]:
    """Return names in "our (proposed) method, X", "our approach (X)" and "X, a novel method" constructions."""
    found: list[_Name] = []
    for m in _OUR.finditer(sent):
        # The name sits within a few words; 60 words of context are plenty for its description.
        words = sent[m.end():].split(maxsplit=70)[:70]
        for i in range(min(len(words), 8)):
            prev = words[i - 1] if i else ""
            if i and not (prev[:1].islower() or prev in {"--", "-", "–", "—"}):
                break
            rest = " ".join(words[i:])
            lead = " ".join(words[:i])
            separated = prev[-1:] in {",", ":", "(", "–", "—", "-"} or prev in {"namely", "called"}
            # The name must be set off from the head noun ("our defense, PubDef"), or be what is proposed.
            proposed = bool(_PROPOSED.match(lead))
            bracket = _BRACKET_NAME.match(rest)
            if i and bracket and _looks_like_name(bracket.group(1)) and lead.split()[-1].rstrip("s") in _HEADS:
                found.append(_Name(bracket.group(1), idx, after=rest[bracket.end():], lead=lead))
                break
            if i == 0 and _NAME_HEAD.match(rest):
                hit = _name_at(rest, strict=True)  # "our RAPTOR model"
                if hit:
                    found.append(_Name(hit[0], idx, after=hit[1], lead=lead))
                    break
            if i and (separated or proposed):
                hit = _name_at(rest, strict=not proposed)
                if proposed and not hit and _NAME_SPACE.match(rest) and _looks_like_name(rest.split()[0]):
                    hit = rest.split()[0], rest[len(rest.split()[0]):]  # "Our proposed MindSimulator leverages ..."
                if hit:
                    found.append(_Name(hit[0], idx, after=hit[1], lead=lead))
                    break
            # A bracket more than ten words on cannot hold the acronym; most sentences have none that close.
            if not any("(" in w for w in words[i:i + 11]):
                continue
            if not (i == 0 or separated or proposed or lead.split()[-1].rstrip("s") in _HEADS):
                continue
            acr = _parenthesised_acronym(rest, 10)
            if acr and acr[3] == 0:
                found.append(_Name(acr[0], idx, acr[1], acr[2], lead=lead))
                break
    for name, end in _appositions(sent):
        if _looks_like_name(name):
            found.append(_Name(name, idx, after=sent[end:]))
    return found


def _appositions(sent: str) -> Iterator[tuple[str, int]]:
    """Yield (name, end of name) for each "NAME (aside), a ... HEAD" in `sent`, as one regex's finditer would.

    The regex "(NAME)(\\s*\\([^)]*\\))?\\s*,..." read on to the next ")" from every "NAME (", to the end of the
    sentence when there is none ("; X (; X (…" was quadratic); here the next ")" is found once per stretch.
    """
    if not _APPOSITION_HINT.search(sent):
        return  # the cheap test spares most sentences the loop: every match has this in it
    pos = 0
    looked, close = len(sent) + 1, -1  # `close` is the first ")" at or after `looked` (-1: none)
    while m := _APPOSITION_AT.search(sent, pos):
        end = m.end()
        tail = None
        bracket = _BRACKET_OPEN.match(sent, end)
        if bracket:
            start = bracket.end()
            if not (looked <= start and (close == -1 or start <= close)):
                looked, close = start, sent.find(")", start)
            if close != -1:
                tail = _APPOSITION_TAIL.match(sent, close + 1)
        tail = tail or _APPOSITION_TAIL.match(sent, end)  # the bracket is optional
        if tail:
            yield m.group(1), end
            pos = tail.end()
        else:
            pos = m.start() + 1


def _defined_names(sent: str, idx: int) -> list[_Name]:
    """Return `NAME (Spelled Out Name)` definitions ("CoLiDE (Concomitant Linear DAG Estimation)")."""
    found: list[_Name] = []
    if not _FAST_DEFINITION.search(sent):
        return found
    for m in _DEFINITION.finditer(sent):
        name, inner = m.group(1), m.group(2).strip()
        if not _looks_like_name(name) or len(inner.split()) < 2:
            continue
        long_form = _acronym_long_form(name, inner)
        if long_form and long_form == inner:
            found.append(_Name(name, idx, inner, sent[m.end():]))
    return found


# Cached: every candidate asks about its name, and "our method (AB) …" repeats one name thousands of times.
@lru_cache(maxsize=4096)
def _is_term_abbreviation(name: str, text: str) -> bool:
    """Return True if the abstract defines `name` as short for a lower-case term ("sequential Monte Carlo (SMC)")."""
    if f"({name}" not in text and f"( {name}" not in text:
        return False
    for m in re.finditer(rf"\(\s*{re.escape(name)}\s*\)", text):
        long_form = _acronym_long_form(name, text[max(0, m.start() - 200):m.start()])
        if long_form and long_form[:1].islower() and _initials_cover(name, long_form):
            return True
    return False


@lru_cache(maxsize=4096)  # as _is_term_abbreviation: a name's count is asked once per candidate
def _count_word(word: str, text: str) -> int:
    """Return how often `word` occurs in `text` as a whole token (a string scan: names vary, regexes would recompile)."""
    count, start = 0, text.find(word)
    while start >= 0:
        end = start + len(word)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_-"):
            count += 1
        start = text.find(word, end)
    return count


def _initials_cover(name: str, long_form: str) -> bool:
    """Return True if the long form's word initials spell at least half of the acronym's letters."""
    initials = "".join(w[0] for w in re.split(r"[\s-]+", long_form.lower()) if w)
    letters = re.sub(r"[^a-z0-9]", "", name.lower())
    return sum(1 for c in letters if c in initials) * 2 >= len(letters)


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
        if _looks_like_name(name) and not re.search(r"[_.]", name):
            return name
    return ""


def _find_name(text: str, md: str = "") -> _Name | None:
    """Return the method name the abstract introduces, or None; `md` is the Markdown the text came from."""
    sents = split_sentences(text)
    # (rank, sentence, tier, -mentions, name): within a sentence an explicit naming (tier 0) beats the object
    # of "we propose" (tier 1), which may be a modifier of what is named ("a novel PET framework called BarLeRIa").
    cands: list[tuple[int, int, int, int, _Name]] = []
    for name in _bold_acronyms(md):
        for i, s in enumerate(sents):
            m = re.search(rf"\(\s*{re.escape(name)}\s*\)", s)
            if m:
                long_form = _acronym_long_form(name, s[:m.start()])
                cands.append((0, i, 0, 0, _Name(name, i, long_form, s[m.end():])))
                break
    emphasised = _emphasised_phrases(md)
    for i, s in enumerate(sents):
        if emphasised:
            cands.extend((0, i, 0, -_count_word(n.name, text), n) for n in _emphasised_object_names(s, i, emphasised))
        # An explicit "called X" beats the acronym of the object it names ("an autoencoder (AE) ... called Shared-AE").
        for rank, tier, finder in ((0, 0, _trigger_names), (0, 1, _intro_object_names), (1, 1, _our_names),
                                   (2, 1, _defined_names)):
            for n in finder(s, i):
                count = _count_word(n.name, text)
                # A spelled-out definition elsewhere is only the paper's own if the name is used again.
                if rank == 2 and count < (2 if re.search(r"[a-z][A-Z]", n.name) else 3):
                    continue
                if rank > 0 and _is_term_abbreviation(n.name, text):
                    continue  # "our SMC framework" after "sequential Monte Carlo (SMC)"
                cands.append((rank, i, tier, -count, n))
    if not cands and "/" in md:
        # Last resort: a project named only in its code link ("https://scalecrafter.github.io/ScaleCrafter/").
        name = _repo_name(md)
        if name:
            return _Name(name, len(sents))
    if not cands:
        return None
    cands.sort(key=lambda c: c[:4])
    return cands[0][4]


#: A token with a capital after its first letter or a digit: only those can look like a coined name.
_CANDIDATE_TOKEN = re.compile(r"(?<![\w.+-])[^\W_](?=[\w.+\-]*?[A-Z\d])[\w.+\-]*[\w+]")
#: After a name: an optional aside ("MT-Ranker, trained without labels, achieves"), adverbs, then a verb.
_VERB_AFTER = (r"(?:\s*\([^()]{0,40}\))?(?:,[^,.;]{1,80},)?\s+(?:(?:[a-z]+ly|also|first|then|further|even|still|"
               r"not only)\s+)*(?:can|could|will|may|is|was|[a-z]{2,}[^\Ws]s\b"
               # A plural noun ("DLTR methods are", "STEM subjects.") is followed by a verb, a preposition or a stop.
               r"(?!\s*[,.;:)]|\s+(?:are|were|have|had|do|can|could|will|would|should|may|might|must|to|in|of|for|with|on"
               r"|from|by|as|at|and|or|that|which|is|was)\b))\b")


def _subject_name(text: str) -> _Name | None:
    """Return a coined name the abstract never formally introduces but keeps using as a subject, or None.

    "... we design a framework ... (SuRe). SuRe helps LLMs ... SuRe first constructs ...": a name first
    seen where the paper states its contribution, then the subject of two or more sentences, is the paper's.
    """
    sents = split_sentences(text)
    start = next((i for i, s in enumerate(sents) if _OWN_FRAMING.search(s) or _INTRO_OBJECT_RE.search(s)
                  or _CONTRIB_RE[0][0].search(s)), None)
    if start is None:
        return None
    seen: set[str] = set()
    best: tuple[int, int, _Name] | None = None
    for i, sent in enumerate(sents):
        for m in _CANDIDATE_TOKEN.finditer(sent):
            token = m.group(0)
            if token in seen:
                continue
            seen.add(token)
            # A name the abstract uses before its contribution sentence is someone else's.
            if i < start or not _looks_like_name(token) or _count_word(token, text) < 2:
                continue
            if not re.search(r"[a-z]", token) and _is_term_abbreviation(token, text):
                continue  # "deep long-tailed recognition (DLTR)": an abbreviated field, not a coined name
            verb = re.compile(rf"(?<![\w-]){re.escape(token)}(?![\w-]){_VERB_AFTER}")
            subjects = sum(bool(verb.search(s)) for s in sents[i:])
            if subjects < 2:
                continue
            long_form = ""
            if sent[m.start() - 1:m.start()] == "(" and sent[m.end():m.end() + 1] == ")":
                long_form = _acronym_long_form(token, sent[:m.start() - 1])
            key = (-subjects, i, _Name(token, i, long_form, sent[m.end():].lstrip(")")))
            if best is None or key[:2] < best[:2]:
                best = key
    return best[2] if best else None


@lru_cache(maxsize=16384)
def _name_of(abstract_md: str) -> _Name | None:
    """Return the name the abstract introduces, or None (cached per abstract)."""
    # infer_title and method_name both ask, and the pipeline asks for all titles before any
    # method name, so the cache holds a whole corpus; an entry is a few short strings.
    return _find_name(plain_text(abstract_md), abstract_md)


def method_name(abstract_md: str) -> str | None:
    """Return the name of the method/model/dataset the abstract introduces, or None."""
    found = _name_of(abstract_md)
    return found.name if found else None


# --------------------------------------------------------------------------- phrases

#: Verbs whose object is a by-product ("we provide experiments", "we report results"), not the contribution.
_WEAK_VERBS = r"provide|offer|describe|contribute|establish|evaluate|uncover|release"
_STRONG_INTRO = "|".join(v for v in _INTRO_VERBS.split("|") if v not in _WEAK_VERBS.split("|"))
_CONTRIB = [  # (pattern, priority) — lower priority is better
    (rf"\b(?:we|We)\s+(?:\w+ly\s+|also\s+|first\s+|here\s+)?(?:{_STRONG_INTRO})(?:s|d|ed)?\s+(?:here\s+)?", 0),
    (r"\b(?:[Tt]his|[Oo]ur)\s+(?:paper|work|study|article|submission)\s+(?:\w+ly\s+)?"
     r"(?:proposes|introduces|presents|develops|studies|investigates|explores|examines|analyzes|analyses"
     r"|addresses|tackles|revisits|considers|focuses on|aims to|extends)\s+", 1),
    (r"\b(?:we|We)\s+(?:\w+ly\s+|also\s+|first\s+|here\s+)?(?:study|investigate|explore|examine|analy[sz]e"
     r"|revisit|consider|address|tackle|focus on|characterize|characterise|formalize|identify"
     r"|derive|prove|extend|benchmark|quantify|demonstrate that|show that"
     r"|find that|argue that)\s+", 2),
    (rf"\b(?:we|We)\s+(?:\w+ly\s+|also\s+|first\s+|here\s+)?(?:{_WEAK_VERBS})(?:s|d|ed)?\s+", 3),
]
_LEAD_DROP = re.compile(
    r"^(?:(?:a|an|the|our|some|this|novel|new|simple|yet|first|generic|general|and|or)\b[\s,]*)+", re.I)
#: "we propose to learn X": a purpose clause, which titles write as a gerund ("Learning X").
_TO_VERB = re.compile(r"^(?:to|[Tt]o)\s+(?:\w+ly\s+)?([a-z]{3,})\b(?=\s)")
#: Objects that only point back at earlier sentences ("this problem", "these limitations") name nothing.
_ANAPHORIC = re.compile(
    r"^(?:[\w-]+\s+){0,1}?(?:this|these|those|such|above|aforementioned)\b"
    r"|^(?:[\w-]+\s+){0,2}?(?:problem|goal|question|gap|limitations?|issues?|challenges?|shortcomings?|aspects?"
    r"|direction|idea|insights?|attempt|step)\b(?:\s+of\s+(?:this|these|the\s+\w+)\b|\W*$)", re.I)
_STOP_TAIL = {"a", "an", "the", "of", "and", "or", "to", "for", "in", "on", "with", "by", "from", "via",
              "that", "which", "as", "at", "into", "its", "their", "our", "is", "are", "be", "this",
              "these", "such", "both", "between", "under", "over", "using", "based", "than", "while",
              "where", "when", "whose", "we", "it", "not", "can", "also", "more", "most", "very"}
_STRONG_CUT = re.compile(
    r"\s*(?:[;:]|\s[–—]\s|\s-\s|,\s*(?:i\.e\.|e\.g\.)|,?\s(?:in terms of|such as|as well as|so that|in order to)\b"
    r"|,\s*(?:which|while|where|whereas|and|but|thus|thereby|so|as|namely|such|called|termed|dubbed|named|"
    r"coined|inspired|[a-z]+ing|[a-z]+ed)\b|\s(?:which|whereby)\b"
    r"|\s(?:that|and)\s(?:can|could|is|are|was|were|does|do|has|have|achieves?|outperforms?|"
    r"significantly|effectively|efficiently|enables?|allows?|yields?|shows?|demonstrates?|"
    r"improves?|reduces?|leads?|provides?|we|it|they)\b)")
#: Phrase boundaries to cut a long phrase at, best first: prepositions, then commas, then "and".
_WEAK_CUTS = (
    re.compile(r"\s(?=(?:by|using|via|through|based|with|without|under|from|in|on|for|across|to|that|of|"
               r"leveraging|including|where|when|while|as|at|into|over|towards?|beyond|between|within)\b)"),
    re.compile(r","),
    re.compile(r"\s(?=and\b)"),
)


def _clean_phrase(phrase: str, limit: int, generic_head: bool = False) -> str:
    """Return `phrase` trimmed to a title-like noun phrase of at most `limit` characters."""
    p = re.sub(r"\s+\([^()]*\)", "", phrase)  # asides, citations and acronyms are noise in a title
    p = _sub_closed(_ASIDE, "", p, "]")
    p = re.split(r"(?<=[a-z0-9)])[.!?]\s+(?=[A-Z])", p, maxsplit=1)[0]  # a missed sentence end
    p = p.strip(" .,;:!?-–—\"'“”")
    p = _LEAD_DROP.sub("", p)
    to_verb = _TO_VERB.match(p)
    if to_verb and to_verb.group(1) not in _STOP_TAIL:
        p = _gerund(to_verb.group(1), base=True) + p[to_verb.end(1):]
    if generic_head:
        p = _drop_generic_head(p)
    m = _STRONG_CUT.search(p)
    if m and m.start() >= 12:
        p = p[:m.start()]
    if len(p) > limit:
        for cuts in _WEAK_CUTS:
            ends = [m.start() for m in cuts.finditer(p) if 15 <= m.start() <= limit]
            if ends:
                p = p[:ends[-1]]
                break
        else:
            p = _cut_words(p, limit)
    return _tidy_end(p)


_GENERIC_HEAD = re.compile(
    r"^(?:[\w-]+(?:,?\s+(?:and|yet|but)\s+|\s+)){0,3}?(?:method|framework|approach|technique|algorithm|strategy"
    r"|procedure|scheme|way|pipeline|paradigm|solution)s?\s+(?:that\s+(?:can\s+)?|which\s+|to\s+|for\s+|of\s+)"
    r"(?:\w+ly\s+)?(\w+)\b")


def _drop_generic_head(phrase: str) -> str:
    """Turn "a simple method to detect X" / "framework that detects X" into "Detecting X", as titles say it."""
    m = _GENERIC_HEAD.match(phrase)
    if not m:
        return phrase
    word = m.group(1)
    if word.lower() in _STOP_TAIL or word.lower() in {"all", "any", "each", "every", "some", "one", "two"}:
        return phrase  # "a solution to the expected optimum": "to" starts a noun phrase, not a purpose
    joint = m.group(0)[:m.start(1)].split()
    if joint[-1] in {"for", "of"} and not word.endswith("ing"):
        return phrase  # "framework for graph learning" keeps its head: the object is a noun
    if joint[-1] not in {"for", "of"}:
        word = _gerund(word)
    rest = phrase[m.end():]
    return word + rest if len(rest.split()) >= 2 else phrase


def _cut_words(text: str, limit: int) -> str:
    """Return the longest whole-word prefix of `text` within `limit` characters."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit + 1)
    return text[:cut] if cut > 0 else text[:limit]


def _tidy_end(text: str) -> str:
    """Strip dangling words, punctuation and unbalanced brackets or quotes from the end."""
    words = text.split()
    while words:
        last = words[-1].strip(",;:.-–—")
        if last.lower() in _STOP_TAIL or not last:
            words.pop()
            continue
        words[-1] = last
        break
    t = " ".join(words)
    # Drop an unclosed bracket and whatever follows it; drop unbalanced straight quotes.
    for o, c in (("(", ")"), ("[", "]"), ("{", "}")):
        t = _balance(t, o, c)
    if t.count('"') % 2:
        t = t.replace('"', "")
    if t.count("“") != t.count("”"):
        t = t.replace("“", "").replace("”", "")
    t = t.strip(" ,;:.-–—")
    return _tidy_end(t) if t and t.split()[-1].lower() in _STOP_TAIL else t


def _balance(t: str, o: str, c: str) -> str:
    """Return `t` cut before each unclosed `o` from the end, then without its first unmatched `c`s."""
    n_open, n_close = t.count(o), t.count(c)
    if n_open > n_close:
        # One pass: cutting at the last `o` and recounting both brackets each time was quadratic on "[[[[…".
        opens = [m.start() for m in re.finditer(re.escape(o), t)]
        closes_before = [t.count(c, 0, opens[0])]  # how many `c` come before each `o`
        for prev, i in zip(opens, opens[1:]):
            closes_before.append(closes_before[-1] + t.count(c, prev, i))
        while n_open > n_close:
            end = opens[n_open - 1]
            n_open, n_close = n_open - 1, closes_before[n_open - 1]
        t = t[:end].rstrip()
    if n_close > n_open:
        t = t.replace(c, "", n_close - n_open)  # replace() removes the first occurrences, as the loop did
    return t


_VERB_START = re.compile(r"(?:will|would|can|could|may|might|should|must|is|are|was|were|has|have|had|be|been"
                         r"|do|does|did|not)\b")
_OWN_FRAMING = re.compile(r"\b(?:[Ii]n this|[Hh]ere|[Tt]his (?:paper|work))\b")
_CONTRIB_RE = [(re.compile(p), prio) for p, prio in _CONTRIB]


def _contribution(text: str, name: str = "", limit: int = SOFT_LIMIT, min_words: int = 3) -> str:
    """Return a noun phrase naming the main contribution, or "" when no sentence announces one."""
    best: tuple[int, int, str] | None = None
    for i, s in enumerate(split_sentences(text)):
        # Sentences framed as the paper's own contribution come first.
        bonus = 0 if _OWN_FRAMING.search(s) else 1
        for pattern, prio in _CONTRIB_RE:
            for m in pattern.finditer(s):
                obj = s[m.end():]
                # A claim ("we show that X", "we establish that X") is a weaker title than an object.
                rank = 3 if obj.startswith("that ") or m.group(0).rstrip().endswith("that") else prio
                if best is not None and rank * 2 + bonus >= best[0]:
                    continue  # cannot beat an earlier sentence's phrase: skip the costly clean-up
                obj = obj[5:] if obj.startswith("that ") else obj
                if _VERB_START.match(obj):
                    continue  # "the tools we developed will be used ...": the verb's object came before it
                if name and name in obj:
                    obj = re.sub(rf",?\s*(?:called|termed|dubbed|named|coined)\s+(?:the\s+)?{re.escape(name)}\b", "", obj)
                phrase = _clean_phrase(obj, limit, generic_head=not name)
                if len(phrase.split()) < min_words:
                    continue
                if _ANAPHORIC.search(phrase):
                    rank += 3
                key = (rank * 2 + bonus, i, phrase)
                if best is None or key[:2] < best[:2]:
                    best = key
    return best[2] if best else ""


def _first_sentence_phrase(text: str) -> str:
    """Return a clean phrase from the first sentence, the fallback title."""
    sents = split_sentences(text) or [text]
    for s in sents:
        p = _clean_phrase(s.rstrip("?"), SOFT_LIMIT)
        if len(p.split()) >= 3:
            return p
    return _clean_phrase(sents[0], SOFT_LIMIT) or "Untitled abstract"


def _gerund(verb: str, base: bool = False) -> str:
    """Return the -ing form of a verb ("enhances" -> "enhancing", "maps" -> "mapping", "learn" -> "learning").

    `base` says the verb is already in its base form ("bias", not "biases"), so no -s is removed.
    """
    v = verb.lower()
    if v.endswith("ing") and len(v) > 5:
        return v  # already a gerund ("debiasing")
    if base:
        stem = v
    elif re.search(r"(?:ss|sh|ch|x|z)es$", v):
        stem = v[:-2]
    elif v.endswith("ies"):
        stem = v[:-3] + "y"
    elif v.endswith("s") and not v.endswith("ss"):
        stem = v[:-1]
    else:
        stem = v
    if stem.endswith("e") and not stem.endswith(("ee", "ye", "oe")):
        stem = stem[:-1]
    elif re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", stem):  # one-syllable CVC: map -> mapping
        stem += stem[-1]
    return stem + "ing"


_GENERIC = set(_HEADS) | _NP_FILLER | {"novel", "new", "simple", "effective", "efficient"}


def _description(found: _Name, text: str) -> str:
    """Return what the named method is, from the words around its introduction, or ""."""
    limit = MAX_TITLE - len(found.name) - 2
    after = re.sub(r"^\s*\([^()]*\)", "", found.after).strip()
    # 1. Apposition: "NAME, a method for linking ..." / "NAME – a generative framework ...".
    m = re.match(r"^(?:[,:–—-]|\s)*(?:which is\s+|is\s+)?((?:an?|the)\s.+)", after)
    if m:
        phrase = _clean_phrase(m.group(1), limit, generic_head=True)
        if len(phrase.split()) >= 2:
            return phrase
    # 2. The noun phrase it names, unless that is only "a novel method".
    lead = re.sub(r"\s*\([^()]*\)", "", found.lead)
    lead_words = [w.strip(",:;-–—\"'“”").lower() for w in lead.split()]
    if len([w for w in lead_words if w and w not in _GENERIC]) >= 1 and len(lead_words) >= 2:
        phrase = _clean_phrase(lead, limit)
        if len(phrase.split()) >= 2:
            return phrase
    # 3. A relative clause: "HQGS that significantly enhances 3DGS" -> "Enhancing 3DGS".
    m = re.match(r"^,?\s*(?:that|which)\s+(?:can\s+|could\s+|will\s+)?(?:[a-z]+ly\s+)?([a-z]+)\b(.+)", after)
    if m and m.group(1) not in {"is", "are", "was", "were", "has", "have", "does", "do", "not", "first", "then", "also",
                                "further", "only", "both", "in", "on", "to", "we", "our"}:
        phrase = _clean_phrase(_gerund(m.group(1)) + m.group(2), limit)
        if len(phrase.split()) >= 3:
            return phrase
    # 4. The paper's contribution phrase, wherever it is.
    phrase = _contribution(text, found.name, limit, min_words=2)
    if phrase and found.name not in phrase:
        return phrase
    return ""


def _expansion_after(found: _Name) -> str:
    """Return the spelled-out name in `NAME (Long Form)`, or "" when the brackets hold something else."""
    m = re.match(r"^\s*\(([^()]+)\)", found.after)
    if not m:
        return ""
    inner = m.group(1).strip()
    long_form = _acronym_long_form(found.name, inner)
    # The whole bracket must be the expansion, not an aside that happens to contain the letters.
    return inner if long_form and inner.startswith(long_form.split()[0]) else ""


def _finish(title: str) -> str:
    """Return `title` with its first letter capitalised and within the length limit."""
    title = re.sub(r"\s+", " ", title).strip()
    if len(title) > MAX_TITLE:
        title = _tidy_end(_cut_words(title, MAX_TITLE))
    title = title.replace("$", "")
    first = title.split(" ", 1)[0]
    # Capitalise a plain first word, never a name ("iTransformer").
    return title[:1].upper() + title[1:] if first.islower() and not re.search(r"\d", first) else title


_SUBJECT_END = re.compile(
    r"\s(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|must|remains?|plays?|shows?|suffers?"
    r"|relies|rely|requires?|aims?|enables?|provides?|offers?|allows?|achieves?|struggles?|faces?|exhibits?"
    r"|involves?|presents?|poses?|depends?|becomes?|lacks?|leads?|seeks?|tends?|demonstrate|accelerates?|harness"
    r"|underpins?|studies|conceal|often|commonly|typically|usually|generally|widely|increasingly|predominantly"
    r"|still|recently|heavily|rapidly|frequently)\b")
#: Openings that wrap the field rather than name it: "Although X ...", "Recent advances in X ...".
_SUBJECT_WRAPPER = re.compile(
    r"^(?:(?:although|while|though|since|because|whereas)\s+)?(?:(?:the|recent|existing|current|conventional|traditional"
    r"|modern|standard|many|most)\s+)*(?:(?:advances|advancements|developments|progress|success|deployment|use|ability"
    r"|vulnerability|study|design|training)\s+(?:in|of)\s+(?:the\s+)?)?", re.I)
_VAGUE_SUBJECT = re.compile(r"^(?:it|this|these|that|there|they|we|but|and|or|so|thus|then|here|one|many|most|much|several|some|such|recent|existing"
                            r"|current|previous|prior|traditional|conventional|despite|although|while|as|in|on|for|with"
                            r"|however|yet|when|if|since|because|recently|works?|studies|research|researchers|methods"
                            r"|approaches|efforts|people|humans)\b"
                            # A subject headed by "challenge", "problem"... states the motivation, not the field.
                            r"|\b(?:challenges?|problems?|issues?|questions?|goals?|ability|success|utility|understanding"
                            r"|importance|need|lack|part|aspect|component|cornerstone|area|field|topic|role|way|years?|context"
                            r"|paper|work|study|era|age|recent|practice|addition|contrast|particular)\b"
                            # A bare generic plural says nothing about the field.
                            r"|^(?:models?|data|learning|methods|systems|algorithms|networks|tasks|agents)$", re.I)


#: Longest first-sentence subject taken as the field; longer ones are clauses, not fields.
TOPIC_WORDS = 5


def _topic(text: str) -> str:
    """Return the field the abstract opens with ("Large language models have ...", "In federated learning, ..."), or ""."""
    sents = split_sentences(text)
    if not sents:
        return ""
    first = re.sub(r"\s*\([^()]*\)", "", sents[0])
    m = _SUBJECT_END.search(first)
    if m:
        found = _as_topic(first[:m.start()].split(",")[-1])
        if found:
            return found
    # "In distributed deep learning, synchronizing gradients ...": the opening phrase sets the field.
    opening = re.match(r"(?:In|For|Within)\s+([^,]{3,60}),", first)
    return _as_topic(opening.group(1)) if opening else ""


def _as_topic(phrase: str) -> str:
    """Return `phrase` as a short field name, or "" when it is vague, long or not a noun phrase."""
    subject = _LEAD_DROP.sub("", phrase.strip(" :;-–—\"'“”"))
    subject = _SUBJECT_WRAPPER.sub("", subject)
    words = subject.split()
    if not 1 <= len(words) <= TOPIC_WORDS or _VAGUE_SUBJECT.search(subject) or re.search(r"[^\w\s-]", subject):
        return ""
    if words[-1].lower() in _STOP_TAIL or words[-1].lower() in {"and", "or", "of", "that", "which"}:
        return ""
    # Plain capitalised sentence-initial words are lower-cased; acronyms and names keep their case.
    return " ".join(w.lower() if w[:1].isupper() and w[1:].islower() else w for w in words)


def _with_topic(phrase: str, text: str, room: int) -> str:
    """Return `phrase` + " for <field>" when the first sentence names a field the phrase does not mention.

    Real titles pair the contribution with its setting ("Conservative Policy Optimization for Safe RL");
    the opening sentence of an abstract is where that setting is stated.
    """
    topic = _topic(text)
    if not topic or len(phrase) + len(topic) + 5 > room:
        return phrase
    have = set(re.findall(r"\w+", phrase.lower()))
    new = [w for w in re.findall(r"\w+", topic.lower()) if w not in _STOP_TAIL]
    if sum(w in have for w in new) * 2 >= len(new):
        return phrase  # the phrase already says where it applies
    if re.search(r"\b(?:for|in|of|on)\s*$", phrase):
        return phrase
    return f"{phrase} for {topic}"


def infer_title(abstract_md: str) -> str:
    """Return a plain-text title (≤ 100 chars) for an abstract that has none."""
    text = plain_text(abstract_md)
    # A name only used, never formally introduced, is good enough for a title but too weak for method_name.
    found = _name_of(abstract_md) or _subject_name(text)
    if not found:
        phrase = _contribution(text)
        if phrase:
            return _finish(_with_topic(phrase, text, MAX_TITLE))
        # No sentence announces a contribution: the field the abstract opens with is a cleaner title
        # than a clause cut from its first sentence.
        topic = _topic(text)
        return _finish(topic if len(topic.split()) >= 2 else _first_sentence_phrase(text))
    room = MAX_TITLE - len(found.name) - 2
    long_form = _tidy_end(found.long_form) or _expansion_after(found)
    if long_form and len(long_form.split()) >= 2:
        head = re.match(rf"\s*({_HEAD_RE})\b", found.after)
        if head and not long_form.lower().endswith(head.group(1)):
            long_form += " " + head.group(1)  # "the Generalized Forward-Inverse (GFI) framework"
        desc = _with_topic(_tidy_end(_cut_words(re.sub(r"\s*\([^()]*\)", "", long_form), room)), text, room)
    else:
        desc = _description(found, text)
        desc = _with_topic(desc, text, room) if desc else long_form or _topic(text) or _first_sentence_phrase(text)
    desc = _cut_words(desc, room)
    return _finish(f"{found.name}: {desc[:1].upper() + desc[1:]}")
