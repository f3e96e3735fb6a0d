"""What one seat may know: :func:`view_of` filters a game (or a hand) through a seat.

A :class:`View` holds the seat's own hand, the upcard that set the limit, every pass, the
discard pile in order with who discarded each card, the cards each player took from the
pile, the sizes of the stock and of every hand, the knocker's spread and the layoffs, every
hand once scored, the scores, and the cards the seat itself drew from the stock this hand.
It never holds the stock order, a face-down knock discard before scoring (except the
knocker's own), or another player's unseen cards: it copies what it may show and keeps no
reference to the state it came from. Bots see only views.

A spectator's view (``view_of(game, None)``, :func:`spectator_view`) has no seat: no hand,
no legal actions, no draws, only what every seat may see.

:meth:`View.to_json` and :meth:`View.from_json` carry a view as JSON (``docs/view.md``);
``View.from_json(v.to_json()) == v``, and a malformed document raises
:class:`~okgin.errors.RecordError` with a one-line reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

from okgin.actions import Action, Discard, Draw, Knock, Layoff, Pass, Take
from okgin.actions import from_json as action_from_json
from okgin.actions import to_json as action_to_json
from okgin.cards import CARDS, Card, cards_of, hand_value, mask_of
from okgin.errors import OkginError, RecordError, SeatError
from okgin.hand import RESULTS, HandResult, HandState, Phase
from okgin.melds import Meld
from okgin.rules import Rules
from okgin.scoring import FinalLine, FinalScore, HandBreakdown, hand_breakdown

if TYPE_CHECKING:
    from okgin.game import Game

__all__ = [
    "VIEW_FORMAT",
    "Event",
    "Glance",
    "PileCard",
    "View",
    "glance_of",
    "glance_of_hand",
    "spectator_view",
    "view_of",
    "view_of_hand",
]

#: The ``okgin_view`` number of the JSON form (docs/view.md).
VIEW_FORMAT: Final = 1


@dataclass(frozen=True, slots=True)
class PileCard:
    """A card of the discard pile and who discarded it (None: the dealt upcard)."""

    card: Card
    by: int | None


@dataclass(frozen=True, slots=True)
class Event:
    """One action as every seat sees it: a draw from the stock hides its card; a knock
    discard is None until the hand is scored."""

    seat: int
    do: str
    card: Card | None = None
    melds: tuple[Meld, ...] = ()
    meld: int | None = None

    def __str__(self) -> str:
        text = f"seat {self.seat} {self.do}"
        if self.card is not None:
            text += f" {self.card}"
        if self.melds:
            text += " " + " ".join(m.text for m in self.melds)
        if self.meld is not None:
            text += f" on meld {self.meld}"
        return text


@dataclass(frozen=True)
class View:
    """Everything one seat may know at one moment.

    The public log of the hand (``log``, with a face-down knock discard removed) is kept as
    given; ``pile``, ``taken``, ``discarded``, ``passes``, ``events`` and ``layoffs`` are read
    from it the first time they are asked for, so a view costs little to make.

    ``seat`` is None for a spectator. ``draws`` are the cards this seat drew from the stock
    this hand, in order (so no front end reads the deck). ``version`` is the table's count
    of changes when a table made the view, else 0. ``breakdown`` is how the hand was scored,
    line by line, once it is over; ``finals`` how the game's final scores are made once it
    is over (one per Hollywood game; none in the ``single`` format).
    """

    seat: int | None
    rules: Rules
    players: int
    dealer: int
    upcard: Card
    knock_limit: int
    multiplier: int
    phase: str
    to_play: int | None
    legal_actions: tuple[Action, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    top_discard: Card | None
    log: tuple[tuple[int, Action], ...]
    taken_this_turn: Card | None
    knocker: int | None
    spread: tuple[Meld, ...]
    knock_deadwood: tuple[Card, ...]
    melds: tuple[Meld, ...]
    knock_discard: Card | None
    revealed: tuple[tuple[Card, ...], ...] | None
    result: HandResult | None
    hand_number: int = 1
    past_results: tuple[HandResult, ...] = ()
    totals: tuple[int, ...] = ()
    target: int = 0
    complete: bool = False
    winner: int | None = None
    draws: tuple[Card, ...] = ()
    version: int = 0
    finals: tuple[FinalScore, ...] = ()

    @property
    def own_seat(self) -> int:
        """The viewing seat; a spectator's view has none (:class:`~okgin.errors.SeatError`)."""
        if self.seat is None:
            raise SeatError("a spectator's view belongs to no seat")
        return self.seat

    @property
    def declared_deadwood(self) -> int | None:
        """The knocker's declared deadwood (Dk, RULES.md §5), once somebody knocked."""
        return hand_value(mask_of(self.knock_deadwood)) if self.knocker is not None else None

    @cached_property
    def breakdown(self) -> HandBreakdown | None:
        """How the hand was scored (RULES.md §7), once it is over, from the core's rule."""
        r = self.result
        if r is None:
            return None
        laid: list[list[Card]] = [[] for _ in range(self.players)]
        for s, card, _ in self.layoffs:
            laid[s].append(card)
        return hand_breakdown(
            self.rules,
            r,
            kept=self.revealed or tuple(() for _ in range(self.players)),
            laid_off=laid,
            spread=self.spread,
        )

    @cached_property
    def _public(self) -> _Public:
        return _read_log(self)

    @property
    def pile(self) -> tuple[PileCard, ...]:
        """The face-up discard pile, bottom to top, with who discarded each card."""
        return self._public.pile

    @property
    def taken(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards it took from the pile this hand, in order."""
        return self._public.taken

    @property
    def discarded(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards it discarded this hand, in order."""
        return self._public.discarded

    @property
    def passes(self) -> tuple[tuple[int, str, Card], ...]:
        """Every pass: (seat, ``"offer"`` or ``"fiftieth"``, the card passed)."""
        return self._public.passes

    @property
    def events(self) -> tuple[Event, ...]:
        """Every action of the hand as every seat sees it."""
        return self._public.events

    @property
    def layoffs(self) -> tuple[tuple[int, Card, int], ...]:
        """Every layoff: (seat, card, meld index)."""
        return self._public.layoffs

    def cards_seen(self) -> frozenset[Card]:
        """Every card this view shows anywhere (what a test checks against the rules)."""
        seen: set[Card] = {self.upcard, *self.hand}
        if self.top_discard is not None:
            seen.add(self.top_discard)
        seen.update(p.card for p in self.pile)
        for group in (*self.taken, *self.discarded, *(self.revealed or ())):
            seen.update(group)
        seen.update(c for _, _, c in self.passes)
        seen.update(e.card for e in self.events if e.card is not None)
        for _, action in self.log:
            card = getattr(action, "card", None)
            if card is not None:
                seen.add(card)
            for m in getattr(action, "melds", ()):
                seen.update(m.cards)
        for m in (*self.spread, *self.melds):
            seen.update(m.cards)
        seen.update(self.knock_deadwood)
        seen.update(c for _, c, _ in self.layoffs)
        if self.knock_discard is not None:
            seen.add(self.knock_discard)
        return frozenset(seen)

    def glance(self, since: int = 0) -> Glance:
        """What an observation encoder reads of this view (:class:`Glance`), with the log's
        entries from ``since`` on; a spectator's view has none (:class:`SeatError`)."""
        return _glance_from_view(self, since)

    # ---- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """This view as a JSON-able dict (the schema is in ``docs/view.md``)."""
        return {
            "okgin_view": VIEW_FORMAT,
            "version": self.version,
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "upcard": self.upcard.text,
            "knock_limit": self.knock_limit,
            "multiplier": self.multiplier,
            "phase": self.phase,
            "to_play": self.to_play,
            "legal_actions": [
                action_to_json(a, _seat_of(self.to_play)) for a in self.legal_actions
            ],
            "hand": _texts(self.hand),
            "draws": _texts(self.draws),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "top_discard": _text(self.top_discard),
            "taken_this_turn": _text(self.taken_this_turn),
            "log": [action_to_json(a, s) for s, a in self.log],
            "pile": [{"card": p.card.text, "by": p.by} for p in self.pile],
            "passes": [{"seat": s, "when": w, "card": c.text} for s, w, c in self.passes],
            "taken": [_texts(t) for t in self.taken],
            "discarded": [_texts(d) for d in self.discarded],
            "layoffs": [{"seat": s, "card": c.text, "meld": k} for s, c, k in self.layoffs],
            "knocker": self.knocker,
            "spread": [_texts(m.cards) for m in self.spread],
            "melds": [_texts(m.cards) for m in self.melds],
            "knock_deadwood": _texts(self.knock_deadwood),
            "knock_discard": _text(self.knock_discard),
            "revealed": ([_texts(h) for h in self.revealed] if self.revealed is not None else None),
            "result": _result_to_json(self.result) if self.result is not None else None,
            "breakdown": self.breakdown.to_json() if self.breakdown is not None else None,
            "past_results": [_result_to_json(r) for r in self.past_results],
            "totals": list(self.totals),
            "target": self.target,
            "complete": self.complete,
            "winner": self.winner,
            "finals": [f.to_json() for f in self.finals],
        }

    @classmethod
    def from_json(cls, data: Any) -> View:
        """A view from :meth:`to_json`'s form; anything malformed raises
        :class:`~okgin.errors.RecordError` with a one-line reason."""
        return _view_from_json(data)


@dataclass(frozen=True, slots=True)
class _Public:
    pile: tuple[PileCard, ...]
    taken: tuple[tuple[Card, ...], ...]
    discarded: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[int, str, Card], ...]
    events: tuple[Event, ...]
    layoffs: tuple[tuple[int, Card, int], ...]


