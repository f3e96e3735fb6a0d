"""RULES.md §12: every worked example, played from an exact deal under every preset.

Each example is built as a deck order (RULES.md §1 dealing), played action by action through
:class:`~okgin.hand.HandState` or :class:`~okgin.game.Game`, and checked for L, m, the result,
the deadwood and the points of each preset. Each is also written as a RECORD.md record,
``examples/worked_example_N.json``, which ``okgin replay FILE --json`` must reproduce; the
records are checked to hold exactly the deals and actions built here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from deals import EXAMPLES, deal, deck_for, play, play_draw_discard, record, replay_json, run_cli

from okgin import (
    DRAW,
    Discard,
    Game,
    HandState,
    IllegalActionError,
    Knock,
    Layoff,
    Meld,
    Rules,
    deadwood,
    mask_of,
    parse_action,
    parse_cards,
)
from okgin.actions import from_json

PRESETS = ("standard", "classic", "party", "openspiel")


def dw(text: str) -> int:
    return deadwood(mask_of(parse_cards(text)))


def knock_listed(hand: HandState, knock: Knock) -> bool:
    """Whether legal_actions() lists this knock (the same discard and melds, in any order)."""
    return any(
        isinstance(a, Knock) and a.card == knock.card and set(a.melds) == set(knock.melds)
        for a in hand.legal_actions()
    )


# ---- example 1: upcard 7d, knock with 4, layoffs 6c and 8c --------------------------------
EX1_KNOCKER = "3c4c5c8h8s8dJsQsKsAh"
EX1_DEFENDER = "9h9c9s2h3h4h6c8cKd5s"
EX1_DECK = deck_for([EX1_KNOCKER, EX1_DEFENDER], "7d", "4d", dealer=1)
EX1_SCRIPT = [
    "0 pass",
    "1 pass",
    "0 draw",
    "0 knock Ah 3c4c5c 8h8s8d JsQsKs",
    "1 layoff 6c 0",
    "1 layoff 8c 1",
    "1 done",
]


@pytest.mark.parametrize(
    ("preset", "points"), [("standard", 11), ("classic", 11), ("party", 21), ("openspiel", 11)]
)
def test_example_1_knock_with_layoffs(preset: str, points: int) -> None:
    """§12.1: L = 7, m = 1; Dk 4; the defender's 29 becomes 15 after laying off 6c and 8c;
    the knocker scores 11 (party: 21, its knock_bonus 10)."""
    hand = HandState.deal(Rules.preset(preset), EX1_DECK, 1)
    assert (hand.upcard.text, hand.limit, hand.multiplier) == ("7d", 7, 1)
    assert dw(EX1_DEFENDER) == 29
    play(hand, EX1_SCRIPT[:4])
    assert hand.knock_deadwood == 4
    assert hand.phase_name == "layoff" and hand.current_player == 1
    play(hand, EX1_SCRIPT[4:])
    r = hand.result
    assert r is not None
    assert (r.result, r.knocker, r.winner) == ("knock", 0, 0)
    assert (r.knock_limit, r.multiplier) == (7, 1)
    assert r.deadwood == (4, 15)
    assert r.points == (points, 0)
    assert [m.text for m in hand.knock_spread] == ["3c4c5c6c", "8c8d8h8s", "JsQsKs"]


def test_example_1_without_the_layoffs_the_defender_keeps_29() -> None:
    """§6: Dd is taken after the layoffs the defender chose; with none it stays 29."""
    hand = HandState.deal(Rules.preset("standard"), EX1_DECK, 1)
    play(hand, [*EX1_SCRIPT[:4], "1 done"])
    assert hand.result is not None
    assert hand.result.deadwood == (4, 29)
    assert hand.result.points == (25, 0)


# ---- example 2: upcard 5s, gin, doubled ---------------------------------------------------
EX2_KNOCKER = "7c8c9cTc2h2d2sJdQdKd"
EX2_DEFENDER = "3h4h5hKsKhKc6cJc8dAc"
EX2_DECK = deck_for([EX2_KNOCKER, EX2_DEFENDER], "5s", "9h", dealer=1)
EX2_SCRIPT = ["0 pass", "1 pass", "0 draw", "0 knock 9h 7c8c9cTc 2h2d2s JdQdKd"]


@pytest.mark.parametrize(
    ("preset", "mult", "points"),
    [("standard", 2, 100), ("classic", 1, 50), ("party", 1, 50), ("openspiel", 1, 50)],
)
def test_example_2_gin_doubled_by_a_spade_upcard(preset: str, mult: int, points: int) -> None:
    """§12.2: L = 5; gin scores (25 + 25) × 2 = 100 where spades double (standard), else 50;
    the hand ends at the knock, so the defender cannot lay off 6c or Jc on 7c-Tc."""
    hand = HandState.deal(Rules.preset(preset), EX2_DECK, 1)
    assert (hand.limit, hand.multiplier) == (5, mult)
    assert dw(EX2_DEFENDER) == 25
    play(hand, EX2_SCRIPT)
    r = hand.result
    assert r is not None and hand.is_over
    assert (r.result, r.knocker, r.winner) == ("gin", 0, 0)
    assert r.deadwood == (0, 25)
    assert r.points == (points, 0)
    with pytest.raises(IllegalActionError, match="over"):
        hand.apply(Layoff(parse_cards("6c")[0], 0), 1)


# ---- example 3: upcard Qh, gin against a defender with 0 ------------------------------------
EX3_KNOCKER = "Ac2c3c4h4s4d9sTsJsQs"
EX3_DEFENDER = "5d6d7d8dJhJdJcKhKdKc"
EX3_DECK = deck_for([EX3_KNOCKER, EX3_DEFENDER], "Qh", "2h", dealer=1)
EX3_SCRIPT = ["0 pass", "1 pass", "0 draw", "0 knock 2h Ac2c3c 4h4s4d 9sTsJsQs"]


@pytest.mark.parametrize("preset", PRESETS)
def test_example_3_gin_is_never_undercut(preset: str) -> None:
    """§12.3: L = 10; gin against Dd = 0 scores 25 for the knocker, nothing for the defender
    (the same under every preset: none doubles hearts, all have gin_bonus 25)."""
    hand = HandState.deal(Rules.preset(preset), EX3_DECK, 1)
    assert (hand.limit, hand.multiplier) == (10, 1)
    play(hand, EX3_SCRIPT)
    r = hand.result
    assert r is not None
    assert (r.result, r.knocker, r.winner) == ("gin", 0, 0)
    assert r.deadwood == (0, 0)
    assert r.points == (25, 0)


# ---- example 4: upcard Ad -----------------------------------------------------------------
EX4_GIN = "2c3c4c5h6h7h9s9d9hAc"  # Ac2c3c4c 5h6h7h 9s9d9h: gin
EX4_ONE = "2c3c4c5h6h7h9s9d9hAh"  # 1 deadwood (Ah)
EX4_DEFENDER = "5s6s7sKcKdKh8c3dTsJc"  # 31, nothing to lay off on the knocker's melds
EX4_GIN_DECK = deck_for([EX4_GIN, EX4_DEFENDER], "Ad", "Qc", dealer=1)
EX4_GIN_SCRIPT = ["0 pass", "1 pass", "0 draw", "0 knock Qc Ac2c3c4c 5h6h7h 9s9d9h"]
# the second hand of the record: dealt by seat 0 (the first hand's winner), seat 1 knocks
EX4_ONE_DECK = deck_for([EX4_DEFENDER, EX4_ONE], "Ad", "Qc", dealer=0)
EX4_ONE_SCRIPT = ["1 pass", "0 pass", "1 draw", "1 knock Qc 2c3c4c 5h6h7h 9s9d9h", "0 done"]
ACE_ONE_PRESETS = {"standard": False, "classic": True, "party": False, "openspiel": False}


@pytest.mark.parametrize("preset", PRESETS)
def test_example_4_ace_upcard_knock_with_one(preset: str) -> None:
    """§12.4: an Ad upcard; a knock with 1 deadwood is refused under ace_upcard gin_only
    (standard, party, openspiel: L = 0) and legal under one (classic: L = 1), where it
    scores 31 − 1 = 30."""
    legal = ACE_ONE_PRESETS[preset]
    hand = HandState.deal(Rules.preset(preset), EX4_ONE_DECK, 0)
    assert hand.limit == (1 if legal else 0) and hand.multiplier == 1
    play(hand, EX4_ONE_SCRIPT[:3])
    knock = parse_action(EX4_ONE_SCRIPT[3].partition(" ")[2])
    assert isinstance(knock, Knock)
    assert knock_listed(hand, knock) is legal
    if not legal:
        assert not any(isinstance(a, Knock) for a in hand.legal_actions())
        with pytest.raises(IllegalActionError, match="gin_only"):
            hand.apply(knock, 1)
        assert hand.phase_name == "play" and hand.knocker == -1
        return
    play(hand, EX4_ONE_SCRIPT[3:])
    r = hand.result
    assert r is not None
    assert (r.result, r.knocker, r.deadwood, r.points) == ("knock", 1, (31, 1), (0, 30))


@pytest.mark.parametrize("preset", PRESETS)
def test_example_4_ace_upcard_gin_stays_legal(preset: str) -> None:
    """§12.4: with either ace_upcard reading, gin is legal: 25 + 31 = 56 in every preset."""
    hand = HandState.deal(Rules.preset(preset), EX4_GIN_DECK, 1)
    play(hand, EX4_GIN_SCRIPT)
    r = hand.result
    assert r is not None
    assert (r.result, r.knocker, r.deadwood, r.points) == ("gin", 0, (0, 31), (56, 0))


# ---- example 5: no_return_discard --------------------------------------------------------
EX5_HANDS = ["3c4c5c8h8s8dJsQsKs2d", "9h9c9s2h3h4h6c8cAd5s"]
EX5_DECK = deck_for(EX5_HANDS, "Kd", "4d", dealer=1)
EX5_SCRIPT = ["0 take", "0 discard Kd", "1 take", "1 discard Kd"]
NO_RETURN = {"standard": True, "classic": True, "party": True, "openspiel": False}


@pytest.mark.parametrize("preset", PRESETS)
def test_example_5_upcard_taken_at_the_opening_may_not_be_returned(preset: str) -> None:
    """§12.5 / §4: the upcard taken at the opening may be neither discarded nor be the knock
    discard in that turn; openspiel (no_return_discard false) allows both."""
    refused = NO_RETURN[preset]
    hand = HandState.deal(Rules.preset(preset), EX5_DECK, 1)
    play(hand, ["0 take"])
    kd = parse_cards("Kd")[0]
    knock_kd = Knock(kd, (Meld("3c4c5c"), Meld("8h8s8d"), Meld("JsQsKs")))
    assert (Discard(kd) in hand.legal_actions()) is not refused
    assert knock_listed(hand, knock_kd) is not refused
    if refused:
        for action in (Discard(kd), knock_kd):
            with pytest.raises(IllegalActionError, match="no_return_discard"):
                hand.apply(action, 0)
        # the other cards may go: a knock putting 2d aside leaves Kd as 10 deadwood (L = 10)
        hand.apply(Knock(parse_cards("2d")[0], knock_kd.melds), 0)
        assert hand.knock_deadwood == 10
    else:
        hand.apply(knock_kd, 0)
        assert hand.knock_deadwood == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_example_5_top_discard_taken_as_a_draw_may_not_be_returned(preset: str) -> None:
    """§12.5 / §4: the same for the top discard taken as a turn's draw."""
    refused = NO_RETURN[preset]
    hand = HandState.deal(Rules.preset(preset), EX5_DECK, 1)
    play(hand, ["0 take", "0 discard 2d", "1 take"])
    two = parse_cards("2d")[0]
    assert (Discard(two) in hand.legal_actions()) is not refused
    if refused:
        with pytest.raises(IllegalActionError, match="no_return_discard"):
            hand.apply(Discard(two), 1)
        assert hand.hands[1] >> two & 1 and hand.pile == []
    else:
        hand.apply(Discard(two), 1)
        assert hand.pile[-1] == two


