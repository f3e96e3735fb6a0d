"""Computer players. Each sees only a seat's view; :func:`make_bot` builds one by name."""

from __future__ import annotations

from collections.abc import Callable

from okgin.bots.base import Bot
from okgin.bots.medium import MediumBot
from okgin.bots.simple import EasyBot, RandomBot

__all__ = ["BOTS", "BUDGETED", "Bot", "EasyBot", "MediumBot", "RandomBot", "make_bot"]


def _openspiel_simple(seed: int | None) -> Bot:
    from okgin.bots.openspiel_simple import OpenSpielSimpleBot

    return OpenSpielSimpleBot(seed)


def _hard(seed: int | None, params: dict[str, float] | None = None) -> Bot:
    from okgin.bots.hard import HardBot

    return HardBot(seed, params)


def _expert(seed: int | None, budget: float | None = None) -> Bot:
    """``budget``: seconds of search per decision (``--budget`` of ``okgin arena`` and
    ``okgin play``)."""
    from okgin.bots.expert import ExpertBot

    return ExpertBot(seed, budget=budget)


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


def make_bot(name: str, seed: int | None = None, *, budget: float | None = None) -> Bot:
    """A bot by name (``random``, ``easy``, …). ``budget`` (seconds of search per
    decision) goes to the bots that search (:data:`BUDGETED`); the others ignore it."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
    if budget is not None and name in BUDGETED:
        return BUDGETED[name](seed, budget)
    return factory(seed)
