// papersite's search rules in the browser; generator/search_rules.py applies the same ones to `papersite search`.
// lean-search.js loads this file before Material's worker and calls papersiteRules.capture(), which keeps
// Material's message listener aside; start() then answers each message by asking that listener (its answer is
// caught on the way out) and adjusting the result before it reaches the page:
// - a query with words of five letters or more that match nothing is asked again with edit distance 1 (Lunr's
//   word~1) on those words, and the result says which words it used (data.papersite.corrected; lean-search-config.js
//   shows it in Material's result meta);
// - pages whose title or method name (a title's part before its colon) is the query come first, then pages
//   matching every word of the query, then the rest, each group in Material's own order;
// - each result's text is the sentence or two around its first highlighted word, not the whole abstract.
// Nothing here changes which pages Lunr finds or their scores. Messages are answered one at a time, in order.
(function () {
  var FUZZY_MIN_LETTERS = 5;    // shorter words are too often one edit away from another word
  var METHOD_MAX_WORDS = 3;     // "CREIMBO: Cross-regional ..." names its method; a long head is a title
  var SENTENCE_BLOCK = 120;     // a shorter block is a topic or tag line: Material's own highlighting is kept
  var SHORT_SENTENCE = 160;     // a matched sentence shorter than this is shown with the next one
  var WORD = /[\p{L}\p{N}_]+/gu;
  var VOID = /^(br|img|hr|wbr|input|meta|link)$/i;
  var realAdd = self.addEventListener.bind(self);
  var realPost = self.postMessage.bind(self);
  var captured = [];
  var pending = null;
  var matched = new Map(); // ref -> matched index terms, from the last Lunr search

  // Keep Material's message listeners aside (called before its worker is imported).
  function capture() {
    self.addEventListener = function (type, listener, options) {
      if (type === "message") captured.push(listener);
      else realAdd(type, listener, options);
    };
  }

  // Give Material's listeners back untouched: its own worker runs as if papersite were not there.
  function release() {
    self.addEventListener = realAdd;
    captured.forEach(function (listener) { realAdd("message", listener); });
  }

  // Return the message Material's worker answers `message` with.
  function ask(message) {
    return new Promise(function (resolve) {
      pending = resolve;
      captured.forEach(function (listener) { listener({data: message}); });
    });
  }

  // Return the query's plain words (no field names, +, -, ~1, ^2 or *), as search_rules.plain_words does.
  function plainWords(query) {
    return (query.replace(/\b(title|text|tags):/g, " ").match(WORD) || []).filter(function (w) { return !/^\d$/.test(w); });
  }

  // Return the query with edit distance 1 on its words of 5+ letters that matched nothing (all of them when
  // nothing matched), or null if no such word.
  function fuzzyQuery(query, missing) {
    var words = plainWords(query);
    var retried = words.filter(function (w) { return w.length >= FUZZY_MIN_LETTERS && (!missing || missing.has(w.toLowerCase())); });
    if (!retried.length) return null;
    return words.map(function (w) { return retried.indexOf(w) >= 0 ? w + "~1" : w; }).join(" ");
  }

  // Return the words of 5+ letters that no result matched (Material marks them missing in every item).
  function missingWords(items, query) {
    var missing = new Set(plainWords(query).map(function (w) { return w.toLowerCase(); }).filter(function (w) {
      return w.length >= FUZZY_MIN_LETTERS;
    }));
    items.forEach(function (group) {
      group.forEach(function (item) {
        Object.keys(item.terms || {}).forEach(function (term) { if (item.terms[term]) missing.delete(term); });
      });
    });
    // A word Material does not list at all (a stop word) is not missing.
    var listed = new Set();
    items.forEach(function (group) { group.forEach(function (item) { Object.keys(item.terms || {}).forEach(function (t) { listed.add(t); }); }); });
    missing.forEach(function (w) { if (!listed.has(w)) missing.delete(w); });
    return missing;
  }

  function normalise(text) {
    return (text.toLowerCase().match(WORD) || []).join(" ");
  }

  function plainText(html) {
    return html.replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"")
      .replace(/&#0*39;/g, "'").replace(/&amp;/g, "&");
  }

  // Return a title's method name ("creimbo" for "CREIMBO: Cross-regional ..."), or "".
  function methodName(title) {
    var colon = title.indexOf(":");
    if (colon < 0) return "";
    var name = normalise(title.slice(0, colon));
    var words = name ? name.split(" ").length : 0;
    return words > 0 && words <= METHOD_MAX_WORDS ? name : "";
  }

  // Return true if b is at most one insertion, deletion, substitution or transposition away from a.
  function oneEdit(a, b) {
    if (Math.abs(a.length - b.length) > 1) return false;
    var i = 0;
    while (i < Math.min(a.length, b.length) && a[i] === b[i]) i++;
    return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1) ||
      (a.slice(i + 2) === b.slice(i + 2) && a.slice(i, i + 2) === b.slice(i, i + 2).split("").reverse().join(""));
  }

  // Mark the retried words as found in the items whose matched terms are one edit from them (Material marks
  // them missing, since no matched term starts with the misspelt word); return the words the best page used.
  function markCorrected(items, words, query) {
    var used = {};
    items.forEach(function (group, g) {
      group.forEach(function (item) {
        var terms = matched.get(item.location) || [];
        words.forEach(function (word) {
          var near = terms.filter(function (term) { return oneEdit(word.toLowerCase(), term); }).sort();
          if (!near.length || !item.terms) return;
          item.terms[word.toLowerCase()] = true;
          if (g === 0 && !used[word]) used[word] = near[0];
        });
      });
    });
    return plainWords(query).map(function (w) { return used[w] || w; }).join(" ");
  }

  // Return a group's tier: 0 its title or method name is the query, 1 it matches every word, 2 the rest.
  function tier(group, name) {
    var article = group.find(function (item) { return item.location.indexOf("#") < 0; }) || group[0];
    var title = plainText(article.title || "");
    if (name && (normalise(title) === name || methodName(title) === name)) return 0;
    var all = group.some(function (item) {
      var found = Object.keys(item.terms || {});
      return found.length > 0 && found.every(function (term) { return item.terms[term]; });
    });
    return all ? 1 : 2;
  }

  function rank(items, query) {
    var name = normalise(query);
    return items.map(function (group, i) { return {group: group, tier: tier(group, name), i: i}; })
      .sort(function (a, b) { return a.tier - b.tier || a.i - b.i; })
      .map(function (entry) { return entry.group; });
  }

  // Call visit(tag, start, end, depth) for every tag of html, depth counted before the tag.
  function eachTag(html, visit) {
    var tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g;
    var depth = 0;
    var m;
    while ((m = tag.exec(html))) {
      if (m[1]) depth -= 1;
      visit(m, depth);
      if (!m[1] && !VOID.test(m[2]) && m[0].slice(-2) !== "/>") depth += 1;
    }
  }

  // Split highlighted html into its top-level blocks (Material returns up to two, e.g. <p>…</p><p>…</p>).
  function blocks(html) {
    var out = [];
    var start = 0;
    eachTag(html, function (m, depth) {
      if (m[1] && depth === 0) {
        out.push(html.slice(start, m.index + m[0].length).trim());
        start = m.index + m[0].length;
      }
    });
    if (html.slice(start).trim()) out.push(html.slice(start).trim());
    return out;
  }

  // Return the sentence or two of a highlighted block around its first <mark>, with "…" where it was cut.
  function cutSentences(block) {
    var open = /^<([a-zA-Z][a-zA-Z0-9]*)[^>]*>/.exec(block);
    var close = open && block.slice(-(open[1].length + 3)) === "</" + open[1] + ">";
    if (!open || !close) return block;
    var inner = block.slice(open[0].length, block.length - open[1].length - 3);
    var cuts = [0];
    var depth = 0;
    var last = 0;
    var end = /[.!?]\s+(?=[\p{Lu}\p{N}("'<])/gu;
    function scan(from, to) {
      var text = inner.slice(from, to);
      var m;
      end.lastIndex = 0;
      while ((m = end.exec(text))) cuts.push(from + m.index + m[0].length);
    }
    eachTag(inner, function (m, d) {
      if (d === 0 && !m[1]) scan(last, m.index);
      depth = d;
      last = m.index + m[0].length;
    });
    if (depth <= 0) scan(last, inner.length);
    cuts.push(inner.length);
    cuts = cuts.filter(function (c, i) { return i === 0 || c > cuts[i - 1]; });
    var mark = inner.indexOf("<mark>");
    if (mark < 0 || cuts.length <= 2) return block;
    var s = 0;
    while (s + 1 < cuts.length - 1 && cuts[s + 1] <= mark) s++;
    var stop = s + 1;
    if (plainText(inner.slice(cuts[s], cuts[stop])).length < SHORT_SENTENCE && stop < cuts.length - 1) stop++;
    return open[0] + (s > 0 ? "… " : "") + inner.slice(cuts[s], cuts[stop]).trim() +
      (stop < cuts.length - 1 ? " …" : "") + "</" + open[1] + ">";
  }

  // Return the words Material highlighted in an item (its <mark>s), lower-cased.
  function markedWords(item) {
    var words = new Set();
    [item.title, item.text].forEach(function (html) {
      var mark = /<mark>([\s\S]*?)<\/mark>/g;
      var m;
      while (typeof html === "string" && (m = mark.exec(html))) words.add(plainText(m[1]).toLowerCase());
    });
    return words;
  }

  // Return a block of the document's own text with the marked words highlighted, as Material marks them (whole
  // words between separators, outside tags), or null when none of them is in it.
  function highlightBlock(block, words) {
    var found = false;
    var out = block.replace(/(<[^>]*>)|([^<]+)/g, function (all, tag, text) {
      if (tag) return tag;
      return text.replace(wordPattern(), function (word) {
        if (!words.has(plainText(word).toLowerCase())) return word;
        found = true;
        return "<mark>" + word + "</mark>";
      });
    });
    return found ? out : null;
  }

  var separator = /[\s\-]+/;
  function wordPattern() {
    return new RegExp("(?:(?!" + separator.source + ")[\\s\\S])+", "g");
  }

  // Return a result's text as the sentence or two around its first match. Material returns the first two
  // matching blocks, often a paper's author, topic and tag lines; the longest block of the document's own text
  // holding a highlighted word (the abstract) is preferred, highlighted the same way.
  function snippet(item) {
    var html = item.text;
    if (typeof html !== "string" || html.indexOf("<mark>") < 0) return html;
    var original = texts.get(item.location);
    var words = markedWords(item);
    if (typeof original === "string" && words.size) {
      // The longest block holding a highlighted word: a paper's abstract when the word is in it.
      var best = null;
      var bestLength = SENTENCE_BLOCK - 1;
      blocks(original).forEach(function (b) {
        var length = plainText(b).length;
        if (length <= bestLength) return;
        var lit = highlightBlock(b, words);
        if (lit) { best = lit; bestLength = length; }
      });
      if (best) return cutSentences(best);
    }
    var marked = blocks(html).filter(function (b) { return b.indexOf("<mark>") >= 0; });
    if (!marked.length) return html;
    var block = marked.find(function (b) { return plainText(b).length >= SENTENCE_BLOCK; }) || marked[0];
    return cutSentences(block);
  }

  // Note each document's own text (and the separator) when Material is set up: snippets are cut from it.
  function remember(message) {
    if (!message || message.type !== 0 || !message.data) return;
    texts = new Map();
    (message.data.docs || []).forEach(function (doc) { texts.set(doc.location, doc.text); });
    try { separator = new RegExp(message.data.config.separator); } catch (error) { separator = /[\s\-]+/; }
  }
  var texts = new Map();

  // Answer a query: ask Material, retry with edit distance 1 if nothing matched, then rank and cut snippets.
  async function query(run, message) {
    var answer = await run(message);
    var data = answer.data || {items: []};
    var note = null;
    var missing = data.items.length ? missingWords(data.items, message.data || "") : null;
    var retry = missing && !missing.size ? null : fuzzyQuery(message.data || "", missing);
    if (retry) {
      var second = await run({type: message.type, data: retry});
      if (second.data && second.data.items.length) {
        var words = plainWords(message.data).filter(function (w) {
          return w.length >= FUZZY_MIN_LETTERS && (!missing || missing.has(w.toLowerCase()));
        });
        var corrected = markCorrected(second.data.items, words, message.data);
        if (corrected.toLowerCase() !== plainWords(message.data).join(" ").toLowerCase()) {
          data = second.data;
          note = {query: message.data, corrected: corrected, missing: words};
        }
      }
    }
    data.items = rank(data.items, message.data || "");
    data.items.forEach(function (group) {
      group.forEach(function (item) { item.text = snippet(item); });
    });
    if (note) data.papersite = note;
    return {type: answer.type, data: data};
  }

  // Answer every message through `run` (Material's listener, or the sharded search), in order.
  function start(run) {
    var lunr = self.lunr;
    var search = lunr.Index.prototype.search;
    lunr.Index.prototype.search = function (q) {
      var results = search.call(this, q);
      matched = new Map(results.map(function (r) { return [r.ref, Object.keys(r.matchData.metadata)]; }));
      return results;
    };
    self.addEventListener = realAdd;
    self.postMessage = function (message) {
      if (pending) { var resolve = pending; pending = null; resolve(message); } else realPost(message);
    };
    var queue = Promise.resolve();
    realAdd("message", function (ev) {
      queue = queue.then(async function () {
        var message = ev.data;
        remember(message);
        var out = message && message.type === 2 ? await query(run, message) : await run(message);
        realPost(out);
      }).catch(function (error) { console.error("papersite search: " + error); });
    });
  }

  self.papersiteRules = {capture: capture, release: release, ask: ask, start: start, remember: remember};
})();
