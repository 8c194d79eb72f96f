/* What this browser holds of the learner's progress, on the site's progress page.
 *
 * All of it read from this browser's own storage and nothing else (nothing is sent
 * anywhere):
 *
 * - the answers the live copy of the lessons keeps: the learner's progress file, which
 *   the lessons' kernel writes into JupyterLite's storage for the live copy (IndexedDB,
 *   the database "JupyterLite Storage - <the live copy's path>", store "files", key
 *   ".hasenpfeffer/progress.jsonl"), summed up: how many answers, how many right, the
 *   ideas and lessons practised, the day of the last one. Each line is checked as the
 *   progress store checks it (window.hpStore, hp-safe.js); one that fails is not
 *   counted; nothing of the file is shown but those counts and that day.
 * - the best streak of each of the site's quizzes (practice.js keeps it);
 * - the puzzles answered on the site and the puzzle rating they give (puzzles.js keeps
 *   them in window.hpStore, and works out the rating);
 * - the spaced practice those answers and the live lessons' give (schedule.js, the
 *   rules of the package's practice.Schedule on ts-fsrs): how strong each idea is a week
 *   from now, what is due now and what falls due next, and each lesson's stars where
 *   there are answers from its exercises.
 *
 * The database is only read: where it does not exist, it is not created. Every word
 * comes with the page (data-labels, written by docs_hooks/progress_page.py through the
 * translation catalogue), in the page's language, and so does the list of ideas and
 * lessons (data-schedule, from the package's practice module).
 */