# ---- example 6: both pass, the first draw is from the stock ---------------------------------
EX6_SCRIPT = ["0 pass", "1 pass", "0 draw", "0 discard 4d", "1 take", "1 discard Kd"]


@pytest.mark.parametrize("preset", PRESETS)
def test_example_6_after_two_passes_the_stock_is_the_only_draw(preset: str) -> None:
    """§12.6 / §3: after both pass, the seat after the dealer must draw from the stock; the
    next turn is a normal one, where the top discard may be taken again."""
    hand = HandState.deal(Rules.preset(preset), EX1_DECK, 1)
    play(hand, EX6_SCRIPT[:2])
    assert hand.current_player == 0
    assert hand.legal_actions() == [DRAW]
    with pytest.raises(IllegalActionError, match="§3"):
        hand.apply(parse_action("take"), 0)
    play(hand, EX6_SCRIPT[2:5])
    assert hand.hands[1] >> parse_cards("4d")[0] & 1


@pytest.mark.parametrize("players", [3, 4])
def test_example_6_with_more_players_all_must_pass(players: int) -> None:
    """§3: with 3 or 4 players each seat is offered the upcard, dealer last; after all pass,
    the seat after the dealer draws from the stock only."""
    game = Game({"preset": "party", "players": players}, seed=5, dealer=1)
    order = [(1 + 1 + i) % players for i in range(players)]
    for seat in order:
        assert game.current_player == seat
        game.apply(parse_action("pass"), seat)
    assert game.current_player == 2
    assert game.legal_actions() == [DRAW]


