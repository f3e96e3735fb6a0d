"""okgin.scoring: the one home of RULES.md §7's hand scoring and §9's finals.

- on random hands (every preset, 2-4 players, both ``multiway_scoring`` readings) the
  breakdown every view carries adds up, line by line, to the core's points; its deadwood
  before and after layoffs and its spreads agree with the independent model of oracle.py;
- the worked examples of RULES.md §12 come out line by line;
- final_score is §9's arithmetic, and Game's finals come from it.
"""

from __future__ import annotations

import random
from typing import Any

import oracle
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rule_dicts

from okgin.actions import Knock
from okgin.bots import EasyBot
from okgin.cards import Card, mask_of, parse_cards
from okgin.game import Game
from okgin.melds import Meld
from okgin.rules import Rules
from okgin.scoring import (
    FinalScore,
    HandBreakdown,
    final_score,
    hand_score,
    knock_deadwood,
    layoff_candidates,
    layoff_order,
)

EASY = EasyBot()


def finished_hand(rules: dict[str, Any], seed: int, rng: random.Random) -> Game:
    """A game whose current hand is over (easy bot most of the time, random otherwise)."""
    game = Game(rules, seed=seed, auto_deal=False)
    game.deal()
    while not game.hand.is_over:
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        action = EASY.act(view) if rng.random() < 0.8 else rng.choice(view.legal_actions)
        game.apply(action, seat)
    return game


def check_lines(b: HandBreakdown, rules: Rules, n: int) -> None:
    dws = [s.deadwood for s in b.seats]
    got = [0] * n
    for ln in b.lines:
        assert ln.multiplier == b.multiplier
        assert ln.points == ln.multiplier * (sum(ln.differences) + ln.bonus)
        got[ln.to] += ln.points
        if ln.kind in ("gin", "big_gin"):
            assert ln.to == b.knocker and dws[ln.to] == 0
            assert ln.differences == tuple(dws[s] for s in ln.against)
            assert set(ln.against) == set(range(n)) - {ln.to}
            want = rules.big_gin_bonus if ln.kind == "big_gin" else rules.gin_bonus
            assert ln.bonus == want
        else:
            assert ln.differences == tuple(dws[s] - dws[ln.to] for s in ln.against)
            assert ln.bonus == (rules.knock_bonus if ln.kind == "beat" else rules.undercut_bonus)
            if ln.kind == "beat":
                assert ln.to == b.knocker
            if b.scoring == "lowest":
                assert set(ln.against) == set(range(n)) - {ln.to}
            else:
                assert len(ln.against) == 1 and b.knocker in (ln.to, *ln.against)
    assert tuple(got) == b.points
    if b.scoring == "lowest" and b.result in ("knock", "undercut"):
        assert len(b.lines) == 1 and b.lines[0].to == b.winner


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_every_breakdown_adds_up_to_the_core_points(data: st.DataObject) -> None:
    rules_dict = data.draw(rule_dicts())
    rules_dict["multiway_scoring"] = data.draw(st.sampled_from(["pairwise", "lowest"]))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    game = finished_hand(rules_dict, data.draw(st.integers(0, 10**6)), rng)
    hand, n, rules = game.hand, game.n, game.rules
    r = hand.result
    assert r is not None
    views = [game.view(s) for s in (None, *range(n))]
    b = views[0].breakdown
    assert b is not None
    assert all(v.breakdown == b for v in views)  # the same for every seat and a spectator
    assert hand.breakdown() == b  # the state's own, from its cards rather than a view's
    assert (b.result, b.points, b.winner, b.knocker) == (r.result, r.points, r.winner, r.knocker)
    if r.result == "dead":
        assert b.lines == () and b.seats == ()
        return
    assert b.scoring == ("two" if n == 2 else rules.multiway_scoring)
    check_lines(b, rules, n)
    laid = [0] * n
    for s, c, _ in views[0].layoffs:
        laid[s] |= 1 << c
    for seat in b.seats:
        kept = hand.hands[seat.seat]
        assert seat.deadwood == (r.deadwood or ())[seat.seat]
        assert mask_of(seat.laid_off) == laid[seat.seat]
        melded = 0
        for m in seat.melds:
            assert m.mask & kept == m.mask and not m.mask & melded
            melded |= m.mask
        assert mask_of(seat.unmelded) == kept & ~melded
        if seat.knocker:
            assert seat.melds == hand.declared
            assert seat.deadwood == seat.deadwood_before == oracle.mask_value(kept & ~melded)
        else:
            assert oracle.mask_value(kept & ~melded) == seat.deadwood == oracle.min_deadwood(kept)
            assert seat.deadwood_before == oracle.min_deadwood(kept | laid[seat.seat])
    assert sum(s.points for s in b.seats) == sum(r.points)


