"""Actions: small frozen value types, their record (JSON) form, and a stable integer encoding.

Readable types (what a person or a bot says)::

    Draw()  Take()  Pass()  Done()  Discard(card)  Knock(card, melds)  Layoff(card, meld)

``Knock(None, melds)`` is big gin. Every action round-trips through text
(``Action.parse(str(a)) == a``) and through its record form (:func:`to_json` /
:func:`from_json`).

Integer encoding (for learning code; stable across versions and rule sets)
--------------------------------------------------------------------------
=========  =====================================================================
id         action
=========  =====================================================================
0          ``draw`` — top card of the stock
1          ``take`` — the upcard at the opening, the top discard, or the 50th card
2          ``pass`` — at the opening offer or at the 50th card
3          ``done`` — a defender has finished laying off
4          big gin with the default arrangement (RULES.md §5) of all its cards
5 + c      discard card ``c`` (card index 0..51, see :mod:`okgin.cards`)
57 + c     knock, putting card ``c`` aside, declaring the default arrangement
109+52k+c  lay off card ``c`` onto the knocker's meld ``k`` (k = 0..7, as extended)
=========  =====================================================================

``NUM_ACTIONS`` = 525. A knock with any other arrangement than the default exists only as a
readable :class:`Knock`: the default is the least deadwood with the fewest layoff spots,
and the integer space keeps one knock per discard so its size never depends on the hand.
:func:`legal_ids`, :func:`legal_mask`, :func:`apply_id`, :func:`action_for_id` and
:func:`id_for_action` play the encoding on a hand; they are the
:class:`~okgin.hand.HandState` methods of the same names (docs/actions.md).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from okgin.cards import CARDS, Card
from okgin.errors import IllegalActionError, OkginError, RecordError
from okgin.melds import Meld, deadwood, deadwood_after_discard, default_arrangement

if TYPE_CHECKING:
    from okgin.hand import HandState

__all__ = [
    "DISCARDS",
    "DONE",
    "DRAW",
    "ID_BIG_GIN",
    "ID_DISCARD",
    "ID_DONE",
    "ID_DRAW",
    "ID_KNOCK",
    "ID_LAYOFF",
    "ID_PASS",
    "ID_TAKE",
    "MAX_MELDS",
    "NUM_ACTIONS",
    "PASS",
    "TAKE",
    "Action",
    "Discard",
    "Done",
    "Draw",
    "Knock",
    "Layoff",
    "Pass",
    "Phase",
    "Take",
    "action_for_id",
    "apply_id",
    "from_json",
    "id_for_action",
    "legal_ids",
    "legal_mask",
    "parse_action",
    "to_json",
]

ID_DRAW: Final = 0
ID_TAKE: Final = 1
ID_PASS: Final = 2
ID_DONE: Final = 3
ID_BIG_GIN: Final = 4
ID_DISCARD: Final = 5
ID_KNOCK: Final = 57
ID_LAYOFF: Final = 109
MAX_MELDS: Final = 8
NUM_ACTIONS: Final = ID_LAYOFF + 52 * MAX_MELDS


class Phase(enum.IntEnum):
    """What a hand waits for: the kind of action its seat on turn may take.

    An :class:`~enum.IntEnum`, so a phase is an int where speed needs one; ``NAMES`` are the
    members' names as views and records spell them (``Phase.NAMES[Phase.FIFTIETH_KNOCK]`` is
    ``"fiftieth_knock"``).
    """

    OFFER = 0  # opening: take or pass the upcard
    DRAW = 1  # a turn, before drawing
    PLAY = 2  # a turn, after drawing: discard or knock
    FIFTIETH = 3  # fiftieth_card: take the last discard (then knock) or pass
    FIFTIETH_KNOCK = 4  # took the fiftieth card: must knock
    LAYOFF = 5  # a defender lays off, then done
    OVER = 6

    NAMES: ClassVar[tuple[str, ...]]


Phase.NAMES = tuple(phase.name.lower() for phase in Phase)


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""

    do: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the upcard (opening), the top discard (a turn's draw), or the 50th card."""

    do: ClassVar[str] = "take"

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the upcard at the opening offer, or the 50th card."""

    do: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Done:
    """A defender has finished laying off."""

    do: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn by discarding ``card`` face up."""

    card: Card
    do: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Knock: put ``card`` aside face down and declare ``melds`` (the rest is deadwood).

    ``card`` is None only for big gin (all cards melded, no discard).
    """

    card: Card | None
    melds: tuple[Meld, ...]
    do: ClassVar[str] = "knock"

    def __str__(self) -> str:
        spread = " ".join(m.text for m in self.melds)
        return f"knock {self.card if self.card is not None else '-'} {spread}".rstrip()


@dataclass(frozen=True, slots=True)
class Layoff:
    """Lay ``card`` off onto the knocker's meld number ``meld`` (as extended so far)."""

    card: Card
    meld: int
    do: ClassVar[str] = "layoff"

    def __str__(self) -> str:
        return f"layoff {self.card} {self.meld}"


