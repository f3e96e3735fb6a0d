"""What a seat knows, and believes, about where every card is — from its view alone.

:class:`Knowledge` reads a :class:`~okgin.views.View` (never a hand state) and keeps, as
52-bit masks: the seat's own hand, the visible discard pile, the cards each player is known
to hold (taken from the pile and not thrown since; a knocker's spread), the cards nobody can
see (``unknown``: the stock and the hidden part of every other hand), and per opponent what
it took, declined (passed, or left on the pile to draw from the stock) and threw.

On top of that, two beliefs the ``hard`` and ``expert`` bots share:

* per-card marginals (:meth:`Knowledge.card_probs`): how likely each unknown card is in an
  opponent's hidden cards, raised near the cards it took and lowered near those it declined
  or threw; :meth:`Knowledge.feed_risk` turns them into the chance a discard melds for it;
* whole worlds (:func:`sample_worlds`): every hidden hand and the stock order drawn from an
  opponent model (it kept the best of the cards it saw) and weighted by how likely each
  opponent's observed choices were in that world (:meth:`Knowledge.likelihood`); a world
  becomes a playable :class:`~okgin.hand.HandState` with :func:`world_state`.

And one the ``expert`` may read (its ``kind_hand``): which kind of player an opponent is, from
its choices this hand (:func:`kind_evidence`): the log odds that it knocks as soon as it may
rather than holds out for gin, from each kind's chance of every choice
(:meth:`Knowledge.kind_logs`).
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence
from typing import Final

from okgin.bots.medium import melds_in_best, partners
from okgin.cards import CARDS, VALUES
from okgin.hand import HandState
from okgin.melds import deadwood, deadwood_after_discard
from okgin.views import View

__all__ = [
    "PARTNERS",
    "Knowledge",
    "World",
    "decision_rng",
    "draw_outlook",
    "kind_evidence",
    "quick_knocker",
    "sample_worlds",
    "true_worlds",
    "world_state",
]

FULL: Final = (1 << 52) - 1


def _partners(card: int) -> tuple[int, ...]:
    """Masks of the card pairs that make a three-card meld with ``card``."""
    suit, rank = divmod(card, 13)
    out = []
    for lo in (rank - 2, rank - 1, rank):
        if lo >= 0 and lo + 2 <= 12:
            pair = 0
            for r in range(lo, lo + 3):
                if r != rank:
                    pair |= 1 << (suit * 13 + r)
            out.append(pair)
    others = [s * 13 + rank for s in range(4) if s != suit]
    for i in range(3):
        for j in range(i + 1, 3):
            out.append(1 << others[i] | 1 << others[j])
    return tuple(out)


#: ``PARTNERS[c]``: each pair of cards (a mask) that with ``c`` makes a three-card meld.
#: Every longer meld holding ``c`` contains one of these, so "``c`` melds with hand h" is
#: "some pair of PARTNERS[c] lies in h".
PARTNERS: Final[tuple[tuple[int, ...], ...]] = tuple(_partners(c) for c in range(52))


def _neighbours(card: int) -> int:
    out = 0
    for p in PARTNERS[card]:
        out |= p
    return out


#: ``NEIGHBOURS[c]``: every card in some pair of PARTNERS[c].
NEIGHBOURS: Final[tuple[int, ...]] = tuple(_neighbours(c) for c in range(52))

#: ``HIGHER[v]``: the cards that count more than ``v`` points.
HIGHER: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c in range(52) if VALUES[c] > v) for v in range(11)
)

# the kinds of signals an opponent's choice gives
DECLINE: Final = 0  # left the card on the pile (passed it, or drew from the stock)
TAKE: Final = 1  # took the card from the pile
THROW: Final = 2  # discarded the card
STOCK: Final = 3  # drew from the stock (in :attr:`Knowledge.history` only)


def melds_with(hand: int, card: int) -> bool:
    """Whether ``card`` makes a meld with cards of ``hand``."""
    return any(hand & p == p for p in PARTNERS[card])


def bits(mask: int) -> list[int]:
    """The card indices of a mask, in card order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def draw_outlook(hand: int, dw: int, live: Sequence[int], limit: int) -> tuple[float, float]:
    """Over ``live`` cards, drawing one and then discarding from ``hand`` (whose deadwood is
    ``dw``): the average least deadwood after, and the share of draws after which ``hand``
    could knock under ``limit``, in one pass. A card with no meld partner in the hand can
    only replace its costliest card, so only the others need the exact analysis."""
    spare = deadwood_after_discard(hand)
    total = 0
    hits = 0
    count = 0
    for u in live:
        if hand >> u & 1:
            continue
        count += 1
        if NEIGHBOURS[u] & hand:
            after = deadwood_after_discard(hand | 1 << u)
        else:
            v = VALUES[u] + spare
            after = v if v < dw else dw
        total += after
        hits += after <= limit
    if not count:
        return float(dw), float(dw <= limit)
    return total / count, hits / count


