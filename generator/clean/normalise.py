"""Clean abstracts: LaTeX and PDF dirt in, safe and tidy Markdown (or plain text) out.

The abstract Markdown is rendered by Python-Markdown with pymdownx.arithmatex (generic mode), which
passes raw HTML through, so everything here treats the input as untrusted. A paragraph is split into
protected pieces (math, code, links, URLs, escapes) and text; the text rules never see the protected
pieces, which sit in the text as placeholders until the end. The LaTeX rules are in latex.py, the
repairs of PDF-extracted prose in pdf.py.
"""

from __future__ import annotations

import html
import re
from typing import Callable

from generator.clean.latex import (
    BRACKET_MATH,
    DISPLAY_DOLLAR,
    ENV_MATH,
    ESCAPE_TEXT,
    INLINE_DOLLAR,
    PAREN_MATH,
    accented,
    latex_to_markdown,
    math_as_text,
    text_in_math,
)
from generator.clean.pdf import fix_glued_sentences, fix_hyphenation

__all__ = ["normalise_abstract", "normalise_inline", "plain_text", "find_links"]

# Private-use characters mark protected pieces inside the text; any in the input are dropped first.
_OPEN, _CLOSE = "\ue000", "\ue001"
_PLACEHOLDER = re.compile(f"{_OPEN}(\\d+){_CLOSE}")
_JUNK = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200d\u2060\ufeff\ue000-\uf8ff]")

_URL_CHARS = r"[^\s<>\"`{}|\\^]"
# A URL needs a host: "http://" followed by an entity or markup is text, on every pass.
_URL = rf"(?i:https?)://[A-Za-z0-9\[]{_URL_CHARS}*"
_TARGET = r"(?P<{0}>[^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)(?:\s+\"[^\"]*\")?"
_BRACKETED = r"\[(?P<{0}>(?:[^\[\]]|\[[^\[\]]*\])*)\]"

# What plain_text removes or unwraps, in order.
_PLAIN_MATH = re.compile(r"(?=[$\\])(?:" + "|".join([DISPLAY_DOLLAR, INLINE_DOLLAR, PAREN_MATH, BRACKET_MATH]) + ")")
_PLAIN_LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*(?:\s+\"[^\"]*\")?\)")
_PLAIN_URL = re.compile(rf"(?=[<hH])<?{_URL}>?")
# Code spans open and close on whole backtick runs, as the scanner's do (a run is never re-read from inside).
_PLAIN_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_PLAIN_ESCAPE = re.compile(r"\\([^A-Za-z\s])")
_PLAIN_TAG = re.compile(r"</?[A-Za-z][^<>]*>")

# The lookahead lists every character a piece can start with: most positions fail on it at once
# instead of on each of the sixteen alternatives (7x faster over real abstracts).
_SCANNER = re.compile(
    r"(?=[\\`$!\[<hH])(?:" + "|".join([
        ENV_MATH,
        PAREN_MATH,
        BRACKET_MATH,
        r"\\url\{(?P<url>[^{}]*)\}",
        r"\\href\{(?P<href>[^{}]*)\}\{(?P<hreftext>(?:[^{}]|\{[^{}]*\})*)\}",
        r"``(?P<q2>[^`]+?)''",
        r"\\?`(?P<q1>[^`'\n]{1,200}?)'(?![A-Za-z])",
        r"\\(?P<accent>['\"^~=.`])(?P<abrace>\{)?(?P<accented>[A-Za-z])(?(abrace)\})",
        r"\\(?P<esc>[^A-Za-z])",
        DISPLAY_DOLLAR,
        INLINE_DOLLAR,
        # A fence is a whole run of backticks: starting inside a run re-read it from every position (quadratic).
        r"(?P<code>(?<!`)(?P<fence>`+)(?!`).+?(?<!`)(?P=fence)(?!`))",
        r"!" + _BRACKETED.format("alt") + r"\(" + _TARGET.format("src") + r"\)",
        _BRACKETED.format("text") + r"\(" + _TARGET.format("target") + r"\)",
        rf"<(?P<autolink>{_URL})>",
        rf"(?P<bare>{_URL})",
    ]) + ")",
    re.DOTALL,
)

# Escapes kept as written: they mean a literal character to Markdown/arithmatex and must stay escaped.
_KEPT_ESCAPES = set("\\`*_{}[]()#+-.!>$|")

def normalise_abstract(text: str) -> str:
    """Return the abstract as safe, tidy Markdown with math kept verbatim."""
    paragraphs = re.split(r"\n[ \t]*\n", _prepare(text))
    out = [_stable(_normalise_paragraph, p) for p in paragraphs]
    return "\n\n".join(p for p in out if p)