def _read_log(view: View) -> _Public:
    n = view.players
    pile: list[PileCard] = [PileCard(view.upcard, None)]
    taken: list[list[Card]] = [[] for _ in range(n)]
    discarded: list[list[Card]] = [[] for _ in range(n)]
    passes: list[tuple[int, str, Card]] = []
    events: list[Event] = []
    layoffs: list[tuple[int, Card, int]] = []
    opening = True
    for s, action in view.log:
        if isinstance(action, Draw):
            opening = False
            events.append(Event(s, "draw"))
        elif isinstance(action, Take):
            card = pile.pop().card
            taken[s].append(card)
            opening = False
            events.append(Event(s, "take", card))
        elif isinstance(action, Pass):
            passes.append((s, "offer" if opening else "fiftieth", pile[-1].card))
            events.append(Event(s, "pass", pile[-1].card))
        elif isinstance(action, Discard):
            pile.append(PileCard(action.card, s))
            discarded[s].append(action.card)
            events.append(Event(s, "discard", action.card))
        elif isinstance(action, Knock):
            events.append(Event(s, "knock", action.card, action.melds))
        elif isinstance(action, Layoff):
            layoffs.append((s, action.card, action.meld))
            events.append(Event(s, "layoff", action.card, meld=action.meld))
        else:
            events.append(Event(s, "done"))
    return _Public(
        pile=tuple(pile),
        taken=tuple(tuple(t) for t in taken),
        discarded=tuple(tuple(d) for d in discarded),
        passes=tuple(passes),
        events=tuple(events),
        layoffs=tuple(layoffs),
    )


