"""What a seat may not see, computed from the game itself (not from okgin.views), and a
reader of every card named anywhere in a JSON document: the table tests check each event
against them."""

from __future__ import annotations

import re
from typing import Any

from okgin.actions import Discard, Knock, Layoff
from okgin.cards import CARDS, Card, cards_of
from okgin.game import Game

CARD_TEXT = re.compile(r"[2-9TJQKA][cdhs]")


def secret_cards(game: Game, seat: int | None) -> set[Card]:
    """The cards of the current hand that ``seat`` (None: a spectator) may not see now: the
    stock, the other seats' cards that never showed, and a face-down knock discard (unless
    ``seat`` knocked). Once the hand is scored every hand is shown; the stock stays hidden."""
    hand = game.hand
    stock = set(hand.deck[52 - hand.stock_size :]) if hand.stock_size else set()
    if hand.is_over:
        return stock
    public: set[Card] = {hand.upcard}
    knocker, knock_card = None, None
    for s, action in hand.history:
        if isinstance(action, Discard | Layoff):
            public.add(action.card)
        elif isinstance(action, Knock):
            knocker, knock_card = s, action.card
            for meld in action.melds:
                public.update(meld.cards)
    hidden = set(stock)
    for s in range(hand.n):
        if s != seat:
            hidden.update(cards_of(hand.hands[s]))
    if knock_card is not None and seat != knocker:
        hidden.add(knock_card)
    return hidden - public


def cards_named(doc: Any) -> set[Card]:
    """Every card a JSON document names, as a value anywhere in it."""
    out: set[Card] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if CARD_TEXT.fullmatch(x):
                out.add(Card(x))
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    walk(doc)
    return out


__all__ = ["CARDS", "cards_named", "secret_cards"]
