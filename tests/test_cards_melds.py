"""Cards and melds (RULES.md §1, §5, §6; RECORD.md's card text).

Card text round-trips and is read in any case, with ``10`` for ``T``; ``repr`` reads back.
Melds are validated against their definition; the analysis (every optimal arrangement, the
default arrangement of §5, a defender's best layoffs) is compared with plain brute force on
small hands.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections.abc import Iterator, Sequence

import pytest

from okgin import (
    CARDS,
    Card,
    CardError,
    Meld,
    arrangements,
    best_arrangement,
    best_layoffs,
    cards_of,
    deadwood,
    deadwood_after_discard,
    default_arrangement,
    discard_deadwoods,
    format_cards,
    mask_of,
    parse_cards,
)
from okgin.melds import ALL_MELDS, declared_deadwood, gin_distance, gin_outs, layoff_spots

RANKS = "A23456789TJQK"
SUITS = "cdhs"


# ==== cards ==================================================================================
def test_card_indices_follow_card_order() -> None:
    """Card i is suit i // 13 (c d h s), rank i % 13 (A … K): RULES.md §5's card order."""
    assert [c.text for c in CARDS] == [r + s for s in SUITS for r in RANKS]
    assert [int(c) for c in CARDS] == list(range(52))


@pytest.mark.parametrize("card", CARDS, ids=[c.text for c in CARDS])
def test_card_text_round_trips_in_any_case(card: Card) -> None:
    text = card.text
    assert str(card) == text
    for variant in {text, text.lower(), text.upper(), text[0].lower() + text[1].upper()}:
        assert Card(variant) is card, variant
    assert Card(card.symbol) is card
    assert Card(int(card)) is card


@pytest.mark.parametrize("text", ["10c", "10d", "10H", "10s", " 10S ", "Tc", "tC"])
def test_card_ten_may_be_written_10(text: str) -> None:
    assert Card(text).rank == 9
    assert Card(text).text == "T" + text.strip()[-1].lower()


@pytest.mark.parametrize("card", CARDS[::7], ids=[c.text for c in CARDS[::7]])
def test_card_repr_reads_back(card: Card) -> None:
    again = eval(repr(card), {"Card": Card})
    assert again is card and repr(card) == f"Card('{card.text}')"
    assert pickle.loads(pickle.dumps(card)) is card


def test_card_values() -> None:
    """§1: A = 1, 2-10 face value, J/Q/K = 10."""
    want = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(v): v for v in range(2, 10)}
    for card in CARDS:
        assert card.value == want[RANKS[card.rank]]