_VIEW_FIELDS: Final = frozenset(f.name for f in fields(View))
_VIEW_DEFAULTS: Final = {f.name: f.default for f in fields(View) if f.default is not MISSING}


def _new_view(values: dict[str, object]) -> View:
    """``View(**values)`` without the frozen dataclass's ``__setattr__`` per field (a view
    is made at every decision of a bot or an RL environment): the same object."""
    unknown = values.keys() - _VIEW_FIELDS
    if unknown:
        raise TypeError(f"View has no field {sorted(unknown)[0]!r}")
    view = object.__new__(View)
    state = view.__dict__
    state.update(_VIEW_DEFAULTS)
    state.update(values)
    return view


def view_of_hand(
    hand: HandState,
    seat: int | None,
    *,
    version: int = 0,
    legal: bool = True,
    **game_info: object,
) -> View:
    """The view of one hand from ``seat`` (None: a spectator's); ``legal=False`` leaves
    ``legal_actions`` empty (for callers that read the legal action ids from the hand, as
    the RL environment's mask does)."""
    n = hand.n
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n
    ):
        raise SeatError(f"seat must be 0..{n - 1} (or None for a spectator), not {seat!r}")
    over = hand.phase == Phase.OVER
    history = hand.history
    log = tuple(history)
    knocker = hand.knocker if hand.knocker >= 0 else None
    knock_discard: Card | None = None
    knock_dw: tuple[Card, ...] = ()
    pile = hand.pile
    top = pile[-1] if pile else None
    if knocker is not None:
        if hand.knock_card >= 0:
            top = pile[-2] if len(pile) >= 2 else None
            if over or seat == knocker:
                knock_discard = CARDS[hand.knock_card]
            else:  # the knock discard is face down: keep it out of the log
                log = tuple(
                    (s, Knock(None, a.melds)) if isinstance(a, Knock) else (s, a) for s, a in log
                )
        used = 0
        for m in hand.declared:
            used |= m.mask
        rest = hand.hands[knocker] | hand.laid[knocker]
        knock_dw = tuple(cards_of(rest & ~used))
    draws: tuple[Card, ...] = ()
    if seat is not None:
        # the draws of this history took the stock cards just before the stock's top
        drawers = [s for s, a in history if a.__class__ is Draw]
        pos = hand.stock_pos - len(drawers)
        deck = hand.deck
        draws = tuple([deck[pos + i] for i, s in enumerate(drawers) if s == seat])
    on_turn = seat is not None and seat == hand.current_player
    return _new_view(
        dict(
            seat=seat,
            rules=hand.rules,
            players=n,
            dealer=hand.dealer,
            upcard=hand.upcard,
            knock_limit=hand.limit,
            multiplier=hand.multiplier,
            phase=hand.phase_name,
            to_play=hand.current_player,
            legal_actions=tuple(hand.legal_actions()) if on_turn and legal else (),
            hand=tuple(cards_of(hand.hands[seat])) if seat is not None else (),
            hand_sizes=tuple([h.bit_count() for h in hand.hands]),
            stock_size=hand.stock_size,
            top_discard=CARDS[top] if top is not None else None,
            log=log,
            taken_this_turn=CARDS[hand.taken] if on_turn and hand.taken >= 0 else None,
            knocker=knocker,
            spread=hand.declared,
            knock_deadwood=knock_dw,
            melds=tuple(Meld(m) for m in hand.knock_melds),
            knock_discard=knock_discard,
            revealed=tuple(tuple(cards_of(h)) for h in hand.hands) if over else None,
            result=hand.result,
            draws=draws,
            version=version,
            **game_info,
        )
    )