# ---- example 7: standard exhaustion --------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
def test_example_7_the_29th_stock_draw_leaves_a_dead_hand(preset: str) -> None:
    """§12.7 / §8: 31 stock cards; the turn that draws the 29th and discards leaves 2, and the
    hand is dead at once (openspiel's fiftieth_card instead offers that discard to the next
    seat, and a pass makes it dead); nobody scores, and the same dealer deals again."""
    game = Game(Rules.preset(preset, format="target"), dealer=1, deck=EX1_DECK)
    play(game, ["0 pass", "1 pass"])
    assert game.hand.stock_size == 31
    play_draw_discard(game, 28)
    assert game.hand.stock_size == 3 and not game.hand.is_over
    hand = game.hand
    play_draw_discard(game, 1)
    assert hand.stock_size == 2
    if preset == "openspiel":
        assert not hand.is_over and hand.phase_name == "fiftieth" and hand.current_player == 1
        game.apply(parse_action("pass"), 1)
    assert hand.is_over
    r = hand.result
    assert r is not None
    assert (r.result, r.knocker, r.winner, r.deadwood, r.points) == (
        "dead",
        None,
        None,
        None,
        (0, 0),
    )
    assert game.score.totals == [0, 0]
    assert len(game.hands) == 2 and game.hand.dealer == 1


