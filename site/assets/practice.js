/* Practice quizzes in the static site, no kernel needed.
 *
 * The questions, their answers, explanations and pictures were all computed by the
 * engine (hasenpfeffer_core.analysis.quiz) when the site was built. This script only shows a
 * question, compares the learner's choice with the stored answer, shows the stored
 * explanation, and keeps score. No rule of the game is written here.
 *
 * Text from the data is shown as text (textContent); the engine's card pictures are
 * rebuilt from an allowlist (safeFragment), never parsed into the page as they are.
 *
 * Three kinds: trick-winner (pick a seat), legal-play (select cards) and bid (pick a
 * call: its choices are words; every call the engine judged as good as the best is
 * right, and the feedback shows the engine's chart of the chances).
 * The best streak kept in the browser's storage is read as a small whole number or
 * not at all.
 *
 * Every word the quiz shows comes with the data, in the page's language (its "labels",
 * written by docs_hooks/content/practice.py through the translation catalogue): this script
 * has no words of its own. A label the data lacks shows its key.
 */
(function () {
  "use strict";

  /* The levels, in this order: "all" and then the data's difficulties. */
  var ALL = "all";

  /* The tools shared with the site's other scripts (hp-safe.js, loaded first). */
  var el = window.hpSafe.el;
  var clear = window.hpSafe.clear;
  var safeFragment = window.hpSafe.safeFragment;

  function shuffled(list) {
    var a = list.slice();
    for (var i = a.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var t = a[i]; a[i] = a[j]; a[j] = t;
    }
    return a;
  }

  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    var seen = {};
    a.forEach(function (x) { seen[x] = true; });
    return b.every(function (x) { return seen[x]; });
  }

  function has(obj, key) {
    return !!obj && typeof obj === "object" && Object.prototype.hasOwnProperty.call(obj, key);
  }

  /* The words of the data, as text: labels[key], or the key itself if it has none. */
  function wordsOf(labels) {
    return function (key, fill) {
      var text = has(labels, key) && typeof labels[key] === "string" ? labels[key] : String(key);
      if (fill !== undefined) text = text.split("{error}").join(String(fill));
      return text;
    };
  }

  /* A best streak as stored: a whole number of at most 9 digits, anything else is 0. */
  function storedCount(text) {
    return typeof text === "string" && /^[0-9]{1,9}$/.test(text) ? parseInt(text, 10) : 0;
  }

  function storage(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(key);
      window.localStorage.setItem(key, value);
    } catch (e) { /* private mode: no best streak kept */ }
    return null;
  }

  function Quiz(root, data) {
    this.root = root;
    this.data = data;
    this.kind = data.kind;
    this.t = wordsOf(data.labels);
    this.levelNames = has(data.labels, "levels") ? data.labels.levels : {};
    this.level = ALL;
    this.score = { asked: 0, right: 0, streak: 0 };
    this.bestKey = "hasenpfeffer-best-streak-" + this.kind;
    this.typed = "";
    this.typedAt = 0;
    this.best = storedCount(storage(this.bestKey));
    this.build();
    this.restart();
  }

  /* The level's name, for a level the data names (and its own key otherwise). */
  Quiz.prototype.levelName = function (key) {
    var names = this.levelNames;
    return has(names, key) && typeof names[key] === "string" ? names[key] : String(key);
  };

  Quiz.prototype.build = function () {
    var self = this;
    clear(this.root);
    var levels = el("div", { "class": "hp-levels", role: "group", "aria-label": this.t("level") });
    var keys = [ALL].concat(Array.isArray(this.data.difficulties) ? this.data.difficulties.map(String) : []);
    keys.forEach(function (key) {
      var b = el("button", { type: "button", "class": "hp-level", "data-level": key, text: self.levelName(key) });
      b.addEventListener("click", function () { self.level = key; self.restart(); });
      levels.appendChild(b);
    });
    this.levels = levels;
    this.scoreLine = el("div", { "class": "hp-score-line", "aria-live": "polite" });
    this.card = el("div", { "class": "hp-question" });
    this.root.appendChild(el("div", { "class": "hp-quiz-bar" }, [levels, this.scoreLine]));
    this.root.appendChild(this.card);
    this.root.addEventListener("keydown", function (e) { self.key(e); });
    this.updateScore();
  };

  /* What the keyboard may type while the quiz has the focus, besides Tab and Enter: a
   * seat's letter (N, E, S, W) for "who wins the trick", a card (JH, J♥, 10S, TS) to
   * pick or drop it in "which cards may be played", a bid (2 to 6, P for pass, L and B
   * for Little and Big Pepper) in bidding. The keys typed within a second make one
   * answer. A keyboard with no suit keys types the suit's letter: S, H, D, C. */
  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣", "♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣" };
  Quiz.prototype.key = function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || this.answered || !this.buttons) return;
    var k = e.key || "";
    if (k.length !== 1 || !/[0-9a-zA-Z♠♥♦♣]/.test(k)) return;
    /* inside the quiz these keys are the answer's, not the theme's shortcuts (its N and
     * P turn the page, its S opens the search) */
    e.stopPropagation();
    var now = Date.now();
    this.typed = (now - this.typedAt > 1000 ? "" : this.typed) + k.toUpperCase();
    this.typedAt = now;
    var typed = this.typed;
    var card = typed.replace(/^T/, "10").replace(/[SHDC♠♥♦♣]$/, function (s) { return SUITS[s]; });
    var bid = { P: "PASS", L: "LITTLE-PEPPER", B: "BIG-PEPPER" }[typed] || typed;
    var match = null;
    this.buttons.forEach(function (b) {
      var v = String(b.getAttribute("data-value") || "").toUpperCase();
      if (!b.disabled && (v === card || v === bid)) match = b;
    });
    if (!match) return;
    e.preventDefault();
    this.typed = "";
    match.focus();
    this.choose(match);
  };

  Quiz.prototype.restart = function () {
    var level = this.level;
    var pool = this.data.questions.filter(function (q) {
      return level === "all" || q.difficulty === level;
    });
    this.pool = pool;
    this.queue = shuffled(pool);
    this.levels.querySelectorAll("button").forEach(function (b) {
      b.classList.toggle("hp-on", b.getAttribute("data-level") === level);
      b.setAttribute("aria-pressed", b.getAttribute("data-level") === level ? "true" : "false");
    });
    this.next();
  };

  Quiz.prototype.updateScore = function () {
    var s = this.score;
    clear(this.scoreLine);
    var parts = [
      [this.t("score"), s.right + " / " + s.asked, "hp-score-value"],
      [this.t("streak"), String(s.streak), "hp-streak-value"],
      [this.t("best_streak"), String(this.best), "hp-best-value"],
    ];
    var line = this.scoreLine;
    parts.forEach(function (p) {
      line.appendChild(el("span", { "class": "hp-stat" }, [
        el("span", { "class": "hp-stat-label", text: p[0] + " " }),
        el("strong", { "class": p[2], text: p[1] }),
      ]));
    });
  };

  /* Each answer, kept in this browser as a line of the learner's progress store's own
   * format (window.hpStore, hp-safe.js), as the command line and the notebooks record a
   * quiz answer: the question's key, the ideas it practises. The site's progress page
   * exports these lines for `hasenpfeffer progress import`. */
  var store = window.hpStore;

  Quiz.prototype.record = function (right) {
    var q = this.q || {};
    var tags = Array.isArray(q.tags) && q.tags.length ? q.tags : [q.tag];
    if (typeof q.key === "string" && q.key) {
      store.append(store.make({ source: "quiz", item: q.key,
        concepts: tags.filter(function (t) { return typeof t === "string" && t; }),
        right: !!right, kind: String(q.kind || this.kind) }));  // refused: the progress page says so
    }
    this.score.asked += 1;
    if (right) {
      this.score.right += 1;
      this.score.streak += 1;
      if (this.score.streak > this.best) {
        this.best = this.score.streak;
        storage(this.bestKey, String(this.best));
      }
    } else {
      this.score.streak = 0;
    }
    this.updateScore();
  };

  Quiz.prototype.next = function () {
    if (!this.pool.length) {
      clear(this.card);
      this.card.appendChild(el("p", { "class": "hp-error", text: this.t("no_questions") }));
      return;
    }
    if (!this.queue.length) this.queue = shuffled(this.pool);  // a new round
    this.show(this.queue.shift());
  };

  Quiz.prototype.show = function (q) {
    var self = this;
    this.q = q;
    this.answered = false;
    var card = this.card;
    clear(card);
    card.setAttribute("data-qid", q.id);
    card.setAttribute("data-trump", q.trump);
    card.setAttribute("data-trick", JSON.stringify(q.trick));
    card.setAttribute("data-hand", JSON.stringify(q.hand));
    card.setAttribute("data-seat", q.seat || "");
    var isBid = this.kind === "bid";
    var details = q.details || {};
    var head = el("div", { "class": "hp-q-head" }, [
      el("span", { "class": "hp-badge", text: this.levelName(q.difficulty) }),
      isBid
        ? el("span", { "class": "hp-trump-badge", text: String(q.scale_text || "") })
        : el("span", { "class": "hp-trump-badge" + (/[♥♦]/.test(q.trump_symbol) ? " hp-red" : ""),
          text: String(q.trump_text || "") }),
    ]);
    card.appendChild(head);
    this.prompt = el("p", { "class": "hp-prompt", text: q.prompt, tabindex: "-1" });
    card.appendChild(this.prompt);
    var body = el("div", { "class": "hp-q-body" });
    var side = el("div", { "class": "hp-q-side" });
    this.picture = el("div", { "class": "hp-q-picture" }, [safeFragment(q.picture)]);
    if (isBid) this.picture.appendChild(el("p", { "class": "hp-hand-label", text: this.t("six_cards") }));
    if (q.picture) body.appendChild(this.picture);
    body.appendChild(side);
    card.appendChild(body);
    if (isBid) side.appendChild(auctionTable(details.auction || [], this.t));
    var choices = el("div", { "class": "hp-choices " + (this.kind === "legal-play" ? "hp-cards" : "hp-seats"),
      role: "group", "aria-label": this.t("your_answer") });
    this.buttons = [];
    q.choices.forEach(function (c) {
      var b = el("button", { type: "button", "class": "hp-choice", "data-value": c.value, "data-label": c.label });
      if (c.svg) {
        b.appendChild(safeFragment(c.svg));
        b.setAttribute("aria-label", c.label);
        b.setAttribute("aria-pressed", "false");
      } else {
        b.textContent = c.label;
      }
      b.addEventListener("click", function () { self.choose(b); });
      choices.appendChild(b);
      self.buttons.push(b);
    });
    if (this.kind === "legal-play") side.appendChild(el("p", { "class": "hp-hand-label", text: this.t("your_hand") }));
    side.appendChild(choices);
    var actions = el("div", { "class": "hp-actions" });
    if (this.kind === "legal-play") {
      this.checkButton = el("button", { type: "button", "class": "md-button md-button--primary hp-check", text: this.t("check") });
      this.checkButton.addEventListener("click", function () { self.checkCards(); });
      actions.appendChild(el("span", { "class": "hp-hint", text: this.t("check_hint") }));
      actions.appendChild(this.checkButton);
    }
    this.nextButton = el("button", { type: "button", "class": "md-button hp-next", text: this.t("next") });
    this.nextButton.addEventListener("click", function () { self.next(); });
    actions.appendChild(this.nextButton);
    side.appendChild(actions);
    this.feedback = el("div", { "class": "hp-feedback", "aria-live": "polite" });
    side.appendChild(this.feedback);
    /* A new question from the keyboard (Next had the focus, and is gone): the focus goes
     * to the question itself, which a screen reader then reads. */
    var focus = document.activeElement;
    if (this.started && (focus === document.body || this.root.contains(focus))) this.prompt.focus();
    this.started = true;
  };

  Quiz.prototype.choose = function (button) {
    if (this.answered) return;
    if (this.kind === "legal-play") {
      var on = !button.classList.contains("hp-selected");
      button.classList.toggle("hp-selected", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      return;
    }
    var q = this.q;
    if (this.kind === "bid") { this.chooseCall(button); return; }
    var right = button.getAttribute("data-value") === q.answer;
    this.buttons.forEach(function (b) {
      b.disabled = true;
      if (b.getAttribute("data-value") === q.answer) b.classList.add("hp-right");
    });
    if (!right) button.classList.add("hp-wrong");
    if (q.picture_after) {
      clear(this.picture);
      this.picture.appendChild(safeFragment(q.picture_after));
    }
    this.finish(right, right ? this.t("right") : this.t("not_quite"), [q.explanation]);
  };

  /* A bid question: every call in details.right is right (the engine judged it as good
   * as the best); each answered button says in words what it was. */
  Quiz.prototype.chooseCall = function (button) {
    var q = this.q;
    var details = q.details || {};
    var good = {};
    (details.right || []).forEach(function (v) { good[v] = true; });
    var value = button.getAttribute("data-value");
    var right = Object.prototype.hasOwnProperty.call(good, value);
    var t = this.t;
    this.buttons.forEach(function (b) {
      var v = b.getAttribute("data-value");
      b.disabled = true;
      if (good[v]) {
        b.classList.add("hp-right");
        b.appendChild(el("span", { "class": "hp-choice-tag", text: t("best_call") }));
      } else if (b === button) {
        b.classList.add("hp-wrong");
        b.appendChild(el("span", { "class": "hp-choice-tag", text: t("your_call") }));
      }
    });
    var comments = details.comments || {};
    var lines = [];
    if (Object.prototype.hasOwnProperty.call(comments, value)) lines.push(String(comments[value]));
    lines.push(q.explanation);
    this.finish(right, right ? t("right") : String(q.wrong_text || t("not_quite")), lines);
    if (q.chart) {
      this.feedback.appendChild(el("div", { "class": "hp-chances-chart" }, [safeFragment(q.chart)]));
      if (q.chart_caption) this.feedback.appendChild(el("p", { "class": "hp-hint", text: q.chart_caption }));
    }
  };

  /* The auction so far, as a small table: who said what (text from the data, as text). */
  function auctionTable(auction, t) {
    var wrap = el("div", { "class": "hp-auction" }, [el("p", { "class": "hp-hand-label", text: t("auction") })]);
    if (!auction.length) {
      wrap.appendChild(el("p", { "class": "hp-hint", text: t("nobody_yet") }));
      return wrap;
    }
    var rows = auction.map(function (a) {
      return el("tr", {}, [el("td", { text: String(a.player) }), el("td", { text: String(a.label) })]);
    });
    var head = el("tr", {}, [el("th", { scope: "col", text: t("player") }), el("th", { scope: "col", text: t("said") })]);
    wrap.appendChild(el("table", {}, [el("thead", {}, [head]), el("tbody", {}, rows)]));
    return wrap;
  }

  Quiz.prototype.checkCards = function () {
    if (this.answered) return;
    var q = this.q;
    var chosen = this.buttons.filter(function (b) { return b.classList.contains("hp-selected"); })
      .map(function (b) { return b.getAttribute("data-value"); });
    var right = sameSet(chosen, q.answer);
    var legal = {};
    var t = this.t;
    q.answer.forEach(function (c) { legal[c] = true; });
    /* Each card says in words what it was, not by colour alone: a legal card chosen is
     * right, a legal card left out was missed, an illegal card chosen was wrong. */
    this.buttons.forEach(function (b) {
      var v = b.getAttribute("data-value");
      var chosen = b.classList.contains("hp-selected");
      var verdict;
      b.disabled = true;
      b.classList.add(legal[v] ? "hp-legal" : "hp-illegal");
      if (legal[v] && chosen) verdict = ["hp-right", t("may_play")];
      else if (legal[v]) verdict = ["hp-missed", t("missed")];
      else if (chosen) verdict = ["hp-wrong", t("may_not_play_chosen")];
      else verdict = ["hp-left-out", t("may_not_play")];
      b.classList.add(verdict[0]);
      b.appendChild(el("span", { "class": "hp-choice-tag", text: verdict[1] }));
      b.setAttribute("aria-label", b.getAttribute("aria-label") + ": " + verdict[1]);
    });
    this.checkButton.disabled = true;
    var reasons = (q.details && q.details.reasons) || {};
    var lines = q.hand.map(function (c) { return reasons[c] || ""; }).filter(Boolean);
    this.finish(right, right ? t("right") : String(q.wrong_text || t("not_quite")), lines.length ? lines : [q.explanation]);
  };

  Quiz.prototype.finish = function (right, verdict, lines) {
    this.answered = true;
    this.record(right);
    clear(this.feedback);
    this.feedback.className = "hp-feedback " + (right ? "hp-feedback-right" : "hp-feedback-wrong");
    this.feedback.appendChild(el("p", { "class": "hp-verdict", text: verdict }));
    var box = el("div", { "class": "hp-explanation" });
    if (lines.length === 1) {
      box.appendChild(el("p", { text: lines[0] }));
    } else {
      var ul = el("ul");
      lines.forEach(function (t) { ul.appendChild(el("li", { text: t })); });
      box.appendChild(ul);
    }
    this.feedback.appendChild(box);
    this.nextButton.focus({ preventScroll: true });
  };

  function start(root) {
    fetch(root.getAttribute("data-src"))
      .then(function (r) {
        if (!r.ok) throw new Error(r.status + " " + r.statusText);
        return r.json();
      })
      .then(function (data) { root.quiz = new Quiz(root, data); root.setAttribute("data-ready", "true"); })
      .catch(function (e) {
        clear(root);
        /* The page's own loading line says what it is, in its language, until the data comes. */
        var said = root.getAttribute("data-error") || "{error}";
        root.appendChild(el("p", { "class": "hp-error", text: said.split("{error}").join(e.message) }));
      });
  }

  function init() {
    document.querySelectorAll(".hp-quiz[data-src]").forEach(start);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
