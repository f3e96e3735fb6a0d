"""What one seat may know: :func:`view_of` filters a game (or a hand) through a seat.

A :class:`View` holds the seat's own hand, the upcard that set the limit, every pass, the
discard pile in order with who discarded each card, the cards each player took from the
pile, the sizes of the stock and of every hand, the knocker's spread and the layoffs, every
hand once scored, and the scores. It never holds the stock order, a face-down knock discard
before scoring (except the knocker's own), or another player's unseen cards: it copies what
it may show and keeps no reference to the state it came from. Bots see only views.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from okgin.actions import Action, Discard, Draw, Knock, Layoff, Pass, Take
from okgin.cards import CARDS, Card, cards_of
from okgin.hand import HandResult, HandState, Phase
from okgin.melds import Meld
from okgin.rules import Rules

if TYPE_CHECKING:
    from okgin.game import Game

__all__ = ["Event", "PileCard", "View", "view_of", "view_of_hand"]


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
    """

    seat: int
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


def view_of_hand(hand: HandState, seat: int, **game_info: object) -> View:
    """The view of one hand from ``seat``."""
    n = hand.n
    over = hand.phase == Phase.OVER
    log = tuple(hand.history)
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
    mine = seat == hand.current_player
    return View(
        seat=seat,
        rules=hand.rules,
        players=n,
        dealer=hand.dealer,
        upcard=hand.upcard,
        knock_limit=hand.limit,
        multiplier=hand.multiplier,
        phase=hand.phase_name,
        to_play=hand.current_player,
        legal_actions=tuple(hand.legal_actions()) if mine else (),
        hand=tuple(cards_of(hand.hands[seat])),
        hand_sizes=tuple(h.bit_count() for h in hand.hands),
        stock_size=hand.stock_size,
        top_discard=CARDS[top] if top is not None else None,
        log=log,
        taken_this_turn=CARDS[hand.taken] if mine and hand.taken >= 0 else None,
        knocker=knocker,
        spread=hand.declared,
        knock_deadwood=knock_dw,
        melds=tuple(Meld(m) for m in hand.knock_melds),
        knock_discard=knock_discard,
        revealed=tuple(tuple(cards_of(h)) for h in hand.hands) if over else None,
        result=hand.result,
        **game_info,  # type: ignore[arg-type]
    )


def view_of(game: Game, seat: int) -> View:
    """The view of a game from ``seat``: the current hand, earlier results, the scores."""
    if not 0 <= seat < game.n:
        raise ValueError(f"seat must be 0..{game.n - 1}, not {seat}")
    sc = game.score
    return view_of_hand(
        game.hand,
        seat,
        hand_number=len(game.hands),
        past_results=tuple(game.results[: len(game.hands) - 1]),
        totals=tuple(sc.totals),
        target=sc.target,
        complete=sc.complete,
        winner=sc.winner,
    )
