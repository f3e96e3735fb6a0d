"""``scripts/expert_refusals.py``: a refused knock is priced on the real cards without
touching them, and the report says what it measured."""

from __future__ import annotations

from types import ModuleType

import pytest
from scripts_loader import load_script

from okgin.actions import Knock
from okgin.arena.play import ArenaSpec, play_deal
from okgin.bots.base import knock_deadwood
from okgin.hand import HandState
from okgin.rules import Rules


def _script() -> ModuleType:
    return load_script("expert_refusals")


def _short_knock() -> tuple[HandState, int, Knock]:
    """A turn of ``hard`` self-play where a knock short of gin is legal."""
    rules = Rules.preset("standard")
    for deal in range(20):
        spec = ArenaSpec(
            rules={"preset": "standard"}, bots=("hard", "hard"), pairings=((0, 1),), seed=5
        )
        _, game = play_deal(spec, 0, deal, 0)
        h = HandState.deal(rules, list(game.hand.deck), game.hand.dealer)
        for _, action in game.hand.history:
            if h.phase.name == "PLAY":
                seat = h.current_player
                assert seat is not None
                for a in h.legal_actions():
                    short = isinstance(a, Knock) and a.card is not None
                    if short and knock_deadwood(h.hands[seat], a) > 0:
                        assert isinstance(a, Knock)
                        return h, seat, a
            h.apply(action)
    pytest.fail("no short knock in 20 deals")


def test_price_is_the_knock_scored_on_the_real_cards_and_leaves_them() -> None:
    script = _script()
    h, seat, knock = _short_knock()
    before = (h.hands[:], list(h.deck), h.stock_pos, h.pile[:])
    value = script.price(h, seat, knock)
    assert (h.hands, list(h.deck), h.stock_pos, h.pile) == before
    # the same knock scored by the engine with the defender laying off nothing can only be
    # as good or better for the knocker
    bare = h.copy()
    bare.apply(knock)
    from okgin.actions import DONE

    while bare.result is None:
        bare.apply(DONE)
    pts = bare.result.points
    assert value <= pts[seat] - pts[1 - seat]


def test_report_groups_refusals_and_names_them(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    assert (
        script.main(
            ["expert:guard=inf,min_worlds=8,max_worlds=8", "--seed", "7013", "--pairs", "2"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "vs hard, seed 7013, 2 deals (4 hands)" in out
    assert "the knocks it refused: knocking then less the hand's real end" in out
    assert " by stock left:" in out and " per hand:" in out
    rows = [
        (0, 0, 2, 3, 8, False, 10.0, 0.0),
        (0, 0, 1, 1, 8, False, -5.0, 0.0),
        (1, 1, 4, 20, 10, True, 0.0, 12.0),
    ]
    lines = script.report(rows)
    assert "  all                        1  +12.00" in lines  # the knock it made
    assert any(line.startswith("  first refusal              1  +10.00") for line in lines)
    assert any(line.startswith("  last refusal               1  -5.00") for line in lines)
    assert any(line.startswith("  <= 4                       2  +2.50") for line in lines)
    with pytest.raises(SystemExit):
        script.main(["nobot", "--seed", "1"])