# ---- example 8: Hollywood, the lowest open game -------------------------------------------
EX8_RULES = {"preset": "standard", "format": "hollywood", "target": 50}
# hand 1, dealer 1: seat 0 gin (56); hand 2, dealer 0: seat 1 knocks example 1's hand (11)
EX8_H2_DECK = deck_for([EX1_DEFENDER, EX1_KNOCKER], "7d", "4d", dealer=0)
EX8_H2_SCRIPT = [
    "1 pass",
    "0 pass",
    "1 draw",
    "1 knock Ah 3c4c5c 8h8s8d JsQsKs",
    "0 layoff 6c 0",
    "0 layoff 8c 1",
    "0 done",
]
# hand 3, dealer 1: seat 0 gin again; hand 4, dealer 0: seat 1 draws Qh and throws it, seat 0 gin
EX8_H4_DECK = deck_for([EX4_GIN, EX4_DEFENDER], "Ad", "Qh Qc", dealer=0)
EX8_H4_SCRIPT = [
    "1 pass",
    "0 pass",
    "1 draw",
    "1 discard Qh",
    "0 draw",
    "0 knock Qc Ac2c3c4c 5h6h7h 9s9d9h",
]
EX8_HANDS = [
    (1, EX4_GIN_DECK, EX4_GIN_SCRIPT),
    (0, EX8_H2_DECK, EX8_H2_SCRIPT),
    (1, EX4_GIN_DECK, EX4_GIN_SCRIPT),
    (0, EX8_H4_DECK, EX8_H4_SCRIPT),
]
# hand points per preset: (gin, seat 1's knock); finals of the whole session
EX8_POINTS = {
    "standard": (56, 11, [905, 36]),  # box 25, game 100, shutout double
    "classic": (56, 11, [168, 11]),  # no bonuses
    "party": (56, 21, [168, 21]),  # knock_bonus 10, no bonuses
    "openspiel": (56, 11, [905, 36]),  # openspiel keeps the default bonuses
}


def play_hands(game: Game, hands: list[tuple[int, list[Any], list[str]]]) -> None:
    for dealer, deck, script in hands:
        assert game.next_dealer == dealer
        game.deal(deck, dealer)
        play(game, script)


@pytest.mark.parametrize("preset", PRESETS)
def test_example_8_hollywood_first_win_goes_to_the_lowest_open_game(preset: str) -> None:
    """§12.8 / §9: seat 0's first win (56) closes game 1 (target 50); seat 1's first win
    would enter game 1 only, which is closed, so it goes into game 2 only."""
    gin, knock, _ = EX8_POINTS[preset]
    game = Game(Rules.preset(preset, format="hollywood", target=50), auto_deal=False, dealer=1)
    play_hands(game, EX8_HANDS[:1])
    games = game.score.games
    assert [g.totals for g in games] == [[gin, 0], [0, 0], [0, 0]]
    assert [g.closed for g in games] == [True, False, False]
    play_hands(game, EX8_HANDS[1:2])
    assert [g.totals for g in games] == [[gin, 0], [0, knock], [0, 0]]
    assert [g.closed for g in games] == [True, False, False]
    assert not game.is_over


@pytest.mark.parametrize("preset", PRESETS)
def test_example_8_hollywood_session_to_the_end(preset: str) -> None:
    """§9: seat 0's 2nd win enters games 1-2, open only: game 2, which closes; its 3rd enters
    games 1-3: game 3. The finals are the sums of each game's finals (box, game, shutout)."""
    gin, knock, finals = EX8_POINTS[preset]
    game = Game(Rules.preset(preset, format="hollywood", target=50), auto_deal=False, dealer=1)
    play_hands(game, EX8_HANDS)
    games = game.score.games
    assert [g.totals for g in games] == [[gin, 0], [gin, knock], [gin, 0]]
    assert all(g.closed for g in games)
    assert game.is_over and game.score.winner == 0
    assert game.score.final == finals
    assert game.score.totals == [3 * gin, knock]


# ---- example 9: three (and four) players, multiway_scoring ---------------------------------
# Upcard 6h → L = 6. Seat 0 knocks with 2c3c4c 9d9s9c and 3d (Dk 3), Td aside; seat 1 lays
# off 5c on 2c3c4c and keeps JhJdJc + 7h 6s 2h (15); seat 2 holds QcQdQhQs KdKhKc (0), or in
# the second case QcQdQhQs + 6d 2s Ah (9), nothing to lay off. With four players seat 3
# holds 8c8d8h + 7s 5s 4s 4h (20), nothing to lay off either.
EX9_KNOCKER = "2c3c4c9d9s9c3d"
EX9_SEAT1 = "5cJhJdJc7h6s2h"
EX9_ZERO = "QcQdQhQsKdKhKc"
EX9_NINE = "QcQdQhQs6d2sAh"
EX9_SEAT3 = "8c8d8h7s5s4s4h"
EX9_KNOCK = "0 knock Td 2c3c4c 9d9s9c"


