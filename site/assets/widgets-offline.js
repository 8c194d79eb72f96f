/* Shows the lessons' saved widget views with the site's own copies of RequireJS and the
 * Jupyter widget manager (assets/vendor), never a CDN.
 *
 * RequireJS is loaded only after Material's own scripts have run (on DOMContentLoaded),
 * because its global define() would capture their UMD modules. The widget manager is
 * told to look for any other widget module in assets/vendor/, and nowhere else.
 */
(function () {
  "use strict";
  var here = document.currentScript ? document.currentScript.src : "";
  var vendor = here.replace(/assets\/widgets-offline\.js(\?.*)?$/, "assets/vendor/");

  function load(src, attrs) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      Object.keys(attrs || {}).forEach(function (k) { s.setAttribute(k, attrs[k]); });
      s.onload = resolve;
      s.onerror = function () { reject(new Error("could not load " + src)); };
      document.body.appendChild(s);
    });
  }

  /* The manager (3.5 MiB) loads when the first saved widget comes near the screen, not
   * with the page: a reader who only reads the lesson's opening never fetches it. */
  function start() {
    if (!document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]')) {
      return;
    }
    var areas = document.querySelectorAll(".hp-saved-widget");
    if (!areas.length || !("IntersectionObserver" in window)) {
      drawSavedWidgets();
      return;
    }
    var seen = new IntersectionObserver(
      function (entries) {
        if (!entries.some(function (e) { return e.isIntersecting; })) return;
        seen.disconnect();
        drawSavedWidgets();
      },
      { rootMargin: "100px 0px" }
    );
    areas.forEach(function (area) { seen.observe(area); });
  }

  /* The saved state lives in a file of its own (the site's build moves it out of the
   * page, most of a lesson's weight); the manager reads it from the state script. */
  function fillState() {
    var scripts = document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-state+json"][data-src]'
    );
    return Promise.all(
      Array.prototype.map.call(scripts, function (script) {
        return fetch(script.getAttribute("data-src"))
          .then(function (r) {
            if (!r.ok) throw new Error("could not load " + script.getAttribute("data-src"));
            return r.text();
          })
          .then(function (text) {
            script.textContent = text;
            script.removeAttribute("data-src");
          });
      })
    );
  }

  function drawSavedWidgets() {
    Promise.all([fillState(), load(vendor + "requirejs/require.js")])
      .then(function () {
        // Module names resolve under assets/vendor/, laid out as in the npm packages, so
        // the manager finds its fonts (and any other module) on this site.
        window.requirejs.config({ baseUrl: vendor });
        return load(vendor + "@jupyter-widgets/html-manager/dist/embed-amd.js", {
          "data-jupyter-widgets-cdn": vendor,
          "data-jupyter-widgets-cdn-only": "",
        });
      })
      .catch(function (e) { console.error("widgets:", e); });
  }

  /* A saved widget is a picture (the lesson page says so above it): once the manager
   * has drawn it, its controls leave the keyboard's tab order and say they are off. The
   * site's style already makes them ignore clicks. */
  function quieten(area) {
    area.querySelectorAll("button, select, input, textarea, [tabindex]").forEach(function (c) {
      c.setAttribute("tabindex", "-1");
      c.setAttribute("aria-disabled", "true");
    });
  }

  function watchSavedWidgets() {
    document.querySelectorAll(".hp-saved-widget").forEach(function (area) {
      quieten(area);
      new MutationObserver(function () { quieten(area); })
        .observe(area, { childList: true, subtree: true });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watchSavedWidgets);
  } else {
    watchSavedWidgets();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
