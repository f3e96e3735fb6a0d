"""A fast policy that plays a hand state to its end: the rollouts of the ``expert`` bot.

Every seat plays like the simple baseline, straight on the state's masks: take the top
discard when it melds (it lowers the deadwood by more than it adds) or lets it knock, throw
the card that leaves the least deadwood (the highest on ties), knock as soon as the limit
allows (gin first), take the fiftieth card when a knock is then legal, lay off the best. It
moves through :meth:`HandState.apply` (so every step is checked by the engine) and reads
only the state it is given: a world sampled from a view, never the real hidden cards.
"""

from __future__ import annotations

from okgin.actions import DISCARDS, DONE, DRAW, ID_TAKE, PASS, TAKE, Knock, Layoff
from okgin.cards import CARDS, VALUES
from okgin.hand import HandState, Phase
from okgin.melds import Meld, best_arrangement, best_layoffs, deadwood

__all__ = ["playout"]

_OFFER = Phase.OFFER
_DRAW = Phase.DRAW
_PLAY = Phase.PLAY
_FIFTY = Phase.FIFTIETH
_FIFTY_KNOCK = Phase.FIFTIETH_KNOCK
_LAYOFF = Phase.LAYOFF
_OVER = Phase.OVER


def _best_discard(hand: int, taken: int) -> tuple[int, int]:
    """(least deadwood after a discard, that discard); ``taken`` may not be thrown."""
    best_dw = 1 << 30
    best_c = -1
    best_v = -1
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        if c == taken:
            continue
        dw = deadwood(hand ^ low)
        v = VALUES[c]
        if dw < best_dw or (dw == best_dw and v > best_v):
            best_dw = dw
            best_c = c
            best_v = v
    return best_dw, best_c


def _knock(h: HandState, hand: int, card: int) -> None:
    rest = hand & ~(1 << card)
    melds = best_arrangement(rest)[1]
    h.apply(Knock(CARDS[card], melds))


def playout(h: HandState, max_steps: int = 400) -> int:
    """Play ``h`` to the end with the fast policy; returns the number of actions played."""
    rules = h.rules
    no_return = rules.no_return_discard
    big_gin = rules.big_gin_bonus is not None
    steps = 0
    while h.phase != _OVER and steps < max_steps:
        steps += 1
        p = h.phase
        s = h.turn
        hand = h.hands[s]
        if p in (_DRAW, _OFFER):
            if p == _DRAW and h.stock_only:
                h.apply(DRAW)
                continue
            top = h.pile[-1]
            cur = deadwood(hand)
            full = hand | 1 << top
            take = deadwood(full) < cur + VALUES[top]
            if not take:
                dw, _ = _best_discard(full, top if no_return else -1)
                take = dw <= h.limit
            if take:
                h.apply(TAKE)
            else:
                h.apply(DRAW if p == _DRAW else PASS)
        elif p in (_PLAY, _FIFTY_KNOCK):
            taken = h.taken if no_return else -1
            if big_gin and deadwood(hand) == 0:
                h.apply(Knock(None, best_arrangement(hand)[1]))
                continue
            dw, c = _best_discard(hand, taken)
            if dw <= h.limit:
                _knock(h, hand, c)
            else:
                h.apply(DISCARDS[c])
        elif p == _FIFTY:
            if ID_TAKE in h.legal_ids():
                h.apply(TAKE)
            else:
                h.apply(PASS)
        elif p == _LAYOFF:
            melds = [Meld(m) for m in h.knock_melds]
            _, seq = best_layoffs(hand, melds)
            for card, k in seq:
                h.apply(Layoff(card, k))
            h.apply(DONE)
        else:  # pragma: no cover - every phase is handled above
            raise AssertionError(f"unknown phase {p}")
    return steps