#: The chance that a player of either kind :meth:`Knowledge.kind_logs` reads makes a choice
#: its kind would not (a slip): every choice is possible under both kinds.
SLIP: Final = 0.03
#: The holder kind's chances of taking a card that melds with its hand and one that does not,
#: in :meth:`Knowledge.kind_logs`.
HOLDER_TAKE: Final = (0.8, 0.25)


class Knowledge:
    """Where every card is known to be, from one seat's view (see the module docstring)."""

    __slots__ = (
        "declined",
        "draws",
        "hand",
        "held",
        "hidden",
        "history",
        "n",
        "offer_passes",
        "pile",
        "seat",
        "signals",
        "stock",
        "stock_only",
        "takes_in_row",
        "threw",
        "took",
        "top",
        "unknown",
        "view",
    )

    def __init__(self, view: View) -> None:
        self.view = view
        n = view.players
        me = view.own_seat
        self.n = n
        self.seat = me
        held = [0] * n
        took = [0] * n
        declined = [0] * n
        threw = [0] * n
        draws = [0] * n
        # signals[s]: (kind, card, cards s threw after it, cards s took after it)
        raw: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        # history[s]: s's choices in order, with its stock draws (card -1)
        history: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        pile: list[int] = [int(view.upcard)]
        opening = True
        passes = 0
        stock_only = False
        takes_in_row = 0
        for i, e in enumerate(view.events):
            s = e.seat
            do = e.do
            if do == "pass":
                if opening:
                    passes += 1
                    if passes == n:
                        stock_only = True
                if e.card is not None:
                    declined[s] |= 1 << e.card
                    raw[s].append((DECLINE, int(e.card), i))
                    history[s].append((DECLINE, int(e.card)))
            elif do == "draw":
                takes_in_row = 0
                if not stock_only and pile:
                    top = pile[-1]
                    declined[s] |= 1 << top
                    raw[s].append((DECLINE, top, i))
                    history[s].append((DECLINE, top))
                opening = False
                stock_only = False
                draws[s] += 1
                history[s].append((STOCK, -1))
            elif do == "take":
                takes_in_row += 1
                assert e.card is not None
                c = int(e.card)
                if pile and pile[-1] == c:
                    pile.pop()
                held[s] |= 1 << c
                took[s] |= 1 << c
                raw[s].append((TAKE, c, i))
                history[s].append((TAKE, c))
                opening = False
            elif do == "discard":
                assert e.card is not None
                c = int(e.card)
                pile.append(c)
                held[s] &= ~(1 << c)
                threw[s] |= 1 << c
                raw[s].append((THROW, c, i))
                history[s].append((THROW, c))
            elif do == "knock":
                if e.card is not None:
                    held[s] &= ~(1 << e.card)
                    threw[s] |= 1 << e.card
            elif do == "layoff":
                assert e.card is not None
                held[s] &= ~(1 << e.card)
        #: turns in a row that took from the pile (no stock draw since): loops to avoid
        self.takes_in_row = takes_in_row
        self.offer_passes = passes
        self.stock_only = stock_only
        # the events tell the pile; the view's pile is the authority (it is what is shown)
        self.pile = [int(p.card) for p in view.pile]
        self.top = self.pile[-1] if self.pile else -1
        hand = 0
        for c in view.hand:
            hand |= 1 << c
        self.hand = hand
        held[me] = hand
        if view.knocker is not None:
            k = view.knocker
            spread = 0
            for m in view.spread:
                spread |= m.mask
            for c in view.knock_deadwood:
                spread |= 1 << c
            if k != me:
                held[k] = spread
        self.held = held
        seen = hand
        for c in self.pile:
            seen |= 1 << c
        for s in range(n):
            seen |= held[s]
        if view.knock_discard is not None:
            seen |= 1 << view.knock_discard
        for _, c, _ in view.layoffs:
            seen |= 1 << c
        for m in view.melds:
            seen |= m.mask
        self.unknown = FULL & ~seen
        self.hidden = [max(0, view.hand_sizes[s] - held[s].bit_count()) for s in range(n)]
        self.hidden[me] = 0
        self.stock = view.stock_size
        self.took = took
        self.declined = declined
        self.threw = threw
        self.draws = draws
        # for each signal: the cards s threw after it (then in its hand) and took after it
        # (then not yet in its hand), to rebuild the hand it held at that moment
        signals: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]
        for s in range(n):
            events = raw[s]
            for j, (kind, c, _) in enumerate(events):
                add = 0
                remove = 0
                for kind2, c2, _ in events[j + 1 :]:
                    if kind2 == THROW:
                        add |= 1 << c2
                    elif kind2 == TAKE:
                        remove |= 1 << c2
                if kind == TAKE:
                    remove |= 1 << c
                signals[s].append((kind, c, add, remove))
        self.signals = signals
        self.history = history

    # ---- simple facts ------------------------------------------------------------------
    @property
    def opponents(self) -> list[int]:
        """The other seats, in play order from the seat after this one."""
        return [(self.seat + i) % self.n for i in range(1, self.n)]

    def live(self) -> int:
        """Cards that may still come from the stock (as far as this seat can tell)."""
        return self.unknown

    def dead_for(self, card: int) -> bool:
        """Whether no opponent can ever meld ``card`` (every pair is broken by a card this
        seat holds or that lies buried in the pile)."""
        blocked = self.hand | self._buried()
        return all(p & blocked for p in PARTNERS[card])

    def _buried(self) -> int:
        out = 0
        for c in self.pile[:-1]:
            out |= 1 << c
        return out

    def may_take(self) -> bool:
        """Whether taking the top discard keeps the hand moving: not a card this seat threw
        earlier in the hand, and not after ``2 × players`` turns in a row took from the pile
        (players taking each other's discards forever would never reach the stock's end)."""
        top = self.top
        if top < 0:
            return False
        if self.threw[self.seat] >> top & 1:
            return False
        return self.takes_in_row < 2 * self.n

    # ---- per-card beliefs ------------------------------------------------------------------
    def card_probs(
        self,
        s: int,
        took_factor: float = 2.5,
        declined_factor: float = 0.55,
        threw_factor: float = 0.75,
    ) -> list[float]:
        """For each card, the chance it is in seat ``s``'s hand: 1 for known cards, 0 for
        cards known to be elsewhere, else a share of its hidden cards that rises near what
        it took and falls near what it declined or threw."""
        probs = [0.0] * 52
        held = self.held[s]
        for c in bits(held):
            probs[c] = 1.0
        hidden = self.hidden[s]
        if hidden <= 0:
            return probs
        unknown = bits(self.unknown)
        if not unknown:
            return probs
        weights = {}
        near_took = 0
        for c in bits(self.took[s] & held):
            near_took |= NEIGHBOURS[c]
        declined = self.declined[s]
        threw = self.threw[s]
        for u in unknown:
            w = 1.0
            if near_took >> u & 1:
                w *= took_factor
            nb = NEIGHBOURS[u]
            k = (nb & declined).bit_count()
            if k:
                w *= declined_factor**k
            k = (nb & threw).bit_count()
            if k:
                w *= threw_factor**k
            weights[u] = w
        total = sum(weights.values())
        scale = hidden / total
        for u, w in weights.items():
            probs[u] = min(0.97, w * scale)
        return probs

    def feed_risk(self, card: int, probs: Sequence[float], background: float = 1.0) -> float:
        """The chance ``card`` makes a meld with the hand ``probs`` describes; pairs of
        cards neither of which is known to be there count ``background`` times."""
        miss = 1.0
        for p in PARTNERS[card]:
            a = p & -p
            b = p ^ a
            pa = probs[a.bit_length() - 1]
            pb = probs[b.bit_length() - 1]
            if pa and pb:
                q = pa * pb
                if pa < 1.0 and pb < 1.0:
                    q *= background
                miss *= 1.0 - q
        return 1.0 - miss

    # ---- the likelihood of an opponent's observed choices ------------------------------
    def likelihood(
        self,
        s: int,
        hand: int,
        decline_meld: float = 0.2,
        throw_meld: float = 0.3,
        take_alone: float = 0.35,
        throw_high: float = 1.0,
    ) -> float:
        """How likely seat ``s``'s choices were if it holds ``hand`` now: each card it
        left on the pile or threw, when it would have made a meld with the hand it held
        then, and each card it took without making one, multiplies in a factor below 1.

        ``throw_high`` (1: not read) is the factor of a throw that left more deadwood than
        another would have: the thrown card melded with nothing, and the hand then held an
        unmatched card of a higher count (not the one just taken). The hand it held then is
        rebuilt with the cards it drew from the stock since, which are unknown, so a throw
        counts as such only if more such cards are there than those draws (or one of them
        was known to be there: taken from the pile before)."""
        like = 1.0
        took = self.took[s]
        contexts = iter(self.throw_contexts(s)) if throw_high != 1.0 else None
        for kind, c, add, remove in self.signals[s]:
            then = (hand | add) & ~remove
            melds = False
            for p in PARTNERS[c]:
                if then & p == p:
                    melds = True
                    break
            if kind == DECLINE:
                if melds:
                    like *= decline_meld
            elif kind == THROW:
                later, just = next(contexts) if contexts is not None else (0, 0)
                if melds:
                    like *= throw_meld
                elif contexts is not None:
                    loose = 0
                    for x in bits(then & HIGHER[VALUES[c]] & ~just):
                        if not melds_with(then ^ (1 << x), x):
                            if took >> x & 1:
                                loose = later + 1
                                break
                            loose += 1
                    if loose > later:
                        like *= throw_high
            elif not melds:
                like *= take_alone
        return like

    def kind_logs(
        self, s: int, hand: int, rng: random.Random, kappa: float = 0.4, alpha: float = 1.3
    ) -> tuple[float, float]:
        """The log chances of seat ``s``'s choices this hand, if it holds ``hand`` now, under
        two kinds of player, each a normalized chance of every choice (so that the two can be
        weighed against each other, which the factors of :meth:`replay_likelihood` cannot):

        * the *quick* kind (``medium``'s): takes the top discard when it melds in every best
          arrangement of the hand or lets it knock at once, else leaves it; throws the card
          that leaves the least deadwood (ties: the fewest partners, then the highest rank);
          knocks as soon as the knock limit allows;
        * the *holder* kind (``hard``'s with two players): takes a card that melds with the
          hand with chance :data:`HOLDER_TAKE` [0], another with [1]; throws by a softmax,
          ``kappa`` per point, of the deadwood left less ``alpha`` × the improvement a stock
          card brings on average (:func:`draw_outlook`); holds out for gin, passing an open
          knock with chance 0.85.

        A choice its kind would not make has chance :data:`SLIP` (shared among the other
        options). The hand is played back through the choices, last first, as in
        :meth:`replay_likelihood`, but each card drawn from the stock is one of those it can
        be drawn at random (``rng``), so that averaged over play-backs the chances are the
        choices' own and not those of one guessed order of draws."""
        view = self.view
        limit = view.knock_limit
        no_return = view.rules.no_return_discard
        log_slip = math.log(SLIP)
        log_keep = math.log(1.0 - SLIP)
        quick = 0.0
        holder = 0.0
        h = hand
        history = self.history[s]
        live_all = self.unknown | hand
        taken = 0
        for kind, c in history:
            if kind == TAKE:
                taken |= 1 << c
        for i in range(len(history) - 1, -1, -1):
            kind, c = history[i]
            if kind == THROW:
                h |= 1 << c
                prev = history[i - 1] if i else (STOCK, -1)
                barred = prev[1] if no_return and prev[0] == TAKE else -1
                cands = [x for x in bits(h) if x != barred]
                left = [deadwood(h ^ (1 << x)) for x in cands]
                least = min(left)
                if least <= limit:  # a knock was open: the quick kind takes it
                    quick += log_slip
                    holder += log_slip if least == 0 else math.log(0.85)
                pick = -1
                key = (1 << 30, 0, 0, 0)
                for x, dw in zip(cands, left):
                    k = (dw, partners(h, x), -(x % 13), -x)
                    if k < key:
                        key = k
                        pick = x
                if c == pick:
                    quick += log_keep
                else:
                    quick += math.log(SLIP / max(1, len(cands) - 1))
                live = bits(live_all & ~h)
                scores = []
                mine = 0.0
                for x, dw in zip(cands, left):
                    rest = h ^ (1 << x)
                    mean = draw_outlook(rest, dw, live, -1)[0] if live else float(dw)
                    score = dw - alpha * (dw - mean)
                    scores.append(score)
                    if x == c:
                        mine = score
                low = min(scores)
                total = 0.0
                for v in scores:
                    total += math.exp(-kappa * (v - low))
                holder += -kappa * (mine - low) - math.log(total)
            elif kind == STOCK:
                free = h & ~taken
                if free:
                    cand = bits(free)
                    h ^= 1 << cand[int(rng.random() * len(cand))]
            else:  # a take (the card leaves the hand played back) or a decline
                if kind == TAKE:
                    h &= ~(1 << c)
                    taken &= ~(1 << c)
                full = h | 1 << c
                wants = melds_in_best(h, c) or deadwood_after_discard(full) <= limit
                melds = melds_with(h, c)
                if kind == TAKE:
                    quick += log_keep if wants else log_slip
                    holder += math.log(HOLDER_TAKE[0] if melds else HOLDER_TAKE[1])
                else:
                    quick += log_slip if wants else log_keep
                    holder += math.log(1.0 - (HOLDER_TAKE[0] if melds else HOLDER_TAKE[1]))
        return quick, holder

    def throw_contexts(self, s: int) -> list[tuple[int, int]]:
        """For each throw of seat ``s``, in order: how many cards it drew from the stock
        after it (a hand rebuilt from now holds that many cards it did not hold then) and
        the mask of the card it took just before (which it could not throw), read from
        :attr:`history`."""
        history = self.history[s]
        later = sum(1 for kind, _ in history if kind == STOCK)
        out = []
        prev = (STOCK, -1)
        for kind, c in history:
            if kind == STOCK:
                later -= 1
            elif kind == THROW:
                out.append((later, 1 << prev[1] if prev[0] == TAKE else 0))
            prev = (kind, c)
        return out

    def replay_likelihood(
        self,
        s: int,
        hand: int,
        throw_worse: float,
        decline_meld: float = 0.2,
        take_alone: float = 0.35,
        knock_missed: float = 1.0,
    ) -> float:
        """How likely seat ``s``'s choices were if it holds ``hand`` now, read from its hand
        at each choice: the hand is played back through its choices, last first (a throw
        puts the card back, a take takes it out, a stock draw takes out one of the cards
        whose origin is unknown: :func:`_drawn`), so every choice is judged on one hand it
        could have held then. A throw that left more deadwood than another card's would
        have (not the card just taken, which it could not throw) multiplies in
        ``throw_worse``; a card it left on the pile that made a meld with the hand,
        ``decline_meld``; a card it took that made none, ``take_alone``; and, where its last
        choice was a throw and some discard then would have let it knock (this hand's knock
        limit), ``knock_missed`` (1: not read): the player this likelihood models knocks as
        soon as it may. Only that throw is read so: its hand then is exactly ``hand`` and the
        card thrown, where the hands before it are played back through unknown stock draws
        (an earlier hand played back that could have knocked is often one the player never
        held: read at every throw, the worlds' deadwood against ``medium`` came out 1.9 above
        the truth, read at the last 1.4, unread 0.1; ``belief_fit.py`` seed 17)."""
        like = 1.0
        h = hand
        history = self.history[s]
        if (
            knock_missed != 1.0
            and history
            and history[-1][0] == THROW
            and deadwood_after_discard(hand | 1 << history[-1][1]) <= self.view.knock_limit
        ):
            like *= knock_missed
        taken = 0  # the cards taken from the pile before the choice looked at
        for kind, c in history:
            if kind == TAKE:
                taken |= 1 << c
        for i in range(len(history) - 1, -1, -1):
            kind, c = history[i]
            if kind == THROW:
                h |= 1 << c
                left = deadwood(h ^ (1 << c))
                if left > deadwood_after_discard(h):
                    prev = history[i - 1] if i else (STOCK, -1)
                    if prev[0] != TAKE or left > min(
                        deadwood(h ^ (1 << x)) for x in bits(h) if x != prev[1]
                    ):
                        like *= throw_worse
            elif kind == TAKE:
                h &= ~(1 << c)
                taken &= ~(1 << c)
                if not melds_with(h, c):
                    like *= take_alone
            elif kind == STOCK:
                free = h & ~taken
                if free:
                    h ^= 1 << _drawn(h, free)
            elif melds_with(h, c):  # DECLINE
                like *= decline_meld
        return like


