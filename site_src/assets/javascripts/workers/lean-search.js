// papersite's search worker: Material's own worker (Lunr), with a faster way of filling the same Lunr index.
// Material builds the index in the browser from search/search_index.json when a page loads, and ignores
// queries until it is done; on a site of thousands of papers that build is what the reader waits for.
// Three things make it slow, none of which changes which pages a query finds or their scores:
// - Lunr records where each word occurs (position metadata) only so the result list can highlight
//   matches; we keep none while filling, and when a query returns a page we fill its highlighting table as
//   Material's tokenizer would have and hand Material the matched words' positions, so results are
//   highlighted exactly as Material's own worker highlights them;
// - Lunr wraps every word in a Token object and stores an object per (word, field, page) posting,
//   which leaves most of the time to the garbage collector; we count plain term ids per page and make
//   a term's postings into Lunr's objects only when a query first reads them;
// - the word pipeline (stop words, optionally trimmer and stemmer) runs once per word occurrence; its
//   built-in steps depend on the word alone, so we run it once per distinct word.
// Words are cut exactly as Material's tokenizer cuts them (same tag skipping, same separator), term ids
// follow Lunr's first-seen order and vectors use Lunr's formula, so the index is Lunr's, value for value
// (bench/search_speed.py --compare checks it against Material's own worker). Anything this fast path does
// not know (a segmenter for Japanese, a language's own pipeline step, a field that is not text, a page
// added twice) goes through Lunr's and Material's own code instead.
// Splitting the counting with a second (nested) worker was tried and measured slower on a 2-core machine:
// the helper must fetch and parse the index again, and a nested worker only starts while its parent is idle.
// lean-search-config.js passes the URL of Material's worker as ?worker=.
// Guarded: Lunr's private fields and Material's globals are no API and a future Material or Lunr may change
// them, so before replacing anything missingInternals() checks every one this file relies on. If one is
// missing or different, or the worker URL says ?papersite-lean=off (lean-search-config.js adds it when the
// page's own URL has it, so a reader or a test can switch the fast path off), this file logs one warning and
// replaces nothing: Material's own worker, already loaded, runs as if papersite were not there.
(function () {
  var params = new URL(self.location.href).searchParams;
  var worker = new URL(params.get("worker") || "", self.location.href);
  // The site's search index, whose folder holds the shards of a sharded site (lean-search-config.js passes it).
  var indexURL = new URL(params.get("index") || "../../../search/search_index.json", self.location.href);
  if (worker.origin !== self.location.origin || indexURL.origin !== self.location.origin) {
    throw new Error("papersite search: refusing a worker or index from another origin");
  }
  // The search rules (search-rules.js) keep Material's message listener aside before its worker registers it.
  importScripts(new URL("search-rules.js", self.location.href).href, new URL("search-shards.js", self.location.href).href);
  var rules = self.papersiteRules;
  rules.capture();
  importScripts(worker.href);
  var off = params.get("papersite-lean") === "off";
  var unmet = off ? [] : missingInternals(self.lunr);
  if (off || unmet.length) {
    var why = unmet.length ? "missing or changed: " + unmet.join(", ") : "switched off by ?papersite-lean=off";
    console.warn("papersite: lean search disabled (" + why + "); using Material's own search worker");
    rules.release();
    return;
  }
  var lunr = self.lunr;
  var add = lunr.Builder.prototype.add;
  var build = lunr.Builder.prototype.build;
  // Postings carry no metadata, so one shared, frozen object can stand for all of them.
  var NO_METADATA = Object.freeze(Object.create(null));
  // Pipeline steps whose output depends on the word alone, so their result can be reused per word.
  var PER_WORD = [lunr.trimmer, lunr.stopWordFilter, lunr.stemmer];
  var separatorSource = null;
  var separator = null;

  // Call visit(index, until) for each word of a text section, cut at the separator as Material's split() cuts it.
  function eachWord(section, visit) {
    var index = 0;
    var match;
    separator.lastIndex = 0;
    do {
      match = separator.exec(section);
      var until = match ? match.index : section.length;
      if (index < until) visit(index, until);
      if (match) {
        index = match.index + match[0].length;
        if (match[0].length === 0) separator.lastIndex = match.index + 1;
      }
    } while (match);
  }

  // Append the lower-cased words of `input` (a string or list of strings) to `out`, as Material's tokenize() cuts them.
  function cutWords(input, out) {
    var inputs = Array.isArray(input) ? input : [input];
    for (var i = 0; i < inputs.length; i++) {
      var text = inputs[i];
      extractSections(text, function (block, type, start, end) {
        if (type !== 1) return; // a tag, not text
        var section = text.slice(start, end);
        eachWord(section, function (index, until) { out.push(section.slice(index, until).toLowerCase()); });
      });
    }
    return out;
  }

  // Return true if the fast path gives exactly what Lunr and Material's own code would for this document.
  function canAddFast(builder, doc, fields) {
    if (builder.papersiteNative || typeof lunr.segmenter !== "undefined" || !(lunr.tokenizer.separator instanceof RegExp)) return false;
    if (builder.papersite && builder.papersite.refs.has(String(doc[builder._ref]))) return false;
    var stack = builder.pipeline._stack;
    for (var s = 0; s < stack.length; s++) {
      if (PER_WORD.indexOf(stack[s]) < 0) return false;
    }
    for (var f = 0; f < fields.length; f++) {
      var value = doc[fields[f]];
      if (value === undefined || typeof value === "string") continue;
      if (!Array.isArray(value)) return false;
      for (var v = 0; v < value.length; v++) {
        if (typeof value[v] !== "string") return false;
      }
    }
    return true;
  }

  // Return the builder's compact state: term ids in first-seen order (Lunr's term index) and, per document
  // and field, the sorted ids of its terms with their counts.
  function stateOf(builder, fields) {
    if (!builder.papersite) {
      builder.papersite = {
        fields: fields,
        ids: new Map(),          // pipeline input word -> ids of the terms it gives
        termId: new Map(),       // term -> id
        terms: [],               // term id -> term
        entries: [],             // one per (document, field), in the order Lunr adds them
        refs: new Set(),         // a document added twice goes through Lunr's own code
        counts: new Int32Array(1024),
      };
    }
    return builder.papersite;
  }

  // Return the ids of the terms the builder's pipeline makes of `word`, running the pipeline once per distinct word.
  function termIds(builder, state, word) {
    var ids = state.ids.get(word);
    if (ids === undefined) {
      var terms = builder.pipeline.runString(word);
      ids = [];
      for (var t = 0; t < terms.length; t++) {
        var id = state.termId.get(terms[t]);
        if (id === undefined) {
          id = state.terms.length;
          state.termId.set(terms[t], id);
          state.terms.push(terms[t]);
        }
        ids.push(id);
      }
      state.ids.set(word, ids);
    }
    return ids;
  }

  // Record a document's terms as lunr.Builder.prototype.add would, in compact form (no metadata, no Token objects).
  function addFast(builder, state, doc, attributes) {
    var docRef = doc[builder._ref];
    builder._documents[docRef] = attributes || {};
    builder.documentCount += 1;
    state.refs.add(String(docRef));
    for (var i = 0; i < state.fields.length; i++) {
      var fieldName = state.fields[i];
      var extractor = builder._fields[fieldName].extractor;
      // Material's extractor also sets up its highlighting table for the field (an empty one, which
      // highlightFields fills when the document is first found); keep calling it.
      var tableBefore = lunr.tokenizer.table;
      var value = extractor ? extractor(doc) : doc[fieldName];
      if (value !== undefined && lunr.tokenizer.table !== tableBefore) {
        highlightsOf(builder).fields.push({ref: String(docRef), name: fieldName, value: value, table: lunr.tokenizer.table});
      }
      var words = value === undefined ? [] : cutWords(value, []);
      var touched = [];
      var length = 0;
      if (state.counts.length < state.terms.length + words.length) {
        var grown = new Int32Array(2 * (state.terms.length + words.length));
        grown.set(state.counts);
        state.counts = grown;
      }
      var counts = state.counts;
      for (var w = 0; w < words.length; w++) {
        var ids = termIds(builder, state, words[w]);
        for (var t = 0; t < ids.length; t++) {
          if (counts[ids[t]] === 0) touched.push(ids[t]);
          counts[ids[t]] += 1;
          length += 1;
        }
      }
      // Sorted by term id, as a lunr.Vector keeps its elements.
      var sorted = Int32Array.from(touched).sort();
      var tfs = new Int32Array(sorted.length);
      for (var k = 0; k < sorted.length; k++) {
        tfs[k] = counts[sorted[k]];
        counts[sorted[k]] = 0;
      }
      var fieldRef = new lunr.FieldRef(docRef, fieldName).toString();
      builder.fieldLengths[fieldRef] = length;
      state.entries.push({ref: docRef, field: i, fieldRef: fieldRef, ids: sorted, tfs: tfs});
    }
    builder.termIndex = state.terms.length;
  }

  // Return what the builder keeps to highlight results later: each fast-added field's value and table.
  function highlightsOf(builder) {
    if (!builder.papersiteHighlights) {
      builder.papersiteHighlights = {fields: [], byRef: null, pipeline: builder.pipeline, words: new Map()};
    }
    return builder.papersiteHighlights;
  }

  // Call fn(block, type, start, end) for each tag and text section of input, as Material's extract() does.
  function extractSections(input, fn) {
    var block = 0;
    var start = 0;
    var end = 0;
    for (var stack = 0; end < input.length; end++) {
      var c = input.charCodeAt(end);
      if (c === 60 && end > start) { // "<"
        fn(block, 1, start, end);
        start = end;
      } else if (c === 62) { // ">"
        if (input.charAt(start + 1) === "/") {
          if (--stack === 0) fn(block++, 2, start, end + 1);
        } else if (input.charAt(end - 1) !== "/") {
          if (stack++ === 0) fn(block, 0, start, end + 1);
        }
        start = end + 1;
      }
    }
    if (end > start) fn(block, 1, start, end);
  }

  // Fill a field's highlighting table as Material's tokenize() fills it while indexing with positions (an
  // entry per tag and per word: start << 12 | length << 2 | type), noting the first block of each input.
  function fillTable(field) {
    var inputs = Array.isArray(field.value) ? field.value : [field.value];
    var table = field.table;
    field.inputs = inputs;
    field.blocks = [];
    inputs.forEach(function (input) {
      var total = table.length;
      field.blocks.push(total);
      extractSections(input, function (block, type, start, end) {
        block += total;
        var entries = table[block] || (table[block] = []);
        if (type !== 1) {
          entries.push(start << 12 | end - start << 2 | type);
          return;
        }
        eachWord(input.slice(start, end), function (index, until) {
          entries.push(start + index << 12 | until - index << 2 | 1);
          if (until - index > 0x3FF) { // longer than an entry can say: keep its real length aside
            field.longWords = field.longWords || Object.create(null);
            field.longWords[block << 20 | entries.length - 1] = until - index;
          }
        });
      });
    });
    field.blocks.push(table.length);
  }

  // Return the terms the indexing pipeline makes of a word (run once per distinct word).
  function wordTerms(highlights, word) {
    var terms = highlights.words.get(word);
    if (terms === undefined) highlights.words.set(word, terms = highlights.pipeline.runString(word));
    return terms;
  }

  // Add to a result's match data the positions of its matched terms, as Lunr records them while indexing
  // with position metadata (block << 20 | entry), so Material highlights the result as it would have. Only
  // for fields of documents added the fast way; a field's table is filled the first time a query returns it.
  function highlightFields(highlights, result) {
    if (!highlights.byRef) {
      highlights.byRef = new Map();
      highlights.fields.forEach(function (field) {
        if (!highlights.byRef.has(field.ref)) highlights.byRef.set(field.ref, []);
        highlights.byRef.get(field.ref).push(field);
      });
      // With stop words as the only pipeline step, a word's term is the word itself: no lookup needed.
      highlights.wordIsTerm = highlights.pipeline._stack.every(function (fn) { return fn === lunr.stopWordFilter; });
    }
    var fields = highlights.byRef.get(String(result.ref));
    if (!fields) return;
    var metadata = result.matchData.metadata;
    fields.forEach(function (field) {
      var matched = Object.keys(metadata).filter(function (term) { return metadata[term][field.name] !== undefined; });
      if (!matched.length) return;
      if (!field.blocks) fillTable(field);
      var byTerm = new Map(); // matched term -> its positions
      var lengths = Object.create(null);
      matched.forEach(function (term) {
        byTerm.set(term, (metadata[term][field.name] = {position: []}).position);
        lengths[term.length] = true;
      });
      var direct = highlights.wordIsTerm;
      for (var i = 0; i < field.inputs.length; i++) {
        var input = field.inputs[i];
        for (var block = field.blocks[i]; block < field.blocks[i + 1]; block++) {
          var entries = field.table[block] || [];
          for (var j = 0; j < entries.length; j++) {
            var entry = entries[j];
            if ((entry & 3) !== 1) continue; // a tag, not a word
            var length = field.longWords && field.longWords[block << 20 | j] || entry >>> 2 & 0x3FF;
            if (direct && !lengths[length]) continue;
            var start = entry >>> 12;
            var word = input.slice(start, start + length).toLowerCase();
            var terms = direct ? [word] : wordTerms(highlights, word);
            for (var t = 0; t < terms.length; t++) {
              var list = byTerm.get(terms[t]);
              if (list) list.push(block << 20 | j);
            }
          }
        }
      }
    });
  }

  // Return, per field, the refs of the documents holding each term (term id t: refs[offsets[t]..offsets[t + 1]]).
  function postingLists(state) {
    var terms = state.terms.length;
    var lists = state.fields.map(function () { return {offsets: new Int32Array(terms + 1), refs: null}; });
    state.entries.forEach(function (entry) {
      var offsets = lists[entry.field].offsets;
      for (var k = 0; k < entry.ids.length; k++) offsets[entry.ids[k] + 1] += 1;
    });
    lists.forEach(function (list) {
      for (var t = 0; t < terms; t++) list.offsets[t + 1] += list.offsets[t];
      list.refs = new Array(list.offsets[terms]);
      list.next = list.offsets.slice(0, terms);
    });
    // Entries are in the order documents were added, so each list keeps Lunr's insertion order.
    state.entries.forEach(function (entry) {
      var list = lists[entry.field];
      for (var k = 0; k < entry.ids.length; k++) list.refs[list.next[entry.ids[k]]++] = entry.ref;
    });
    return lists;
  }

  // Turn the compact state into Lunr's own structures, so Lunr's add and build can take over from here.
  function toNative(builder) {
    var state = builder.papersite;
    builder.papersiteNative = true;
    if (!state) return;
    builder.papersite = null;
    var lists = postingLists(state);
    state.terms.forEach(function (term, id) {
      var posting = Object.create(null);
      posting._index = id;
      state.fields.forEach(function (fieldName, f) {
        var list = lists[f];
        posting[fieldName] = Object.create(null);
        for (var r = list.offsets[id]; r < list.offsets[id + 1]; r++) posting[fieldName][list.refs[r]] = Object.create(null);
      });
      builder.invertedIndex[term] = posting;
    });
    state.entries.forEach(function (entry) {
      var frequencies = Object.create(null);
      // Sorted by term id rather than first occurrence: that only changes the order Lunr fills the vector in.
      for (var k = 0; k < entry.ids.length; k++) frequencies[state.terms[entry.ids[k]]] = entry.tfs[k];
      builder.fieldTermFrequencies[entry.fieldRef] = frequencies;
    });
    builder.termIndex = state.terms.length;
  }

  // A posting whose per-field lists become Lunr's {ref: metadata} objects only when a query first reads them.
  function postingClass(state, lists) {
    function Posting(id) { this._index = id; }
    Posting.prototype = Object.create(null);
    state.fields.forEach(function (fieldName, f) {
      var list = lists[f];
      Object.defineProperty(Posting.prototype, fieldName, {
        get: function () {
          var value = Object.create(null);
          for (var r = list.offsets[this._index]; r < list.offsets[this._index + 1]; r++) value[list.refs[r]] = NO_METADATA;
          Object.defineProperty(this, fieldName, {value: value, writable: true, enumerable: true, configurable: true});
          return value;
        },
        enumerable: true,
        configurable: true,
      });
    });
    return Posting;
  }

  // Build the lunr.Index as lunr.Builder.prototype.build does (same term index, vectors, scores and token set).
  function buildFast(builder, state) {
    builder.calculateAverageFieldLengths();
    var lists = postingLists(state);
    var documentCount = builder.documentCount;
    var idf = new Float64Array(state.terms.length);
    for (var id = 0; id < state.terms.length; id++) {
      var documentsWithTerm = 0;
      for (var f = 0; f < lists.length; f++) documentsWithTerm += lists[f].offsets[id + 1] - lists[f].offsets[id];
      // lunr.idf, for the posting of this term
      var x = (documentCount - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5);
      idf[id] = Math.log(1 + Math.abs(x));
    }
    var k1 = builder._k1;
    var b = builder._b;
    var fieldVectors = {};
    for (var e = 0; e < state.entries.length; e++) {
      var entry = state.entries[e];
      var fieldName = state.fields[entry.field];
      var fieldLength = builder.fieldLengths[entry.fieldRef];
      var fieldBoost = builder._fields[fieldName].boost || 1;
      var docBoost = builder._documents[entry.ref].boost || 1;
      var elements = new Array(2 * entry.ids.length);
      for (var o = 0; o < entry.ids.length; o++) {
        var tf = entry.tfs[o];
        // Lunr's BM25 weight, computed in the same order of operations so scores match to the last bit.
        var score = idf[entry.ids[o]] * ((k1 + 1) * tf) / (k1 * (1 - b + b * (fieldLength / builder.averageFieldLength[fieldName])) + tf);
        score *= fieldBoost;
        score *= docBoost;
        elements[2 * o] = entry.ids[o];
        elements[2 * o + 1] = Math.round(score * 1000) / 1000;
      }
      fieldVectors[entry.fieldRef] = new lunr.Vector(elements);
    }
    var Posting = postingClass(state, lists);
    var invertedIndex = Object.create(null);
    for (var t = 0; t < state.terms.length; t++) invertedIndex[state.terms[t]] = new Posting(t);
    builder.invertedIndex = invertedIndex;
    builder.fieldVectors = fieldVectors;
    builder.tokenSet = lunr.TokenSet.fromArray(state.terms.slice().sort());
    // The index keeps only the posting lists; let the worker free the counts it no longer needs.
    state.entries = state.ids = state.termId = state.refs = state.counts = null;
    builder.papersite = null;
    builder.papersiteNative = true; // anything added after the build goes through Lunr's own code
    var index = new lunr.Index({
      invertedIndex: invertedIndex,
      fieldVectors: fieldVectors,
      tokenSet: builder.tokenSet,
      fields: state.fields.slice(),
      pipeline: builder.searchPipeline,
    });
    index.papersiteHighlights = builder.papersiteHighlights;
    return index;
  }

  lunr.Builder.prototype.add = function (doc, attributes) {
    this.metadataWhitelist = [];
    var fields = Object.keys(this._fields);
    if (!canAddFast(this, doc, fields)) {
      toNative(this);
      return add.call(this, doc, attributes);
    }
    if (separatorSource !== lunr.tokenizer.separator) {
      separatorSource = lunr.tokenizer.separator;
      separator = new RegExp(separatorSource, "g");
    }
    var state = stateOf(this, fields);
    addFast(this, state, doc, attributes);
  };

  lunr.Builder.prototype.build = function () {
    // On a sharded site the index of a query's fetched documents is made from its shards (search-shards.js).
    var sharded = self.papersiteShards.buildFor(this);
    if (sharded) {
      this.papersite = null;
      this.papersiteNative = true;
      return sharded;
    }
    if (this.papersite && !this.papersiteNative && Object.keys(this._fields).join("\u0000") === this.papersite.fields.join("\u0000")) {
      return buildFast(this, this.papersite);
    }
    toNative(this);
    var index = build.call(this);
    index.papersiteHighlights = this.papersiteHighlights;
    return index;
  };

  // Material reads the positions of every match to highlight it: documents added the fast way get theirs now.
  var search = lunr.Index.prototype.search;
  lunr.Index.prototype.search = function (query) {
    var results = search.call(this, query);
    var highlights = this.papersiteHighlights;
    results.forEach(function (result) {
      if (highlights) highlightFields(highlights, result);
      var metadata = result.matchData.metadata;
      Object.keys(metadata).forEach(function (term) {
        Object.keys(metadata[term]).forEach(function (field) {
          if (!metadata[term][field].position) metadata[term][field] = {position: []};
        });
      });
    });
    return results;
  };

  // ?papersite-rules=off leaves Material's answers as they are (bench/search_speed.py --compare checks the index alone).
  if (params.get("papersite-rules") === "off") rules.release();
  else rules.start(self.papersiteShards.runner(rules, indexURL));

  // Return what the fast path relies on but this Lunr and Material lack (empty if nothing). Lunr's own code
  // builds a one-document index with positions, as Material configures it, and each relied-on piece is
  // checked on it; nothing here replaces or keeps anything. What is relied on, and why:
  // - self.lunr, a function: Material's worker exposes its bundled Lunr there, and this file patches that one;
  // - lunr.tokenizer, a function: Material hangs the configured separator (.separator) and each field's
  //   highlighting table (.table) on it while indexing; both are set only then, so they are checked where
  //   read (canAddFast falls back per page without a RegExp separator; addFast notes only a new table);
  // - lunr.trimmer, lunr.stopWordFilter, lunr.stemmer: the pipeline steps known to depend on the word alone;
  // - Builder.prototype.add, .build, .calculateAverageFieldLengths: wrapped or called by the fast path;
  // - a builder's _ref, _fields[name] (.boost, .extractor, which Material passes through field()), _documents,
  //   documentCount, fieldLengths, fieldTermFrequencies ({term: count}), invertedIndex (term -> {_index,
  //   field: {ref: metadata}}), termIndex, metadataWhitelist, pipeline (._stack, .runString), searchPipeline,
  //   _k1, _b and averageFieldLength: the fast path fills or reads them in place of Lunr's add and build;
  // - lunr.FieldRef(ref, field).toString(): the key of fieldLengths, fieldTermFrequencies and fieldVectors;
  // - new lunr.Vector([index, value, ...]), lunr.TokenSet.fromArray(sorted terms) and new lunr.Index({
  //   invertedIndex, fieldVectors, tokenSet, fields, pipeline}): how the fast build makes Lunr's index;
  // - Index.prototype.search's results, [{ref, score, matchData: {metadata: {term: {field: {position}}}}}]:
  //   the message Material reads to rank and highlight, which the wrapped search fills in. Material's worker
  //   messages themselves (setup, ready, query, result) pass through untouched, so nothing here checks them.
  function missingInternals(lunr) {
    if (typeof lunr !== "function") return ["self.lunr"];
    var unmet = [];
    // Record `what` unless test() returns true (a test that throws, on a missing object, counts as false).
    function need(what, test) {
      var ok = false;
      try { ok = test() === true; } catch (error) { ok = false; }
      if (!ok) unmet.push(what);
      return ok;
    }
    // Query, QueryParser and TokenSet.fromFuzzyString: the sharded search (search-shards.js) parses and routes queries.
    var functions = ["tokenizer", "trimmer", "stopWordFilter", "stemmer", "Builder", "FieldRef", "Vector", "TokenSet", "Index", "Pipeline", "Query", "QueryParser"];
    functions.forEach(function (name) { need("lunr." + name, function () { return typeof lunr[name] === "function"; }); });
    need("lunr.TokenSet.fromArray", function () { return typeof lunr.TokenSet.fromArray === "function"; });
    need("lunr.TokenSet.fromFuzzyString and fromClause", function () { return typeof lunr.TokenSet.fromFuzzyString === "function" && typeof lunr.TokenSet.fromClause === "function"; });
    ["add", "build", "calculateAverageFieldLengths"].forEach(function (name) {
      need("Builder.prototype." + name, function () { return typeof lunr.Builder.prototype[name] === "function"; });
    });
    need("Index.prototype.search", function () { return typeof lunr.Index.prototype.search === "function"; });
    if (unmet.length) return unmet;
    var builder, index, results;
    function extractor(doc) { return doc.t; }
    var ready = need("a probe index from Lunr's own builder", function () {
      builder = new lunr.Builder();
      builder.ref("id");
      builder.field("t", {boost: 2, extractor: extractor});
      builder.metadataWhitelist = ["position"];
      builder.add({id: "a", t: "probe"}, {boost: 3});
      return true;
    });
    if (!ready) return unmet;
    var ref = null;
    need("lunr.FieldRef", function () { ref = new lunr.FieldRef("a", "t").toString(); return typeof ref === "string"; });
    need("Builder._ref", function () { return builder._ref === "id"; });
    need("Builder._fields", function () { return builder._fields.t.boost === 2 && builder._fields.t.extractor === extractor; });
    need("Builder._documents", function () { return builder._documents.a.boost === 3; });
    need("Builder.documentCount", function () { return builder.documentCount === 1; });
    need("Builder.fieldLengths", function () { return builder.fieldLengths[ref] === 1; });
    need("Builder.fieldTermFrequencies", function () { return builder.fieldTermFrequencies[ref].probe === 1; });
    need("Builder.invertedIndex", function () { return builder.invertedIndex.probe._index === 0 && typeof builder.invertedIndex.probe.t.a === "object"; });
    need("Builder.termIndex", function () { return builder.termIndex === 1; });
    need("Builder.metadataWhitelist", function () { return Array.isArray(builder.metadataWhitelist); });
    need("Builder.pipeline", function () { return Array.isArray(builder.pipeline._stack) && typeof builder.pipeline.runString === "function"; });
    need("Builder.searchPipeline", function () { return builder.searchPipeline instanceof lunr.Pipeline; });
    need("Builder._k1 and _b", function () { return typeof builder._k1 === "number" && typeof builder._b === "number"; });
    need("Builder.averageFieldLength", function () { builder.calculateAverageFieldLengths(); return builder.averageFieldLength.t === 1; });
    if (unmet.length) return unmet;
    need("Builder.prototype.build", function () { index = builder.build(); return index instanceof lunr.Index; });
    need("lunr.Vector", function () {
      var elements = new lunr.Vector([0, 0.5]).elements;
      return index.fieldVectors[ref] instanceof lunr.Vector && elements.length === 2 && elements[1] === 0.5;
    });
    need("lunr.Index({invertedIndex, fieldVectors, tokenSet, fields, pipeline})", function () {
      index = new lunr.Index({invertedIndex: builder.invertedIndex, fieldVectors: index.fieldVectors,
        tokenSet: lunr.TokenSet.fromArray(["probe"]), fields: ["t"], pipeline: builder.searchPipeline});
      results = index.search("probe");
      return true;
    });
    need("the shape of Index.prototype.search's results", function () {
      return results.length === 1 && results[0].ref === "a" && typeof results[0].score === "number" &&
        Array.isArray(results[0].matchData.metadata.probe.t.position);
    });
    return unmet;
  }
})();
