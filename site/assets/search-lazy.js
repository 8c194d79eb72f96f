/*
 * Search loads when the reader opens it, not with every page.
 *
 * The theme starts its search worker (40 KiB) and asks for its search index
 * (search/search_index.json, about half a megabyte) as soon as a page loads; the worker
 * then loads the word splitters of every language the index holds (wordcut.js, the Thai
 * one, is another 660 KiB). Most readers of a page never search. This script runs
 * before the theme's own: it holds back the worker and the theme's request for the
 * index until the reader first opens search (focuses the search box, by click, tap or
 * the theme's keys S, F and /), then lets both go. Nothing else changes: the first
 * search may take a moment longer, while the index loads.
 */
(function () {
  "use strict";
  var INDEX = /\/search\/search_index\.json(?:[?#]|$)/;
  var BOX = "input.md-search__input";
  var proto = XMLHttpRequest.prototype;
  var open = proto.open;
  var send = proto.send;
  var held = [];
  var released = false;

  function release() {
    if (released) return;
    released = true;
    held.splice(0).forEach(function (go) {
      go();
    });
  }

  /* The theme's search worker, held: a stand-in that keeps the messages the theme sends
   * it and starts the real worker on release, passing its messages back. */
  var RealWorker = window.Worker;
  var SEARCH_WORKER = /\/workers\/search\.[^/]*\.js(?:[?#]|$)/;

  function HeldWorker(url, options) {
    var stand = new EventTarget();
    var queue = [];
    var real = null;
    stand.postMessage = function (data, transfer) {
      if (real) real.postMessage(data, transfer);
      else queue.push([data, transfer]);
    };
    stand.terminate = function () {
      queue = [];
      if (real) real.terminate();
    };
    held.push(function () {
      real = new RealWorker(url, options);
      ["message", "messageerror", "error"].forEach(function (type) {
        real.addEventListener(type, function (event) {
          var copy =
            type === "error"
              ? new ErrorEvent("error", { message: event.message })
              : new MessageEvent(type, { data: event.data });
          stand.dispatchEvent(copy);
          var on = stand["on" + type];
          if (typeof on === "function") on.call(stand, copy);
        });
      });
      queue.splice(0).forEach(function (m) {
        real.postMessage(m[0], m[1]);
      });
    });
    return stand;
  }

  if (typeof RealWorker === "function") {
    window.Worker = function (url, options) {
      if (!released && SEARCH_WORKER.test(String(url))) return HeldWorker(url, options);
      return new RealWorker(url, options);
    };
    window.Worker.prototype = RealWorker.prototype;
  }

  proto.open = function (method, url) {
    this.hpSearchIndex = INDEX.test(String(url));
    return open.apply(this, arguments);
  };
  proto.send = function () {
    var xhr = this;
    var args = arguments;
    if (xhr.hpSearchIndex && !released) {
      held.push(function () {
        send.apply(xhr, args);
      });
      return undefined;
    }
    return send.apply(xhr, args);
  };

  function opened(event) {
    var el = event.target;
    if (el && el.matches && el.matches(BOX)) release();
  }
  document.addEventListener("focusin", opened, true);
  document.addEventListener(
    "change",
    function (event) {
      if (event.target && event.target.id === "__search" && event.target.checked) release();
    },
    true
  );
  // a page opened with a search in its address (?q=...) searches at once
  if (/[?&]q=/.test(location.search)) release();
})();