def _drawn(hand: int, free: int) -> int:
    """The card of ``free`` (in ``hand``) taken to be the one drawn from the stock, played
    back: the loose card of the highest count (the one whose presence before would make the
    earlier throws look worst), else the highest card."""
    best = -1
    best_key = (-1, -1)
    for x in bits(free):
        key = (0 if melds_with(hand ^ (1 << x), x) else 1, VALUES[x])
        if key > best_key:
            best_key = key
            best = x
    return best


# ---- whole worlds ---------------------------------------------------------------------------
class World:
    """One guess at everything hidden: every hand (as masks) and the stock order."""

    __slots__ = ("hands", "stock", "weight")

    def __init__(self, hands: list[int], stock: list[int], weight: float) -> None:
        self.hands = hands
        self.stock = stock
        self.weight = weight


def _best_of(known: int, cards: list[int], keep: int) -> tuple[int, list[int]]:
    """Keep ``keep`` of ``cards`` (with ``known`` always kept) dropping, one at a time, the
    card whose loss leaves the least deadwood: the hand of a player that saw ``cards``.
    Returns the kept mask and the dropped cards."""
    hand = known
    for c in cards:
        hand |= 1 << c
    pool = list(cards)
    dropped = []
    while len(pool) > keep:
        best = -1
        best_key = (1 << 30, 0)
        for i, c in enumerate(pool):
            key = (deadwood(hand ^ (1 << c)), -VALUES[c])
            if key < best_key:
                best_key = key
                best = i
        c = pool.pop(best)
        hand ^= 1 << c
        dropped.append(c)
    return hand, dropped


