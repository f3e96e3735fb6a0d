"""RULES.md §10-§11: every option changes play or scoring as it says; the rule set is validated.

Each option has at least one test that plays an exact deal twice, with the option on and off
(or at two values), and would fail if the engine ignored it. The tests are named after the rule
clause they check. The deals are built with :func:`deals.deck_for` (RULES.md §1 dealing).

Points below are worked out by hand from RULES.md §7 and §9; the comments show the sums.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from deals import deal, deck_for, exhaust_deck, play, play_draw_discard

from okgin import (
    CARDS,
    DRAW,
    PASS,
    TAKE,
    Card,
    Game,
    HandResult,
    HandState,
    IllegalActionError,
    Knock,
    Layoff,
    Meld,
    Rules,
    RulesError,
    best_layoffs,
    deadwood,
    mask_of,
    parse_action,
    parse_cards,
)
from okgin.actions import ID_BIG_GIN
from okgin.rules import OPTIONS, PRESETS

# ---- a two-player knock, the workhorse of the scoring tests --------------------------------
# The knocker holds 3c4c5c 8h8s8d JsQsKs plus one card (its deadwood), draws Kh and knocks
# with Kh aside. None of the defenders below can lay off (2c 6c 8c Ts are nowhere).
MELDS = "3c4c5c8h8s8dJsQsKs"
SPREAD = "3c4c5c 8h8s8d JsQsKs"
D_TIE = "9h9c9s2h3h4h5d6d7d4s"  # deadwood 4
D_UNDER = "9h9c9s2h3h4h5d6d7dAs"  # deadwood 1
D_BEAT = "9h9c9s2h3h4h5d6d7dTd"  # deadwood 10


def knock2(
    defender: str,
    extra: str = "4d",
    upcard: str = "Tc",
    dealer: int = 1,
    knocker: int = 0,
) -> tuple[list[Card], int, list[str]]:
    """(deck, dealer, script) of a hand where ``knocker`` knocks with MELDS + ``extra``.

    When the knocker is not first to play, the other seat draws Qh and throws it first."""
    hands = ["", ""]
    hands[knocker] = MELDS + extra
    hands[1 - knocker] = defender
    first, other = (dealer + 1) % 2, dealer
    k, d = knocker, 1 - knocker
    spread = "3c4c5c6c 8h8s8d JsQsKs" if extra == "6c" else SPREAD
    tail = [f"{k} knock Kh {spread}"] + ([] if extra == "6c" else [f"{d} done"])
    if k == first:
        deck = deck_for(hands, upcard, "Kh", dealer)
        script = [f"{first} pass", f"{other} pass", f"{k} draw", *tail]
    else:
        deck = deck_for(hands, upcard, "Qh Kh", dealer)
        script = [f"{first} pass", f"{other} pass", f"{d} draw", f"{d} discard Qh", f"{k} draw"]
        script += tail
    return deck, dealer, script


def result_of(rules: Any, deck: list[Card], dealer: int, script: list[str]) -> HandResult:
    hand = HandState.deal(
        rules if isinstance(rules, Rules) else Rules.from_dict(rules), deck, dealer
    )
    play(hand, script)
    assert hand.result is not None
    return hand.result


def knock_result(rules: Any, defender: str, **kw: Any) -> HandResult:
    return result_of(rules, *knock2(defender, **kw))


def std(**overrides: Any) -> dict[str, Any]:
    return {"preset": "standard", **overrides}


# ==== players, hand_size (RULES.md §1) ========================================================
@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 0), (3, 2), (4, 1)])
def test_players_deal_goes_round_from_the_seat_after_the_dealer(players: int, dealer: int) -> None:
    """§1: deck[i] goes to seat (dealer + 1 + i) mod n for i < n × hand_size; then the upcard."""
    size = 10 if players == 2 else 7
    hand = HandState.deal(Rules.preset("standard", players=players), list(CARDS), dealer)
    expect = [0] * players
    for i in range(players * size):
        expect[(dealer + 1 + i) % players] |= 1 << i
    assert hand.hands == expect
    assert hand.upcard == CARDS[players * size]
    assert hand.stock_size == 52 - players * size - 1
    assert hand.current_player == (dealer + 1) % players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_opening_offer_goes_round_every_seat_dealer_last(players: int) -> None:
    """§3: each seat from the dealer's next is offered the upcard, dealer last."""
    hand = HandState.deal(Rules.preset("standard", players=players), list(CARDS), 1)
    seen = []
    while hand.phase_name == "offer":
        seen.append(hand.current_player)
        hand.apply(PASS)
    assert seen == [(1 + 1 + i) % players for i in range(players)]
    assert hand.current_player == 2 % players and hand.legal_actions() == [DRAW]


@pytest.mark.parametrize(
    ("players", "script", "nxt"),
    [
        # seat 0 passes, the dealer takes: seat 0 plays next although it passed
        (2, ["0 pass", "1 take", "1 discard Kd"], 0),
        # dealer 0: seat 1 passes, seat 2 takes; seat 0 (the dealer) was never offered it
        (3, ["1 pass", "2 take", "2 discard Kd"], 0),
        (4, ["1 pass", "2 pass", "3 take", "3 discard Kd"], 0),
    ],
)
def test_players_after_the_upcard_is_taken_the_seat_after_the_taker_plays(
    players: int, script: list[str], nxt: int
) -> None:
    """§3: the taker discards; the next turn, a normal one, is the seat after the taker."""
    dealer = 1 if players == 2 else 0
    size = 10 if players == 2 else 7
    rest = [c.text for c in CARDS if c.text not in ("Kd", "Qh")]
    hands = ["".join(rest[s * size : (s + 1) * size]) for s in range(players)]
    taker = int(script[-1][0])
    hands[taker] = "Kd" + hands[taker][2:]  # the taker throws Kd after taking Qh
    hand = deal(Rules.preset("standard", players=players), hands, "Qh", dealer=dealer)
    play(hand, script)
    assert hand.current_player == nxt and hand.phase_name == "draw"
    assert hand.legal_actions() == [DRAW, TAKE] and hand.pile[-1] == Card("Kd")


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7)])
def test_hand_size_null_is_10_for_two_players_7_for_more(players: int, size: int) -> None:
    rules = Rules.preset("standard", players=players)
    assert rules.hand_size is None and rules.cards_per_hand == size
    hand = HandState.deal(rules, list(CARDS), 0)
    assert [h.bit_count() for h in hand.hands] == [size] * players


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 10), (4, 12), (2, 24)])
def test_hand_size_deals_that_many_cards(players: int, size: int) -> None:
    rules = Rules.preset("standard", players=players, hand_size=size)
    hand = HandState.deal(rules, list(CARDS), 0)
    assert [h.bit_count() for h in hand.hands] == [size] * players
    assert hand.upcard == CARDS[players * size]
    assert hand.stock_size == 52 - players * size - 1


def test_hand_size_a_knock_declares_hand_size_cards() -> None:
    """§5 with hand_size 5: 3c4c5c6c + 7c drawn is gin with Kd aside: 25 + (1+1+2+9+10)."""
    hand = deal(std(hand_size=5), ["3c4c5c6cKd", "AhAs2d9hTs"], "Qd", "7c")
    play(hand, ["0 pass", "1 pass", "0 draw", "0 knock Kd 3c4c5c6c7c"])
    assert hand.result is not None
    assert (hand.result.result, hand.result.points) == ("gin", (48, 0))