Action = Draw | Take | Pass | Done | Discard | Knock | Layoff

DRAW: Final = Draw()
TAKE: Final = Take()
PASS: Final = Pass()
DONE: Final = Done()
#: ``DISCARDS[c]`` is the interned ``Discard(CARDS[c])``.
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(c) for c in CARDS)

_SIMPLE: Final[dict[str, Action]] = {
    "draw": DRAW,
    "take": TAKE,
    "pass": PASS,
    "done": DONE,
}


def to_json(action: Action, seat: int) -> dict[str, Any]:
    """The record form of an action (RECORD.md)."""
    out: dict[str, Any] = {"seat": seat, "do": action.do}
    if isinstance(action, Discard):
        out["card"] = action.card.text
    elif isinstance(action, Knock):
        out["card"] = action.card.text if action.card is not None else None
        out["melds"] = [[c.text for c in m.cards] for m in action.melds]
    elif isinstance(action, Layoff):
        out["card"] = action.card.text
        out["meld"] = action.meld
    return out


def _card_field(obj: Mapping[str, Any], what: str) -> Card:
    if "card" not in obj:
        raise RecordError(f'{what} needs a "card"')
    value = obj["card"]
    if not isinstance(value, str):
        raise RecordError(f'"card" must be a card like "Qs", not {json.dumps(value)}')
    try:
        return Card(value)
    except OkginError as exc:
        raise RecordError(str(exc)) from None


