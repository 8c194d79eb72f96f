/* The hand viewer: step through a teaching hand.
 *
 * Every step (the table drawn by hasenpfeffer_core.faces.render.state_html, the action, the
 * teacher's note and the double-dummy analysis) was computed by the engine when the
 * site was built. This script only pages through them. No rule of the game is written
 * here.
 *
 * Titles, points and notes come from hand files anyone may edit: they are shown as text
 * (textContent), never as HTML. The tables are the engine's pictures, rebuilt from an
 * allowlist (safeFragment) rather than parsed into the page. The address's fragment
 * (#name-of-a-hand) is read with care: a malformed, huge or unknown one shows the
 * first hand and says so.
 *
 * Every word the viewer shows comes with the data, in the page's language: the labels of
 * index.json and each hand's own sentences (written by docs_hooks/content/viewer.py through
 * the translation catalogue). This script has no words of its own; a label the data
 * lacks shows its key, and the element's data-error says a failed load.
 */
(function () {
  "use strict";

  /* The longest fragment read as a hand's name (the names are short file names). */
  var MAX_FRAGMENT = 200;

  /* The tools shared with the site's other scripts (hp-safe.js, loaded first). */
  var el = window.hpSafe.el;
  var clear = window.hpSafe.clear;
  var safeFragment = window.hpSafe.safeFragment;

  /* The fragment of the address: {raw, name}; name is null if it cannot name a hand. */
  function readFragment() {
    var raw = location.hash.slice(1);
    if (!raw) return { raw: "", name: "" };
    if (raw.length > MAX_FRAGMENT) return { raw: raw, name: null };
    try {
      return { raw: raw, name: decodeURIComponent(raw) };
    } catch (e) {  // "#%", "#%E0%A4%A": not an encoded name at all
      return { raw: raw, name: null };
    }
  }

  /* At most 40 characters of what the reader typed, to quote it back. */
  function shortened(text) {
    var chars = Array.from(text.slice(0, 80));
    return chars.length > 40 ? chars.slice(0, 40).join("") + "…" : chars.join("");
  }

  function getJSON(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status + " " + r.statusText + ": " + url);
      return r.json();
    });
  }

  /* A label of the data, as text, with its {placeholders} filled in from fill. */
  function wordsOf(labels) {
    return function (key, fill) {
      var ok = labels && typeof labels === "object" && Object.prototype.hasOwnProperty.call(labels, key);
      var text = ok && typeof labels[key] === "string" ? labels[key] : String(key);
      Object.keys(fill || {}).forEach(function (name) {
        text = text.split("{" + name + "}").join(String(fill[name]));
      });
      return text;
    };
  }

  function Viewer(root, base, hands, labels) {
    this.root = root;
    this.base = base;
    this.hands = hands;
    this.t = wordsOf(labels);
    this.cache = {};
    this.build();
    var wanted = readFragment();
    var hand = this.find(wanted.name);
    var elsewhere = !hand && this.isPageAnchor(wanted.name);  // e.g. a heading's link
    if (!hand && wanted.raw && !elsewhere) this.notFound(wanted);
    this.load((hand || hands[0]).name, 0, !elsewhere);
    var self = this;
    window.addEventListener("hashchange", function () {
      var f = readFragment();
      var known = self.find(f.name);
      if (known) {
        self.showNotice("");
        if (!self.hand || self.hand.name !== known.name) {
          self.load(known.name, 0, true);
          self.root.scrollIntoView({ behavior: "smooth", block: "start" });
        }
      } else if (f.raw && !self.isPageAnchor(f.name)) {
        self.notFound(f);  // the hand on show stays
      }
    });
  }

  /* The hand called name, or null (name may be null or anything at all). */
  Viewer.prototype.find = function (name) {
    if (typeof name !== "string" || !name) return null;
    for (var i = 0; i < this.hands.length; i++) {
      if (this.hands[i].name === name) return this.hands[i];
    }
    return null;
  };

  /* Whether name is the id of something on the page outside the viewer (a heading). */
  Viewer.prototype.isPageAnchor = function (name) {
    if (typeof name !== "string" || !name) return false;
    var target = document.getElementById(name);
    return !!target && !this.root.contains(target);
  };

  Viewer.prototype.notFound = function (wanted) {
    var asked = shortened(wanted.name === null ? wanted.raw : wanted.name);
    this.showNotice(this.t("not_found", { name: asked }));
  };

  /* A polite line under the list of hands; "" takes it away. */
  Viewer.prototype.showNotice = function (text) {
    this.notice.textContent = text;
    if (text && !this.notice.parentNode) this.bar.after(this.notice);
    if (!text && this.notice.parentNode) this.notice.remove();
  };

  Viewer.prototype.build = function () {
    var self = this;
    clear(this.root);
    var t = this.t;
    var select = el("select", { "class": "hp-hand-select", "aria-label": t("hand") });
    this.hands.forEach(function (h, i) {
      select.appendChild(el("option", { value: h.name, text: (i + 1) + ". " + h.title }));
    });
    select.addEventListener("change", function () {
      self.showNotice("");
      self.load(select.value, 0, true);
    });
    this.select = select;
    this.notice = el("p", { "class": "hp-viewer-notice admonition note", role: "status" });
    this.header = el("div", { "class": "hp-hand-head" });
    var nav = el("div", { "class": "hp-steps", role: "group", "aria-label": t("steps") });
    var defs = [
      ["first", t("first"), function () { self.go(0); }],
      ["back", t("back"), function () { self.go(self.step - 1); }],
      ["next", t("next"), function () { self.go(self.step + 1); }],
      ["last", t("last"), function () { if (self.hand) self.go(self.hand.steps.length - 1); }],
    ];
    this.nav = {};
    defs.forEach(function (d) {
      var b = el("button", { type: "button", "class": "md-button hp-step-" + d[0], text: d[1] });
      b.addEventListener("click", d[2]);
      self.nav[d[0]] = b;
      nav.appendChild(b);
    });
    this.slider = el("input", { type: "range", min: "0", max: "0", value: "0", "class": "hp-slider", "aria-label": t("step") });
    this.slider.addEventListener("input", function () { self.go(parseInt(self.slider.value, 10)); });
    this.counter = el("span", { "class": "hp-counter" });
    /* what the step did, its note and its analysis: read out as the step changes (the
     * picture below says the table in its label) */
    this.action = el("div", { "class": "hp-action", "aria-live": "polite" });
    this.table = el("div", { "class": "hp-state" });
    this.bar = el("div", { "class": "hp-viewer-bar" }, [select]);
    this.root.appendChild(this.bar);
    this.root.appendChild(this.header);
    this.root.appendChild(el("div", { "class": "hp-viewer-controls" }, [nav, this.slider, this.counter]));
    this.root.appendChild(this.action);
    this.root.appendChild(this.table);
    this.root.addEventListener("keydown", function (e) {
      if (e.target && e.target.tagName === "SELECT") return;
      if (e.key === "ArrowRight") { self.go(self.step + 1); e.preventDefault(); }
      if (e.key === "ArrowLeft") { self.go(self.step - 1); e.preventDefault(); }
      if (e.key === "Home") { self.go(0); e.preventDefault(); }
      if (e.key === "End" && self.hand) { self.go(self.hand.steps.length - 1); e.preventDefault(); }
    });
  };

  /* Show the hand called name (one of this.hands); setHash: put its name in the address. */
  Viewer.prototype.load = function (name, step, setHash) {
    var self = this;
    var got = Object.prototype.hasOwnProperty.call(this.cache, name) ? Promise.resolve(this.cache[name])
      : getJSON(this.base + encodeURIComponent(name) + ".json");
    this.root.setAttribute("data-ready", "false");
    return got.then(function (hand) {
      if (!hand || !Array.isArray(hand.steps) || !hand.steps.length) {
        throw new Error(self.t("no_steps"));
      }
      self.cache[name] = hand;
      self.hand = hand;
      self.select.value = name;
      if (setHash && readFragment().name !== name) {
        history.replaceState(null, "", "#" + encodeURIComponent(name));
      }
      self.showHeader();
      self.slider.max = String(hand.steps.length - 1);
      self.go(step);
      self.root.setAttribute("data-ready", "true");
    }).catch(function (e) {
      self.action.textContent = self.t("hand_error", { error: e.message });
    });
  };

  Viewer.prototype.showHeader = function () {
    var h = this.hand;
    clear(this.header);
    this.header.appendChild(el("h2", { "class": "hp-hand-title", text: h.title }));
    if (h.point) this.header.appendChild(el("p", { "class": "hp-hand-point" }, [el("strong", { text: this.t("point") + " " }), document.createTextNode(h.point)]));
    this.header.appendChild(el("p", { "class": "hp-hand-facts", text: String(h.facts || "") }));
    if (Array.isArray(h.notes) && h.notes.length) {
      var details = el("details", { "class": "hp-hand-notes" });
      details.appendChild(el("summary", { text: this.t("about") }));
      h.notes.forEach(function (n) { details.appendChild(el("p", { text: n })); });
      this.header.appendChild(details);
    }
  };

  Viewer.prototype.go = function (step) {
    if (!this.hand) return;  // a key pressed before the first hand has loaded
    var steps = this.hand.steps;
    step = Math.max(0, Math.min(steps.length - 1, step));
    this.step = step;
    var s = steps[step];
    this.root.setAttribute("data-step", String(step));
    this.slider.value = String(step);
    this.counter.textContent = this.t("counter", { step: step, last: steps.length - 1 });
    this.nav.first.disabled = this.nav.back.disabled = step === 0;
    this.nav.next.disabled = this.nav.last.disabled = step === steps.length - 1;
    clear(this.action);
    this.action.appendChild(el("p", { "class": "hp-action-line" }, [
      el("span", { "class": "hp-action-label", text: step === 0 ? "" : this.t("action", { n: step }) + " " }),
      el("strong", { "class": "hp-action-text", text: s.action }),
    ]));
    if (s.note) this.action.appendChild(el("p", { "class": "hp-note", text: s.note }));
    if (s.analysis) {
      var a = s.analysis;
      var box = el("div", { "class": "hp-analysis" + (a.lost ? " hp-analysis-lost" : "") });
      box.appendChild(el("p", { "class": "hp-analysis-rule", text: a.rule }));
      if (a.verdict) box.appendChild(el("p", { "class": "hp-analysis-verdict", text: a.verdict }));
      if (Array.isArray(a.values) && a.values.length > 1) {
        var list = el("p", { "class": "hp-analysis-values" });
        list.appendChild(el("span", { "class": "hp-action-label", text: String(a.values_label || "") + " " }));
        a.values.forEach(function (v, i) {
          var cls = "hp-mark" + (v[0] === a.card ? " hp-mark-played" : "") + (a.best.indexOf(v[0]) >= 0 ? " hp-mark-best" : "");
          if (i) list.appendChild(document.createTextNode(" "));
          list.appendChild(el("span", { "class": cls, text: v[0] + " " + v[1] }));
        });
        box.appendChild(list);
      }
      this.action.appendChild(box);
    }
    if (s.result) this.action.appendChild(el("p", { "class": "hp-result", text: s.result }));
    clear(this.table);
    this.table.appendChild(safeFragment(stepMarkup(this.hand, s)));
  };

  /* A step's table: the pieces it lists, joined (see docs_hooks/content/viewer.py); a number
   * that names no piece is skipped. An older file's whole "html" is taken as it is. */
  function stepMarkup(hand, step) {
    if (typeof step.html === "string") return step.html;
    var pieces = Array.isArray(hand.pieces) ? hand.pieces : [];
    if (!Array.isArray(step.parts)) return "";
    return step.parts.map(function (i) {
      return typeof i === "number" && typeof pieces[i] === "string" ? pieces[i] : "";
    }).join("");
  }

  function start(root) {
    var base = root.getAttribute("data-src");
    var said = root.getAttribute("data-error") || "{error}";
    getJSON(base + "index.json")
      .then(function (index) {
        var labels = index && typeof index === "object" ? index.labels : null;
        var t = wordsOf(labels);
        if (labels && typeof labels.hands_error === "string") said = labels.hands_error;
        var hands = index && Array.isArray(index.hands) ? index.hands : [];
        hands = hands.filter(function (h) {
          return h && typeof h.name === "string" && h.name;
        });
        if (!hands.length) throw new Error(t("no_hands"));
        root.viewer = new Viewer(root, base, hands, labels);
      })
      .catch(function (e) {
        clear(root);
        root.appendChild(el("p", { "class": "hp-error", text: said.split("{error}").join(e.message) }));
      });
  }

  function init() { document.querySelectorAll(".hp-viewer[data-src]").forEach(start); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
