/* "Choose the card": puzzles from real hands, in the static site, no kernel needed.
 *
 * The puzzles, their answers, hints, explanations and verdicts were all worked out by
 * the engine when the site was built (docs_hooks/content/puzzles.py, from the package's
 * puzzle bank); every word shown comes with the data, in the page's language. This
 * script shows a puzzle, marks the answer against the stored right ones, and keeps the
 * learner's puzzle rating: Glicko-2 through the glicko2 package (assets/glicko2.js),
 * the same algorithm and settings as the package's PuzzleRating, so one answer moves the
 * rating alike in a notebook, in the terminal and here.
 *
 * What is answered is kept in this browser only (localStorage), as lines of the
 * learner's progress store's own format (hasenpfeffer_core.analysis.progress): one JSON
 * event per answer, source "puzzle", its item naming the puzzle and its rating. The
 * rating is worked out again from those lines on every visit, as the package works it
 * out from its store. A browser that refuses storage is told so.
 */
(function () {
  "use strict";

  var el = window.hpSafe.el;
  var clear = window.hpSafe.clear;

  /* The learner's answers in this browser (hp-safe.js). */
  var store = window.hpStore;
  /* As the package's PuzzleRating: a new learner, a puzzle's deviation, the streak. */
  var START = { rating: 1500, rd: 350, vol: 0.06 };
  var PUZZLE_RD = 80;
  var STREAK_START = 1000;
  var STREAK_STEP = 60;
  var SPREAD = 150;

  function has(obj, key) {
    return !!obj && typeof obj === "object" && Object.prototype.hasOwnProperty.call(obj, key);
  }

  function fill(text, values) {
    var out = String(text);
    Object.keys(values).forEach(function (k) { out = out.split("{" + k + "}").join(String(values[k])); });
    return out;
  }

  /* An answer as the store writes it (Event.to_dict): the same fields and names. */
  function answerEvent(p, right, hints, kind) {
    return store.make({ source: "puzzle", item: p.item, concepts: [p.theme], right: right, hints: hints, kind: kind });
  }

  /* --- the rating: Glicko-2, each answer a rating period of one game ---------------- */

  function rated(r, puzzleRating, solved) {
    var ranking = new window.glicko2.Glicko2({ tau: 0.5, rating: START.rating, rd: START.rd, vol: START.vol });
    var me = ranking.makePlayer(r.rating, r.rd, r.vol);
    var puzzle = ranking.makePlayer(puzzleRating, PUZZLE_RD, START.vol);
    ranking.addResult(me, puzzle, solved ? 1 : 0);
    ranking.calculatePlayersRatings();
    return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
  }

  /* The rating from the stored answers, as puzzles.rating_from works it out: a rated
   * puzzle answer ("puzzle|<id>|<rating>", kind "puzzle") counts, solved when right with
   * no hint; a streak's answers do not. */
  function ratingFrom(events) {
    var r = { rating: START.rating, rd: START.rd, vol: START.vol };
    (events || []).forEach(function (e) {
      if (e.source !== "puzzle" || e.kind !== "puzzle" || typeof e.right !== "boolean") return;
      var parts = e.item.split("|");
      if (parts.length !== 3 || parts[0] !== "puzzle" || !/^[0-9]{1,5}$/.test(parts[2])) return;
      r = rated(r, parseInt(parts[2], 10), e.right && !e.hints);  // (the store omits hints: 0)
    });
    return r;
  }

  function seenIds(events) {
    var out = {};
    (events || []).forEach(function (e) {
      if (e.source === "puzzle") out[String(e.item).split("|")[1]] = true;
    });
    return out;
  }

  /* --- the page ------------------------------------------------------------------- */

  function Puzzles(root, index, base) {
    this.root = root;
    this.base = base;
    this.index = index;
    this.t = index.labels || {};
    this.parts = {};
    this.kept = store.works();
    var events = store.events();
    this.rating = ratingFrom(events);
    this.seen = seenIds(events);
    this.mode = "rated";
    this.streak = 0;
    this.score = { solved: 0, asked: 0 };
    /* a link may name a theme: puzzles/?theme=second-hand-low */
    var asked = new URLSearchParams(window.location.search).get("theme") || "";
    this.theme = (index.themes || []).some(function (t) { return t.key === asked; }) ? asked : "";
    this.build();
    this.next();
  }

  Puzzles.prototype.word = function (key, values) {
    var text = has(this.t, key) && typeof this.t[key] === "string" ? this.t[key] : key;
    return values ? fill(text, values) : text;
  };

  Puzzles.prototype.build = function () {
    var self = this;
    clear(this.root);
    var select = el("select", { "class": "hp-theme-select", id: "hp-puzzle-theme" });
    select.appendChild(el("option", { value: "", text: this.word("every_theme") }));
    (this.index.themes || []).forEach(function (t) {
      select.appendChild(el("option", { value: t.key, text: t.name + " (" + t.count + ")" }));
    });
    select.value = this.theme;
    select.addEventListener("change", function () { self.theme = select.value; self.streak = 0; self.next(); });
    this.select = select;
    var modes = el("div", { "class": "hp-levels", role: "group", "aria-label": this.word("rated") + " / " + this.word("streak") });
    this.modeButtons = [["rated", "rated_tip"], ["streak", "streak_tip"]].map(function (m) {
      var b = el("button", { type: "button", "class": "hp-level", "data-mode": m[0], title: self.word(m[1]), text: self.word(m[0]) });
      b.addEventListener("click", function () { self.mode = m[0]; self.streak = 0; self.next(); });
      modes.appendChild(b);
      return b;
    });
    this.badge = el("div", { "class": "hp-score-line", "aria-live": "polite" });
    var label = el("label", { "for": "hp-puzzle-theme", "class": "hp-stat-label", text: this.word("theme") + " " });
    this.root.appendChild(el("div", { "class": "hp-quiz-bar" }, [el("span", {}, [label, select]), modes, this.badge]));
    this.root.appendChild(el("p", { "class": "hp-hint hp-kept", text: this.word(this.kept ? "kept" : "not_kept") }));
    this.card = el("div", { "class": "hp-question hp-puzzle" });
    this.root.appendChild(this.card);
    this.updateBadge();
  };

  Puzzles.prototype.updateBadge = function () {
    var self = this;
    this.modeButtons.forEach(function (b) {
      var on = b.getAttribute("data-mode") === self.mode;
      b.classList.toggle("hp-on", on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    clear(this.badge);
    var main = this.mode === "streak"
      ? this.word("streak_count", { n: this.streak })
      : this.word("rating", { rating: Math.round(this.rating.rating) });
    this.badge.appendChild(el("strong", { "class": "hp-rating-value", text: main }));
    this.badge.appendChild(el("span", { "class": "hp-stat", text: " · " + this.word("solved", { right: this.score.solved, asked: this.score.asked }) }));
  };

  /* The part of the bank nearest the rating wanted (of the theme chosen, or of any). */
  Puzzles.prototype.partFor = function (target) {
    var theme = this.theme;
    var parts = (this.index.parts || []).filter(function (p) { return !theme || p.theme === theme; });
    function distance(p) { return target < p.low ? p.low - target : target > p.high ? target - p.high : 0; }
    var best = Infinity;
    parts.forEach(function (p) { best = Math.min(best, distance(p)); });
    var near = parts.filter(function (p) { return distance(p) <= best + SPREAD; });
    return near.length ? near[Math.floor(Math.random() * near.length)] : null;
  };

  Puzzles.prototype.fetchPart = function (part) {
    var self = this;
    if (has(this.parts, part.file)) return Promise.resolve(this.parts[part.file]);
    return fetch(this.base + part.file).then(function (r) {
      if (!r.ok) throw new Error(r.status + " " + r.statusText);
      return r.json();
    }).then(function (data) {
      self.parts[part.file] = Array.isArray(data.puzzles) ? data.puzzles : [];
      return self.parts[part.file];
    });
  };

  Puzzles.prototype.next = function () {
    var self = this;
    var target = this.mode === "streak" ? STREAK_START + STREAK_STEP * this.streak : this.rating.rating;
    var part = this.partFor(target);
    this.updateBadge();
    if (!part) return;
    clear(this.card);
    this.card.appendChild(el("p", { "class": "hp-loading", text: this.word("loading") }));
    this.fetchPart(part).then(function (puzzles) {
      var fresh = puzzles.filter(function (p) { return !self.seen[p.id]; });
      var pool = fresh.length ? fresh : puzzles;
      var width = SPREAD;
      var near = [];
      while (!near.length && pool.length) {
        near = pool.filter(function (p) { return Math.abs(p.rating - target) <= width; });
        width *= 2;
      }
      self.show(near[Math.floor(Math.random() * near.length)]);
    }).catch(function (e) {
      clear(self.card);
      self.card.appendChild(el("p", { "class": "hp-error", text: self.word("error", { error: e.message }) }));
    });
  };

  function cardChip(text) {
    return el("span", { "class": "hp-card-chip" + (/[♥♦]/.test(text) ? " hp-red" : ""), text: text });
  }

  Puzzles.prototype.show = function (p) {
    var self = this;
    this.p = p;
    this.seen[p.id] = true;
    this.answered = false;
    this.hintsShown = 0;
    var card = this.card;
    clear(card);
    card.setAttribute("data-pid", p.id);
    var theme = (this.index.themes || []).filter(function (t) { return t.key === p.theme; })[0];
    card.appendChild(el("div", { "class": "hp-q-head" }, [
      el("span", { "class": "hp-badge", text: this.word("puzzle", { theme: theme ? theme.name : p.theme, rating: p.rating }) }),
    ]));
    this.prompt = el("p", { "class": "hp-prompt", text: p.prompt, tabindex: "-1" });
    card.appendChild(this.prompt);
    if (p.trick && p.trick.length) {
      card.appendChild(el("p", { "class": "hp-cards-line" }, [el("span", { "class": "hp-hand-label", text: this.word("the_trick") + ": " })]
        .concat(p.trick.map(function (sc) { return el("span", { "class": "hp-play" }, [el("span", { text: sc[0] + " " }), cardChip(sc[1])]); }))));
    }
    card.appendChild(el("p", { "class": "hp-cards-line" }, [el("span", { "class": "hp-hand-label", text: this.word("your_hand") + ": " })]
      .concat(p.hand.map(cardChip))));
    var choices = el("div", { "class": "hp-choices hp-seats", role: "group", "aria-label": p.prompt });
    this.buttons = p.choices.map(function (c) {
      var b = el("button", { type: "button", "class": "hp-choice" + (/[♥♦]/.test(c.label) ? " hp-red" : ""), "data-value": c.value, text: c.label });
      b.addEventListener("click", function () { self.choose(b); });
      choices.appendChild(b);
      return b;
    });
    card.appendChild(choices);
    this.hints = el("div", { "class": "hp-hints", "aria-live": "polite" });
    this.hintButton = el("button", { type: "button", "class": "md-button hp-hint-button", text: this.word("hint") });
    this.hintButton.addEventListener("click", function () { self.hint(); });
    this.nextButton = el("button", { type: "button", "class": "md-button hp-next", text: this.word("next") });
    this.nextButton.addEventListener("click", function () { self.next(); });
    card.appendChild(el("div", { "class": "hp-actions" }, [this.hintButton, this.nextButton]));
    card.appendChild(this.hints);
    this.feedback = el("div", { "class": "hp-feedback", "aria-live": "polite" });
    card.appendChild(this.feedback);
    var record = el("details", { "class": "hp-record" }, [
      el("summary", { text: this.word("record") }),
      el("pre", { text: p.record }),
    ]);
    card.appendChild(record);
    var focus = document.activeElement;
    if (this.started && (focus === document.body || this.root.contains(focus))) this.prompt.focus();
    this.started = true;
    this.updateBadge();
  };

  Puzzles.prototype.hint = function () {
    var steps = this.p.hints || [];
    if (this.hintsShown >= steps.length || this.answered) return;
    this.hints.appendChild(el("p", { "class": "hp-hint", text: steps[this.hintsShown] }));
    this.hintsShown += 1;
    this.hintButton.textContent = this.word(this.hintsShown >= steps.length ? "no_more_hints" : "more_hint");
    this.hintButton.disabled = this.hintsShown >= steps.length;
  };

  Puzzles.prototype.choose = function (button) {
    if (this.answered) return;
    this.answered = true;
    var p = this.p;
    var value = button.getAttribute("data-value");
    var right = p.right.indexOf(value) >= 0;
    var solved = right && this.hintsShown === 0;
    var t = this.word.bind(this);
    /* each answered button says in words what it was, not by colour alone */
    this.buttons.forEach(function (b) {
      b.disabled = true;
      if (p.right.indexOf(b.getAttribute("data-value")) >= 0) {
        b.classList.add("hp-right");
        b.appendChild(el("span", { "class": "hp-choice-tag", text: t("best_move") }));
      }
    });
    if (!right) {
      button.classList.add("hp-wrong");
      button.appendChild(el("span", { "class": "hp-choice-tag", text: t("your_choice") }));
    }
    this.hintButton.disabled = true;
    var streak = this.mode === "streak";
    store.append(answerEvent(p, right, this.hintsShown, streak ? "streak" : "puzzle"));
    this.score.asked += 1;
    if (solved) this.score.solved += 1;
    var lines = [right ? p.explanation : (has(p.against, value) ? p.against[value] + " " + p.about : p.explanation)];
    if (streak) {
      if (solved) this.streak += 1;
      else {
        lines.push(this.word(this.streak === 1 ? "streak_over_one" : "streak_over", { n: this.streak }));
        this.streak = 0;
        this.nextButton.textContent = this.word("new_streak");
      }
    } else {
      this.rating = rated(this.rating, p.rating, solved);
    }
    clear(this.feedback);
    this.feedback.className = "hp-feedback " + (right ? "hp-feedback-right" : "hp-feedback-wrong");
    this.feedback.appendChild(el("p", { "class": "hp-verdict", text: this.word(solved ? "right" : right ? "right_hinted" : "wrong") }));
    var box = el("div", { "class": "hp-explanation" });
    lines.forEach(function (t) { box.appendChild(el("p", { text: t })); });
    this.feedback.appendChild(box);
    this.updateBadge();
    this.nextButton.focus({ preventScroll: true });
  };

  function start(root) {
    var base = root.getAttribute("data-src");
    fetch(base + "index.json")
      .then(function (r) {
        if (!r.ok) throw new Error(r.status + " " + r.statusText);
        return r.json();
      })
      .then(function (index) { root.puzzles = new Puzzles(root, index, base); root.setAttribute("data-ready", "true"); })
      .catch(function (e) {
        clear(root);
        var said = root.getAttribute("data-error") || "{error}";
        root.appendChild(el("p", { "class": "hp-error", text: said.split("{error}").join(e.message) }));
      });
  }

  /* For the progress page (held.js): the rating the answers give, this site's and
   * ``extra`` (the live lessons' answers in this browser, checked), each answer once, in
   * time order. */
  window.hpPuzzleRating = function (extra) {
    return ratingFrom(store.merged(extra));
  };

  function init() {
    document.querySelectorAll(".hp-puzzles[data-src]").forEach(start);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
