"""Melds and the exact analysis of a hand: deadwood, arrangements, discards, layoffs.

The minimum deadwood is exact, not greedy, and cheap: a hand is four 13-bit suit masks;
runs never cross suits, so a table of 8,192 entries gives each suit's best deadwood with
runs only, and only the ranks held three or four times need their set choices enumerated
(at most 72 combinations for 11 cards, usually none): a rank none of whose cards fits a
run is a set outright, and one contested rank has a closed form. Every function takes a
hand as a 52-bit mask (see :mod:`okgin.cards`).

    >>> from okgin.cards import mask_of, parse_cards
    >>> deadwood(mask_of(parse_cards("3c4c5c 8h8s8d JsQsKs 4d")))
    4
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from okgin.cards import CARDS, VALUES, Card, cards_of, format_cards, hand_value, mask_of
from okgin.errors import CardError

__all__ = [
    "ALL_MELDS",
    "RUNNABLE",
    "RUN_DEADWOOD",
    "Meld",
    "arrangements",
    "best_arrangement",
    "best_layoffs",
    "deadwood",
    "deadwood_after_discard",
    "declared_deadwood",
    "default_arrangement",
    "discard_deadwoods",
    "gin_distance",
    "gin_outs",
    "layoff_spots",
    "melds_in",
]

_M13: Final = 0x1FFF
_BIG: Final = 1 << 20
_RANK_VALUE: Final = tuple(min(r + 1, 10) for r in range(13))


def _run_table() -> tuple[list[int], list[int]]:
    """RUN[m]: least deadwood of one suit's cards ``m`` using runs only.
    DROP[m]: the least change of RUN when one card of ``m`` is removed (for discards)."""
    run = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        i = low.bit_length() - 1
        best = _RANK_VALUE[i] + run[m ^ low]
        j = i + 1
        span = low
        while j < 13 and m >> j & 1:
            span |= 1 << j
            if j - i >= 2:
                v = run[m & ~span]
                best = min(best, v)
            j += 1
        run[m] = best
    drop = [_BIG] * 8192
    for m in range(1, 8192):
        best = _BIG
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            v = run[m ^ low]
            best = min(best, v)
        drop[m] = best - run[m]
    return run, drop


_RUN, _DROP = _run_table()
#: ``RUN_DEADWOOD[m]``: the least deadwood of one suit's cards ``m`` (13 bits), runs only.
RUN_DEADWOOD: Final[tuple[int, ...]] = tuple(_RUN)

# For a rank held by the suits in a 4-bit pattern, the patterns of suits a set may take.
_SET_CHOICES: Final[tuple[tuple[int, ...], ...]] = tuple(
    (() if bin(p).count("1") < 3 else (p,) if bin(p).count("1") == 3 else (15, 14, 13, 11, 7))
    for p in range(16)
)


def _set_states(a: int, b: int, c: int, d: int, t: int) -> list[tuple[int, int, int, int]]:
    """Suit masks left after every choice of sets among the ranks in ``t``."""
    states = [(a, b, c, d)]
    while t:
        low = t & -t
        t ^= low
        pattern = (
            (1 if a & low else 0)
            | (2 if b & low else 0)
            | (4 if c & low else 0)
            | (8 if d & low else 0)
        )
        nl = ~low
        new = []
        for w, x, y, z in states:
            new.append((w, x, y, z))
            for p in _SET_CHOICES[pattern]:
                new.append(
                    (
                        w & nl if p & 1 else w,
                        x & nl if p & 2 else x,
                        y & nl if p & 4 else y,
                        z & nl if p & 8 else z,
                    )
                )
        states = new
    return states


def _runnable_table() -> list[int]:
    """RUNNABLE[m]: the cards of one suit's mask ``m`` that lie in some run of ``m``."""
    out = []
    for m in range(8192):
        w = m & m >> 1 & m >> 2
        out.append((w | w << 1 | w << 2) & _M13)
    return out


_RUNNABLE: Final = _runnable_table()
#: ``RUNNABLE[m]``: the cards of one suit's cards ``m`` (13 bits) that lie in some run of ``m``.
RUNNABLE: Final[tuple[int, ...]] = tuple(_RUNNABLE)
_TWICE_VALUE: Final = tuple(2 * v for v in _RANK_VALUE)