def ex9_deal(seat2: str, players: int = 3) -> tuple[list[Any], int, list[str]]:
    """(deck, dealer, script) of example 9: the last seat deals, seat 0 plays first."""
    hands = [EX9_KNOCKER, EX9_SEAT1, seat2, EX9_SEAT3][:players]
    dealer = players - 1
    script = [f"{s} pass" for s in range(players)] + ["0 draw", EX9_KNOCK, "1 layoff 5c 0"]
    script += [f"{s} done" for s in range(1, players)]
    return deck_for(hands, "6h", "Td", dealer), dealer, script


def ex9_rules(way: str | None, players: int) -> dict[str, Any]:
    rules: dict[str, Any] = {"preset": "party", "players": players}
    if way is not None:
        rules["multiway_scoring"] = way
    return rules


@pytest.mark.parametrize(
    ("players", "way", "seat2", "deadwood", "points", "winner", "kind"),
    [
        # RULES.md §12.9 as written: party (lowest), 3 players
        (3, None, EX9_ZERO, (3, 15, 0), (0, 0, 38), 2, "undercut"),  # (3−0) + (15−0) + 20
        (3, None, EX9_NINE, (3, 15, 9), (28, 0, 0), 0, "knock"),  # (15−3) + (9−3) + 10
        (3, "lowest", EX9_ZERO, (3, 15, 0), (0, 0, 38), 2, "undercut"),
        # under pairwise: 15 − 3 + 10 = 22 to seat 0, 3 − 0 + 20 = 23 to seat 2, who wins
        (3, "pairwise", EX9_ZERO, (3, 15, 0), (22, 0, 23), 2, "undercut"),
        (3, "pairwise", EX9_NINE, (3, 15, 9), (38, 0, 0), 0, "knock"),  # 22 + (9 − 3 + 10)
        # four players: seat 3 holds 20
        # lowest: seat 2 wins (3−0) + (15−0) + (20−0) + 20 = 58
        (4, None, EX9_ZERO, (3, 15, 0, 20), (0, 0, 58, 0), 2, "undercut"),
        # lowest: seat 0 wins (15−3) + (9−3) + (20−3) + 10 = 45
        (4, None, EX9_NINE, (3, 15, 9, 20), (45, 0, 0, 0), 0, "knock"),
        # pairwise: seat 0 scores 22 + (20 − 3 + 10) = 49 and wins though seat 2 undercut (23)
        (4, "pairwise", EX9_ZERO, (3, 15, 0, 20), (49, 0, 23, 0), 0, "knock"),
        (4, "pairwise", EX9_NINE, (3, 15, 9, 20), (65, 0, 0, 0), 0, "knock"),  # 22 + 16 + 27
    ],
)
def test_example_9_multiway_scoring(
    players: int,
    way: str | None,
    seat2: str,
    deadwood: tuple[int, ...],
    points: tuple[int, ...],
    winner: int,
    kind: str,
) -> None:
    """§12.9: L = 6, m = 1; Dk 3; seat 1's 20 becomes 15 after laying off 5c."""
    rules = Rules.from_dict(ex9_rules(way, players))
    deck, dealer, script = ex9_deal(seat2, players)
    hand = HandState.deal(rules, deck, dealer)
    assert (hand.upcard.text, hand.limit, hand.multiplier) == ("6h", 6, 1)
    assert dw(EX9_SEAT1) == 20 and dw(seat2) == deadwood[2]
    play(hand, script)
    r = hand.result
    assert r is not None
    assert hand.knock_deadwood == 3
    assert [m.text for m in hand.knock_spread] == ["2c3c4c5c", "9c9d9s"]
    assert (r.knocker, r.knock_limit, r.multiplier) == (0, 6, 1)
    assert r.deadwood == deadwood
    assert (r.points, r.winner, r.result) == (points, winner, kind)


def test_example_9_the_same_deal_scored_both_ways_differs() -> None:
    """The option is not ignored: one deal, two readings, two scores (and with four players
    two different winners)."""
    for players in (3, 4):
        results = []
        for way in ("pairwise", "lowest"):
            deck, dealer, script = ex9_deal(EX9_ZERO, players)
            hand = HandState.deal(Rules.from_dict(ex9_rules(way, players)), deck, dealer)
            play(hand, script)
            results.append(hand.result)
        pairwise, lowest = results
        assert pairwise is not None and lowest is not None
        assert pairwise.deadwood == lowest.deadwood
        assert pairwise.points != lowest.points
        assert (pairwise.winner != lowest.winner) is (players == 4)