# ==== knock_limit, ace_upcard (RULES.md §2) ===================================================
@pytest.mark.parametrize(
    ("overrides", "upcard", "limit", "legal"),
    [
        ({}, "3d", 3, False),  # the upcard's value: 4 deadwood is over 3
        ({}, "4s", 4, True),
        ({"knock_limit": 5}, "3d", 5, True),  # an integer replaces the upcard's limit
        ({"knock_limit": 0}, "Kd", 0, False),  # straight gin, even under a king
        ({"knock_limit": 10}, "2d", 10, True),
        ({"knock_limit": 4}, "Ad", 4, True),  # ace_upcard is ignored then
        ({"knock_limit": 3}, "Kd", 3, False),
    ],
)
def test_knock_limit_fixes_L_instead_of_the_upcard(
    overrides: dict[str, Any], upcard: str, limit: int, legal: bool
) -> None:
    """§2: a knock with Dk 4 is legal exactly when 4 ≤ L."""
    deck, dealer, script = knock2(D_BEAT, upcard=upcard)
    hand = HandState.deal(Rules.from_dict(std(**overrides)), deck, dealer)
    assert hand.limit == limit
    play(hand, script[:3])
    knock = parse_action(script[3].partition(" ")[2])
    if legal:
        hand.apply(knock, 0)
        assert hand.knock_deadwood == 4
    else:
        assert not any(isinstance(a, Knock) for a in hand.legal_actions())
        with pytest.raises(IllegalActionError, match=r"knock limit|gin"):
            hand.apply(knock, 0)


@pytest.mark.parametrize(("upcard", "mult"), [("3s", 2), ("3d", 1)])
def test_knock_limit_doubling_suit_still_applies(upcard: str, mult: int) -> None:
    """§2: with an integer knock_limit the upcard still doubles: (10 − 4) × m."""
    r = knock_result(std(knock_limit=10), D_BEAT, upcard=upcard)
    assert (r.knock_limit, r.multiplier, r.points) == (10, mult, (6 * mult, 0))


@pytest.mark.parametrize(("ace", "limit"), [("gin_only", 0), ("one", 1)])
@pytest.mark.parametrize("ace_card", ["Ac", "Ad", "Ah", "As"])
def test_ace_upcard_sets_L(ace: str, limit: int, ace_card: str) -> None:
    rules = Rules.preset("standard", ace_upcard=ace)
    assert rules.limit_for(Card(ace_card)) == limit


@pytest.mark.parametrize(("ace", "legal"), [("gin_only", False), ("one", True)])
def test_ace_upcard_a_knock_with_one_deadwood(ace: str, legal: bool) -> None:
    """§2: an ace upcard; Ah as the only deadwood is a legal knock only under ``one``:
    (10 − 1) = 9 against D_BEAT."""
    deck, dealer, script = knock2(D_BEAT, extra="Ah", upcard="Ad")
    hand = HandState.deal(Rules.preset("standard", ace_upcard=ace), deck, dealer)
    play(hand, script[:3])
    if not legal:
        with pytest.raises(IllegalActionError, match="gin_only"):
            play(hand, script[3:4])
        return
    play(hand, script[3:])
    assert hand.result is not None and hand.result.points == (9, 0)


@pytest.mark.parametrize("ace", ["gin_only", "one"])
def test_ace_upcard_every_limit_for_every_upcard(ace: str) -> None:
    """§2: 2-9 their value, T J Q K 10, the ace 0 or 1."""
    rules = Rules.preset("standard", ace_upcard=ace)
    for card in CARDS:
        want = (0 if ace == "gin_only" else 1) if card.rank == 0 else min(card.rank + 1, 10)
        assert rules.limit_for(card) == want


# ==== no_return_discard (RULES.md §4) =========================================================
@pytest.mark.parametrize(
    ("rules", "refused"),
    [
        (std(), True),
        (std(no_return_discard=False), False),
        ({"preset": "openspiel"}, False),
        ({"preset": "openspiel", "no_return_discard": True}, True),
    ],
)
def test_no_return_discard_the_taken_card_stays_this_turn(
    rules: dict[str, Any], refused: bool
) -> None:
    deck, dealer, _ = knock2(D_BEAT, upcard="Tc")
    hand = HandState.deal(Rules.from_dict(rules), deck, dealer)
    play(hand, ["0 take"])
    tc = Card("Tc")
    discard = parse_action("discard Tc")
    knock = Knock(tc, tuple(Meld(m) for m in SPREAD.split()))
    listed = hand.legal_actions()
    assert (discard in listed) is not refused
    assert any(isinstance(a, Knock) and a.card == tc for a in listed) is not refused
    if refused:
        for action in (discard, knock):
            with pytest.raises(IllegalActionError, match="no_return_discard"):
                hand.apply(action, 0)
        assert hand.taken == tc and hand.phase_name == "play"
    else:
        hand.apply(knock, 0)
        assert hand.knock_deadwood == 4


# ==== scoring options (RULES.md §7) ===========================================================
@pytest.mark.parametrize(("bonus", "points"), [(None, 35), (40, 50), (0, 10)])
def test_gin_bonus_is_added_to_the_defenders_deadwood(bonus: int | None, points: int) -> None:
    """§7: gin scores gin_bonus + Dd (Dd = 10)."""
    rules = std() if bonus is None else std(gin_bonus=bonus)
    r = knock_result(rules, D_BEAT, extra="6c")
    assert (r.result, r.deadwood, r.points) == ("gin", (0, 10), (points, 0))


BIG_GIN = ["0 pass", "1 pass", "0 draw"]  # 3c4c5c6c 8h8s8d JsQsKs + Ts: eleven cards melded
BIG_GIN_MELDS = tuple(Meld(m) for m in ("3c4c5c6c", "8h8s8d", "TsJsQsKs"))


def big_gin_hand(rules: dict[str, Any], upcard: str = "Tc") -> HandState:
    hand = deal(rules, ["3c4c5c6c8h8s8dJsQsKs", D_BEAT], upcard, "Ts")
    play(hand, BIG_GIN)
    return hand


def test_big_gin_bonus_null_means_no_big_gin() -> None:
    hand = big_gin_hand(std())
    assert not any(isinstance(a, Knock) and a.card is None for a in hand.legal_actions())
    assert ID_BIG_GIN not in hand.legal_ids()
    with pytest.raises(IllegalActionError, match="big_gin_bonus"):
        hand.apply(Knock(None, BIG_GIN_MELDS), 0)
    assert hand.hands[0].bit_count() == 11 and hand.phase_name == "play"


@pytest.mark.parametrize(
    ("upcard", "limit", "points"), [("Tc", 10, 41), ("Ac", 0, 41), ("5s", 5, 82)]
)
def test_big_gin_bonus_scores_bonus_plus_deadwood(upcard: str, limit: int, points: int) -> None:
    """§5/§7: eleven cards melded, no discard: big_gin_bonus + Dd = 31 + 10, × m (5s: 2);
    legal even when L = 0 (an ace upcard under gin_only)."""
    hand = big_gin_hand(std(big_gin_bonus=31), upcard)
    assert hand.limit == limit
    assert ID_BIG_GIN in hand.legal_ids()
    assert any(
        isinstance(a, Knock) and a.card is None and set(a.melds) == set(BIG_GIN_MELDS)
        for a in hand.legal_actions()
    )
    hand.apply(Knock(None, BIG_GIN_MELDS), 0)
    r = hand.result
    assert r is not None
    assert (r.result, r.deadwood, r.points) == ("big_gin", (0, 10), (points, 0))
    assert Card("Ts") not in hand.pile  # nothing was put aside