def deadwood(hand: int, _run: list[int] = _RUN, _rn: list[int] = _RUNNABLE) -> int:
    """The exact minimum deadwood of a hand of any size."""
    a = hand & _M13
    b = hand >> 13 & _M13
    c = hand >> 26 & _M13
    d = hand >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    if t:
        # A rank held three or four times whose cards fit no run is always a set.
        free = t & ~(_rn[a] | _rn[b] | _rn[c] | _rn[d])
        if free:
            t ^= free
            k = ~free
            a &= k
            b &= k
            c &= k
            d &= k
    if not t:
        return _run[a] + _run[b] + _run[c] + _run[d]
    if t & (t - 1):
        best = _BIG
        if t & a & b & c & d:
            for w, x, y, z in _set_states(a, b, c, d, t):
                v = _run[w] + _run[x] + _run[y] + _run[z]
                if v < best:
                    best = v
            return best
        # Every contested rank is held three times: a set takes the rank from every suit,
        # so the choices are the subsets of t.
        sub = t
        while True:
            k = ~sub
            v = _run[a & k] + _run[b & k] + _run[c & k] + _run[d & k]
            if v < best:
                best = v
            if not sub:
                return best
            sub = (sub - 1) & t
    # One contested rank: no set, a set of every suit holding it, or (four held) a set
    # of three keeping the fourth card in its suit.
    k = ~t
    ra = _run[a]
    rb = _run[b]
    rc = _run[c]
    rd = _run[d]
    sa = _run[a & k]
    sb = _run[b & k]
    sc = _run[c & k]
    sd = _run[d & k]
    s0 = ra + rb + rc + rd
    s1 = sa + sb + sc + sd
    if a & b & c & d:
        s1 += min(0, ra - sa, rb - sb, rc - sc, rd - sd)
    return s0 if s0 < s1 else s1


def deadwood_after_discard(
    hand: int, _run: list[int] = _RUN, _drop: list[int] = _DROP, _rn: list[int] = _RUNNABLE
) -> int:
    """The least deadwood left after discarding one card of ``hand`` (exact)."""
    a = hand & _M13
    b = hand >> 13 & _M13
    c = hand >> 26 & _M13
    d = hand >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t:  # the common case, spelled out: min() costs more than three comparisons
        least = _drop[a]
        x = _drop[b]
        if x < least:
            least = x
        x = _drop[c]
        if x < least:
            least = x
        x = _drop[d]
        if x < least:
            least = x
        return _run[a] + _run[b] + _run[c] + _run[d] + least
    # Ranks held three or four times whose cards fit no run are sets whatever the discard;
    # discarding one of their cards costs 0 (four held) or leaves the other two as deadwood.
    free = t & ~(_rn[a] | _rn[b] | _rn[c] | _rn[d])
    extra = _BIG
    if free:
        t ^= free
        extra = 0 if free & a & b & c & d else _TWICE_VALUE[(free & -free).bit_length() - 1]
        k = ~free
        a &= k
        b &= k
        c &= k
        d &= k
        if not t:
            return (
                _run[a]
                + _run[b]
                + _run[c]
                + _run[d]
                + min(_drop[a], _drop[b], _drop[c], _drop[d], extra)
            )
    if t & (t - 1):
        best = _BIG
        if t & a & b & c & d:
            for w, x, y, z in _set_states(a, b, c, d, t):
                v = (
                    _run[w]
                    + _run[x]
                    + _run[y]
                    + _run[z]
                    + min(_drop[w], _drop[x], _drop[y], _drop[z], extra)
                )
                if v < best:
                    best = v
            return best
        # Every contested rank held three times: the choices are the subsets of t (see
        # deadwood), each taking its ranks from every suit.
        sub = t
        while True:
            k = ~sub
            w = a & k
            x = b & k
            y = c & k
            z = d & k
            least = extra
            e = _drop[w]
            if e < least:
                least = e
            e = _drop[x]
            if e < least:
                least = e
            e = _drop[y]
            if e < least:
                least = e
            e = _drop[z]
            if e < least:
                least = e
            v = _run[w] + _run[x] + _run[y] + _run[z] + least
            if v < best:
                best = v
            if not sub:
                return best
            sub = (sub - 1) & t
    # One contested rank (see deadwood).
    k = ~t
    a1 = a & k
    b1 = b & k
    c1 = c & k
    d1 = d & k
    ra = _run[a]
    rb = _run[b]
    rc = _run[c]
    rd = _run[d]
    sa = _run[a1]
    sb = _run[b1]
    sc = _run[c1]
    sd = _run[d1]
    da = _drop[a]
    db = _drop[b]
    dc = _drop[c]
    dd = _drop[d]
    ea = _drop[a1]
    eb = _drop[b1]
    ec = _drop[c1]
    ed = _drop[d1]
    best = ra + rb + rc + rd + min(da, db, dc, dd, extra)
    s1 = sa + sb + sc + sd
    v = s1 + min(ea, eb, ec, ed, extra)
    if v < best:
        best = v
    if a & b & c & d:
        for v in (
            s1 - sa + ra + min(da, eb, ec, ed, extra),
            s1 - sb + rb + min(ea, db, ec, ed, extra),
            s1 - sc + rc + min(ea, eb, dc, ed, extra),
            s1 - sd + rd + min(ea, eb, ec, dd, extra),
        ):
            if v < best:
                best = v
    return best


