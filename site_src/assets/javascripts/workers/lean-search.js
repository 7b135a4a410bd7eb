// papersite's search worker: Material's own worker (Lunr), told not to record where each word occurs.
// Lunr's position metadata only serves to highlight the matched words in the result list, yet it makes
// building the index in the browser about three times slower; without it search is ready much sooner
// on a site of thousands of papers, and results show the same pages, unhighlighted.
// lean-search-config.js passes the URL of Material's worker as ?worker=.
(function () {
  var worker = new URL(new URL(self.location.href).searchParams.get("worker") || "", self.location.href);
  if (worker.origin !== self.location.origin) {
    throw new Error("papersite search: refusing a worker from another origin");
  }
  importScripts(worker.href);
  var lunr = self.lunr;
  var add = lunr.Builder.prototype.add;
  lunr.Builder.prototype.add = function (doc, attributes) {
    this.metadataWhitelist = [];
    return add.call(this, doc, attributes);
  };
  // Material reads the positions of every match; give it none, so it skips highlighting.
  var search = lunr.Index.prototype.search;
  lunr.Index.prototype.search = function (query) {
    var results = search.call(this, query);
    results.forEach(function (result) {
      var metadata = result.matchData.metadata;
      Object.keys(metadata).forEach(function (term) {
        Object.keys(metadata[term]).forEach(function (field) {
          if (!metadata[term][field].position) metadata[term][field].position = [];
        });
      });
    });
    return results;
  };
})();