def test_big_gin_bonus_needs_every_card_melded() -> None:
    hand = big_gin_hand(std(big_gin_bonus=31))
    with pytest.raises(IllegalActionError, match="big gin"):
        hand.apply(Knock(None, BIG_GIN_MELDS[:2]), 0)


@pytest.mark.parametrize(
    ("overrides", "points"), [({}, 28), ({"undercut_bonus": 7}, 10), ({"undercut_bonus": 0}, 3)]
)
def test_undercut_bonus_goes_to_the_defender(overrides: dict[str, Any], points: int) -> None:
    """§7: Dd 1 < Dk 4: the defender scores (4 − 1) + undercut_bonus."""
    r = knock_result(std(**overrides), D_UNDER)
    assert (r.result, r.winner, r.deadwood, r.points) == ("undercut", 1, (4, 1), (0, points))


@pytest.mark.parametrize(
    ("overrides", "kind", "winner", "points"),
    [
        ({}, "undercut", 1, (0, 25)),  # a tie is an undercut: (4 − 4) + 25
        ({"undercut_on_tie": False}, "knock", 0, (0, 0)),  # the knocker beats: (4 − 4) + 0
        ({"undercut_on_tie": False, "knock_bonus": 10}, "knock", 0, (10, 0)),
        ({"undercut_bonus": 0}, "undercut", 1, (0, 0)),  # docs/rules.md §13: still a win
    ],
)
def test_undercut_on_tie_decides_an_equal_deadwood(
    overrides: dict[str, Any], kind: str, winner: int, points: tuple[int, int]
) -> None:
    r = knock_result(std(**overrides), D_TIE)
    assert r.deadwood == (4, 4)
    assert (r.result, r.winner, r.points) == (kind, winner, points)


@pytest.mark.parametrize(("bonus", "points"), [(0, 6), (10, 16), (3, 9)])
def test_knock_bonus_when_the_knocker_beats_the_defender(bonus: int, points: int) -> None:
    """§7: Dd 10 > Dk 4: (10 − 4) + knock_bonus."""
    r = knock_result(std(knock_bonus=bonus), D_BEAT)
    assert (r.result, r.winner, r.points) == ("knock", 0, (points, 0))


def test_knock_bonus_is_not_paid_on_an_undercut() -> None:
    r = knock_result(std(knock_bonus=10), D_UNDER)
    assert r.points == (0, 28)


@pytest.mark.parametrize(
    ("suit", "upcard", "mult"),
    [
        ("s", "Ts", 2),
        ("s", "Tc", 1),
        ("c", "Tc", 2),
        ("c", "Th", 1),
        ("h", "Th", 2),
        ("d", "Qd", 2),
        ("d", "Tc", 1),
        (None, "Ts", 1),
        (None, "Tc", 1),
    ],
)
def test_doubling_suit_doubles_the_hand(suit: str | None, upcard: str, mult: int) -> None:
    """§7: m = 2 when the first upcard is of doubling_suit: (10 − 4) × m; an undercut
    (4 − 1 + 25) × m; gin (25 + 10) × m."""
    rules = std(doubling_suit=suit)
    r = knock_result(rules, D_BEAT, upcard=upcard)
    assert (r.multiplier, r.points) == (mult, (6 * mult, 0))
    assert knock_result(rules, D_UNDER, upcard=upcard).points == (0, 28 * mult)
    assert knock_result(rules, D_BEAT, extra="6c", upcard=upcard).points == (35 * mult, 0)


def test_doubling_suit_fixed_by_the_first_upcard_even_after_it_is_taken() -> None:
    """§2/§7: L and m belong to the first upcard for the whole hand."""
    deck, dealer, _ = knock2(D_BEAT, upcard="5s")
    hand = HandState.deal(Rules.preset("standard"), deck, dealer)
    play(hand, ["0 take", "0 discard 4d"])
    assert hand.pile == [Card("4d")]
    assert (hand.limit, hand.multiplier) == (5, 2)


# ==== doubling_effect (RULES.md §7) ===========================================================
def test_doubling_effect_target_doubles_the_target_not_the_hand() -> None:
    """§7: with doubling_effect target a club upcard (doubling_suit c) leaves m = 1 and
    doubles the game's target, once per game."""
    rules = std(doubling_suit="c", doubling_effect="target", target=5)
    game = Game(rules, auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_BEAT, upcard="Tc")
    game.deal(deck, dealer)
    assert game.score.target == 10 and game.hand.multiplier == 1
    play(game, script)
    assert game.results[-1].points == (6, 0)
    assert not game.is_over  # 6 reached the target of 5, but not the doubled 10
    # seat 0 won: it deals; seat 1 knocks under another club upcard: the target stays 10
    deck, dealer, script = knock2(D_BEAT, upcard="Jc", dealer=0, knocker=1)
    game.deal(deck, dealer)
    assert game.score.target == 10
    play(game, script)
    assert game.score.totals == [6, 6] and not game.is_over


def test_doubling_effect_hand_leaves_the_target() -> None:
    rules = std(doubling_suit="c", target=5)
    game = Game(rules, auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_BEAT, upcard="Tc")
    game.deal(deck, dealer)
    assert game.score.target == 5 and game.hand.multiplier == 2
    play(game, script)
    assert game.is_over and game.score.totals == [12, 0]


def test_doubling_effect_target_not_on_other_suits() -> None:
    game = Game(std(doubling_effect="target"), auto_deal=False, dealer=1)
    game.deal(knock2(D_BEAT, upcard="Tc")[0], 1)
    assert game.score.target == 100
    game = Game(std(doubling_effect="target"), auto_deal=False, dealer=1)
    game.deal(knock2(D_BEAT, upcard="Ts")[0], 1)
    assert game.score.target == 200 and game.hand.multiplier == 1


def test_doubling_effect_target_in_hollywood_doubles_all_three_games() -> None:
    rules = std(doubling_effect="target", format="hollywood", target=30)
    game = Game(rules, auto_deal=False, dealer=1)
    game.deal(knock2(D_BEAT, upcard="Ts")[0], 1)
    assert [g.target for g in game.score.games] == [60, 60, 60]


def test_doubling_effect_target_has_no_effect_in_single_format() -> None:
    rules = std(doubling_effect="target", format="single")
    game = Game(rules, auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_BEAT, upcard="Ts")
    game.deal(deck, dealer)
    assert game.score.target == 100 and game.hand.multiplier == 1
    play(game, script)
    assert game.is_over and game.score.final == [6, 0]


# ==== stock_exhaustion (RULES.md §8) ==========================================================
SEAT0_45 = "AcAd2h2s3h4s6d7s9cTh"  # no meld: 1+1+2+2+3+4+6+7+9+10 = 45
SEAT1_NEAR = "3c4c5c8h8s8dJsQsKsKd"  # 10 deadwood; with 6c and Kd aside: gin


def to_the_last_discard(rules: dict[str, Any], last: str, **kw: Any) -> HandState:
    seat0, seat1, upcard = (
        kw.get("seat0", SEAT0_45),
        kw.get("seat1", SEAT1_NEAR),
        kw.get("up", "5h"),
    )
    size = len(parse_cards(seat0))
    hand = HandState.deal(Rules.from_dict(rules), exhaust_deck(seat0, seat1, upcard, last, size), 1)
    play(hand, ["0 pass", "1 pass"])
    play_draw_discard(hand, hand.stock_size - 2)
    assert hand.stock_size == 2 and hand.pile[-1] == Card(last)
    return hand