def sample_worlds(
    know: Knowledge,
    count: int,
    rng: random.Random,
    oversample: int = 2,
    seen_extra: float = 0.7,
    max_extra: int = 6,
    weighted: bool = True,
    throw_high: float = 1.0,
    replay: float | None = None,
    replay_floor: float = 0.0,
    replay_knocks: float = 1.0,
) -> list[World]:
    """``count`` worlds consistent with everything ``know``'s seat has seen.

    Each opponent's hidden cards are drawn from the unknown ones as if it had seen, beyond
    them, a share (``seen_extra``) of the cards it drew from the stock and kept the best
    (:func:`_best_of`); the rest of the unknown cards, shuffled, are the stock (those that
    nobody can hold). ``oversample`` × ``count`` worlds are drawn and ``count`` kept at
    random in proportion to the likelihood of the opponents' observed choices; the kept
    worlds carry equal weight. The likelihood is :meth:`Knowledge.likelihood`'s (with
    ``throw_high``) or, where ``replay`` is given, :meth:`Knowledge.replay_likelihood`'s
    with ``replay`` the factor of a worse throw, plus ``replay_floor``: the likelihood of a
    mixture of two kinds of player, one who throws the card that leaves the least deadwood
    (``replay``'s) and, in the share ``replay_floor`` beside it, one whose choices tell nothing,
    so that where no world fits the first kind (a player who holds out for gin) the worlds are
    drawn as if its choices were not read. ``replay_knocks`` (1: not read) is the factor, in
    ``replay``'s likelihood, of a world whose opponent's last throw left it a knock it did not
    make (``knock_missed``): ``replay``'s player knocks as soon as it may.
    """
    unknown = bits(know.unknown)
    opponents = [s for s in know.opponents if know.hidden[s] > 0]
    draws = max(1, count * (oversample if weighted else 1))
    pool_worlds: list[World] = []
    for _ in range(draws):
        rng.shuffle(unknown)
        rest = unknown
        hands = list(know.held)
        like = 1.0
        pos = 0
        back: list[int] = []
        reserve = sum(know.hidden[s] for s in opponents)
        for s in opponents:
            need = know.hidden[s]
            reserve -= need
            extra = min(max_extra, int(know.draws[s] * seen_extra + rng.random()))
            extra = min(extra, len(rest) - pos - need - reserve)
            extra = max(extra, 0)
            chosen = rest[pos : pos + need + extra]
            pos += need + extra
            if extra:
                hand, dropped = _best_of(know.held[s], chosen, need)
                back.extend(dropped)
            else:
                hand = know.held[s]
                for c in chosen:
                    hand |= 1 << c
            hands[s] = hand
            if weighted:
                if replay is None:
                    like *= know.likelihood(s, hand, throw_high=throw_high)
                else:
                    quick = know.replay_likelihood(s, hand, replay, knock_missed=replay_knocks)
                    like *= quick + replay_floor
        stock = rest[pos:] + back
        if back:
            rng.shuffle(stock)
        pool_worlds.append(World(hands, stock, like))
    if not weighted or len(pool_worlds) <= count:
        for w in pool_worlds:
            w.weight = 1.0
        return pool_worlds[:count]
    # keep `count` of them, without replacement, in proportion to their likelihood
    keyed = []
    for w in pool_worlds:
        u = rng.random() or 1e-12
        keyed.append((u ** (1.0 / max(w.weight, 1e-9)), w))
    keyed.sort(key=lambda kw: -kw[0])
    out = [w for _, w in keyed[:count]]
    for w in out:
        w.weight = 1.0
    return out


