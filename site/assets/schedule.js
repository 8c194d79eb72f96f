/* Spaced practice and stars from the learner's answers, in the browser: the rules of
 * hasenpfeffer_core.analysis.practice (Schedule, exercise_stars, lesson_stars), so that
 * the site's progress page shows what the notebooks and `hasenpfeffer progress` show
 * for the same answers (tests/test_schedule_js.py runs both on the same answers).
 *
 * The memory model is FSRS-6 through ts-fsrs (assets/vendor/ts-fsrs, vendored
 * unchanged), configured here explicitly with the settings of the Python side,
 * fsrs.Scheduler(enable_fuzzing=False) of fsrs 6.3.2: its 21 default weights, desired
 * retention 0.9, learning steps 1 and 10 minutes, relearning step 10 minutes, intervals
 * of at most 36,500 days, no fuzz. Python's scheduler and ts-fsrs's do not step through
 * learning alike (ts-fsrs's hard step is a whole minute, and its days are calendar days
 * in UTC), so the steps, the intervals and the days elapsed are worked out here as
 * fsrs.Scheduler.review_card works them out, and ts-fsrs gives the new stability and
 * difficulty (FSRSAlgorithm.next_state) and the interval in days (next_interval).
 *
 * The concepts (their keys, names and order), SAME_AS, the lessons and the other
 * constants come from Python with the page (docs_hooks/progress_page.py writes them): no
 * list is copied here. Times are milliseconds since 1970.
 */
