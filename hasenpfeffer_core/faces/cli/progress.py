"""``hasenpfeffer progress``: the learner's progress, and saving, restoring or clearing it.

The summary (each lesson's stars, each concept's strength and when it is due, what is
due today) is :func:`~hasenpfeffer_core.analysis.practice.summary`; the store it reads
is :mod:`~hasenpfeffer_core.analysis.progress`, kept in ``$HASENPFEFFER_HOME`` or the
platform's user data folder, on this machine only. ``progress export FILE`` copies the
store to a file, ``progress import FILE`` adds the answers of such a file, and
``progress reset`` starts again from nothing once the learner types ``yes`` (the old
answers are kept aside, never deleted).

:class:`Recorder` is how ``quiz`` and ``practice`` record their answers: when the store
cannot be written (a read-only folder, a full disk) they go on, and say once on
standard error that the answers are not being saved, and why.
"""

from __future__ import annotations

import argparse
from datetime import datetime
from pathlib import Path
from typing import Final

from ...analysis.explain import join_and
from ...analysis.practice import Concept, Summary, days_text, summary
from ...analysis.progress import Event, ImportReport, ProgressStore, default_home, open_store
from ...engine.i18n import N_, ngettext
from ...engine.i18n import gettext as _
from .term import Command, Reader, Stop, Term, UsageError, pad, width

__all__ = ["COMMAND", "Recorder", "bar", "due_text", "run", "stars_text"]

#: The actions of ``hasenpfeffer progress``, and whether each takes a file.
ACTIONS: Final = {"export": True, "import": True, "reset": False}
#: The width of a strength bar, in characters between the brackets.
BAR: Final = 10


def _why(error: OSError) -> str:
    """An operating system error in a few words: ``Permission denied``."""
    return error.strerror or str(error) or type(error).__name__


def _answers(n: int) -> str:
    """``1 answer``, ``3 answers``: for a sentence that counts two things."""
    return ngettext("{n} answer", "{n} answers", n).format(n=n)


class Recorder:
    """Records a command's answers in the learner's store.

    When the store cannot be read or written (``OSError``: a read-only folder, a full
    disk), the command goes on: one line on standard error says, once, that the answers
    are not being saved and why. Every answer is kept in :attr:`events` all the same, so
    the command can still say what comes next.
    """

    def __init__(self, term: Term) -> None:
        self.term = term
        self.store: ProgressStore | None = None
        self.saving = True
        #: The events recorded by this command, saved or not.
        self.events: list[Event] = []

    def open(self) -> list[Event]:
        """Open the store and return what it holds (nothing when it cannot be read).

        When the store had to be kept aside (unreadable, or from a newer version), or
        some of its lines could not be read, the store's one-line notice is printed.
        """
        try:
            store = open_store()
            events = store.events()
        except OSError as e:
            self._stop(e)
            return []
        self.store = store
        if store.notice:
            self.term.say(store.notice)  # one line: it names a file
        return events

    def record(self, event: Event) -> None:
        """Record ``event``, or keep it here only if the store cannot be written."""
        self.events.append(event)
        if not self.saving:
            return
        try:
            if self.store is None:
                self.store = open_store()
            self.store.record(event)
        except OSError as e:
            self._stop(e)

    def _stop(self, error: OSError) -> None:
        self.saving = False
        self.term.warn(
            # Translators: {reason} is the operating system's reason, "Permission denied".
            _(
                "your answers are not being saved: the progress folder {folder} "
                "cannot be written ({reason})"
            ).format(folder=default_home(), reason=_why(error))
        )


# --- the summary ------------------------------------------------------------------------


def stars_text(stars: int) -> str:
    """A lesson's stars out of three: ``★★☆`` (``**-`` where the terminal shows ASCII).

    >>> stars_text(2)
    '★★☆'
    """
    stars = max(0, min(3, stars))
    return "★" * stars + "☆" * (3 - stars)


def bar(strength: float) -> str:
    """A strength from 0 to 1 as a bar of :data:`BAR` characters and a percentage.

    >>> bar(0.7)
    '[#######---]  70%'
    """
    strength = max(0.0, min(1.0, strength))
    filled = round(strength * BAR)
    return f"[{'#' * filled}{'-' * (BAR - filled)}] {round(strength * 100):>3}%"


def due_text(due: datetime, now: datetime) -> str:
    """``due now`` or ``due in 3 days``."""
    if due <= now:
        return _("due now")
    # Translators: {when} is a wait, "in 3 days", "in 5 hours".
    return _("due {when}").format(when=days_text(due - now))


def _names(concepts: tuple[Concept, ...]) -> str:
    return join_and(_(c.name) for c in concepts)


