// Facets on the papers index: filter the whole catalog (papers/facets.json) by topic, tag, venue, year and author,
// combinable; the filter lives in the query string (?topic=…&tag=…) so a filtered list can be shared. A filtered
// list is the whole catalog's matches, so the page range and the page links of the paginated list are hidden.
// The query accepts a slug or a display name, in any case (?topic=Graph%20neural%20networks). Authors are too many
// for a menu (35,000 at a large conference): a text field with the names as suggestions (a <datalist>).
(function () {
  "use strict";
  var FIELDS = ["topic", "tag", "venue", "year", "author"];

  function init() {
    var form = document.querySelector("form.ps-facets");
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    var url = new URL(form.dataset.facets, window.location.href);
    fetch(url).then(function (r) { return r.json(); }).then(function (data) { setup(form, data, url); })
      .catch(function () { form.hidden = true; });  // without the JSON the static list still works
  }

  function option(select, value, name, count) {
    var o = document.createElement("option");
    o.value = value; o.textContent = name + " (" + count + ")";
    o.dataset.name = name;
    select.appendChild(o);
  }

  // The option a query value names: its value (slug) exactly, else its value or display name in any case.
  function pick(select, v) {
    var options = Array.prototype.slice.call(select.options, 1), folded = v.trim().toLowerCase();
    return options.filter(function (o) { return o.value === v; })[0] ||
      options.filter(function (o) { return o.value.toLowerCase() === folded || o.dataset.name.toLowerCase() === folded; })[0];
  }

  function distinct(papers, column) {
    var seen = {};
    papers.forEach(function (p) { if (p[column]) seen[p[column]] = (seen[p[column]] || 0) + 1; });
    return Object.keys(seen).sort().map(function (k) { return [k, seen[k]]; });
  }

  // The author field: the value is the author's name as shown; an author's slug is found from it (or a slug typed).
  function authorField(form, authors) {
    var input = form.elements.author, list = document.getElementById(input.getAttribute("list"));
    var bySlug = {}, byName = {};
    authors.forEach(function (a, i) { bySlug[a[0]] = i; byName[a[1].toLowerCase()] = i; });
    var frag = document.createDocumentFragment();
    authors.forEach(function (a) { var o = document.createElement("option"); o.value = a[1]; frag.appendChild(o); });
    list.appendChild(frag);
    form.querySelector('[data-facet="author"]').hidden = !authors.length;
    return {
      find: function (v) {
        var t = (v || "").trim();
        if (!t) return null;
        if (bySlug.hasOwnProperty(t)) return bySlug[t];
        return byName.hasOwnProperty(t.toLowerCase()) ? byName[t.toLowerCase()] : -1;
      }
    };
  }

  function setup(form, data, base) {
    var papers = data.papers, authors = data.authors || [];
    var people = authorField(form, authors);
    var counts = { topic: {}, tag: {} };
    papers.forEach(function (p) {
      counts.topic[p[2]] = (counts.topic[p[2]] || 0) + 1;
      p[3].forEach(function (t) { counts.tag[t] = (counts.tag[t] || 0) + 1; });
    });
    var sel = {};
    FIELDS.forEach(function (f) { sel[f] = form.elements[f]; });
    data.topics.forEach(function (t, i) { option(sel.topic, t[0], t[1], counts.topic[i] || 0); });
    data.tags.map(function (t, i) { return [t[0], t[1], counts.tag[i] || 0]; })
      .sort(function (a, b) { return a[1].localeCompare(b[1]); })
      .forEach(function (t) { option(sel.tag, t[0], t[1], t[2]); });
    var venues = distinct(papers, 4), years = distinct(papers, 5).reverse();
    venues.forEach(function (v) { option(sel.venue, v[0], v[0], v[1]); });
    years.forEach(function (y) { option(sel.year, y[0], y[0], y[1]); });
    // Venue and year only when the data has them, and more than one: a menu with one choice filters nothing.
    form.querySelector('[data-facet="venue"]').hidden = venues.length < 2;
    form.querySelector('[data-facet="year"]').hidden = years.length < 2;
    var topicIndex = {}, tagIndex = {};
    data.topics.forEach(function (t, i) { topicIndex[t[0]] = i; });
    data.tags.forEach(function (t, i) { tagIndex[t[0]] = i; });
    var list = form.querySelector(".ps-facets__results");
    var status = form.querySelector(".ps-facets__count");
    // The page's own list of papers follows the form: hidden while a filter is on.
    var staticList = document.querySelector("form.ps-facets + ol");
    if (staticList) staticList.classList.add("ps-facets__static");
    var paging = document.querySelectorAll(".ps-page-range, .ps-pager");
    var unknown = [];

    function apply(push) {
      var f = {};
      FIELDS.forEach(function (k) { f[k] = sel[k].value; });
      var author = people.find(f.author);  // null: no author asked for; -1: a name no paper has
      if (author !== null && author >= 0) f.author = authors[author][0];  // the slug in the address
      var active = FIELDS.some(function (k) { return f[k]; });
      var query = new URLSearchParams();
      FIELDS.forEach(function (k) { if (f[k]) query.set(k, f[k]); });
      if (push) {
        var q = query.toString();
        history.replaceState(null, "", window.location.pathname + (q ? "?" + q : "") + window.location.hash);
      }
      list.textContent = "";
      if (staticList) staticList.hidden = active;
      paging.forEach(function (el) { el.hidden = active; });
      var missing = unknown.concat(author === -1 ? ["author \u201c" + f.author.trim() + "\u201d"] : []);
      var note = missing.length ? "No " + missing.join(", no ") + " in this collection. " : "";
      if (!active) { status.textContent = note; list.hidden = true; return; }
      var topic = f.topic ? topicIndex[f.topic] : null, tag = f.tag ? tagIndex[f.tag] : null;
      var matches = papers.filter(function (p) {
        return (topic === null || p[2] === topic) && (tag === null || p[3].indexOf(tag) >= 0) &&
          (!f.venue || p[4] === f.venue) && (!f.year || p[5] === f.year) &&
          (author === null || (p[6] || []).indexOf(author) >= 0);
      });
      status.textContent = note + matches.length + (matches.length === 1 ? " paper matches" : " papers match") + " the filter.";
      var frag = document.createDocumentFragment();
      matches.forEach(function (p) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = new URL(p[1], base).pathname;
        a.textContent = p[0];
        li.appendChild(a);
        if (p[2] >= 0) {
          var small = document.createElement("small");
          small.textContent = " · " + data.topics[p[2]][1];
          li.appendChild(small);
        }
        frag.appendChild(li);
      });
      list.appendChild(frag);
      list.hidden = false;
    }

    var params = new URLSearchParams(window.location.search), renamed = false;
    FIELDS.forEach(function (k) {
      if (k === "author") {  // a text field: shows the name, whichever of slug or name the address gave
        var a = params.get(k), i = people.find(a);
        if (i !== null && i >= 0) { sel[k].value = authors[i][1]; renamed = renamed || authors[i][0] !== a; }
        else if (a) unknown.push("author \u201c" + a + "\u201d");
        sel[k].addEventListener("change", function () { unknown = []; apply(true); });
        // A suggestion picked from the list applies at once; a name being typed waits for Enter or leaving the field.
        sel[k].addEventListener("input", function () {
          var i = people.find(sel[k].value);
          if (i !== null && i >= 0) { unknown = []; apply(true); }
        });
        return;
      }
      var v = params.get(k), o = v ? pick(sel[k], v) : null;
      if (o) { sel[k].value = o.value; renamed = renamed || o.value !== v; }
      else if (v) unknown.push(k + " \u201c" + v + "\u201d");  // said, not silently dropped
      sel[k].addEventListener("change", function () { unknown = []; apply(true); });
    });
    form.addEventListener("reset", function () { setTimeout(function () { unknown = []; apply(true); }, 0); });
    form.addEventListener("submit", function (e) { e.preventDefault(); apply(true); });
    form.hidden = false;
    apply(renamed);  // a name in the query becomes the slug, so the address stays canonical
  }

  if (typeof document$ !== "undefined") document$.subscribe(init);
  else document.addEventListener("DOMContentLoaded", init);
})();
