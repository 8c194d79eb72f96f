/*
 * The Thai site's search box: a query split into words as the index is.
 *
 * Thai is written without spaces between words. The site's search index holds its Thai
 * text split into words (the build parts them with zero-width spaces), so a query typed
 * as one run ("แจ็คขวา", the right bower) matched nothing: the theme's search looked
 * for one word "แจ็คขวา". Here, on the Thai pages only, the words the index holds
 * (search/thai-words.json, a few kilobytes, fetched when the search box is first
 * focused) split each Thai run of the query, the longest known word first, with the same
 * zero-width spaces, just before the theme reads the box. The reader sees no change.
 */
(function () {
  "use strict";
  if (document.documentElement.lang !== "th") return;

  var THAI = /[\u0e00-\u0e7f]+/g;
  var BOX = "input.md-search__input";
  var words = null;
  var longest = 0;
  var asked = false;

  function load() {
    if (asked) return;
    asked = true;
    var config = {};
    try {
      config = JSON.parse(document.getElementById("__config").textContent);
    } catch (e) {
      return;
    }
    var base = String(config.base || ".").replace(/\/?$/, "/");
    fetch(new URL(base + "search/thai-words.json", location.href))
      .then(function (r) {
        return r.ok ? r.json() : [];
      })
      .then(function (list) {
        if (!Array.isArray(list)) return;
        words = new Set();
        list.forEach(function (w) {
          if (typeof w === "string" && w.length) {
            words.add(w);
            longest = Math.max(longest, w.length);
          }
        });
      })
      .catch(function () {
        words = null;
      });
  }

  // A run of Thai split into the index's words, longest first; what matches no word is
  // kept whole up to the next word that does.
  function split(run) {
    var out = [];
    var unknown = "";
    var i = 0;
    while (i < run.length) {
      var hit = 0;
      for (var n = Math.min(longest, run.length - i); n > 0; n--) {
        if (words.has(run.substr(i, n))) {
          hit = n;
          break;
        }
      }
      if (hit) {
        if (unknown) out.push(unknown);
        unknown = "";
        out.push(run.substr(i, hit));
        i += hit;
      } else {
        unknown += run.charAt(i);
        i += 1;
      }
    }
    if (unknown) out.push(unknown);
    return out.join("\u200b");
  }

  function tidy(event) {
    var box = event.target;
    if (!words || !box || !box.matches || !box.matches(BOX)) return;
    var typed = box.value;
    var split_ = typed.replace(/\u200b/g, "").replace(THAI, split);
    if (split_ !== typed) box.value = split_;
  }

  document.addEventListener(
    "focusin",
    function (event) {
      if (event.target && event.target.matches && event.target.matches(BOX)) load();
    },
    true
  );
  // (in the capture phase: before the theme's own listeners on the box read it)
  document.addEventListener("input", tidy, true);
  document.addEventListener("keyup", tidy, true);
})();
