"""The search budget of the bots that search (``expert``): its default and the one check of it.

A budget is seconds of search per decision (``--budget`` of ``okgin arena`` and ``okgin
play``). Kept apart from :mod:`okgin.bots.expert` so the commands can show the default in their
help and check a budget without importing the search.
"""

from __future__ import annotations

import math

from okgin.errors import BotError

__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "check_budget"]

#: Seconds of search per decision by default.
DEFAULT_BUDGET = 0.12
#: The most seconds a decision may be given (a person waits for it).
MAX_BUDGET = 60.0


def check_budget(budget: object, what: str = "the search budget") -> float:
    """``budget`` as seconds, or a :class:`~okgin.errors.BotError` saying why it cannot be one:
    a number more than 0 and at most :data:`MAX_BUDGET`. ``what`` names it in the message."""
    if (
        not isinstance(budget, int | float)
        or isinstance(budget, bool)
        or math.isnan(budget)
        or not 0 < budget <= MAX_BUDGET
    ):
        raise BotError(
            f"{what} must be more than 0 and at most {MAX_BUDGET:g} seconds, not {budget!r}"
        )
    return float(budget)
