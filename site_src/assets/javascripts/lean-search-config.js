// Point Material's search at papersite's lighter worker (workers/lean-search.js), which wraps Material's
// own. Runs before Material's bundle reads its configuration; without it search still works, only slower.
// Opening the site with ?papersite-lean=off in the page's URL (e.g. /?papersite-lean=off) passes that on to
// the worker, which then leaves Material's own worker to run unmodified: a reader's way to rule papersite's
// fast path out when search misbehaves, and the tests' way to exercise that fallback.
// It also shows, in Material's result meta, what the worker's search rules did ("Showing results for …" when a
// query was retried with edit distance 1, "the best N of M" on a sharded site): the worker adds that to its
// result message (data.papersite), which Material ignores.
(function () {
  var element = document.getElementById("__config");
  if (!element || !document.currentScript) return;
  var config = JSON.parse(element.textContent);
  if (!config.search) return;
  var original = new URL(config.search, document.baseURI).href;
  var off = new URLSearchParams(location.search).get("papersite-lean") === "off" ? "&papersite-lean=off" : "";
  var index = new URL("search/search_index.json", new URL(config.base, location.href)).href;
  config.search = new URL("workers/lean-search.js?worker=" + encodeURIComponent(original) + "&index=" +
                          encodeURIComponent(index) + off, document.currentScript.src).href;
  element.textContent = JSON.stringify(config);
  watchResults(config.search);

  // Note what the search rules did under Material's result meta, for the worker at `url` only.
  function watchResults(url) {
    var Native = window.Worker;
    if (typeof Native !== "function") return;
    var note = null;
    function show() {
      var meta = document.querySelector(".md-search-result__meta");
      if (!meta) return;
      var shown = meta.querySelector(".papersite-search-note");
      if (!note) { if (shown) shown.remove(); return; }
      if (!shown) {
        shown = document.createElement("span");
        shown.className = "papersite-search-note";
        meta.appendChild(shown);
      }
      if (shown.textContent !== note) shown.textContent = note;  // text only: the query is the reader's own input
    }
    function Worker(scriptURL, options) {
      var worker = new Native(scriptURL, options);
      if (String(scriptURL) === url) {
        worker.addEventListener("message", function (ev) {
          var data = ev.data && ev.data.type === 3 && ev.data.data;
          if (!data) return;
          var info = data.papersite || {};
          var parts = [];
          if (info.corrected) {
            var quoted = (info.missing || [info.query]).map(function (w) { return "\u201c" + w + "\u201d"; }).join(", ");
            parts.push("Showing results for \u201c" + info.corrected + "\u201d (nothing matched " + quoted + ")");
          }
          if (info.total > data.items.length) parts.push("the best " + data.items.length + " of " + info.total.toLocaleString("en") + " shown");
          note = parts.length ? parts.join("; ") : null;
          setTimeout(show, 0);
        });
        // Material rewrites the meta on every result: put the note back each time it does.
        var meta = document.querySelector(".md-search-result__meta");
        if (meta) new MutationObserver(show).observe(meta, {childList: true, characterData: true, subtree: true});
      }
      return worker;
    }
    Worker.prototype = Native.prototype;
    window.Worker = Worker;
  }
})();
