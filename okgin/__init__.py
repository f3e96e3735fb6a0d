"""okgin — Oklahoma Gin: an exact, fast rules engine, analysis, records and bots.

>>> from okgin import Game, Rules
>>> game = Game(Rules.preset("standard"), seed=1)
>>> game.hand.limit == game.rules.limit_for(game.hand.upcard)
True
"""

from okgin.actions import (
    DONE,
    DRAW,
    NUM_ACTIONS,
    PASS,
    TAKE,
    Action,
    Discard,
    Done,
    Draw,
    Knock,
    Layoff,
    Pass,
    Take,
    parse_action,
)
from okgin.cards import CARDS, Card, cards_of, format_cards, mask_of, parse_cards
from okgin.errors import CardError, IllegalActionError, OkginError, RecordError, RulesError
from okgin.game import Game
from okgin.hand import HandResult, HandState
from okgin.melds import (
    Meld,
    arrangements,
    best_arrangement,
    best_layoffs,
    deadwood,
    deadwood_after_discard,
    default_arrangement,
    discard_deadwoods,
)
from okgin.rules import PRESETS, Rules

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "DONE",
    "DRAW",
    "NUM_ACTIONS",
    "PASS",
    "PRESETS",
    "TAKE",
    "Action",
    "Card",
    "CardError",
    "Discard",
    "Done",
    "Draw",
    "Game",
    "HandResult",
    "HandState",
    "IllegalActionError",
    "Knock",
    "Layoff",
    "Meld",
    "OkginError",
    "Pass",
    "RecordError",
    "Rules",
    "RulesError",
    "Take",
    "__version__",
    "arrangements",
    "best_arrangement",
    "best_layoffs",
    "cards_of",
    "deadwood",
    "deadwood_after_discard",
    "default_arrangement",
    "discard_deadwoods",
    "format_cards",
    "mask_of",
    "parse_action",
    "parse_cards",
]
