"""One hand of Oklahoma Gin as a state machine.

A :class:`HandState` is dealt from a deck order (chance as data), then driven by actions:
:meth:`HandState.legal_actions` lists what the seat on turn may do, :meth:`HandState.apply`
validates and plays one, raising :class:`~okgin.errors.IllegalActionError` (the state left
exactly as it was) with the rule that refuses it. :meth:`HandState.copy` is cheap, for
search. The integer encoding (:mod:`okgin.actions`, docs/actions.md) is played with
:meth:`legal_ids`, :meth:`legal_mask`, :meth:`apply_id`, :meth:`action_for_id` and
:meth:`id_for_action`, which are that module's functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from okgin import actions
from okgin.actions import (
    DISCARDS,
    DONE,
    DRAW,
    PASS,
    TAKE,
    Action,
    Discard,
    Done,
    Draw,
    Knock,
    Layoff,
    Pass,
    Phase,
    Take,
)
from okgin.cards import CARDS, Card, cards_of, format_cards
from okgin.errors import IllegalActionError, PositionError
from okgin.melds import (
    Meld,
    deadwood,
    deadwood_after_discard,
    declared_deadwood,
    default_arrangement,
)
from okgin.rules import Rules
from okgin.scoring import HandBreakdown, beats, hand_breakdown, hand_score, score_hand

__all__ = ["RESULTS", "HandResult", "HandState", "Phase", "beats", "score_hand"]


#: Every way a hand ends (:attr:`HandResult.result`, a record's ``"result"``): the knocker wins,
#: a defender undercuts the knocker, gin, big gin, or a dead hand (no winner).
RESULTS: Final = ("knock", "undercut", "gin", "big_gin", "dead")


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what each seat scored (RULES.md §7, RECORD.md)."""

    result: str  # one of RESULTS
    knocker: int | None
    knock_limit: int
    multiplier: int
    deadwood: tuple[int, ...] | None
    points: tuple[int, ...]
    winner: int | None

    def to_json(self) -> dict[str, object]:
        return {
            "result": self.result,
            "knocker": self.knocker,
            "knock_limit": self.knock_limit,
            "multiplier": self.multiplier,
            "deadwood": list(self.deadwood) if self.deadwood is not None else None,
            "points": list(self.points),
        }


# The phases as module constants: the state machine compares them on every action, and
# reading a module constant is much faster than an enum member through its class.
_OFFER: Final = Phase.OFFER
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_FIFTY: Final = Phase.FIFTIETH
_FIFTY_KNOCK: Final = Phase.FIFTIETH_KNOCK
_LAYOFF: Final = Phase.LAYOFF
_OVER: Final = Phase.OVER
_SETUP_PHASES: Final = ("offer", "draw", "play", "fiftieth", "fiftieth_knock")


