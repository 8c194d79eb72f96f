"""The ``hasenpfeffer`` command's language: ``--lang``, ``HASENPFEFFER_LANG``, the locale.

The Italian and Thai catalogues are compiled later (``make catalogues``), so these tests
check that the language chosen reaches what the command prints through a stand-in
catalogue that marks every string it is asked for (``«...»``), not the Italian or Thai
words themselves. Assertions on real Italian and Thai output belong with the catalogues.
"""

from __future__ import annotations

import gettext
import re

import pytest
from _support import run_cli

from hasenpfeffer_core.engine import i18n
from hasenpfeffer_core.engine.i18n import get_language
from hasenpfeffer_core.faces import cli

run = run_cli  # (tests/_support.py): English unless the test says otherwise


class Marked(gettext.NullTranslations):
    """A catalogue for tests: every string comes back inside ``«»``, with the language."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        return f"«{self.lang}:{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{self.lang}:{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{self.lang}:{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{self.lang}:{msgid1 if n == 1 else msgid2}»"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Italian and Thai come from the marking catalogue (English has none)."""
    monkeypatch.setattr(i18n, "catalogue", Marked)


def assert_one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2, (code, err)
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hasenpfeffer: ")
    return lines[0]


# --- --lang is accepted where argparse allows it --------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ("--lang", "en", "rank", "H"),
        ("rank", "--lang", "en", "H"),
        ("rank", "H", "--lang", "en"),
        ("--lang=en", "rank", "H"),
        ("rank", "H", "--lang=EN"),
    ],
)
def test_lang_en_is_accepted_before_or_after_the_command_and_changes_nothing(
    argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = run(monkeypatch, capsys, "rank", "H")
    assert run(monkeypatch, capsys, *argv) == plain
    assert plain[0] == 0 and plain[1].startswith("Hearts are trumps: the 25 cards")


@pytest.mark.parametrize("lang", ["it", "th"])
@pytest.mark.parametrize("where", ["before", "after"])
def test_lang_it_and_th_are_accepted(
    lang: str, where: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--lang", lang, "rank", "H"] if where == "before" else ["rank", "--lang", lang, "H"]
    code, out, err = run(monkeypatch, capsys, *argv)
    assert (code, err) == (0, "")
    assert "J♥" in out and "JK" in out  # the cards stay as they are in every language


@pytest.mark.parametrize(
    "argv",
    [
        ("--lang", "xx", "rank", "H"),
        ("rank", "--lang", "xx", "H"),
        ("rank", "H", "--lang=de"),
        ("--lang", "", "rank", "H"),
    ],
)
def test_an_unknown_language_is_refused_in_one_line_naming_the_languages(
    argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, *argv)
    line = assert_one_line_error(code, out, err)
    assert "--lang" in line and "unknown language" in line
    assert "en (English), it (italiano), th (ไทย)" in line
    assert out == ""


def test_lang_without_a_language_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = assert_one_line_error(*run(monkeypatch, capsys, "rank", "H", "--lang"))
    assert "--lang" in line


def test_the_help_offers_the_languages(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (("--help",), ("rank", "--help")):
        code, out, _err = run(monkeypatch, capsys, *argv)
        assert code == 0
        assert "--lang {en,it,th}" in out
        assert "HASENPFEFFER_LANG" in out


# --- the language reaches the output -----------------------------------------------------


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("lang", ["it", "th"])
def test_the_language_chosen_reaches_what_the_command_prints(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    english = run(monkeypatch, capsys, "rank", "H")[1]
    code, out, err = run(monkeypatch, capsys, "rank", "H", "--lang", lang)
    assert (code, err) == (0, "")
    assert out != english
    first = out.splitlines()[0]
    assert first.startswith(f"«{lang}:") and "the 25 cards, strongest first." in first
    assert f"«{lang}:trumps (8 cards)»" in out
    assert f"«{lang}:right bower»" in out and f"«{lang}:left bower»" in out


@pytest.mark.usefixtures("marked")
def test_the_language_reaches_the_help_and_the_headings_argparse_lets_us_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(monkeypatch, capsys, "--lang", "it", "rank", "--help")
    assert code == 0
    assert out.startswith("«it:usage: »hasenpfeffer rank")
    assert "«it:options»:" in out and "«it:positional arguments»:" in out
    assert "«it:show this help message and exit»" in out
    assert "«it:example:»" in out
    assert "hasenpfeffer rank H" in out  # the examples are typed as they are
    code, out, _err = run(monkeypatch, capsys, "--lang", "th", "--help")
    assert code == 0
    assert "«th:commands»:" in out and "«th:examples:»" in out
    assert re.search(r"rank +«th:the order of the 25 cards", out)


@pytest.mark.usefixtures("marked")
def test_the_language_reaches_the_error_messages(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = assert_one_line_error(
        *run(monkeypatch, capsys, "--lang", "it", "solve", "--position", "N=JK")
    )
    assert "«it:--position needs --trump SUIT and --leader SEAT»" in line
    line = assert_one_line_error(*run(monkeypatch, capsys, "quiz", "--count", "0", "--lang", "th"))
    assert "«th:{number} is less than {least}»" not in line  # filled in, not shown raw
    assert "«th:0 is less than 1»" in line


@pytest.mark.usefixtures("marked")
def test_an_abbreviated_lang_option_is_read_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(monkeypatch, capsys, "rank", "H", "--lan", "it")
    assert code == 0 and out.startswith("«it:")


def test_the_language_of_the_caller_is_the_same_afterwards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = get_language()
    run(monkeypatch, capsys, "--lang", "th", "rank", "H")
    run(monkeypatch, capsys, "--lang", "it", "rank", "purple")
    assert get_language() == before


# --- without --lang: HASENPFEFFER_LANG, then the locale ------------------------------------


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LC_ALL": "th_TH.UTF-8", "LANG": "it_IT.UTF-8"}, "th"),
        ({"LANGUAGE": "fr:it", "LANG": "fr_FR.UTF-8"}, "it"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"HASENPFEFFER_LANG": "th", "LC_ALL": "it_IT.UTF-8"}, "th"),
        ({"HASENPFEFFER_LANG": "it_IT.UTF-8"}, "it"),
        ({"HASENPFEFFER_LANG": "", "LANG": "th_TH.UTF-8"}, "th"),
    ],
)
def test_without_lang_the_variable_then_the_locale_choose(
    env: dict[str, str],
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "HASENPFEFFER_LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    code = cli.main(["rank", "H"])
    out, _err = capsys.readouterr()
    assert code == 0
    if lang == "en":
        assert out.startswith("Hearts are trumps")
    else:
        assert out.startswith(f"«{lang}:")


@pytest.mark.usefixtures("marked")
def test_lang_wins_over_the_variable_and_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HASENPFEFFER_LANG", "th")
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    code = cli.main(["rank", "H", "--lang", "en"])
    out, _err = capsys.readouterr()
    assert code == 0 and out.startswith("Hearts are trumps")


def test_an_unknown_language_in_the_variable_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HASENPFEFFER_LANG", "klingon")
    code = cli.main(["rank", "H"])
    out, err = capsys.readouterr()
    line = assert_one_line_error(code, out, err)
    assert "HASENPFEFFER_LANG" in line and "'klingon'" in line
    assert "en (English), it (italiano), th (ไทย)" in line
    # ... but --lang, which wins over it, puts it right
    assert cli.main(["rank", "H", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("Hearts are trumps")


def test_the_run_cli_helper_speaks_english_whatever_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    monkeypatch.setenv("HASENPFEFFER_LANG", "th")
    code, out, _err = run(monkeypatch, capsys, "rank", "H")
    assert code == 0 and out.startswith("Hearts are trumps")
