// The Saved page: the reading list kept by saved.js, its export (BibTeX, CSV, links: files made in the browser) and
// import, and "More like these" (ranked by more-like.js from saved/vectors.json). Its data files are read by this
// page only. Paper text reaches the page through textContent, never as HTML.
(function () {
  "use strict";
  var FORMAT = 1;
  //: Suggestions shown at first, and added by "Show more".
  var STEP = 10;
  var decodeVectors = window.PapersiteMoreLike.decodeVectors, rank = window.PapersiteMoreLike.rank;

  // --- export and import -------------------------------------------------------------------------------

  // A CSV cell: quoted when needed; a leading = + - @ made inert so a spreadsheet does not run it as a formula.
  function csvCell(value) {
    var text = String(value).replace(/\s+/g, " ").trim();
    if (/^[=+\-@]/.test(text)) text = "'" + text;
    return /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  function parseCsv(text) {
    var rows = [], row = [], cell = "", quoted = false;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
        else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ",") { row.push(cell); cell = ""; }
      else if (c === "\n" || c === "\r") {
        if (c === "\r" && text[i + 1] === "\n") i++;
        row.push(cell); rows.push(row); row = []; cell = "";
      } else cell += c;
    }
    if (cell || row.length) { row.push(cell); rows.push(row); }
    return rows;
  }

  // BibTeX entries of exports/papers.bib, one a paper in the catalog's order, with their keys.
  function splitBibtex(text) {
    return text.split(/\n(?=@)/).map(function (e) { return e.trim() + "\n"; }).filter(function (e) { return e.charAt(0) === "@"; });
  }

  function bibKey(entry) {
    var m = /^@\w+\s*\{\s*([^,\s]+)\s*,/.exec(entry);
    return m ? m[1] : null;
  }

  function download(name, type, text) {
    var url = URL.createObjectURL(new Blob([text], { type: type + ";charset=utf-8" }));
    var a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }

  // --- the page ----------------------------------------------------------------------------------------

  function init() {
    var root = document.querySelector(".ps-saved"), store = window.papersiteSaved;
    var nojs = document.querySelector(".ps-saved-nojs");
    if (!root) return;
    if (!store) {  // saved.js found no usable localStorage (blocked by a privacy setting)
      if (nojs) nojs.textContent = "This browser does not let the site keep data (localStorage), so there is no reading list here.";
      return;
    }
    var here = window.location.href;
    var at = function (name) { return new URL(root.dataset[name], here); };
    fetch(at("papers")).then(function (r) { return r.json(); }).then(function (catalog) {
      if (catalog.format !== FORMAT) throw new Error("papers.json: unknown format " + catalog.format);
      if (nojs) nojs.hidden = true;
      root.hidden = false;
      setup(root, store, catalog, at);
    }).catch(function (e) {
      if (nojs) nojs.textContent = "The reading list could not be loaded (" + e.message + ").";
    });
  }

  function setup(root, store, catalog, at) {
    var papers = catalog.papers, bySlug = {}, byFingerprint = {}, byId = {};
    papers.forEach(function (p, row) {
      bySlug[p[0]] = row;
      byId[p[1]] = row;
      var fp = p[0].slice(p[0].lastIndexOf("-") + 1);
      byFingerprint[fp] = byFingerprint.hasOwnProperty(fp) ? -1 : row;  // -1: two papers share it, never guessed
    });
    var status = root.querySelector(".ps-saved__status");
    var list = root.querySelector(".ps-saved__list");
    var moreList = root.querySelector(".ps-more__list"), moreStatus = root.querySelector(".ps-more__status");
    var moreButton = root.querySelector("[data-more]");
    var dismissedBox = root.querySelector(".ps-dismissed"), dismissedList = root.querySelector(".ps-dismissed__list");
    var importStatus = root.querySelector(".ps-saved__import-status");
    var shown = STEP, listed = [], removed = [], vectors = null, vectorsFailed = "", bibtex = null;

    // The row of a stored slug: the same slug, else (the title changed, so did the slug's words) the same fingerprint.
    function rowOf(slug) {
      if (bySlug.hasOwnProperty(slug)) return bySlug[slug];
      var fp = slug.slice(slug.lastIndexOf("-") + 1);
      return byFingerprint.hasOwnProperty(fp) && byFingerprint[fp] >= 0 ? byFingerprint[fp] : -1;
    }

    // Stored slugs found by fingerprint are rewritten to the current slug, so every toggle of the site shows them.
    function migrate() {
      var state = store.read(), changed = false;
      ["saved", "dismissed"].forEach(function (name) {
        state[name] = state[name].map(function (slug) {
          var r = rowOf(slug);
          if (r < 0 || papers[r][0] === slug) return slug;
          changed = true;
          return papers[r][0];
        });
      });
      if (changed) store.write(state);
    }

    function pageUrl(row) { return new URL("papers/" + papers[row][0] + "/", store.base).href; }

    // Who, where and when, on one short line: three authors at most, the year only when the venue does not say it.
    function facts(row) {
      var p = papers[row], authors = p[3] ? p[3].split("; ") : [];
      var who = authors.length > 3 ? authors.slice(0, 3).join(", ") + " et al." : authors.join(", ");
      var when = p[5] && p[4] && p[5].indexOf(p[4]) < 0 ? p[5] + " " + p[4] : p[5] || p[4];
      return [who, when, p[6] >= 0 ? catalog.topics[p[6]] : ""].filter(Boolean).join(" \u00b7 ");
    }

    // A list entry: the paper's link and Save toggle, then a line of facts (and of `extra` nodes: a reason, a button).
    function entry(row, extra) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = pageUrl(row);
      a.textContent = papers[row][2];
      li.appendChild(a);
      li.appendChild(store.button(papers[row][0], papers[row][2], false));
      var line = document.createElement("div"), who = document.createElement("span");
      line.className = "ps-entry__facts";
      who.textContent = facts(row);
      line.appendChild(who);
      (extra || []).forEach(function (node) { line.appendChild(node); });
      li.appendChild(line);
      return li;
    }

    function quietButton(label, name, onClick) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "ps-button ps-button--quiet";
      b.textContent = label;
      b.setAttribute("aria-label", label + ": \u201c" + name + "\u201d");
      b.addEventListener("click", onClick);
      return b;
    }

    function known(state) {
      var rows = [];
      state.saved.forEach(function (s) { var r = rowOf(s); if (r >= 0 && rows.indexOf(r) < 0) rows.push(r); });
      return rows;
    }

    function render(state) {
      var rows = known(state), lost = state.saved.length - rows.length;
      // A paper removed on this page stays listed (its button unpressed) until the page is left, so a slip is undone.
      removed = removed.concat(listed).filter(function (r, i, all) { return rows.indexOf(r) < 0 && all.indexOf(r) === i; });
      listed = rows;
      list.textContent = "";
      var all = rows.concat(removed);
      all.forEach(order);  // first seen, first listed: the saved order, a removed paper keeping its place
      all.sort(function (a, b) { return order(a) - order(b); }).forEach(function (r) {
        var li = entry(r);
        if (rows.indexOf(r) < 0) li.classList.add("ps-saved__removed");
        list.appendChild(li);
      });
      var text = rows.length ? rows.length + (rows.length === 1 ? " saved paper" : " saved papers") + ", newest last."
        : "No saved papers yet: press Save on a paper's page or beside a paper in any list.";
      if (lost) text += " " + lost + (lost === 1 ? " saved paper is" : " saved papers are") + " not in this collection any more.";
      status.textContent = text;
      root.querySelectorAll("[data-export], [data-clear]").forEach(function (b) { b.disabled = !rows.length; });
      renderDismissed(state);
      renderMore(state, rows);
    }

    var firstOrder = {};
    function order(row) {
      if (!firstOrder.hasOwnProperty(row)) firstOrder[row] = Object.keys(firstOrder).length;
      return firstOrder[row];
    }

    function renderDismissed(state) {
      dismissedList.textContent = "";
      state.dismissed.map(rowOf).filter(function (r) { return r >= 0; }).forEach(function (r) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = pageUrl(r);
        a.textContent = papers[r][2];
        li.appendChild(a);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(quietButton("Undo", papers[r][2], function () { store.setDismissed(papers[r][0], false); }));
        dismissedList.appendChild(li);
      });
      dismissedBox.hidden = !dismissedList.children.length;
    }

    function renderMore(state, rows) {
      moreList.textContent = "";
      moreButton.hidden = true;
      if (!rows.length) { moreStatus.textContent = "Save a paper and papers like it are suggested here."; return; }
      if (!vectors) { moreStatus.textContent = vectorsFailed || "Finding papers like these\u2026"; return; }
      if (!vectors.dims) { moreStatus.textContent = "This collection is too small to suggest papers."; return; }
      var away = state.dismissed.map(rowOf).filter(function (r) { return r >= 0; });
      var found = rank(vectors, rows, away, shown + 1);
      moreStatus.textContent = found.length ? "" : "No other papers to suggest.";
      found.slice(0, shown).forEach(function (f) {
        var extra = [];
        if (rows.length > 1 && f.because >= 0) {  // with one saved paper, every suggestion is like that one
          var like = document.createElement("span");
          like.className = "ps-entry__because";
          like.textContent = "like \u201c" + papers[f.because][2] + "\u201d";
          extra.push(like);
        }
        extra.push(quietButton("Not interested", papers[f.row][2], function () { store.setDismissed(papers[f.row][0], true); }));
        moreList.appendChild(entry(f.row, extra));
      });
      moreButton.hidden = found.length <= shown;
    }

    function selection() { return known(store.read()); }

    function loadBibtex() {
      if (!bibtex) {
        bibtex = fetch(at("bibtex")).then(function (r) { return r.text(); }).then(function (text) {
          var entries = splitBibtex(text);
          if (entries.length !== papers.length) throw new Error("exports/papers.bib does not match this page's papers");
          return entries;
        });
        bibtex.catch(function () { bibtex = null; });  // tried again next time
      }
      return bibtex;
    }

    var exporters = {
      bibtex: function (rows) {
        return loadBibtex().then(function (entries) {
          return ["saved-papers.bib", "application/x-bibtex", rows.map(function (r) { return entries[r]; }).join("\n")];
        });
      },
      csv: function (rows) {
        var lines = [["id", "title", "authors", "year", "venue", "topic", "page"].join(",")];
        rows.forEach(function (r) {
          var p = papers[r];
          lines.push([p[1], p[2], p[3], p[4], p[5], p[6] >= 0 ? catalog.topics[p[6]] : "", pageUrl(r)].map(csvCell).join(","));
        });
        return Promise.resolve(["saved-papers.csv", "text/csv", lines.join("\n") + "\n"]);
      },
      links: function (rows) {
        return Promise.resolve(["saved-papers.txt", "text/plain", rows.map(pageUrl).join("\n") + "\n"]);
      },
    };

    root.querySelectorAll("[data-export]").forEach(function (b) {
      b.addEventListener("click", function () {
        exporters[b.dataset.export](selection()).then(function (file) { download(file[0], file[1], file[2]); })
          .catch(function (e) { status.textContent = "Export failed: " + e.message; });
      });
    });

    root.querySelector("[data-clear]").addEventListener("click", function () {
      var state = store.read();
      if (!state.saved.length || !window.confirm("Remove all " + state.saved.length + " papers from your reading list?")) return;
      state.saved = [];
      store.write(state);
    });

    // The rows a pasted or loaded list names: links to paper pages, CSV rows by id, BibTeX entries by key.
    function rowsIn(text) {
      var rows = [], missing = 0;
      function add(r) { if (r < 0) missing++; else if (rows.indexOf(r) < 0) rows.push(r); }
      var links = (text.match(/papers\/[a-z0-9-]+\//g) || []).filter(function (l) { return !/^papers\/page-\d+\/$/.test(l); });
      links.forEach(function (l) { add(rowOf(l.slice(7, -1))); });
      if (links.length) return Promise.resolve({ rows: rows, missing: missing });
      var keys = (text.match(/^\s*@\w+\s*\{\s*[^,\s]+\s*,/gm) || []).map(function (e) { return bibKey(e.trim()); });
      if (keys.length) {
        return loadBibtex().then(function (entries) {
          var byKey = {};
          entries.forEach(function (e, r) { byKey[bibKey(e)] = r; });
          keys.forEach(function (k) { add(byKey.hasOwnProperty(k) ? byKey[k] : -1); });
          return { rows: rows, missing: missing };
        });
      }
      var table = parseCsv(text.trim()), column = table.length ? table[0].map(function (h) { return h.trim().toLowerCase(); }).indexOf("id") : -1;
      if (column >= 0) {
        table.slice(1).forEach(function (cells) {
          var id = (cells[column] || "").trim();
          if (id) add(byId.hasOwnProperty(id) ? byId[id] : -1);
        });
      }
      return Promise.resolve({ rows: rows, missing: missing });
    }

    function importText(text) {
      return rowsIn(text).then(function (found) {
        var state = store.read(), before = known(state), added = 0;
        found.rows.forEach(function (r) {
          if (before.indexOf(r) >= 0) return;
          state.saved.push(papers[r][0]);
          state.dismissed = state.dismissed.filter(function (s) { return rowOf(s) !== r; });
          added++;
        });
        store.write(state);
        var parts = [added + (added === 1 ? " paper added" : " papers added")];
        if (found.rows.length - added) parts.push((found.rows.length - added) + " already saved");
        if (found.missing) parts.push(found.missing + " not in this collection");
        if (!found.rows.length && !found.missing) parts = ["No papers of this site found: paste links to its paper pages, or its BibTeX or CSV"];
        importStatus.textContent = parts.join("; ") + ".";
      });
    }

    var paste = root.querySelector(".ps-saved__import textarea"), file = root.querySelector(".ps-saved__import input[type=file]");
    root.querySelector("[data-import]").addEventListener("click", function () {
      var chosen = file.files && file.files[0];
      var text = chosen ? chosen.text() : Promise.resolve(paste.value);
      text.then(importText).then(function () { paste.value = ""; file.value = ""; })
        .catch(function (e) { importStatus.textContent = "Import failed: " + e.message; });
    });

    moreButton.addEventListener("click", function () { shown += STEP; render(store.read()); });
    store.onChange(render);
    migrate();
    render(store.read());
    fetch(at("vectors")).then(function (r) { return r.json(); }).then(function (file) {
      vectors = decodeVectors(file);
      if (vectors.count !== papers.length) throw new Error("vectors.json does not match papers.json");
      render(store.read());
    }).catch(function (e) {
      vectors = null;
      vectorsFailed = "Suggestions could not be loaded (" + e.message + ").";
      render(store.read());
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