def _refuse(action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(reason, action)


class HandState:
    """The state of one hand. Build it with :meth:`deal`."""

    __slots__ = (
        "dealer",
        "deck",
        "declared",
        "hands",
        "history",
        "knock_card",
        "knock_deadwood",
        "knock_melds",
        "knocker",
        "laid",
        "limit",
        "multiplier",
        "n",
        "offer_passes",
        "phase",
        "pile",
        "result",
        "rules",
        "size",
        "stock_only",
        "stock_pos",
        "taken",
        "turn",
        "upcard",
    )

    rules: Rules
    n: int
    size: int
    dealer: int
    deck: tuple[Card, ...]
    upcard: Card
    limit: int
    multiplier: int
    hands: list[int]
    stock_pos: int
    pile: list[int]
    phase: Phase
    turn: int
    taken: int
    offer_passes: int
    stock_only: bool
    knocker: int
    knock_card: int
    knock_melds: list[int]
    declared: tuple[Meld, ...]
    knock_deadwood: int
    laid: list[int]
    result: HandResult | None
    history: list[tuple[int, Action]]

    # ---- dealing ------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, deck: Sequence[int], dealer: int) -> HandState:
        """Deal a hand from a full 52-card deck order (RULES.md §1)."""
        n = rules.players
        if not 0 <= dealer < n:
            raise IllegalActionError(f"dealer must be a seat 0..{n - 1}, not {dealer}")
        cards = tuple(CARDS[c] for c in deck)
        if len(cards) != 52 or len(set(cards)) != 52:
            raise IllegalActionError("the deck must hold each of the 52 cards exactly once")
        size = rules.cards_per_hand
        self = cls()
        self.rules = rules
        self.n = n
        self.size = size
        self.dealer = dealer
        self.deck = cards
        hands = [0] * n
        for i in range(n * size):
            hands[(dealer + 1 + i) % n] |= 1 << cards[i]
        self.hands = hands
        up = cards[n * size]
        self.upcard = up
        self.limit = rules.limit_for(up)
        self.multiplier = rules.multiplier_for(up)
        self.stock_pos = n * size + 1
        self.pile = [up]
        self.phase = _OFFER
        self.turn = (dealer + 1) % n
        self.taken = -1
        self.offer_passes = 0
        self.stock_only = False
        self.knocker = -1
        self.knock_card = -1
        self.knock_melds = []
        self.declared = ()
        self.knock_deadwood = 0
        self.laid = []
        self.result = None
        self.history = []
        return self

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        dealer: int,
        upcard: int,
        hands: Sequence[int],
        pile: Sequence[int],
        stock: Sequence[int],
        phase: str,
        turn: int,
        taken: int | None = None,
        offer_passes: int = 0,
        stock_only: bool = False,
    ) -> HandState:
        """A hand in the middle of play, set up from its parts (for search over the worlds a
        bot samples from its view, and for puzzles).

        ``hands`` are card masks (bit ``c`` for card ``c``), one per seat; ``pile`` the
        discard pile bottom first; ``stock`` the stock in draw order; ``phase`` one of
        ``offer``, ``draw``, ``play``, ``fiftieth``, ``fiftieth_knock`` (a knock in
        progress cannot be set up); ``taken`` the card taken from the pile this turn. Cards
        in none of these are out of play (a face-down knock discard). The state's history
        starts here, and the deck before the stock is not a deal, so it makes no record.
        Raises :class:`~okgin.errors.PositionError` for a position that cannot occur.
        """
        n = rules.players
        size = rules.cards_per_hand
        if phase not in _SETUP_PHASES:
            raise PositionError(
                f"a position can be set up in phase {', '.join(_SETUP_PHASES)}, not {phase!r}"
            )
        if len(hands) != n:
            raise PositionError(f"{len(hands)} hands given for {n} players")
        if not (0 <= dealer < n and 0 <= turn < n):
            raise PositionError(f"dealer {dealer} and turn {turn} must be seats 0..{n - 1}")
        seen = 0
        for seat, mask in enumerate(hands):
            if mask < 0 or mask >> 52 or mask & seen:
                raise PositionError(
                    f"seat {seat}'s hand is not a 52-bit card mask, or another hand holds "
                    "one of its cards"
                )
            held = size + 1 if seat == turn and phase in ("play", "fiftieth_knock") else size
            if mask.bit_count() != held:
                raise PositionError(
                    f"seat {seat} holds {mask.bit_count()} cards; {held} in phase {phase}"
                )
            seen |= mask
        for where, cards in (("pile", pile), ("stock", stock)):
            for c in cards:
                if not 0 <= c < 52 or seen >> c & 1:
                    raise PositionError(f"card {c} in the {where} is not a card or is twice")
                seen |= 1 << c
        if len(stock) > 51 - n * size:
            raise PositionError(f"a stock of {len(stock)} cards is more than the deal leaves")
        if not 0 <= upcard < 52 or upcard in stock:
            raise PositionError(f"the upcard {upcard} must be a card not in the stock")
        if taken is not None:
            if phase not in ("play", "fiftieth_knock"):
                raise PositionError(f"no card is taken this turn in phase {phase}")
            if not 0 <= taken < 52 or not hands[turn] >> taken & 1:
                raise PositionError(f"{taken} was taken this turn; seat {turn} does not hold it")
        if phase in ("offer", "draw", "fiftieth") and not pile:
            raise PositionError(f"phase {phase} needs a card on the discard pile")
        in_stock = set(stock)
        front = [c for c in range(52) if c != upcard and c not in in_stock]
        head = n * size
        state = cls.deal(rules, [*front[:head], upcard, *front[head:], *stock], dealer)
        state.hands = list(hands)
        state.pile = list(pile)
        state.stock_pos = 52 - len(stock)
        state.phase = Phase[phase.upper()]
        state.turn = turn
        state.taken = -1 if taken is None else taken
        state.offer_passes = offer_passes
        state.stock_only = stock_only
        return state

    def copy(self) -> HandState:
        """A cheap independent copy (for search)."""
        new = HandState()
        new.rules = self.rules
        new.n = self.n
        new.size = self.size
        new.dealer = self.dealer
        new.deck = self.deck
        new.upcard = self.upcard
        new.limit = self.limit
        new.multiplier = self.multiplier
        new.hands = self.hands[:]
        new.stock_pos = self.stock_pos
        new.pile = self.pile[:]
        new.phase = self.phase
        new.turn = self.turn
        new.taken = self.taken
        new.offer_passes = self.offer_passes
        new.stock_only = self.stock_only
        new.knocker = self.knocker
        new.knock_card = self.knock_card
        new.knock_melds = self.knock_melds[:]
        new.declared = self.declared
        new.knock_deadwood = self.knock_deadwood
        new.laid = self.laid[:]
        new.result = self.result
        new.history = self.history[:]
        return new

    def __copy__(self) -> HandState:
        return self.copy()

    # ---- queries -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        return None if self.phase == _OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def phase_name(self) -> str:
        return Phase.NAMES[self.phase]

    @property
    def stock_size(self) -> int:
        return 52 - self.stock_pos

    def hand(self, seat: int) -> list[Card]:
        return cards_of(self.hands[seat])

    @property
    def top_discard(self) -> Card | None:
        return CARDS[self.pile[-1]] if self.pile else None

    @property
    def knock_spread(self) -> tuple[Meld, ...]:
        """The knocker's melds as extended by the layoffs so far."""
        return tuple(Meld(m) for m in self.knock_melds)

    # ---- legal actions --------------------------------------------------------------
    def _knock_cards(self, hand: int, taken: int) -> list[int]:
        """Cards whose knock discard leaves a legal knock (deadwood ≤ L); ``taken`` is the
        card taken from the pile this turn (never the knock discard), or -1."""
        limit = self.limit
        if deadwood_after_discard(hand) > limit:
            return []
        if not self.rules.no_return_discard:
            taken = -1
        out = []
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            if c != taken and deadwood(hand ^ low) <= limit:
                out.append(c)
        return out

    def _big_gin(self, hand: int) -> bool:
        return self.rules.big_gin_bonus is not None and deadwood(hand) == 0

    def _can_take_fiftieth(self) -> bool:
        top = self.pile[-1]
        hand = self.hands[self.turn] | 1 << top
        return bool(self._knock_cards(hand, top)) or self._big_gin(hand)

    def legal_actions(self) -> list[Action]:
        """Every action the seat on turn may take (a knock with its default arrangement)."""
        phase = self.phase
        if phase == _DRAW:
            return [DRAW] if self.stock_only else [DRAW, TAKE]
        if phase == _PLAY:
            hand = self.hands[self.turn]
            taken = self.taken if self.rules.no_return_discard else -1
            out: list[Action] = []
            rest = hand
            while rest:
                low = rest & -rest
                rest ^= low
                c = low.bit_length() - 1
                if c != taken:
                    out.append(DISCARDS[c])
            out.extend(self._knocks(hand))
            return out
        if phase == _OFFER:
            return [TAKE, PASS]
        if phase == _FIFTY:
            return [TAKE, PASS] if self._can_take_fiftieth() else [PASS]
        if phase == _FIFTY_KNOCK:
            return list(self._knocks(self.hands[self.turn]))
        if phase == _LAYOFF:
            return [*self._layoffs(), DONE]
        return []

    def _knocks(self, hand: int) -> list[Knock]:
        out = []
        for c in self._knock_cards(hand, self.taken):
            out.append(Knock(CARDS[c], default_arrangement(hand & ~(1 << c))[1]))
        if self._big_gin(hand):
            out.append(Knock(None, default_arrangement(hand)[1]))
        return out

    def _layoffs(self) -> list[Layoff]:
        hand = self.hands[self.turn]
        out = []
        for k, m in enumerate(self.knock_melds):
            spots = Meld(m).extensions() & hand
            for c in cards_of(spots):
                out.append(Layoff(c, k))
        out.sort(key=lambda a: (a.card, a.meld))
        return out

    # The integer encoding (docs/actions.md) lives with the action types in okgin.actions;
    # methods, not class attributes bound to those functions, so the class compiles
    # (scripts/native.py).
    def legal_ids(self) -> list[int]:
        """:func:`okgin.actions.legal_ids` of this state."""
        return actions.legal_ids(self)

    def legal_mask(self) -> list[int]:
        """:func:`okgin.actions.legal_mask` of this state."""
        return actions.legal_mask(self)

    def action_for_id(self, action_id: int) -> Action:
        """:func:`okgin.actions.action_for_id` in this state."""
        return actions.action_for_id(self, action_id)

    def id_for_action(self, action: Action) -> int:
        """:func:`okgin.actions.id_for_action` in this state."""
        return actions.id_for_action(self, action)

    def apply_id(self, action_id: int) -> None:
        """:func:`okgin.actions.apply_id` in this state."""
        actions.apply_id(self, action_id)

    # ---- playing ----------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Validate and play ``action`` for the seat on turn (or check it is ``seat``).

        A refused action raises IllegalActionError and changes nothing.
        """
        phase = self.phase
        if phase == _OVER:
            raise _refuse(action, "the hand is over")
        if seat is not None and seat != self.turn:
            raise _refuse(action, f"it is seat {self.turn}'s turn, not seat {seat}'s")
        card = getattr(action, "card", None)
        if card is not None and card.__class__ is not Card:
            raise _refuse(action, f"not a card: {card!r} (use okgin.Card, e.g. Card('Qs'))")
        if isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, Draw):
            self._draw()
        elif isinstance(action, Take):
            self._take()
        elif isinstance(action, Pass):
            self._pass()
        elif isinstance(action, Knock):
            self._knock(action)
        elif isinstance(action, Layoff):
            self._layoff(action)
        elif isinstance(action, Done):
            self._done()
        else:
            raise IllegalActionError(f"not an action: {action!r}")

    def _discard(self, card: int) -> None:
        if self.phase != _PLAY:
            raise self._wrong_phase(DISCARDS[card])
        seat = self.turn
        hand = self.hands[seat]
        bit = 1 << card
        if not hand & bit:
            raise _refuse(DISCARDS[card], f"{CARDS[card]} is not in seat {seat}'s hand")
        if card == self.taken and self.rules.no_return_discard:
            raise _refuse(
                DISCARDS[card],
                "a card taken from the discard pile may not be "
                "discarded in the same turn (no_return_discard, RULES.md §4)",
            )
        self.hands[seat] = hand ^ bit
        self.pile.append(card)
        self.history.append((seat, DISCARDS[card]))
        self.taken = -1
        nxt = seat + 1
        if nxt == self.n:
            nxt = 0
        self.turn = nxt
        if self.stock_pos == 50:
            if self.rules.stock_exhaustion == "standard":
                self._end_dead()
            else:
                self.phase = _FIFTY
        else:
            self.phase = _DRAW

    def _draw(self) -> None:
        if self.phase != _DRAW:
            if self.phase == _OFFER:
                raise _refuse(
                    DRAW,
                    "during the opening offer the upcard may only be taken or passed; "
                    "the stock is drawn once everybody passed (RULES.md §3)",
                )
            raise self._wrong_phase(DRAW)
        seat = self.turn
        card = self.deck[self.stock_pos]
        self.stock_pos += 1
        self.hands[seat] |= 1 << card
        self.history.append((seat, DRAW))
        self.stock_only = False
        self.taken = -1
        self.phase = _PLAY

    def _take(self) -> None:
        phase = self.phase
        seat = self.turn
        if phase == _DRAW:
            if self.stock_only:
                raise _refuse(
                    TAKE,
                    "everybody passed the upcard, so this first draw must be from the "
                    "stock (RULES.md §3)",
                )
            nxt = _PLAY
        elif phase == _OFFER:
            nxt = _PLAY
        elif phase == _FIFTY:
            if not self._can_take_fiftieth():
                raise _refuse(
                    TAKE,
                    "the last discard may be taken only when a knock is then legal "
                    "(stock_exhaustion fiftieth_card, RULES.md §8)",
                )
            nxt = _FIFTY_KNOCK
        else:
            raise self._wrong_phase(TAKE)
        card = self.pile.pop()
        self.hands[seat] |= 1 << card
        self.taken = card
        self.history.append((seat, TAKE))
        self.phase = nxt

    def _pass(self) -> None:
        phase = self.phase
        seat = self.turn
        if phase == _OFFER:
            self.history.append((seat, PASS))
            self.offer_passes += 1
            if self.offer_passes == self.n:
                self.turn = (self.dealer + 1) % self.n
                self.phase = _DRAW
                self.stock_only = True
            else:
                self.turn = (seat + 1) % self.n
        elif phase == _FIFTY:
            self.history.append((seat, PASS))
            self._end_dead()
        else:
            raise self._wrong_phase(PASS)

    def _knock(self, action: Knock) -> None:
        phase = self.phase
        if phase != _PLAY and phase != _FIFTY_KNOCK:
            raise self._wrong_phase(action)
        seat = self.turn
        hand = self.hands[seat]
        card = action.card
        if card is None:
            if self.rules.big_gin_bonus is None:
                raise _refuse(action, "big gin is not played (big_gin_bonus is null)")
            rest = hand
        else:
            if not hand >> card & 1:
                raise _refuse(action, f"{card} is not in seat {seat}'s hand")
            if card == self.taken and self.rules.no_return_discard:
                raise _refuse(
                    action,
                    "a card taken from the discard pile may not be the knock "
                    "discard in the same turn (no_return_discard, RULES.md §4)",
                )
            rest = hand & ~(1 << card)
        used = 0
        for m in action.melds:
            if m.mask & used:
                raise _refuse(action, "the melds share a card (a card is in at most one meld)")
            if m.mask & rest != m.mask:
                missing = format_cards(cards_of(m.mask & ~rest))
                raise _refuse(action, f"meld {m} uses {missing}, not in the hand it declares")
            used |= m.mask
        dk = declared_deadwood(rest, action.melds)
        if card is None and dk:
            raise _refuse(action, f"big gin must meld every card (deadwood {dk})")
        if dk > self.limit:
            if self.limit == 0:
                raise _refuse(
                    action,
                    f"declared deadwood {dk}, but the ace upcard allows only gin "
                    "(ace_upcard gin_only, RULES.md §2)",
                )
            raise _refuse(
                action,
                f"declared deadwood {dk} is over the knock limit {self.limit} "
                f"set by the upcard {self.upcard} (RULES.md §2, §5)",
            )
        self.hands[seat] = rest
        if card is not None:
            self.pile.append(card)
        self.history.append((seat, action))
        self.taken = -1
        self.knocker = seat
        self.knock_card = -1 if card is None else card
        self.declared = tuple(action.melds)
        self.knock_melds = [m.mask for m in action.melds]
        self.knock_deadwood = dk
        self.laid = [0] * self.n
        if dk == 0:
            self._score()
        else:
            self.phase = _LAYOFF
            self.turn = (seat + 1) % self.n

    def _layoff(self, action: Layoff) -> None:
        if self.phase != _LAYOFF:
            raise self._wrong_phase(action)
        seat = self.turn
        card = action.card
        if not self.hands[seat] >> card & 1:
            raise _refuse(action, f"{card} is not in seat {seat}'s hand")
        k = action.meld
        if not 0 <= k < len(self.knock_melds):
            raise _refuse(
                action,
                f"the knocker has melds 0..{len(self.knock_melds) - 1} "
                "(layoffs go only onto the knocker's melds, RULES.md §6)",
            )
        meld = Meld(self.knock_melds[k])
        if not meld.fits(card):
            raise _refuse(
                action,
                f"{card} does not extend meld {k} ({meld}): a fourth card on a set "
                "or the next card at either end of a run (RULES.md §6)",
            )
        self.hands[seat] &= ~(1 << card)
        self.knock_melds[k] |= 1 << card
        self.laid[seat] |= 1 << card
        self.history.append((seat, action))

    def _done(self) -> None:
        if self.phase != _LAYOFF:
            raise self._wrong_phase(DONE)
        seat = self.turn
        self.history.append((seat, DONE))
        nxt = (seat + 1) % self.n
        if nxt == self.knocker:
            self._score()
        else:
            self.turn = nxt

    def _wrong_phase(self, action: Action) -> IllegalActionError:
        expected = {
            _OFFER: "the opening offer: take or pass the upcard (RULES.md §3)",
            _DRAW: "a draw: draw from the stock or take the top discard",
            _PLAY: "a discard or a knock after drawing",
            _FIFTY: "take the last discard (only to knock) or pass (fiftieth_card, RULES.md §8)",
            _FIFTY_KNOCK: "a knock with the fiftieth card (RULES.md §8)",
            _LAYOFF: "layoffs onto the knocker's melds, then done (RULES.md §6)",
        }[self.phase]
        return _refuse(action, f"not now; seat {self.turn} is to play {expected}")

    # ---- the end of the hand ----------------------------------------------------------
    def _end_dead(self) -> None:
        self.phase = _OVER
        self.result = HandResult(
            "dead", None, self.limit, self.multiplier, None, (0,) * self.n, None
        )

    def _score(self) -> None:
        """RULES.md §7, by :func:`okgin.scoring.hand_score` (the one home of the rule)."""
        n = self.n
        k = self.knocker
        dws = [self.knock_deadwood if s == k else deadwood(self.hands[s]) for s in range(n)]
        score = hand_score(self.rules, k, dws, self.multiplier, big=self.knock_card == -1)
        self.phase = _OVER
        self.result = HandResult(
            score.result, k, self.limit, self.multiplier, tuple(dws), score.points, score.winner
        )

    def breakdown(self) -> HandBreakdown | None:
        """How the hand was scored, line by line (:func:`okgin.scoring.hand_breakdown`),
        once it is over; None before."""
        r = self.result
        if r is None:
            return None
        laid: list[list[Card]] = [[] for _ in range(self.n)]
        for s, a in self.history:
            if isinstance(a, Layoff):
                laid[s].append(a.card)
        return hand_breakdown(
            self.rules,
            r,
            kept=[cards_of(h) for h in self.hands],
            laid_off=laid,
            spread=self.declared,
        )

    # ---- display --------------------------------------------------------------------
    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase_name} seat={self.current_player} "
            f"upcard={self.upcard} L={self.limit} stock={self.stock_size} "
            f"top={self.top_discard}>"
        )