#: Example 9 as a game record (party, 3 players): hand 1 is the first case; party's dealers
#: alternate, so hand 2 (the second case) is dealt by seat 0: seats 1 and 2 draw Ks and Kc
#: and throw them, then seat 0 draws Td and knocks as before.
EX9_HAND2_DECK = deck_for([EX9_KNOCKER, EX9_SEAT1, EX9_NINE], "6h", "Ks Kc Td", dealer=0)
EX9_HAND2_SCRIPT = [
    "1 pass",
    "2 pass",
    "0 pass",
    "1 draw",
    "1 discard Ks",
    "2 draw",
    "2 discard Kc",
    "0 draw",
    EX9_KNOCK,
    "1 layoff 5c 0",
    "1 done",
    "2 done",
]
EX9_HAND1_DECK, _, EX9_HAND1_SCRIPT = ex9_deal(EX9_ZERO)
EX9_HANDS = [(2, EX9_HAND1_DECK, EX9_HAND1_SCRIPT), (0, EX9_HAND2_DECK, EX9_HAND2_SCRIPT)]
EX9_NAMES = ["Ann", "Bob", "Cat"]


# ---- the worked examples as records --------------------------------------------------------
def summary_hand(
    result: str,
    knocker: int | None,
    limit: int,
    mult: int,
    deadwood: list[int] | None,
    points: list[int],
) -> dict[str, Any]:
    return {
        "result": result,
        "knocker": knocker,
        "knock_limit": limit,
        "multiplier": mult,
        "deadwood": deadwood,
        "points": points,
    }


def incomplete(limit: int) -> dict[str, Any]:
    return summary_hand("incomplete", None, limit, 1, None, [0, 0])


EX7_DEAD_SCRIPT = ["0 pass", "1 pass"] + [
    f"{t % 2} {verb} {card}" if verb == "discard" else f"{t % 2} draw"
    for t, card in enumerate(EX1_DECK[21:50])
    for verb in ("draw", "discard")
]

#: N: (the record's rules, its hands as (dealer, deck, script), the expected --json summary)
RECORDS: dict[int, tuple[dict[str, Any], list[Any], dict[str, Any]]] = {
    1: (
        {"preset": "standard"},
        [(1, EX1_DECK, EX1_SCRIPT)],
        {
            "hands": [summary_hand("knock", 0, 7, 1, [4, 15], [11, 0])],
            "totals": [11, 0],
            "complete": False,
            "winner": None,
            "final": None,
            "target": 100,
        },
    ),
    2: (
        {"preset": "standard"},
        [(1, EX2_DECK, EX2_SCRIPT)],
        {
            # 100 reaches the target: 100 + box 25 + game 100, doubled by the shutout
            "hands": [summary_hand("gin", 0, 5, 2, [0, 25], [100, 0])],
            "totals": [100, 0],
            "complete": True,
            "winner": 0,
            "final": [450, 0],
            "target": 100,
        },
    ),
    3: (
        {"preset": "standard"},
        [(1, EX3_DECK, EX3_SCRIPT)],
        {
            "hands": [summary_hand("gin", 0, 10, 1, [0, 0], [25, 0])],
            "totals": [25, 0],
            "complete": False,
            "winner": None,
            "final": None,
            "target": 100,
        },
    ),
    4: (
        {"preset": "classic"},
        [(1, EX4_GIN_DECK, EX4_GIN_SCRIPT), (0, EX4_ONE_DECK, EX4_ONE_SCRIPT)],
        {
            "hands": [
                summary_hand("gin", 0, 1, 1, [0, 31], [56, 0]),
                summary_hand("knock", 1, 1, 1, [31, 1], [0, 30]),
            ],
            "totals": [56, 30],
            "complete": False,
            "winner": None,
            "final": None,
            "target": 100,
        },
    ),
    5: (
        {"preset": "openspiel"},
        [(1, EX5_DECK, EX5_SCRIPT)],
        {
            "hands": [incomplete(10)],
            "totals": [0, 0],
            "complete": False,
            "winner": None,
            "final": None,
            "target": 100,
        },
    ),
    6: (
        {"preset": "standard"},
        [(1, EX1_DECK, EX6_SCRIPT)],
        {
            "hands": [incomplete(7)],
            "totals": [0, 0],
            "complete": False,
            "winner": None,
            "final": None,
            "target": 100,
        },
    ),
    7: (
        {"preset": "standard"},
        [(1, EX1_DECK, EX7_DEAD_SCRIPT), (1, EX1_DECK, EX1_SCRIPT)],
        {
            "hands": [
                summary_hand("dead", None, 7, 1, None, [0, 0]),
                summary_hand("knock", 0, 7, 1, [4, 15], [11, 0]),
            ],
            "totals": [11, 0],
            "complete": False,
            "winner": None,
            "final": None,
            "target": 100,
        },
    ),
    8: (
        EX8_RULES,
        EX8_HANDS,
        {
            "hands": [
                summary_hand("gin", 0, 0, 1, [0, 31], [56, 0]),
                summary_hand("knock", 1, 7, 1, [15, 4], [0, 11]),
                summary_hand("gin", 0, 0, 1, [0, 31], [56, 0]),
                summary_hand("gin", 0, 0, 1, [0, 31], [56, 0]),
            ],
            "totals": [168, 11],
            "complete": True,
            "winner": 0,
            "final": [905, 36],
            "target": 50,
            "games": [
                {"totals": [56, 0], "closed": True, "final": [362, 0]},
                {"totals": [56, 11], "closed": True, "final": [181, 36]},
                {"totals": [56, 0], "closed": True, "final": [362, 0]},
            ],
        },
    ),
    9: (
        {"preset": "party", "players": 3},
        EX9_HANDS,
        {
            "hands": [
                summary_hand("undercut", 0, 6, 1, [3, 15, 0], [0, 0, 38]),
                summary_hand("knock", 0, 6, 1, [3, 15, 9], [28, 0, 0]),
            ],
            "totals": [28, 0, 38],
            "complete": False,
            "winner": None,
            "final": None,
            "target": 100,
        },
    ),
}