(function (root) {
  "use strict";

  var F = root.FSRS;
  var MINUTE = 60000;
  var DAY = 86400000;

  /* The configuration, in ts-fsrs's terms: the same as the Python side's. */
  var CONFIG = Object.freeze({
    w: Object.freeze([0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666,
      0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]),
    request_retention: 0.9,
    maximum_interval: 36500,
    learning_steps: Object.freeze(["1m", "10m"]),
    relearning_steps: Object.freeze(["10m"]),
    enable_fuzz: false,
    enable_short_term: true,
  });

  /* fsrs's Rating and State (the same numbers in ts-fsrs). */
  var AGAIN = 1, HARD = 2, GOOD = 3, EASY = 4;
  var LEARNING = 1, REVIEW = 2, RELEARNING = 3;

  var algorithm = null;
  var P = null;
  var DECAY = 0, FACTOR = 0;
  var LEARNING_STEPS = [], RELEARNING_STEPS = [];

  function ready() {
    if (algorithm) return true;
    if (!F || typeof F.FSRSAlgorithm !== "function") return false;
    algorithm = new F.FSRSAlgorithm(CONFIG);
    P = algorithm.parameters;  // the configuration as ts-fsrs took it in
    DECAY = -P.w[20];
    FACTOR = Math.pow(0.9, 1 / DECAY) - 1;
    LEARNING_STEPS = P.learning_steps.map(function (s) { return F.ConvertStepUnitToMinutes(s) * MINUTE; });
    RELEARNING_STEPS = P.relearning_steps.map(function (s) { return F.ConvertStepUnitToMinutes(s) * MINUTE; });
    return true;
  }

  /* The configuration as Python's Scheduler.to_dict() writes its own (for the tests). */
  function configuration() {
    if (!ready()) return null;
    return {
      parameters: P.w.slice(),
      desired_retention: P.request_retention,
      learning_steps: LEARNING_STEPS.map(function (ms) { return ms / 1000; }),
      relearning_steps: RELEARNING_STEPS.map(function (ms) { return ms / 1000; }),
      maximum_interval: P.maximum_interval,
      enable_fuzzing: P.enable_fuzz,
    };
  }

  /* Whole days from ``from`` to ``to`` (Python's timedelta.days: rounded down). */
  function daysBetween(from, to) { return Math.floor((to - from) / DAY); }

  /* fsrs.Scheduler.get_card_retrievability: the chance of recall at ``at``. */
  function retrievability(card, at) {
    if (card.last_review === null || card.stability === null) return 0;
    var days = Math.max(0, daysBetween(card.last_review, at));
    return Math.pow(1 + FACTOR * days / card.stability, DECAY);
  }

  /* fsrs.Card(): a new card is learning, at its first step, due ``due``. */
  function newCard(due) {
    return { state: LEARNING, step: 0, stability: null, difficulty: null, due: due, last_review: null };
  }

  function interval(stability) {
    return algorithm.next_interval(stability, 0) * DAY;  // no fuzz: elapsed days unused
  }

  /* fsrs.Scheduler.review_card: the card after ``rating`` at ``at``. */
  function review(card, rating, at) {
    var c = { state: card.state, step: card.step, stability: card.stability,
      difficulty: card.difficulty, due: card.due, last_review: card.last_review };
    var days = c.last_review === null ? null : daysBetween(c.last_review, at);
    var memory;
    if (c.stability === null || c.difficulty === null) {
      memory = algorithm.next_state(null, 0, rating);  // the first review
    } else if (days !== null && days < 1) {
      memory = algorithm.next_state({ difficulty: c.difficulty, stability: c.stability }, 0, rating);
    } else {
      memory = algorithm.next_state({ difficulty: c.difficulty, stability: c.stability }, days, rating,
        retrievability(c, at));
    }
    c.stability = memory.stability;
    c.difficulty = memory.difficulty;
    var next;
    if (c.state === LEARNING || c.state === RELEARNING) {
      var steps = c.state === LEARNING ? LEARNING_STEPS : RELEARNING_STEPS;
      if (!steps.length || (c.step >= steps.length && rating !== AGAIN)) {
        c.state = REVIEW; c.step = null; next = interval(c.stability);
      } else if (rating === AGAIN) {
        c.step = 0; next = steps[0];
      } else if (rating === HARD) {
        if (c.step === 0 && steps.length === 1) next = steps[0] * 1.5;
        else if (c.step === 0) next = (steps[0] + steps[1]) / 2;
        else next = steps[c.step];
      } else if (rating === GOOD && c.step + 1 < steps.length) {
        c.step += 1; next = steps[c.step];
      } else {  // good at the last step, or easy
        c.state = REVIEW; c.step = null; next = interval(c.stability);
      }
    } else if (rating === AGAIN && RELEARNING_STEPS.length) {
      c.state = RELEARNING; c.step = 0; next = RELEARNING_STEPS[0];
    } else {
      next = interval(c.stability);
    }
    c.due = at + next;
    c.last_review = at;
    return c;
  }

  /* practice._rating: wrong is again, right after hints or tries hard, else good. */
  function rating(e) {
    if (!e.right) return AGAIN;
    if (e.hints || (typeof e.attempt === "number" && e.attempt > 1)) return HARD;
    return GOOD;
  }

  function has(obj, key) {
    return !!obj && typeof obj === "object" && Object.prototype.hasOwnProperty.call(obj, key);
  }

  /* practice.Schedule: the schedule worked out from checked events, in the order given
   * (hint steps are left out). ``catalogue`` is the page's (concepts, same_as,
   * strength_ahead); ``when(e)`` gives an event's time. */
  function Schedule(catalogue, when) {
    if (!ready()) throw new Error("ts-fsrs is not loaded");
    this.catalogue = catalogue;
    this.when = when;
    this.sameAs = has(catalogue, "same_as") ? catalogue.same_as : {};
    this.ahead = (+catalogue.strength_ahead || 7 * 86400) * 1000;
    this.order = [];
    this.states = Object.create(null);
    var self = this;
    (catalogue.concepts || []).forEach(function (c) {
      if (typeof c.key !== "string" || self.states[c.key]) return;
      self.order.push(c.key);
      self.states[c.key] = { concept: c, card: null, cap: null, answers: 0, right: 0, first: null, last: null };
    });
    this.taken = 0;
  }

  Schedule.prototype.add = function (events) {
    var self = this;
    (events || []).forEach(function (e) {
      if (e.right !== true && e.right !== false) return;
      self.taken += 1;
      var at = self.when(e);
      var keys = [];
      e.concepts.forEach(function (k) {
        var key = has(self.sameAs, k) ? self.sameAs[k] : k;
        if (keys.indexOf(key) < 0) keys.push(key);
      });
      keys.forEach(function (key) {
        var state = self.states[key];
        if (!state) return;  // a tag that is not a scheduled concept
        var t = state.last !== null ? Math.max(at, state.last) : at;
        state.answers += 1;
        state.right += e.right ? 1 : 0;
        if (state.first === null) state.first = t;
        state.last = t;
        var card = state.card;
        if (e.right) state.cap = null;
        else if (card !== null) {  // a miss never makes the concept look stronger
          var held = self.held(card, t);
          state.cap = state.cap === null ? held : Math.min(state.cap, held);
        }
        if (card === null) card = newCard(t);
        else if (t < card.due && (e.right || card.state !== REVIEW)) return;
        state.card = review(card, rating(e), t);
      });
    });
    return this;
  };

  /* The chance, seen from ``at``, of getting the card right a week later. */
  Schedule.prototype.held = function (card, at) { return retrievability(card, at + this.ahead); };

  /* How well the concept is held a week from ``now`` (0 to 1), or null if never practised. */
  Schedule.prototype.strength = function (key, now) {
    var state = this.states[key];
    if (!state || state.card === null) return null;
    var held = this.held(state.card, now);
    return state.cap === null ? held : Math.min(held, state.cap);
  };

  /* The concepts due at ``now``, the longest overdue first. */
  Schedule.prototype.due = function (now) {
    var self = this;
    var due = this.order.map(function (k) { return self.states[k]; })
      .filter(function (s) { return s.card !== null && s.card.due <= now; });
    due.sort(function (a, b) { return a.card.due - b.card.due; });
    return due.map(function (s) { return s.concept; });
  };

  /* The next concept to fall due after ``now``, and when: {when, concept}, or null. */
  Schedule.prototype.nextDue = function (now) {
    var best = null;
    for (var i = 0; i < this.order.length; i++) {
      var s = this.states[this.order[i]];
      if (s.card !== null && s.card.due > now && (best === null || s.card.due < best.when)) {
        best = { when: s.card.due, concept: s.concept };
      }
    }
    return best;
  };

  /* --- stars (practice.exercise_stars, lesson_stars) ------------------------------- */

  function Stars(round, pass) {
    this.round = round; this.pass = pass;
    this.allQuiz = true; this.rounds = 0; this.inRound = 0; this.roundRight = 0;
    this.byTries = 0; this.tries = 0;
  }

  Stars.prototype.add = function (a) {
    this.allQuiz = this.allQuiz && a.source === "quiz";
    this.inRound += 1;
    this.roundRight += a.right && !a.hints ? 1 : 0;
    if (this.inRound === this.round) {
      var right = this.roundRight;
      var stars = right === this.round ? 3 : right >= this.round - 1 ? 2 : right >= this.pass ? 1 : 0;
      this.rounds = Math.max(this.rounds, stars);
      this.inRound = this.roundRight = 0;
    }
    this.tries += 1;
    if (a.right) {
      var got = this.tries === 1 && !a.hints ? 3 : this.tries <= 2 ? 2 : 1;
      this.byTries = Math.max(this.byTries, got);
      this.tries = 0;  // a fresh go at the exercise starts here
    }
  };

  Stars.prototype.stars = function () { return this.allQuiz ? this.rounds : this.byTries; };

  /* Each lesson's stars from checked events, in the catalogue's lesson order:
   * [{lesson, title, exercises, stars, done, answered}] (``answered``: how many of its
   * exercises have answers). */
  function lessonStars(catalogue, events) {
    var lessons = Array.isArray(catalogue.lessons) ? catalogue.lessons : [];
    var round = +catalogue.round || 5;
    var pass = +catalogue.round_pass || 3;
    var folds = Object.create(null);
    lessons.forEach(function (l) { folds[l.lesson] = { order: [], by: Object.create(null) }; });
    (events || []).forEach(function (e) {
      if (e.right !== true && e.right !== false) return;
      if (typeof e.lesson !== "number" || !folds[e.lesson]) return;
      if (e.source !== "exercise" && e.source !== "quiz") return;
      var item = e.source === "exercise" ? e.item : "quiz:" + (typeof e.kind === "string" ? e.kind : "");
      var fold = folds[e.lesson];
      if (!fold.by[item]) { fold.by[item] = new Stars(round, pass); fold.order.push(item); }
      fold.by[item].add(e);
    });
    return lessons.map(function (l) {
      var fold = folds[l.lesson];
      var stars = fold.order.map(function (item) { return fold.by[item].stars(); });
      var earned = stars.slice().sort(function (a, b) { return b - a; }).slice(0, l.exercises);
      var whole = earned.length >= l.exercises && earned.every(Boolean) ? Math.min.apply(null, earned) : 0;
      return {
        lesson: l.lesson, title: l.title, exercises: l.exercises, stars: whole,
        done: stars.filter(Boolean).length, answered: stars.length,
      };
    });
  }

  root.hpSchedule = {
    CONFIG: CONFIG,
    ready: ready,
    configuration: configuration,
    Schedule: Schedule,
    lessonStars: lessonStars,
  };
})(typeof window !== "undefined" ? window : globalThis);
