/* What this browser holds of the learner's progress, on the site's progress page.
 *
 * Two things, both read from this browser's own storage and nothing else (nothing is
 * sent anywhere):
 *
 * - the answers the live copy of the lessons keeps: the learner's progress file, which
 *   the lessons' kernel writes into JupyterLite's storage for the live copy (IndexedDB,
 *   the database "JupyterLite Storage - <the live copy's path>", store "files", key
 *   ".hasenpfeffer/progress.jsonl"), summed up: how many answers, how many right, the
 *   ideas and lessons practised, the day of the last one. A line of the file that is
 *   not an answer of the known form is not counted; nothing of the file is shown but
 *   those counts and that day.
 * - the best streak of each of the site's quizzes (practice.js keeps it);
 * - the puzzles answered on the site and the puzzle rating they give (puzzles.js keeps
 *   them, as lines of the progress store's own format, and works out the rating).
 *
 * The database is only read: where it does not exist, it is not created. Every word
 * comes with the page (data-labels, written by docs_hooks/site_hooks.py through the
 * translation catalogue), in the page's language.
 */
(function () {
  "use strict";

  var FILE = ".hasenpfeffer/progress.jsonl";
  var STREAK = "hasenpfeffer-best-streak-";

  function has(obj, key) {
    return !!obj && typeof obj === "object" && Object.prototype.hasOwnProperty.call(obj, key);
  }

  function node(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* The progress file's text as JupyterLite keeps it, or null (none, or no storage). */
  function liveFile(base) {
    return new Promise(function (resolve) {
      var idb;
      try { idb = window.indexedDB; } catch (e) { idb = null; }
      if (!idb) { resolve(null); return; }
      var name = "JupyterLite Storage - " + base;
      var listed = typeof idb.databases === "function" ? idb.databases() : Promise.resolve(null);
      listed.then(function (dbs) {
        if (dbs && !dbs.some(function (d) { return d.name === name; })) { resolve(null); return; }
        var req = idb.open(name);
        req.onupgradeneeded = function () {
          // the live copy has never stored anything here: create nothing
          req.transaction.abort();
        };
        req.onerror = function () { resolve(null); };
        req.onblocked = function () { resolve(null); };
        req.onsuccess = function () {
          var db = req.result;
          if (!db.objectStoreNames.contains("files")) { db.close(); resolve(null); return; }
          var get = db.transaction("files", "readonly").objectStore("files").get(FILE);
          get.onsuccess = function () { db.close(); resolve(text(get.result)); };
          get.onerror = function () { db.close(); resolve(null); };
        };
      }, function () { resolve(null); });
    });
  }

  /* A stored file's text (JupyterLite keeps a text file as text, another as base64). */
  function text(model) {
    if (!model || typeof model !== "object" || typeof model.content !== "string") return null;
    if (model.format !== "base64") return model.content;
    try {
      var bytes = Uint8Array.from(atob(model.content), function (ch) { return ch.charCodeAt(0); });
      return new TextDecoder().decode(bytes);
    } catch (e) {
      return null;
    }
  }

  /* The answers of a progress file, summed up: {answers, right, ideas, lessons, last}. */
  function summary(file) {
    var out = { answers: 0, right: 0, ideas: {}, lessons: {}, last: null };
    String(file).split("\n").forEach(function (line) {
      var e;
      try { e = JSON.parse(line); } catch (err) { return; }
      if (!e || typeof e !== "object" || typeof e.right !== "boolean") return;
      var when = typeof e.at === "string" ? new Date(e.at) : null;
      if (!when || isNaN(when.getTime())) return;
      out.answers += 1;
      if (e.right) out.right += 1;
      if (Array.isArray(e.concepts)) {
        e.concepts.forEach(function (c) { if (typeof c === "string") out.ideas[c] = true; });
      }
      if (typeof e.lesson === "number" && e.lesson >= 1 && e.lesson <= 99 && e.lesson % 1 === 0) {
        out.lessons[e.lesson] = true;
      }
      if (!out.last || when > out.last) out.last = when;
    });
    return out;
  }

  function storageWorks() {
    try {
      var key = STREAK + "probe";
      window.localStorage.setItem(key, "1");
      window.localStorage.removeItem(key);
      return true;
    } catch (e) {
      return false;
    }
  }

  function bestStreak(kind) {
    var v = null;
    try { v = window.localStorage.getItem(STREAK + kind); } catch (e) { v = null; }
    return typeof v === "string" && /^[0-9]{1,9}$/.test(v) ? parseInt(v, 10) : 0;
  }

  /* The site's puzzle answers (puzzles.js keeps them, as progress-store event lines):
   * the rating they give, how many were answered, how many solved. */
  function puzzleAnswers(live) {
    var out = { rating: 1500, answered: 0, solved: 0 };
    var seen = {};
    /* this site's answers and the live lessons' (their Puzzles widget), each once */
    siteEvents().concat(fileLines(live)).forEach(function (e) {
      if (seen[e.id] || e.source !== "puzzle" || typeof e.right !== "boolean") return;
      seen[e.id] = true;
      out.answered += 1;
      if (e.right && !e.hints) out.solved += 1;
    });
    var rating = typeof window.hpPuzzleRating === "function" ? window.hpPuzzleRating(fileLines(live)) : null;
    if (rating) out.rating = rating.rating;
    return out;
  }

  /* --- export and import: one file in the progress store's own format ------------- */

  var SITE_KEY = "hasenpfeffer-progress-events";
  var SOURCES = ["exercise", "quiz", "practice", "puzzle", "hint"];

  function isAnswer(e) { return typeof e.right === "boolean"; }

  /* An event as the store reads it (Event.from_dict), checked lightly: the command
   * line checks every field again when it imports. */
  function event(line) {
    var e;
    try { e = JSON.parse(line); } catch (err) { return null; }
    if (!e || typeof e !== "object" || Array.isArray(e)) return null;
    if (typeof e.id !== "string" || !/^[0-9A-Za-z_-]{1,64}$/.test(e.id)) return null;
    if (SOURCES.indexOf(e.source) < 0 || typeof e.item !== "string" || !e.item || e.item.length > 500) return null;
    if (!Array.isArray(e.concepts) || !e.concepts.every(function (c) { return typeof c === "string" && c; })) return null;
    if (!(e.right === true || e.right === false || e.right === null)) return null;
    var when = typeof e.at === "string" ? new Date(e.at) : null;
    if (!when || isNaN(when.getTime()) || when.getTime() > Date.now() + 86400000) return null;
    return e;
  }

  function siteEvents() {
    var text = null;
    try { text = window.localStorage.getItem(SITE_KEY); } catch (e) { text = null; }
    return String(text || "").split("\n").map(event).filter(Boolean);
  }

  function fileLines(text) {
    return String(text || "").split("\n").map(event).filter(Boolean);
  }

  function header() {
    var bytes = new Uint8Array(8);
    window.crypto.getRandomValues(bytes);
    var file = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    return JSON.stringify({ format: "hasenpfeffer-progress", version: 1, created: new Date().toISOString(), file: file });
  }

  /* The export and import controls. ``live`` is the live lessons' progress file (or
   * null): its answers go into the export too, so one file holds this browser's all. */
  function transfer(t, live, root) {
    var box = node("div", "hp-transfer");
    var exportButton = node("button", "md-button", t("export"));
    exportButton.type = "button";
    exportButton.addEventListener("click", function () {
      var seen = {};
      var lines = [];
      siteEvents().concat(fileLines(live)).forEach(function (e) {
        if (seen[e.id]) return;
        seen[e.id] = true;
        lines.push(JSON.stringify(e));
      });
      var blob = new Blob([header() + "\n" + lines.join("\n") + (lines.length ? "\n" : "")], { type: "application/x-ndjson" });
      var a = node("a");
      a.href = URL.createObjectURL(blob);
      a.download = "hasenpfeffer-progress.jsonl";
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    });
    var said = node("p", "hp-transfer-said");
    said.setAttribute("role", "status");
    var input = node("input", "hp-import");
    input.type = "file";
    input.accept = ".jsonl,.json,.txt,application/json";
    input.id = "hp-import-file";
    var label = node("label", "md-button", t("import"));
    label.setAttribute("for", "hp-import-file");
    input.addEventListener("change", function () {
      var chosen = input.files && input.files[0];
      if (!chosen) return;
      chosen.text().then(function (text) {
        var first = String(text).split("\n", 1)[0];
        var head = null;
        try { head = JSON.parse(first); } catch (e) { head = null; }
        if (!head || head.format !== "hasenpfeffer-progress" || head.version !== 1) {
          said.textContent = t("not_progress").split("{file}").join(chosen.name);
          return;
        }
        var rows = String(text).split("\n").slice(1).filter(function (l) { return l.trim(); });
        var have = {};
        siteEvents().forEach(function (e) { have[e.id] = true; });
        var added = [];
        var skipped = 0;
        rows.forEach(function (l) {
          var e = event(l);
          if (!e) { skipped += 1; return; }
          if (have[e.id]) return;
          have[e.id] = true;
          added.push(JSON.stringify(e));
        });
        try {
          var old = window.localStorage.getItem(SITE_KEY) || "";
          window.localStorage.setItem(SITE_KEY, old + added.map(function (l) { return l + "\n"; }).join(""));
        } catch (e) {
          said.textContent = t("no_storage");
          return;
        }
        said.textContent = t(added.length === 1 ? "imported_one" : "imported")
          .split("{added}").join(String(added.length)).split("{file}").join(chosen.name)
          + (skipped ? " " + t("skipped").split("{skipped}").join(String(skipped)) : "");
        root.setAttribute("data-imported", String(added.length));
      });
    });
    box.appendChild(node("p", "hp-quiet", t("export_note")));
    box.appendChild(exportButton);
    box.appendChild(node("p", "hp-quiet", t("import_note")));
    box.appendChild(input);
    box.appendChild(label);
    box.appendChild(said);
    return box;
  }

  function table(caption, rows) {
    var t = node("table", "hp-held-table");
    t.appendChild(node("caption", null, caption));
    var body = node("tbody");
    rows.forEach(function (row) {
      var tr = node("tr");
      tr.appendChild(node("th", null, row[0])).setAttribute("scope", "row");
      tr.appendChild(node("td", null, row[1]));
      body.appendChild(tr);
    });
    t.appendChild(body);
    return t;
  }

  function show(root) {
    var labels = {};
    try { labels = JSON.parse(root.getAttribute("data-labels") || "{}"); } catch (e) { labels = {}; }
    var t = function (key) { return has(labels, key) ? String(labels[key]) : key; };
    var lang = document.documentElement.lang || undefined;
    var number = new Intl.NumberFormat(lang);
    var base = new URL(root.getAttribute("data-live") || "live/", window.location.href).pathname;
    var kinds = Array.isArray(labels.kinds) ? labels.kinds : [];

    liveFile(base).then(function (file) {
      while (root.firstChild) root.removeChild(root.firstChild);
      if (!storageWorks()) root.appendChild(node("p", "hp-held-none", t("no_storage")));
      var s = file === null ? null : summary(file);
      if (!s || !s.answers) {
        root.appendChild(node("p", "hp-held-none", t("none_live")));
      } else {
        var lessons = Object.keys(s.lessons).map(Number).sort(function (a, b) { return a - b; });
        root.appendChild(table(t("live_title"), [
          [t("answers"), number.format(s.answers)],
          [t("right"), number.format(s.right)],
          [t("ideas"), number.format(Object.keys(s.ideas).length)],
          [t("lessons"), lessons.length ? lessons.map(function (n) { return number.format(n); }).join(", ") : "–"],
          [t("last"), s.last.toLocaleDateString(lang, { year: "numeric", month: "long", day: "numeric" })],
        ]));
      }
      root.appendChild(table(t("quizzes_title"), kinds.map(function (k) {
        return [String(k.name), number.format(bestStreak(String(k.kind)))];
      })));
      var puzzles = puzzleAnswers(file);
      root.appendChild(table(t("puzzles_title"), [
        [t("puzzle_rating"), number.format(Math.round(puzzles.rating))],
        [t("puzzles_answered"), number.format(puzzles.answered)],
        [t("puzzles_solved"), number.format(puzzles.solved)],
      ]));
      var site = siteEvents();
      root.appendChild(table(t("site_title"), [
        [t("answers"), number.format(site.filter(isAnswer).length)],
        [t("right"), number.format(site.filter(function (e) { return e.right === true; }).length)],
      ]));
      root.appendChild(transfer(t, file, root));
      root.appendChild(node("p", "hp-quiet", t("private")));
      root.setAttribute("data-ready", "");
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".hp-held"), show);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
