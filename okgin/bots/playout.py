"""A fast policy that plays a hand state to its end: the rollouts of the ``expert`` bot.

Every seat plays like the simple baseline, straight on the state's masks: take the top
discard when it melds (it lowers the deadwood by more than it adds) or lets it knock, throw
the card that leaves the least deadwood (the highest on ties), knock as soon as the limit
allows (gin first), take the fiftieth card when a knock is then legal, lay off the best. It
moves through :meth:`HandState.apply` (so every step is checked by the engine) and reads
only the state it is given: a world sampled from a view, never the real hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from okgin.actions import DISCARDS, DONE, DRAW, ID_TAKE, PASS, TAKE, Knock, Layoff
from okgin.bots.belief import NEIGHBOURS
from okgin.cards import CARDS, VALUES
from okgin.hand import HandState, Phase
from okgin.melds import (
    RUN_DEADWOOD,
    RUNNABLE,
    Meld,
    best_arrangement,
    best_layoffs,
    deadwood,
    deadwood_after_discard,
)

__all__ = ["playout"]

_OFFER = Phase.OFFER
_DRAW = Phase.DRAW
_PLAY = Phase.PLAY
_FIFTY = Phase.FIFTIETH
_FIFTY_KNOCK = Phase.FIFTIETH_KNOCK
_LAYOFF = Phase.LAYOFF
_OVER = Phase.OVER


_M13: Final = 0x1FFF
#: ``_BY_VALUE[v]``: the mask of the cards worth ``v``.
_BY_VALUE: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c in range(52) if VALUES[c] == v) for v in range(11)
)


def _drop_table() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For one suit's cards ``m`` (13 bits): the rank whose discard leaves the least run-only
    deadwood of the suit, the highest card on ties and then the lowest rank (as
    :func:`_best_discard` breaks them), and that deadwood; rank -1 for no cards."""
    ranks = [-1] * 8192
    left = [1 << 30] * 8192
    for m in range(1, 8192):
        best = (1 << 30, 0, 0)
        for r in range(13):
            if m >> r & 1:
                key = (RUN_DEADWOOD[m ^ 1 << r], -min(r + 1, 10), r)
                if key < best:
                    best = key
        left[m], ranks[m] = best[0], best[2]
    return tuple(ranks), tuple(left)


#: ``_DROP_RANK[m]``, ``_DROP_LEFT[m]``: one suit's best discard (see :func:`_drop_table`).
_DROP_RANK, _DROP_LEFT = _drop_table()


def _best_discard(hand: int, skip: int) -> tuple[int, int]:
    """(least deadwood after a discard, that discard); the cards of mask ``skip`` may not
    be thrown (the card ``-1`` when all are skipped).

    Ties go to the higher card, then to the lower card index. Without a rank held three or
    four times (no set possible) the deadwood is the sum of the suits' run-only deadwood, so
    a discard changes one suit's term only; so it is too when every such rank fits no run
    (its set stands whatever is thrown: a card of a set of four costs nothing, one of a set
    of three leaves the other two as deadwood)."""
    a = hand & _M13
    b = hand >> 13 & _M13
    c = hand >> 26 & _M13
    d = hand >> 39
    best_dw = 1 << 30
    best_c = -1
    best_v = -1
    run = RUN_DEADWOOD
    t = (a & b & (c | d)) | (c & d & (a | b))
    if t and t & (RUNNABLE[a] | RUNNABLE[b] | RUNNABLE[c] | RUNNABLE[d]):
        # a set contends with a run: try the cards from the costliest down; a discard
        # lowers the deadwood by at most the card's value, so the search stops early
        full = deadwood(hand)
        target = deadwood_after_discard(hand)
        for v in range(10, 0, -1):
            if full - v >= best_dw:
                break
            rest = hand & _BY_VALUE[v] & ~skip
            while rest:
                low = rest & -rest
                rest ^= low
                card = low.bit_length() - 1
                dw = deadwood(hand ^ low)
                if dw < best_dw:
                    best_dw = dw
                    best_c = card
                    if dw == target:
                        return best_dw, best_c
        return best_dw, best_c
    if t:  # the sets of ranks t stand; the other cards are run-only
        k = ~t
        a &= k
        b &= k
        c &= k
        d &= k
        base = run[a] + run[b] + run[c] + run[d]
        while t:
            low = t & -t
            t ^= low
            r = low.bit_length() - 1
            held = hand >> r & 1 | (hand >> r + 13 & 1) << 1
            held |= (hand >> r + 26 & 1) << 2 | (hand >> r + 39 & 1) << 3
            v = r + 1 if r < 10 else 10
            dw = base if held == 15 else base + 2 * v
            if dw > best_dw or (dw == best_dw and v < best_v):
                continue
            for s in range(4):  # the lowest card of the rank that may be thrown
                card = 13 * s + r
                if held >> s & 1 and not skip >> card & 1:
                    if dw < best_dw or v > best_v or card < best_c:
                        best_dw = dw
                        best_c = card
                        best_v = v
                    break
    else:
        base = run[a] + run[b] + run[c] + run[d]
    suits = (a, b, c, d)
    for s in range(4):
        m = suits[s]
        if not m:
            continue
        rm = base - run[m]
        offset = 13 * s
        rest = m & ~(skip >> offset)
        if rest == m:  # nothing of this suit skipped: its best discard is in the table
            r = _DROP_RANK[m]
            dw = rm + _DROP_LEFT[m]
            v = r + 1 if r < 10 else 10
            card = offset + r
            if dw < best_dw or (dw == best_dw and (v > best_v or (v == best_v and card < best_c))):
                best_dw = dw
                best_c = card
                best_v = v
            continue
        while rest:
            low = rest & -rest
            rest ^= low
            card = offset + low.bit_length() - 1
            dw = rm + run[m ^ low]
            v = VALUES[card]
            if dw < best_dw or (dw == best_dw and (v > best_v or (v == best_v and card < best_c))):
                best_dw = dw
                best_c = card
                best_v = v
    return best_dw, best_c