def _melds_field(value: Any) -> tuple[Meld, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RecordError('"melds" must be a list of melds, each a list of cards')
    melds = []
    for item in value:
        if not isinstance(item, Sequence) or isinstance(item, str):
            raise RecordError(f'"melds": each meld must be a list of cards, not {json.dumps(item)}')
        if not all(isinstance(c, str) for c in item):
            raise RecordError(f'"melds": cards must be strings like "Qs": {json.dumps(item)}')
        try:
            melds.append(Meld(list(item)))
        except OkginError as exc:
            raise RecordError(f'"melds": {exc}') from None
    return tuple(melds)


def from_json(obj: Any) -> tuple[int, Action]:
    """``(seat, action)`` from the record form; a malformed one raises RecordError."""
    if not isinstance(obj, Mapping):
        raise RecordError('an action must be an object with "seat" and "do"')
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError('"seat" must be an integer')
    do = obj.get("do")
    allowed = {"seat", "do"}
    action: Action
    if isinstance(do, str) and do in _SIMPLE:  # (a list or an object cannot be looked up)
        action = _SIMPLE[do]
    elif do == "discard":
        allowed |= {"card"}
        action = DISCARDS[_card_field(obj, "discard")]
    elif do == "knock":
        allowed |= {"card", "melds"}
        if "melds" not in obj:
            raise RecordError('knock needs "melds"')
        card = None if obj.get("card", 0) is None else _card_field(obj, "knock")
        action = Knock(card, _melds_field(obj["melds"]))
    elif do == "layoff":
        allowed |= {"card", "meld"}
        meld = obj.get("meld")
        if not isinstance(meld, int) or isinstance(meld, bool) or meld < 0:
            raise RecordError('layoff needs "meld", an index into the knocker\'s melds')
        action = Layoff(_card_field(obj, "layoff"), meld)
    else:
        raise RecordError(
            '"do" must be one of take, pass, draw, discard, knock, layoff, done, '
            f"not {json.dumps(do)}"
        )
    extra = set(obj) - allowed
    if extra:
        raise RecordError(f"unknown field {json.dumps(sorted(extra)[0])} in a {do} action")
    return seat, action


def parse_action(text: str) -> Action:
    """An action from its text form: ``draw``, ``discard Qs``, ``knock Ah 3c4c5c 8h8s8d``,
    ``knock - …`` (big gin), ``layoff 6c 0``."""
    words = text.split()
    if not words:
        raise IllegalActionError("no action given")
    head = words[0].lower()
    try:
        if head in _SIMPLE and len(words) == 1:
            return _SIMPLE[head]
        if head == "discard" and len(words) == 2:
            return DISCARDS[Card(words[1])]
        if head == "knock" and len(words) >= 2:
            card = None if words[1] == "-" else Card(words[1])
            return Knock(card, tuple(Meld(w) for w in words[2:]))
        if head == "layoff" and len(words) == 3:
            return Layoff(Card(words[1]), int(words[2]))
    except (OkginError, ValueError) as exc:
        raise IllegalActionError(f"cannot read action {text!r}: {exc}") from None
    raise IllegalActionError(
        f"cannot read action {text!r} (draw, take, pass, done, discard CARD, "
        "knock CARD MELD…, layoff CARD N)"
    )


# ---- the integer encoding of a hand's actions --------------------------------------------
# The phases as module constants: the hot paths below compare them on every call, and a
# module constant is read faster than a class attribute.
_OFFER: Final = Phase.OFFER
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_FIFTY: Final = Phase.FIFTIETH
_FIFTY_KNOCK: Final = Phase.FIFTIETH_KNOCK
_LAYOFF: Final = Phase.LAYOFF


def _discard_id_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each 9-bit slice of a hand mask, the discard ids of its cards, in card order."""
    return tuple(
        tuple(
            tuple(ID_DISCARD + 9 * j + i for i in range(9) if m >> i & 1 and 9 * j + i < 52)
            for m in range(512)
        )
        for j in range(6)
    )


_D0, _D1, _D2, _D3, _D4, _D5 = _discard_id_tables()


def _discard_ids(hand: int) -> list[int]:
    """``[ID_DISCARD + c for c in hand]`` in card order, by table."""
    return [
        *_D0[hand & 511],
        *_D1[hand >> 9 & 511],
        *_D2[hand >> 18 & 511],
        *_D3[hand >> 27 & 511],
        *_D4[hand >> 36 & 511],
        *_D5[hand >> 45],
    ]


def legal_ids(state: HandState) -> list[int]:
    """The legal actions of ``state`` as integer ids, ascending (``HandState.legal_ids``)."""
    phase = state.phase
    if phase == _PLAY:
        hand = state.hands[state.turn]
        taken = state.taken
        if taken >= 0 and state.rules.no_return_discard:
            out = _discard_ids(hand & ~(1 << taken))
        else:
            out = _discard_ids(hand)
    elif phase == _DRAW:
        return [ID_DRAW] if state.stock_only else [ID_DRAW, ID_TAKE]
    elif phase == _FIFTY_KNOCK:
        hand = state.hands[state.turn]
        out = []
    elif phase == _OFFER:
        return [ID_TAKE, ID_PASS]
    elif phase == _FIFTY:
        return [ID_TAKE, ID_PASS] if state._can_take_fiftieth() else [ID_PASS]
    elif phase == _LAYOFF:
        return sorted([ID_DONE] + [ID_LAYOFF + 52 * a.meld + a.card for a in state._layoffs()])
    else:
        return []
    # ids: big gin (4) < discards (5..56) < knocks (57..108), each part ascending
    if deadwood_after_discard(hand) <= state.limit:
        out.extend([ID_KNOCK + c for c in state._knock_cards(hand, state.taken)])
    if state.rules.big_gin_bonus is not None and deadwood(hand) == 0:
        out.insert(0, ID_BIG_GIN)
    return out


def legal_mask(state: HandState) -> list[int]:
    """A list of ``NUM_ACTIONS`` 0/1 flags, 1 where the action id is legal in ``state``."""
    mask = [0] * NUM_ACTIONS
    for i in legal_ids(state):
        mask[i] = 1
    return mask


def _as_id(value: object) -> int:
    """An action id given as another integer type (a NumPy integer), or an
    IllegalActionError for anything that is not an integer."""
    index = getattr(type(value), "__index__", None)
    if index is None or isinstance(value, bool):
        raise IllegalActionError(
            f"an action id is an integer 0..{NUM_ACTIONS - 1}, not {_short(value)}"
        )
    return int(index(value))


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def action_for_id(state: HandState, action_id: int) -> Action:
    """The readable action an integer id stands for in ``state``."""
    if action_id.__class__ is not int:
        action_id = _as_id(action_id)
    if not 0 <= action_id < NUM_ACTIONS:
        raise IllegalActionError(f"action id {action_id} is outside 0..{NUM_ACTIONS - 1}")
    if action_id == ID_DRAW:
        return DRAW
    if action_id == ID_TAKE:
        return TAKE
    if action_id == ID_PASS:
        return PASS
    if action_id == ID_DONE:
        return DONE
    if action_id < ID_KNOCK and action_id >= ID_DISCARD:
        return DISCARDS[action_id - ID_DISCARD]
    hand = state.hands[state.turn]
    if action_id == ID_BIG_GIN:
        return Knock(None, default_arrangement(hand)[1])
    if action_id < ID_LAYOFF:
        c = action_id - ID_KNOCK
        if not hand >> c & 1:
            raise IllegalActionError(
                f"action id {action_id}: knock with {CARDS[c]}, which is not in the hand"
            )
        return Knock(CARDS[c], default_arrangement(hand & ~(1 << c))[1])
    k, c = divmod(action_id - ID_LAYOFF, 52)
    return Layoff(CARDS[c], k)


def id_for_action(state: HandState, action: Action) -> int:
    """The integer id of a readable action (a knock only with its default arrangement)."""
    if isinstance(action, Draw):
        return ID_DRAW
    if isinstance(action, Take):
        return ID_TAKE
    if isinstance(action, Pass):
        return ID_PASS
    if isinstance(action, Done):
        return ID_DONE
    if isinstance(action, Discard):
        return ID_DISCARD + action.card
    if isinstance(action, Layoff):
        if action.meld >= MAX_MELDS:
            raise IllegalActionError(f"meld index {action.meld} has no integer id")
        return ID_LAYOFF + 52 * action.meld + action.card
    hand = state.hands[state.turn]
    if action.card is None:
        if default_arrangement(hand)[1] != tuple(sorted(action.melds)):
            raise IllegalActionError("only the default arrangement has an integer id")
        return ID_BIG_GIN
    if default_arrangement(hand & ~(1 << action.card))[1] != tuple(sorted(action.melds)):
        raise IllegalActionError("only a knock with the default arrangement has an integer id")
    return ID_KNOCK + action.card


def apply_id(state: HandState, action_id: int) -> None:
    """Play an action given by its integer id in ``state`` (validated, as
    :meth:`HandState.apply`)."""
    # Fast paths for the commonest ids; the same checks and effects as apply().
    if action_id.__class__ is not int:
        action_id = _as_id(action_id)
    phase = state.phase
    if phase == _PLAY:
        if ID_DISCARD <= action_id < ID_KNOCK:
            state._discard(CARDS[action_id - ID_DISCARD])
            return
    elif phase == _DRAW:
        if action_id == ID_DRAW:
            state._draw()
            return
        if action_id == ID_TAKE:
            state._take()
            return
    state.apply(action_for_id(state, action_id))
