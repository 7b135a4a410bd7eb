// "More like these": every paper ranked by the cosine of its int8 vector (saved/vectors.json, written by
// generator/write/saved.py) to the mean of the saved papers' unit vectors, minus half the mean of the "not
// interested" ones'. No DOM: the Saved page (saved-page.js) and bench/more_like.py use window.PapersiteMoreLike.
(function () {
  "use strict";
  var FORMAT = 1;
  //: Weight of the "not interested" papers' mean against the saved papers' mean.
  var AWAY = 0.5;

  function decodeVectors(file) {
    if (file.format !== FORMAT) throw new Error("vectors.json: unknown format " + file.format);
    var bytes = atob(file.data), n = file.count, d = file.dims;
    if (bytes.length !== n * d) throw new Error("vectors.json: " + bytes.length + " bytes for " + n + " x " + d);
    var data = new Int8Array(bytes.length);
    for (var i = 0; i < bytes.length; i++) data[i] = bytes.charCodeAt(i);  // 0-255 wraps to -128-127
    var norms = new Float32Array(n);
    for (var r = 0, o = 0; r < n; r++) {
      var s = 0;
      for (var j = 0; j < d; j++, o++) s += data[o] * data[o];
      norms[r] = Math.sqrt(s);
    }
    return { count: n, dims: d, data: data, norms: norms };
  }

  // Add `weight` times row r's unit vector to `into`.
  function addUnit(into, v, r, weight) {
    if (!v.norms[r]) return;
    var w = weight / v.norms[r], o = r * v.dims;
    for (var j = 0; j < v.dims; j++) into[j] += w * v.data[o + j];
  }

  function cosine(v, a, b) {
    if (!v.norms[a] || !v.norms[b]) return 0;
    var s = 0, oa = a * v.dims, ob = b * v.dims;
    for (var j = 0; j < v.dims; j++) s += v.data[oa + j] * v.data[ob + j];
    return s / (v.norms[a] * v.norms[b]);
  }

  // The k rows most like `saved` and least like `dismissed` (neither included), best first, equal scores by row;
  // each with its score and the saved row it is closest to (the "because").
  function rank(v, saved, dismissed, k) {
    var d = v.dims, q = new Float64Array(d), skip = new Uint8Array(v.count);
    saved.forEach(function (r) { addUnit(q, v, r, 1 / saved.length); skip[r] = 1; });
    dismissed.forEach(function (r) { addUnit(q, v, r, -AWAY / dismissed.length); skip[r] = 1; });
    var top = [];  // [score, row], kept sorted best first, at most k long
    for (var r = 0, o = 0; r < v.count; r++, o += d) {
      if (skip[r] || !v.norms[r]) continue;
      var s = 0;
      for (var j = 0; j < d; j++) s += q[j] * v.data[o + j];
      s /= v.norms[r];
      if (top.length === k && s <= top[k - 1][0]) continue;
      var at = top.length;
      while (at > 0 && top[at - 1][0] < s) at--;
      top.splice(at, 0, [s, r]);
      if (top.length > k) top.pop();
    }
    return top.map(function (t) {
      var because = -1, best = -Infinity;
      saved.forEach(function (r) { var c = cosine(v, t[1], r); if (c > best) { best = c; because = r; } });
      return { row: t[1], score: t[0], because: because };
    });
  }

  window.PapersiteMoreLike = { decodeVectors: decodeVectors, rank: rank, cosine: cosine };
})();