def _left_after(hand: int, skip: int) -> list[tuple[int, int]]:
    """(card, deadwood left after throwing it) for every card of ``hand`` not in ``skip``,
    lowest card first. Without a rank held three or four times a discard changes one
    suit's run-only term (as in :func:`_best_discard`); else the full count."""
    a = hand & _M13
    b = hand >> 13 & _M13
    c = hand >> 26 & _M13
    d = hand >> 39
    sets = (a & b & (c | d)) | (c & d & (a | b))
    run = RUN_DEADWOOD
    base = run[a] + run[b] + run[c] + run[d]
    suits = (a, b, c, d)
    out: list[tuple[int, int]] = []
    rest = hand & ~skip
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        if sets:
            dw = deadwood(hand ^ low)
        else:
            s = card // 13
            m = suits[s]
            dw = base - run[m] + run[m ^ (low >> (13 * s))]
        out.append((card, dw))
    return out


def _combo_discard(hand: int, skip: int, combo: int) -> tuple[int, int, int]:
    """:func:`_best_discard`'s (least deadwood, that discard) and a gin seeker's discard, in
    one pass: the least of the deadwood after it plus ``combo`` × the cards of ``hand`` it
    could meld with (same rank, or same suit within two), so a high pair or connector is
    kept over a lone low card (ties to the higher card; ``-1`` when all are skipped)."""
    best = least = 1 << 30
    best_c = least_c = -1
    least_v = -1
    for card, dw in _left_after(hand, skip):
        v = VALUES[card]
        if dw < least or (dw == least and (v > least_v or (v == least_v and card < least_c))):
            least = dw
            least_c = card
            least_v = v
        score = dw + combo * (NEIGHBOURS[card] & hand).bit_count()
        if score < best or (score == best and v > VALUES[best_c]):
            best = score
            best_c = card
    return least, least_c, best_c


def _medium_discard(hand: int, skip: int) -> tuple[int, int]:
    """(least deadwood after a discard, ``medium``'s discard): of the discards that leave
    the least deadwood, the one with the fewest partners in ``hand`` (cards of its rank, or
    of its suit within two ranks: :data:`~okgin.bots.belief.NEIGHBOURS`), then the highest
    rank, then the highest card (``-1`` when all are skipped)."""
    least = 1 << 30
    best_c = -1
    best_p = 0
    best_r = 0
    for card, dw in _left_after(hand, skip):
        if dw > least:
            continue
        p = (NEIGHBOURS[card] & hand).bit_count()
        r = card % 13
        # cards come lowest first, so a later card ties on rank only as a higher card
        if dw < least or p < best_p or (p == best_p and r >= best_r):
            least = dw
            best_c = card
            best_p = p
            best_r = r
    return least, best_c


def _knock(h: HandState, hand: int, card: int) -> None:
    h.apply(Knock(CARDS[card], best_arrangement(hand & ~(1 << card))[1]))