def test_worked_example_9_both_readings() -> None:
    """RULES.md §12, example 9: three players, party, Dk 3; seat 1 holds 15 and seat 2 0."""
    party = Rules.preset("party", players=3)
    low = hand_score(party, 0, [3, 15, 0])
    assert (low.result, low.points, low.winner) == ("undercut", (0, 0, 38), 2)
    (line,) = low.lines
    assert (line.kind, line.to, line.against, line.differences, line.bonus) == (
        "undercut",
        2,
        (0, 1),
        (3, 15),
        20,
    )
    beat = hand_score(party, 0, [3, 15, 9])
    assert (beat.result, beat.points, beat.winner) == ("knock", (28, 0, 0), 0)
    assert [(ln.kind, ln.against, ln.differences, ln.bonus) for ln in beat.lines] == [
        ("beat", (1, 2), (12, 6), 10)
    ]
    pair = hand_score(party.with_options(multiway_scoring="pairwise"), 0, [3, 15, 0])
    assert (pair.result, pair.points, pair.winner) == ("undercut", (22, 0, 23), 2)
    assert [(ln.kind, ln.to, ln.against, ln.points) for ln in pair.lines] == [
        ("beat", 0, (1,), 22),
        ("undercut", 2, (0,), 23),
    ]


def test_worked_examples_1_and_2() -> None:
    standard = Rules.preset("standard")
    one = hand_score(standard, 0, [4, 15])
    assert one.points == (11, 0) and one.lines[0].differences == (11,)
    party = hand_score(Rules.preset("party"), 0, [4, 15])
    assert party.points == (21, 0) and party.lines[0].bonus == 10
    gin = hand_score(standard, 0, [0, 25], multiplier=2)
    (line,) = gin.lines
    assert (line.kind, line.bonus, line.bonus_name, line.points) == ("gin", 25, "gin bonus", 100)
    tie = hand_score(standard, 0, [5, 5])
    assert tie.result == "undercut" and tie.lines[0].tie and tie.points == (0, 25)
    assert hand_score(Rules.preset("openspiel"), 0, [5, 5]).points == (0, 0)
    big = hand_score(standard.with_options(big_gin_bonus=31), 1, [7, 0], big=True)
    assert big.result == "big_gin" and big.lines[0].bonus_name == "big gin bonus"
    assert big.points == (0, 38)


def test_final_score_is_rules_9() -> None:
    standard = Rules.preset("standard")
    f = final_score(standard, [112, 0], [4, 0], 0)
    assert f.finals == [(112 + 4 * 25 + 100) * 2, 0]
    assert f.lines[0].shutout and f.lines[0].game_bonus == 100 and f.lines[0].boxes == 4
    g = final_score(standard, [104, 60], [3, 2], 0)
    assert g.finals == [104 + 75 + 100, 60 + 50] and not g.lines[0].shutout
    assert g.lines[1].game_bonus == 0
    classic = final_score(Rules.preset("classic"), [104, 0], [3, 0], 0)
    assert classic.finals == [104, 0]
    assert final_score(standard, [0, 0], [0, 0], None).finals == [0, 0]


@pytest.mark.parametrize(
    "rules", [{"preset": "standard", "target": 60}, {"preset": "standard", "format": "hollywood"}]
)
def test_game_finals_come_from_final_score(rules: dict[str, Any]) -> None:
    for seed in range(3):
        game = Game(rules, seed=seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(EASY.act(game.view(seat)), seat)
        scores = game.final_scores()
        assert all(isinstance(f, FinalScore) for f in scores)
        sc = game.score
        if game.rules.format == "hollywood":
            assert len(scores) == 3
            assert [f.finals for f in scores] == [g.final(game.rules) for g in sc.games]
        else:
            (f,) = scores
            assert f.finals == sc.final and f.winner == sc.winner
        assert game.view(0).finals == scores
        view = game.view(None)
        assert type(view).from_json(view.to_json()).finals == scores


def test_knock_deadwood_and_layoff_chains() -> None:
    hand = mask_of(parse_cards("3c4c5c 8h8s8d JsQsKs 4d Ah"))
    knock = Knock(Card("Ah"), (Meld("3c4c5c"), Meld("8h8s8d"), Meld("JsQsKs")))
    assert knock_deadwood(hand, knock) == 4
    melds = [Meld("Tc Jc Qc")]
    cards = mask_of([Card("9c"), Card("8c"), Card("Kc")])
    assert layoff_candidates(cards, melds) == {
        Card("8c"): [(0, 1)],
        Card("9c"): [(0, 0)],
        Card("Kc"): [(0, 0)],
    }
    assert layoff_order([Card("8c"), Card("9c")], melds) == [(Card("9c"), 0), (Card("8c"), 0)]
    assert layoff_order([Card("8c")], melds) is None

