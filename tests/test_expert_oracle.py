"""``scripts/expert_oracle.py``: its oracle prices a move on the real hidden cards with only
the stock reshuffled, repeatably, and its report names what it measured."""

from __future__ import annotations

from types import ModuleType

import pytest
from scripts_loader import load_script

from okgin.actions import Discard
from okgin.arena.play import ArenaSpec, play_deal
from okgin.hand import HandState
from okgin.rules import Rules


def _oracle() -> ModuleType:
    return load_script("expert_oracle")


def _mid_hand() -> HandState:
    """A hand of ``hard`` self-play stopped at a discard with 25 cards or fewer in the stock."""
    spec = ArenaSpec(
        rules={"preset": "standard"}, bots=("hard", "hard"), pairings=((0, 1),), seed=3
    )
    _, game = play_deal(spec, 0, 0, 0)
    rules = Rules.preset("standard")
    h = HandState.deal(rules, list(game.hand.deck), game.hand.dealer)
    for _, action in game.hand.history:
        if h.phase.name == "PLAY" and 52 - h.stock_pos <= 25:
            return h
        h.apply(action)
    pytest.fail("the hand ended before 25 stock cards were left")


def test_price_reshuffles_the_stock_only_and_repeats() -> None:
    oracle = _oracle()
    h = _mid_hand()
    seat = h.current_player
    assert seat is not None
    before = (h.hands[:], list(h.deck), h.stock_pos, h.pile[:])
    card = max(c for c in range(52) if h.hands[seat] >> c & 1)
    move = next(a for a in h.legal_actions() if isinstance(a, Discard) and int(a.card) == card)
    prices = [oracle._price(h, seat, move, k, 5, "hard") for k in range(6)]
    assert (h.hands, list(h.deck), h.stock_pos, h.pile) == before  # the real state is kept
    assert prices == [oracle._price(h, seat, move, k, 5, "hard") for k in range(6)]
    assert len(set(prices)) > 1  # the reshuffles give other futures


def test_report_names_the_gain_per_decision_and_per_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the script instruments the expert and the arena in its own process; undo that here
    # after the test, so the other tests in this worker play with the plain ones
    import okgin.arena.play as arena_play
    from okgin.bots.expert import ExpertBot

    monkeypatch.setattr(ExpertBot, "act", ExpertBot.act)
    monkeypatch.setattr(ExpertBot, "evaluate", ExpertBot.evaluate)
    monkeypatch.setattr(arena_play, "play_out", arena_play.play_out)
    oracle = _oracle()
    assert (
        oracle.main(
            ["expert:guard=inf,min_worlds=8", "--seed", "7011", "--pairs", "1", "--worlds", "2"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "vs hard, seed 7011, 1 deals (2 hands), 2 reshuffles" in out
    assert "the switches' gain per hand over all 2 hands" in out or "no searched decision" in out
    with pytest.raises(SystemExit):
        oracle.main(["hard", "--seed", "1"])