def discard_deadwoods(hand: int) -> list[tuple[Card, int]]:
    """For every card of ``hand``: that card and the least deadwood left without it."""
    out = []
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        out.append((CARDS[low.bit_length() - 1], deadwood(hand ^ low)))
    return out


@mypyc_attr(native_class=False)  # interned through __new__ (scripts/native.py)
class Meld:
    """A set (3 or 4 cards of one rank) or a run (3+ consecutive cards of one suit).

    ``Meld("3c 4c 5c")``, ``Meld(["8h", "8s", "8d"])``; interned, hashable, ordered by
    card order; ``str`` gives ``3c4c5c``.
    """

    __slots__ = ("high", "is_set", "low", "mask", "rank", "suit")
    mask: int
    is_set: bool
    low: int
    high: int
    suit: int
    rank: int

    def __new__(cls, cards: str | Iterable[int | str] | int) -> Meld:
        if isinstance(cards, int) and not isinstance(cards, bool):
            mask = cards
        else:
            from okgin.cards import parse_cards

            items: list[int | str] = (
                list(parse_cards(cards)) if isinstance(cards, str) else list(cards)  # type: ignore[arg-type]
            )
            mask = mask_of(items)
        meld = _BY_MASK.get(mask)
        if meld is None:
            raise CardError(
                f"not a meld: {format_cards(cards_of(mask)) or 'no cards'} "
                "(a set is 3-4 cards of one rank, a run 3+ consecutive cards of one suit)"
            )
        return meld

    @classmethod
    def _make(cls, mask: int) -> Meld:
        self = object.__new__(cls)
        cards = cards_of(mask)
        self.mask = mask
        self.is_set = len({c.rank for c in cards}) == 1
        ranks = sorted(c.rank for c in cards)
        self.low = ranks[0]
        self.high = ranks[-1]
        self.suit = -1 if self.is_set else cards[0].suit
        self.rank = ranks[0] if self.is_set else -1
        return self

    @property
    def cards(self) -> list[Card]:
        """The cards in card order (a run low to high)."""
        return cards_of(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    @property
    def text(self) -> str:
        return "".join(c.text for c in self.cards)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Meld({' '.join(c.text for c in self.cards)!r})"

    def __lt__(self, other: Meld) -> bool:
        return _order_key(self.mask) < _order_key(other.mask)

    def __reduce__(self) -> tuple[type[Meld], tuple[int]]:
        return (Meld, (self.mask,))

    def extensions(self) -> int:
        """Mask of the cards that would extend this meld by one (its layoff spots)."""
        if self.is_set:
            if len(self) == 4:
                return 0
            full = (
                (1 << self.rank)
                | (1 << self.rank + 13)
                | (1 << self.rank + 26)
                | (1 << self.rank + 39)
            )
            return full & ~self.mask
        spots = 0
        base = self.suit * 13
        if self.low > 0:
            spots |= 1 << base + self.low - 1
        if self.high < 12:
            spots |= 1 << base + self.high + 1
        return spots

    def fits(self, card: int) -> bool:
        """Whether ``card`` may be laid off on this meld as it stands."""
        return bool(self.extensions() >> card & 1)

    def extended(self, card: int) -> Meld:
        return _BY_MASK[self.mask | 1 << card]


def _order_key(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(52) if mask >> c & 1)


def _all_melds() -> list[int]:
    masks = []
    for r in range(13):
        full = [1 << (s * 13 + r) for s in range(4)]
        for skip in range(4):
            masks.append(sum(full) - full[skip])
        masks.append(sum(full))
    for s in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                masks.append(sum(1 << (s * 13 + r) for r in range(lo, hi + 1)))
    return sorted(masks, key=_order_key)


_BY_MASK: dict[int, Meld] = {}
for _m in _all_melds():
    _BY_MASK[_m] = Meld._make(_m)
#: Every possible meld (65 sets, 264 runs), in card order; ``ALL_MELDS[i]`` is meld id ``i``.
ALL_MELDS: Final[tuple[Meld, ...]] = tuple(_BY_MASK.values())
_WITH_CARD: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(m.mask for m in ALL_MELDS if m.mask >> c & 1) for c in range(52)
)


