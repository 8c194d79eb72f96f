/* Runs the site's own scripts under node, as a page loads them (plain scripts, one
 * global object), for tests/test_schedule_js.py: ts-fsrs (assets/vendor), hp-safe.js
 * (window.hpStore) and schedule.js (window.hpSchedule).
 *
 * Reads one JSON object on stdin:
 *   {"assets": folder, "catalogue": the page's data-schedule,
 *    "cases": [{"lines": [event lines], "checks": [{"upto": n, "now": ms}]}],
 *    "parse": [lines], "store": [{"initial", "quota", "append", "import", "export"}]}
 * and writes one JSON object: the schedule's configuration (as Python's
 * Scheduler.to_dict), for each case and check the schedule after the first ``upto``
 * lines seen from ``now`` (each concept's due time, strength, card state, answers; the
 * concepts due; the next due; each lesson's stars), for each line of ``parse``
 * whether the store takes it, and what each of ``store``'s writes did (storeCase).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const context = { console, crypto: globalThis.crypto, TextEncoder };
context.window = context;
vm.createContext(context);
for (const name of ["vendor/ts-fsrs/index.umd.js", "hp-safe.js", "schedule.js"]) {
  const file = path.join(input.assets, name);
  vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
}
const store = context.hpStore;
const hp = context.hpSchedule;
const catalogue = input.catalogue;

function report(schedule, events, now) {
  const concepts = {};
  for (const key of schedule.order) {
    const s = schedule.states[key];
    concepts[key] = {
      due: s.card ? s.card.due : null,
      state: s.card ? s.card.state : null,
      step: s.card ? s.card.step : null,
      strength: schedule.strength(key, now),
      answers: s.answers,
      right: s.right,
    };
  }
  const next = schedule.nextDue(now);
  return {
    concepts,
    due: schedule.due(now).map((c) => c.key),
    next: next ? [next.when, next.concept.key] : null,
    stars: hp.lessonStars(catalogue, events).map((l) => [l.lesson, l.stars, l.done]),
  };
}

const cases = (input.cases || []).map((c) => {
  const events = c.lines.map((line) => store.parse(line)).filter(Boolean);
  const schedule = new hp.Schedule(catalogue, store.when);
  let taken = 0;
  return {
    parsed: events.length,
    checks: c.checks.map((check) => {
      schedule.add(events.slice(taken, check.upto));
      taken = Math.max(taken, check.upto);
      return report(schedule, events.slice(0, check.upto), check.now);
    }),
  };
});

/* The store's writes on a stand-in for localStorage: {initial, quota, append, import}
 * gives what the write said and the text kept afterwards. ``quota`` is the longest text
 * the stand-in keeps (a longer one throws, as a full browser storage does). */
function storeCase(c) {
  const kept = new Map();
  if (c.initial !== null && c.initial !== undefined) kept.set(store.KEY, c.initial);
  context.localStorage = {
    getItem: (k) => (kept.has(k) ? kept.get(k) : null),
    setItem: (k, v) => {
      if (c.quota !== null && c.quota !== undefined && String(v).length > c.quota) {
        throw new Error("QuotaExceededError");
      }
      kept.set(k, String(v));
    },
    removeItem: (k) => kept.delete(k),
  };
  let said = null;
  if (c.append) said = store.append(store.make(c.append));
  if (c.import !== null && c.import !== undefined) said = store.importText(c.import);
  const out = { said, text: kept.has(store.KEY) ? kept.get(store.KEY) : null };
  if (c.export) out.exported = store.exportText([]);
  delete context.localStorage;
  return out;
}

process.stdout.write(JSON.stringify({
  configuration: hp.configuration(),
  limits: store.LIMITS,
  cases,
  parse: (input.parse || []).map((line) => store.parse(line) !== null),
  store: (input.store || []).map(storeCase),
}));
