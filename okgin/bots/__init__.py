"""Computer players. Each sees only a seat's view; :func:`make_bot` builds one by name.

A name may carry options, ``NAME:KEY=VALUE,KEY=VALUE`` (``expert:defence=1.0,at_once=0.5``,
``hard:alpha=0.5``): the bots of :data:`OPTIONS` take them, for trying other parameters in
``okgin arena`` on all its worker processes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from okgin.bots.base import Bot
from okgin.bots.budget import DEFAULT_BUDGET, check_budget
from okgin.bots.medium import MediumBot
from okgin.bots.simple import EasyBot, RandomBot
from okgin.errors import BotError

__all__ = [
    "BOTS",
    "BUDGETED",
    "DEFAULT_BUDGET",
    "OPTIONS",
    "Bot",
    "EasyBot",
    "MediumBot",
    "RandomBot",
    "check_budget",
    "make_bot",
    "parse_spec",
    "plugin",
]


def _openspiel_simple(seed: int | None) -> Bot:
    from okgin.bots.openspiel_simple import OpenSpielSimpleBot

    return OpenSpielSimpleBot(seed)


def _hard(seed: int | None, params: dict[str, float] | None = None) -> Bot:
    from okgin.bots.hard import HardBot

    return HardBot(seed, params)


def _expert(seed: int | None, budget: float | None = None, **options: Any) -> Bot:
    """``budget``: seconds of search per decision (``--budget`` of ``okgin arena`` and
    ``okgin play``); ``prior_P``: the two-player parameter ``P`` of its prior, ``hard``."""
    from okgin.bots.expert import ExpertBot

    prior = {k[len("prior_") :]: v for k, v in options.items() if k.startswith("prior_")}
    rest = {k: v for k, v in options.items() if not k.startswith("prior_")}
    if prior:
        rest["prior"] = prior
    return ExpertBot(seed, budget=budget, **rest)


#: Bot names and their factories (``seed`` for the ones that use chance).
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "easy": lambda seed: EasyBot(),
    "medium": lambda seed: MediumBot(seed),
    # OpenSpiel's C++ simple bot (needs pyspiel; two players, OpenSpiel's rules)
    "openspiel-simple": _openspiel_simple,
    "hard": _hard,
    "expert": _expert,
}


#: The bots that search within a time budget, with their factories taking it.
BUDGETED: dict[str, Callable[[int | None, float | None], Bot]] = {"expert": _expert}


def _hard_options() -> dict[str, type]:
    from okgin.bots.hard import DEFAULTS

    return dict.fromkeys(DEFAULTS, float)


def _expert_options() -> dict[str, type]:
    from okgin.bots.expert import OPTIONS as EXPERT
    from okgin.bots.hard import DEFAULTS

    # ``budget`` in the name (``expert:budget=0.48``) is that bot's own, over the run's
    # ``--budget``: two budgets side by side in one arena run; ``prior_P`` sets the
    # two-player parameter P of its prior (``expert:prior_outs=20``)
    return {"budget": float, **EXPERT, **{f"prior_{k}": float for k in DEFAULTS}}


#: The bots that take options in their name, and each one's options with their types.
OPTIONS: dict[str, Callable[[], dict[str, type]]] = {
    "hard": _hard_options,
    "expert": _expert_options,
}

#: Factories of the bots of :data:`OPTIONS`: (seed, budget, options) → bot.
_WITH_OPTIONS: dict[str, Callable[[int | None, float | None, dict[str, Any]], Bot]] = {
    "hard": lambda seed, budget, options: _hard(seed, options),
    "expert": lambda seed, budget, options: _expert(
        seed,
        check_budget(options.pop("budget"), "expert budget") if "budget" in options else budget,
        **options,
    ),
}


def parse_spec(spec: str) -> tuple[str, dict[str, int | float]]:
    """``NAME`` or ``NAME:KEY=VALUE,…`` → (the bot's name, its options), checked against
    :data:`OPTIONS`; a :class:`~okgin.errors.BotError` says what is wrong in one line."""
    name, sep, rest = spec.partition(":")
    if name not in BOTS:
        raise BotError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    if not sep:
        return name, {}
    if name not in OPTIONS:
        takes = ", ".join(OPTIONS)
        raise BotError(f"bot {spec!r}: {name} takes no options (the bots that do: {takes})")
    kinds = OPTIONS[name]()
    out: dict[str, int | float] = {}
    for item in rest.split(","):
        key, eq, text = (part.strip() for part in item.partition("="))
        if not eq or key not in kinds:
            raise BotError(
                f"bot {spec!r}: {item.strip()!r} is not KEY=VALUE with KEY an option of "
                f"{name} ({', '.join(kinds)})"
            )
        if key in out:
            raise BotError(f"bot {spec!r}: {key} is given twice")
        kind = kinds[key]
        try:
            value = kind(text)
        except ValueError:
            what = "an integer" if kind is int else "a number"
            raise BotError(f"bot {spec!r}: {key} must be {what}, not {text!r}") from None
        if isinstance(value, float) and math.isnan(value):
            raise BotError(f"bot {spec!r}: {key} must be a number, not {text!r}")
        out[key] = value
    return name, out


def plugin(prefix: str) -> Callable[[str], Bot] | None:
    """The factory registered as ``prefix`` in the entry-point group ``okgin.bots`` (called
    with the text after ``prefix:``), or None. Bots that live above this layer (the
    environment's trained policies) or in other packages join this way, so this package
    imports none of them."""
    for entry in entry_points(group="okgin.bots", name=prefix):
        factory: Callable[[str], Bot] = entry.load()
        return factory
    return None


def make_bot(name: str, seed: int | None = None, *, budget: float | None = None) -> Bot:
    """A bot by name (``random``, ``easy``, …), options included (``expert:defence=1.0``,
    see :func:`parse_spec`). ``budget`` (seconds of search per decision) goes to the bots
    that search (:data:`BUDGETED`); the others ignore it, but every bot refuses a budget
    :func:`check_budget` refuses. ``PLUGIN:ARGUMENT`` is a bot of another layer or package,
    registered under the entry-point group ``okgin.bots`` (see :func:`plugin`): okgin's own
    ``policy:PATH``, a trained MaskablePPO model that plays on the RL environment's
    observation planes (:mod:`okgin.env.policy`, extra ``train``)."""
    prefix, sep, argument = name.partition(":")
    if sep and prefix not in BOTS:
        factory = plugin(prefix)
        if factory is not None:
            if budget is not None:
                check_budget(budget)
            return factory(argument)
    base, options = parse_spec(name)
    if budget is not None:
        budget = check_budget(budget)
    if options:
        return _WITH_OPTIONS[base](seed, budget, options)
    if budget is not None and base in BUDGETED:
        return BUDGETED[base](seed, budget)
    return BOTS[base](seed)
