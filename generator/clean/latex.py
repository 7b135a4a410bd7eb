"""LaTeX as abstracts carry it: the math delimiters arithmatex renders, accents, escapes and text-mode commands.

The math patterns are shared by the scanner in normalise.py (which keeps math verbatim) and its plain-text
form (which drops it); latex_to_markdown turns the text-mode commands left outside math into Markdown
(\\emph to *...*), a character (\\ldots), nothing (\\cite), or their argument.
"""

from __future__ import annotations

import re
import unicodedata

# Math exactly as pymdownx.arithmatex sees it (smart dollars), so that what is kept verbatim here is
# rendered as math there and never reaches Markdown's raw-HTML handling.
INLINE_DOLLAR = r"(?<!\\)\$(?!\s)(?P<dollar>(?:\\.|[^\\$])+?)(?<!\s)\$"
DISPLAY_DOLLAR = r"(?<!\\)\$\$(?P<ddollar>(?:\\.|[^\\$]|\$(?!\$))+?)\$\$"
# A math body never holds its own opener (LaTeX cannot nest them): an opener without a closer then scans only
# to the next opener, not to the end of the text, which made runs of `\(` quadratic.
PAREN_MATH = r"\\\((?P<paren>(?:\\[^()]|[^\\])+?)\\\)"
BRACKET_MATH = r"\\\[(?P<bracket>(?:\\[^\[\]]|[^\\])+?)\\\]"
ENV_MATH = (
    r"(?P<env>\\begin\{(?P<envname>equation|align|gather|multline|eqnarray|displaymath|math)\*?\}"
    r"(?:(?!\\begin\{(?P=envname)\*?\}).)+?\\end\{(?P=envname)\*?\})"
)

_ACCENTS = {"'": "\u0301", '"': "\u0308", "^": "\u0302", "~": "\u0303", "=": "\u0304", ".": "\u0307", "`": "\u0300"}
# LaTeX spacing commands and escapes that simply become a character.
ESCAPE_TEXT = {",": " ", ";": " ", ":": " ", " ": " ", "%": "%", "&": "&", "/": "", "@": "", "'": "'", '"': '"'}

_EMPH = {"emph", "textit", "textsl", "mathit", "itshape", "it", "em", "sl"}
_BOLD = {"textbf", "mathbf", "bfseries", "bf", "boldsymbol", "bm"}
_PLAIN = {
    "textsc", "texttt", "textrm", "textsf", "textup", "textnormal", "textmd", "text", "mbox", "hbox",
    "underline", "uline", "mathrm", "mathsf", "mathtt", "scshape", "sc", "tt", "rm", "sf", "normalfont",
    "textcolor", "colorbox", "operatorname", "ensuremath", "small", "large", "Large", "footnotesize",
}
# Commands whose arguments are dropped along with them (references, layout, bookkeeping).
_DROPPED = {
    "cite", "citep", "citet", "citealp", "citealt", "citeauthor", "citeyear", "citenum", "parencite",
    "textcite", "autocite", "ref", "eqref", "autoref", "cref", "Cref", "pageref", "label", "vspace",
    "hspace", "vskip", "hskip", "newline", "linebreak", "noindent", "centering", "par", "xspace",
    "item", "maketitle", "clearpage", "newpage", "smallskip", "medskip", "bigskip", "quad", "qquad",
    "protect", "relax", "nolinebreak", "allowbreak", "begin", "end", "color", "thanks", "index",
}
_CITES = {n for n in _DROPPED if "cite" in n}
_SYMBOLS = {
    "ldots": "…", "dots": "…", "cdots": "…", "textellipsis": "…", "textendash": "–", "textemdash": "—",
    "eg": "e.g.", "ie": "i.e.", "etal": "et al.", "etc": "etc.", "wrt": "w.r.t.", "vs": "vs.", "cf": "cf.",
    "LaTeX": "LaTeX", "TeX": "TeX", "times": "×", "pm": "±", "approx": "≈", "leq": "≤", "le": "≤",
    "geq": "≥", "ge": "≥", "neq": "≠", "sim": "~", "infty": "∞", "to": "→", "rightarrow": "→",
    "leftarrow": "←", "textasciitilde": "~", "textbar": "|", "S": "§", "textdegree": "°", "degree": "°",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π",
    "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Pi": "Π", "Sigma": "Σ", "Phi": "Φ",
    "Psi": "Ψ", "Omega": "Ω", "ell": "ℓ", "textquoteleft": "'", "textquoteright": "'",
    "textquotedblleft": '"', "textquotedblright": '"', "ss": "ß", "o": "ø", "O": "Ø", "aa": "å",
    "AA": "Å", "ae": "æ", "AE": "Æ", "l": "ł", "L": "Ł", "i": "ı", "textbackslash": "",
}


def accented(mark: str, letter: str) -> str:
    """Return the letter with the accent a LaTeX accent command (\\'e, \\"{o}) puts on it, composed."""
    return unicodedata.normalize("NFC", letter + _ACCENTS[mark])