def melds_in(hand: int) -> list[Meld]:
    """Every meld whose cards are all in ``hand``."""
    return [m for m in ALL_MELDS if m.mask & hand == m.mask]


def arrangements(hand: int, limit: int | None = None) -> tuple[int, list[tuple[Meld, ...]]]:
    """The minimum deadwood and every arrangement (a tuple of disjoint melds) reaching it.

    Each arrangement lists its melds in card order; the list is in card order too.
    ``limit`` stops after that many arrangements.
    """
    best = deadwood(hand)
    found: list[tuple[Meld, ...]] = []

    def walk(rest: int, spent: int, chosen: tuple[int, ...]) -> bool:
        if limit is not None and len(found) >= limit:
            return False
        if spent + hand_value(rest) == best:
            found.append(tuple(_BY_MASK[m] for m in chosen))
            return True
        low = rest & -rest
        card = low.bit_length() - 1
        for m in _WITH_CARD[card]:
            if m & rest == m and spent + deadwood(rest ^ m) == best:
                walk(rest ^ m, spent, (*chosen, m))
        v = VALUES[card]
        if spent + v + deadwood(rest ^ low) == best:
            walk(rest ^ low, spent + v, chosen)
        return True

    walk(hand, 0, ())
    found.sort(key=lambda arr: sorted(_order_key(m.mask) for m in arr))
    return best, [tuple(sorted(arr)) for arr in found]


#: The four cards of rank 0 (``low * _RANK_CARDS``: those of the rank of bit ``low``).
_RANK_CARDS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: ``_SUIT_RUNS[m]``: the runs (13-bit masks) of the first arrangement of one suit's cards
#: ``m``, filled in as they are asked for (8,192 at most).
_SUIT_RUNS: dict[int, tuple[int, ...]] = {}


def best_arrangement(hand: int) -> tuple[int, tuple[Meld, ...]]:
    """The minimum deadwood and one arrangement that reaches it: the first that
    :func:`arrangements` finds. Where no set contends with a run, that one is every set held
    (a rank held three or four times whose cards fit no run) and each suit's runs, looked up
    by the suit's cards; the rollouts' knocks ask for it at every knock."""
    a = hand & _M13
    b = hand >> 13 & _M13
    c = hand >> 26 & _M13
    d = hand >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    if t & (_RUNNABLE[a] | _RUNNABLE[b] | _RUNNABLE[c] | _RUNNABLE[d]):
        best, found = arrangements(hand, limit=1)
        return best, found[0]
    melds = []
    k = ~t
    while t:
        low = t & -t
        t ^= low
        melds.append(_BY_MASK[hand & low * _RANK_CARDS])
    best = 0
    for s, m in enumerate((a & k, b & k, c & k, d & k)):
        best += _RUN[m]
        runs = _SUIT_RUNS.get(m)
        if runs is None:
            runs = _SUIT_RUNS[m] = tuple(x.mask for x in arrangements(m, limit=1)[1][0])
        melds.extend(_BY_MASK[r << 13 * s] for r in runs)
    melds.sort(key=lambda x: x.mask & -x.mask)  # disjoint: card order is lowest-card order
    return best, tuple(melds)


def layoff_spots(arrangement: Sequence[Meld], hand: int) -> int:
    """Mask of the cards not in ``hand`` that would extend one of the melds."""
    spots = 0
    for m in arrangement:
        spots |= m.extensions()
    return spots & ~hand


def arrangement_key(arrangement: Sequence[Meld]) -> list[tuple[int, ...]]:
    return sorted(_order_key(m.mask) for m in arrangement)