def kind_evidence(
    know: Knowledge, s: int, rng: random.Random, worlds: int = 16, playbacks: int = 6
) -> float:
    """The log odds, from seat ``s``'s choices this hand alone, that it is a player of the
    quick kind rather than the holder kind (:meth:`Knowledge.kind_logs`), at even odds before
    them: each kind's chance of the choices averaged over ``worlds`` worlds drawn as if its
    choices told nothing (:func:`sample_worlds` unweighted) and ``playbacks`` random orders
    of its stock draws in each. 0 where it has made no choice."""
    if not know.history[s]:
        return 0.0
    quick: list[float] = []
    holder: list[float] = []
    for w in sample_worlds(know, worlds, rng, weighted=False):
        for _ in range(playbacks):
            q, h = know.kind_logs(s, w.hands[s], rng)
            quick.append(q)
            holder.append(h)
    if not quick:
        return 0.0
    return _log_mean(quick) - _log_mean(holder)


def _log_mean(logs: Sequence[float]) -> float:
    """log of the mean of exp(``logs``), without overflow."""
    top = max(logs)
    return top + math.log(sum(math.exp(x - top) for x in logs) / len(logs))


def true_worlds(
    know: Knowledge, hands: Sequence[int], count: int, rng: random.Random
) -> list[World]:
    """``count`` worlds holding the true ``hands`` of the other seats (a perfect read), the
    cards no seat holds shuffled as the stock: what a belief would give if it read the
    opponents exactly (``scripts/expert_ab.py --peek`` measures what that is worth)."""
    held = list(hands)
    held[know.seat] = know.hand
    stock = know.unknown
    for other in know.opponents:
        stock &= ~held[other]
    cards = bits(stock)
    out = []
    for _ in range(count):
        rng.shuffle(cards)
        out.append(World(list(held), list(cards), 1.0))
    return out


