"""HandState.from_position: a mid-hand position set up from its parts plays on exactly like
the hand it was taken from, and a position that cannot occur is refused with a reason."""

from __future__ import annotations

import random

import pytest

from okgin.errors import PositionError
from okgin.hand import HandState, Phase
from okgin.rules import PRESETS, Rules

SETUP = {"offer", "draw", "play", "fiftieth", "fiftieth_knock"}


def _parts(h: HandState) -> dict[str, object]:
    return {
        "dealer": h.dealer,
        "upcard": int(h.upcard),
        "hands": list(h.hands),
        "pile": list(h.pile),
        "stock": [int(c) for c in h.deck[h.stock_pos :]],
        "phase": h.phase_name,
        "turn": h.turn,
        "taken": h.taken if h.taken >= 0 else None,
        "offer_passes": h.offer_passes,
        "stock_only": h.stock_only,
    }


def _random_positions(rules: Rules, count: int, seed: int) -> list[tuple[HandState, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        deck = list(range(52))
        rng.shuffle(deck)
        h = HandState.deal(rules, deck, rng.randrange(rules.players))
        stop = rng.randrange(1, 90)
        for _ in range(stop):
            if h.is_over or h.phase_name not in SETUP:
                break
            ids = h.legal_ids()
            h.apply_id(ids[rng.randrange(len(ids))])
        if not h.is_over and h.phase_name in SETUP:
            out.append((h, rng.randrange(2**30)))
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_position_plays_on_like_its_hand(preset: str) -> None:
    rules = Rules.preset(preset)
    for h, seed in _random_positions(rules, 40, sorted(PRESETS).index(preset)):
        g = HandState.from_position(rules, **_parts(h))  # type: ignore[arg-type]
        assert g.hands == h.hands and g.pile == h.pile and g.phase == h.phase
        assert g.deck[g.stock_pos :] == h.deck[h.stock_pos :]
        rng = random.Random(seed)
        while not h.is_over:
            assert g.legal_ids() == h.legal_ids()
            ids = h.legal_ids()
            i = ids[rng.randrange(len(ids))]
            h.apply_id(i)
            g.apply_id(i)
        assert g.result == h.result


def _bad(**change: object) -> str:
    rules = Rules.preset("standard")
    h = _random_positions(rules, 1, 7)[0][0]
    parts = _parts(h)
    parts.update(change)
    with pytest.raises(PositionError) as err:
        HandState.from_position(rules, **parts)  # type: ignore[arg-type]
    return str(err.value)


def test_impossible_positions_are_refused_with_the_reason() -> None:
    rules = Rules.preset("standard")
    h = _random_positions(rules, 1, 7)[0][0]
    parts = _parts(h)
    hands = list(h.hands)
    assert "phase" in _bad(phase="layoff")
    assert "2 players" in _bad(hands=hands[:1])
    other = 1 - h.turn
    twice = hands[:]
    twice[other] = (hands[other] & (hands[other] - 1)) | (hands[h.turn] & -hands[h.turn])
    assert "another hand holds" in _bad(hands=twice)
    short = hands[:]
    short[other] &= short[other] - 1
    assert "holds 9 cards" in _bad(hands=short)
    stock = list(parts["stock"])  # type: ignore[call-overload]
    assert "twice" in _bad(stock=[*stock, stock[0]])
    assert "seats" in _bad(turn=5)
    if h.phase_name == "play":
        assert "does not hold it" in _bad(taken=-1)
    else:
        assert f"no card is taken this turn in phase {h.phase_name}" in _bad(taken=0)
    assert "52-bit" in _bad(hands=[-1, *hands[1:]])
    assert h.phase != Phase.OVER  # the hand the parts came from is untouched


def test_phase_is_an_int_enum_the_state_holds_and_names() -> None:
    """Every state of random hands holds a Phase member; its name is the view's phase; a
    position set up by name holds the member of that name."""
    import enum

    assert issubclass(Phase, enum.IntEnum)
    assert Phase.NAMES == ("offer", "draw", "play", "fiftieth", "fiftieth_knock", "layoff", "over")
    assert [int(p) for p in Phase] == list(range(7))
    rules = Rules.preset("standard", stock_exhaustion="fiftieth_card")
    seen: set[Phase] = set()
    for h, _ in _random_positions(rules, 60, 5):
        assert type(h.phase) is Phase
        assert h.phase_name == h.phase.name.lower() == Phase.NAMES[h.phase]
        seen.add(h.phase)
        if h.phase_name in SETUP:
            again = HandState.from_position(rules, **_parts(h))  # type: ignore[arg-type]
            assert again.phase is h.phase
    assert {Phase.DRAW, Phase.PLAY} <= seen