@pytest.mark.parametrize(
    "text", ["", " ", "1c", "11c", "0c", "Xs", "Q", "c", "Qx", "QQs", "10", "Q s", "Ace", "2cc"]
)
def test_card_bad_text_is_a_one_line_card_error(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card(text)
    assert isinstance(info.value, ValueError)
    msg = str(info.value)
    assert repr(text) in msg and "\n" not in msg


@pytest.mark.parametrize("value", [-1, 52, True, False, 1.0, None])
def test_card_bad_index_is_a_card_error(value: object) -> None:
    with pytest.raises(CardError):
        Card(value)  # type: ignore[arg-type]


def test_parse_and_format_cards_round_trip() -> None:
    assert parse_cards("3c4c5c 8h8s8d") == [Card(t) for t in ("3c", "4c", "5c", "8h", "8s", "8d")]
    assert parse_cards("10c10d") == [Card("Tc"), Card("Td")]
    assert parse_cards("10c, qs") == [Card("Tc"), Card("Qs")]
    assert parse_cards(["Ah", "2h"]) == [Card("Ah"), Card("2h")]
    assert parse_cards(format_cards(CARDS)) == list(CARDS)
    rng = random.Random(3)
    for _ in range(50):
        cards = rng.sample(CARDS, rng.randrange(1, 12))
        assert cards_of(mask_of(cards)) == sorted(cards)
        assert parse_cards(format_cards(cards)) == cards


def test_mask_of_refuses_a_card_given_twice() -> None:
    with pytest.raises(CardError, match="twice"):
        mask_of(parse_cards("3c 4c 3C"))


# ==== melds ==================================================================================
def run_ok(suit_ranks: list[int]) -> bool:
    return len(suit_ranks) >= 3 and suit_ranks == list(range(suit_ranks[0], suit_ranks[-1] + 1))


def test_meld_every_one_suit_mask_is_a_meld_iff_a_run() -> None:
    """§1: a run is 3 or more consecutive cards of one suit, ace low (Q-K-A is no run)."""
    runs = 0
    for suit in range(4):
        for pattern in range(1, 1 << 13):
            ranks = [r for r in range(13) if pattern >> r & 1]
            mask = sum(1 << (suit * 13 + r) for r in ranks)
            if run_ok(ranks):
                meld = Meld(mask)
                assert not meld.is_set and meld.mask == mask
                assert (meld.low, meld.high, meld.suit) == (ranks[0], ranks[-1], suit)
                runs += 1
            elif len(ranks) >= 3 or len(ranks) == 0:
                with pytest.raises(CardError):
                    Meld(mask)
    assert runs == 4 * sum(14 - n for n in range(3, 14))  # 264


def test_meld_every_one_rank_mask_is_a_meld_iff_three_or_four() -> None:
    """§1: a set is 3 or 4 cards of one rank."""
    for rank in range(13):
        for pattern in range(1, 16):
            mask = sum(1 << (s * 13 + rank) for s in range(4) if pattern >> s & 1)
            if bin(pattern).count("1") >= 3:
                meld = Meld(mask)
                assert meld.is_set and meld.rank == rank
            else:
                with pytest.raises(CardError):
                    Meld(mask)


def test_meld_all_melds_are_the_65_sets_and_264_runs() -> None:
    assert len(ALL_MELDS) == 329
    assert sum(m.is_set for m in ALL_MELDS) == 65
    assert len({m.mask for m in ALL_MELDS}) == 329
    assert list(ALL_MELDS) == sorted(ALL_MELDS)


@pytest.mark.parametrize(
    "text", ["QcKcAc", "KcAc2c", "2c3c5c", "3c4d5c", "3c3d", "3c", "3c3d4d", "8h8s8d9d", "3c4c4d"]
)
def test_meld_invalid_is_a_card_error(text: str) -> None:
    with pytest.raises(CardError, match="not a meld"):
        Meld(text)


@pytest.mark.parametrize(
    "text", ["Ac2c3c", "JsQsKs", "Ac2c3c4c5c6c7c8c9cTcJcQcKc", "8h8s8d", "5c5d5h5s"]
)
def test_meld_repr_reads_back_and_text_round_trips(text: str) -> None:
    meld = Meld(text)
    assert eval(repr(meld), {"Meld": Meld}) is meld
    assert Meld(str(meld)) is meld
    assert Meld(list(parse_cards(text))) is meld
    assert Meld(meld.mask) is meld
    assert pickle.loads(pickle.dumps(meld)) is meld


@pytest.mark.parametrize(
    ("text", "spots"),
    [
        ("8h8s8d", "8c"),
        ("5c5d5h5s", ""),
        ("3c4c5c", "2c 6c"),
        ("Ac2c3c", "4c"),  # nothing below an ace
        ("JsQsKs", "Ts"),  # nothing above a king
        ("Ad2d3d4d5d6d7d8d9dTdJdQdKd", ""),
    ],
)
def test_meld_extensions_are_the_layoff_spots(text: str, spots: str) -> None:
    """§6: a fourth card on a set, the next card at either end of a run."""
    meld = Meld(text)
    want = mask_of(parse_cards(spots)) if spots else 0
    assert meld.extensions() == want
    for card in CARDS:
        assert meld.fits(card) is bool(want >> card & 1)


# ==== brute force ============================================================================
def brute_arrangements(hand: int) -> tuple[int, set[frozenset[Meld]]]:
    """Every set of disjoint melds inside ``hand``; the least deadwood and those reaching it."""
    inside = [m for m in ALL_MELDS if m.mask & hand == m.mask]
    best = 10**9
    found: set[frozenset[Meld]] = set()

    def walk(i: int, used: int, chosen: tuple[Meld, ...]) -> None:
        nonlocal best, found
        if i == len(inside):
            dw = sum(c.value for c in cards_of(hand & ~used))
            if dw < best:
                best, found = dw, set()
            if dw == best:
                found.add(frozenset(chosen))
            return
        walk(i + 1, used, chosen)
        m = inside[i]
        if not m.mask & used:
            walk(i + 1, used | m.mask, (*chosen, m))

    walk(0, 0, ())
    return best, found


def spots_of(arrangement: tuple[Meld, ...], hand: int) -> int:
    """The layoff spots of an arrangement, from the meld definition (not Meld.extensions)."""
    spots = set()
    for m in arrangement:
        cards = m.cards
        if len({c.rank for c in cards}) == 1:
            if len(cards) == 3:
                spots |= {c for c in CARDS if c.rank == cards[0].rank and c not in cards}
        else:
            suit, low, high = cards[0].suit, cards[0].rank, cards[-1].rank
            spots |= {CARDS[suit * 13 + r] for r in (low - 1, high + 1) if 0 <= r < 13}
    return len([c for c in spots if not hand >> c & 1])


def card_order_key(arrangement: tuple[Meld, ...]) -> list[tuple[int, ...]]:
    """docs/rules.md §13's reading of "first in card order": each meld as its sorted card
    indices, the melds sorted, compared lexicographically."""
    return sorted(tuple(int(c) for c in m.cards) for m in arrangement)


def meld_rich_hands(seed: int, count: int, sizes: range) -> list[int]:
    """Random hands built from two or three overlapping melds plus random cards."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        size = rng.choice(sizes)
        hand = 0
        for m in rng.sample(ALL_MELDS, rng.randrange(1, 4)):
            hand |= m.mask
        cards = cards_of(hand)
        if len(cards) > size:
            hand = mask_of(rng.sample(cards, size))
        while hand.bit_count() < size:
            hand |= 1 << rng.randrange(52)
        hands.append(hand)
    return hands


HANDS = meld_rich_hands(7, 300, range(3, 12)) + [
    mask_of(random.Random(s).sample(CARDS, 10)) for s in range(100)
]


def test_arrangements_are_complete_against_brute_force() -> None:
    """Every optimal arrangement is listed, once, and nothing else (400 small hands)."""
    several = 0
    for hand in HANDS:
        best, found = brute_arrangements(hand)
        dw, listed = arrangements(hand)
        assert dw == best == deadwood(hand), format_cards(cards_of(hand))
        assert len(listed) == len(set(map(frozenset, listed)))
        assert set(map(frozenset, listed)) == found, format_cards(cards_of(hand))
        for arr in listed:
            assert declared_deadwood(hand, arr) == dw
        b_dw, one = best_arrangement(hand)
        assert b_dw == dw and frozenset(one) in found
        several += len(found) > 1
    assert several > 50  # the sample has many hands with several optimal arrangements


def test_best_arrangement_is_the_walks_first_with_sets_and_runs() -> None:
    """best_arrangement's shortcut (sets that fit no run, each suit's runs looked up) gives
    the very melds the walk of :func:`arrangements` finds first (a knock declares them, and
    the defender's layoffs depend on them), on hands of sets of four, of three and contended
    ones."""
    rng = random.Random(13)
    for _ in range(3000):
        ranks = rng.sample(range(13), 3)
        pool = [13 * s + r for r in ranks for s in range(4)]
        start = 13 * rng.randrange(4) + rng.randrange(9)
        pool += list(range(start, start + 5))
        cards = rng.sample(sorted(set(pool) | set(rng.sample(range(52), 6))), 10)
        h = sum(1 << c for c in cards)
        best, found = arrangements(h, limit=1)
        assert best_arrangement(h) == (best, found[0]), cards


def test_default_arrangement_against_brute_force() -> None:
    """§5: least deadwood, then fewest layoff spots, then first in card order."""
    for hand in HANDS:
        best, found = brute_arrangements(hand)
        want = min(found, key=lambda a: (spots_of(tuple(a), hand), card_order_key(tuple(a))))
        dw, arr = default_arrangement(hand)
        assert dw == best and frozenset(arr) == want, format_cards(cards_of(hand))
        assert layoff_spots(arr, hand).bit_count() == spots_of(arr, hand)


@pytest.mark.parametrize(
    ("hand", "want", "beaten"),
    [
        # gin both ways; 7c7d7h7s + 8c9cTc + 8d8h8s leaves only Jc open (8c, 7c are held),
        # while 7c8c9cTc + 7d7h7s + 8d8h8s, first in card order, leaves 6c and Jc
        ("7c8c9cTc7d8d7h8h7s8s", "7c7d7h7s 8c9cTc 8d8h8s", "7c8c9cTc 7d7h7s 8d8h8s"),
        # 22 either way; 8c8d8h8s + 5s6s7s leaves 4s; 8c8d8h + 5s6s7s8s leaves 4s and 9s
        ("8c8dTd2h8hKh5s6s7s8s", "8c8d8h8s 5s6s7s", "8c8d8h 5s6s7s8s"),
    ],
)
def test_default_arrangement_fewest_layoff_spots_before_card_order(
    hand: str, want: str, beaten: str
) -> None:
    mask = mask_of(parse_cards(hand))
    _, listed = arrangements(mask)
    want_arr = frozenset(Meld(m) for m in want.split())
    beaten_arr = frozenset(Meld(m) for m in beaten.split())
    assert {want_arr, beaten_arr} <= set(map(frozenset, listed))
    assert card_order_key(tuple(beaten_arr)) < card_order_key(tuple(want_arr))
    assert frozenset(default_arrangement(mask)[1]) == want_arr


@pytest.mark.parametrize(
    ("hand", "want"),
    [
        # one run of six or two of three: 2 spots (2c, 9c) each; (2,3,4) sorts before (2,…,7)
        ("3c4c5c6c7c8cKdQh", "3c4c5c 6c7c8c"),
        ("3c4c5c6c7c8c9cKd", "3c4c5c 6c7c8c9c"),
    ],
)
def test_default_arrangement_card_order_breaks_equal_spots(hand: str, want: str) -> None:
    mask = mask_of(parse_cards(hand))
    assert len(arrangements(mask)[1]) > 1
    assert default_arrangement(mask)[1] == tuple(Meld(m) for m in want.split())


def test_discard_deadwoods_against_brute_force() -> None:
    """The 11-card analysis: each discard's deadwood, and the least of them."""
    for hand in meld_rich_hands(11, 150, range(11, 12)):
        per = dict(discard_deadwoods(hand))
        assert sorted(per) == cards_of(hand)
        for card, dw in per.items():
            assert dw == brute_arrangements(hand & ~(1 << card))[0]
        assert deadwood_after_discard(hand) == min(per.values())


# ==== layoffs ================================================================================
def fits(meld_cards: frozenset[Card], card: Card) -> bool:
    ranks = {c.rank for c in meld_cards}
    if len(ranks) == 1:
        return len(meld_cards) < 4 and card.rank in ranks and card not in meld_cards
    suit = next(iter(meld_cards)).suit
    return card.suit == suit and card.rank in (min(ranks) - 1, max(ranks) + 1)


def brute_layoffs(hand: int, melds: tuple[Meld, ...]) -> tuple[int, int]:
    """The least deadwood reachable by laying off, and the fewest cards that reach it."""
    best = (deadwood(hand), 0)
    seen = set()

    def walk(spread: tuple[frozenset[Card], ...], laid: int) -> None:
        nonlocal best
        if (spread, laid) in seen:
            return
        seen.add((spread, laid))
        best = min(best, (deadwood(hand & ~laid), laid.bit_count()))
        for card in cards_of(hand & ~laid):
            for i, m in enumerate(spread):
                if fits(m, card):
                    walk((*spread[:i], m | {card}, *spread[i + 1 :]), laid | 1 << card)

    walk(tuple(frozenset(m.cards) for m in melds), 0)
    return best


def layoff_cases(seed: int, count: int) -> list[tuple[int, tuple[Meld, ...]]]:
    """A knocker's default arrangement and a defender dealt from the rest, often holding
    cards next to the knocker's melds (chains of one or two)."""
    rng = random.Random(seed)
    cases: list[tuple[int, tuple[Meld, ...]]] = []
    for knocker in meld_rich_hands(seed, count * 3, range(10, 11)):
        arr = default_arrangement(knocker)[1]
        if not arr:
            continue
        rest = [c for c in CARDS if not knocker >> c & 1]
        near: list[Card] = []
        for m in arr:
            cards = m.cards
            if m.is_set:
                near += [c for c in rest if c.rank == cards[0].rank]
            else:
                for r in (m.low - 2, m.low - 1, m.high + 1, m.high + 2):
                    if 0 <= r < 13:
                        near.append(CARDS[m.suit * 13 + r])
        pick = set(rng.sample(near, min(len(near), rng.randrange(1, 5))))
        pick |= set(rng.sample([c for c in rest if c not in pick], 10 - len(pick)))
        cases.append((mask_of(pick), arr))
        if len(cases) == count:
            break
    return cases


def test_best_layoffs_against_brute_force() -> None:
    """§6: the least deadwood a defender can reach, chains included, with the fewest cards;
    the layoffs come in an order the rules accept."""
    chains = 0
    for defender, melds in layoff_cases(5, 200):
        want_dw, want_n = brute_layoffs(defender, melds)
        dw, seq = best_layoffs(defender, melds)
        assert (dw, len(seq)) == (want_dw, want_n), (format_cards(cards_of(defender)), melds)
        spread = [frozenset(m.cards) for m in melds]
        hand = defender
        for card, k in seq:
            assert hand >> card & 1 and fits(spread[k], card)
            spread[k] |= {card}
            hand &= ~(1 << card)
        assert deadwood(hand) == dw
        chains += any(
            a[1] == b[1] and not Meld(melds[a[1]].mask).fits(b[0])
            for a, b in itertools.combinations(seq, 2)
        )
    assert chains > 5  # some cases lay a card that fits only after another was laid


@pytest.mark.parametrize(
    ("defender", "spread", "dw", "laid"),
    [
        # a chain down a run: 9d, then 8d (68 − 17)
        ("9d8d4s5s7hJc2s3hQhQc", "TdJdQd 3c4c5c KhKsKc", 51, ["9d", "8d"]),
        ("KdAs2s7h9c", "TdJdQd", 19, ["Kd"]),  # onto the king end
        ("8c2d", "8h8s8d", 2, ["8c"]),  # the fourth card of a set
        ("7c8c9c6h", "3c4c5c", 6, []),  # 6c is not held, so 7c cannot go
        # laying 6c and 7c would break the set 6c6h6d: 12 or 19 instead of 7
        ("6c7c6h6d", "3c4c5c", 7, []),
        # 6c7c8c could all go, but they are a meld already: the fewest cards for the same 10
        ("6c7c8cKh", "3c4c5c", 10, []),
    ],
)
def test_best_layoffs_examples(defender: str, spread: str, dw: int, laid: list[str]) -> None:
    melds = tuple(Meld(m) for m in spread.split())
    got_dw, seq = best_layoffs(mask_of(parse_cards(defender)), melds)
    assert got_dw == dw
    assert [c.text for c, _ in seq] == laid


# ==== how far from gin ========================================================================
def _swaps_to_gin(hand: int, live: int, most: int) -> int:
    """The fewest cards of ``hand`` swapped for cards of ``live`` that make all 10 meld, by
    trying every swap (``most`` + 1 when more are needed)."""
    held = [c for c in range(52) if hand >> c & 1]
    free = [c for c in range(52) if live >> c & 1]
    for k in range(most + 1):
        for out in itertools.combinations(held, k):
            rest = hand & ~sum(1 << c for c in out)
            for got in itertools.combinations(free, k):
                if deadwood(rest | sum(1 << c for c in got)) == 0:
                    return k
    return most + 1


def _near_gin(rng: random.Random, swaps: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Endless (hand, live): a gin of random melds with a few cards (a choice of ``swaps``)
    swapped for others, and 25 random cards it does not hold as the live ones."""
    masks = [m.mask for m in ALL_MELDS]
    while True:
        gin = 0
        for _ in range(60):
            m = rng.choice(masks)
            if not m & gin and (gin | m).bit_count() <= 10:
                gin |= m
        if gin.bit_count() != 10:
            continue
        k = rng.choice(swaps)
        out = rng.sample([c for c in range(52) if gin >> c & 1], k)
        add = rng.sample([c for c in range(52) if not gin >> c & 1], k)
        hand = gin & ~sum(1 << c for c in out) | sum(1 << c for c in add)
        live = sum(1 << c for c in rng.sample([c for c in range(52) if not hand >> c & 1], 25))
        yield hand, live


def test_gin_distance_against_every_swap() -> None:
    """Hands a few swaps from a gin of random melds, each against a random live set: the
    distance is the fewest swaps that make gin (up to 2 tried every way; 3 or more agree)."""
    seen = set()
    for hand, live in itertools.islice(_near_gin(random.Random(21), (0, 1, 1, 2, 2, 3)), 150):
        want = _swaps_to_gin(hand, live, 2)
        got = gin_distance(hand, live)
        assert min(got, 3) == want, (format_cards(cards_of(hand)), format_cards(cards_of(live)))
        seen.add(want)
    assert seen == {0, 1, 2, 3}


def test_gin_distance_of_an_eleven_card_hand_is_after_its_best_discard() -> None:
    rng = random.Random(22)
    for _ in range(200):
        cards = rng.sample(range(52), 31)
        hand = sum(1 << c for c in cards[:11])
        live = sum(1 << c for c in cards[11:])
        best = min(gin_distance(hand & ~(1 << c), live) for c in cards[:11])
        assert gin_distance(hand, live) == best


def _gin_swaps(hand: int, live: int, k: int) -> int:
    """Every card of ``live`` that some swap of ``k`` cards making gin takes (a mask)."""
    held = [c for c in range(52) if hand >> c & 1]
    free = [c for c in range(52) if live >> c & 1]
    took = 0
    for out in itertools.combinations(held, k):
        rest = hand & ~sum(1 << c for c in out)
        for got in itertools.combinations(free, k):
            if deadwood(rest | sum(1 << c for c in got)) == 0:
                took |= sum(1 << c for c in got)
    return took


def test_gin_outs_are_the_cards_of_every_nearest_gin() -> None:
    """Hands one or two swaps from a gin of random melds: the outs are exactly the live
    cards that some swap of ``distance`` cards making gin takes (tried every way), on every
    hand whose distance the swaps confirm (the distance's two cheap cases aside)."""
    checked = {1: 0, 2: 0}
    for hand, live in _near_gin(random.Random(23), (1, 2)):
        if min(checked.values()) >= 40:
            break
        dist, outs = gin_outs(hand, live)
        assert dist == gin_distance(hand, live)
        if dist not in checked or _swaps_to_gin(hand, live, 2) != dist:
            continue
        want = _gin_swaps(hand, live, dist)
        assert outs == want, (format_cards(cards_of(hand)), format_cards(cards_of(live)))
        checked[dist] += 1


def test_gin_outs_examples() -> None:
    gin = mask_of(parse_cards("AcAdAh 2s3s4s JdQdKd Td"))
    assert gin_outs(gin, mask_of(parse_cards("9d 5s"))) == (0, 0)
    near = mask_of(parse_cards("AcAdAh 2s3s4s JdQdKd 5h"))
    assert gin_outs(near, mask_of(parse_cards("Td 9h"))) == (1, mask_of(parse_cards("Td")))
    # 5s and As both extend 2s3s4s: either makes gin with 5h thrown
    assert gin_outs(near, mask_of(parse_cards("5s As 6h"))) == (1, mask_of(parse_cards("5s As")))