def test_stock_exhaustion_standard_dead_at_two_cards() -> None:
    hand = to_the_last_discard(std(), "6c")
    assert hand.is_over and hand.result is not None and hand.result.result == "dead"
    assert hand.result.points == (0, 0) and hand.result.winner is None


def test_stock_exhaustion_standard_counts_stock_cards_not_turns() -> None:
    """§8: takes from the pile do not use the stock; the hand dies only when a discard
    leaves 2 stock cards."""
    hand = HandState.deal(
        Rules.preset("standard"), exhaust_deck(SEAT0_45, SEAT1_NEAR, "5h", "6c"), 1
    )
    play(hand, ["0 pass", "1 pass"])
    draws = 0
    turn = 0
    while not hand.is_over:
        seat = hand.current_player
        if turn % 3 == 2:  # every third turn takes the top discard and throws another card
            top = hand.pile[-1]
            hand.apply(TAKE, seat)
            other = next(c for c in sorted(parse_cards_of(hand.hands[seat])) if c != top)
            hand.apply(parse_action(f"discard {CARDS[other]}"), seat)
        else:
            card = hand.deck[hand.stock_pos]
            hand.apply(DRAW, seat)
            hand.apply(parse_action(f"discard {card}"), seat)
            draws += 1
        turn += 1
    assert draws == 29 and hand.stock_size == 2 and turn > 29


