"""Other worlds a seat cannot tell from this one: the cards it has not seen, dealt again.

:func:`shuffle_unseen` permutes the cards a seat's view never showed among the places they
hold (the other hands, the stock, a face-down knock discard) and replays the hand's actions
on that deal. The seat's view of the result is the same as of the original; a test of the
observation planes (that nothing unseen leaks) and OpenSpiel's ``resample_from_infostate``
both rest on it.
"""

from __future__ import annotations

import random
from typing import Final

from okgin.actions import Action, Knock
from okgin.cards import CARDS
from okgin.errors import IllegalActionError
from okgin.hand import HandState
from okgin.views import view_of_hand

__all__ = ["shuffle_unseen", "unseen_cards"]

_TRIES: Final = 200


def unseen_cards(hand: HandState, seat: int) -> list[int]:
    """The cards ``seat``'s view of ``hand`` shows nowhere, in card order."""
    seen = view_of_hand(hand, seat).cards_seen()
    return [c for c in range(52) if c not in seen]


def shuffle_unseen(
    hand: HandState, seat: int, rng: random.Random, tries: int = _TRIES
) -> HandState:
    """A hand with the same public history and the same cards for ``seat``, its unseen
    cards permuted at random; the hand's actions are replayed on the new deal.

    A permutation can contradict what the actions showed (a player took the fiftieth card,
    so its hand could then knock); such a world is dealt again, up to ``tries`` times,
    after which :class:`~okgin.errors.IllegalActionError` says so.
    """
    unseen = unseen_cards(hand, seat)
    for _ in range(tries):
        deck, actions = _permuted(hand, unseen, rng)
        world = HandState.deal(hand.rules, deck, hand.dealer)
        try:
            for s, action in actions:
                world.apply(action, s)
        except IllegalActionError:
            continue
        return world
    raise IllegalActionError(
        f"no deal of seat {seat}'s {len(unseen)} unseen cards fits the hand's actions "
        f"in {tries} tries"
    )


def _permuted(
    hand: HandState, unseen: list[int], rng: random.Random
) -> tuple[list[int], list[tuple[int, Action]]]:
    """The deck with the unseen cards permuted, and the hand's actions on that deck (only
    a face-down knock discard names an unseen card)."""
    moved = unseen[:]
    rng.shuffle(moved)
    swap = dict(zip(unseen, moved))
    deck = [swap.get(c, c) for c in hand.deck]
    actions: list[tuple[int, Action]] = []
    for s, action in hand.history:
        if isinstance(action, Knock) and action.card is not None and action.card in swap:
            action = Knock(CARDS[swap[action.card]], action.melds)
        actions.append((s, action))
    return deck, actions
