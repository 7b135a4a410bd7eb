// Typeset the math that pymdownx.arithmatex left in .arithmatex spans, with the KaTeX copy served by this site.
function papersiteRenderMath() {
  document.querySelectorAll(".arithmatex").forEach(function (el) {
    renderMathInElement(el, {
      delimiters: [
        { left: "\\(", right: "\\)", display: false },
        { left: "\\[", right: "\\]", display: true }
      ],
      throwOnError: false
    });
  });
}
if (typeof document$ !== "undefined") {
  document$.subscribe(papersiteRenderMath);  // Material's instant navigation re-renders pages
} else {
  document.addEventListener("DOMContentLoaded", papersiteRenderMath);
}
