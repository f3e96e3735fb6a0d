"""Observation planes: what one seat's :class:`~okgin.views.View` shows, as a numpy array.

The observation is a ``float32`` array of shape ``(27, 52)``, every value in ``[0, 1]``:
27 planes over the 52 cards (column ``c`` is card ``c``, ``suit × 13 + rank``, suits
``c d h s``, ace = rank 0), the last one a row of numbers. Seats are **relative**: slot 0 is
the observing seat, slot 1 the next seat in play order, and so on; slots past the number
of players stay 0. It is built from the seat's view only (:func:`okgin.views.view_of`),
so it holds nothing the seat may not see.

=====  ===================  =====================================================================
row    name                 1 where the card is …
=====  ===================  =====================================================================
0      ``hand``             in the seat's own hand
1      ``taken_this_turn``  the card the seat took from the pile this turn (it may not discard it
                            under ``no_return_discard``)
2      ``upcard``           the first upcard, which set the knock limit and the doubling
3      ``top``              the top of the face-up discard pile (what ``take`` would take)
4      ``dead``             out of play: buried in the discard pile under its top, or the knock
                            discard once shown
5      ``unseen``           somewhere the seat cannot see: another hand or the stock (or the
                            face-down knock discard)
6–9    ``held[j]``          known to be in seat slot ``j``'s hand: it took the card from the pile
                            and has not discarded or laid it off
10–13  ``discarded[j]``     discarded by slot ``j`` this hand (still in the pile or not)
14–17  ``passed[j]``        passed by slot ``j`` (the upcard at the opening, or the fiftieth card)
18–21  ``laid_off[j]``      laid off by slot ``j`` onto the knocker's melds
22     ``knock_deadwood``   the knocker's deadwood, shown with the spread
23     ``knock_discard``    the knock discard, once the seat may see it (the knocker's own at
                            once, everybody's when the hand is scored)
24     ``pile_order``       in the face-up discard pile: ``(i + 1) / 52``, ``i`` its place from
                            the bottom (so the top has the largest value)
25     ``spread``           in the knocker's meld ``k`` as extended by layoffs so far:
                            ``(k + 1) / 8`` (``k`` is the meld number of the layoff action ids)
26     ``info``             the numbers below, in its first columns; the rest 0
=====  ===================  =====================================================================

Row 26 (``info``), column: value

- 0: knock limit L / 10;  1: 1 when the hand is doubled (multiplier 2);  2: stock size / 52
- 3–9: the phase, one-hot: offer, draw, play, fiftieth, fiftieth_knock, layoff, over
- 10–13: the slot to play, one-hot (none when the hand is over)
- 14–17: the dealer's slot;  18–21: the knocker's slot (none before a knock)
- 22–25: each slot's number of cards / (hand size + 1)
- 26–29: each slot's hand points in the game / the target, at most 1
- 30–33: 1 for each slot that is in play (the number of players)
- 34: 1 when the game's target was doubled (``doubling_effect`` target)
- 35: the knocker's declared deadwood / 10 (0 before a knock)
- 36–41: the rules: ``no_return_discard``, ``undercut_on_tie``, ``stock_exhaustion`` is
  ``fiftieth_card``, big gin played, ``ace_upcard`` is ``gin_only``, ``multiway_scoring`` is
  ``lowest``

:class:`PlaneEncoder` keeps, per seat, what it read of the view's public log and reads only
the new entries at each call, so an observation costs the same early and late in a hand;
:func:`planes` encodes a single view from scratch (the same array).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from okgin.actions import Discard, Knock, Layoff, Pass, Take
from okgin.errors import OkginError
from okgin.views import View

__all__ = ["INFO", "NUM_PLANES", "PLANE_NAMES", "PlaneEncoder", "planes"]

NUM_PLANES: Final = 27
#: The name of each row, in order (``held_0`` … are the seat slots).
PLANE_NAMES: Final[tuple[str, ...]] = (
    "hand",
    "taken_this_turn",
    "upcard",
    "top",
    "dead",
    "unseen",
    *(f"held_{j}" for j in range(4)),
    *(f"discarded_{j}" for j in range(4)),
    *(f"passed_{j}" for j in range(4)),
    *(f"laid_off_{j}" for j in range(4)),
    "knock_deadwood",
    "knock_discard",
    "pile_order",
    "spread",
    "info",
)
INFO: Final = 26
_UPCARD: Final = 2
_HELD: Final = 6
_DISCARDED: Final = 10
_PASSED: Final = 14
_LAID: Final = 18
_PILE: Final = 24
_SPREAD: Final = 25
#: the rows that follow the hand's state, kept as card masks: hand, taken this turn, top,
#: dead, unseen, knock deadwood, knock discard
_SNAPSHOT: Final = (0, 1, 3, 4, 5, 22, 23)
_INFO_LEN: Final = 42
_FULL: Final = (1 << 52) - 1
_PHASES: Final = ("offer", "draw", "play", "fiftieth", "fiftieth_knock", "layoff", "over")
_PHASE_COLUMN: Final = {name: 3 + i for i, name in enumerate(_PHASES)}
_PILE_VALUES: Final = np.arange(1, 53, dtype=np.float32) / 52

Planes = npt.NDArray[np.float32]


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class _SeatLog:
    """One seat's planes as last encoded and what it has read of its view's public log.

    The planes live in one array that each call changes only where cards or numbers
    changed, then copies out: the log's entries set their cells as they are read, the rows
    that follow the hand's state (hand, top, dead, unseen, …) are kept as card masks and
    only their changed bits are written.
    """

    __slots__ = (
        "discarded",
        "flat",
        "held",
        "info",
        "laid",
        "masks",
        "obs",
        "passed",
        "pile",
        "pile_mask",
        "read",
        "seat",
    )

    def __init__(self, view: View, seat: int) -> None:
        self.seat = seat
        self.read = 0
        upcard = view.upcard
        self.pile: list[int] = [upcard]
        self.pile_mask = 1 << upcard
        self.held = [0, 0, 0, 0]
        self.discarded = [0, 0, 0, 0]
        self.passed = [0, 0, 0, 0]
        self.laid = [0, 0, 0, 0]
        self.obs: Planes = np.zeros((NUM_PLANES, 52), dtype=np.float32)
        self.flat = self.obs.reshape(-1)  # the same memory, indexed row * 52 + card
        self.masks = [0] * len(_SNAPSHOT)  # what the snapshot rows hold now
        flat = self.flat
        flat[_PILE * 52 + upcard] = _PILE_VALUES[0]
        flat[_UPCARD * 52 + upcard] = 1.0
        info = _fixed_info(view, seat)
        for c, value in enumerate(info):
            flat[INFO * 52 + c] = value
        self.info = info

    def update(self, view: View) -> None:
        log: Any = view.log  # (seat, action) pairs; each branch knows its action's type
        n = view.players
        me = self.seat
        pile = self.pile
        flat = self.flat
        for i in range(self.read, len(log)):
            s, action = log[i]
            j = (s - me) % n
            cls = action.__class__
            if cls is Discard:
                c = action.card
                flat[_PILE * 52 + c] = _PILE_VALUES[len(pile)]
                pile.append(c)
                self.pile_mask |= 1 << c
                self._set(self.discarded, _DISCARDED, j, c, 1.0)
                self._set(self.held, _HELD, j, c, 0.0)
            elif cls is Take:
                c = pile.pop()
                flat[_PILE * 52 + c] = 0.0
                self.pile_mask &= ~(1 << c)
                self._set(self.held, _HELD, j, c, 1.0)
            elif cls is Pass:
                self._set(self.passed, _PASSED, j, pile[-1], 1.0)
            elif cls is Layoff:
                c = action.card
                self._set(self.laid, _LAID, j, c, 1.0)
                self._set(self.held, _HELD, j, c, 0.0)
                flat[_SPREAD * 52 + c] = (action.meld + 1) / 8
            elif cls is Knock:
                # the knocker's cards are all shown now (spread and deadwood planes)
                held = self.held[j]
                while held:
                    low = held & -held
                    held ^= low
                    self._set(self.held, _HELD, j, low.bit_length() - 1, 0.0)
                for k, m in enumerate(action.melds):
                    for c in m.cards:
                        flat[_SPREAD * 52 + c] = (k + 1) / 8
        self.read = len(log)

    def _set(self, masks: list[int], row: int, j: int, card: int, value: float) -> None:
        bit = 1 << card
        if value:
            masks[j] |= bit
        else:
            masks[j] &= ~bit
        self.flat[(row + j) * 52 + card] = value


class PlaneEncoder:
    """Encodes views into planes, reading each seat's log incrementally.

    One encoder serves every seat of one table; it starts over for a seat whenever the
    view belongs to another hand (another hand number, dealer or upcard, or a shorter log).
    """

    __slots__ = ("_keys", "_logs")

    def __init__(self) -> None:
        self._logs: dict[int, _SeatLog] = {}
        self._keys: dict[int, tuple[int, int, int]] = {}

    def reset(self) -> None:
        self._logs.clear()
        self._keys.clear()

    def encode(self, view: View, out: Planes | None = None) -> Planes:
        """The planes of ``view`` (into ``out`` when given, else a new array)."""
        seat = _seat_of(view)
        key = (view.hand_number, view.dealer, view.upcard)
        log = self._logs.get(seat)
        if log is None or self._keys[seat] != key or log.read > len(view.log):
            log = self._logs[seat] = _SeatLog(view, seat)
            self._keys[seat] = key
        log.update(view)
        return _encode(view, log, out)


def planes(view: View) -> Planes:
    """The planes of one view, read from scratch."""
    log = _SeatLog(view, _seat_of(view))
    log.update(view)
    return _encode(view, log, None)


def _encode(view: View, log: _SeatLog, out: Planes | None) -> Planes:
    pile = log.pile
    hand = _mask(view.hand)
    top = 1 << pile[-1] if pile else 0
    pile_mask = log.pile_mask
    knock_discard = 0
    spread = kdw = 0
    if view.knocker is not None:
        for meld in view.melds:
            spread |= meld.mask
        kdw = _mask(view.knock_deadwood)
        if view.knock_discard is not None:
            knock_discard = 1 << view.knock_discard
    held = log.held
    seen = hand | pile_mask | held[0] | held[1] | held[2] | held[3] | spread | kdw | knock_discard
    taken = view.taken_this_turn
    new = (
        hand,
        0 if taken is None else 1 << taken,
        top,
        (pile_mask & ~top) | knock_discard,
        _FULL & ~seen,
        kdw,
        knock_discard,
    )
    masks = log.masks
    flat = log.flat
    for r, m in enumerate(new):
        diff = m ^ masks[r]
        if diff:
            masks[r] = m
            base = _SNAPSHOT[r] * 52
            while diff:
                low = diff & -diff
                diff ^= low
                flat[base + low.bit_length() - 1] = 1.0 if m & low else 0.0
    _update_info(view, log)
    if out is None:
        return log.obs.copy()
    out[...] = log.obs
    return out


def _seat_of(view: View) -> int:
    if view.seat is None:
        raise OkginError("observation planes are a seat's: a spectator's view has no hand")
    return view.seat


def _fixed_info(view: View, me: int) -> list[float]:
    """The info row's numbers that stay the same through a hand."""
    rules = view.rules
    info = [0.0] * _INFO_LEN
    n = view.players
    info[0] = view.knock_limit / 10
    info[1] = 1.0 if view.multiplier == 2 else 0.0
    info[14 + (view.dealer - me) % n] = 1.0
    for j in range(n):
        info[30 + j] = 1.0
    info[34] = 1.0 if view.target > rules.target else 0.0
    info[36] = float(rules.no_return_discard)
    info[37] = float(rules.undercut_on_tie)
    info[38] = float(rules.stock_exhaustion == "fiftieth_card")
    info[39] = float(rules.big_gin_bonus is not None)
    info[40] = float(rules.ace_upcard == "gin_only")
    info[41] = float(rules.multiway_scoring == "lowest")
    return info