def view_of(game: Game, seat: int | None, *, version: int = 0, legal: bool = True) -> View:
    """The view of a game from ``seat`` (None: a spectator's): the current hand, earlier
    results, the scores (``legal``: as in :func:`view_of_hand`)."""
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.n
    ):
        raise SeatError(f"seat must be 0..{game.n - 1} (or None for a spectator), not {seat!r}")
    sc = game.score
    return view_of_hand(
        game.hand,
        seat,
        version=version,
        legal=legal,
        hand_number=len(game.hands),
        past_results=tuple(game.results[: len(game.hands) - 1]),
        totals=tuple(sc.totals),
        target=sc.target,
        complete=sc.complete,
        winner=sc.winner,
        finals=game.final_scores(),
    )


def spectator_view(game: Game, *, version: int = 0) -> View:
    """What every seat may see of a game, and nothing more: no hand, no legal actions."""
    return view_of(game, None, version=version)


# ---- glances: the part of a seat's view an observation encoder reads -----------------------

_OVER: Final = Phase.OVER
_PHASE_OF_NAME: Final = {name: Phase(i) for i, name in enumerate(Phase.NAMES)}


class Glance:
    """The part of one seat's view that an observation encoder reads (``okgin.env.planes``),
    as card masks (bit ``c`` for card ``c``) and ints, -1 standing for none; of the public
    log only the entries from ``since`` on.

    :func:`glance_of_hand` and :func:`glance_of` make it straight from the hand at a cost
    that does not grow with the hand (no :class:`View` is built: an RL environment asks at
    every decision); :meth:`View.glance` makes it from a view. The two are equal (a test
    checks every seat at every decision of random hands), so a glance holds nothing its
    seat's view does not: the seat's own hand, the card it took this turn only on its turn,
    the knock discard only to the knocker until the hand is over (and hidden in the log's
    knock as in the view), the other hands only by their sizes.
    """

    __slots__ = (
        "dealer",
        "hand",
        "hand_number",
        "hand_sizes",
        "knock_deadwood",
        "knock_discard",
        "knock_limit",
        "knocker",
        "log",
        "melds",
        "multiplier",
        "phase",
        "players",
        "rules",
        "seat",
        "since",
        "stock_size",
        "taken_this_turn",
        "target",
        "to_play",
        "top_discard",
        "totals",
        "upcard",
    )

    seat: int
    rules: Rules
    players: int
    dealer: int
    hand_number: int
    upcard: int
    knock_limit: int
    multiplier: int
    phase: Phase
    to_play: int  # -1: the hand is over
    hand: int  # the seat's own cards, a mask
    hand_sizes: tuple[int, ...]
    stock_size: int
    top_discard: int  # -1: none
    taken_this_turn: int  # -1: none (or not the seat's turn)
    knocker: int  # -1: nobody knocked yet
    melds: tuple[int, ...]  # the knocker's melds as extended by the layoffs so far, masks
    knock_deadwood: int  # the knocker's deadwood, a mask
    knock_discard: int  # -1: none, or face down to this seat
    since: int
    log: tuple[tuple[int, Action], ...]  # the view's log[since:]
    totals: tuple[int, ...]
    target: int

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Glance):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in Glance.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={getattr(self, k)!r}" for k in Glance.__slots__ if k != "rules")
        return f"Glance({inner})"