def _stable(clean: Callable[[str], str], text: str) -> str:
    """Return clean(text) applied until nothing changes, so that cleaning twice changes nothing.

    A rule can create text another rule acts on (a removed macro joins "http://" to a word); the
    first pass does almost all the work and the second usually just confirms it.
    """
    for _ in range(4):
        cleaned = clean(text)
        if cleaned == text:
            break
        text = cleaned
    return text


def normalise_inline(text: str) -> str:
    """Return a one-line field (title, author, venue) as clean plain text."""
    # Stable like normalise_abstract: a code span "`\\`" leaves a backslash a second pass would drop.
    return _stable(lambda line: _Cleaner(plain=True).run(_collapse(_prepare(line))), text)


def plain_text(markdown: str) -> str:
    """Return Markdown as plain text for inference and search (no markup, math and URLs removed)."""
    return _plain(markdown, keep_math=False)


def readable_text(markdown: str) -> str:
    """Return Markdown as plain text for a reader (a summary, a feed): as plain_text, but math written as
    characters ("$k$-means" -> "k-means", not "-means")."""
    return _plain(markdown, keep_math=True)


def _plain(markdown: str, keep_math: bool) -> str:
    """Return Markdown as plain text, math removed or (`keep_math`) written as characters."""
    text = _prepare(markdown)
    # Each step is guarded by a character it needs: most abstracts have no math, links or code.
    if "$" in text or "\\" in text:
        # Math is no words for inference and search, but a span that only sets words in a font holds words.
        text = _PLAIN_MATH.sub(lambda m: math_as_text(m.group(0), symbols=True) if keep_math
                               else text_in_math(m.group(0)) or " ", text)
    if "](" in text:
        text = _PLAIN_LINK.sub(r"\1", text)
    if "://" in text:
        text = _PLAIN_URL.sub(" ", text)
    if "`" in text:
        text = _PLAIN_CODE.sub(r"\2", text)
    if "\\" in text:
        text = _PLAIN_ESCAPE.sub(r"\1", text)
    if "<" in text:
        text = _PLAIN_TAG.sub(" ", text)
    text = html.unescape(text)
    if "*" in text or "_" in text:
        text = _EMPHASIS.sub("", text)
    return _SPACE_BEFORE.sub(r"\1", _collapse(text))


def find_links(markdown: str) -> list[str]:
    """Return the abstract's http(s) URLs in order of appearance, without duplicates."""
    links: list[str] = []
    for m in _SCANNER.finditer(_prepare(markdown)):
        url = m.group("autolink") or m.group("target") or m.group("url") or m.group("href") or m.group("bare")
        if m.group("bare"):
            url = _split_trailing(url)[0]
        if url and _is_web(url) and url not in links:
            links.append(url)
    return links


