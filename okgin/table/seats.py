"""Who sits at a table: :class:`Seat`, a person or a bot by name (as ``okgin arena`` takes it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from okgin.bots import Bot, check_budget, make_bot, parse_spec
from okgin.errors import BotError
from okgin.table.errors import SeatError

__all__ = ["Seat", "seat_names"]


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a table: ``kind`` person or bot, a display ``name``, the bot's spec
    (``"expert"``, ``"expert:guard=inf"``, ``"hard:alpha=0.5"``) and its search ``budget`` in
    seconds (the expert's; None: its default). Build one with :meth:`person` or :meth:`bot`."""

    kind: Literal["person", "bot"]
    name: str
    bot_spec: str | None = None
    budget: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("person", "bot"):
            raise SeatError(f'a seat is a "person" or a "bot", not {self.kind!r}')
        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 40:
            raise SeatError(f"a seat's name is 1 to 40 characters, not {self.name!r}")
        if self.kind == "person":
            if self.bot_spec is not None or self.budget is not None:
                raise SeatError(f"person {self.name!r}: a person's seat has no bot or budget")
            return
        if not isinstance(self.bot_spec, str):
            raise SeatError(f"bot seat {self.name!r} needs a bot name, not {self.bot_spec!r}")
        try:
            parse_spec(self.bot_spec)
        except ValueError as exc:
            raise SeatError(str(exc)) from None
        if self.budget is not None:
            try:
                check_budget(self.budget)
            except BotError as exc:
                raise SeatError(f"bot {self.bot_spec!r}: {exc}") from None

    @classmethod
    def person(cls, name: str = "You") -> Seat:
        return cls("person", name)

    @classmethod
    def bot(cls, spec: str, budget: float | None = None, name: str | None = None) -> Seat:
        """A bot seat; its name defaults to the bot's (``medium`` → ``Medium``)."""
        if name is None:
            name = spec.partition(":")[0].capitalize() or "Bot"
        return cls("bot", name, spec, budget)

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def make_bot(self, seed: int | None) -> Bot:
        """The bot of this seat (a person's seat has none)."""
        if self.bot_spec is None:
            raise SeatError(f"{self.name} is a person, not a bot")
        return make_bot(self.bot_spec, seed=seed, budget=self.budget)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.kind == "bot":
            out["bot"] = self.bot_spec
            if self.budget is not None:
                out["budget"] = self.budget
        return out

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        """A seat from :meth:`to_json`'s form; anything else raises SeatError in one line."""
        if not isinstance(data, dict):
            raise SeatError('a seat is an object with "kind" and "name"')
        unknown = set(data) - {"kind", "name", "bot", "budget"}
        if unknown:
            raise SeatError(f"unknown seat field {sorted(unknown)[0]!r}")
        kind = data.get("kind")
        if kind not in ("person", "bot"):
            raise SeatError(f'a seat\'s "kind" is "person" or "bot", not {kind!r}')
        return cls(kind, data.get("name"), data.get("bot"), data.get("budget"))  # type: ignore[arg-type]


def seat_names(seats: Sequence[Seat]) -> list[str]:
    """The seats' names, numbered where a name appears more than once (``Medium 1``,
    ``Medium 2``)."""
    names = [s.name for s in seats]
    out = []
    for i, name in enumerate(names):
        if names.count(name) > 1:
            name = f"{name} {names[: i + 1].count(name)}"
        out.append(name)
    return out
