"""The fixed, seeded inputs every engine gets: hands for the deadwood figures, deck orders
(dealt by seat 1), the same deals as OpenSpiel's chance actions, RLCard's hand seeds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

__all__ = [
    "SEED",
    "deadwood_set",
    "deals",
    "hand_seeds",
    "okgin_card_to_openspiel",
    "openspiel_chance",
]

SEED: Final = 20260301


_OPENSPIEL_SUIT: Final = (1, 2, 3, 0)  # okgin c d h s -> OpenSpiel s c d h order


def okgin_card_to_openspiel(card: int) -> int:
    return _OPENSPIEL_SUIT[card // 13] * 13 + card % 13


def deadwood_set(kind: str, size: int, count: int) -> list[list[int]]:
    """A fixed set of hands (okgin card indices): ``random`` or ``rich`` (5 adjacent ranks)."""
    rng = random.Random(f"{SEED}:deadwood:{kind}:{size}")
    out = []
    for _ in range(count):
        if kind == "random":
            pool = list(range(52))
        else:
            lo = rng.randrange(0, 9)
            pool = [s * 13 + r for s in range(4) for r in range(lo, lo + 5)]
        out.append(rng.sample(pool, size))
    return out


def deals(count: int, tag: str = "hands") -> list[list[int]]:
    """A fixed list of deck orders (okgin card indices, dealt with dealer 1)."""
    out = []
    for i in range(count):
        deck = list(range(52))
        random.Random(f"{SEED}:{tag}:{i}").shuffle(deck)
        out.append(deck)
    return out


def openspiel_chance(deck: Sequence[int]) -> list[int]:
    """OpenSpiel's chance actions for an okgin deck dealt by seat 1 (RULES.md §11):
    player 0's ten cards, player 1's, the upcard, then each stock card as drawn."""
    order = [deck[i] for i in range(0, 20, 2)] + [deck[i] for i in range(1, 20, 2)] + [*deck[20:]]
    return [okgin_card_to_openspiel(c) for c in order]


def hand_seeds(count: int) -> list[int]:
    rng = random.Random(f"{SEED}:rlcard-hands")
    return [rng.randrange(2**31) for _ in range(count)]