def _glance_from_view(view: View, since: int) -> Glance:
    g = object.__new__(Glance)
    g.seat = view.own_seat
    g.rules = view.rules
    g.players = view.players
    g.dealer = view.dealer
    g.hand_number = view.hand_number
    g.upcard = int(view.upcard)
    g.knock_limit = view.knock_limit
    g.multiplier = view.multiplier
    g.phase = _PHASE_OF_NAME[view.phase]
    g.to_play = -1 if view.to_play is None else view.to_play
    g.hand = mask_of(view.hand)
    g.hand_sizes = tuple(view.hand_sizes)
    g.stock_size = view.stock_size
    g.top_discard = -1 if view.top_discard is None else int(view.top_discard)
    g.taken_this_turn = -1 if view.taken_this_turn is None else int(view.taken_this_turn)
    g.knocker = -1 if view.knocker is None else view.knocker
    g.melds = tuple(m.mask for m in view.melds)
    g.knock_deadwood = mask_of(view.knock_deadwood)
    g.knock_discard = -1 if view.knock_discard is None else int(view.knock_discard)
    g.since = since
    g.log = tuple(view.log[since:])
    g.totals = tuple(view.totals)
    g.target = view.target
    return g


def glance_of_hand(
    hand: HandState,
    seat: int,
    since: int = 0,
    hand_number: int = 1,
    totals: tuple[int, ...] = (),
    target: int = 0,
) -> Glance:
    """What ``seat``'s view of ``hand`` shows an encoder (:class:`Glance`), with the log's
    entries from ``since`` on; ``hand_number``, ``totals`` and ``target`` as in the game's
    view (:func:`glance_of`)."""
    n = hand.n
    if seat.__class__ is not int or not 0 <= seat < n:
        raise SeatError(f"a glance is a seat's: seat must be 0..{n - 1}, not {seat!r}")
    phase = hand.phase
    over = phase == _OVER
    history = hand.history
    log = tuple(history[since:]) if since else tuple(history)
    g = object.__new__(Glance)
    knocker = hand.knocker
    pile = hand.pile
    top = pile[-1] if pile else -1
    knock_discard = -1
    kdw = 0
    if knocker >= 0:
        if hand.knock_card >= 0:
            top = pile[-2] if len(pile) >= 2 else -1
            if over or seat == knocker:
                knock_discard = hand.knock_card
            else:  # the knock discard is face down: keep it out of the log (as the view)
                log = tuple(
                    (s, Knock(None, a.melds)) if a.__class__ is Knock else (s, a) for s, a in log
                )
        used = 0
        for m in hand.declared:
            used |= m.mask
        kdw = (hand.hands[knocker] | hand.laid[knocker]) & ~used
    turn = hand.turn
    g.seat = seat
    g.rules = hand.rules
    g.players = n
    g.dealer = hand.dealer
    g.hand_number = hand_number
    g.upcard = hand.upcard
    g.knock_limit = hand.limit
    g.multiplier = hand.multiplier
    g.phase = phase
    g.to_play = -1 if over else turn
    g.hand = hand.hands[seat]
    g.hand_sizes = tuple(map(int.bit_count, hand.hands))
    g.stock_size = 52 - hand.stock_pos
    g.top_discard = top
    g.taken_this_turn = hand.taken if seat == turn and not over else -1
    g.knocker = knocker
    g.melds = tuple(hand.knock_melds)
    g.knock_deadwood = kdw
    g.knock_discard = knock_discard
    g.since = since
    g.log = log
    g.totals = totals
    g.target = target
    return g


