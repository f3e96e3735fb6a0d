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
from typing import TYPE_CHECKING

from okgin.actions import Action, Discard, Draw, Knock, Layoff, Pass, Take
from okgin.cards import Card, cards_of
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


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat may know at one moment."""

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
    pile: tuple[PileCard, ...]
    taken: tuple[tuple[Card, ...], ...]
    discarded: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[int, str, Card], ...]
    events: tuple[Event, ...]
    taken_this_turn: Card | None
    knocker: int | None
    spread: tuple[Meld, ...]
    knock_deadwood: tuple[Card, ...]
    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[int, Card, int], ...]
    knock_discard: Card | None
    revealed: tuple[tuple[Card, ...], ...] | None
    result: HandResult | None
    hand_number: int = 1
    past_results: tuple[HandResult, ...] = ()
    totals: tuple[int, ...] = ()
    target: int = 0
    complete: bool = False
    winner: int | None = None

    @property
    def top_discard(self) -> Card | None:
        return self.pile[-1].card if self.pile else None

    def cards_seen(self) -> frozenset[Card]:
        """Every card this view shows anywhere (what a test checks against the rules)."""
        seen: set[Card] = {self.upcard, *self.hand}
        seen.update(p.card for p in self.pile)
        for group in (*self.taken, *self.discarded, *(self.revealed or ())):
            seen.update(group)
        seen.update(c for _, _, c in self.passes)
        seen.update(e.card for e in self.events if e.card is not None)
        for m in (*self.spread, *self.melds):
            seen.update(m.cards)
        seen.update(self.knock_deadwood)
        seen.update(c for _, c, _ in self.layoffs)
        if self.knock_discard is not None:
            seen.add(self.knock_discard)
        return frozenset(seen)


def view_of_hand(hand: HandState, seat: int, **game_info: object) -> View:
    """The view of one hand from ``seat``."""
    n = hand.n
    over = hand.phase == Phase.OVER
    pile: list[PileCard] = [PileCard(hand.upcard, None)]
    taken: list[list[Card]] = [[] for _ in range(n)]
    discarded: list[list[Card]] = [[] for _ in range(n)]
    passes: list[tuple[int, str, Card]] = []
    events: list[Event] = []
    layoffs: list[tuple[int, Card, int]] = []
    knock_discard: Card | None = None
    opening = True
    taken_now: Card | None = None
    for s, action in hand.history:
        if isinstance(action, Draw):
            opening = False
            taken_now = None
            events.append(Event(s, "draw"))
        elif isinstance(action, Take):
            card = pile.pop().card
            taken[s].append(card)
            taken_now = card
            opening = False
            events.append(Event(s, "take", card))
        elif isinstance(action, Pass):
            what = "offer" if opening else "fiftieth"
            passes.append((s, what, pile[-1].card))
            events.append(Event(s, "pass", pile[-1].card))
        elif isinstance(action, Discard):
            pile.append(PileCard(action.card, s))
            discarded[s].append(action.card)
            taken_now = None
            events.append(Event(s, "discard", action.card))
        elif isinstance(action, Knock):
            taken_now = None
            if action.card is not None and (over or s == seat):
                knock_discard = action.card
            events.append(Event(s, "knock", knock_discard, action.melds))
        elif isinstance(action, Layoff):
            layoffs.append((s, action.card, action.meld))
            events.append(Event(s, "layoff", action.card, meld=action.meld))
        else:
            events.append(Event(s, "done"))
    knocker = hand.knocker if hand.knocker >= 0 else None
    knock_dw: tuple[Card, ...] = ()
    if knocker is not None:
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
        pile=tuple(pile),
        taken=tuple(tuple(t) for t in taken),
        discarded=tuple(tuple(d) for d in discarded),
        passes=tuple(passes),
        events=tuple(events),
        taken_this_turn=taken_now if mine else None,
        knocker=knocker,
        spread=hand.declared,
        knock_deadwood=knock_dw,
        melds=tuple(Meld(m) for m in hand.knock_melds),
        layoffs=tuple(layoffs),
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
