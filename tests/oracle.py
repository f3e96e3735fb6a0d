"""An independent model of RULES.md, written from the rules and not from okgin's code, that
the property tests hold the engine to.

It uses nothing of okgin but the :class:`~okgin.rules.Rules` values and the action value
types: its own meld list, a brute-force exact minimum deadwood (the lowest card of a hand
is either deadwood or in exactly one meld, so recursing on it is exhaustive), its own
knock limit, its own replay of a hand's history (hands, pile, stock, phase, turn, the card
taken this turn), its own legality test for any action, its own scoring (§7), and the set
of cards each seat has seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from okgin.actions import Discard, Done, Draw, Knock, Layoff, Pass, Take
from okgin.rules import Rules

SUITS = "cdhs"
FULL = (1 << 52) - 1
PHASES = ("offer", "draw", "play", "fiftieth", "fiftieth_knock", "layoff", "over")


def value(card: int) -> int:
    """A = 1, 2..10 face value, J/Q/K = 10 (RULES.md §1)."""
    return min(card % 13 + 1, 10)


def mask_value(mask: int) -> int:
    return sum(value(c) for c in range(52) if mask >> c & 1)


def bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def mask(cards: Iterable[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _all_melds() -> tuple[int, ...]:
    out = []
    for rank in range(13):
        same = [s * 13 + rank for s in range(4)]
        for k in (3, 4):
            out.extend(mask(combo) for combo in combinations(same, k))
    for suit in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                out.append(mask(suit * 13 + r for r in range(lo, hi + 1)))
    return tuple(out)


#: Every meld as a card mask: 65 sets and 264 runs.
MELDS = _all_melds()
MELD_SET = frozenset(MELDS)
WITH_CARD = tuple(tuple(m for m in MELDS if m >> c & 1) for c in range(52))


def is_meld(m: int) -> bool:
    return m in MELD_SET


@lru_cache(maxsize=1 << 20)
def min_deadwood(hand: int) -> int:
    """Exact minimum deadwood by exhaustive recursion on the lowest card."""
    if not hand:
        return 0
    low = hand & -hand
    card = low.bit_length() - 1
    best = value(card) + min_deadwood(hand ^ low)
    for m in WITH_CARD[card]:
        if m & hand == m:
            best = min(best, min_deadwood(hand ^ m))
    return best


def all_optimal_arrangements(hand: int) -> set[frozenset[int]]:
    """Every set of disjoint melds leaving the minimum deadwood (brute force)."""
    best = min_deadwood(hand)
    found: set[frozenset[int]] = set()

    def walk(rest: int, spent: int, chosen: tuple[int, ...]) -> None:
        if spent + min_deadwood(rest) != best:
            return
        if not rest:
            found.add(frozenset(chosen))
            return
        low = rest & -rest
        card = low.bit_length() - 1
        walk(rest ^ low, spent + value(card), chosen)
        for m in WITH_CARD[card]:
            if m & rest == m:
                walk(rest ^ m, spent, (*chosen, m))

    walk(hand, 0, ())
    return found


def fits(meld: int, card: int) -> bool:
    """Whether ``card`` (not in ``meld``) extends the meld by one (RULES.md §6)."""
    cards = bits(meld)
    if meld >> card & 1:
        return False
    ranks = {c % 13 for c in cards}
    if len(ranks) == 1:
        return len(cards) == 3 and card % 13 in ranks
    suit = cards[0] // 13
    lo = min(c % 13 for c in cards)
    hi = max(c % 13 for c in cards)
    return card // 13 == suit and card % 13 in (lo - 1, hi + 1)


def knock_limit(rules: Rules, upcard: int) -> int:
    """RULES.md §2."""
    if rules.knock_limit != "upcard":
        return int(rules.knock_limit)
    rank = upcard % 13
    if rank == 0:
        return 0 if rules.ace_upcard == "gin_only" else 1
    return min(rank + 1, 10)


def multiplier(rules: Rules, upcard: int) -> int:
    """RULES.md §7: 2 when the upcard is of the doubling suit and it doubles the hand."""
    if (
        rules.doubling_effect == "hand"
        and rules.doubling_suit is not None
        and SUITS[upcard // 13] == rules.doubling_suit
    ):
        return 2
    return 1


class Model:
    """One hand of RULES.md, replayed independently of okgin.hand."""

    def __init__(self, rules: Rules, deck: Sequence[int], dealer: int) -> None:
        n = rules.players
        size = rules.hand_size if rules.hand_size is not None else (10 if n == 2 else 7)
        self.rules = rules
        self.n = n
        self.size = size
        self.dealer = dealer
        self.deck = [int(c) for c in deck]
        self.hands = [0] * n
        for i in range(n * size):
            self.hands[(dealer + 1 + i) % n] |= 1 << self.deck[i]
        self.upcard = self.deck[n * size]
        self.limit = knock_limit(rules, self.upcard)
        self.mult = multiplier(rules, self.upcard)
        self.pile: list[tuple[int, int | None]] = [(self.upcard, None)]
        self.pos = n * size + 1
        self.phase = "offer"
        self.turn = (dealer + 1) % n
        self.passes = 0
        self.stock_only = False
        self.taken = -1
        self.knocker = -1
        self.knock_card: int | None = None
        self.knock_dw = 0
        self.declared: list[int] = []
        self.melds: list[int] = []
        self.laid = [0] * n
        self.result: tuple[Any, ...] | None = None
        self.public = 1 << self.upcard
        self.private = list(self.hands)

    def copy(self) -> Model:
        new = object.__new__(Model)
        new.__dict__.update(self.__dict__)
        for name in ("deck", "hands", "pile", "declared", "melds", "laid", "private"):
            setattr(new, name, list(getattr(self, name)))
        return new

    # ---- what may be done ---------------------------------------------------------
    @property
    def stock_size(self) -> int:
        return 52 - self.pos

    def knock_discards(self, hand: int, taken: int) -> set[int]:
        """Cards whose knock discard leaves a hand with min deadwood ≤ L."""
        out = set()
        for c in bits(hand):
            if c == taken and self.rules.no_return_discard:
                continue
            if min_deadwood(hand & ~(1 << c)) <= self.limit:
                out.add(c)
        return out

    def big_gin_ok(self, hand: int) -> bool:
        return self.rules.big_gin_bonus is not None and min_deadwood(hand) == 0

    def can_take_fiftieth(self) -> bool:
        top = self.pile[-1][0]
        hand = self.hands[self.turn] | 1 << top
        return bool(self.knock_discards(hand, top)) or self.big_gin_ok(hand)

    def simple_legal(self) -> set[object]:
        """The legal actions other than knocks, as value objects."""
        p = self.phase
        hand = self.hands[self.turn]
        if p == "offer":
            return {Take(), Pass()}
        if p == "draw":
            return {Draw()} if self.stock_only else {Draw(), Take()}
        if p == "play":
            return {
                Discard(c)  # type: ignore[arg-type]
                for c in bits(hand)
                if not (c == self.taken and self.rules.no_return_discard)
            }
        if p == "fiftieth":
            return {Take(), Pass()} if self.can_take_fiftieth() else {Pass()}
        if p == "layoff":
            out: set[object] = {Done()}
            for k, m in enumerate(self.melds):
                out.update(Layoff(c, k) for c in bits(hand) if fits(m, c))  # type: ignore[arg-type]
            return out
        return set()

    def knock_problem(self, action: Knock) -> str | None:
        """Why a knock is refused in this phase (None when it is legal)."""
        if self.phase not in ("play", "fiftieth_knock"):
            return "phase"
        hand = self.hands[self.turn]
        if action.card is None:
            if self.rules.big_gin_bonus is None:
                return "no big gin"
            rest = hand
        else:
            c = int(action.card)
            if not hand >> c & 1:
                return "not in hand"
            if c == self.taken and self.rules.no_return_discard:
                return "taken card"
            rest = hand & ~(1 << c)
        used = 0
        for m in action.melds:
            if not is_meld(m.mask):
                return "not a meld"
            if m.mask & used:
                return "overlap"
            if m.mask & rest != m.mask:
                return "meld not in hand"
            used |= m.mask
        dk = mask_value(rest & ~used)
        if action.card is None and dk:
            return "big gin with deadwood"
        if dk > self.limit:
            return "over the limit"
        return None

    def legal(self, seat: int | None, action: object) -> bool:
        """Whether ``action`` by ``seat`` (None: the seat on turn) is legal now."""
        if self.phase == "over":
            return False
        if seat is not None and seat != self.turn:
            return False
        if isinstance(action, Knock):
            return self.knock_problem(action) is None
        return action in self.simple_legal()

    # ---- playing -------------------------------------------------------------------
    def _next(self, seat: int) -> int:
        return (seat + 1) % self.n

    def apply(self, seat: int, action: object) -> None:
        """Play a legal action (asserts it is legal)."""
        assert self.legal(seat, action), (self.phase, seat, action)
        p = self.phase
        if isinstance(action, Take):
            card, _ = self.pile.pop()
            self.hands[seat] |= 1 << card
            self.taken = card
            self.phase = "fiftieth_knock" if p == "fiftieth" else "play"
        elif isinstance(action, Pass):
            if p == "fiftieth":
                self._dead()
                return
            self.passes += 1
            if self.passes == self.n:
                self.turn = self._next(self.dealer)
                self.phase = "draw"
                self.stock_only = True
            else:
                self.turn = self._next(seat)
        elif isinstance(action, Draw):
            assert self.stock_size > 2, "nobody draws from a stock of 2 (RULES.md §8)"
            card = self.deck[self.pos]
            self.pos += 1
            self.hands[seat] |= 1 << card
            self.private[seat] |= 1 << card
            self.taken = -1
            self.stock_only = False
            self.phase = "play"
        elif isinstance(action, Discard):
            card = int(action.card)
            self.hands[seat] &= ~(1 << card)
            self.pile.append((card, seat))
            self.public |= 1 << card
            self.taken = -1
            self.turn = self._next(seat)
            if self.stock_size == 2:
                if self.rules.stock_exhaustion == "standard":
                    self._dead()
                else:
                    self.phase = "fiftieth"
            else:
                self.phase = "draw"
        elif isinstance(action, Knock):
            hand = self.hands[seat]
            card = None if action.card is None else int(action.card)
            rest = hand if card is None else hand & ~(1 << card)
            used = mask(c for m in action.melds for c in bits(m.mask))
            self.hands[seat] = rest
            self.knocker = seat
            self.knock_card = card
            self.declared = [m.mask for m in action.melds]
            self.melds = list(self.declared)
            self.knock_dw = mask_value(rest & ~used)
            self.public |= rest  # the spread and the knocker's deadwood are shown
            self.taken = -1
            if self.knock_dw == 0:
                self._score()
            else:
                self.phase = "layoff"
                self.turn = self._next(seat)
        elif isinstance(action, Layoff):
            card = int(action.card)
            self.hands[seat] &= ~(1 << card)
            self.melds[action.meld] |= 1 << card
            self.laid[seat] |= 1 << card
            self.public |= 1 << card
        elif isinstance(action, Done):
            nxt = self._next(seat)
            if nxt == self.knocker:
                self._score()
            else:
                self.turn = nxt
        else:  # pragma: no cover
            raise AssertionError(action)

    def _dead(self) -> None:
        self.phase = "over"
        self.result = ("dead", None, self.limit, self.mult, None, (0,) * self.n, None)

    def _score(self) -> None:
        """RULES.md §7."""
        r = self.rules
        n = self.n
        k = self.knocker
        m = self.mult
        dk = self.knock_dw
        dws = [dk if s == k else min_deadwood(self.hands[s]) for s in range(n)]
        points = [0] * n
        defenders = [s for s in range(n) if s != k]
        if dk == 0:
            big = self.knock_card is None
            bonus = r.big_gin_bonus if big and r.big_gin_bonus is not None else r.gin_bonus
            points[k] = m * (bonus + sum(dws[s] for s in defenders))
            kind = "big_gin" if big else "gin"
        else:
            beaten = {s: dws[s] > dk or (dws[s] == dk and not r.undercut_on_tie) for s in defenders}
            kind = "knock"
        lowest = kind == "knock" and n > 2 and r.multiway_scoring == "lowest"
        order = [(k + i) % n for i in range(n)]  # the knocker first, then after it
        if lowest:
            # one winner, who alone scores: the knocker if it beats all, else the lowest
            # defender, the first after the knocker among equals
            if all(beaten.values()):
                winner = k
                points[k] = m * (sum(dws[s] for s in defenders) - dk * (n - 1) + r.knock_bonus)
            else:
                winner = min(order[1:], key=lambda s: (dws[s], order.index(s)))
                rest = [s for s in range(n) if s != winner]
                points[winner] = m * (
                    sum(dws[s] for s in rest) - dws[winner] * len(rest) + r.undercut_bonus
                )
        else:
            if kind == "knock":
                for s in defenders:
                    if beaten[s]:
                        points[k] += m * (dws[s] - dk + r.knock_bonus)
                    else:
                        points[s] += m * (dk - dws[s] + r.undercut_bonus)
            if n == 2:
                winner = k if kind != "knock" or beaten[1 - k] else 1 - k
            else:
                top = max(points)
                winner = next(s for s in order if points[s] == top)
        if kind == "knock" and winner != k:
            kind = "undercut"
        self.phase = "over"
        self.turn = -1
        self.result = (kind, k, self.limit, m, tuple(dws), tuple(points), winner)

    # ---- what a seat may have seen ---------------------------------------------------
    def allowed(self, seat: int) -> int:
        """The cards ``seat`` may know: its own cards (dealt, drawn), every face-up card,
        the knocker's spread and deadwood, the layoffs; once over, every card in a hand and
        the knock discard. Never a card still in the stock."""
        allowed = self.public | self.private[seat]
        if self.phase == "over":
            allowed = FULL
        stock = mask(self.deck[self.pos :])
        return allowed & ~stock

    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn


def model_of(hand: Any) -> Model:
    """A model replaying a :class:`~okgin.hand.HandState`'s deal and history."""
    model = Model(hand.rules, hand.deck, hand.dealer)
    for seat, action in hand.history:
        model.apply(seat, action)
    return model