def glance_of(game: Game, seat: int, since: int = 0) -> Glance:
    """What ``seat``'s view of the game (:func:`view_of`) shows an encoder, from the log's
    entry ``since`` on: the current hand, its number, the scores."""
    sc = game.score
    return glance_of_hand(game.hand, seat, since, len(game.hands), tuple(sc.totals), sc.target)


# ---- JSON helpers ---------------------------------------------------------------------------

_KEYS: Final = (
    "okgin_view",
    "version",
    "seat",
    "rules",
    "players",
    "hand_number",
    "dealer",
    "upcard",
    "knock_limit",
    "multiplier",
    "phase",
    "to_play",
    "legal_actions",
    "hand",
    "draws",
    "hand_sizes",
    "stock_size",
    "top_discard",
    "taken_this_turn",
    "log",
    "pile",
    "passes",
    "taken",
    "discarded",
    "layoffs",
    "knocker",
    "spread",
    "melds",
    "knock_deadwood",
    "knock_discard",
    "revealed",
    "result",
    "breakdown",
    "past_results",
    "totals",
    "target",
    "complete",
    "winner",
    "finals",
)
#: Read from the other fields; from_json checks that they agree with them.
_DERIVED: Final = ("pile", "passes", "taken", "discarded", "layoffs", "breakdown")
_FINAL_KEYS: Final = ("seat", "points", "boxes", "box_bonus", "game_bonus", "shutout", "final")
_RESULT_KEYS: Final = (
    "result",
    "knocker",
    "knock_limit",
    "multiplier",
    "deadwood",
    "points",
    "winner",
)


def _seat_of(seat: int | None) -> int:
    assert seat is not None, "legal actions belong to the seat on turn"
    return seat


def _text(card: Card | None) -> str | None:
    return card.text if card is not None else None


def _texts(cards: Sequence[Card]) -> list[str]:
    return [c.text for c in cards]


def _result_to_json(r: HandResult) -> dict[str, Any]:
    return {**r.to_json(), "winner": r.winner}