def example_path(n: int) -> Any:
    return EXAMPLES / f"worked_example_{n}.json"


@pytest.mark.parametrize("n", sorted(RECORDS))
def test_example_record_holds_the_example(n: int) -> None:
    """examples/worked_example_N.json is exactly the deal and the actions played here."""
    rules, hands, _ = RECORDS[n]
    doc = json.loads(example_path(n).read_text(encoding="utf-8"))
    expected = record(rules, hands)
    assert doc["okgin"] == 1
    assert doc["rules"] == expected["rules"]
    assert [h["dealer"] for h in doc["hands"]] == [h["dealer"] for h in expected["hands"]]
    assert [h["deck"] for h in doc["hands"]] == [h["deck"] for h in expected["hands"]]
    assert [list(map(from_json, h["actions"])) for h in doc["hands"]] == [
        list(map(from_json, h["actions"])) for h in expected["hands"]
    ]


@pytest.mark.parametrize("n", sorted(RECORDS))
def test_okgin_replay_reproduces_the_example(n: int) -> None:
    """``okgin replay examples/worked_example_N.json --json`` gives the example's results."""
    assert replay_json(example_path(n)) == RECORDS[n][2]


def test_example_1_record_matches_record_md() -> None:
    """RECORD.md writes example 1 out; the example file is that record, names included."""
    doc = json.loads(example_path(1).read_text(encoding="utf-8"))
    assert doc["players"] == ["Ann", "Bob"]


def replay_with(tmp_path: Any, n: int, rules: dict[str, Any], hands: Any = None) -> Any:
    doc = json.loads(example_path(n).read_text(encoding="utf-8"))
    doc["rules"] = rules
    if hands is not None:
        doc["hands"] = hands(doc["hands"])
    path = tmp_path / f"ex{n}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return run_cli("replay", str(path), "--json")


@pytest.mark.parametrize(
    ("preset", "mult", "points"),
    [("classic", 1, 50), ("party", 1, 50), ("openspiel", 1, 50)],
)
def test_example_2_record_under_the_other_presets(
    tmp_path: Any, preset: str, mult: int, points: int
) -> None:
    status, out, err = replay_with(tmp_path, 2, {"preset": preset})
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["hands"] == [summary_hand("gin", 0, 5, mult, [0, 25], [points, 0])]
    # openspiel is a single hand: complete, the hand's points are the finals
    assert data["complete"] is (preset == "openspiel")
    if preset == "openspiel":
        assert (data["winner"], data["final"]) == (0, [50, 0])


@pytest.mark.parametrize("preset", ["standard", "party", "openspiel"])
def test_example_4_record_is_refused_under_gin_only(tmp_path: Any, preset: str) -> None:
    """Hand 1 (gin) replays under gin_only; hand 2's knock with 1 deadwood is refused there."""
    status, out, err = replay_with(tmp_path, 4, {"preset": preset, "format": "target"})
    assert (status, out) == (2, "")
    action = json.dumps(
        {
            "seat": 1,
            "do": "knock",
            "card": "Qc",
            "melds": [["2c", "3c", "4c"], ["5h", "6h", "7h"], ["9d", "9h", "9s"]],
        }
    )
    assert err.startswith(f"hand 2, action 4: {action}: ")
    assert "ace_upcard gin_only" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("hands", "place"),
    [
        (lambda hs: hs, "hand 1, action 2: "),  # the upcard taken at the opening
        (  # the top discard taken as a draw
            lambda hs: [
                {
                    **hs[0],
                    "actions": [*_actions(["0 take", "0 discard 2d", "1 take", "1 discard 2d"])],
                }
            ],
            "hand 1, action 4: ",
        ),
    ],
)
def test_example_5_record_is_refused_with_no_return_discard(
    tmp_path: Any, hands: Any, place: str
) -> None:
    status, out, err = replay_with(tmp_path, 5, {"preset": "standard"}, hands)
    assert (status, out) == (2, "")
    assert err.startswith(place) and "no_return_discard" in err and err.count("\n") == 1


def _actions(script: list[str]) -> list[dict[str, Any]]:
    return record({}, [(0, EX1_DECK, script)])["hands"][0]["actions"]


