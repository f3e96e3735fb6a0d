"""Perft: counts of legal action sequences to a fixed depth from fixed positions.

Like chess engines' perft, the counts catch any change in move generation: which actions are
legal in which phase, knock legality and limits, the opening offer, the fiftieth card,
layoffs, when a hand ends. The positions and their counts are in ``tests/golden/perft.json``
(each position stored whole: rules, dealer, deck, the actions leading to it), written by
``python scripts/regen_golden.py``; an intended change of the rules engine is followed by
regenerating it and reviewing the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from okgin.actions import from_json
from okgin.cards import Card
from okgin.hand import HandState
from okgin.rules import Rules

GOLDEN = Path(__file__).parent / "golden" / "perft.json"
POSITIONS: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))["positions"]
REGEN = (
    "if the engine change is intended, regenerate with `python scripts/regen_golden.py` "
    "and review `git diff tests/golden/perft.json`"
)


def position(pos: dict[str, Any]) -> HandState:
    hand = HandState.deal(
        Rules.from_dict(pos["rules"]), [Card(c) for c in pos["deck"]], pos["dealer"]
    )
    for obj in pos["prefix"]:
        seat, action = from_json(obj)
        hand.apply(action, seat=seat)
    return hand


def perft(hand: HandState, depth: int, by_id: bool = False) -> tuple[list[int], list[int]]:
    """Sequences of each length 1..depth, and how many of them end the hand."""
    nodes = [0] * depth
    ended = [0] * depth

    def walk(h: HandState, d: int) -> None:
        moves: list[Any] = h.legal_ids() if by_id else h.legal_actions()
        for move in moves:
            child = h.copy()
            if by_id:
                child.apply_id(move)
            else:
                child.apply(move)
            nodes[d] += 1
            if child.is_over:
                ended[d] += 1
            elif d + 1 < depth:
                walk(child, d + 1)

    walk(hand, 0)
    return nodes, ended


def test_the_positions_cover_what_they_should() -> None:
    names = {p["name"] for p in POSITIONS}
    assert len(names) == len(POSITIONS) >= 10
    phases = {p["phase"] for p in POSITIONS}
    assert {"offer", "draw", "play"} <= phases
    players = {Rules.from_dict(p["rules"]).players for p in POSITIONS}
    assert players == {2, 3, 4}
    presets = {p["rules"].get("preset") for p in POSITIONS}
    assert {"standard", "classic", "party", "openspiel"} <= presets
    # an opening with passes, the fiftieth card and layoffs are reached inside the trees
    assert any(p["prefix"] and all(a["do"] == "pass" for a in p["prefix"]) for p in POSITIONS)
    assert any(
        Rules.from_dict(p["rules"]).stock_exhaustion == "fiftieth_card" and any(p["ended"])
        for p in POSITIONS
    )
    assert all(p["nodes"][-1] > 0 for p in POSITIONS if not p["ended"][-1])


@pytest.mark.parametrize("pos", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft(pos: dict[str, Any]) -> None:
    hand = position(pos)
    assert hand.phase_name == pos["phase"]
    nodes, ended = perft(hand, pos["depth"])
    assert (nodes, ended) == (pos["nodes"], pos["ended"]), (
        f"perft of {pos['name']} ({pos['what']}): got nodes {nodes} ended {ended}, "
        f"golden nodes {pos['nodes']} ended {pos['ended']}; {REGEN}"
    )


@pytest.mark.parametrize("pos", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft_through_integer_ids(pos: dict[str, Any]) -> None:
    """The integer action space (legal_ids / apply_id) walks the same tree."""
    depth = min(pos["depth"], 5)
    nodes, ended = perft(position(pos), depth, by_id=True)
    assert nodes == pos["nodes"][:depth] and ended == pos["ended"][:depth]
