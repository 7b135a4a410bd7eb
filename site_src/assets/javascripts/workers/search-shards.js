// papersite's sharded search: on a site whose search index generator/write/search_shards.py split (its config
// carries `papersite_shards`), answer each query from the shards its words need instead of the whole index.
// Per query:
// 1. Material's worker is asked the query on an index with no documents, only to learn the query it hands Lunr
//    (Material rewrites what the reader typed: trailing wildcards, quoted phrases, field names);
// 2. its clauses are routed to term shards (a word to the shard of its term range, a prefix to the shards of its
//    range, a word with ~1 through the lexicons of nearby lengths to the shards of the terms one edit away), and
//    a Lunr index is made of the terms of those shards with Lunr's own formula (same term ids, weights and token
//    set as the whole index, so every matching page gets the score the whole index gives it);
// 3. the pages are ordered as Material and the search rules order them, and only the best RESULT_PAGES (and the
//    pages whose title holds every word) have their documents fetched;
// 4. Material's worker is set up with those documents (lean-search.js builds its index from step 2's terms) and
//    asked the query again, so results, scores and highlighting are Material's own.
// Differences from the whole index, by design: a wildcard prefix under MIN_PREFIX letters matches as a whole
// word; a query of only prohibited words (-word) looks among the fetched documents only; results stop after the
// fetched pages (the result meta says "the best N of M").
(function () {
  var MIN_PREFIX = 3;       // "d*" would fetch every term starting with d: shorter prefixes match as words
  var RESULT_PAGES = 20;    // pages whose documents are fetched: two screens of Material's results
  var TITLE_PAGES = 10;     // and pages whose title holds every word (they may rank first)
  var lunr = null;
  var base = null;
  var manifest = null;
  var config = null;
  var sectionSet = null;
  var cache = new Map();
  var build = null;         // what the next Builder.build makes (step 4), set just before Material is set up
  var capture = null;       // the query Material hands Lunr (step 1)

  function fetchJSON(path) {
    var url = new URL(path, base).href;
    if (!cache.has(url)) {
      cache.set(url, fetch(url).then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.json();
      }));
    }
    return cache.get(url);
  }

  // Return the number of the shard whose term range holds `term` (the last one starting at or before it).
  function shardOf(term) {
    var shards = manifest.shards;
    var lo = 0;
    var hi = shards.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (shards[mid][0] <= term) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  function range(from, to, into) {
    for (var s = shardOf(from); s <= shardOf(to); s++) into.add(s);
  }

  // Add to `into` the shards a query clause can read; return a promise (a fuzzy clause reads lexicons first).
  function route(clause, into) {
    var term = clause.term;
    var star = term.indexOf("*");
    var plainPipeline = config.pipeline.every(function (step) { return step === "stopWordFilter"; });
    if (star === 0) {
      manifest.shards.forEach(function (_, s) { into.add(s); });
      return Promise.resolve();
    }
    if (star > 0) {
      var prefix = term.slice(0, star);
      if (prefix.length >= MIN_PREFIX) range(prefix, prefix + "\uffff", into); else into.add(shardOf(prefix));
      return Promise.resolve();
    }
    // A trimmer or stemmer may change the word: read the shards of its first letters.
    if (plainPipeline) into.add(shardOf(term)); else range(term.slice(0, MIN_PREFIX), term.slice(0, MIN_PREFIX) + "\uffff", into);
    if (!clause.editDistance) return Promise.resolve();
    var files = [];
    for (var length = term.length - clause.editDistance; length <= term.length + clause.editDistance; length++) {
      if (manifest.lexicon[length]) files.push(fetchJSON(manifest.lexicon[length]));
    }
    return Promise.all(files).then(function (lexicons) {
      var words = [].concat.apply([], lexicons.map(function (l) { return l.terms; })).sort();
      // As Lunr expands a clause: the index's terms intersected with the clause's (fuzzy) token set.
      var near = lunr.TokenSet.fromArray(words).intersect(lunr.TokenSet.fromFuzzyString(term, clause.editDistance)).toArray();
      near.forEach(function (word) { into.add(shardOf(word)); });
    });
  }

  // Return the clauses of a Lunr query string, as Lunr parses it.
  function clausesOf(query, fields) {
    var parsed = new lunr.Query(fields);
    new lunr.QueryParser(query, parsed).parse();
    return parsed.clauses;
  }

  // Material's parseSearchQuery and getSearchQueryTerms: which clauses a result's matched terms satisfy.
  function queryTerms(clauses, matched) {
    var result = {};
    var left = clauses.slice();
    matched.forEach(function (term) {
      left = left.filter(function (clause) {
        if (term.indexOf(clause.term) === 0) { result[clause.term] = true; return false; }
        return true;
      });
    });
    left.forEach(function (clause) { if (lunr.stopWordFilter(clause.term)) result[clause.term] = false; });
    return result;
  }
  function analysed(query) {
    return clausesOf(query, ["title", "text", "tags"]).filter(function (clause) {
      return clause.presence !== lunr.Query.presence.PROHIBITED;
    }).map(function (clause) {
      var term = clause.term;
      if (term.charAt(0) === "*") term = term.slice(1);
      if (term.slice(-1) === "*") term = term.slice(0, -1);
      return {term: term};
    });
  }

  // Make a Lunr index of the shards' terms, scored as lunr.Builder scores the whole index. Refs are document
  // numbers; `keep(doc)` and `ref(doc)` choose and name the documents (all of them and numbers in step 2,
  // the fetched ones and their locations in step 4).
  function indexOf(shards, info, keep, ref, needed) {
    var fields = manifest.fields;
    var invertedIndex = Object.create(null);
    var vectors = Object.create(null);
    var N = manifest.documents;
    shards.forEach(function (shard) {
      Object.keys(shard.terms).forEach(function (term) {
        if (!needed.has(term)) return;
        var entry = shard.terms[term];
        var lists = entry.slice(1);
        var documentsWithTerm = 0;
        lists.forEach(function (list) { documentsWithTerm += list.length / 2; });
        var x = (N - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5); // lunr.idf
        var idf = Math.log(1 + Math.abs(x));
        var posting = Object.create(null);
        posting._index = entry[0];
        fields.forEach(function (field, f) {
          var refs = posting[field] = Object.create(null);
          var boost = info.boosts[field] || 1;
          var doc = 0;
          var list = lists[f] || [];
          for (var i = 0; i < list.length; i += 2) {
            doc += list[i];
            if (!keep(doc)) continue;
            var tf = list[i + 1];
            var score = idf * ((info.k1 + 1) * tf) / (info.k1 * (1 - info.b + info.b * 0) + tf);
            score *= boost;
            score *= manifest.boosts[doc] || 1;
            var name = ref(doc);
            refs[name] = Object.create(null);
            var fieldRef = new lunr.FieldRef(name, field).toString();
            (vectors[fieldRef] || (vectors[fieldRef] = [])).push(entry[0], Math.round(score * 1000) / 1000);
          }
        });
        invertedIndex[term] = posting;
      });
    });
    var fieldVectors = Object.create(null);
    Object.keys(vectors).forEach(function (fieldRef) {
      var pairs = [];
      var flat = vectors[fieldRef];
      for (var i = 0; i < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
      pairs.sort(function (a, b) { return a[0] - b[0]; });
      fieldVectors[fieldRef] = new lunr.Vector([].concat.apply([], pairs));
    });
    return new lunr.Index({invertedIndex: invertedIndex, fieldVectors: fieldVectors, tokenSet: info.tokenSet,
                           fields: fields.slice(), pipeline: info.searchPipeline});
  }

  // Return the terms Lunr's Index.query expands the clauses to (pipeline, then the token set's intersection):
  // only their postings need to become Lunr's objects, while the token set keeps every fetched term.
  function expansions(clauses, tokenSet, pipeline) {
    var needed = new Set();
    clauses.forEach(function (parsed) {
      var terms = parsed.usePipeline ? pipeline.runString(parsed.term, {fields: parsed.fields}) : [parsed.term];
      terms.forEach(function (term) {
        var clause = Object.assign({}, parsed, {term: term});
        tokenSet.intersect(lunr.TokenSet.fromClause(clause)).toArray().forEach(function (t) { needed.add(t); });
      });
    });
    return needed;
  }

  function pageOf(doc) {
    while (doc > 0 && sectionSet.has(doc)) doc--;
    return doc;
  }

  // Order the pages of Lunr's results as Material and the search rules do; return the pages to fetch and the total.
  function choosePages(results, query) {
    var clauses = analysed(query);
    var items = results.map(function (result, order) {
      var doc = Number(result.ref);
      var matched = Object.keys(result.matchData.metadata);
      var terms = queryTerms(clauses, matched);
      var keys = Object.keys(terms);
      var found = keys.filter(function (k) { return terms[k]; }).length;
      var boost = +!sectionSet.has(doc) + found / keys.length;
      var inTitle = clauses.length > 0 && clauses.every(function (clause) {
        return matched.some(function (term) { return term.indexOf(clause.term) === 0 && result.matchData.metadata[term].title; });
      });
      return {doc: doc, score: result.score * (1 + boost * boost), order: order,
              all: keys.length > 0 && found === keys.length, inTitle: inTitle};
    }).sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    var groups = new Map();
    items.forEach(function (item) {
      var page = pageOf(item.doc);
      var group = groups.get(page);
      if (!group) groups.set(page, group = {page: page, all: false, inTitle: false, rank: groups.size});
      group.all = group.all || item.all;
      group.inTitle = group.inTitle || (item.inTitle && item.doc === page);
    });
    var list = Array.from(groups.values());
    var chosen = new Set(list.filter(function (g) { return g.inTitle; }).slice(0, TITLE_PAGES).map(function (g) { return g.page; }));
    list.slice().sort(function (a, b) { return (b.all - a.all) || a.rank - b.rank; }).slice(0, RESULT_PAGES)
      .forEach(function (g) { chosen.add(g.page); });
    return {pages: Array.from(chosen).sort(function (a, b) { return a - b; }), total: list.length};
  }

  // Return the documents (with their numbers) of the given pages, fetched from their chunks, in index order.
  function pageDocuments(pages) {
    var per = manifest.docsPerChunk;
    var wanted = [];
    pages.forEach(function (page) {
      wanted.push(page);
      for (var d = page + 1; d < manifest.documents && sectionSet.has(d); d++) wanted.push(d);
    });
    var chunks = Array.from(new Set(wanted.map(function (d) { return Math.floor(d / per); })));
    return Promise.all(chunks.map(function (c) {
      return fetchJSON("shards/d" + String(c).padStart(5, "0") + ".json").then(function (chunk) { return [c, chunk]; });
    })).then(function (loaded) {
      var byChunk = new Map(loaded);
      return wanted.map(function (d) { return {number: d, doc: byChunk.get(Math.floor(d / per)).docs[d % per]}; });
    });
  }

  // Answer one message on a sharded site; `ask` asks Material's own worker, `rules` are the search rules.
  async function run(ask, rules, message) {
    if (message.type === 0) {
      config = message.data.config;
      manifest = config.papersite_shards;
      sectionSet = new Set(manifest.sections);
      build = null;
      return ask({type: 0, data: {config: config, docs: [], options: message.data.options}});
    }
    if (message.type !== 2) return ask(message);
    capture = {query: null};
    var empty = await ask(message);
    var query = capture.query;
    capture = null;
    if (query === null) return empty; // Material found nothing to search for
    var clauses;
    try { clauses = clausesOf(query, manifest.fields); } catch (error) { return empty; }
    var wanted = new Set();
    await Promise.all(clauses.map(function (clause) { return route(clause, wanted); }));
    var shards = await Promise.all(Array.from(wanted).sort(function (a, b) { return a - b; }).map(function (s) {
      return fetchJSON(manifest.shards[s][1]);
    }));
    var info = builderInfo;
    var tokenSet = lunr.TokenSet.fromArray([].concat.apply([], shards.map(function (s) { return Object.keys(s.terms); })).sort());
    var needed = expansions(clauses, tokenSet, info.searchPipeline);
    info = {boosts: info.boosts, k1: info.k1, b: info.b, searchPipeline: info.searchPipeline, tokenSet: tokenSet};
    var all = indexOf(shards, info, function () { return true; }, String, needed);
    var results = all.search(query);
    if (!results.length) return empty;
    var chosen = choosePages(results, query);
    var fetched = await pageDocuments(chosen.pages);
    var locations = new Map(fetched.map(function (f) { return [f.number, f.doc.location]; }));
    build = function () {
      return indexOf(shards, info, function (doc) { return locations.has(doc); },
                     function (doc) { return locations.get(doc); }, needed);
    };
    var setup = {type: 0, data: {config: config, docs: fetched.map(function (f) { return f.doc; }), options: {suggest: false}}};
    rules.remember(setup);
    await ask(setup);
    var answer = await ask(message);
    if (answer.data) answer.data.papersite = {total: chosen.total};
    return answer;
  }

  // What the builder Material configures says about scoring (field boosts, k1, b, search pipeline).
  var builderInfo = null;
  function noteBuilder(builder) {
    var boosts = {};
    Object.keys(builder._fields).forEach(function (name) { boosts[name] = builder._fields[name].boost || 1; });
    builderInfo = {boosts: boosts, k1: builder._k1, b: builder._b, searchPipeline: builder.searchPipeline};
    if (builder._b !== 0) console.error("papersite search: Lunr's b is " + builder._b + ", not 0 as Material sets it: sharded scores differ from the whole index's");
  }

  // Hooks for lean-search.js: its Builder.prototype.build calls buildFor(builder) first, and Index.search notes
  // the query Material hands Lunr while step 1 runs.
  function buildFor(builder) {
    noteBuilder(builder);
    if (!build) return null;
    var make = build;
    build = null;
    var index = make();
    index.papersiteHighlights = builder.papersiteHighlights;
    return index;
  }

  // Return the function that answers messages: sharded once Material's config carries the manifest.
  function runner(rules, indexURL) {
    lunr = self.lunr;
    base = new URL(".", indexURL);
    var search = lunr.Index.prototype.search;
    lunr.Index.prototype.search = function (query) {
      if (capture) capture.query = query;
      return search.call(this, query);
    };
    return function (message) {
      var sharded = manifest || (message && message.type === 0 && message.data && message.data.config && message.data.config.papersite_shards);
      return sharded ? run(rules.ask, rules, message) : rules.ask(message);
    };
  }

  self.papersiteShards = {runner: runner, buildFor: buildFor};
})();