def parse_cards_of(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


FIFTIETH = [std(stock_exhaustion="fiftieth_card"), {"preset": "openspiel"}]


@pytest.mark.parametrize("rules", FIFTIETH)
def test_stock_exhaustion_fiftieth_card_take_only_to_knock(rules: dict[str, Any]) -> None:
    """§8: the next seat may take the last discard when a knock is then legal, and must knock
    at once: 6c makes 3c4c5c6c, Kd aside: gin, 25 + 45."""
    hand = to_the_last_discard(rules, "6c")
    assert hand.phase_name == "fiftieth" and hand.current_player == 1
    assert hand.legal_actions() == [TAKE, PASS]
    with pytest.raises(IllegalActionError):  # nobody draws from a stock of 2
        hand.apply(DRAW, 1)
    hand.apply(TAKE, 1)
    assert hand.phase_name == "fiftieth_knock"
    listed = hand.legal_actions()
    assert listed and all(isinstance(a, Knock) for a in listed)
    with pytest.raises(IllegalActionError, match="§8"):
        hand.apply(parse_action("discard Kd"), 1)
    play(hand, ["1 knock Kd 3c4c5c6c 8h8s8d JsQsKs"])
    assert hand.result is not None
    assert (hand.result.result, hand.result.points) == ("gin", (0, 70))


@pytest.mark.parametrize("rules", FIFTIETH)
def test_stock_exhaustion_fiftieth_card_refused_without_a_knock(rules: dict[str, Any]) -> None:
    """§8: Kc leaves 10 deadwood over L = 5: no take; a pass makes the hand dead."""
    hand = to_the_last_discard(rules, "Kc")
    assert hand.legal_actions() == [PASS]
    with pytest.raises(IllegalActionError, match="fiftieth_card"):
        hand.apply(TAKE, 1)
    assert hand.hands[1] == mask_of(parse_cards(SEAT1_NEAR)) and hand.pile[-1] == Card("Kc")
    hand.apply(PASS, 1)
    assert hand.is_over and hand.result is not None and hand.result.result == "dead"


@pytest.mark.parametrize("rules", FIFTIETH)
def test_stock_exhaustion_fiftieth_card_pass_is_dead_even_when_a_knock_was_possible(
    rules: dict[str, Any],
) -> None:
    hand = to_the_last_discard(rules, "6c")
    hand.apply(PASS, 1)
    assert hand.is_over and hand.result is not None
    assert (hand.result.result, hand.result.points) == ("dead", (0, 0))


@pytest.mark.parametrize(("big", "can_take"), [(None, False), (31, True)])
def test_stock_exhaustion_fiftieth_card_may_be_taken_for_big_gin(
    big: int | None, can_take: bool
) -> None:
    """§8 "a knock (or big gin)": two-card hands, ace upcard (L = 0): 5c6c + 7c is big gin
    only, worth 31 + (10 + 10)."""
    rules = {"preset": "openspiel", "hand_size": 2, "big_gin_bonus": big}
    hand = to_the_last_discard(rules, "7c", seat0="KdQh", seat1="5c6c", up="Ac")
    assert hand.limit == 0
    if not can_take:
        assert hand.legal_actions() == [PASS]
        return
    hand.apply(TAKE, 1)
    assert hand.legal_actions() == [Knock(None, (Meld("5c6c7c"),))]
    hand.apply(Knock(None, (Meld("5c6c7c"),)), 1)
    assert hand.result is not None
    assert (hand.result.result, hand.result.points) == ("big_gin", (0, 51))


# ==== format, target, bonuses (RULES.md §9) ===================================================
def test_format_single_is_one_hand_without_bonuses() -> None:
    game = Game(std(format="single"), auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_BEAT)
    game.deal(deck, dealer)
    play(game, script)
    assert game.is_over
    assert (game.score.winner, game.score.final) == (0, [6, 0])
    with pytest.raises(IllegalActionError, match="over"):
        game.deal(deck, 0)


def test_format_single_dead_hand_is_a_tie() -> None:
    game = Game(std(format="single"), auto_deal=False, dealer=1)
    game.deal(exhaust_deck(SEAT0_45, SEAT1_NEAR, "5h", "6c"), 1)
    play(game, ["0 pass", "1 pass"])
    play_draw_discard(game, 29)
    assert game.is_over and game.score.complete
    assert (game.score.winner, game.score.final) == (None, [0, 0])


@pytest.mark.parametrize(("target", "over"), [(100, False), (7, False), (6, True), (1, True)])
def test_target_ends_the_game_when_a_total_reaches_it(target: int, over: bool) -> None:
    game = Game(std(target=target), auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_BEAT)
    game.deal(deck, dealer)
    play(game, script)
    assert game.is_over is over
    assert game.score.totals == [6, 0]
    if over:
        # 6 + box 25 + game 100, doubled by the shutout
        assert (game.score.winner, game.score.final) == (0, [262, 0])


# Two hands to a target of 6: hand 1 (dealer 1) seat 0 wins with 0 points (a tie, knocker
# beats under undercut_on_tie false); hand 2 (dealer 0, the winner) seat 1 knocks for 6.
def two_hand_game(**overrides: Any) -> Game:
    game = Game(std(undercut_on_tie=False, target=6, **overrides), auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_TIE)
    game.deal(deck, dealer)
    play(game, script)
    assert game.results[-1].points == (0, 0) and game.results[-1].winner == 0
    deck, dealer, script = knock2(D_BEAT, dealer=0, knocker=1)
    game.deal(deck, dealer)
    play(game, script)
    assert game.is_over and game.score.totals == [0, 6] and game.score.winner == 1
    return game


@pytest.mark.parametrize(
    ("overrides", "final"),
    [
        ({}, [25, 262]),  # seat 1: (6 + 25 + 100) × 2; seat 0: its 0-point win's box 25
        ({"shutout": "none"}, [25, 131]),
        ({"box_bonus": 0}, [0, 212]),  # (6 + 100) × 2
        ({"box_bonus": 10}, [10, 232]),  # (6 + 10 + 100) × 2
        ({"game_bonus": 0}, [25, 62]),  # (6 + 25) × 2
        ({"game_bonus": 0, "shutout": "none"}, [25, 31]),
    ],
)
def test_game_box_bonus_and_shutout_finals(overrides: dict[str, Any], final: list[int]) -> None:
    """§9: final = hand points + box_bonus per hand won (0-point wins included) + game_bonus
    for the winner; a shutout (every opponent's hand points 0) doubles the winner's final."""
    assert two_hand_game(**overrides).score.final == final


def test_game_winner_is_decided_by_hand_points_not_finals() -> None:
    """§9: with no game bonus and no shutout, seat 0's three 0-point wins (box 75) outscore
    seat 1's final (6 + 25), yet seat 1 wins: it reached the target."""
    rules = std(undercut_on_tie=False, target=6, game_bonus=0, shutout="none")
    game = Game(rules, auto_deal=False, dealer=1)
    for dealer in (1, 0, 0):  # seat 0 wins each hand and so deals the next
        deck, dealer, script = knock2(D_TIE, dealer=dealer, knocker=0)
        game.deal(deck, dealer)
        play(game, script)
    deck, dealer, script = knock2(D_BEAT, dealer=0, knocker=1)
    game.deal(deck, dealer)
    play(game, script)
    assert game.score.totals == [0, 6]
    assert game.score.final == [75, 31]
    assert game.score.winner == 1


# Three players, seat 0 knocks with 4 (Qs aside); seats 1 and 2 each hold 1 deadwood.
P3_KNOCKER = "3c4c5c8h8s8d4d"
P3_ONE_A = "9h9c9s2h3h4hAs"  # 1
P3_ONE_B = "5d6d7dKhKdKcAd"  # 1
P3_TEN = "JhJdJc7h7s7cTd"  # 10
P3_TWO = "5d6d7dKhKdKc2s"  # 2
P_SPREAD = "3c4c5c 8h8s8d"


def multi(
    rules: dict[str, Any],
    hands: list[str],
    knocker: int = 0,
    upcard: str = "Tc",
    dealer: int | None = None,
) -> tuple[list[Card], int, list[str]]:
    """(deck, dealer, script): everybody passes, the seat after the dealer (the knocker) draws
    Qs and knocks with it aside; the defenders are done in turn."""
    n = len(hands)
    if dealer is None:
        dealer = (knocker - 1) % n
    deck = deck_for(hands, upcard, "Qs", dealer)
    seats = [(dealer + 1 + i) % n for i in range(n)]
    gin = deadwood(mask_of(parse_cards(hands[knocker]))) == 0
    spread = "3c4c5c6c 8h8s8d" if gin else P_SPREAD
    script = [f"{s} pass" for s in seats] + [f"{knocker} draw", f"{knocker} knock Qs {spread}"]
    if not gin:
        script += [f"{(knocker + i) % n} done" for i in range(1, n)]
    return deck, dealer, script


def test_target_tie_at_the_top_plays_another_hand() -> None:
    """§9: seats 1 and 2 both undercut: 28 each, both over the target of 20: no winner yet."""
    rules = std(players=3, target=20)
    game = Game(rules, auto_deal=False, dealer=2)
    deck, dealer, script = multi(rules, [P3_KNOCKER, P3_ONE_A, P3_ONE_B])
    game.deal(deck, dealer)
    play(game, script)
    assert game.score.totals == [0, 28, 28]
    assert not game.is_over and game.score.winner is None
    # seat 1 (the hand's winner) deals; seat 2 knocks and seat 0, with 1, undercuts: 3 + 25
    deck, dealer, script = multi(rules, [P3_ONE_B, P3_ONE_A, P3_KNOCKER], knocker=2)
    assert dealer == game.next_dealer == 1
    game.deal(deck, dealer)
    play(game, script)
    assert game.score.totals == [28, 56, 28]
    assert game.is_over and game.score.winner == 1


def test_format_hollywood_needs_two_players() -> None:
    with pytest.raises(RulesError, match='"format"'):
        Rules.preset("party", players=3, format="hollywood")


def test_format_hollywood_zero_point_win_counts_for_box_bonus() -> None:
    """§9: a 0-point win is entered in game 1 (box 25) without closing it."""
    rules = std(format="hollywood", target=6, undercut_on_tie=False)
    game = Game(rules, auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_TIE)
    game.deal(deck, dealer)
    play(game, script)
    g1 = game.score.games[0]
    assert (g1.totals, g1.wins, g1.closed) == ([0, 0], [1, 0], False)
    deck, dealer, script = knock2(D_BEAT, dealer=0, knocker=0)
    game.deal(deck, dealer)
    play(game, script)  # seat 0's 2nd win: games 1-2, 6 points: both close
    assert [g.totals for g in game.score.games] == [[6, 0], [6, 0], [0, 0]]
    assert [g.closed for g in game.score.games] == [True, True, False]
    # game 1: (6 + 2 × 25 + 100) × 2; game 2: (6 + 25 + 100) × 2
    assert game.score.games[0].final(game.rules) == [312, 0]
    assert game.score.games[1].final(game.rules) == [262, 0]


# ==== dealer_rotation (RULES.md §9) ===========================================================
@pytest.mark.parametrize(("rotation", "nxt"), [("winner", 1), ("alternate", 0)])
def test_dealer_rotation_two_players(rotation: str, nxt: int) -> None:
    """Seat 1 (the dealer) wins by an undercut: under winner it deals again."""
    game = Game(std(dealer_rotation=rotation), auto_deal=False, dealer=1)
    deck, dealer, script = knock2(D_UNDER)
    game.deal(deck, dealer)
    play(game, script)
    assert game.results[-1].winner == 1
    assert game.next_dealer == nxt
    other = 1 - nxt
    with pytest.raises(IllegalActionError, match="dealer"):
        game.deal(deck, other)
    game.deal(deck, nxt)
    assert game.hand.dealer == nxt


@pytest.mark.parametrize(("rotation", "nxt"), [("winner", 1), ("alternate", 0)])
def test_dealer_rotation_three_players(rotation: str, nxt: int) -> None:
    """Dealer 2; seat 0 knocks, seat 1 undercuts (28 beats seat 2's 27)."""
    rules = std(players=3, dealer_rotation=rotation)
    game = Game(rules, auto_deal=False, dealer=2)
    deck, dealer, script = multi(rules, [P3_KNOCKER, P3_ONE_A, P3_TWO])
    game.deal(deck, dealer)
    play(game, script)
    assert game.results[-1].winner == 1
    assert game.next_dealer == nxt


@pytest.mark.parametrize("rotation", ["winner", "alternate"])
@pytest.mark.parametrize("players", [2, 3])
def test_dealer_rotation_dead_hand_redealt_by_the_same_dealer(rotation: str, players: int) -> None:
    game = Game(std(dealer_rotation=rotation, players=players), seed=11, dealer=1)
    first = game.hand
    for _ in range(players):
        game.apply(PASS)
    play_draw_discard(game, first.stock_size - 2)
    assert first.result is not None and first.result.result == "dead"
    assert len(game.hands) == 2 and game.hand.dealer == 1 and game.next_dealer == 1


# ==== three and four players, multiway_scoring (RULES.md §7) ==================================
PAIRWISE = {"multiway_scoring": "pairwise"}
LOWEST = {"multiway_scoring": "lowest"}
P3_HIGH = "KsQhJdTh9s7h6h"  # 62, nothing to lay off on 3c4c5c 8h8s8d


@pytest.mark.parametrize(
    ("rules", "points", "winner", "kind"),
    [
        # seat 1 undercuts (4 − 1 + 25 = 28), seat 2 too (4 − 2 + 25 = 27), seat 3 loses 10 − 4
        (std(), (6, 28, 27, 0), 1, "undercut"),
        # party pairwise: undercut_bonus 20, knock_bonus 10
        ({"preset": "party", **PAIRWISE}, (16, 23, 22, 0), 1, "undercut"),
        # lowest: seat 1 (1) alone scores (4 − 1) + (2 − 1) + (10 − 1) + bonus
        ({"preset": "party"}, (0, 33, 0, 0), 1, "undercut"),
        (std(**LOWEST), (0, 38, 0, 0), 1, "undercut"),
    ],
)
def test_four_players_multiway_scoring(
    rules: dict[str, Any], points: tuple[int, ...], winner: int, kind: str
) -> None:
    """§7: pairwise scores the knocker against each defender; lowest, only the winner."""
    rules = {**rules, "players": 4}
    r = result_of(rules, *multi(rules, [P3_KNOCKER, P3_ONE_A, P3_TWO, P3_TEN]))
    assert r.deadwood == (4, 1, 2, 10)
    assert (r.points, r.winner, r.result, r.knocker) == (points, winner, kind, 0)


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        (std(), 12),  # (10 − 4) + (10 − 4)
        ({"preset": "party", **PAIRWISE}, 32),  # the knock bonus from each: 16 + 16
        ({"preset": "party"}, 22),  # lowest: (10 − 4) + (10 − 4) + 10, the bonus once
        (std(**LOWEST), 12),
        (std(knock_bonus=5, **LOWEST), 17),
    ],
)
def test_three_players_knock_bonus_per_beaten_defender_or_once(
    rules: dict[str, Any], points: int
) -> None:
    """§7: pairwise pays knock_bonus per beaten defender; lowest once, to the hand's winner."""
    rules = {**rules, "players": 3}
    r = result_of(rules, *multi(rules, [P3_KNOCKER, P3_TEN, "5d6d7dKhKdKcQd"]))
    assert r.deadwood == (4, 10, 10)
    assert (r.points, r.winner, r.result) == ((points, 0, 0), 0, "knock")


