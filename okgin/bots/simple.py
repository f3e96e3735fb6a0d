"""The two simplest players: ``random`` and ``easy``."""

from __future__ import annotations

import random

from okgin.actions import DONE, PASS, TAKE, Action, Discard, Knock, Layoff
from okgin.bots.base import knock_deadwood
from okgin.cards import mask_of
from okgin.melds import ALL_MELDS, best_layoffs, deadwood
from okgin.views import View

__all__ = ["EasyBot", "RandomBot", "completes_meld"]

_MELDS_WITH = tuple(tuple(m.mask for m in ALL_MELDS if m.mask >> c & 1) for c in range(52))


def completes_meld(hand: int, card: int) -> bool:
    """Whether ``card`` added to ``hand`` makes a meld that uses it."""
    full = hand | 1 << card
    return any(m & full == m for m in _MELDS_WITH[card])


class RandomBot:
    """Uniform among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions)

    def explain(self, view: View, action: Action) -> str:
        return "chosen at random"


class EasyBot:
    """Minimises deadwood; takes the discard only when it completes a meld; knocks as soon
    as it may (gin first, then the least deadwood)."""

    name = "easy"

    def act(self, view: View) -> Action:
        legal = view.legal_actions
        hand = mask_of(view.hand)
        if view.phase == "layoff":
            _, seq = best_layoffs(hand, view.melds)
            if seq:
                card, meld = seq[0]
                return Layoff(card, meld)
            return DONE
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return min(knocks, key=lambda k: knock_deadwood(hand, k))
        if TAKE in legal:
            top = view.top_discard
            if view.phase == "fiftieth" or (top is not None and completes_meld(hand, top)):
                return TAKE
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return min(
                discards, key=lambda d: (deadwood(hand & ~(1 << d.card)), -d.card.value, d.card)
            )
        if PASS in legal:
            return PASS
        return legal[0]

    def explain(self, view: View, action: Action) -> str:
        if isinstance(action, Knock):
            return "knocks as soon as the limit allows"
        if isinstance(action, Discard):
            return f"discarding {action.card} leaves the least deadwood"
        if action == TAKE:
            return "the card completes a meld"
        if isinstance(action, Layoff):
            return f"{action.card} fits the knocker's meld {action.meld}"
        return f"{action}: nothing better to do"