def show_summary(term: Term, s: Summary) -> None:
    """Print the summary: the notice first when there is one, then the lessons, the
    concepts, what is due, ``answers: N`` and where the progress is kept."""
    if s.notice:
        term.say(s.notice)  # one line: it names a file
        term.say()
    term.heading(_("Your progress"))
    term.say()
    term.heading(
        _("Lessons"), " " + _("(stars: right first time, right with hints, right at last)")
    )
    titles = {n: _(ls.title) for n, ls in s.lessons.items()}
    most = max(width(title) for title in titles.values())
    for n, ls in sorted(s.lessons.items()):
        done = ngettext(
            "{done} of {n} exercise done", "{done} of {n} exercises done", ls.exercises
        ).format(done=ls.done, n=ls.exercises)
        term.say(f"  {n}. {pad(titles[n], most)}  {stars_text(ls.stars)}  {done}")
    term.say()
    started = [c for c in s.concepts if c.strength is not None]
    if not started:
        term.say(_("Concepts: none practised yet."))
    else:
        term.heading(
            _("Concepts"), " " + _("(strength: your chance of still being right in a week)")
        )
        names = {c.concept.key: _(c.concept.name) for c in started}
        most = max(width(name) for name in names.values())
        for c in started:
            assert c.strength is not None
            due = due_text(c.due, s.now) if c.due is not None else ""
            # Translators: right answers out of all the answers about a concept, "3/4 right".
            right = _("{right}/{answers} right").format(right=c.right, answers=c.answers)
            term.say(
                f"  {pad(names[c.concept.key], most)}  {bar(c.strength)}  {right}  {due}".rstrip()
            )
    term.say()
    if s.due_today:
        # Translators: {concepts} lists the concepts' names, "The left bower and Trumping".
        term.wrap(_("Due today: {concepts}.").format(concepts=_names(s.due_today)), "")
    else:
        term.say(_("Nothing is due today."))
    if s.new_today:
        term.wrap(_("New today: {concepts}.").format(concepts=_names(s.new_today)), "")
    if s.next_due is not None and not s.due_today:
        when, nxt = s.next_due
        term.say(
            # Translators: {concept} is a concept's name; {when} a wait, "in 3 days".
            _("Next due: {concept}, {when}.").format(
                concept=_(nxt.name), when=days_text(when - s.now)
            )
        )
    if s.due_today or s.new_today:
        term.say(_("Practise them with: hasenpfeffer practice"))
    term.say()
    # Translators: how many answers the learner has given in all, "answers: 12".
    term.say(_("answers: {n}").format(n=s.answers))
    term.say(s.privacy)


# --- the command ------------------------------------------------------------------------


