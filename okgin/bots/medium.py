"""``medium``: the reference baseline of the gin rummy AI literature, adapted to Oklahoma.

It plays like Neller's ``SimpleGinRummyPlayer`` and OpenSpiel's ``simple_gin_rummy_bot``:

- **Draw.** Take the top discard (or the upcard at the opening offer) when the card would sit in
  a meld of every best arrangement of the resulting hand — it lowers the deadwood instead of
  breaking a better meld — or when taking it allows a knock at once (under this hand's knock
  limit, with the discard rules in force). Otherwise draw from the stock (or pass the offer).
- **Discard.** Throw the card that leaves the least deadwood: the highest-scoring unmelded
  card, never a card that a best arrangement melds. Ties go to the card with the fewest
  partners in hand (cards of its rank, or of its suit within two ranks), then the highest rank.
- **Knock** as soon as the limit allows (gin when it can; big gin when it pays more), and at
  the fiftieth card take it whenever a knock is then legal.
- **Layoffs** (the one addition to the reference bots, which never lay off): the best ones,
  chains included (:func:`okgin.melds.best_layoffs`).

The same rules serve every option and preset and 2-4 players: the knock limit, the
``no_return_discard`` rule and big gin come from the view's legal actions and rules. It does
not look at the score. Deterministic: a function of the view alone.
"""

from __future__ import annotations

from okgin.actions import DONE, DRAW, PASS, TAKE, Action, Discard, Knock, Layoff
from okgin.bots.base import knock_deadwood
from okgin.cards import Card, mask_of
from okgin.errors import BotError
from okgin.melds import best_layoffs, deadwood
from okgin.views import View

__all__ = ["MediumBot", "knock_after_take", "melds_in_best"]


def melds_in_best(hand: int, card: int) -> bool:
    """Whether ``card`` added to ``hand`` is melded in every least-deadwood arrangement
    (leaving it as deadwood would cost more than melding it)."""
    return deadwood(hand | 1 << card) < deadwood(hand) + Card(card).value


def knock_after_take(view: View, hand: int, card: int) -> int | None:
    """The least deadwood a knock right after taking ``card`` would declare, or None when no
    knock would be legal (the knock limit; ``no_return_discard`` keeps ``card`` in hand)."""
    full = hand | 1 << card
    rules = view.rules
    if rules.big_gin_bonus is not None and deadwood(full) == 0:
        return 0
    best: int | None = None
    rest = full
    while rest:
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        if c == card and rules.no_return_discard:
            continue
        dw = deadwood(full ^ low)
        if best is None or dw < best:
            best = dw
    if best is None or best > view.knock_limit:
        return None
    return best


def partners(hand: int, card: int) -> int:
    """Cards of ``hand`` that could meld with ``card``: its rank, or its suit within two ranks."""
    rank, suit = card % 13, card // 13
    count = 0
    for s in range(4):
        if s != suit and hand >> (s * 13 + rank) & 1:
            count += 1
    for r in range(max(0, rank - 2), min(12, rank + 2) + 1):
        if r != rank and hand >> (suit * 13 + r) & 1:
            count += 1
    return count


class MediumBot:
    """The simple baseline (see the module docstring), with the best layoffs."""

    name = "medium"

    def __init__(self, seed: int | None = None, layoffs: bool = True) -> None:
        # Deterministic; ``seed`` is accepted for the common factory signature.
        self.layoffs = layoffs

    # ---- decisions ------------------------------------------------------------------
    def act(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise BotError(f"seat {view.seat} has nothing to play (phase {view.phase})")
        hand = mask_of(view.hand)
        phase = view.phase
        if phase == "layoff":
            if self.layoffs:
                _, seq = best_layoffs(hand, view.melds)
                if seq:
                    card, meld = seq[0]
                    return Layoff(card, meld)
            return DONE
        if phase in ("offer", "draw"):
            top = view.top_discard
            if TAKE in legal and top is not None and self._wants(view, hand, top):
                return TAKE
            return PASS if PASS in legal else DRAW
        if phase == "fiftieth":
            return TAKE if TAKE in legal else PASS
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return self._best_knock(view, hand, knocks)
        return self._best_discard(hand, [a for a in legal if isinstance(a, Discard)])

    def _wants(self, view: View, hand: int, top: Card) -> bool:
        return knock_after_take(view, hand, top) is not None or melds_in_best(hand, top)

    @staticmethod
    def _best_discard(hand: int, discards: list[Discard]) -> Discard:
        """Least deadwood left; ties: fewest partners, then the highest rank."""
        scored = [(deadwood(hand & ~(1 << d.card)), d) for d in discards]
        least = min(dw for dw, _ in scored)
        tied = [d for dw, d in scored if dw == least]
        if len(tied) == 1:
            return tied[0]
        return min(tied, key=lambda d: (partners(hand, d.card), -d.card.rank, -d.card))

    @staticmethod
    def _best_knock(view: View, hand: int, knocks: list[Knock]) -> Knock:
        rules = view.rules
        big_pays = rules.big_gin_bonus is not None and rules.big_gin_bonus >= rules.gin_bonus

        def key(k: Knock) -> tuple[int, int, int]:
            big = k.card is None
            return (knock_deadwood(hand, k), 0 if big == big_pays else 1, -(k.card or 0))

        return min(knocks, key=key)

    # ---- hints ------------------------------------------------------------------------
    def explain(self, view: View, action: Action) -> str:
        hand = mask_of(view.hand)
        top = view.top_discard
        if isinstance(action, Knock):
            dw = knock_deadwood(hand, action)
            if action.card is None:
                return "big gin: every card melds"
            if dw == 0:
                return f"gin: puts {action.card} aside with every other card melded"
            return f"knocks at once with {dw} deadwood (limit {view.knock_limit})"
        if isinstance(action, Discard):
            left = deadwood(hand & ~(1 << action.card))
            return f"throws {action.card}, its costliest unmelded card: {left} deadwood left"
        if isinstance(action, Layoff):
            return f"lays {action.card} off on the knocker's {view.melds[action.meld]}"
        if action == DONE:
            return "nothing (more) to lay off"
        if top is None:
            return str(action)
        if view.phase == "fiftieth":
            if action == TAKE:
                return f"takes {top}: it can knock with it"
            return f"passes {top}: no knock with it"
        if action == TAKE:
            k = knock_after_take(view, hand, top)
            if k is not None:
                return f"takes {top}: then it can knock with {k}"
            return f"takes {top}: it melds and lowers the deadwood"
        if action == PASS:
            return f"passes {top}: it would not lower the deadwood"
        return f"draws from the stock: {top} would not lower the deadwood"
