/* Tools shared by the site's scripts (practice.js, viewer.js, puzzles.js and held.js;
 * this one loads first).
 *
 * el() and clear() build and empty elements without parsing markup; safeFragment()
 * turns the engine's pictures (SVG/HTML drawn at build time and stored in the JSON
 * data) into page nodes safely (window.hpSafe). window.hpStore is the learner's answers
 * kept in this browser: one store for every page (see below).
 */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  function clear(node) { node.textContent = ""; }

  /* --- the engine's pictures, rebuilt safely ---
   * The SVG/HTML the build drew is parsed in an inert document (nothing runs, nothing
   * loads) and copied into the page element by element, keeping only the elements and
   * attributes the renderer draws with. A script, an event handler, a link or a remote
   * URL in the data is dropped, never run. */
  var SAFE_TAGS = ["div", "span", "p", "b", "strong", "em", "i", "br", "table", "thead", "tbody",
    "tr", "td", "th", "svg", "g", "defs", "pattern", "rect", "circle", "ellipse", "line",
    "polyline", "polygon", "path", "text", "tspan", "title", "style"];
  var SAFE_ATTRS = ["class", "role", "aria-label", "aria-hidden", "id", "xmlns", "width", "height",
    "viewbox", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d", "points",
    "transform", "fill", "stroke", "stroke-width", "opacity", "fill-opacity", "font-family",
    "font-size", "font-weight", "letter-spacing", "text-anchor", "dominant-baseline",
    "patternunits", "patterntransform"];
  /* HTML's and SVG's namespaces, as the browser's own parser gives them (worked out on
   * first use: the store below runs without a page, too). */
  var NAMESPACES = null;
  function namespaces() {
    if (!NAMESPACES) {
      NAMESPACES = [document.createElement("div").namespaceURI,
        new DOMParser().parseFromString("<svg></svg>", "text/html").body.firstChild.namespaceURI];
    }
    return NAMESPACES;
  }
  /* A value that could fetch or run something: url(...) to anything but #id, a script URL. */
  var UNSAFE_VALUE = /url\s*\(\s*(?!['"]?#)|javascript:|expression\s*\(|@import|\\/i;
  var MAX_MARKUP = 4000000;

  function safeFragment(markup) {
    var frag = document.createDocumentFragment();
    if (typeof markup !== "string" || !markup || markup.length > MAX_MARKUP) return frag;
    var doc = new DOMParser().parseFromString("<!DOCTYPE html><body>" + markup, "text/html");
    copyChildren(doc.body, frag);
    return frag;
  }

  function copyChildren(from, to) {
    for (var n = from.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) to.appendChild(document.createTextNode(n.data));
      else if (n.nodeType === 1) {
        var copy = copyElement(n);
        if (copy) to.appendChild(copy);
      }
    }
  }

  function copyElement(node) {
    var name = node.localName.toLowerCase();
    if (SAFE_TAGS.indexOf(name) < 0 || namespaces().indexOf(node.namespaceURI) < 0) return null;
    var out = document.createElementNS(node.namespaceURI, node.localName);
    if (name === "style") {  // the renderer's own rules; nothing that loads or runs
      if (UNSAFE_VALUE.test(node.textContent)) return null;
      out.textContent = node.textContent;
      return out;
    }
    for (var i = 0; i < node.attributes.length; i++) {
      var a = node.attributes[i];
      if (SAFE_ATTRS.indexOf(a.name.toLowerCase()) >= 0 && !UNSAFE_VALUE.test(a.value)) {
        out.setAttribute(a.name, a.value);
      }
    }
    copyChildren(node, out);
    return out;
  }

  window.hpSafe = { el: el, clear: clear, safeFragment: safeFragment };
})();

