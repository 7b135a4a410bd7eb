// Point Material's search at papersite's lighter worker (workers/lean-search.js), which wraps Material's
// own. Runs before Material's bundle reads its configuration; without it search still works, only slower.
// Opening the site with ?papersite-lean=off in the page's URL (e.g. /?papersite-lean=off) passes that on to
// the worker, which then leaves Material's own worker to run unmodified: a reader's way to rule papersite's
// fast path out when search misbehaves, and the tests' way to exercise that fallback.
(function () {
  var element = document.getElementById("__config");
  if (!element || !document.currentScript) return;
  var config = JSON.parse(element.textContent);
  if (!config.search) return;
  var original = new URL(config.search, document.baseURI).href;
  var off = new URLSearchParams(location.search).get("papersite-lean") === "off" ? "&papersite-lean=off" : "";
  config.search = new URL("workers/lean-search.js?worker=" + encodeURIComponent(original) + off, document.currentScript.src).href;
  element.textContent = JSON.stringify(config);
})();