def test_example_6_record_with_a_take_after_both_passed_is_refused(tmp_path: Any) -> None:
    def take_instead(hs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**hs[0], "actions": _actions(["0 pass", "1 pass", "0 take"])}]

    status, out, err = replay_with(tmp_path, 6, {"preset": "standard"}, take_instead)
    assert (status, out) == (2, "")
    assert err.startswith('hand 1, action 3: {"seat": 0, "do": "take"}: ')
    assert "§3" in err and err.count("\n") == 1


@pytest.mark.parametrize("preset", ["party", "classic"])
def test_example_7_record_same_dealer_under_every_rotation(tmp_path: Any, preset: str) -> None:
    """After a dead hand the same dealer deals, whether the rotation is winner or alternate."""
    status, out, err = replay_with(tmp_path, 7, {"preset": preset})
    assert (status, err) == (0, "")
    hands = json.loads(out)["hands"]
    assert hands[0]["result"] == "dead"
    assert hands[1]["points"] == [21 if preset == "party" else 11, 0]


def test_example_7_record_with_another_dealer_after_the_dead_hand_is_refused(
    tmp_path: Any,
) -> None:
    def other_dealer(hs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [hs[0], {**hs[1], "dealer": 0}]

    status, out, err = replay_with(tmp_path, 7, {"preset": "party"}, other_dealer)
    assert (status, out) == (2, "")
    assert err.startswith("hand 2: dealer must be seat 1") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("preset", "final", "games_final"),
    [
        ("classic", [168, 11], [[56, 0], [56, 11], [56, 0]]),
        ("party", [168, 21], [[56, 0], [56, 21], [56, 0]]),
    ],
)
def test_example_8_record_under_presets_without_bonuses(
    tmp_path: Any, preset: str, final: list[int], games_final: list[list[int]]
) -> None:
    rules = {"preset": preset, "format": "hollywood", "target": 50}
    status, out, err = replay_with(tmp_path, 8, rules)
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["final"] == final and data["winner"] == 0
    assert [g["final"] for g in data["games"]] == games_final


def test_example_8_record_cut_after_hand_2(tmp_path: Any) -> None:
    """After two hands: game 1 closed with seat 0's 56, seat 1's 11 in game 2 only."""
    status, out, err = replay_with(tmp_path, 8, EX8_RULES, lambda hs: hs[:2])
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["games"] == [
        {"totals": [56, 0], "closed": True, "final": [362, 0]},
        {"totals": [0, 11], "closed": False, "final": None},
        {"totals": [0, 0], "closed": False, "final": None},
    ]
    assert (data["complete"], data["winner"], data["final"]) == (False, None, None)


def test_deal_helper_reproduces_record_md() -> None:
    """The deck builder gives RECORD.md's deck for example 1 (so it deals as §1 says)."""
    doc = json.loads(example_path(1).read_text(encoding="utf-8"))
    assert [c.text for c in EX1_DECK] == doc["hands"][0]["deck"]
    hand = deal("standard", [EX1_KNOCKER, EX1_DEFENDER], "7d", "4d", dealer=1)
    assert hand.hands[0] == mask_of(parse_cards(EX1_KNOCKER))
    assert hand.hands[1] == mask_of(parse_cards(EX1_DEFENDER))


@pytest.mark.parametrize(
    ("rules", "points", "totals", "result"),
    [
        # party as written (lowest), and lowest named outright
        ({"preset": "party", "players": 3}, [[0, 0, 38], [28, 0, 0]], [28, 0, 38], "undercut"),
        (
            {"preset": "party", "players": 3, "multiway_scoring": "lowest"},
            [[0, 0, 38], [28, 0, 0]],
            [28, 0, 38],
            "undercut",
        ),
        # pairwise: 22 and 23 in hand 1 (seat 2 wins), 22 + 16 = 38 in hand 2
        (
            {"preset": "party", "players": 3, "multiway_scoring": "pairwise"},
            [[22, 0, 23], [38, 0, 0]],
            [60, 0, 23],
            "undercut",
        ),
    ],
)
def test_example_9_record_replays_under_both_readings(
    tmp_path: Any, rules: dict[str, Any], points: list[list[int]], totals: list[int], result: str
) -> None:
    """``okgin replay --json`` on examples/worked_example_9.json scores RULES.md §12.9 under
    party and under pairwise; the human summary says the same."""
    status, out, err = replay_with(tmp_path, 9, rules)
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert [h["points"] for h in data["hands"]] == points
    assert [h["result"] for h in data["hands"]] == [result, "knock"]
    assert [h["deadwood"] for h in data["hands"]] == [[3, 15, 0], [3, 15, 9]]
    assert data["totals"] == totals and data["complete"] is False
    status, text, err = run_cli("replay", str(tmp_path / "ex9.json"))
    assert (status, err) == (0, "")
    first = [p for p in points[0] if p]
    assert f"points {', '.join(f'{n} {p}' for n, p in zip(EX9_NAMES, points[0]) if p)}" in text
    assert len(first) == (1 if rules.get("multiway_scoring", "lowest") == "lowest" else 2)
