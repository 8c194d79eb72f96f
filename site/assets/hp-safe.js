/* Tools shared by the site's scripts (practice.js and viewer.js; this one loads first).
 *
 * el() and clear() build and empty elements without parsing markup; safeFragment()
 * turns the engine's pictures (SVG/HTML drawn at build time and stored in the JSON
 * data) into page nodes safely.
 */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  function clear(node) { node.textContent = ""; }

  /* --- the engine's pictures, rebuilt safely ---
   * The SVG/HTML the build drew is parsed in an inert document (nothing runs, nothing
   * loads) and copied into the page element by element, keeping only the elements and
   * attributes the renderer draws with. A script, an event handler, a link or a remote
   * URL in the data is dropped, never run. */
  var SAFE_TAGS = ["div", "span", "p", "b", "strong", "em", "i", "br", "table", "thead", "tbody",
    "tr", "td", "th", "svg", "g", "defs", "pattern", "rect", "circle", "ellipse", "line",
    "polyline", "polygon", "path", "text", "tspan", "title", "style"];
  var SAFE_ATTRS = ["class", "role", "aria-label", "aria-hidden", "id", "xmlns", "width", "height",
    "viewbox", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d", "points",
    "transform", "fill", "stroke", "stroke-width", "opacity", "fill-opacity", "font-family",
    "font-size", "font-weight", "letter-spacing", "text-anchor", "dominant-baseline",
    "patternunits", "patterntransform"];
  /* HTML's and SVG's namespaces, as the browser's own parser gives them. */
  var NAMESPACES = [document.createElement("div").namespaceURI,
    new DOMParser().parseFromString("<svg></svg>", "text/html").body.firstChild.namespaceURI];
  /* A value that could fetch or run something: url(...) to anything but #id, a script URL. */
  var UNSAFE_VALUE = /url\s*\(\s*(?!['"]?#)|javascript:|expression\s*\(|@import|\\/i;
  var MAX_MARKUP = 4000000;

  function safeFragment(markup) {
    var frag = document.createDocumentFragment();
    if (typeof markup !== "string" || !markup || markup.length > MAX_MARKUP) return frag;
    var doc = new DOMParser().parseFromString("<!DOCTYPE html><body>" + markup, "text/html");
    copyChildren(doc.body, frag);
    return frag;
  }

  function copyChildren(from, to) {
    for (var n = from.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) to.appendChild(document.createTextNode(n.data));
      else if (n.nodeType === 1) {
        var copy = copyElement(n);
        if (copy) to.appendChild(copy);
      }
    }
  }

  function copyElement(node) {
    var name = node.localName.toLowerCase();
    if (SAFE_TAGS.indexOf(name) < 0 || NAMESPACES.indexOf(node.namespaceURI) < 0) return null;
    var out = document.createElementNS(node.namespaceURI, node.localName);
    if (name === "style") {  // the renderer's own rules; nothing that loads or runs
      if (UNSAFE_VALUE.test(node.textContent)) return null;
      out.textContent = node.textContent;
      return out;
    }
    for (var i = 0; i < node.attributes.length; i++) {
      var a = node.attributes[i];
      if (SAFE_ATTRS.indexOf(a.name.toLowerCase()) >= 0 && !UNSAFE_VALUE.test(a.value)) {
        out.setAttribute(a.name, a.value);
      }
    }
    copyChildren(node, out);
    return out;
  }

  window.hpSafe = { el: el, clear: clear, safeFragment: safeFragment };
})();
