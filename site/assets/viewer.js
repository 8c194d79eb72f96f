/* The hand viewer: step through a teaching hand.
 *
 * Every step (the table drawn by hasenpfeffer_core.faces.render.state_html, the action, the
 * teacher's note and the double-dummy analysis) was computed by the engine when the
 * site was built. This script only pages through them. No rule of the game is written
 * here.
 */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "html") node.innerHTML = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  function getJSON(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status + " " + r.statusText + " for " + url);
      return r.json();
    });
  }

  function Viewer(root, base, hands) {
    this.root = root;
    this.base = base;
    this.hands = hands;
    this.cache = {};
    this.build();
    var wanted = decodeURIComponent(location.hash.slice(1));
    var first = hands.filter(function (h) { return h.name === wanted; })[0] || hands[0];
    this.load(first.name, 0);
    var self = this;
    window.addEventListener("hashchange", function () {
      var name = decodeURIComponent(location.hash.slice(1));
      var known = self.hands.some(function (h) { return h.name === name; });
      if (known && (!self.hand || self.hand.name !== name)) {
        self.load(name, 0);
        self.root.scrollIntoView({ behavior: "smooth", block: "start" });
      }
    });
  }

  Viewer.prototype.build = function () {
    var self = this;
    this.root.innerHTML = "";
    var select = el("select", { "class": "hp-hand-select", "aria-label": "Teaching hand" });
    this.hands.forEach(function (h, i) {
      select.appendChild(el("option", { value: h.name, text: (i + 1) + ". " + h.title }));
    });
    select.addEventListener("change", function () { self.load(select.value, 0); });
    this.select = select;
    this.header = el("div", { "class": "hp-hand-head" });
    var nav = el("div", { "class": "hp-steps", role: "group", "aria-label": "Steps" });
    var defs = [
      ["first", "« First", function () { self.go(0); }],
      ["back", "‹ Back", function () { self.go(self.step - 1); }],
      ["next", "Next ›", function () { self.go(self.step + 1); }],
      ["last", "Last »", function () { self.go(self.hand.steps.length - 1); }],
    ];
    this.nav = {};
    defs.forEach(function (d) {
      var b = el("button", { type: "button", "class": "md-button hp-step-" + d[0], text: d[1] });
      b.addEventListener("click", d[2]);
      self.nav[d[0]] = b;
      nav.appendChild(b);
    });
    this.slider = el("input", { type: "range", min: "0", max: "0", value: "0", "class": "hp-slider", "aria-label": "Step" });
    this.slider.addEventListener("input", function () { self.go(parseInt(self.slider.value, 10)); });
    this.counter = el("span", { "class": "hp-counter", "aria-live": "polite" });
    this.action = el("div", { "class": "hp-action" });
    this.table = el("div", { "class": "hp-state" });
    this.root.appendChild(el("div", { "class": "hp-viewer-bar" }, [select]));
    this.root.appendChild(this.header);
    this.root.appendChild(el("div", { "class": "hp-viewer-controls" }, [nav, this.slider, this.counter]));
    this.root.appendChild(this.action);
    this.root.appendChild(this.table);
    this.root.addEventListener("keydown", function (e) {
      if (e.target && e.target.tagName === "SELECT") return;
      if (e.key === "ArrowRight") { self.go(self.step + 1); e.preventDefault(); }
      if (e.key === "ArrowLeft") { self.go(self.step - 1); e.preventDefault(); }
      if (e.key === "Home") { self.go(0); e.preventDefault(); }
      if (e.key === "End") { self.go(self.hand.steps.length - 1); e.preventDefault(); }
    });
  };

  Viewer.prototype.load = function (name, step) {
    var self = this;
    var got = this.cache[name] ? Promise.resolve(this.cache[name]) : getJSON(this.base + name + ".json");
    this.root.setAttribute("data-ready", "false");
    return got.then(function (hand) {
      self.cache[name] = hand;
      self.hand = hand;
      self.select.value = name;
      if (location.hash.slice(1) !== name) history.replaceState(null, "", "#" + name);
      self.showHeader();
      self.slider.max = String(hand.steps.length - 1);
      self.go(step);
      self.root.setAttribute("data-ready", "true");
    }).catch(function (e) {
      self.action.textContent = "This hand could not be loaded (" + e.message + ").";
    });
  };

  Viewer.prototype.showHeader = function () {
    var h = this.hand;
    this.header.innerHTML = "";
    this.header.appendChild(el("h2", { "class": "hp-hand-title", text: h.title }));
    if (h.point) this.header.appendChild(el("p", { "class": "hp-hand-point" }, [el("strong", { text: "The point: " }), document.createTextNode(h.point)]));
    var facts = "Rules: " + h.rules + " · dealer: " + h.dealer;
    if (h.score) facts += " · score before the hand: North-South " + h.score[0] + ", East-West " + h.score[1];
    this.header.appendChild(el("p", { "class": "hp-hand-facts", text: facts }));
    if (h.notes.length) {
      var details = el("details", { "class": "hp-hand-notes" });
      details.appendChild(el("summary", { text: "About this hand" }));
      h.notes.forEach(function (n) { details.appendChild(el("p", { text: n })); });
      this.header.appendChild(details);
    }
  };

  Viewer.prototype.go = function (step) {
    var steps = this.hand.steps;
    step = Math.max(0, Math.min(steps.length - 1, step));
    this.step = step;
    var s = steps[step];
    this.root.setAttribute("data-step", String(step));
    this.slider.value = String(step);
    this.counter.textContent = "Step " + step + " of " + (steps.length - 1);
    this.nav.first.disabled = this.nav.back.disabled = step === 0;
    this.nav.next.disabled = this.nav.last.disabled = step === steps.length - 1;
    this.action.innerHTML = "";
    this.action.appendChild(el("p", { "class": "hp-action-line" }, [
      el("span", { "class": "hp-action-label", text: step === 0 ? "" : "Action " + step + ": " }),
      el("strong", { "class": "hp-action-text", text: s.action }),
    ]));
    if (s.note) this.action.appendChild(el("p", { "class": "hp-note", text: s.note }));
    if (s.analysis) {
      var a = s.analysis;
      var box = el("div", { "class": "hp-analysis" + (a.lost ? " hp-analysis-lost" : "") });
      box.appendChild(el("p", { "class": "hp-analysis-rule", text: a.rule }));
      if (a.verdict) box.appendChild(el("p", { "class": "hp-analysis-verdict", text: a.verdict }));
      if (a.values.length > 1) {
        var list = el("p", { "class": "hp-analysis-values" });
        list.appendChild(el("span", { "class": "hp-action-label", text: "Tricks " + a.seat + "'s side could still take, all cards seen, with each card " + a.seat + " could play: " }));
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
    this.table.innerHTML = s.html;
  };

  function start(root) {
    var base = root.getAttribute("data-src");
    getJSON(base + "index.json")
      .then(function (hands) { root.viewer = new Viewer(root, base, hands); })
      .catch(function (e) {
        root.innerHTML = "";
        root.appendChild(el("p", { "class": "hp-error", text: "The teaching hands could not be loaded (" + e.message + ")." }));
      });
  }

  function init() { document.querySelectorAll(".hp-viewer[data-src]").forEach(start); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