def default_arrangement(hand: int) -> tuple[int, tuple[Meld, ...]]:
    """RULES.md §5: least deadwood; then fewest layoff spots; then first in card order."""
    best, found = arrangements(hand)
    chosen = min(
        found,
        key=lambda arr: (layoff_spots(arr, hand).bit_count(), arrangement_key(arr)),
    )
    return best, chosen


def declared_deadwood(hand: int, melds: Iterable[Meld]) -> int:
    """Deadwood of ``hand`` when exactly ``melds`` are declared (not validated here)."""
    for m in melds:
        hand &= ~m.mask
    return hand_value(hand)


def _chain_options(meld: Meld, hand: int) -> list[tuple[int, tuple[int, ...]]]:
    """Each way to lay cards of ``hand`` onto ``meld``: (mask laid, cards in laying order)."""
    if meld.is_set:
        spot = meld.extensions() & hand
        return [(0, ())] + ([(spot, (spot.bit_length() - 1,))] if spot else [])
    base = meld.suit * 13
    down: list[int] = []
    r = meld.low - 1
    while r >= 0 and hand >> base + r & 1:
        down.append(base + r)
        r -= 1
    up: list[int] = []
    r = meld.high + 1
    while r <= 12 and hand >> base + r & 1:
        up.append(base + r)
        r += 1
    out = []
    for i in range(len(down) + 1):
        for j in range(len(up) + 1):
            seq = tuple(down[:i]) + tuple(up[:j])
            mask = 0
            for c in seq:
                mask |= 1 << c
            out.append((mask, seq))
    return out


def best_layoffs(hand: int, melds: Sequence[Meld]) -> tuple[int, list[tuple[Card, int]]]:
    """A defender's best layoffs onto a knocker's melds, chains included.

    Returns the least deadwood the defender can reach and one way to reach it, as
    ``(card, meld index)`` pairs in an order the rules accept (fewest cards among the best;
    then first in card order).
    """
    per_meld = [_chain_options(m, hand) for m in melds]
    best_dw = deadwood(hand)
    best_key: tuple[int, int, tuple[int, ...]] = (best_dw, 0, ())
    best_seq: list[tuple[Card, int]] = []

    def walk(i: int, used: int, seq: list[tuple[Card, int]]) -> None:
        nonlocal best_key, best_seq
        if i == len(per_meld):
            if used:
                key = (deadwood(hand & ~used), used.bit_count(), _order_key(used))
                if key < best_key:
                    best_key = key
                    best_seq = list(seq)
            return
        for mask, cards in per_meld[i]:
            if mask & used:
                continue
            walk(i + 1, used | mask, seq + [(CARDS[c], i) for c in cards])

    walk(0, 0, [])
    return best_key[0], best_seq


del _m


