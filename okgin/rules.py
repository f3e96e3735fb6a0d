"""The rule set: every option of RULES.md §10 and the presets of §11.

A rule set is a preset (default ``standard``) plus overrides, validated once and frozen::

    >>> r = Rules.from_dict({"preset": "party", "players": 3})
    >>> r.players, r.cards_per_hand, r.knock_bonus
    (3, 7, 10)
    >>> r.to_dict()
    {'preset': 'party', 'players': 3}

An unknown key or a bad value raises :class:`~okgin.errors.RulesError` naming the key and
the values allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

from okgin.errors import RulesError

__all__ = ["OPTIONS", "PRESETS", "Rules", "knock_limit_for"]

_SUIT_INDEX: Final = {"c": 0, "d": 1, "h": 2, "s": 3}


@dataclass(frozen=True, slots=True)
class Rules:
    """A validated, frozen rule set. Build it with :meth:`from_dict` or :meth:`preset`."""

    preset_name: str = "standard"
    players: int = 2
    hand_size: int | None = None
    knock_limit: str | int = "upcard"
    ace_upcard: str = "gin_only"
    no_return_discard: bool = True
    gin_bonus: int = 25
    big_gin_bonus: int | None = None
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    knock_bonus: int = 0
    multiway_scoring: str = "pairwise"
    doubling_suit: str | None = "s"
    doubling_effect: str = "hand"
    stock_exhaustion: str = "standard"
    format: str = "target"
    target: int = 100
    dealer_rotation: str = "winner"
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: str = "double"

    # ---- construction -------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None = None) -> Rules:
        """A rule set from ``{"preset": name, key: value, …}`` (RULES.md §11)."""
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be an object of options, not {type(data).__name__}")
        data = dict(data)
        name = data.pop("preset", "standard")
        if name not in PRESETS:
            raise RulesError(
                f'rules: "preset" must be one of {", ".join(PRESETS)}, not {_show(name)}'
            )
        values = dict(PRESETS[name])
        for key, value in data.items():
            if key not in OPTIONS:
                raise RulesError(
                    f"rules: unknown key {_show(key)} (keys: preset, {', '.join(OPTIONS)})"
                )
            _check(key, value)
            values[key] = value
        rules = cls(preset_name=name, **values)
        rules._check_combination()
        return rules

    @classmethod
    def preset(cls, name: str = "standard", **overrides: Any) -> Rules:
        return cls.from_dict({"preset": name, **overrides})

    def with_options(self, **overrides: Any) -> Rules:
        """A copy with some options changed, validated like :meth:`from_dict`."""
        return Rules.from_dict({**self.to_dict(), **overrides})

    def to_dict(self) -> dict[str, Any]:
        """The preset and the options that differ from it (what a record stores)."""
        base = PRESETS[self.preset_name]
        out: dict[str, Any] = {"preset": self.preset_name}
        for key in OPTIONS:
            value = getattr(self, key)
            if value != base.get(key, _DEFAULTS[key]) or type(value) is not type(
                base.get(key, _DEFAULTS[key])
            ):
                out[key] = value
        return out

    def options(self) -> dict[str, Any]:
        """Every option with its value."""
        return {key: getattr(self, key) for key in OPTIONS}

    def _check_combination(self) -> None:
        if self.players * self.cards_per_hand > 48:
            raise RulesError(
                f'rules: "hand_size" {self.cards_per_hand} is too large for {self.players} '
                f"players (players × hand_size ≤ 48)"
            )
        if self.format == "hollywood" and self.players != 2:
            raise RulesError(f'rules: "format" hollywood is for 2 players only, not {self.players}')

    # ---- derived values -------------------------------------------------------------
    @property
    def cards_per_hand(self) -> int:
        """``hand_size``, or its default: 10 for two players, 7 for three or four."""
        if self.hand_size is not None:
            return self.hand_size
        return 10 if self.players == 2 else 7

    def limit_for(self, upcard: int) -> int:
        """The knock limit L a first upcard sets (RULES.md §2)."""
        return knock_limit_for(self, upcard)

    def is_doubling_upcard(self, upcard: int) -> bool:
        """Whether a first upcard is of the ``doubling_suit`` (RULES.md §7): it doubles the
        hand (``doubling_effect`` hand) or the game's target (``target``)."""
        return self.doubling_suit is not None and upcard // 13 == _SUIT_INDEX[self.doubling_suit]

    def multiplier_for(self, upcard: int) -> int:
        """The hand multiplier m a first upcard sets (RULES.md §7)."""
        return 2 if self.doubling_effect == "hand" and self.is_doubling_upcard(upcard) else 1

    def doubles_target(self, upcard: int) -> bool:
        """Whether a hand dealt with this upcard doubles the game's target (RULES.md §7: the
        first such hand of a game does; never in the ``single`` format)."""
        return (
            self.doubling_effect == "target"
            and self.format != "single"
            and self.is_doubling_upcard(upcard)
        )

    def __repr__(self) -> str:
        return f"Rules.from_dict({self.to_dict()!r})"