@pytest.mark.parametrize(
    ("rules", "points", "winner", "kind"),
    [
        # pairwise: the knocker takes 62 − 4 = 58 from seat 1, seat 2 undercuts for
        # 4 − 2 + 25 = 27: the knocker scored most and wins the hand
        (std(), (58, 0, 27), 0, "knock"),
        # lowest: one undercut wipes out the knock: (4 − 2) + (62 − 2) + 25 to seat 2 alone
        (std(**LOWEST), (0, 0, 87), 2, "undercut"),
        ({"preset": "party", **PAIRWISE}, (68, 0, 22), 0, "knock"),
        ({"preset": "party"}, (0, 0, 82), 2, "undercut"),
    ],
)
def test_three_players_one_undercut_under_lowest_wipes_out_the_knock(
    rules: dict[str, Any], points: tuple[int, ...], winner: int, kind: str
) -> None:
    rules = {**rules, "players": 3}
    r = result_of(rules, *multi(rules, [P3_KNOCKER, P3_HIGH, P3_TWO]))
    assert r.deadwood == (4, 62, 2)
    assert (r.points, r.winner, r.result) == (points, winner, kind)


@pytest.mark.parametrize(("way", "nxt"), [("pairwise", 0), ("lowest", 2)])
def test_multiway_scoring_decides_who_deals_next_under_winner_rotation(way: str, nxt: int) -> None:
    """§7, §9: the hand's winner (the knocker under pairwise, seat 2 under lowest) deals
    next, and the game totals are the hand's points."""
    rules = std(players=3, multiway_scoring=way)
    game = Game(rules, auto_deal=False, dealer=2)
    deck, dealer, script = multi(rules, [P3_KNOCKER, P3_HIGH, P3_TWO])
    game.deal(deck, dealer)
    play(game, script)
    assert game.results[-1].winner == nxt and game.next_dealer == nxt
    assert game.score.totals == list(game.results[-1].points)
    assert game.score.wins == [1 if s == nxt else 0 for s in range(3)]


def test_lowest_the_lowest_defender_wins_not_the_first_undercutter() -> None:
    """§7: seat 1 ties the knocker's 4 (an undercut), seat 2 holds 1: seat 2, the lowest,
    wins (4 − 1) + (4 − 1) + 25 = 31."""
    rules = std(players=3, **LOWEST)
    r = result_of(rules, *multi(rules, [P3_KNOCKER, "5d6d7dKhKdKc4s", P3_ONE_A]))
    assert r.deadwood == (4, 4, 1)
    assert (r.points, r.winner, r.result) == ((0, 0, 31), 2, "undercut")


@pytest.mark.parametrize(
    ("tie", "points", "winner", "kind"),
    [
        # a defender's tie undercuts: it wins (4 − 4) + (10 − 4) + 25
        (True, (0, 31, 0), 1, "undercut"),
        # a tie beats that defender: the knocker wins (4 − 4) + (10 − 4) + 0
        (False, (6, 0, 0), 0, "knock"),
    ],
)
def test_lowest_undercut_on_tie(tie: bool, points: tuple[int, ...], winner: int, kind: str) -> None:
    rules = std(players=3, undercut_on_tie=tie, **LOWEST)
    r = result_of(rules, *multi(rules, [P3_KNOCKER, "5d6d7dKhKdKc4s", P3_TEN]))
    assert r.deadwood == (4, 4, 10)
    assert (r.points, r.winner, r.result) == (points, winner, kind)


def test_lowest_winner_with_0_points_still_wins() -> None:
    """§7: under lowest the winner is the one the rule names, even with 0 points: all three
    hold 4, undercut_bonus 0: seat 1 (the first after the knocker) wins with 0."""
    rules = std(players=3, undercut_bonus=0, **LOWEST)
    r = result_of(rules, *multi(rules, [P3_KNOCKER, "5d6d7dKhKdKc4s", "JhJdJc7h7s7c4h"]))
    assert r.deadwood == (4, 4, 4)
    assert (r.points, r.winner, r.result) == ((0, 0, 0), 1, "undercut")


def test_lowest_tied_defenders_first_after_the_knocker_wins() -> None:
    """§7: seat 1 knocks; seats 2 and 0 both hold 1: seat 2 (first after the knocker) wins
    (4 − 1) + (1 − 1) + 25 = 28; the others score nothing."""
    rules = std(players=3, **LOWEST)
    r = result_of(rules, *multi(rules, [P3_ONE_B, P3_KNOCKER, P3_ONE_A], knocker=1))
    assert r.points == (0, 0, 28)
    assert (r.winner, r.result, r.knocker) == (2, "undercut", 1)


def test_lowest_doubled_hand() -> None:
    """§7: m applies to the lowest sums too: a spade upcard, (4 − 1) + (2 − 1) + 25 = 29 × 2."""
    rules = std(players=3, **LOWEST)
    r = result_of(rules, *multi(rules, [P3_KNOCKER, P3_ONE_A, P3_TWO], upcard="Ts"))
    assert r.multiplier == 2
    assert (r.points, r.winner) == ((0, 58, 0), 1)


