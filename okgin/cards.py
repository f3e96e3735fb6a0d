"""Cards and hands.

A card is an integer 0..51, ``suit * 13 + rank``: suits in the order ``c d h s``, ranks
``A 2 3 4 5 6 7 8 9 T J Q K`` (ace low). That integer order is RULES.md's card order
(A♣ … K♣, A♦ … K♦, A♥ … K♥, A♠ … K♠).

:class:`Card` is an ``int`` subclass with 52 interned instances, so it costs nothing in
the hot path and reads well everywhere else::

    >>> Card("Qs"), Card("10c").text, Card("tC") == Card("Tc")
    (Card('Qs'), 'Tc', True)

A hand is a 52-bit integer (bit ``i`` set when card ``i`` is held): the fast representation
used by the analysis and the state machine. Suit ``s`` of a hand is the 13-bit mask
``(hand >> 13 * s) & 0x1FFF``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from okgin.errors import CardError

__all__ = [
    "CARDS",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "VALUES",
    "Card",
    "cards_of",
    "format_cards",
    "hand_value",
    "mask_of",
    "parse_cards",
]

RANKS: Final = "A23456789TJQK"
SUITS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_MASK: Final = 0x1FFF

#: Deadwood value of each card index: A = 1, 2..10 face value, J/Q/K = 10.
VALUES: Final[tuple[int, ...]] = tuple(min(i % 13 + 1, 10) for i in range(52))


class Card(int):
    """One of the 52 cards; ``Card('Qs')``, ``Card(50)``; ``str`` gives ``Qs``."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return _parse(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
            raise CardError(f"not a card index: {value!r} (0..51)")
        if _TABLE:
            return _TABLE[value]
        return super().__new__(cls, value)

    @property
    def rank(self) -> int:
        """0 for an ace … 12 for a king."""
        return self % 13

    @property
    def suit(self) -> int:
        """0..3 for c, d, h, s."""
        return self // 13

    @property
    def value(self) -> int:
        """Deadwood value."""
        return VALUES[self]

    @property
    def bit(self) -> int:
        """This card as a one-card hand mask."""
        return 1 << self

    @property
    def text(self) -> str:
        return RANKS[self % 13] + SUITS[self // 13]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, ``Q♠``."""
        return RANKS[self % 13] + SUIT_SYMBOLS[self // 13]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_TABLE: list[Card] = []
_TABLE.extend([Card(i) for i in range(52)])
#: The 52 cards in card order.
CARDS: Final[tuple[Card, ...]] = tuple(_TABLE)

_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_RANK_INDEX.update({"10": 9, "t": 9, "j": 10, "q": 11, "k": 12, "a": 0})
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SUIT_INDEX.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
_PARSED: dict[str, Card] = {}


def _parse(text: str) -> Card:
    card = _PARSED.get(text)
    if card is not None:
        return card
    t = text.strip()
    rank = _RANK_INDEX.get(t[:-1]) if len(t) >= 2 else None
    if rank is None and len(t) >= 2:
        rank = _RANK_INDEX.get(t[:-1].lower(), _RANK_INDEX.get(t[:-1].upper()))
    suit = _SUIT_INDEX.get(t[-1:].lower()) if t else None
    if rank is None or suit is None:
        raise CardError(
            f"not a card: {text!r} (rank A 2-9 T/10 J Q K, then suit c d h s, e.g. 'Qs')"
        )
    card = CARDS[suit * 13 + rank]
    if len(_PARSED) < 4096:
        _PARSED[text] = card
    return card


def mask_of(cards: Iterable[int | str]) -> int:
    """The hand mask of some cards; a card given twice is an error."""
    mask = 0
    for c in cards:
        card = Card(c) if isinstance(c, str) or not isinstance(c, Card) else c
        if mask >> card & 1:
            raise CardError(f"card {card} given twice")
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a hand mask, in card order."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """``"3c 4c 5c"``, ``"3c4c5c 10d"`` or ``["3c", "4c"]`` → cards."""
    if not isinstance(text, str):
        return [Card(p) for p in text]
    out: list[Card] = []
    for word in text.replace(",", " ").split():
        i = 0
        while i < len(word):
            step = 3 if word.startswith("10", i) else 2
            out.append(Card(word[i : i + step]))
            i += step
    return out


def format_cards(cards: Iterable[int], symbols: bool = False) -> str:
    return " ".join(CARDS[c].symbol if symbols else CARDS[c].text for c in cards)


def hand_value(mask: int) -> int:
    """Sum of the values of the cards of a mask (all of them counted as deadwood)."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUES[low.bit_length() - 1]
        mask ^= low
    return total