def world_state(know: Knowledge, world: World) -> HandState:
    """A hand state for ``world``: the view's public state with the world's hidden cards.

    Only the view and the world are read; the stock order is the world's. Any unknown card
    the world leaves out of the hands and the stock is the face-down knock discard, which
    is not drawn again.
    """
    view = know.view
    taken = view.taken_this_turn
    return HandState.from_position(
        view.rules,
        dealer=view.dealer,
        upcard=int(view.upcard),
        hands=world.hands,
        pile=know.pile,
        stock=world.stock[: know.stock],
        phase=view.phase,
        turn=view.to_play if view.to_play is not None else 0,
        taken=int(taken) if taken is not None else None,
        offer_passes=know.offer_passes,
        stock_only=know.stock_only,
    )


def decision_rng(seed: int | None, view: View, salt: str = "") -> random.Random:
    """A random generator determined by the bot's seed and the view alone (so the same
    seed and the same view give the same decision, whatever the hidden cards are)."""
    key = (
        salt,
        view.seat,
        view.hand_number,
        view.dealer,
        int(view.upcard),
        tuple(int(c) for c in view.hand),
        tuple(str(e) for e in view.events),
        view.totals,
    )
    h = zlib.crc32(repr(key).encode())
    return random.Random((seed if seed is not None else 0) * 1_000_003 + h)


def quick_knocker(view: View) -> bool:
    """Whether the one opponent (two players, a game to a target) has shown, in an earlier
    hand of this game, that it knocks short of gin when nothing presses it: it knocked with
    deadwood (a knock or an undercut, not a gin) in a hand that began calm, every total
    before it plus a gin's bonus at that hand's multiplier below the target. One who knocks as
    soon as it may (``medium``) does so in most calm hands; ``hard`` with two players holds
    out for gin and knocks short of it near the target (docs/strength.md, twenty-second
    session: 395 of 598 calm hands against 3 of 461)."""
    if view.players != 2 or view.rules.format != "target" or not view.past_results:
        return False
    other = 1 - view.own_seat
    bonus = view.rules.gin_bonus
    target = view.target
    totals = [0, 0]
    for r in view.past_results:
        reach = bonus * r.multiplier
        calm = totals[0] + reach < target and totals[1] + reach < target
        if calm and r.knocker == other and r.result in ("knock", "undercut"):
            return True
        totals[0] += r.points[0]
        totals[1] += r.points[1]
    return False


def card_text(mask: int) -> str:
    return " ".join(CARDS[c].text for c in bits(mask))