@pytest.mark.parametrize(
    ("players", "upcard", "points"),
    [
        (3, "Tc", 36),  # 25 + 1 + 10: the bonus once
        (4, "Tc", 38),  # 25 + 1 + 10 + 2
        (3, "Ts", 72),  # × 2: a spade upcard (docs/rules.md §13: m with any player count)
    ],
)
@pytest.mark.parametrize("way", ["pairwise", "lowest"])
def test_many_players_gin_bonus_once_plus_every_defenders_deadwood(
    players: int, upcard: str, points: int, way: str
) -> None:
    rules = {"preset": "standard", "players": players, "multiway_scoring": way}
    hands = ["3c4c5c6c8h8s8d", P3_ONE_A, P3_TEN, P3_TWO][:players]
    r = result_of(rules, *multi(rules, hands, upcard=upcard))
    assert r.result == "gin" and r.winner == 0
    assert r.points == (points,) + (0,) * (players - 1)


def test_three_players_tied_defenders_first_after_the_knocker_wins() -> None:
    """§7: seat 1 knocks; seats 2 and 0 both undercut for 28: seat 2 (first after the knocker)
    wins the hand, not the lower seat 0."""
    rules = {"preset": "standard", "players": 3}
    r = result_of(rules, *multi(rules, [P3_ONE_B, P3_KNOCKER, P3_ONE_A], knocker=1))
    assert r.points == (28, 0, 28)
    assert (r.winner, r.result, r.knocker) == (2, "undercut", 1)


def test_three_players_knocker_among_the_tied_wins() -> None:
    """§7: Dk 2; seat 1's 29 gives the knocker 27, seat 2's 0 gives seat 2 (2 + 25) = 27:
    a tie that the knocker wins."""
    rules = {"preset": "standard", "players": 3}
    hands = ["3c4c5c8h8s8d2d", "Kh7d5s3h2sAdAh", "JhJdJcJsQhQdQc"]
    r = result_of(rules, *multi(rules, hands))
    assert r.deadwood == (2, 29, 0)
    assert r.points == (27, 0, 27)
    assert (r.winner, r.result) == (0, "knock")


# ==== layoffs (RULES.md §6) ===================================================================
def test_layoffs_in_seat_order_onto_the_melds_as_extended() -> None:
    """§6: seat 1 lays 9d on TdJdQd; only then can seat 2 lay 8d on it (and 6c on 3c4c5c).
    Scores: Dk 2; seat 1: 47 − 9 = 38; seat 2: 39 − 14 = 25; the knocker 36 + 23 = 59."""
    rules = Rules.preset("standard", players=3)
    hands = ["TdJdQd3c4c5c2h", "9d2s3d6h7cJhQs", "8d6cAhAs4s9sKc"]
    hand = deal(rules, hands, "Tc", "Ks")
    play(hand, ["0 pass", "1 pass", "2 pass", "0 draw", "0 knock Ks TdJdQd 3c4c5c"])
    assert not Meld(hand.knock_melds[0]).fits(Card("8d"))
    with pytest.raises(IllegalActionError, match="turn"):
        hand.apply(Layoff(Card("8d"), 0), 2)
    play(hand, ["1 layoff 9d 0"])
    assert hand.legal_actions() == [parse_action("done")]  # nothing else fits seat 1
    play(hand, ["1 done"])
    assert Layoff(Card("8d"), 0) in hand.legal_actions()
    play(hand, ["2 layoff 8d 0", "2 layoff 6c 1", "2 done"])
    assert [m.text for m in hand.knock_spread] == ["8d9dTdJdQd", "3c4c5c6c"]
    r = hand.result
    assert r is not None
    assert r.deadwood == (2, 38, 25)
    assert r.points == (59, 0, 0)


def test_layoffs_a_defender_chains_onto_a_run() -> None:
    """§6: 9d then 8d onto TdJdQd; 8d first does not fit. Dd 68 − 17 = 51; 51 − 2 = 49."""
    defender = "9d8d4s5s7hJc2s3hQhQc"
    assert deadwood(mask_of(parse_cards(defender))) == 68
    hand = deal("standard", ["TdJdQd3c4c5cKhKsKc2h", defender], "Tc", "Js")
    play(hand, ["0 pass", "1 pass", "0 draw", "0 knock Js TdJdQd 3c4c5c KhKsKc"])
    before = hand.hands[1]
    with pytest.raises(IllegalActionError, match="does not extend"):
        hand.apply(Layoff(Card("8d"), 0), 1)
    assert hand.hands[1] == before
    dw, seq = best_layoffs(hand.hands[1], hand.knock_spread)
    assert dw == 51 and seq == [(Card("9d"), 0), (Card("8d"), 0)]
    play(hand, ["1 layoff 9d 0", "1 layoff 8d 0", "1 done"])
    assert hand.result is not None
    assert hand.result.deadwood == (2, 51) and hand.result.points == (49, 0)


def test_layoffs_never_onto_a_defenders_melds_and_every_defender_ends_with_done() -> None:
    """§6: meld indexes name only the knocker's melds; with nothing to lay off, done is all."""
    deck, dealer, script = knock2(D_BEAT)
    hand = HandState.deal(Rules.preset("standard"), deck, dealer)
    play(hand, script[:4])
    assert hand.legal_actions() == [parse_action("done")]
    with pytest.raises(IllegalActionError, match="knocker's melds"):
        hand.apply(Layoff(Card("9h"), 3), 1)
    with pytest.raises(IllegalActionError, match="does not extend"):
        hand.apply(Layoff(Card("2h"), 0), 1)


def test_layoffs_the_knocker_never_lays_off() -> None:
    """§6: after the last defender is done the hand is scored; the knocker gets no turn."""
    rules = {"preset": "standard", "players": 3}
    deck, dealer, script = multi(rules, [P3_KNOCKER, P3_ONE_A, P3_TEN])
    hand = HandState.deal(Rules.from_dict(rules), deck, dealer)
    turns = []
    for line in script:
        if hand.phase_name == "layoff":
            turns.append(hand.current_player)
        play(hand, [line])
    assert turns == [1, 2] and hand.is_over


# ==== validation (RULES.md §10) ===============================================================
DEFAULTS = {
    "players": 2,
    "hand_size": None,
    "knock_limit": "upcard",
    "ace_upcard": "gin_only",
    "no_return_discard": True,
    "gin_bonus": 25,
    "big_gin_bonus": None,
    "undercut_bonus": 25,
    "undercut_on_tie": True,
    "knock_bonus": 0,
    "multiway_scoring": "pairwise",
    "doubling_suit": "s",
    "doubling_effect": "hand",
    "stock_exhaustion": "standard",
    "format": "target",
    "target": 100,
    "dealer_rotation": "winner",
    "game_bonus": 100,
    "box_bonus": 25,
    "shutout": "double",
}

SECTION_11 = {
    "standard": {},
    "classic": {
        "ace_upcard": "one",
        "undercut_bonus": 10,
        "doubling_suit": None,
        "game_bonus": 0,
        "box_bonus": 0,
        "shutout": "none",
    },
    "party": {
        "undercut_bonus": 20,
        "knock_bonus": 10,
        "multiway_scoring": "lowest",
        "doubling_suit": None,
        "dealer_rotation": "alternate",
        "game_bonus": 0,
        "box_bonus": 0,
        "shutout": "none",
    },
    "openspiel": {
        "format": "single",
        "doubling_suit": None,
        "undercut_on_tie": False,
        "no_return_discard": False,
        "stock_exhaustion": "fiftieth_card",
    },
}


