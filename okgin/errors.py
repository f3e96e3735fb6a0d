"""One family of errors, all subclasses of :class:`ValueError`.

Every refusal in okgin (a bad card, a bad rules key, an illegal action, a malformed
record) raises one of these with a one-line message that says what was refused and why.
"""

from __future__ import annotations

__all__ = [
    "BotError",
    "CardError",
    "IllegalActionError",
    "OkginError",
    "PositionError",
    "RecordError",
    "RulesError",
    "SeatError",
]


class OkginError(ValueError):
    """Base of every error okgin raises on bad input."""


class CardError(OkginError):
    """A card, a meld or a hand that cannot be read."""


class RulesError(OkginError):
    """An unknown rules key, a bad value, or a combination that cannot be played."""


class PositionError(OkginError):
    """A hand position that cannot occur: a card in two places, a hand of the wrong size,
    a phase a position cannot be set up in."""


class IllegalActionError(OkginError):
    """An action the rules refuse in this state; the state is left exactly as it was.

    ``reason`` says which rule refuses it; ``action`` is the refused action, if any.
    """

    def __init__(self, reason: str, action: object = None) -> None:
        self.reason = reason
        self.action = action
        super().__init__(f"{action}: {reason}" if action is not None else reason)


class RecordError(OkginError):
    """A game record that cannot be read or replayed."""


class SeatError(OkginError):
    """A seat that is not one of the table's (a seat number out of range)."""


class BotError(OkginError):
    """A bot name, a bot option or a search budget that cannot be used."""
