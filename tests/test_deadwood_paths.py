"""The fast paths of deadwood / deadwood_after_discard against a brute-force search.

The table-driven analysis takes shortcuts (no set choice for ranks whose cards fit no run,
a closed form for one contested rank); a plain search over every set of disjoint melds
checks each of them on random, meld-rich and set-heavy hands.
"""

from __future__ import annotations

import random

import pytest

from okgin.cards import VALUES, mask_of, parse_cards
from okgin.melds import ALL_MELDS, deadwood, deadwood_after_discard


def _brute(hand: int) -> int:
    melds = [m.mask for m in ALL_MELDS if m.mask & hand == m.mask]
    best = sum(VALUES[c] for c in range(52) if hand >> c & 1)

    def walk(start: int, rest: int) -> None:
        nonlocal best
        best = min(best, sum(VALUES[c] for c in range(52) if rest >> c & 1))
        for i in range(start, len(melds)):
            if melds[i] & rest == melds[i]:
                walk(i + 1, rest ^ melds[i])

    walk(0, hand)
    return best


def _brute_after_discard(hand: int) -> int:
    return min(_brute(hand & ~(1 << c)) for c in range(52) if hand >> c & 1)


def _hands(seed: int, count: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        size = rng.choice((7, 8, 9, 10, 11, 11, 12))
        if i % 3 == 0:
            pool = list(range(52))
        else:  # meld-rich: a few adjacent ranks, often three or four of a rank
            width = rng.randint(2, 6)
            lo = rng.randrange(0, 14 - width)
            pool = [s * 13 + r for s in range(4) for r in range(lo, lo + width)]
        out.append(mask_of(rng.sample(pool, min(size, len(pool)))))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_random_and_rich_hands_match_brute_force(seed: int) -> None:
    for hand in _hands(seed, 150):
        assert deadwood(hand) == _brute(hand)
        assert deadwood_after_discard(hand) == _brute_after_discard(hand)


@pytest.mark.parametrize(
    ("text", "dw", "after"),
    [
        # a set whose cards fit no run, discarding one of its cards is the best discard
        ("AcAdAh 9sTsJs 9hThJh", 0, 2),
        # four of a rank that fit no run: any of them may go, the other three stay a set
        ("7c7d7h7s 2s3s4s 9hThJh", 0, 0),
        # one contested rank held four times: keep the 5c in its run, meld the other three
        ("3c4c5c 5d5h5s 8h8s8d 2d", 2, 0),
        ("3c4c5c6c 5d5h5s KsKd", 20, 10),
        # three contested ranks: the sets beat the runs
        ("3c4c5c 3d4d5d 3h4h5h 3s 9s", 9, 0),
        ("3c4c5c 3d4d5d 3h4h5h 3s5s", 0, 0),
    ],
)
def test_worked_cases(text: str, dw: int, after: int) -> None:
    hand = mask_of(parse_cards(text))
    assert _brute(hand) == dw
    assert deadwood(hand) == dw
    assert _brute_after_discard(hand) == after
    assert deadwood_after_discard(hand) == after