def _show(value: Any) -> str:
    """A short JSON-ish text of a refused value."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _bad(where: str, why: str) -> RecordError:
    return RecordError(f'view: "{where}" {why}')


def _int(value: Any, where: str, lo: int, hi: int | None = None) -> int:
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < lo
        or (hi is not None and value > hi)
    ):
        span = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
        raise _bad(where, f"must be an integer {span}, not {_show(value)}")
    return value


def _opt_int(value: Any, where: str, lo: int, hi: int) -> int | None:
    return None if value is None else _int(value, where, lo, hi)


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(where, f"must be a list, not {_show(value)}")
    if length is not None and len(value) != length:
        raise _bad(where, f"must hold {length} items, not {len(value)}")
    return value


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise _bad(where, f'must be a card like "Qs", not {_show(value)}')
    try:
        return Card(value)
    except OkginError as exc:
        raise _bad(where, str(exc)) from None


def _opt_card(value: Any, where: str) -> Card | None:
    return None if value is None else _card(value, where)


def _cards(value: Any, where: str, length: int | None = None) -> tuple[Card, ...]:
    cards = tuple(_card(c, where) for c in _list(value, where, length))
    if len(set(cards)) != len(cards):
        raise _bad(where, "holds a card twice")
    return cards


def _melds(value: Any, where: str) -> tuple[Meld, ...]:
    melds = []
    for item in _list(value, where):
        cards = _cards(item, where)
        try:
            melds.append(Meld(cards))
        except OkginError as exc:
            raise _bad(where, str(exc)) from None
    return tuple(melds)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(where, f"must be true or false, not {_show(value)}")
    return value


def _ints(value: Any, where: str, n: int, lo: int | None = None) -> tuple[int, ...]:
    out = []
    for v in _list(value, where, n):
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo):
            raise _bad(where, f"must hold integers, not {_show(v)}")
        out.append(v)
    return tuple(out)


def _result_from_json(value: Any, where: str, n: int) -> HandResult:
    if not isinstance(value, Mapping):
        raise _bad(where, f"must be an object, not {_show(value)}")
    for key in _RESULT_KEYS:
        if key not in value:
            raise _bad(where, f'lacks "{key}"')
    extra = [k for k in value if k not in _RESULT_KEYS]
    if extra:
        raise _bad(where, f"has an unknown field {_show(extra[0])}")
    kind = value["result"]
    if kind not in RESULTS:
        raise _bad(where, f'"result" must be one of {", ".join(RESULTS)}, not {_show(kind)}')
    deadwood = value["deadwood"]
    return HandResult(
        result=kind,
        knocker=_opt_int(value["knocker"], where, 0, n - 1),
        knock_limit=_int(value["knock_limit"], where, 0),
        multiplier=_int(value["multiplier"], where, 1),
        deadwood=None if deadwood is None else _ints(deadwood, where, n, 0),
        points=_ints(value["points"], where, n),
        winner=_opt_int(value["winner"], where, 0, n - 1),
    )


def _final_from_json(value: Any, n: int) -> FinalScore:
    where = "finals"
    if not isinstance(value, Mapping) or set(value) != {"lines", "winner"}:
        raise _bad(where, 'must hold objects with "lines" and "winner"')
    lines = []
    for item in _list(value["lines"], where, n):
        if not isinstance(item, Mapping) or set(item) != set(_FINAL_KEYS):
            raise _bad(where, f"lines must be objects with {', '.join(_FINAL_KEYS)}")
        lines.append(
            FinalLine(
                seat=_int(item["seat"], where, 0, n - 1),
                points=_ints([item["points"]], where, 1)[0],
                boxes=_int(item["boxes"], where, 0),
                box_bonus=_int(item["box_bonus"], where, 0),
                game_bonus=_int(item["game_bonus"], where, 0),
                shutout=_bool(item["shutout"], where),
                final=_ints([item["final"]], where, 1)[0],
            )
        )
    return FinalScore(tuple(lines), _opt_int(value["winner"], where, 0, n - 1))


def _log_from_json(value: Any, n: int) -> tuple[tuple[int, Action], ...]:
    log = []
    pile = 1  # the upcard
    for i, item in enumerate(_list(value, "log")):
        try:
            seat, action = action_from_json(item)
        except RecordError as exc:
            raise _bad("log", f"action {i + 1}: {exc}") from None
        if not 0 <= seat < n:
            raise _bad("log", f"action {i + 1}: seat {seat} is not a seat 0..{n - 1}")
        if isinstance(action, Take | Pass) and pile == 0:
            raise _bad("log", f"action {i + 1}: {action} with an empty discard pile")
        if isinstance(action, Take):
            pile -= 1
        elif isinstance(action, Discard):
            pile += 1
        log.append((seat, action))
    return tuple(log)


def _view_from_json(data: Any) -> View:
    if not isinstance(data, Mapping):
        raise RecordError(f"view: must be an object, not {_show(data)}")
    for key in _KEYS:
        if key not in data:
            raise RecordError(f'view: lacks "{key}"')
    extra = [k for k in data if k not in _KEYS]
    if extra:
        raise RecordError(f"view: unknown field {_show(extra[0])}")
    if data["okgin_view"] != VIEW_FORMAT or isinstance(data["okgin_view"], bool):
        raise _bad("okgin_view", f"must be {VIEW_FORMAT}, not {_show(data['okgin_view'])}")
    raw_rules = data["rules"]
    if not isinstance(raw_rules, Mapping) or not isinstance(raw_rules.get("preset", ""), str):
        raise _bad("rules", 'must be a rule set like {"preset": "standard"}')
    try:
        rules = Rules.from_dict(raw_rules)
    except OkginError as exc:
        raise RecordError(f"view: {exc}") from None
    n = _int(data["players"], "players", 2, 4)
    if n != rules.players:
        raise _bad("players", f"is {n}, but the rules are for {rules.players}")
    seat = _opt_int(data["seat"], "seat", 0, n - 1)
    to_play = _opt_int(data["to_play"], "to_play", 0, n - 1)
    phase = data["phase"]
    if phase not in Phase.NAMES:
        raise _bad("phase", f"must be one of {', '.join(Phase.NAMES)}, not {_show(phase)}")
    legal = []
    for i, item in enumerate(_list(data["legal_actions"], "legal_actions")):
        try:
            s, action = action_from_json(item)
        except RecordError as exc:
            raise _bad("legal_actions", f"{i + 1}: {exc}") from None
        if seat is None or s != seat or s != to_play:
            raise _bad("legal_actions", f"{i + 1}: only the viewing seat on turn has legal actions")
        legal.append(action)
    hand = _cards(data["hand"], "hand")
    draws = _cards(data["draws"], "draws")
    if seat is None and (hand or draws):
        raise _bad("hand", "and draws must be empty in a spectator's view")
    revealed = data["revealed"]
    result = data["result"]
    totals = _list(data["totals"], "totals")  # empty for a hand outside a game
    view = View(
        seat=seat,
        rules=rules,
        players=n,
        dealer=_int(data["dealer"], "dealer", 0, n - 1),
        upcard=_card(data["upcard"], "upcard"),
        knock_limit=_int(data["knock_limit"], "knock_limit", 0),
        multiplier=_int(data["multiplier"], "multiplier", 1),
        phase=phase,
        to_play=to_play,
        legal_actions=tuple(legal),
        hand=hand,
        hand_sizes=_ints(data["hand_sizes"], "hand_sizes", n, 0),
        stock_size=_int(data["stock_size"], "stock_size", 0, 52),
        top_discard=_opt_card(data["top_discard"], "top_discard"),
        log=_log_from_json(data["log"], n),
        taken_this_turn=_opt_card(data["taken_this_turn"], "taken_this_turn"),
        knocker=_opt_int(data["knocker"], "knocker", 0, n - 1),
        spread=_melds(data["spread"], "spread"),
        knock_deadwood=_cards(data["knock_deadwood"], "knock_deadwood"),
        melds=_melds(data["melds"], "melds"),
        knock_discard=_opt_card(data["knock_discard"], "knock_discard"),
        revealed=(
            None
            if revealed is None
            else tuple(_cards(h, "revealed") for h in _list(revealed, "revealed", n))
        ),
        result=None if result is None else _result_from_json(result, "result", n),
        hand_number=_int(data["hand_number"], "hand_number", 1),
        past_results=tuple(
            _result_from_json(r, "past_results", n)
            for r in _list(data["past_results"], "past_results")
        ),
        totals=_ints(totals, "totals", n if totals else 0),
        target=_int(data["target"], "target", 0),
        complete=_bool(data["complete"], "complete"),
        winner=_opt_int(data["winner"], "winner", 0, n - 1),
        draws=draws,
        version=_int(data["version"], "version", 0),
        finals=tuple(_final_from_json(f, n) for f in _list(data["finals"], "finals")),
    )
    held = rules.cards_per_hand + 1
    for cards in (view.hand, *(view.revealed or ())):
        if len(cards) > held:
            raise _bad("hand", f"and revealed hold at most {held} cards a seat under these rules")
    r, b = view.result, view.breakdown
    scored = (b.result, b.points, b.winner) if b is not None else None
    if r is not None and scored != (r.result, r.points, r.winner):
        raise _bad("result", "does not score its deadwood as the rules do (RULES.md §7)")
    again = view.to_json()
    for key in _DERIVED:
        if data[key] != again[key]:
            raise _bad(key, 'does not agree with "log"')
    return view
