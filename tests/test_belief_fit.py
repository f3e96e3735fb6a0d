"""scripts/belief_fit.py: the share of an opponent's hidden cards the belief's worlds hold."""

from __future__ import annotations

import argparse
import random

import pytest
from scripts_loader import load_script

from okgin.bots import make_bot
from okgin.bots.belief import Knowledge, world_state
from okgin.game import Game
from okgin.melds import deadwood
from okgin.rules import Rules
from okgin.views import View

FIT = load_script("belief_fit")


def test_the_belief_beats_uniform_guessing_and_a_setting_reaches_it() -> None:
    data = FIT.views("hard", 4, 11)
    assert data and all(Knowledge(v).hidden[1] > 0 for v, _ in data)
    for view, hands in data:  # the true hands: the opponent's holds every card it showed
        assert Knowledge(view).held[1] & ~hands[1] == 0 and hands[0] == Knowledge(view).hand
    base = FIT.uniform(data)
    default = FIT.accuracy(data, 16, {})
    assert 0 < base < default < 1
    # the likelihood's factors reach the sampler: all-or-nothing weights change the worlds
    assert FIT.accuracy(data, 16, {"take_alone": 1e-6, "oversample": 8}) != default
    assert FIT.accuracy(data, 16, {"weighted": 0}) != default
    # the deadwood and feed measures: a read of the opponent's deadwood, of the melds a
    # discard would feed; the worlds drawn with no opponent model (uniform, unweighted)
    # overrate its deadwood by far more than the belief's
    belief = FIT.fit(data, 16, {})
    blind = FIT.fit(data, 16, {"seen_extra": 0.0, "weighted": 0})
    assert belief.error >= abs(belief.bias) and 0 < belief.feed < 1
    assert blind.bias > belief.bias + 5, (blind, belief)


def test_three_players_read_both_opponents() -> None:
    """With ``--rules`` of three players every seat but 0 plays ``--vs``, and each view is
    measured on every opponent that has thrown (both, here), not on seat 1 alone."""
    rules = Rules.from_dict({"preset": "party", "players": 3})
    data = FIT.views("hard", 4, 11, rules)
    assert data and all(len(hands) == 3 for _, hands in data)
    read = [FIT._read(Knowledge(v)) for v, _ in data]
    assert read and all(r == [1, 2] for r in read)
    for (view, hands), seats in zip(data, read):
        know = Knowledge(view)
        assert all(know.held[s] & ~hands[s] == 0 for s in seats)
    base = FIT.uniform(data)
    assert 0 < base < FIT.accuracy(data, 16, {}) < 1
    # a bad rule set is one line from the command
    with pytest.raises(SystemExit):
        FIT.main(["--seed", "1", "--rules", '{"preset": "party", "players": 9}'])


def test_a_wrong_setting_is_one_line() -> None:
    assert FIT.setting("seen_extra=1.5,max_extra=10") == {"seen_extra": 1.5, "max_extra": 10}
    for bad, why in [("nosuch=1", "is not KEY=VALUE"), ("oversample=x", "must be a number")]:
        with pytest.raises(argparse.ArgumentTypeError, match=why):
            FIT.setting(bad)


def _positions(rules: Rules, count: int, seed: int) -> list[tuple[Game, View]]:
    """Mid-hand positions of ``medium`` self-play, 8 to 29 moves into a hand."""
    rng = random.Random(seed)
    out: list[tuple[Game, View]] = []
    while len(out) < count:
        game = Game(rules, seed=rng.randrange(10**9))
        bots = [make_bot("medium", s) for s in range(rules.players)]
        hand = game.hand
        for _ in range(rng.randrange(8, 30)):
            if hand.is_over:
                break
            seat = hand.current_player
            assert seat is not None
            game.apply(bots[seat].act(game.view(seat)), seat)
        if hand.is_over or hand.current_player is None:
            continue
        out.append((game, game.view(hand.current_player)))
    return out


def test_the_chain_draws_worlds_consistent_with_the_view_and_follows_its_target() -> None:
    for rules in (Rules.preset("standard"), Rules.preset("party", players=4)):
        for game, view in _positions(rules, 4, 3):
            know = Knowledge(view)
            chain = FIT.WorldChain(know, random.Random(1), beta=0.1, burn=20)
            worlds = chain.draw(6)
            again = FIT.WorldChain(know, random.Random(1), beta=0.1, burn=20).draw(6)
            assert [(w.hands, w.stock) for w in worlds] == [(w.hands, w.stock) for w in again]
            assert chain.accepted > 0 and chain.proposed == 20 + 6 * 2
            for w in worlds:
                state = world_state(know, w)
                assert state.hands[view.seat] == game.hand.hands[view.seat]
                for s in range(rules.players):
                    assert state.hands[s].bit_count() == game.hand.hands[s].bit_count()
                    assert state.hands[s] & know.held[s] == know.held[s]
                assert sorted(state.deck) == list(range(52))
                assert state.legal_actions() == game.hand.legal_actions()
    # the target: a strong pull to little deadwood gives opponents far less of it
    data = FIT.views("medium", 3, 11)

    def opponent_deadwood(beta: float) -> float:
        """The opponent's deadwood in the chain's worlds, a mean per world summed over views."""
        total = 0.0
        for view, _ in data:
            worlds = FIT.WorldChain(Knowledge(view), random.Random(2), beta).draw(8)
            total += sum(deadwood(w.hands[1]) for w in worlds) / len(worlds)
        return total

    tight, loose = opponent_deadwood(1.0), opponent_deadwood(0.0)
    assert tight < loose - 5 * len(data), (tight, loose)
    # and belief_fit reads it: a chain setting is measured like any other
    assert 0 < FIT.accuracy(data, 8, {"chain": 0.1, "burn": 10}) < 1


def test_a_wrong_chain_setting_is_one_line() -> None:
    assert FIT.setting("chain=0.1,thin=4,replay=0.02") == {
        "chain": 0.1,
        "thin": 4,
        "replay": 0.02,
    }
    for bad, why in [
        ("thin=4", "give chain=BETA too"),
        ("chain=0.1,oversample=4", "oversample would not be used"),
        ("chain=-1", "BETA ≥ 0"),
        ("chain=inf", "BETA ≥ 0"),
        ("chain=0.1,thin=0", "thin ≥ 1"),
    ]:
        with pytest.raises(argparse.ArgumentTypeError, match=why):
            FIT.setting(bad)
    with pytest.raises(ValueError, match="beta ≥ 0"):
        FIT.WorldChain(Knowledge(FIT.views("medium", 1, 11)[0][0]), random.Random(1), -1.0)