/* --- the learner's answers in this browser: one store ----------------------------------
 *
 * window.hpStore: the answers the site's pages keep (the quizzes, the puzzles; the
 * progress page reads, exports and imports them), under one localStorage key, as lines
 * of the learner's progress store's own format (hasenpfeffer_core.analysis.progress):
 * one JSON event per line, written as Event.to_dict writes it, so that
 * `hasenpfeffer progress import` reads an export of them as its own.
 *
 * Every line is checked as the Python store checks it (Event.from_line: bounds, every
 * field's kind and range, a time with its zone from 2000 to a day past this clock)
 * before anything uses it: a line that fails is skipped and counted, never fatal, and
 * it stays where it is (a write keeps every line already saved, byte for byte). The
 * check accepts a subset of what Python accepts (times in the extended ISO 8601 form
 * only), never more. Nothing here needs a page: tests run it under node.
 */
(function (root) {
  "use strict";

  var KEY = "hasenpfeffer-progress-events";
  var FORMAT = "hasenpfeffer-progress";
  var VERSION = 1;
  var SOURCES = ["exercise", "quiz", "practice", "puzzle", "hint"];
  /* As progress.py: EARLIEST, AHEAD, MAX_LINE, MAX_DEPTH, _MAX_TEXT, _MAX_CONCEPTS, MAX_FILE. */
  var EARLIEST = Date.UTC(2000, 0, 1);
  var AHEAD = 86400000;
  var MAX_LINE = 64 * 1024;
  var MAX_DEPTH = 8;
  var MAX_TEXT = { item: 1000, concept: 100, kind: 40, id: 64 };
  var MAX_CONCEPTS = 20;
  var MAX_FILE = 64000000;

  function own(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }

  function storage() {
    try { return root.localStorage || null; } catch (e) { return null; }
  }

  /* A text's length as Python counts it (code points, not UTF-16 units). */
  function codePoints(s) {
    var n = s.length;
    for (var i = 0; i < s.length - 1; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) {
        var d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { n -= 1; i += 1; }
      }
    }
    return n;
  }

  function text(value, longest) {
    return typeof value === "string" && value.length > 0 && codePoints(value) <= longest;
  }

  /* How deeply the brackets of a JSON text nest, outside its strings (progress._depth). */
  function depth(line) {
    var d = 0, deepest = 0, inString = false, escaped = false;
    for (var i = 0; i < line.length; i++) {
      var c = line.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x5b || c === 0x7b) { d += 1; if (d > deepest) deepest = d; }
      else if (c === 0x5d || c === 0x7d) d -= 1;
    }
    return deepest;
  }

  function utf8Length(s) {
    if (s.length * 3 <= MAX_LINE) return s.length;  // short enough whatever it holds
    return typeof TextEncoder === "function" ? new TextEncoder().encode(s).length : s.length * 3;
  }

  /* A time as the store writes it and Python reads it (ISO 8601 with its zone: Z, +01:00,
   * +0100 or +01), in milliseconds, or NaN. */
  var TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)$/;
  var DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

  function timeOf(value) {
    if (typeof value !== "string" || value.length > 40) return NaN;
    var m = TIME.exec(value);
    if (!m) return NaN;
    var y = +m[1], mo = +m[2], d = +m[3], h = +m[4], mi = +m[5], s = m[6] ? +m[6] : 0;
    var leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > DAYS[mo - 1] + (mo === 2 && leap ? 1 : 0)) return NaN;
    if (h > 23 || mi > 59 || s > 59) return NaN;
    var ms = m[7] ? parseInt((m[7] + "00").slice(0, 3), 10) : 0;
    var offset = 0;
    if (!m[8]) {
      var oh = +m[10], om = m[11] ? +m[11] : 0;
      if (oh > 23 || om > 59) return NaN;
      offset = (m[9] === "-" ? -1 : 1) * (oh * 60 + om) * 60000;
    }
    var t = new Date(0);
    t.setUTCFullYear(y, mo - 1, d);
    t.setUTCHours(h, mi, s, ms);
    return t.getTime() - offset;
  }

  /* A whole number from 0 to 1000 (Python's type(value) is int: no true, no 1.0). */
  function count(value) {
    return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 1000;
  }

  /* Numbers written with a point or an exponent, which Python reads as floats. */
  var FLOAT_FIELD = /"(?:hints|attempt|lesson)"\s*:\s*-?\d+(?:\.|[eE])/;

  /* The event one line holds, checked as Event.from_line checks it, or null. ``latest``
   * is the latest time an answer may carry (default: a day past this clock). */
  function parse(line, latest) {
    if (typeof line !== "string" || !line.trim() || utf8Length(line) > MAX_LINE) return null;
    if (depth(line) > MAX_DEPTH || FLOAT_FIELD.test(line)) return null;
    var e;
    try { e = JSON.parse(line); } catch (err) { return null; }
    if (!e || typeof e !== "object" || Array.isArray(e)) return null;
    var keys = ["concepts", "at", "source", "item", "right", "id"];
    for (var k = 0; k < keys.length; k++) if (!own(e, keys[k])) return null;
    if (!Array.isArray(e.concepts) || e.concepts.length > MAX_CONCEPTS) return null;
    for (var c = 0; c < e.concepts.length; c++) if (!text(e.concepts[c], MAX_TEXT.concept)) return null;
    var when = timeOf(e.at);
    if (isNaN(when) || when < EARLIEST || when > (latest === undefined ? Date.now() + AHEAD : latest)) return null;
    if (SOURCES.indexOf(e.source) < 0 || !text(e.item, MAX_TEXT.item) || !text(e.id, MAX_TEXT.id)) return null;
    if (own(e, "kind") && !(typeof e.kind === "string" && codePoints(e.kind) <= MAX_TEXT.kind)) return null;
    if (!(e.right === true || e.right === false || e.right === null)) return null;
    if ((e.source === "hint") !== (e.right === null)) return null;
    if (own(e, "hints") && !count(e.hints)) return null;
    if (own(e, "attempt") && !count(e.attempt)) return null;
    if (own(e, "lesson") && e.lesson !== null &&
        !(typeof e.lesson === "number" && Number.isInteger(e.lesson) && e.lesson >= 1 && e.lesson <= 99)) return null;
    return e;
  }

  /* The time of a checked event, in milliseconds. */
  function when(e) { return timeOf(e.at); }

  /* The checked events of a text (a progress file, or this store), in order, each id
   * once (the first), their lines as they are (``lines``), and how many lines were left
   * out (a header line is not counted). */
  function read(text, skipHeader) {
    var seen = Object.create(null);
    var out = { events: [], lines: [], skipped: 0 };
    var latest = Date.now() + AHEAD;
    String(text || "").split("\n").forEach(function (line, i) {
      if (!line.trim() || (skipHeader && i === 0)) return;
      var e = parse(line, latest);
      if (!e) { out.skipped += 1; return; }
      if (seen[e.id]) return;
      seen[e.id] = true;
      out.events.push(e);
      out.lines.push(line.replace(/\r$/, ""));
    });
    return out;
  }

  /* This browser's stored text ("" when empty), or null when the browser refuses. */
  function storedText() {
    var ls = storage();
    if (!ls) return null;
    try { return ls.getItem(KEY) || ""; } catch (e) { return null; }
  }

  /* The events kept in this browser, checked, in the order they were kept ([] when the
   * browser keeps nothing). */
  function events() {
    return read(storedText() || "").events;
  }

  /* Whether this browser lets the site keep anything. */
  function works() {
    var ls = storage();
    if (!ls) return false;
    try {
      var probe = KEY + "-probe";
      ls.setItem(probe, "1");
      ls.removeItem(probe);
      return true;
    } catch (e) { return false; }
  }

  function randomHex(n) {
    var bytes = new Uint8Array(n);
    var c = root.crypto || root.msCrypto;
    if (c && c.getRandomValues) c.getRandomValues(bytes);
    else for (var i = 0; i < n; i++) bytes[i] = Math.floor(Math.random() * 256);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  /* A new event: a fresh id (16 hex digits, as secrets.token_hex(8)) and the time now
   * (as the store writes it), then ``fields`` in their order. */
  function make(fields) {
    var e = { id: randomHex(8), at: new Date().toISOString() };
    Object.keys(fields).forEach(function (k) { e[k] = fields[k]; });
    return e;
  }

  /* Add lines at the end, every line already kept left as it is; false when the browser
   * refuses (storage turned off, or full). */
  function appendLines(lines) {
    var ls = storage();
    var old = storedText();
    if (!ls || old === null) return false;
    if (!lines.length) return true;
    var kept = old && old.charAt(old.length - 1) !== "\n" ? old + "\n" : old;
    try {
      ls.setItem(KEY, kept + lines.map(function (l) { return l + "\n"; }).join(""));
      return true;
    } catch (e) { return false; }
  }

  /* Keep one event (an answer or a hint step); false when the browser refuses. */
  function append(event) {
    return appendLines([JSON.stringify(event)]);
  }

  /* This browser's events and ``extra`` (events read elsewhere: the live lessons' file),
   * each id once, in time order (an event kept first stays first at the same time). */
  function merged(extra) {
    var seen = Object.create(null);
    var all = [];
    events().concat(extra || []).forEach(function (e) {
      if (seen[e.id]) return;
      seen[e.id] = true;
      all.push({ e: e, t: when(e), i: all.length });
    });
    all.sort(function (a, b) { return a.t - b.t || a.i - b.i; });
    return all.map(function (x) { return x.e; });
  }

  function header() {
    return JSON.stringify({ format: FORMAT, version: VERSION, created: new Date().toISOString(), file: randomHex(8) });
  }

  /* A progress file (its header line, then one event a line) of this browser's events
   * and ``extra``, each id once, in the order kept. */
  function exportText(extra) {
    var seen = Object.create(null);
    var lines = [];
    events().concat(extra || []).forEach(function (e) {
      if (seen[e.id]) return;
      seen[e.id] = true;
      lines.push(JSON.stringify(e));
    });
    return header() + "\n" + lines.join("\n") + (lines.length ? "\n" : "");
  }

  /* Whether a file's first line names the progress format, version 1. */
  function isProgressFile(text) {
    var head = null;
    try { head = JSON.parse(String(text).split("\n", 1)[0]); } catch (e) { head = null; }
    return !!head && typeof head === "object" && head.format === FORMAT && head.version === VERSION;
  }

  /* Add the events of a progress file not already kept here (by id), each line as the
   * file has it: {added, already, skipped}, or {error: "not_progress"} (nothing added)
   * or {error: "no_storage"} (the browser refused: nothing added, nothing already kept
   * lost). */
  function importText(text) {
    if (!isProgressFile(text)) return { error: "not_progress" };
    var incoming = read(text, true);
    var have = Object.create(null);
    events().forEach(function (e) { have[e.id] = true; });
    var added = [];
    incoming.events.forEach(function (e, i) {
      if (have[e.id]) return;
      have[e.id] = true;
      added.push(incoming.lines[i]);
    });
    if (!appendLines(added)) return { error: "no_storage" };
    return { added: added.length, already: incoming.events.length - added.length, skipped: incoming.skipped };
  }

  root.hpStore = {
    KEY: KEY,
    MAX_FILE: MAX_FILE,
    /* the bounds of the check, which a test compares with progress.py's */
    LIMITS: {
      sources: SOURCES, earliest: EARLIEST, ahead: AHEAD, maxLine: MAX_LINE, maxDepth: MAX_DEPTH,
      maxText: MAX_TEXT, maxConcepts: MAX_CONCEPTS, maxFile: MAX_FILE, format: FORMAT, version: VERSION,
    },
    parse: parse,
    when: when,
    read: read,
    events: events,
    works: works,
    make: make,
    append: append,
    merged: merged,
    exportText: exportText,
    importText: importText,
  };
})(typeof window !== "undefined" ? window : globalThis);