(function () {
  "use strict";

  var FILE = ".hasenpfeffer/progress.jsonl";
  var STREAK = "hasenpfeffer-best-streak-";
  var store = window.hpStore;

  function has(obj, key) {
    return !!obj && typeof obj === "object" && Object.prototype.hasOwnProperty.call(obj, key);
  }

  function node(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function fill(text, values) {
    var out = String(text);
    Object.keys(values).forEach(function (k) { out = out.split("{" + k + "}").join(String(values[k])); });
    return out;
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

  function isAnswer(e) { return e.right === true || e.right === false; }

  /* The answers of the live lessons' file, summed up: {answers, right, ideas, lessons, last}. */
  function summary(events) {
    var out = { answers: 0, right: 0, ideas: Object.create(null), lessons: Object.create(null), last: null };
    events.filter(isAnswer).forEach(function (e) {
      out.answers += 1;
      if (e.right) out.right += 1;
      e.concepts.forEach(function (c) { out.ideas[c] = true; });
      if (typeof e.lesson === "number") out.lessons[e.lesson] = true;
      var when = new Date(store.when(e));
      if (!out.last || when > out.last) out.last = when;
    });
    return out;
  }

  function bestStreak(kind) {
    var v = null;
    try { v = window.localStorage.getItem(STREAK + kind); } catch (e) { v = null; }
    return typeof v === "string" && /^[0-9]{1,9}$/.test(v) ? parseInt(v, 10) : 0;
  }

  /* The puzzle answers, this site's and the live lessons' (their Puzzles widget), each
   * once: the rating they give (puzzles.js works it out), how many, how many solved. */
  function puzzleAnswers(live) {
    var out = { rating: 1500, answered: 0, solved: 0 };
    store.merged(live).forEach(function (e) {
      if (e.source !== "puzzle" || !isAnswer(e)) return;
      out.answered += 1;
      if (e.right && !e.hints) out.solved += 1;
    });
    var rating = typeof window.hpPuzzleRating === "function" ? window.hpPuzzleRating(live) : null;
    if (rating) out.rating = rating.rating;
    return out;
  }

  /* --- export and import: one file in the progress store's own format ------------- */

  /* The export and import controls. ``live`` holds the live lessons' events: they go
   * into the export too, so one file holds this browser's all. ``done(added)`` shows
   * what the page holds again after an import. */
  function transfer(t, live, done) {
    var box = node("div", "hp-transfer");
    var exportButton = node("button", "md-button", t("export"));
    exportButton.type = "button";
    exportButton.addEventListener("click", function () {
      var blob = new Blob([store.exportText(live)], { type: "application/x-ndjson" });
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
      if (chosen.size > store.MAX_FILE) {  // read nothing of it
        said.textContent = fill(t("too_large"), {
          path: chosen.name, size: fill(t("megabytes"), { n: Math.ceil(chosen.size / 1000000) }),
        });
        return;
      }
      input.value = "";  // the same file chosen again is read again
      chosen.text().then(function (content) {
        var got = store.importText(content);
        if (got.error === "not_progress") {
          said.textContent = fill(t("not_progress"), { file: chosen.name });
        } else if (got.error) {
          said.textContent = t("no_storage");
        } else {
          done(got.added);
          said.textContent = fill(t(got.added === 1 ? "imported_one" : "imported"), { added: got.added, file: chosen.name })
            + (got.skipped ? " " + fill(t("skipped"), { skipped: got.skipped }) : "");
        }
      }, function () {
        said.textContent = fill(t("not_progress"), { file: chosen.name });
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

  /* --- the spaced practice and the stars (schedule.js) ---------------------------- */

  /* Python's round(): a half goes to the even neighbour. */
  function roundEven(x) {
    var r = Math.round(x);
    return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  }

  /* A plural label's form for ``n`` ([one, other], as docs_hooks/progress_page.py writes it). */
  function plural(forms, n) {
    var list = Array.isArray(forms) ? forms : [String(forms), String(forms)];
    return String(list[n === 1 ? 0 : 1]);
  }

  /* practice.days_text: a wait in words ("in 3 days", "in 5 hours", "now"). */
  function waitWords(t, labels, ms) {
    var seconds = Math.trunc(ms / 1000);
    if (seconds <= 0) return t("now");
    var units = [[86400, "in_days"], [3600, "in_hours"], [60, "in_minutes"]];
    for (var i = 0; i < units.length; i++) {
      if (seconds >= units[i][0]) {
        var n = roundEven(seconds / units[i][0]);
        return fill(plural(labels[units[i][1]], n), { n: n });
      }
    }
    return t("in_a_minute");
  }

  /* An idea's strength as a bar (drawn, hidden from screen readers) and a figure; for
   * one never practised, ``notYet``. */
  function bar(strength, notYet) {
    var cell = node("td", "hp-strength-cell");
    if (strength === null) {
      cell.appendChild(node("span", "hp-quiet", notYet));
      return cell;
    }
    var share = Math.max(0, Math.min(1, strength));
    var track = node("span", "hp-bar" + (share >= 0.9 ? " hp-strong" : ""));
    track.setAttribute("aria-hidden", "true");
    var fillBar = node("span", "hp-bar-fill");
    fillBar.style.width = (share > 0 ? Math.max(100 * share, 2) : 0).toFixed(1) + "%";
    track.appendChild(fillBar);
    cell.appendChild(track);
    cell.appendChild(node("span", "hp-num", Math.round(100 * share) + "%"));
    return cell;
  }

  /* One table of ideas (the situations, or the principles): each idea's name, when it
   * is due, and its strength. */
  function strengthTable(t, labels, schedule, keys, title, now) {
    var tbl = node("table", "hp-held-table hp-strength-table");
    tbl.appendChild(node("caption", null, fill(t("how_strong"), { title: title })));
    var body = node("tbody");
    keys.forEach(function (key) {
      var s = schedule.states[key];
      var c = s.concept;
      var tr = node("tr", s.card ? "" : "hp-not-yet");
      var th = node("th", null, String(c.name));
      th.setAttribute("scope", "row");
      var due = node("td", "hp-due");
      var strength = schedule.strength(key, now);
      if (!s.card) {
        th.title = String(c.about);
      } else {
        th.title = String(c.about) + " (" + fill(plural(labels.right_of, s.right), { right: s.right, answers: s.answers }) + ")";
        if (s.card.due <= now) {
          due.appendChild(node("span", "hp-due-mark", t("due_mark")));
        } else {
          due.textContent = fill(t("due_when"), { when: waitWords(t, labels, s.card.due - now) });
        }
      }
      tr.appendChild(th);
      tr.appendChild(bar(strength, t("not_yet")));
      tr.appendChild(due);
      body.appendChild(tr);
    });
    tbl.appendChild(body);
    return tbl;
  }

  /* Stars as text (★★☆), labelled for a screen reader ("2 of 3 stars"). */
  function stars(t, n) {
    var span = node("span", "hp-stars", "★★★".slice(0, n) + "☆☆☆".slice(0, 3 - n));
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", fill(t("stars_label"), { n: n, total: 3 }));
    return span;
  }

  /* The spaced practice of ``events`` (checked, each once, in time order). */
  function practice(t, labels, catalogue, events, number) {
    var box = node("section", "hp-practice");
    box.setAttribute("aria-labelledby", "hp-practice-title");
    var heading = node("h3", "hp-practice-title", t("practice_title"));
    heading.id = "hp-practice-title";
    box.appendChild(heading);
    var now = Date.now();
    box.setAttribute("data-now", String(now));  // the time it was worked out for
    var schedule = new window.hpSchedule.Schedule(catalogue, store.when).add(events);
    var started = schedule.order.filter(function (k) { return schedule.states[k].card; });
    if (!started.length) {
      box.appendChild(node("p", "hp-held-none", t("none_practised")));
    } else {
      var due = schedule.due(now);
      if (due.length) {
        var line = node("div", "hp-due-now");
        line.appendChild(node("p", "hp-due-now-title", t("due_now_title")));
        var list = node("ul", "hp-chips");
        list.setAttribute("aria-label", t("due_now_title"));
        due.forEach(function (c) {
          var chip = node("li", "hp-chip", String(c.name));
          chip.title = String(c.about);
          list.appendChild(chip);
        });
        line.appendChild(list);
        box.appendChild(line);
      } else {
        var next = schedule.nextDue(now);
        var said = t("nothing_due");
        if (next) {
          said += " " + fill(t("next_due"), { concept: next.concept.name, when: waitWords(t, labels, next.when - now) });
        }
        box.appendChild(node("p", "hp-due-none", said));
      }
      box.appendChild(node("p", "hp-quiet", t("strength_note")));
      [["situation", "situations"], ["principle", "principles"]].forEach(function (kind) {
        var keys = schedule.order.filter(function (k) { return schedule.states[k].concept.kind === kind[0]; });
        if (keys.length) box.appendChild(strengthTable(t, labels, schedule, keys, t(kind[1]), now));
      });
    }
    var lessons = window.hpSchedule.lessonStars(catalogue, events).filter(function (l) { return l.answered; });
    if (lessons.length) {
      var tbl = node("table", "hp-held-table hp-stars-table");
      tbl.appendChild(node("caption", null, t("lessons_title")));
      var body = node("tbody");
      lessons.forEach(function (l) {
        var tr = node("tr");
        var th = node("th", null, fill(t("lesson_n"), { n: number.format(l.lesson) }) + ": " + l.title);
        th.setAttribute("scope", "row");
        tr.appendChild(th);
        var cell = node("td");
        cell.appendChild(stars(t, l.stars));
        tr.appendChild(cell);
        tr.appendChild(node("td", "hp-done", fill(t("done_of"), {
          done: number.format(Math.min(l.done, l.exercises)), count: number.format(l.exercises),
        })));
        body.appendChild(tr);
      });
      tbl.appendChild(body);
      box.appendChild(tbl);
    }
    return box;
  }

  /* --- the page ------------------------------------------------------------------- */

  /* What the page shows of ``live`` (the live lessons' events) and this browser's store,
   * into ``box`` (emptied first): shown again after an import. */
  function summaries(box, ctx, live) {
    var t = ctx.t, number = ctx.number;
    while (box.firstChild) box.removeChild(box.firstChild);
    if (!store.works()) box.appendChild(node("p", "hp-held-none", t("no_storage")));
    var s = summary(live);
    if (!s.answers) {
      box.appendChild(node("p", "hp-held-none", t("none_live")));
    } else {
      var lessons = Object.keys(s.lessons).map(Number).sort(function (a, b) { return a - b; });
      box.appendChild(table(t("live_title"), [
        [t("answers"), number.format(s.answers)],
        [t("right"), number.format(s.right)],
        [t("ideas"), number.format(Object.keys(s.ideas).length)],
        [t("lessons"), lessons.length ? lessons.map(function (n) { return number.format(n); }).join(", ") : "–"],
        [t("last"), s.last.toLocaleDateString(ctx.lang, { year: "numeric", month: "long", day: "numeric" })],
      ]));
    }
    box.appendChild(table(t("quizzes_title"), ctx.kinds.map(function (k) {
      return [String(k.name), number.format(bestStreak(String(k.kind)))];
    })));
    var puzzles = puzzleAnswers(live);
    box.appendChild(table(t("puzzles_title"), [
      [t("puzzle_rating"), number.format(Math.round(puzzles.rating))],
      [t("puzzles_answered"), number.format(puzzles.answered)],
      [t("puzzles_solved"), number.format(puzzles.solved)],
    ]));
    var site = store.events();
    box.appendChild(table(t("site_title"), [
      [t("answers"), number.format(site.filter(isAnswer).length)],
      [t("right"), number.format(site.filter(function (e) { return e.right === true; }).length)],
    ]));
    /* a fault here (ts-fsrs missing, say) leaves the rest of the page working */
    try {
      box.appendChild(practice(t, ctx.labels, ctx.catalogue, store.merged(live), number));
      ctx.root.removeAttribute("data-practice-error");
    } catch (e) {
      ctx.root.setAttribute("data-practice-error", String(e && e.message));
      if (window.console) window.console.error(e);
    }
  }

  function render(root, file) {
    var labels = {};
    try { labels = JSON.parse(root.getAttribute("data-labels") || "{}"); } catch (e) { labels = {}; }
    var catalogue = {};
    try { catalogue = JSON.parse(root.getAttribute("data-schedule") || "{}"); } catch (e) { catalogue = {}; }
    var lang = document.documentElement.lang || undefined;
    var ctx = {
      root: root, labels: labels, catalogue: catalogue, lang: lang,
      t: function (key) { return has(labels, key) ? String(labels[key]) : key; },
      number: new Intl.NumberFormat(lang),
      kinds: Array.isArray(labels.kinds) ? labels.kinds : [],
    };
    /* the live lessons' events, each line checked as the store checks it */
    var live = file === null ? [] : store.read(file, true).events;
    while (root.firstChild) root.removeChild(root.firstChild);
    var box = node("div", "hp-held-now");
    root.appendChild(box);
    summaries(box, ctx, live);
    root.appendChild(transfer(ctx.t, live, function (added) {
      summaries(box, ctx, live);
      root.setAttribute("data-imported", String(added));
    }));
    root.appendChild(node("p", "hp-quiet", ctx.t("private")));
    root.setAttribute("data-ready", "");
  }

  function show(root) {
    var base = new URL(root.getAttribute("data-live") || "live/", window.location.href).pathname;
    liveFile(base).then(function (file) { render(root, file); });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".hp-held"), show);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
