"""okgin.views.glance_of_hand / glance_of: what an observation encoder reads of a seat's view,
made from the hand without building the view, equals what the view itself shows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rule_sets

from okgin.actions import ID_DISCARD, ID_KNOCK, ID_LAYOFF, Knock
from okgin.errors import SeatError
from okgin.game import Game
from okgin.hand import HandState, Phase
from okgin.melds import deadwood
from okgin.rules import PRESETS, Rules
from okgin.views import glance_of, glance_of_hand, view_of, view_of_hand

COMBOS = [(preset, n) for preset in sorted(PRESETS) for n in (2, 3, 4)]


def _pick(hand: HandState, rng: random.Random, knock_rate: float) -> int:
    """Knocks when it can with ``knock_rate``; else mostly the discard that leaves the least
    deadwood, or any legal id (so hands reach knocks and layoffs)."""
    legal = hand.legal_ids()
    knocks = [i for i in legal if ID_KNOCK <= i < ID_LAYOFF]
    if knocks and rng.random() < knock_rate:
        return rng.choice(knocks)
    discards = [i for i in legal if ID_DISCARD <= i < ID_KNOCK]
    if discards and rng.random() < 0.8:
        mine = hand.hands[hand.turn]
        return min(discards, key=lambda i: (deadwood(mine & ~(1 << (i - ID_DISCARD))), i))
    return rng.choice(legal)


def _check_hand(hand: HandState, rng: random.Random) -> None:
    n = hand.n
    length = len(hand.history)
    for seat in range(n):
        view = view_of_hand(hand, seat, legal=False)
        for since in {0, length, rng.randrange(length + 1)}:
            assert glance_of_hand(hand, seat, since) == view.glance(since), (seat, since)


def _play(rules: Rules, seed: int, knock_rate: float = 0.8) -> set[Phase]:
    """Random hands, each seat's glance checked against its view at every decision and at
    the end; the phases seen."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = HandState.deal(rules, deck, rng.randrange(rules.players))
    phases = set()
    while True:
        phases.add(hand.phase)
        _check_hand(hand, rng)
        if hand.is_over:
            return phases
        hand.apply_id(_pick(hand, rng, knock_rate))


@pytest.mark.parametrize(("preset", "players"), COMBOS)
def test_a_glance_equals_the_glance_of_the_view(preset: str, players: int) -> None:
    seen: set[Phase] = set()
    for seed in range(8):
        rules = Rules.preset(preset, players=players)
        seen |= _play(rules, seed)
        fifty = Rules.preset(preset, players=players, stock_exhaustion="fiftieth_card")
        seen |= _play(fifty, seed, knock_rate=0.1)
    assert {Phase.OFFER, Phase.DRAW, Phase.PLAY, Phase.LAYOFF, Phase.OVER} <= seen


@settings(max_examples=40, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 10**6))
def test_a_glance_equals_the_glance_of_the_view_under_any_rules(rules: Rules, seed: int) -> None:
    _play(rules, seed)


def test_a_game_glance_carries_the_scores_and_the_hand_number() -> None:
    rules = Rules.preset("classic", players=3, target=40)
    rng = random.Random(5)
    game = Game(rules, seed=5)
    checked = 0
    while not game.is_over:
        hand = game.hand
        for seat in range(3):
            since = rng.randrange(len(hand.history) + 1)
            g = glance_of(game, seat, since)
            assert g == view_of(game, seat).glance(since)
            checked += 1
        if hand.is_over:
            game.deal()
            continue
        game.apply_id(_pick(hand, rng, 0.9))
    g = glance_of(game, 0)
    assert g.hand_number == len(game.hands) > 1
    assert g.totals == tuple(game.totals) and g.target == game.score.target
    assert checked > 100


def test_the_knock_discard_is_the_knockers_until_the_hand_is_scored() -> None:
    rules = Rules.preset("standard", players=3)
    for seed in range(200):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        hand = HandState.deal(rules, deck, 0)
        while not hand.is_over and hand.phase != Phase.LAYOFF:
            hand.apply_id(_pick(hand, rng, 1.0))
        if hand.phase == Phase.LAYOFF and hand.knock_card >= 0:
            break
    else:
        pytest.fail("no knock with a discard in 200 hands")
    k = hand.knocker
    card = hand.knock_card
    mine = glance_of_hand(hand, k)
    assert mine.knock_discard == card
    assert [a.card for _, a in mine.log if isinstance(a, Knock)] == [card]
    for seat in set(range(3)) - {k}:
        theirs = glance_of_hand(hand, seat)
        assert theirs.knock_discard == -1
        assert [a.card for _, a in theirs.log if isinstance(a, Knock)] == [None]
        assert theirs.top_discard != card
        assert theirs.hand == hand.hands[seat] and theirs.taken_this_turn == -1


def test_a_glance_needs_a_seat() -> None:
    game = Game(Rules.preset("standard"), seed=1)
    with pytest.raises(SeatError, match=r"seat must be 0\.\.1"):
        glance_of(game, 2)
    with pytest.raises(SeatError, match=r"seat must be 0\.\.1"):
        glance_of_hand(game.hand, None)  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        view_of(game, None).glance()