def knock_limit_for(rules: Rules, upcard: int) -> int:
    if isinstance(rules.knock_limit, int):
        return rules.knock_limit
    rank = upcard % 13
    if rank == 0:
        return 0 if rules.ace_upcard == "gin_only" else 1
    return min(rank + 1, 10)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _int_in(lo: int, hi: int | None) -> Any:
    def check(value: Any) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and value >= lo
            and (hi is None or value <= hi)
        )

    return check


def _one_of(*allowed: Any) -> Any:
    def check(value: Any) -> bool:
        return any(value == a and type(value) is type(a) for a in allowed)

    return check


# key: (check, the values allowed in words)
_CHECKS: Final[dict[str, tuple[Any, str]]] = {
    "players": (_one_of(2, 3, 4), "2, 3, 4"),
    "hand_size": (
        lambda v: v is None or _int_in(1, 48)(v),
        "an integer ≥ 1 with players × hand_size ≤ 48, or null",
    ),
    "knock_limit": (
        lambda v: v == "upcard" or _int_in(0, 10)(v),
        '"upcard" or an integer 0-10',
    ),
    "ace_upcard": (_one_of("gin_only", "one"), '"gin_only", "one"'),
    "no_return_discard": (_one_of(True, False), "true, false"),
    "gin_bonus": (_int_in(0, None), "an integer ≥ 0"),
    "big_gin_bonus": (
        lambda v: v is None or _int_in(0, None)(v),
        "an integer ≥ 0 or null",
    ),
    "undercut_bonus": (_int_in(0, None), "an integer ≥ 0"),
    "undercut_on_tie": (_one_of(True, False), "true, false"),
    "knock_bonus": (_int_in(0, None), "an integer ≥ 0"),
    "multiway_scoring": (_one_of("pairwise", "lowest"), '"pairwise", "lowest"'),
    "doubling_suit": (_one_of(None, "s", "c", "d", "h"), 'null, "s", "c", "d", "h"'),
    "doubling_effect": (_one_of("hand", "target"), '"hand", "target"'),
    "stock_exhaustion": (
        _one_of("standard", "fiftieth_card"),
        '"standard", "fiftieth_card"',
    ),
    "format": (
        _one_of("single", "target", "hollywood"),
        '"single", "target", "hollywood"',
    ),
    "target": (_int_in(1, None), "an integer ≥ 1"),
    "dealer_rotation": (_one_of("winner", "alternate"), '"winner", "alternate"'),
    "game_bonus": (_int_in(0, None), "an integer ≥ 0"),
    "box_bonus": (_int_in(0, None), "an integer ≥ 0"),
    "shutout": (_one_of("double", "none"), '"double", "none"'),
}

#: The option keys, in RULES.md's order.
OPTIONS: Final[tuple[str, ...]] = tuple(_CHECKS)

_DEFAULTS: Final[dict[str, Any]] = {
    f.name: f.default for f in fields(Rules) if f.name != "preset_name"
}


def _check(key: str, value: Any) -> None:
    check, allowed = _CHECKS[key]
    if not check(value):
        raise RulesError(f'rules: "{key}" must be {allowed}, not {_show(value)}')


#: Each preset as its options (RULES.md §11); options not named take the defaults.
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "standard": {},
    "classic": {
        "ace_upcard": "one",
        "undercut_bonus": 10,
        "doubling_suit": None,
        "game_bonus": 0,
        "box_bonus": 0,
        "shutout": "none",
    },
    "party": {
        "undercut_bonus": 20,
        "knock_bonus": 10,
        "multiway_scoring": "lowest",
        "doubling_suit": None,
        "dealer_rotation": "alternate",
        "game_bonus": 0,
        "box_bonus": 0,
        "shutout": "none",
    },
    "openspiel": {
        "format": "single",
        "doubling_suit": None,
        "undercut_on_tie": False,
        "no_return_discard": False,
        "stock_exhaustion": "fiftieth_card",
    },
}
for _values in PRESETS.values():
    for _k, _v in _values.items():
        _check(_k, _v)