def _safe_discard(
    hand: int, skip: int, dw: int, card: int, nxt: int, slack: int, danger: int = -1
) -> int:
    """``card`` (leaving ``dw``) or a discard leaving at most ``dw + slack`` that the hand
    ``nxt`` would not meld (see :func:`playout`'s ``safe_seat``); with ``danger`` (a mask,
    -1: none) one not in ``danger`` instead, ``nxt`` unread."""
    base = deadwood(nxt) if danger < 0 else 0
    c = card
    for _ in range(3):
        if danger >= 0:
            if not danger >> c & 1:
                return c
        elif deadwood(nxt | 1 << c) >= base + VALUES[c]:
            return c
        skip |= 1 << c
        dw2, c = _best_discard(hand, skip)
        if c < 0 or dw2 > dw + slack:
            return card
    return card


#: A seat that knocks as soon as the limit allows: ``(10, 0)`` in :func:`playout`'s caps.
AT_ONCE: Final = (10, 0)


def playout(
    h: HandState,
    max_steps: int = 400,
    caps: Sequence[tuple[int, int]] | None = None,
    safe_seat: int = -1,
    safe_slack: int = 4,
    combos: Sequence[int] | None = None,
    danger: int = -1,
    mimic: int = 0,
    others_slack: int = -1,
) -> int:
    """Play ``h`` to the end with the fast policy; returns the number of actions played.

    ``caps[s] = (cap, stock)``: seat ``s`` knocks only with ``cap`` deadwood or less (0:
    gin only) while the stock holds more than ``stock`` cards; by default every seat knocks
    as soon as it may. Against players who knock at once, a low hand held back wins
    undercuts and gins.

    ``safe_seat`` (if a seat) does not feed the next seat: of its discards leaving at most
    ``safe_slack`` more deadwood than the least, it throws the best one that the next seat
    would not take for a meld (tried in order, three at most), as a careful player does
    from what it has seen; here it reads the next seat's hand in the state, so use it
    only on sampled worlds. With ``danger`` (a mask of cards, -1: none) it reads no hand:
    a card of ``danger`` is one it would feed (what a player who cannot see the next hand
    judges from what it has seen).

    ``combos[s]`` above 0: seat ``s`` throws like a gin seeker when it does not knock, the
    card least by deadwood left plus ``combos[s]`` × the cards in hand that card could meld
    with (:func:`_combo_discard`); the expert's rollouts give it to the opponents they take
    for players holding out for gin (``expert:holder``; docs/strength.md, issue 16).

    ``mimic``: a mask of seats that, where ``combos`` does not set their discards, break
    the plain policy's ties as ``medium`` does (:func:`_medium_discard`: of the discards
    that leave the least deadwood, the fewest partners in hand, then the highest rank)
    rather than by the highest card.

    ``others_slack`` (0 or more; -1: off): every seat but ``safe_seat`` keeps from feeding
    the next seat too, as ``safe_seat`` does with ``safe_slack``, reading the next seat's
    hand in the state (a careful opponent, as ``hard`` is)."""
    if caps is None:
        caps = [AT_ONCE] * h.n
    rules = h.rules
    no_return = rules.no_return_discard
    big_gin = rules.big_gin_bonus is not None
    steps = 0
    # turns in a row that took from the pile: after 2 × players, the next one draws, so
    # players who keep taking each other's discards cannot stall the hand
    takes = 0
    swaps = 2 * h.n
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
            full = hand | 1 << top
            take = False
            if takes < swaps:
                take = deadwood(full) < deadwood(hand) + VALUES[top]
                if not take and deadwood_after_discard(full) <= h.limit:
                    dw, _ = _best_discard(full, 1 << top if no_return else 0)
                    take = dw <= h.limit
            if take:
                takes += 1
                h.apply(TAKE)
            else:
                if p == _DRAW:
                    takes = 0
                h.apply(DRAW if p == _DRAW else PASS)
        elif p in (_PLAY, _FIFTY_KNOCK):
            skip = 1 << h.taken if no_return and h.taken >= 0 else 0
            if big_gin and deadwood(hand) == 0:
                h.apply(Knock(None, best_arrangement(hand)[1]))
                continue
            if combos is not None and combos[s]:
                dw, c, gin_c = _combo_discard(hand, skip, combos[s])
            elif mimic >> s & 1:
                dw, c = _medium_discard(hand, skip)
                gin_c = c
            else:
                dw, c = _best_discard(hand, skip)
                gin_c = c
            if dw <= h.limit and (
                dw <= caps[s][0] or 52 - h.stock_pos <= caps[s][1] or p == _FIFTY_KNOCK
            ):
                _knock(h, hand, c)
            else:
                c = gin_c
                if s == safe_seat:
                    c = _safe_discard(hand, skip, dw, c, h.hands[(s + 1) % h.n], safe_slack, danger)
                elif others_slack >= 0:
                    c = _safe_discard(hand, skip, dw, c, h.hands[(s + 1) % h.n], others_slack)
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
