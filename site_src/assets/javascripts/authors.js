// Authors index (authors/): an author's address never changes, but the index page holding an author with one paper
// can, as authors are added before them. When the address names an entry this page lacks, find the page that has
// it from papers/facets.json (its authors are in the index's order) and go there.
(function () {
  "use strict";

  function init() {
    var index = document.querySelector(".ps-authors-index");
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!index || !id || document.getElementById(id)) return;
    var size = parseInt(index.dataset.pageSize, 10);
    var root = new URL(index.dataset.root, window.location.href);
    fetch(new URL("papers/facets.json", root)).then(function (r) { return r.json(); }).then(function (data) {
      var at = (data.authors || []).map(function (a) { return a[0]; }).indexOf(id);
      if (at < 0) return;
      var page = Math.floor(at / size) + 1;
      var target = new URL(page === 1 ? "authors/" : "authors/page-" + page + "/", root);
      if (target.pathname !== window.location.pathname) window.location.replace(target.pathname + "#" + encodeURIComponent(id));
    }).catch(function () {});  // the page still lists its own entries
  }

  if (typeof document$ !== "undefined") document$.subscribe(init);
  else document.addEventListener("DOMContentLoaded", init);
})();