def _update_info(view: View, log: _SeatLog) -> None:
    """Write the info row's numbers that changed since the seat's last observation."""
    n = view.players
    me = log.seat
    flat = log.flat
    base = INFO * 52
    was = log.info  # the values in the row now, by column
    value = view.stock_size / 52
    if was[2] != value:
        was[2] = value
        flat[base + 2] = value
    for col, on in (
        (_PHASE_COLUMN[view.phase], 3),
        (-1 if view.to_play is None else 10 + (view.to_play - me) % n, 10),
    ):
        if col < 0 or not was[col]:
            for c in range(on, on + (7 if on == 3 else 4)):  # one-hot: clear the old one
                if was[c]:
                    was[c] = 0.0
                    flat[base + c] = 0.0
            if col >= 0:
                was[col] = 1.0
                flat[base + col] = 1.0
    if view.knocker is not None:
        col = 18 + (view.knocker - me) % n
        if not was[col]:
            was[col] = 1.0
            flat[base + col] = 1.0
            was[35] = value = sum(c.value for c in view.knock_deadwood) / 10
            flat[base + 35] = value
    size = view.rules.cards_per_hand + 1
    sizes = view.hand_sizes
    for s in range(n):
        col = 22 + (s - me) % n
        value = sizes[s] / size
        if was[col] != value:
            was[col] = value
            flat[base + col] = value
    totals = view.totals
    if totals:
        target = view.target or view.rules.target
        for s in range(n):
            col = 26 + (s - me) % n
            value = min(totals[s] / target, 1.0)
            if was[col] != value:
                was[col] = value
                flat[base + col] = value
