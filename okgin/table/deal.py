"""The deals of a table: each hand's deck order and the first dealer, functions of the seed.

These are the strings ``okgin play`` has always used, so ``okgin play --seed 7`` deals what it
dealt before the table layer existed.
"""

from __future__ import annotations

import random

from okgin.cards import CARDS, Card

__all__ = ["deck_for", "first_dealer"]


def deck_for(seed: int, hand_number: int) -> list[Card]:
    """The deck order of a table's hand (1-based), a function of the seed only."""
    deck = list(CARDS)
    random.Random(f"okgin-play/{seed}/{hand_number}").shuffle(deck)
    return deck


def first_dealer(seed: int, players: int) -> int:
    """The first hand's dealer, a function of the seed and the number of players."""
    return random.Random(f"okgin-play/{seed}/dealer").randrange(players)