def _finals(rules: Rules, totals: list[int], wins: list[int], winner: int | None) -> list[int]:
    """RULES.md §9: hand points, a box bonus per hand won that counted, the game bonus for
    the winner, doubled by a shutout."""
    out = []
    for s, total in enumerate(totals):
        final = total + rules.box_bonus * wins[s]
        if s == winner:
            final += rules.game_bonus
            if rules.shutout == "double" and all(t == 0 for o, t in enumerate(totals) if o != s):
                final *= 2
        out.append(final)
    return out


def game_summary(rules: Rules, models: list[Model]) -> dict[str, Any]:
    """The ``okgin replay --json`` object (RECORD.md) for hands replayed by ``models``,
    scored by RULES.md §9 (with docs/rules.md §13's readings for Hollywood)."""
    n = rules.players
    totals = [0] * n
    wins = [0] * n
    target = rules.target
    doubled = False
    complete = False
    winner: int | None = None
    final: list[int] | None = None
    hollywood = rules.format == "hollywood"
    games = [
        {"target": target, "totals": [0] * n, "wins": [0] * n, "closed": False, "winner": None}
        for _ in range(3 if hollywood else 0)
    ]
    hw_wins = [0] * n
    next_dealer = models[0].dealer if models else 0
    hands = []
    for i, m in enumerate(models):
        assert not complete, "a hand after the game is over"
        assert i == 0 or m.dealer == next_dealer, "the dealer is not the rotation's"
        if (
            rules.doubling_effect == "target"
            and rules.format != "single"
            and rules.doubling_suit is not None
            and SUITS[m.upcard // 13] == rules.doubling_suit
            and not doubled
        ):
            doubled = True
            target *= 2
            for g in games:
                g["target"] *= 2
        if m.result is None:
            hands.append(
                {
                    "result": "incomplete",
                    "knocker": m.knocker if m.knocker >= 0 else None,
                    "knock_limit": m.limit,
                    "multiplier": m.mult,
                    "deadwood": None,
                    "points": [0] * n,
                }
            )
            continue
        kind, knocker, limit, mult, dws, points, w = m.result
        hands.append(
            {
                "result": kind,
                "knocker": knocker,
                "knock_limit": limit,
                "multiplier": mult,
                "deadwood": None if dws is None else list(dws),
                "points": list(points),
            }
        )
        for s in range(n):
            totals[s] += points[s]
        if w is not None:
            wins[w] += 1
        if w is None:
            next_dealer = m.dealer
        elif rules.dealer_rotation == "winner":
            next_dealer = w
        else:
            next_dealer = (m.dealer + 1) % n
        if rules.format == "single":
            complete, winner, final = True, w, list(points)
        elif rules.format == "target":
            top = max(totals)
            leaders = [s for s in range(n) if totals[s] == top]
            if top >= target and len(leaders) == 1:
                complete, winner = True, leaders[0]
                final = _finals(rules, totals, wins, winner)
        elif w is not None:
            hw_wins[w] += 1
            entered = [g for g in games[: min(hw_wins[w], 3)] if not g["closed"]]
            if not entered:
                entered = [g for g in games if not g["closed"]][:1]
            for g in entered:
                g["totals"][w] += points[w]
                g["wins"][w] += 1
                if g["totals"][w] >= g["target"]:
                    g["closed"] = True
                    g["winner"] = w
            if all(g["closed"] for g in games):
                complete = True
                finals = [_finals(rules, g["totals"], g["wins"], g["winner"]) for g in games]
                final = [sum(f[s] for f in finals) for s in range(n)]
                top = max(final)
                leaders = [s for s in range(n) if final[s] == top]
                winner = leaders[0] if len(leaders) == 1 else None
    out: dict[str, Any] = {
        "hands": hands,
        "totals": totals,
        "complete": complete,
        "winner": winner if complete else None,
        "final": final if complete else None,
        "target": target,
    }
    if hollywood:
        out["games"] = [
            {
                "totals": g["totals"],
                "closed": g["closed"],
                "final": _finals(rules, g["totals"], g["wins"], g["winner"])
                if g["closed"]
                else None,
            }
            for g in games
        ]
    return out