def latex_to_markdown(text: str, plain: bool) -> str:
    """Return text with LaTeX text-mode commands turned into Markdown (or plain text)."""
    emph, bold = ("", "") if plain else ("*", "**")

    def wrap(marker: str, body: str) -> str:
        body = body.strip()
        return f"{marker}{body}{marker}" if body and marker else body

    # "{\it x}" declarations: the group is what they apply to.
    def declaration(m: re.Match[str]) -> str:
        name, body = m.group(1), m.group(2)
        return wrap(emph if name in _EMPH else bold if name in _BOLD else "", body)

    for _ in range(4):
        text, count = re.subn(r"\{\\(it|em|sl|itshape|bf|bfseries|sf|rm|tt|sc|scshape|normalfont)\b\s*"
                              r"((?:[^{}]|\{[^{}]*\})*)\}", declaration, text)
        if not count:
            break

    out: list[str] = []
    pos = 0
    for m in re.finditer(r"(\s*)\\([A-Za-z]+)\*?", text):
        if m.start() < pos:
            continue
        space, name = m.group(1), m.group(2)
        args, end = _brace_args(text, m.end(), 2 if name in ("textcolor", "colorbox") else 1)
        out.append(text[pos:m.start()])
        pos = end
        if name in _CITES:
            continue  # the citation goes together with the space before it
        out.append(space)
        if name in _DROPPED:
            continue
        if name in _SYMBOLS and not args:
            out.append(_SYMBOLS[name])
        elif name == "footnote":
            out.append(" (" + args[-1].strip() + ")" if args and args[-1].strip() else "")
        elif not args:
            # An unknown macro without argument is usually a name the author defined (\lora/).
            out.append("" if name in _EMPH | _BOLD | _PLAIN else name)
            if text[pos:pos + 1] == "/":
                pos += 1
        elif name in _EMPH:
            out.append(wrap(emph, args[-1]))
        elif name in _BOLD:
            out.append(wrap(bold, args[-1]))
        else:
            out.append(args[-1])
    out.append(text[pos:])
    text = "".join(out)
    text = text.replace("\\", "")
    # Braces left are LaTeX groups ("{B}ERT"); template-like "{{ }}" and "{% %}" are text and stay.
    for _ in range(4):
        text, count = re.subn(r"(?<![{\\])\{(?![{%])([^{}]*)(?<!%)\}(?!\})", r"\1", text)
        if not count:
            break
    return text


def _brace_args(text: str, pos: int, count: int) -> tuple[list[str], int]:
    """Return up to count balanced {...} arguments starting at pos (after [...] options) and the end."""
    args: list[str] = []
    option = re.match(r"\s*\[[^\[\]]*\]", text[pos:])
    if option:
        pos += option.end()
    while len(args) < count:
        start = pos
        while start < len(text) and text[start] == " " and start - pos < 1:
            start += 1
        if start >= len(text) or text[start] != "{":
            break
        depth, i = 0, start
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        if depth:
            # Unbalanced: take the rest as the argument rather than fail.
            args.append(text[start + 1:])
            return args, len(text)
        args.append(text[start + 1:i])
        pos = i + 1
    return args, pos


_MATH_SPAN = re.compile("|".join([DISPLAY_DOLLAR, INLINE_DOLLAR, PAREN_MATH, BRACKET_MATH]))
_MATH_COMMAND_ARG = re.compile(r"\\[A-Za-z]+\*?\{([^{}]*)\}")
_MATH_COMMAND = re.compile(r"\\([A-Za-z]+)")


#: A math span that only sets words in a text font ("$\\textit{Open-endedness via Models of ...}$", "$\\texttt{NAISR}$"):
#: authors' way of styling a name, whose words are text, not math.
_TEXT_ONLY_MATH = re.compile(r"\s*\\(?:text(?:it|bf|tt|sc|sf|rm|up|normal|sl)?|emph|mbox)\s*\{([^{}\\$^_]*)\}\s*")


def text_in_math(span: str) -> str | None:
    """Return the words of a math span (delimiters included) that only sets text in a font, else None."""
    math = _MATH_SPAN.fullmatch(span)
    body = next((g for g in math.groups() if g is not None), "") if math else ""
    words = _TEXT_ONLY_MATH.fullmatch(body)
    return (words.group(1).strip() or None) if words else None


def has_math(text: str) -> bool:
    """Tell whether text holds inline or display math ($…$, $$…$$, \\(…\\), \\[…\\])."""
    return ("$" in text or "\\" in text) and _MATH_SPAN.search(text) is not None


def split_math(text: str) -> list[tuple[bool, str]]:
    """Return text as (is_math, piece) pairs, math spans with their delimiters, in order."""
    pieces, pos = [], 0
    for m in _MATH_SPAN.finditer(text):
        pieces += [(False, text[pos:m.start()]), (True, m.group(0))]
        pos = m.end()
    return [(math, piece) for math, piece in pieces + [(False, text[pos:])] if piece]


def math_as_text(text: str, symbols: bool = False) -> str:
    """Return text with each math span written as plain characters ("$\\texttt{NAISR}$" → "NAISR", "$K^2$" → "K^2");
    with `symbols`, a symbol's command as its character ("$\\pi$" → "π", not "pi")."""
    def command(m: re.Match[str]) -> str:
        return _SYMBOLS.get(m.group(1), m.group(1)) if symbols else m.group(1)

    def plain(m: re.Match[str]) -> str:
        body = next(g for g in m.groups() if g is not None)
        for _ in range(4):  # nested arguments: \\mathbf{\\hat{x}}
            body = _MATH_COMMAND_ARG.sub(r"\1", body)
        return _MATH_COMMAND.sub(command, body).replace("{", "").replace("}", "").strip()
    return _MATH_SPAN.sub(plain, text)
