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

:class:`PlaneEncoder` keeps, per seat, the planes it last wrote and what it has read of the
seat's public log, and at each call reads only the new entries and writes only the cells that
changed, so an observation costs the same early and late in a hand. It reads a seat's
:class:`~okgin.views.Glance` (the part of the seat's view the planes need, in card masks):
:meth:`PlaneEncoder.encode` takes a :class:`~okgin.views.View`, :meth:`PlaneEncoder.encode_game`
and :meth:`PlaneEncoder.encode_hand` glance at the game or hand through the seat directly
(:func:`okgin.views.glance_of`), with no view to build; the arrays are the same.
:func:`planes` encodes a single view from scratch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from okgin.actions import Discard, Knock, Layoff, Pass, Take
from okgin.cards import hand_value
from okgin.errors import OkginError
from okgin.views import Glance, View, glance_of_hand

if TYPE_CHECKING:
    from okgin.game import Game
    from okgin.hand import HandState

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
_HELD: Final = 6 * 52
_DISCARDED: Final = 10 * 52
_PASSED: Final = 14 * 52
_LAID: Final = 18 * 52
_PILE: Final = 24 * 52
_SPREAD: Final = 25 * 52
_BASE: Final = INFO * 52  # the info row in the flat array
#: the rows that follow the hand's state, kept as card masks (flat offsets): hand, taken this
#: turn, top, dead, unseen; then knock deadwood and knock discard (only once somebody knocked)
_HAND: Final = 0
_TAKEN: Final = 52
_TOP: Final = 3 * 52
_DEAD: Final = 4 * 52
_UNSEEN: Final = 5 * 52
_KDW: Final = 22 * 52
_KDISCARD: Final = 23 * 52
_INFO_LEN: Final = 42
_FULL: Final = (1 << 52) - 1
_PHASES: Final = ("offer", "draw", "play", "fiftieth", "fiftieth_knock", "layoff", "over")
_PILE_VALUES: Final = [float(v) for v in np.arange(1, 53, dtype=np.float32) / 52]
_STOCK_VALUES: Final = [k / 52 for k in range(53)]

Planes = npt.NDArray[np.float32]


def _write(flat: Any, base: int, old: int, new: int) -> None:
    """Write 1 where ``new`` has a card ``old`` had not, 0 where ``old`` had one ``new`` has
    not, in the row at flat offset ``base``."""
    diff = old ^ new
    while diff:
        low = diff & -diff
        diff ^= low
        flat[base + low.bit_length() - 1] = 1.0 if new & low else 0.0


class _SeatLog:
    """One seat's planes as last encoded and what it has read of its public log.

    The planes live in one array that each call changes only where cards or numbers
    changed, then copies out: the log's entries set their cells as they are read; the rows
    that follow the hand's state (hand, top, dead, unseen, …) are kept as card masks and
    only their changed bits are written; the info row's numbers are kept and only the
    changed ones written.
    """

    __slots__ = (
        "discarded",
        "flat",
        "held",
        "info",
        "kdw",
        "knock_discard",
        "laid",
        "obs",
        "passed",
        "phase_col",
        "pile",
        "pile_mask",
        "read",
        "rows",
        "seat",
        "size",
        "sizes",
        "source",
        "totals",
        "turn_col",
    )

    def __init__(self, g: Glance, source: object) -> None:
        self.source = source  # what the log belongs to (a hand, or a view's hand key)
        seat = self.seat = g.seat
        self.read = 0
        upcard = g.upcard
        self.pile: list[int] = [upcard]
        self.pile_mask = 1 << upcard
        self.held = [0, 0, 0, 0]
        self.discarded = [0, 0, 0, 0]
        self.passed = [0, 0, 0, 0]
        self.laid = [0, 0, 0, 0]
        self.obs: Planes = np.zeros((NUM_PLANES, 52), dtype=np.float32)
        # the same memory, indexed row * 52 + card (a memoryview: a cell is written faster
        # than through the array; typeshed knows neither float items nor arrays as buffers)
        flat: Any = memoryview(self.obs.reshape(-1))  # type: ignore[arg-type]
        self.flat = flat
        # what the rows hand, taken this turn, top, dead, unseen hold now
        self.rows = [0, 0, 0, 0, 0]
        self.kdw = 0
        self.knock_discard = 0
        self.phase_col = -1
        self.turn_col = -1
        self.size = g.rules.cards_per_hand + 1
        flat[_PILE + upcard] = _PILE_VALUES[0]
        flat[_UPCARD * 52 + upcard] = 1.0
        info = _fixed_info(g, seat)
        for c, value in enumerate(info):
            if value:
                flat[_BASE + c] = value
        self.info = info
        self.totals: tuple[int, ...] = ()
        self.sizes: tuple[int, ...] = ()

    def update(self, g: Glance) -> None:
        """Read the log's entries this seat has not read yet."""
        log: Any = g.log  # (seat, action) pairs; each branch knows its action type
        n = g.players
        me = self.seat
        pile = self.pile
        flat = self.flat
        held = self.held
        for i in range(self.read - g.since, len(log)):
            s, action = log[i]
            j = s - me
            if j < 0:
                j += n
            cls = action.__class__
            if cls is Discard:
                c = action.card
                bit = 1 << c
                flat[_PILE + c] = _PILE_VALUES[len(pile)]
                pile.append(c)
                self.pile_mask |= bit
                self.discarded[j] |= bit
                flat[_DISCARDED + j * 52 + c] = 1.0
                if held[j] & bit:
                    held[j] ^= bit
                    flat[_HELD + j * 52 + c] = 0.0
            elif cls is Take:
                c = pile.pop()
                flat[_PILE + c] = 0.0
                self.pile_mask &= ~(1 << c)
                held[j] |= 1 << c
                flat[_HELD + j * 52 + c] = 1.0
            elif cls is Pass:
                c = pile[-1]
                self.passed[j] |= 1 << c
                flat[_PASSED + j * 52 + c] = 1.0
            elif cls is Layoff:
                c = action.card
                bit = 1 << c
                self.laid[j] |= bit
                flat[_LAID + j * 52 + c] = 1.0
                if held[j] & bit:
                    held[j] ^= bit
                    flat[_HELD + j * 52 + c] = 0.0
                flat[_SPREAD + c] = (action.meld + 1) / 8
            elif cls is Knock:
                # the knocker's cards are all shown now (spread and deadwood planes)
                _write(flat, _HELD + j * 52, held[j], 0)
                held[j] = 0
                for k, m in enumerate(action.melds):
                    for c in m.cards:
                        flat[_SPREAD + c] = (k + 1) / 8
        self.read = g.since + len(log)

    def encode(self, g: Glance, out: Planes | None) -> Planes:
        """The planes after :meth:`update`: the state rows and the info row brought up to
        date, copied into ``out`` (or a new array)."""
        flat = self.flat
        rows = self.rows
        pile = self.pile
        hand = g.hand
        top = 1 << pile[-1] if pile else 0
        pile_mask = self.pile_mask
        held = self.held
        seen = hand | pile_mask | held[0] | held[1] | held[2] | held[3]
        knock_discard = 0
        if g.knocker >= 0:
            kd = g.knock_discard
            if kd >= 0:
                knock_discard = 1 << kd
            kdw = g.knock_deadwood
            for m in g.melds:
                seen |= m
            seen |= kdw | knock_discard
            if kdw != self.kdw:
                _write(flat, _KDW, self.kdw, kdw)
                self.kdw = kdw
            if knock_discard != self.knock_discard:
                _write(flat, _KDISCARD, self.knock_discard, knock_discard)
                self.knock_discard = knock_discard
        taken = g.taken_this_turn
        m = hand
        if m != rows[0]:
            _write(flat, _HAND, rows[0], m)
            rows[0] = m
        m = 1 << taken if taken >= 0 else 0
        if m != rows[1]:
            _write(flat, _TAKEN, rows[1], m)
            rows[1] = m
        if top != rows[2]:
            _write(flat, _TOP, rows[2], top)
            rows[2] = top
        m = (pile_mask & ~top) | knock_discard
        if m != rows[3]:
            _write(flat, _DEAD, rows[3], m)
            rows[3] = m
        m = _FULL & ~seen
        if m != rows[4]:
            _write(flat, _UNSEEN, rows[4], m)
            rows[4] = m
        self._info(g)
        if out is None:
            return self.obs.copy()
        out[...] = self.obs
        return out

    def _info(self, g: Glance) -> None:
        """Write the info row's numbers that changed since the seat's last observation."""
        n = g.players
        me = self.seat
        flat = self.flat
        was = self.info  # the values in the row now, by column
        value = _STOCK_VALUES[g.stock_size]
        if was[2] != value:
            was[2] = value
            flat[_BASE + 2] = value
        col = 3 + g.phase
        if col != self.phase_col:
            if self.phase_col >= 0:
                was[self.phase_col] = 0.0
                flat[_BASE + self.phase_col] = 0.0
            was[col] = 1.0
            flat[_BASE + col] = 1.0
            self.phase_col = col
        to_play = g.to_play
        col = -1 if to_play < 0 else 10 + (to_play - me) % n
        if col != self.turn_col:
            if self.turn_col >= 0:
                was[self.turn_col] = 0.0
                flat[_BASE + self.turn_col] = 0.0
            if col >= 0:
                was[col] = 1.0
                flat[_BASE + col] = 1.0
            self.turn_col = col
        if g.knocker >= 0:
            col = 18 + (g.knocker - me) % n
            if not was[col]:
                was[col] = 1.0
                flat[_BASE + col] = 1.0
                was[35] = value = hand_value(g.knock_deadwood) / 10
                flat[_BASE + 35] = value
        sizes = g.hand_sizes
        if sizes != self.sizes:
            old = self.sizes or (-1,) * n
            self.sizes = sizes
            size = self.size
            for s in range(n):
                if sizes[s] != old[s]:
                    col = 22 + (s - me) % n
                    was[col] = value = sizes[s] / size
                    flat[_BASE + col] = value
        totals = g.totals
        if totals != self.totals:
            self.totals = totals
            target = g.target or g.rules.target
            for s in range(n):
                col = 26 + (s - me) % n
                value = min(totals[s] / target, 1.0)
                if was[col] != value:
                    was[col] = value
                    flat[_BASE + col] = value


class PlaneEncoder:
    """Encodes seats' glances into planes, reading each seat's log incrementally.

    One encoder serves every seat of one table. It starts over for a seat whenever the
    glance belongs to another hand: :meth:`encode_game` and :meth:`encode_hand` follow the
    hand object itself; :meth:`encode` (views, which keep no reference to their hand) the
    hand's number, dealer and upcard, and a log no shorter than what it read.
    """

    __slots__ = ("_logs",)

    def __init__(self) -> None:
        self._logs: dict[int, _SeatLog] = {}

    def reset(self) -> None:
        self._logs.clear()

    def encode(self, view: View, out: Planes | None = None) -> Planes:
        """The planes of ``view`` (into ``out`` when given, else a new array)."""
        seat = _seat_of(view)
        key = (view.hand_number, view.dealer, view.upcard)
        log = self._logs.get(seat)
        if log is None or log.source != key or log.read > len(view.log):
            g = view.glance()
            log = self._logs[seat] = _SeatLog(g, key)
        else:
            g = view.glance(log.read)
        log.update(g)
        return log.encode(g, out)

    def encode_hand(
        self,
        hand: HandState,
        seat: int,
        out: Planes | None = None,
        *,
        hand_number: int = 1,
        totals: tuple[int, ...] = (),
        target: int = 0,
    ) -> Planes:
        """The planes of ``seat``'s view of ``hand`` (:func:`okgin.views.view_of_hand`; the
        game's numbers as :func:`okgin.views.glance_of_hand` takes them), built from the
        seat's glance at the hand without a view."""
        return self._encode(hand, seat, out, hand_number, totals, target)

    def encode_game(self, game: Game, seat: int, out: Planes | None = None) -> Planes:
        """The planes of ``seat``'s view of ``game`` (:func:`okgin.views.view_of`)."""
        sc = game.score
        return self._encode(game.hand, seat, out, len(game.hands), tuple(sc.totals), sc.target)

    def _encode(
        self,
        hand: HandState,
        seat: int,
        out: Planes | None,
        hand_number: int,
        totals: tuple[int, ...],
        target: int,
    ) -> Planes:
        log = self._logs.get(seat)
        if log is None or log.source is not hand or log.read > len(hand.history):
            g = glance_of_hand(hand, seat, 0, hand_number, totals, target)
            log = self._logs[seat] = _SeatLog(g, hand)
        else:
            g = glance_of_hand(hand, seat, log.read, hand_number, totals, target)
        log.update(g)
        return log.encode(g, out)


def planes(view: View) -> Planes:
    """The planes of one view, read from scratch."""
    _seat_of(view)
    g = view.glance()
    log = _SeatLog(g, None)
    log.update(g)
    return log.encode(g, None)


def _seat_of(view: View) -> int:
    if view.seat is None:
        raise OkginError("observation planes are a seat's: a spectator's view has no hand")
    return view.seat


def _fixed_info(g: Glance, me: int) -> list[float]:
    """The info row's numbers that stay the same through a hand."""
    rules = g.rules
    info = [0.0] * _INFO_LEN
    n = g.players
    info[0] = g.knock_limit / 10
    info[1] = 1.0 if g.multiplier == 2 else 0.0
    info[14 + (g.dealer - me) % n] = 1.0
    for j in range(n):
        info[30 + j] = 1.0
    info[34] = 1.0 if g.target > rules.target else 0.0
    info[36] = float(rules.no_return_discard)
    info[37] = float(rules.undercut_on_tie)
    info[38] = float(rules.stock_exhaustion == "fiftieth_card")
    info[39] = float(rules.big_gin_bonus is not None)
    info[40] = float(rules.ace_upcard == "gin_only")
    info[41] = float(rules.multiway_scoring == "lowest")
    return info
