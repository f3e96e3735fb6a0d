"""The core's lists for a front end: every arrangement a knock may declare
(okgin.scoring.knock_arrangements, RULES.md §5) and Hollywood's three games hand by hand
(okgin.scoring.hollywood_games, RULES.md §9).

- every listed arrangement is a legal knock: the hand engine accepts it, and scores the
  deadwood the list gives;
- the first is the default arrangement the engine offers (RULES.md §5);
- the count matches a brute force over every set of disjoint melds, on random hands;
- Hollywood's columns agree with the totals, wins and winners Game keeps, on random games.
"""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from okgin.actions import Knock
from okgin.cards import CARDS, hand_value, mask_of, parse_cards
from okgin.game import Game
from okgin.melds import Meld, default_arrangement, melds_in
from okgin.rules import Rules
from okgin.scoring import hollywood_entry, hollywood_games, knock_arrangements


def brute_force(hand: int, limit: int) -> set[frozenset[int]]:
    """Every set of pairwise disjoint melds of ``hand`` with deadwood ≤ limit (as mask sets)."""
    pool = [m.mask for m in melds_in(hand)]
    out: set[frozenset[int]] = set()
    for k in range(0, 5):
        for combo in itertools.combinations(pool, k):
            used = 0
            ok = True
            for m in combo:
                if used & m:
                    ok = False
                    break
                used |= m
            if ok and hand_value(hand & ~used) <= limit:
                out.add(frozenset(combo))
    return out


def random_hand(rng: random.Random, size: int) -> int:
    """A hand with some structure (random deals rarely knock): a run or a set, then random."""
    cards: set[int] = set()
    while len(cards) < size:
        kind = rng.random()
        if kind < 0.35:
            suit, low = rng.randrange(4), rng.randrange(10)
            cards.update(suit * 13 + low + i for i in range(rng.choice((3, 4))))
        elif kind < 0.6:
            rank = rng.randrange(13)
            cards.update(s * 13 + rank for s in rng.sample(range(4), rng.choice((3, 4))))
        else:
            cards.add(rng.randrange(52))
    picked = rng.sample(sorted(cards), size)
    return mask_of([CARDS[c] for c in picked])


@pytest.mark.parametrize("seed", range(6))
def test_the_arrangements_are_every_set_of_disjoint_melds_within_the_limit(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        hand = random_hand(rng, rng.choice((10, 11)))
        limit = rng.choice((0, 1, 5, 10, 25, 60))
        listed = knock_arrangements(hand, limit)
        masks = [frozenset(m.mask for m in melds) for _, melds in listed]
        assert len(masks) == len(set(masks)), "an arrangement is listed twice"
        assert set(masks) == brute_force(hand, limit)
        for dw, melds in listed:
            assert dw <= limit
            assert list(melds) == sorted(melds)
            rest = hand
            for m in melds:
                assert m.mask & rest == m.mask  # disjoint, and in the hand
                rest &= ~m.mask
            assert hand_value(rest) == dw
        assert [dw for dw, _ in listed] == sorted(dw for dw, _ in listed)
        best, default = default_arrangement(hand)
        if best <= limit:
            assert listed[0] == (best, default)
        else:
            assert listed == []


def test_a_negative_limit_lists_nothing_and_an_empty_spread_is_listed() -> None:
    hand = mask_of(parse_cards("As 2d 3h"))
    assert knock_arrangements(hand, -1) == []
    assert knock_arrangements(hand, 6) == [(6, ())]
    assert knock_arrangements(hand, 5) == []


def knock_positions(seed: int) -> list[tuple[Game, list[Knock]]]:
    """Random games played until knocks are legal, with those knocks."""
    rng = random.Random(seed)
    out: list[tuple[Game, list[Knock]]] = []
    game = Game(Rules.preset("standard"), seed=seed)
    for _ in range(4000):
        if game.is_over or len(out) >= 6:
            break
        legal = game.legal_actions()
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            out.append((copy.deepcopy(game), knocks))
            game.apply(knocks[0])
            continue
        game.apply(rng.choice(legal))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_listed_arrangement_is_a_knock_the_engine_accepts(seed: int) -> None:
    positions = knock_positions(seed)
    assert positions, "no knock came up"
    for game, knocks in positions:
        seat = game.current_player
        assert seat is not None
        before = game.view(seat)
        hand = mask_of(before.hand)
        for knock in knocks:
            rest = hand if knock.card is None else hand & ~(1 << knock.card)
            limit = 0 if knock.card is None else before.knock_limit
            listed = knock_arrangements(rest, limit)
            assert listed[0][1] == knock.melds  # the engine's default comes first
            for dw, melds in listed:
                trial = copy.deepcopy(game)
                trial.apply(Knock(knock.card, melds))  # refused would raise
                view = trial.view(seat)
                assert hand_value(mask_of(view.knock_deadwood)) == dw
                assert view.spread == melds


def test_a_meld_left_out_is_still_a_legal_knock() -> None:
    hand = mask_of(parse_cards("2c 3c 4c 5c 7d 7h 7s As 2s 3d"))
    listed = knock_arrangements(hand, 30)
    spreads = {tuple(m.text for m in ms) for _, ms in listed}
    assert (Meld("7d 7h 7s").text,) in spreads  # the run left as deadwood: 20
    assert () not in spreads  # nothing declared: 41 > 30


def test_hollywood_entry_follows_rules_9() -> None:
    assert hollywood_entry(1, [False] * 3) == [0]
    assert hollywood_entry(2, [False] * 3) == [0, 1]
    assert hollywood_entry(5, [False] * 3) == [0, 1, 2]
    assert hollywood_entry(2, [True, False, False]) == [1]
    assert hollywood_entry(1, [True, False, False]) == [1]  # the lowest open game
    assert hollywood_entry(1, [True, True, True]) == []


@pytest.mark.parametrize("seed", range(3))
def test_hollywood_columns_agree_with_the_game(seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules.preset("standard", format="hollywood", target=30)
    game = Game(rules, seed=seed)
    checked = 0
    while not game.is_over:
        seen = len(game.results)
        game.apply(rng.choice(game.legal_actions()))
        if len(game.results) == seen:
            continue
        cols = hollywood_games(game.results, rules.target, 2)
        for col, kept in zip(cols, game.score.games, strict=True):
            assert list(col.totals) == kept.totals
            assert list(col.wins) == kept.wins
            assert col.closed == kept.closed and col.winner == kept.winner
            assert len(col.hands) == len(game.results)
            sums = [sum(h[s] for h in col.hands if h is not None) for s in range(2)]
            assert sums == kept.totals
        checked += 1
    assert game.score.complete and all(c.closed for c in cols)
    assert checked > 0
    # each hand's points go to its winner in every game it entered, and at least game 1 got some
    assert any(h is not None for h in cols[0].hands)
