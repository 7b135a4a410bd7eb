// The reading list: a "Save" toggle on every paper page and beside every list entry that links to a paper page, the
// saved papers kept in this browser's localStorage (nothing is sent anywhere). Entries need no markup of their own:
// a list item whose first element is a link to papers/<slug>/ gets a button, so every listing (and any page added
// later) has one. The list is keyed by the site's base URL, so two papersite sites on one host keep separate lists.
// Without JavaScript or storage no button is shown. window.papersiteSaved is the store the Saved page uses too.
(function () {
  "use strict";
  var VERSION = 1;
  // A paper page's slug: words of the title, then a fingerprint of the id (hex); "page-2" is a listing page.
  var SLUG = /^(?:[a-z0-9]+-)*[0-9a-f]{6,40}$/;

  function siteBase() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), window.location.href);
  }

  var base = siteBase();
  var key = "papersite:saved:" + base.href;
  var listeners = [];

  function storage() {
    try {
      var probe = key + ":probe";
      window.localStorage.setItem(probe, "1");
      window.localStorage.removeItem(probe);
      return window.localStorage;
    } catch (e) {
      return null;  // storage disabled (a privacy setting): no buttons rather than buttons that forget
    }
  }

  var store = storage();

  function clean(list) {
    var seen = {};
    return (Array.isArray(list) ? list : []).filter(function (s) {
      if (typeof s !== "string" || !SLUG.test(s) || seen[s]) return false;
      seen[s] = true;
      return true;
    });
  }

  // The state: saved slugs in the order they were saved, and the slugs marked "not interested".
  function read() {
    var raw = null;
    try { raw = JSON.parse(store.getItem(key) || "null"); } catch (e) { raw = null; }
    if (!raw || raw.v !== VERSION) return { v: VERSION, saved: [], dismissed: [] };
    return { v: VERSION, saved: clean(raw.saved), dismissed: clean(raw.dismissed) };
  }

  function write(state) {
    state = { v: VERSION, saved: clean(state.saved), dismissed: clean(state.dismissed) };
    store.setItem(key, JSON.stringify(state));
    listeners.forEach(function (f) { f(state); });
    return state;
  }

  function without(list, slug) { return list.filter(function (s) { return s !== slug; }); }

  // Put a paper on one list ("saved" or "dismissed") or take it off; on one, it is off the other.
  function setOn(list, other, slug, on) {
    var state = read();
    state[list] = without(state[list], slug);
    if (on) {
      state[list].push(slug);
      state[other] = without(state[other], slug);
    }
    return write(state);
  }

  function setSaved(slug, on) { return setOn("saved", "dismissed", slug, on); }

  function setDismissed(slug, on) { return setOn("dismissed", "saved", slug, on); }

  // The slug of a link to a paper page of this site, or null.
  function paperSlug(href) {
    var url;
    try { url = new URL(href, window.location.href); } catch (e) { return null; }
    if (url.origin !== base.origin || url.pathname.indexOf(base.pathname) !== 0) return null;
    var m = /^papers\/([^/]+)\/(?:index\.html)?$/.exec(url.pathname.slice(base.pathname.length));
    return m && SLUG.test(m[1]) ? m[1] : null;
  }

  var ICON = "M17 3H7a2 2 0 0 0-2 2v16l7-3 7 3V5a2 2 0 0 0-2-2Z";

  function icon() {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg"), path = document.createElementNS(ns, "path");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    path.setAttribute("d", ICON);
    svg.appendChild(path);
    return svg;
  }

  // A toggle button for one paper; `title` names the paper to screen readers when the button stands beside a list entry.
  function button(slug, title, withText) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "ps-save" + (withText ? " ps-save--labelled" : "");
    b.dataset.slug = slug;
    b.appendChild(icon());
    if (withText) {
      var text = document.createElement("span");
      text.textContent = "Save";
      b.appendChild(text);
    } else {
      b.setAttribute("aria-label", title ? "Save \u201c" + title + "\u201d" : "Save");
    }
    b.addEventListener("click", function () { setSaved(slug, b.getAttribute("aria-pressed") !== "true"); });
    show(b, read().saved.indexOf(slug) >= 0);
    return b;
  }

  function show(b, on) {
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.title = on ? "Saved to your reading list: press to remove it" : "Save to your reading list";
  }

  function refresh(state) {
    var saved = {};
    state.saved.forEach(function (s) { saved[s] = true; });
    document.querySelectorAll("button.ps-save").forEach(function (b) { show(b, !!saved[b.dataset.slug]); });
    var count = document.querySelector(".ps-saved-count");
    if (count) count.textContent = state.saved.length ? String(state.saved.length) : "";
  }

  // Buttons beside every list entry of the page's content that starts with a link to a paper page.
  function decorate(root) {
    var items = root.matches && root.matches("li") ? [root] : root.querySelectorAll ? root.querySelectorAll("li") : [];
    Array.prototype.forEach.call(items, function (li) {
      var link = li.firstElementChild;
      if (!link || link.tagName !== "A" || li.querySelector(":scope > button.ps-save") || li.closest("[data-ps-own-buttons]")) return;
      var slug = paperSlug(link.getAttribute("href"));
      // Right after the title, so it stays beside it however the entry's other facts wrap.
      if (slug) link.insertAdjacentElement("afterend", button(slug, link.textContent.trim(), false));
    });
  }

  // The paper page's own button, under its heading; a paper page is one with citation meta tags at papers/<slug>/.
  function decoratePaperPage(article) {
    var slug = paperSlug(window.location.href);
    var heading = article.querySelector("h1");
    if (!slug || !heading || !document.querySelector('meta[name="citation_title"]') || article.querySelector(".ps-save--labelled")) return;
    // Below the "title inferred" note, which belongs to the heading.
    var after = heading.nextElementSibling && heading.nextElementSibling.matches(".ps-inferred") ? heading.nextElementSibling : heading;
    after.insertAdjacentElement("afterend", button(slug, "", true));
  }

  // The nav's "Saved" entry shows how many papers the list holds.
  function decorateNav() {
    document.querySelectorAll("a.md-nav__link, a.md-tabs__link").forEach(function (a) {
      if (new URL(a.href, window.location.href).href !== new URL("saved/", base).href || a.querySelector(".ps-saved-count")) return;
      var count = document.createElement("span");
      count.className = "ps-saved-count";
      (a.querySelector(".md-ellipsis") || a).appendChild(count);
    });
  }

  function init() {
    var article = document.querySelector("article.md-content__inner") || document.querySelector(".md-content");
    if (!store || !article) return;
    decoratePaperPage(article);
    decorate(article);
    decorateNav();
    refresh(read());
    // Lists written later (the papers index's filter results) get their buttons as they appear.
    new MutationObserver(function (changes) {
      changes.forEach(function (c) { c.addedNodes.forEach(function (n) { if (n.nodeType === 1) decorate(n); }); });
    }).observe(article, { childList: true, subtree: true });
  }

  if (store) {
    listeners.push(refresh);
    // Another tab saved or removed a paper: this one shows it at once.
    window.addEventListener("storage", function (e) {
      if (e.key === key) { var state = read(); listeners.forEach(function (f) { f(state); }); }
    });
  }

  window.papersiteSaved = store ? {
    base: base, key: key, read: read, write: write, setSaved: setSaved, setDismissed: setDismissed,
    paperSlug: paperSlug, button: button, onChange: function (f) { listeners.push(f); },
  } : null;

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