# ---- how far a hand is from gin -----------------------------------------------------------
#: ``_GIN_SCOPE[c]``: the cards a meld holding card ``c`` can hold (its suit and its rank).
_GIN_SCOPE: Final = tuple((_M13 << (c // 13 * 13)) | (_RANK_CARDS << (c % 13)) for c in range(52))
_GIN_GROUPS: dict[tuple[int, int, int], tuple[tuple[int, int, int], ...]] = {}


def _gin_groups(c: int, rest: int, live: int) -> tuple[tuple[int, int, int], ...]:
    """The melds of a gin hand with ``c`` as their lowest card of ``rest`` (the hand cards
    still free), their other cards in ``rest`` or ``live``: (the cards of ``rest`` in it,
    its size, the live cards that may fill it). A run holds every free hand card between its
    ends, and one or two hand cards are padded to three with live cards; a run may run on by
    up to two live cards at either end, a set of three take its fourth card when it is live.
    A run's fillers are its gaps and the cards it runs on by; a set's, every live card of its
    rank (any of them fills it). Cached by the cards that matter."""
    scope = _GIN_SCOPE[c]
    key = (c, rest & scope, live & scope)
    got = _GIN_GROUPS.get(key)
    if got is not None:
        return got
    rest, live = key[1], key[2]
    out: dict[tuple[int, int], int] = {}
    suit, r = divmod(c, 13)
    base = suit * 13

    def free(x: int) -> bool:
        return 0 <= x <= 12 and bool(live >> (base + x) & 1)

    for b in range(r, 13):
        card = 1 << (base + b)
        if b > r and not (rest | live) & card:
            break  # a card neither held nor live ends every run through it
        if not rest & card:
            continue
        held = rest & (((1 << (b - r + 1)) - 1) << (base + r))
        # the live cards below r and above b that a run of these hand cards may take
        below = 0
        while below < 2 and free(r - below - 1):
            below += 1
        above = 0
        while above < 2 and free(b + above + 1):
            above += 1
        for lo in range(below + 1):
            for hi in range(above + 1):
                n = b - r + 1 + lo + hi
                if n >= 3:
                    whole = ((1 << n) - 1) << (base + r - lo)  # the run, r - lo to b + hi
                    out[(held, n)] = out.get((held, n), 0) | (whole & ~rest)
    same = [1 << (s * 13 + r) for s in range(4) if rest >> (s * 13 + r) & 1 and s != suit]
    spare = live & (_RANK_CARDS << r)
    for pick in range(1 << len(same)):
        held = 1 << c
        for i, one in enumerate(same):
            if pick >> i & 1:
                held |= one
        k = held.bit_count()
        for n in (3, 4):
            if k <= n and n - k <= spare.bit_count():
                out[(held, n)] = out.get((held, n), 0) | (spare if n > k else 0)
    groups = tuple((held, n, fill) for (held, n), fill in out.items())
    if len(_GIN_GROUPS) >= 1 << 16:
        _GIN_GROUPS.clear()
    _GIN_GROUPS[key] = groups
    return groups


def gin_distance(hand: int, live: int, size: int = 10) -> int:
    """How many cards ``hand`` is from gin: the fewest of its cards that, swapped for cards
    of ``live`` (those it may still draw), leave ``size`` cards all in melds. An 11-card hand
    is measured after its best discard. Cheap rather than exact in two rare cases: two melds
    are not checked for wanting the same live card, and three or more places left by the
    hand's melds are taken to be filled by a meld of live cards.

        >>> from okgin.cards import mask_of, parse_cards
        >>> hand = mask_of(parse_cards("AcAdAh 5s6s JdQdKd 2c 9h"))
        >>> gin_distance(hand, mask_of(parse_cards("4s 7s"))), gin_distance(hand, 0)
        (2, 4)
    """
    return gin_outs(hand, live, size)[0]


def gin_outs(hand: int, live: int, size: int = 10) -> tuple[int, int]:
    """:func:`gin_distance` and the **outs**: the cards of ``live`` whose draw brings the
    hand a card nearer to gin (after a discard), as a mask. A card is an out when some
    plan of melds that leaves the hand fewest cards from gin takes it from the live cards
    (a plan needs ``distance`` live cards; drawing one of them and throwing a card the plan
    leaves out is one swap done), so the walk of :func:`gin_distance` keeps, with each
    count, the union of the live cards its best plans take. A meld a plan makes of live
    cards alone (the distance's cheap case) gives no outs: it wants three cards the hand has
    no hold on. Cheap rather than exact where :func:`gin_distance` is.

        >>> from okgin.cards import mask_of, parse_cards, format_cards, cards_of
        >>> hand = mask_of(parse_cards("AcAdAh 5s6s JdQdKd 2c"))
        >>> d, outs = gin_outs(hand, mask_of(parse_cards("4s 7s 9h 2d")), size=9)
        >>> d, format_cards(cards_of(outs))
        (1, '4s 7s')
    """
    memo: dict[tuple[int, int], tuple[int, int]] = {}

    def most(rest: int, room: int) -> tuple[int, int]:
        # the most cards of ``rest`` that melds of ``room`` cards in all can hold (-size:
        # none can fill it), and the live cards the plans that hold that many take
        if room == 0 or (not rest and room >= 3):
            return 0, 0
        if room < 3:
            return -size, 0
        got = memo.get((rest, room))
        if got is not None:
            return got
        low = rest & -rest
        best, fill = most(rest ^ low, room)  # the lowest card left out
        for held, n, takes in _gin_groups(low.bit_length() - 1, rest, live):
            if n <= room:
                k = held.bit_count()
                if k + (rest ^ held).bit_count() >= best:
                    v, more = most(rest & ~held, room - n)
                    v += k
                    if v > best:
                        best, fill = v, takes | more
                    elif v == best:
                        fill |= takes | more
        memo[(rest, room)] = best, fill
        return best, fill

    best, fill = most(hand, size)
    if best < 0:
        return size, 0
    return size - best, fill & live
