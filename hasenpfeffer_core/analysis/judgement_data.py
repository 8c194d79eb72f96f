"""A judgement as plain JSON data, to store beside a position (a puzzle's), and read
back so that the words made from it read as they did when it was judged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.actions import parse_action
from ..engine.cards import Suit
from ..engine.errors import HasenpfefferError
from .judge import CallJudgement, Judgement

__all__ = ["judgement_data", "judgement_from_data"]


def judgement_data(judged: Judgement) -> dict[str, Any]:
    """``judged`` as plain JSON data, to store beside a position (a puzzle's): the
    options as the engine writes them (``"S play A♠"``), each figure beside its option;
    for a call, what it rests on too. :func:`judgement_from_data` reads it back, and the
    words made from it (:func:`~hasenpfeffer_core.analysis.bots.advice_from`) read as
    they did when it was judged."""
    opts = judged.options
    data: dict[str, Any] = {
        "options": [str(a) for a in opts],
        "best": opts.index(judged.best),
        "points": [round(judged.points[a], 6) for a in opts],
        "tricks": [round(judged.tricks[a], 6) for a in opts],
        "spread": [round(judged.spread[a], 6) for a in opts],
        "weighed": [judged.weighed.get(a, judged.deals) for a in opts],
        "deals": judged.deals,
        "dominated": [opts.index(a) for a in opts if a in judged.dominated],
    }
    if judged.made:
        data["made"] = [round(judged.made[a], 6) for a in opts]
    if isinstance(judged, CallJudgement):
        data["call"] = {
            "trumps": [_suit_key(judged.trumps.get(a)) for a in opts],
            "odds": {_suit_key(t): "".join(map(str, runs)) for t, runs in judged.odds.items()},
            "passing": judged.passing,
            "holder_tricks": round(judged.holder_tricks, 6),
        }
    return data


def judgement_from_data(data: Mapping[str, Any]) -> Judgement:
    """The judgement :func:`judgement_data` stored (a :class:`CallJudgement` for a call).
    Data that does not hold one is refused with :class:`ValueError` saying what is
    wrong."""
    try:
        opts = tuple(parse_action(str(t)) for t in data["options"])
        n = len(opts)
        lists = {k: [float(x) for x in data[k]] for k in ("points", "tricks", "spread")}
        weighed = [int(x) for x in data["weighed"]]
        if any(len(v) != n for v in lists.values()) or len(weighed) != n or n == 0:
            raise ValueError("every figure must stand beside one option")
        best = opts[int(data["best"])]
        fields_: dict[str, Any] = {
            "options": opts,
            "points": dict(zip(opts, lists["points"], strict=True)),
            "tricks": dict(zip(opts, lists["tricks"], strict=True)),
            "spread": dict(zip(opts, lists["spread"], strict=True)),
            "deals": int(data["deals"]),
            "best": best,
            "weighed": dict(zip(opts, weighed, strict=True)),
            "dominated": frozenset(opts[int(i)] for i in data.get("dominated", ())),
        }
        if "made" in data:
            made = [float(x) for x in data["made"]]
            if len(made) != n or not all(0 <= x <= 1 for x in made):
                raise ValueError("each option's share of deals made must be from 0 to 1")
            fields_["made"] = dict(zip(opts, made, strict=True))
        call = data.get("call")
        if call is None:
            return Judgement(**fields_)
        return CallJudgement(
            **fields_,
            trumps={a: _suit_of(k) for a, k in zip(opts, call["trumps"], strict=True)},
            odds={_suit_of(k): tuple(int(d) for d in v) for k, v in call["odds"].items()},
            passing=str(call["passing"]),
            holder_tricks=float(call["holder_tricks"]),
        )
    except (KeyError, IndexError, TypeError, ValueError, HasenpfefferError) as e:
        raise ValueError(f"not a stored judgement: {e}") from e


def _suit_key(suit: Suit | None) -> str:
    return "-" if suit is None else suit.letter


def _suit_of(key: str) -> Suit | None:
    return None if key == "-" else Suit("SHDC".index(key))
