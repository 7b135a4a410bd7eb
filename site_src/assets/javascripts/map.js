// The topic map: draws map/points.json (positions computed at build time) on a <canvas>, no library.
// Hover shows a title, click opens the paper, wheel/pinch zooms, drag pans, legend buttons highlight a topic.
// Each topic is a colour and a marker shape (map/points.json), so even 80 topics stay apart.
(function () {
  "use strict";
  var RADIUS = 3.5, HIT = 8;

  // Trace a marker of about the same area as a circle of radius r, centred on (x, y).
  function mark(ctx, shape, x, y, r) {
    ctx.beginPath();
    if (shape === "square") { var h = r * 0.89; ctx.rect(x - h, y - h, 2 * h, 2 * h); return; }
    if (shape === "diamond") { var d = r * 1.25; ctx.moveTo(x, y - d); ctx.lineTo(x + d, y); ctx.lineTo(x, y + d); ctx.lineTo(x - d, y); ctx.closePath(); return; }
    if (shape === "triangle" || shape === "triangle-down") {
      var t = r * 1.35, s = shape === "triangle" ? 1 : -1;
      ctx.moveTo(x, y - s * t); ctx.lineTo(x + t * 0.87, y + s * t * 0.5); ctx.lineTo(x - t * 0.87, y + s * t * 0.5); ctx.closePath(); return;
    }
    if (shape === "plus") {
      var a = r * 1.3, b = r * 0.45;
      ctx.moveTo(x - b, y - a); ctx.lineTo(x + b, y - a); ctx.lineTo(x + b, y - b); ctx.lineTo(x + a, y - b); ctx.lineTo(x + a, y + b);
      ctx.lineTo(x + b, y + b); ctx.lineTo(x + b, y + a); ctx.lineTo(x - b, y + a); ctx.lineTo(x - b, y + b); ctx.lineTo(x - a, y + b);
      ctx.lineTo(x - a, y - b); ctx.lineTo(x - b, y - b); ctx.closePath(); return;
    }
    if (shape === "cross") {
      var c = r * 1.2, w = r * 0.38;
      ctx.moveTo(x - c, y - c + w); ctx.lineTo(x - c + w, y - c); ctx.lineTo(x, y - w); ctx.lineTo(x + c - w, y - c);
      ctx.lineTo(x + c, y - c + w); ctx.lineTo(x + w, y); ctx.lineTo(x + c, y + c - w); ctx.lineTo(x + c - w, y + c);
      ctx.lineTo(x, y + w); ctx.lineTo(x - c + w, y + c); ctx.lineTo(x - c, y + c - w); ctx.lineTo(x - w, y); ctx.closePath(); return;
    }
    if (shape === "hexagon") {
      var g = r * 1.1;
      ctx.moveTo(x + g, y);
      for (var k = 1; k < 6; k++) ctx.lineTo(x + g * Math.cos(k * Math.PI / 3), y + g * Math.sin(k * Math.PI / 3));
      ctx.closePath(); return;
    }
    ctx.arc(x, y, r, 0, 2 * Math.PI);
  }

  function init() {
    var box = document.querySelector(".ps-map");
    if (!box || box.dataset.ready) return;
    box.dataset.ready = "1";
    var src = new URL(box.dataset.points, window.location.href);
    var root = new URL(box.dataset.root, window.location.href);
    fetch(src).then(function (r) { return r.json(); }).then(function (data) { draw(box, data, root); });
  }

  function draw(box, data, root) {
    var canvas = box.querySelector("canvas"), tip = box.querySelector(".ps-map__tip");
    var ctx = canvas.getContext("2d");
    var pts = data.points, topics = data.topics;
    var view = { scale: 1, x: 0, y: 0 }, width = 0, height = 0, hover = -1, chosen = -1;
    var grid = {}, cell = 24;

    function toScreen(p) {
      var pad = 16;
      return [pad + (p[0] * (width - 2 * pad)) * view.scale + view.x,
              pad + ((1 - p[1]) * (height - 2 * pad)) * view.scale + view.y];
    }

    function resize() {
      var ratio = window.devicePixelRatio || 1;
      width = box.clientWidth;
      // At most about half the window: the map stays in view above the legend (it is sticky, papersite.css).
      height = Math.max(200, Math.min(720, Math.round(width * 0.7), Math.round(window.innerHeight * 0.55)));
      canvas.style.width = width + "px";
      canvas.style.height = height + "px";
      // A legend entry focused or scrolled to lands below the sticky map, not under it.
      document.documentElement.style.setProperty("--ps-map-height", height + "px");
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      render();
    }

    function render() {
      ctx.clearRect(0, 0, width, height);
      grid = {};
      var faded = chosen >= 0;
      // Two passes so a highlighted topic is drawn on top of the faded rest.
      for (var pass = 0; pass < 2; pass++) {
        for (var i = 0; i < pts.length; i++) {
          var p = pts[i], on = !faded || p[2] === chosen;
          if ((pass === 0) === (faded && on)) continue;
          var s = toScreen(p);
          if (s[0] < -HIT || s[1] < -HIT || s[0] > width + HIT || s[1] > height + HIT) continue;
          ctx.globalAlpha = on ? 0.85 : 0.12;
          ctx.fillStyle = p[2] >= 0 ? topics[p[2]].colour : "#888";
          mark(ctx, p[2] >= 0 ? topics[p[2]].shape : "circle", s[0], s[1], RADIUS);
          ctx.fill();
          var key = Math.floor(s[0] / cell) + "," + Math.floor(s[1] / cell);
          (grid[key] = grid[key] || []).push(i);
        }
      }
      ctx.globalAlpha = 1;
      if (hover >= 0) {
        var h = toScreen(pts[hover]);
        ctx.strokeStyle = getComputedStyle(box).color;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(h[0], h[1], RADIUS + 3, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }

    // The nearest drawn point within HIT pixels, found through the grid so 3,700 points stay instant.
    function nearest(x, y) {
      var best = -1, bestD = HIT * HIT;
      var cx = Math.floor(x / cell), cy = Math.floor(y / cell);
      for (var dx = -1; dx <= 1; dx++) for (var dy = -1; dy <= 1; dy++) {
        (grid[(cx + dx) + "," + (cy + dy)] || []).forEach(function (i) {
          var s = toScreen(pts[i]), d = (s[0] - x) * (s[0] - x) + (s[1] - y) * (s[1] - y);
          if (d < bestD && (chosen < 0 || pts[i][2] === chosen)) { bestD = d; best = i; }
        });
      }
      return best;
    }

    function pos(e) {
      var r = canvas.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    }

    function showTip(i, xy) {
      if (i < 0) { tip.hidden = true; canvas.style.cursor = "default"; return; }
      var p = pts[i];
      tip.textContent = p[3] + (p[2] >= 0 ? " — " + topics[p[2]].name : "");
      tip.hidden = false;
      tip.style.left = Math.min(xy[0] + 12, width - 260) + "px";
      tip.style.top = (xy[1] + 12) + "px";
      canvas.style.cursor = "pointer";
    }

    var drag = null;
    canvas.addEventListener("mousemove", function (e) {
      var xy = pos(e);
      if (drag) {
        view.x = drag.vx + xy[0] - drag.x; view.y = drag.vy + xy[1] - drag.y;
        drag.moved = drag.moved || Math.abs(xy[0] - drag.x) + Math.abs(xy[1] - drag.y) > 3;
        render();
        return;
      }
      var i = nearest(xy[0], xy[1]);
      if (i !== hover) { hover = i; render(); }
      showTip(i, xy);
    });
    canvas.addEventListener("mouseleave", function () { hover = -1; drag = null; showTip(-1); render(); });
    canvas.addEventListener("mousedown", function (e) {
      var xy = pos(e);
      drag = { x: xy[0], y: xy[1], vx: view.x, vy: view.y, moved: false };
    });
    canvas.addEventListener("mouseup", function (e) {
      var moved = drag && drag.moved;
      drag = null;
      if (moved) return;
      var xy = pos(e), i = nearest(xy[0], xy[1]);
      if (i >= 0) window.location.href = new URL(pts[i][4], root).href;
    });
    canvas.addEventListener("wheel", function (e) {
      e.preventDefault();
      var xy = pos(e), factor = e.deltaY < 0 ? 1.25 : 0.8;
      var scale = Math.max(1, Math.min(40, view.scale * factor));
      factor = scale / view.scale;
      view.x = xy[0] - (xy[0] - view.x) * factor;
      view.y = xy[1] - (xy[1] - view.y) * factor;
      view.scale = scale;
      if (scale === 1) { view.x = 0; view.y = 0; }
      render();
    }, { passive: false });
    // Touch: tap opens the nearest paper's title first, a second tap on it opens the paper.
    canvas.addEventListener("touchend", function (e) {
      if (e.changedTouches.length !== 1) return;
      var t = e.changedTouches[0], xy = pos(t), i = nearest(xy[0], xy[1]);
      if (i >= 0 && i === hover) { window.location.href = new URL(pts[i][4], root).href; return; }
      hover = i; render(); showTip(i, xy);
    });

    document.querySelectorAll(".ps-legend__item").forEach(function (button) {
      button.addEventListener("click", function () {
        var t = parseInt(button.dataset.topic, 10);
        chosen = chosen === t ? -1 : t;
        document.querySelectorAll(".ps-legend__item").forEach(function (b) {
          b.setAttribute("aria-pressed", String(parseInt(b.dataset.topic, 10) === chosen));
        });
        render();
      });
    });
    window.addEventListener("resize", resize);
    resize();
    box.dataset.drawn = String(pts.length);
  }

  if (typeof document$ !== "undefined") document$.subscribe(init);
  else document.addEventListener("DOMContentLoaded", init);
})();