def add_arguments(progress: argparse.ArgumentParser) -> None:
    progress.add_argument(
        "action",
        nargs="?",
        metavar="ACTION",
        # Translators: export, import and reset are what the learner types: keep them.
        help=_(
            "export FILE: save your progress in a file; import FILE: add the answers of "
            "such a file; reset: start again from nothing (your answers are kept aside). "
            "Without an action: show your progress"
        ),
    )
    progress.add_argument("file", nargs="?", metavar="FILE", help=_("the file to export or import"))
    progress.add_argument(
        "--yes", action="store_true", help=_("reset without asking first (only with reset)")
    )


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer progress [export FILE | import FILE | reset]``."""
    action = args.action
    if action is not None and action not in ACTIONS:
        raise UsageError(
            _(
                "{action} is not something progress does: choose export FILE, import FILE "
                "or reset (or nothing, to see your progress)"
            ).format(action=repr(action))
        )
    if action is not None and ACTIONS[action] and args.file is None:
        raise UsageError(
            _("progress {action} needs a file: hasenpfeffer progress {action} FILE").format(
                action=action
            )
        )
    if args.file is not None and not ACTIONS.get(action or "", False):
        raise UsageError(
            _("progress {action} takes no file: hasenpfeffer progress {action}").format(
                action=action
            )
        )
    if args.yes and action != "reset":
        raise UsageError(_("--yes goes with reset only: hasenpfeffer progress reset --yes"))
    home = default_home()
    store = open_store(home)
    try:
        if action == "export":
            return _export(term, store, Path(args.file))
        if action == "import":
            return _import(term, store, Path(args.file))
        if action == "reset":
            return _reset(term, reader, store, args.yes)
        show_summary(term, summary(store))
    except BrokenPipeError:
        raise  # the reader of the output went away: quiet (see main)
    except OSError as e:
        raise UsageError(
            _("your progress in {folder} cannot be read or written: {reason}").format(
                folder=home, reason=_why(e)
            )
        ) from None
    return 0


def _export(term: Term, store: ProgressStore, target: Path) -> int:
    n = len(store.answers())
    try:
        path = store.export_to(target)
    except OSError as e:  # e.filename: the file, or the store's folder when that failed
        raise UsageError(
            _("cannot write {file}: {reason}").format(file=e.filename or target, reason=_why(e))
        ) from None
    if store.notice:
        term.say(store.notice)
    term.say(
        ngettext(
            "Saved your progress ({n} answer) in {file}.",
            "Saved your progress ({n} answers) in {file}.",
            n,
        ).format(n=n, file=path)
    )
    return 0


def _import(term: Term, store: ProgressStore, source: Path) -> int:
    # a file that is not a progress file, too large, or not a file: InvalidDataError
    report = store.import_from(source)
    if store.notice:
        term.say(store.notice)
    total = len(store.answers())
    if report.added == 0:
        term.say(
            ngettext(
                "Added 0 answers from {file}: you now have {n} answer, all of them here already.",
                "Added 0 answers from {file}: you now have {n} answers, all of them here already.",
                total,
            ).format(file=source, n=total)
        )
    else:
        term.say(
            # Translators: {added} and {total} are counted answers, "3 answers", "1 answer".
            _("Added {added} from {file}: you now have {total}.").format(
                added=_answers(report.added), file=source, total=_answers(total)
            )
        )
    if report.skips.count:
        term.say(skipped_import_text(report))
    return 0


def skipped_import_text(report: ImportReport) -> str:
    """What an import left out of its file, and why, in one line."""
    skips = report.skips
    lines = ", ".join(str(n) for n in skips.lines)
    more = ", ..." if skips.count > len(skips.lines) else ""
    if skips.dated == skips.count:
        # Translators: n lines of the imported file, lines their numbers ("3, 7, ...").
        return ngettext(
            "Left out {n} line of the file: its date cannot be right (line {lines}).",
            "Left out {n} lines of the file: their dates cannot be right (lines {lines}).",
            skips.count,
        ).format(n=skips.count, lines=lines + more)
    if skips.dated == 0:
        # Translators: n lines of the imported file, lines their numbers ("3, 7, ...").
        return ngettext(
            "Left out {n} line of the file that could not be read (line {lines}).",
            "Left out {n} lines of the file that could not be read (lines {lines}).",
            skips.count,
        ).format(n=skips.count, lines=lines + more)
    # Translators: n lines of the imported file in all, unread of them could not be
    # read, dated had dates that cannot be right; lines their numbers ("3, 7, ...").
    return _(
        "Left out {n} lines of the file: {unread} could not be read and {dated} had "
        "dates that cannot be right (lines {lines})."
    ).format(
        n=skips.count,
        unread=skips.count - skips.dated,
        dated=skips.dated,
        lines=lines + more,
    )


def _reset(term: Term, reader: Reader, store: ProgressStore, yes: bool) -> int:
    if not yes:
        # Translators: "yes" stays as it is: it is what the learner types. Keep the
        # space at the end (the answer is typed after it).
        question = _(
            "Start again from nothing? Your answers are kept aside in {folder}. Type yes to go on: "
        ).format(folder=store.home)
        try:
            answer = reader.ask(question)
        except Stop:
            answer = ""
        if answer.strip().lower() != "yes":
            term.say(_("Nothing changed."))
            return 0
    aside = store.reset()
    if aside is None:
        term.say(_("There were no answers to keep: you start from nothing."))
    else:
        term.say(
            _("Started again from nothing. Your old answers are kept in {folder}.").format(
                folder=aside
            )
        )
    return 0


COMMAND: Final = Command(
    name="progress",
    summary=N_("your progress: stars per lesson, how strong each concept is, what is due"),
    # Translators: export, import, reset and yes are what the learner types: keep them.
    description=N_(
        "Show your progress: each lesson's stars and exercises done, how strong each\n"
        "concept you have practised is and when it is due again, and what is due today.\n"
        "Your answers are kept on this machine only, in $HASENPFEFFER_HOME when it is set,\n"
        "otherwise in your user data folder.\n"
        "export FILE saves them in a file; import FILE adds the answers of such a file\n"
        "(answers already here are not added twice); reset starts again from nothing,\n"
        "after you type yes (the old answers are kept aside, never deleted)."
    ),
    examples="hasenpfeffer progress\n"
    "hasenpfeffer progress export my-progress.jsonl\n"
    "hasenpfeffer progress import my-progress.jsonl\n"
    "hasenpfeffer progress reset",
    add_arguments=add_arguments,
    run=run,
)