def _prepare(text: str) -> str:
    """Return text with unified line ends and without invisible or private-use characters."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    return _JUNK.sub("", text)


def _collapse(text: str) -> str:
    """Return text on one line with runs of whitespace reduced to one space."""
    return " ".join(text.split())


def _normalise_paragraph(paragraph: str) -> str:
    """Return one paragraph as one line of safe Markdown."""
    paragraph = _collapse(paragraph)
    display = re.fullmatch(DISPLAY_DOLLAR + "|" + BRACKET_MATH + "|" + ENV_MATH, paragraph, re.DOTALL)
    if display:
        # A paragraph that is only display math stays a display block for arithmatex.
        math = display.group("ddollar") or display.group("bracket")
        return f"$${math.strip()}$$" if math is not None and "$$" not in math else paragraph
    return _escape_block_start(_Cleaner(plain=False).run(paragraph))


def _escape_block_start(line: str) -> str:
    """Return the line so that Markdown reads it as a paragraph, never as a block construct."""
    if re.match(r"[#>]|[-+*](?:\s|$)|[-*_](?:\s*[-*_]){2,}\s*$|-+8<|!!!|\?\?\?|~~~", line):
        return ("&#126;" + line[1:]) if line[0] == "~" else ("&#63;" + line[1:]) if line[0] == "?" else "\\" + line
    if line.startswith("```"):
        return "\\" + line
    if re.match(r"\*?\[[^\]]*\]:", line):
        return "\\" + line
    numbered = re.match(r"(\d+)([.)])(\s|$)", line)
    if numbered:
        return numbered.group(1) + "\\" + line[len(numbered.group(1)):]
    return line


def _is_web(url: str) -> bool:
    """Return whether url is an absolute http(s) URL safe to link to."""
    return re.fullmatch(_URL, url) is not None


def _split_trailing(url: str) -> tuple[str, str]:
    """Return a bare URL without the sentence punctuation glued to its end, and that punctuation."""
    end = len(url)
    while end > 0:
        last = url[end - 1]
        if last in ".,;:!?'*_~":
            end -= 1
        elif last in ")]" and url[:end].count("(" if last == ")" else "[") < url[:end].count(last):
            end -= 1  # "(https://x.io/y)": the parenthesis belongs to the sentence
        else:
            break
    return url[:end], url[end:]


class _Cleaner:
    """Clean one paragraph (or one link text): protect pieces, fix the text, put pieces back."""

    def __init__(self, plain: bool) -> None:
        self.plain = plain
        self.pieces: list[str] = []

    def run(self, text: str) -> str:
        """Return the cleaned text."""
        text = _SCANNER.sub(self._piece, text)
        text = self._clean_text(text)
        # Pieces may contain other placeholders (link texts); restore until none is left.
        for _ in range(3):
            text, count = _PLACEHOLDER.subn(lambda m: self.pieces[int(m.group(1))], text)
            if not count:
                break
        return text.strip()

    def _protect(self, piece: str) -> str:
        """Return a placeholder standing for a piece of finished output."""
        self.pieces.append(piece)
        return f"{_OPEN}{len(self.pieces) - 1}{_CLOSE}"

    def _inner(self, text: str) -> str:
        """Return the cleaned form of a nested text (link text, quotation) as a placeholder."""
        return self._protect(_Cleaner(self.plain).run(text))

    def _piece(self, m: re.Match[str]) -> str:
        """Return the replacement for one scanner match."""
        kind = "bare"
        for name in ("ddollar", "dollar", "paren", "bracket", "env", "url", "href", "q2", "q1", "accent",
                     "esc", "code", "alt", "text", "autolink", "bare"):
            if m.group(name) is not None:
                kind = name
                break
        handler: Callable[[re.Match[str]], str] = getattr(self, f"_on_{kind}")
        return handler(m)

    def _math(self, math: str) -> str:
        """Return inline math in the one form arithmatex always recognises."""
        math = math.strip()
        if not math:
            return ""
        if re.fullmatch(r"(?:\\.|[^\\$])+", math):
            return self._protect(f"${math}$")
        if re.fullmatch(r"(?:\\[^)]|[^\\])+", math):
            return self._protect(f"\\({math}\\)")
        return math  # not expressible as math for arithmatex: keep the characters as text

    def _on_ddollar(self, m: re.Match[str]) -> str:
        # Display math inside a sentence cannot be a display block in Markdown: show it inline.
        return self._math(m.group("ddollar"))

    def _on_dollar(self, m: re.Match[str]) -> str:
        return self._protect(m.group(0))

    def _on_paren(self, m: re.Match[str]) -> str:
        return self._math(m.group("paren"))

    def _on_bracket(self, m: re.Match[str]) -> str:
        return self._math(m.group("bracket"))

    def _on_env(self, m: re.Match[str]) -> str:
        return self._math(m.group("env"))

    def _on_url(self, m: re.Match[str]) -> str:
        url = m.group("url").strip()
        if _is_web(url):
            return self._protect(url if self.plain else f"<{url}>")
        return url

    def _on_href(self, m: re.Match[str]) -> str:
        return self._link(m.group("hreftext"), m.group("href").strip())

    def _on_q2(self, m: re.Match[str]) -> str:
        return '"' + _SCANNER.sub(self._piece, m.group("q2")) + '"'

    def _on_q1(self, m: re.Match[str]) -> str:
        return "'" + _SCANNER.sub(self._piece, m.group("q1")) + "'"

    def _on_accent(self, m: re.Match[str]) -> str:
        mark, letter = m.group("accent"), m.group("accented")
        if mark == "`" and letter not in "aeiouAEIOU":
            return self._on_esc(m) + m.group(0)[2:]
        return accented(mark, letter)

    def _on_esc(self, m: re.Match[str]) -> str:
        char = m.group(0)[1]
        if char in ESCAPE_TEXT:
            return ESCAPE_TEXT[char]
        if char == "\\":
            return " "  # a LaTeX line break
        if char in _KEPT_ESCAPES:
            return self._protect(char if self.plain else "\\" + char)
        return char

    def _on_code(self, m: re.Match[str]) -> str:
        code = m.group("code")
        return self._protect(code.strip("`").strip() if self.plain else code)

    def _on_alt(self, m: re.Match[str]) -> str:
        # Images are never shown: remote images leak readers' addresses and data: URLs hide content.
        return self._inner(m.group("alt"))

    def _on_text(self, m: re.Match[str]) -> str:
        return self._link(m.group("text"), m.group("target"))

    def _on_autolink(self, m: re.Match[str]) -> str:
        url = m.group("autolink")
        return self._protect(url if self.plain else f"<{url}>")

    def _on_bare(self, m: re.Match[str]) -> str:
        url, trailing = _split_trailing(m.group("bare"))
        # A sentence glued to the URL ("…/safe-rlhf.Warning: …"): file extensions are not capitalised.
        glued = re.search(r"(?<=[a-z0-9])\.([A-Z][a-z]+)$", url)
        if glued and url.count("/") > 2:
            url, trailing = url[:glued.start()], ". " + glued.group(1) + trailing
        if not _is_web(url):
            return m.group("bare")
        return self._protect(url if self.plain else f"<{url}>") + trailing

    def _link(self, text: str, target: str) -> str:
        """Return a Markdown link to an http(s) target, or just its text for any other target."""
        label = _Cleaner(self.plain).run(_collapse(text))
        if not _is_web(target):
            return self._protect(label) if label else ""
        if self.plain:
            return self._protect(label or target)
        if not label or label == target or label == f"<{target}>":
            return self._protect(f"<{target}>")
        return self._protect(f"[{label}]({target})")

    def _clean_text(self, text: str) -> str:
        """Return the text (with placeholders) after every text rule."""
        # Each rule is guarded by a cheap test: most abstracts need few of them.
        if "&" in text:
            text = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
        if "~" in text:
            text = _TILDE.sub(" ", text)
        if "\\" in text or "{" in text:
            text = latex_to_markdown(text, plain=self.plain)
        if "--" in text:
            text = _DASHES.sub(lambda m: "—" if "---" in m.group(0) else "–", text)
        # The quotes mapped are not ASCII; a scan for them is much quicker than str.translate of a long text.
        text = _collapse(text if text.isascii() else _QUOTE_CHARS.sub(_plain_quote, text))
        if "- " in text:
            text = fix_hyphenation(text)
        text = _SPACE_BEFORE.sub(r"\1", text)
        text = _SPACE_AFTER.sub(r"\1", text)
        text = fix_glued_sentences(text)
        if self.plain:
            return _EMPHASIS.sub("", text)
        return _escape_markup(text)


_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# A leading lookahead on the first character lets most positions fail at once (see _SCANNER).
_TILDE = re.compile(r"(?=~)(?<=[\w.,;:)])~(?=[\w\\(\[$" + _OPEN + "])")
# Runs of spaces are matched from their first space only: from each space of a run was quadratic.
_DASHES = re.compile(r"(?=[\s-])(?:(?<!\s)\s+---\s+|(?<=\w)---?(?=\w))")
_SPACE_BEFORE = re.compile(r"(?<!\s)\s+([,.;:!?)\]])")
_SPACE_AFTER = re.compile(r"([(\[])\s+")
_EMPHASIS = re.compile(r"(?=[*_])(?:\*+|(?<!\w)_+(?=\S)|(?<=\S)_+(?!\w))")
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "‘": "'", "’": "'", "‚": "'",
                         "‛": "'", "′": "'", "´": "'"})
_QUOTE_CHARS = re.compile("[" + "".join(map(chr, _QUOTES)) + "]")


def _plain_quote(match: re.Match[str]) -> str:
    """Return the ASCII quote for a typographic one (as text.translate(_QUOTES) would)."""
    return _QUOTES[ord(match.group(0))]


def _escape_markup(text: str) -> str:
    """Return text in which nothing can form HTML, a link, an attribute list or math."""
    if "&" in text:
        text = re.sub(r"&(?=#?[A-Za-z0-9]+;)", "&amp;", text)
    if "<" in text:
        # HTML starts "<" + letter, / ! ?; an e-mail autolink is "<…@…>" (placeholders included: Markdown's own
        # escapes sit there as control characters, which made "<\_x@y>" a mailto: link).
        text = _HTML_OR_MAIL.sub("&lt;", text)
    text = text.replace("$", "\\$")
    # A stray backtick could pair with another one on a second pass and start a code span.
    text = text.replace("`", "&#96;")
    text = text.replace("](", "]&#40;")
    # attr_list turns "{...}" right after an element into HTML attributes (onfocus=...), and a later stage (the
    # cross-linker) can put an element before any text: so no brace of the text reaches Markdown unescaped.
    if "{" in text or "}" in text:
        text = text.replace("{", "\\{").replace("}", "\\}")
    return text


_HTML_OR_MAIL = re.compile(r"<(?=[A-Za-z/!?]|[^<> !@]*+@)")
