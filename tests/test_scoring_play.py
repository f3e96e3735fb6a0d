"""The figures okgin play's screens show, from the core (okgin.scoring's block for them):
the knocks a person may choose, the best discard, gin or not, layoff actions, a clash of
declared melds, a hand's spread."""

from __future__ import annotations

from okgin.actions import DONE, Discard, Knock, Layoff
from okgin.cards import Card, mask_of, parse_cards
from okgin.melds import Meld
from okgin.scoring import (
    best_discard_deadwood,
    done_layoffs,
    knock_choices,
    knock_is_gin,
    meld_overlap,
    offered_knock,
    spread,
)
from okgin.table import Seat, Table


def test_knock_choices_are_in_card_order_with_big_gin_last() -> None:
    melds = (Meld("3c4c5c"),)
    legal = [
        Knock(None, melds),
        Knock(Card("4h"), ()),
        Discard(Card("2s")),
        Knock(Card("Kd"), melds),
    ]
    # card order is suit by suit (clubs, diamonds, hearts, spades): K♦ before 4♥
    assert knock_choices(legal) == [Knock(Card("Kd"), melds), Knock(Card("4h"), ()), legal[0]]


def test_best_discard_counts_only_the_legal_discards() -> None:
    hand = mask_of(parse_cards("3c4c5c 8h8s8d JsQsKs 4d Ah 9d"))
    every = [Discard(c) for c in parse_cards("3c4c5c 8h8s8d JsQsKs 4d Ah 9d")]
    assert best_discard_deadwood(hand, every) == 5  # 9♦ goes: 4 + 1
    # the 9♦ was taken from the pile and must stay: the best legal discard leaves 9 + 1
    assert best_discard_deadwood(hand, [a for a in every if a.card != Card("9d")]) == 10
    assert best_discard_deadwood(hand, []) is None


def test_gin_or_not() -> None:
    hand = mask_of(parse_cards("3c4c5c 8h8s8d JsQsKs Ah"))
    melds = (Meld("3c4c5c"), Meld("8h8s8d"), Meld("JsQsKs"))
    assert knock_is_gin(hand, Knock(Card("Ah"), melds))
    assert not knock_is_gin(hand, Knock(Card("3c"), (Meld("8h8s8d"), Meld("JsQsKs"))))


def test_layoffs_end_with_done_and_melds_may_not_share_a_card() -> None:
    assert done_layoffs([(Card("9c"), 0), (Card("8c"), 0)]) == [
        Layoff(Card("9c"), 0),
        Layoff(Card("8c"), 0),
        DONE,
    ]
    assert done_layoffs([]) == [DONE]
    assert meld_overlap([Meld("3c4c5c"), Meld("5c5h5s")]) == 1 << Card("5c")
    assert meld_overlap([Meld("3c4c5c"), Meld("6h6s6d")]) == 0


def test_spread_is_the_default_arrangement() -> None:
    dw, melds, loose = spread(mask_of(parse_cards("3c4c5c 8h8s8d 4d Ah Kd")))
    assert dw == 15 and set(melds) == {Meld("3c4c5c"), Meld("8h8s8d")}
    assert loose == parse_cards("4d Kd Ah")  # in card order


def test_the_offered_knock_is_one_of_the_views_legal_actions() -> None:
    for seed in range(40):
        t = Table({"preset": "standard", "format": "single"}, [Seat.bot("easy")] * 2, seed=seed)
        while not t.hand_over:
            s = t.to_play
            assert s is not None
            v = t.view(s)
            k = offered_knock(v)
            knocks = [a for a in v.legal_actions if isinstance(a, Knock)]
            assert (k is None) == (not knocks) and (k is None or k in knocks)
            t.step_bot()