def test_options_are_the_keys_of_section_10_with_their_defaults() -> None:
    assert list(OPTIONS) == list(DEFAULTS)
    assert Rules.from_dict({}).options() == DEFAULTS


@pytest.mark.parametrize("preset", SECTION_11)
def test_presets_equal_section_11(preset: str) -> None:
    assert set(PRESETS) == set(SECTION_11)
    want = {**DEFAULTS, **SECTION_11[preset]}
    rules = Rules.preset(preset)
    assert rules.options() == want
    assert {k: type(v) for k, v in rules.options().items()} == {k: type(v) for k, v in want.items()}
    assert rules == Rules.from_dict({"preset": preset})


@pytest.mark.parametrize(
    "doc",
    [
        {},
        {"preset": "party", "players": 3},
        {"preset": "openspiel", "format": "target", "target": 250},
        {"preset": "classic", "hand_size": 7, "knock_limit": 0, "big_gin_bonus": 31},
        {"preset": "standard", "doubling_suit": None, "players": 4, "hand_size": 12},
        {"preset": "party", "players": 3, "multiway_scoring": "pairwise"},
        {"preset": "standard", "players": 4, "multiway_scoring": "lowest"},
    ],
)
def test_rules_round_trip_through_to_dict_and_json(doc: dict[str, Any]) -> None:
    rules = Rules.from_dict(doc)
    again = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules and again.options() == rules.options()


def test_rules_unknown_key_names_it_and_the_keys() -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"preset": "standard", "knocklimit": 5})
    msg = str(info.value)
    assert '"knocklimit"' in msg and "\n" not in msg
    for key in ("preset", "knock_limit", "shutout", "players"):
        assert key in msg


def test_rules_unknown_preset_names_the_presets() -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"preset": "oklahoma"})
    msg = str(info.value)
    assert '"preset"' in msg and all(p in msg for p in SECTION_11)


def test_rules_must_be_an_object() -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(["standard"])  # type: ignore[arg-type]


BAD_VALUES: dict[str, tuple[list[Any], list[str]]] = {
    # key: (bad values, words the message must show as allowed)
    "players": ([1, 5, True, "2", 2.0, None], ["2", "3", "4"]),
    "hand_size": ([0, -1, True, "7", 7.5, 49], ["integer", "null"]),
    "knock_limit": ([11, -1, True, False, "10", "Upcard", None, 5.0], ['"upcard"', "0", "10"]),
    "ace_upcard": (["zero", None, True, 1], ['"gin_only"', '"one"']),
    "no_return_discard": ([1, 0, "true", None], ["true", "false"]),
    "gin_bonus": ([-1, True, "25", 2.5, None], ["integer"]),
    "big_gin_bonus": ([-1, True, "31", 1.5], ["integer", "null"]),
    "undercut_bonus": ([-1, True, None], ["integer"]),
    "undercut_on_tie": ([1, "false", None], ["true", "false"]),
    "knock_bonus": ([-5, False, None], ["integer"]),
    "multiway_scoring": (["Lowest", "pair", "", None, True, 0], ['"pairwise"', '"lowest"']),
    "doubling_suit": (["S", "spades", "x", 3, True], ["null", '"s"', '"c"', '"d"', '"h"']),
    "doubling_effect": (["both", None, True], ['"hand"', '"target"']),
    "stock_exhaustion": (["fiftieth", None], ['"standard"', '"fiftieth_card"']),
    "format": (["match", None, 1], ['"single"', '"target"', '"hollywood"']),
    "target": ([0, -1, True, "100", None, 100.0], ["integer"]),
    "dealer_rotation": (["loser", None], ['"winner"', '"alternate"']),
    "game_bonus": ([-1, True, None], ["integer"]),
    "box_bonus": ([-1, False, "25"], ["integer"]),
    "shutout": (["triple", True, None], ['"double"', '"none"']),
}


@pytest.mark.parametrize(
    ("key", "value"), [(k, v) for k, (vals, _) in BAD_VALUES.items() for v in vals]
)
def test_rules_bad_value_names_the_key_and_the_allowed_values(key: str, value: Any) -> None:
    """§10: a bad value (a JSON boolean is not an integer) is an error naming the key and the
    values allowed, never a silent default."""
    assert set(BAD_VALUES) == set(OPTIONS)
    with pytest.raises(RulesError) as info:
        Rules.from_dict(json.loads(json.dumps({key: value})))
    msg = str(info.value)
    assert isinstance(info.value, ValueError)
    assert f'"{key}"' in msg and "\n" not in msg
    for word in BAD_VALUES[key][1]:
        assert word in msg, (word, msg)


@pytest.mark.parametrize(
    "doc",
    [
        {"players": 2, "hand_size": 24},
        {"players": 3, "hand_size": 16},
        {"players": 4, "hand_size": 12},
        {"knock_limit": 0},
        {"knock_limit": 10},
        {"target": 1, "gin_bonus": 0, "undercut_bonus": 0, "big_gin_bonus": 0},
        {"hand_size": None, "big_gin_bonus": None, "doubling_suit": None},
        {"players": 2, "multiway_scoring": "lowest"},  # accepted: both readings score alike
        {"players": 4, "multiway_scoring": "lowest"},
        {"doubling_suit": "c", "doubling_effect": "target", "format": "hollywood"},
    ],
)
def test_rules_edge_values_are_accepted(doc: dict[str, Any]) -> None:
    rules = Rules.from_dict(doc)
    for key, value in doc.items():
        assert getattr(rules, key) == value


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"players": 2, "hand_size": 25}, ['"hand_size"', "48"]),
        ({"players": 3, "hand_size": 17}, ['"hand_size"', "48"]),
        ({"players": 4, "hand_size": 13}, ['"hand_size"', "48"]),
        ({"preset": "party", "players": 4, "format": "hollywood"}, ['"format"', "2 players"]),
        ({"players": 3, "format": "hollywood"}, ['"format"', "2 players"]),
    ],
)
def test_rules_impossible_combination_is_refused(doc: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict(doc)
    for word in words:
        assert word in str(info.value)


def test_rules_are_frozen() -> None:
    rules = Rules.preset("standard")
    with pytest.raises(AttributeError):
        rules.target = 5  # type: ignore[misc]


def test_layoffs_meld_index_follows_the_declared_order() -> None:
    """RECORD.md: ``meld`` indexes the knocker's melds as declared (and extended)."""
    deck, dealer, script = knock2("9h9c9s2h3h4h6c8cKd5s", extra="Ah", upcard="7d")
    hand = HandState.deal(Rules.preset("standard"), deck, dealer)
    play(hand, [*script[:3], "0 knock Kh JsQsKs 8h8s8d 3c4c5c"])
    with pytest.raises(IllegalActionError, match="does not extend"):
        hand.apply(Layoff(Card("6c"), 0), 1)
    play(hand, ["1 layoff 6c 2", "1 layoff 8c 1", "1 done"])
    assert [m.text for m in hand.knock_spread] == ["JsQsKs", "8c8d8h8s", "3c4c5c6c"]
    assert hand.result is not None and hand.result.deadwood == (1, 15)
