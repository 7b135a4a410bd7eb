// Typeset the math that pymdownx.arithmatex left in .arithmatex spans, with the KaTeX copy served by this site.
// Abstracts use commands KaTeX lacks: \unicode{x2013} (MathJax's) becomes its character; any other unsupported
// command is shown as its source in the text's own colour, not as a red error.
var PAPERSITE_UNICODE = /\\unicode\{\s*(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))\s*\}/g;

// The character of \unicode{…}, as text (KaTeX warns of non-ASCII symbols in math mode); ASCII that means
// something to TeX is left as it was.
function papersiteUnicode(match, hex, dec) {
  var code = hex ? parseInt(hex, 16) : parseInt(dec, 10);
  if (!(code > 31 && code <= 0x10ffff) || "\\{}$&#^_%~".indexOf(String.fromCodePoint(code)) >= 0) return match;
  return code < 128 ? String.fromCharCode(code) : "\\text{" + String.fromCodePoint(code) + "}";
}

function papersiteRenderMath() {
  document.querySelectorAll(".arithmatex").forEach(function (el) {
    // arithmatex spans hold text only, so rewriting the text loses no markup.
    var text = el.textContent, plain = text.replace(PAPERSITE_UNICODE, papersiteUnicode);
    if (plain !== text) el.textContent = plain;
    renderMathInElement(el, {
      delimiters: [
        { left: "\\(", right: "\\)", display: false },
        { left: "\\[", right: "\\]", display: true }
      ],
      throwOnError: false,
      errorColor: "inherit"
    });
  });
}
if (typeof document$ !== "undefined") {
  document$.subscribe(papersiteRenderMath);  // Material's instant navigation re-renders pages
} else {
  document.addEventListener("DOMContentLoaded", papersiteRenderMath);
}
