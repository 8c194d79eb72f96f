"""What the live copy's notebook page gains: a script that starts the lesson's kernel
early and runs the lesson once it has opened, and the lesson's preview meanwhile.

Python takes seconds to start in a browser (longer on a busy machine), so a lesson is
useful before it is live: until JupyterLab has drawn the notebook, the page shows its
preview (``previews``), then hands over at the cell the reader scrolled to. Each lesson
then runs itself (its code cells in order, as Run All would, once Python has started),
and the note at its top (``notebooks.note``) says so and what to press to run it again.

The learner's progress lives in the browser: the Pyodide kernel mounts JupyterLite's
drive (the browser's storage, IndexedDB) at ``/drive``, and the progress store
(``hasenpfeffer_core.analysis.progress``) keeps its file in ``/drive/.hasenpfeffer``,
so it survives a page reload. The drive is shared with a kernel only if JupyterLite's
service worker was registered when the kernel was made: on a notebook's page
(``notebooks/?path=``, where the site's links lead), every kernel start waits for that
(see :data:`AUTORUN_JS`); the ``lab/`` and ``tree/`` pages keep JupyterLite's own
behaviour.
"""

from __future__ import annotations

from pathlib import Path

from docs_hooks.lite.notebooks import LITE_KERNELSPEC
from docs_hooks.lite.previews import PREVIEW_CSS_FILE, PREVIEW_DIR

#: The lessons run themselves as they open (see ``AUTORUN_JS``).
AUTORUN = True


