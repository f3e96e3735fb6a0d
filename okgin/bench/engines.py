"""The engines side by side: the optional references (OpenSpiel's pyspiel, RLCard), and each
engine's work for a figure, as a ``(prepare, run)`` pair (:data:`Work`)."""

from __future__ import annotations

import copy
import importlib
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from okgin.bench.inputs import SEED, deals, hand_seeds, openspiel_chance
from okgin.cards import SUITS
from okgin.hand import HandState, Phase
from okgin.rules import Rules

__all__ = [
    "ENGINES",
    "MID_HAND_DECISIONS",
    "OKGIN_PRESET",
    "Work",
    "clear_okgin_caches",
    "const",
    "copier",
    "copies",
    "okgin_bot_hands",
    "okgin_mid_states",
    "openspiel_bot_hands",
    "openspiel_game",
    "openspiel_mid_states",
    "optional_import",
    "random_hands_work",
    "references",
    "rlcard_cards",
    "rlcard_deadwood_10",
    "rlcard_deadwood_11",
    "rlcard_env_hands",
    "rlcard_mid_states",
    "run_calls",
]

ENGINES: Final = ("okgin", "openspiel", "rlcard", "pettingzoo126")


OKGIN_PRESET: Final = "openspiel"


MID_HAND_DECISIONS: Final = 24


def optional_import(name: str) -> Any:
    """The module ``name``, or None when it is not installed (or its install is broken)."""
    try:
        return importlib.import_module(name)
    except Exception:  # ImportError, or a broken install
        return None


def references() -> tuple[Any, Any, dict[str, str]]:
    """(pyspiel or None, rlcard or None, {engine: why missing})."""
    missing = {}
    pyspiel = optional_import("pyspiel")
    if pyspiel is None or not hasattr(pyspiel, "gin_rummy"):
        pyspiel = None
        missing["openspiel"] = "pyspiel is not installed (pip install 'okgin[bench]')"
    rlcard = optional_import("rlcard")
    if rlcard is None or optional_import("rlcard.games.gin_rummy.game") is None:
        rlcard = None
        missing["rlcard"] = "rlcard is not installed (pip install 'okgin[bench]')"
    return pyspiel, rlcard, missing


def clear_okgin_caches() -> int:
    """Empty every ``functools`` cache in the loaded okgin modules; returns how many.

    The engine's lookup tables are built at import and stay; no okgin module keeps a
    per-hand memo today, and this catches any that appears.
    """
    count = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "okgin" or name.startswith("okgin.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
                count += 1
    return count


def rlcard_cards(cards: Sequence[int]) -> list[Any]:
    rl_utils = optional_import("rlcard.games.gin_rummy.utils.utils")
    order = rl_utils.valid_suit  # ['S', 'H', 'D', 'C']
    return [rl_utils.get_card(c % 13 + 13 * order.index(SUITS[c // 13].upper())) for c in cards]


def rlcard_deadwood_10() -> Callable[[Any], int]:
    melding = optional_import("rlcard.games.gin_rummy.utils.melding")
    rl_utils = optional_import("rlcard.games.gin_rummy.utils.utils")

    best_clusters = melding.get_best_meld_clusters
    count = rl_utils.get_deadwood_count

    def dw(hand: Any) -> int:
        clusters = best_clusters(hand)
        return int(count(hand, clusters[0] if clusters else []))

    return dw


def rlcard_deadwood_11() -> Callable[[Any], int]:
    """RLCard's pieces put together as its judge does for knock cards: the least deadwood
    after discarding the highest unmelded card, over every meld cluster (or none)."""
    melding = optional_import("rlcard.games.gin_rummy.utils.melding")
    rl_utils = optional_import("rlcard.games.gin_rummy.utils.utils")

    clusters_of = melding.get_meld_clusters
    value = rl_utils.get_deadwood_value

    def dw(hand: Any) -> int:
        values = [value(card) for card in hand]
        best = sum(values) - max(values)
        for cluster in clusters_of(hand):
            meld_cards = [card for pile in cluster for card in pile]
            dead = [value(card) for card in hand if card not in meld_cards]
            v = sum(dead) - max(dead) if dead else 0
            if v < best:
                best = v
        return int(best)

    return dw


def const(value: Any) -> Callable[[], Any]:
    """A ``prepare`` for work whose inputs are not consumed."""
    return lambda: value


#: Each figure gives every engine a (prepare, run) pair: ``prepare()`` builds what one repeat
#: consumes (untimed), ``run(prepared)`` does the work (timed) and returns the units done.
Work = tuple[Callable[[], Any], Callable[[Any], int]]


def _okgin_random_hands(prepared: tuple[Rules, Sequence[Sequence[int]], int]) -> int:
    rules, decks, seed = prepared
    rand = random.Random(seed).random
    deal = HandState.deal
    over = Phase.OVER
    for deck in decks:
        hand = deal(rules, deck, 1)
        while hand.phase != over:
            ids = hand.legal_ids()
            hand.apply_id(ids[int(rand() * len(ids))])
    return len(decks)


def _openspiel_random_hands(prepared: tuple[Any, Sequence[Sequence[int]], int]) -> int:
    game, chances, seed = prepared
    rand = random.Random(seed).random
    for order in chances:
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(order[k])
                k += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rand() * len(legal))])
    return len(chances)


def _rlcard_random_hands(prepared: tuple[Any, Sequence[Any], int]) -> int:
    game, shufflers, seed = prepared
    rand = random.Random(seed).random
    judge = game.judge
    for rs in shufflers:
        game.np_random = rs
        game.init_game()
        while not game.is_over():
            legal = judge.get_legal_actions()
            game.step(legal[int(rand() * len(legal))])
    return len(shufflers)


def rlcard_env_hands(prepared: tuple[Any, Sequence[int], int]) -> int:
    env, seeds, seed = prepared
    rand = random.Random(seed).random
    for s in seeds:
        env.seed(s)
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rand() * len(legal))])
    return len(seeds)


