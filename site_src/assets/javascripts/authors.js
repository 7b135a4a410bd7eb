// Authors index (authors/): an author's address never changes, but the index page holding an author with one paper
// can, as authors are added before them on their initial's pages. When the address names an entry this page lacks,
// find the page that has it from papers/facets.json (its authors are in the index's order, "author_groups" says
// where each initial's pages start) and go there.
(function () {
  "use strict";

  function pageOf(data, at, size) {
    var authors = data.authors || [], groups = data.author_groups || [];
    if (authors.length <= size) return "authors/";  // everyone on one page
    var group = null;
    groups.forEach(function (g) { if (g[1] <= at) group = g; });
    if (!group) return null;
    var page = Math.floor((at - group[1]) / size) + 1;
    return "authors/" + group[0] + "/" + (page === 1 ? "" : "page-" + page + "/");
  }

  function init() {
    var index = document.querySelector(".ps-authors-index");
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!index || !id || document.getElementById(id)) return;
    var size = parseInt(index.dataset.pageSize, 10);
    var root = new URL(index.dataset.root, window.location.href);
    fetch(new URL("papers/facets.json", root)).then(function (r) { return r.json(); }).then(function (data) {
      var at = (data.authors || []).map(function (a) { return a[0]; }).indexOf(id);
      var path = at < 0 ? null : pageOf(data, at, size);
      if (!path) return;
      var target = new URL(path, root);
      if (target.pathname !== window.location.pathname) window.location.replace(target.pathname + "#" + encodeURIComponent(id));
    }).catch(function () {});  // the page still lists its own entries
  }

  if (typeof document$ !== "undefined") document$.subscribe(init);
  else document.addEventListener("DOMContentLoaded", init);
})();