#: The notebook page's script that runs a lesson once it has opened.
AUTORUN_FILE = "hp-autorun.js"
AUTORUN_JS = (
    """\
// Added by the live copy's build: start the lesson's kernel while the page is still
// being drawn, then run the lesson once it has opened (Run > Run All Cells).
(function () {
  "use strict";
  var path = new URLSearchParams(window.location.search).get("path");
  if (!path) return;
  var started = Date.now();
  showPreview();
  // As soon as the app has its services (before the notebook is drawn, and before the
  // app starts), hook the lesson's kernel start in.
  var hook = setInterval(function () {
    var app = window.jupyterapp;
    if (!app || !app.serviceManager) {
      if (Date.now() - started > 30000) clearInterval(hook);
      return;
    }
    clearInterval(hook);
    startEarly(app);
  }, 20);

  // The kernel (Pyodide) takes seconds to start: start it early, as soon as JupyterLite's
  // service worker is registered. The kernel shares the browser's files (the lesson, and
  // the learner's progress in /drive/.hasenpfeffer, kept in the browser's storage) only
  // if the worker is registered when the kernel is made: the early start, and every
  // other start on this page, waits until the registration has settled (at most
  // WAIT_MS ms; a failed one lets the kernel start without the drive, as JupyterLite
  // would). The notebook then finds the session of its path running and uses it (as it
  // would after a page reload); if it asked for a kernel of its own while the early one
  // was starting, it is given the early one: one kernel per lesson.
  function startEarly(app) {
    var sessions = app.serviceManager.sessions;
    var startNew = sessions.startNew;
    var early = workerSettled(app).then(function () { return startLesson(); });
    var startedEarly = false;
    var handedOver = false;

    function startLesson() {
      return sessions.ready
        .then(function () { return sessions.findByPath(path); })
        .then(function (found) {
          if (found) return null;
          return startNew.call(sessions, {
            path: path, name: path.split("/").pop(), type: "notebook",
            kernel: { name: "KERNEL_NAME" }
          });
        })
        .then(function (session) {
          // Only the notebook may listen to the kernel: a second listener would refuse
          // the widgets' messages (it knows no widgets) and close them. The kernel stays.
          if (session) {
            startedEarly = true;
            session.dispose();
          }
        })
        .catch(function (err) {
          // until the kernel's plugin has registered it, starting fails ("no factory")
          if (Date.now() - started > 30000) {
            console.warn("the kernel will start with the notebook", err);
            return null;
          }
          return new Promise(function (resolve) { setTimeout(resolve, 20); })
            .then(startLesson);
        });
    }

    sessions.startNew = function (options, connectOptions) {
      var args = arguments;
      var mine = options && options.type === "notebook" && folder(options.path) === folder(path);
      return early
        .then(function () {
          return mine && startedEarly && !handedOver ? sessions.findByPath(path) : null;
        })
        .then(function (found) {
          if (!found || handedOver) return startNew.apply(sessions, args);
          // The notebook asks for its session under a path of its own, then renames it.
          handedOver = true;
          var session = sessions.connectTo(Object.assign({}, connectOptions, { model: found }));
          return session.setPath(options.path).then(function () { return session; });
        });
    };
  }

  // A picture of the lesson (built with the live copy: its text, and each widget as it
  // looks before it is used) while JupyterLab and Python start. It gives way to the
  // notebook once the notebook has drawn its cells and outputs, at the cell the reader
  // had scrolled to.
  function showPreview() {
    var url = "../PREVIEW_DIR/" + path.split("/").map(encodeURIComponent).join("/") + ".html";
    fetch(url)
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html || notebookDrawn()) return;
        var pane = document.createElement("div");
        pane.id = "hp-preview";
        pane.setAttribute("aria-busy", "true");
        pane.innerHTML = html;
        (document.body || document.documentElement).appendChild(pane);
        var poll = setInterval(function () {
          if (!notebookDrawn() && Date.now() - started < 120000) return;
          clearInterval(poll);
          handOver(pane);
        }, 50);
      })
      .catch(function () { /* no preview: JupyterLab shows its own splash */ });
  }

  var cellsSeen = 0;
  function notebookDrawn() {
    var nb = document.querySelector(".jp-Notebook");
    if (!nb || !nb.querySelector(".jp-Cell")) return false;
    if (nb.querySelector(".jp-OutputArea-output")) return true;
    cellsSeen = cellsSeen || Date.now();
    return Date.now() - cellsSeen > 1500;  // a notebook without outputs
  }

  function handOver(pane) {
    var cells = pane.querySelectorAll(".cell");
    var top = pane.getBoundingClientRect().top + 40;
    var at = 0;
    for (var i = 0; i < cells.length; i++) {
      if (cells[i].getBoundingClientRect().bottom > top) { at = i; break; }
    }
    var panel = window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.shell.currentWidget;
    var notebook = panel && panel.content;
    if (at > 0 && notebook && typeof notebook.scrollToItem === "function") {
      notebook.scrollToItem(at, "start").catch(function () {});
    }
    pane.remove();
  }

  function folder(p) {
    var i = String(p).lastIndexOf("/");
    return i < 0 ? "" : String(p).slice(0, i);
  }

  // Settles once JupyterLite has registered its service worker, or failed to.
  function workerSettled(app) {
    var sw = navigator.serviceWorker;
    if (!sw) return Promise.resolve();
    var limit = new Promise(function (resolve) { setTimeout(resolve, WAIT_MS); });
    var ready = workerManager(app).then(function (manager) {
      // the manager's `ready` settles once it has the registration (or has failed)
      return manager ? manager.ready : registered(sw);
    });
    return Promise.race([ready, limit]).catch(function () { return null; });
  }

  // JupyterLite's service worker manager, from the app's plugin registry (null if this
  // version of JupyterLite keeps it elsewhere).
  function workerManager(app) {
    var registry = app.pluginRegistry;
    var services = registry && registry._services;
    if (!services || typeof services.keys !== "function") return Promise.resolve(null);
    var token = Array.from(services.keys()).find(function (t) {
      return t && t.name === "WORKER_TOKEN";
    });
    if (!token) return Promise.resolve(null);
    return registry.resolveOptionalService(token).catch(function () { return null; });
  }

  // Without the manager: the browser's own word that a worker is registered.
  function registered(sw) {
    return new Promise(function (resolve) {
      var poll = setInterval(function () {
        sw.getRegistration().then(function (reg) {
          if (reg) {
            clearInterval(poll);
            setTimeout(resolve, 0);  // JupyterLite notes the registration just after
          }
        });
      }, 20);
    });
  }

  var timer = setInterval(function () {
    var app = window.jupyterapp;
    var panel = app && app.shell && app.shell.currentWidget;
    if (!panel || !panel.context || !panel.sessionContext || !panel.content) {
      if (Date.now() - started > 120000) clearInterval(timer);
      return;
    }
    clearInterval(timer);
    panel.context.ready
      .then(function () { return panel.sessionContext.ready; })
      .then(function () {
        // once Python answers (each cell's picture stays until its cell runs)
        var kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
        return kernel ? kernel.info : null;
      })
      .then(function () { return runInOrder(app, panel); })
      .catch(function (err) { console.error("the lesson could not run itself", err); });
  }, 50);

  // Run the code cells one after another, as Run All Cells would, stopping at an error;
  // but each cell's saved picture stays until that cell runs (Run All clears every
  // output at once, and the lesson would be blank until Python has caught up).
  function runInOrder(app, panel) {
    var cells = panel.content.widgets.filter(function (c) { return c.model.type === "code"; });
    var execute = cells.length ? cells[0].constructor.execute : null;
    if (typeof execute !== "function") return app.commands.execute("notebook:run-all-cells");
    return cells.reduce(function (done, cell) {
      return done.then(function (ok) {
        if (!ok || cell.isDisposed) return false;
        return execute(cell, panel.sessionContext).then(function (reply) {
          return !(reply && reply.content && reply.content.status === "error");
        });
      });
    }, Promise.resolve(true));
  }
})();
""".replace("KERNEL_NAME", LITE_KERNELSPEC["name"])
    .replace("WORKER_TOKEN", "@jupyterlite/apputils:IServiceWorkerManager")
    .replace("WAIT_MS", "10000")
    .replace("PREVIEW_DIR", PREVIEW_DIR)
)


def add_autorun(out: Path) -> None:
    """The notebook page loads the script that runs a lesson once it has opened."""
    (out / AUTORUN_FILE).write_text(AUTORUN_JS, encoding="utf-8")
    page = out / "notebooks" / "index.html"
    html = page.read_text(encoding="utf-8")
    tag = (
        f'<link rel="stylesheet" href="../{PREVIEW_CSS_FILE}">\n'
        f'<script src="../{AUTORUN_FILE}"></script>\n'
    )
    if "</head>" not in html:
        raise RuntimeError(f"{page} has no </head> to add the run-on-open script before")
    page.write_text(html.replace("</head>", tag + "</head>", 1), encoding="utf-8")
