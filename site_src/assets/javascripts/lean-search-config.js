// Point Material's search at papersite's lighter worker (workers/lean-search.js), which wraps Material's
// own. Runs before Material's bundle reads its configuration; without it search still works, only slower.
(function () {
  var element = document.getElementById("__config");
  if (!element || !document.currentScript) return;
  var config = JSON.parse(element.textContent);
  if (!config.search) return;
  var original = new URL(config.search, document.baseURI).href;
  config.search = new URL("workers/lean-search.js?worker=" + encodeURIComponent(original), document.currentScript.src).href;
  element.textContent = JSON.stringify(config);
})();