def openspiel_game() -> Any:
    return optional_import("pyspiel").load_game("gin_rummy", {"oklahoma": True})


def random_hands_work(engine: str, count: int, seed: int) -> Work:
    """The random-hands work of one engine on ``count`` fixed deals."""
    if engine == "okgin":
        rules = Rules.preset(OKGIN_PRESET)
        decks = deals(count)
        return const((rules, decks, seed)), _okgin_random_hands
    if engine == "openspiel":
        game = openspiel_game()
        chances = [openspiel_chance(d) for d in deals(count)]
        return const((game, chances, seed)), _openspiel_random_hands
    import numpy as np

    rl_game = optional_import("rlcard.games.gin_rummy.game").GinRummyGame()
    seeds = hand_seeds(count)
    return (
        lambda: (rl_game, [np.random.RandomState(s) for s in seeds], seed)
    ), _rlcard_random_hands


# mid-hand states: the same deals, a few random decisions in
def okgin_mid_states(decks: Sequence[Sequence[int]]) -> list[HandState]:
    rules = Rules.preset(OKGIN_PRESET)
    rng = random.Random(f"{SEED}:mid")
    out = []
    for deck in decks:
        hand = HandState.deal(rules, deck, 1)
        for _ in range(MID_HAND_DECISIONS):
            if hand.phase == Phase.OVER:
                break
            hand.apply_id(rng.choice(hand.legal_ids()))
        out.append(hand)
    return out


def openspiel_mid_states(decks: Sequence[Sequence[int]]) -> list[Any]:
    game = openspiel_game()
    rng = random.Random(f"{SEED}:mid")
    out = []
    for deck in decks:
        order = openspiel_chance(deck)
        state = game.new_initial_state()
        k = decisions = 0
        while not state.is_terminal() and decisions < MID_HAND_DECISIONS:
            if state.is_chance_node():
                state.apply_action(order[k])
                k += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        while state.is_chance_node():
            state.apply_action(order[k])
            k += 1
        out.append(state)
    return out


def rlcard_mid_states(count: int) -> list[Any]:
    import numpy as np

    new_game = optional_import("rlcard.games.gin_rummy.game").GinRummyGame
    rng = random.Random(f"{SEED}:mid")
    out = []
    for s in hand_seeds(count):
        game = new_game()
        game.np_random = np.random.RandomState(s)
        game.init_game()
        for _ in range(MID_HAND_DECISIONS):
            if game.is_over():
                break
            game.step(rng.choice(game.judge.get_legal_actions()))
        out.append(game)
    return out


def copier(engine: str) -> Callable[[Any], Any]:
    if engine == "okgin":
        return HandState.copy
    if engine == "openspiel":
        return lambda state: state.clone()
    return copy.deepcopy


def copies(prepared: tuple[Sequence[Any], Callable[[Any], Any], int]) -> int:
    states, do, rounds = prepared
    for state in states:
        for _ in range(rounds):
            do(state)
    return len(states) * rounds


def okgin_bot_hands(prepared: tuple[Rules, list[Any], Sequence[Sequence[int]]]) -> int:
    from okgin.views import view_of_hand

    rules, bots, decks = prepared
    for deck in decks:
        hand = HandState.deal(rules, deck, 1)
        while hand.phase != Phase.OVER:
            seat = hand.turn
            hand.apply(bots[seat].act(view_of_hand(hand, seat)), seat)
    return len(decks)


def openspiel_bot_hands(prepared: tuple[Any, list[Any], Sequence[Sequence[int]]]) -> int:
    game, bots, chances = prepared
    for order in chances:
        for bot in bots:
            bot.restart()
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(order[k])
                k += 1
            else:
                state.apply_action(bots[state.current_player()].step(state))
    return len(chances)


def run_calls(prepared: tuple[Callable[[Any], Any], Sequence[Any]]) -> int:
    fn, inputs = prepared
    for x in inputs:
        fn(x)
    return len(inputs)
