"""``okgin bench``: okgin's speed beside OpenSpiel's C++ ``gin_rummy`` and RLCard's gin rummy.

One run measures the same fixed, seeded inputs on every engine and reports, per figure,
each engine's median of several repeats (per second) and the ratio okgin / reference.
The repeats are interleaved (repeat 1 of every engine, then repeat 2, …) so that a
change in the machine's load falls on every engine alike; okgin's caches (if any) are
emptied before each of its repeats, so a figure is what new work costs. Single-process
figures are timed by default on this process's CPU time (``Sizes.clock``: the same as
elapsed time on an idle machine, and not skewed when other programs share the CPUs);
the process figures are elapsed time, necessarily.

Figures (``FIGURES``):

- ``deadwood_random_10`` / ``_11``, ``deadwood_rich_10`` / ``_11``: minimum-deadwood calls
  per second on fixed sets of hands (random 10 or 11 cards; "rich": 10 or 11 cards drawn
  from 5 adjacent ranks). okgin: :func:`okgin.melds.deadwood` and the exact
  :func:`okgin.melds.deadwood_after_discard`; OpenSpiel: ``GinRummyUtils.min_deadwood``
  (its 11-card call is a heuristic, compared as it is); RLCard: the best meld cluster
  and its deadwood count (``melding.get_best_meld_clusters``, ``utils.get_deadwood_count``,
  as its scorer does) for 10 cards, and for 11 cards the least deadwood after a discard
  over ``melding.get_meld_clusters`` (the way its ``judge`` finds knock cards).
- ``random_hands``: whole hands per second, every decision uniform among the legal actions.
  okgin: preset ``openspiel`` through ``HandState.legal_ids`` / ``apply_id``; OpenSpiel:
  ``gin_rummy(oklahoma=true)``, ``legal_actions`` / ``apply_action``, the same deals as
  okgin (RULES.md §11 maps a deck onto its chance actions); RLCard: its own rules and its
  game class (``judge.get_legal_actions`` / ``step``), seeded per hand.
  ``random_hands_rlcard_env`` is RLCard through ``rlcard.make("gin-rummy")`` (which also
  encodes an observation every step), for reference only.
- ``random_hands_1proc`` / ``random_hands_2proc``: the same play in 1 and 2 worker
  processes (each plays the whole deal set; hands per second of wall time, all workers
  together); ``random_hands_scaling`` is 2proc / 1proc.
- ``state_copies``: copies per second of mid-hand states (okgin ``HandState.copy``,
  OpenSpiel ``clone``, RLCard ``copy.deepcopy`` of its game); ``state_copy_bytes``: the
  memory one copy allocates (tracemalloc; OpenSpiel's copies live in C++, out of its sight).
- ``simple_bot_hands``: hands per second of a simple bot playing itself: OpenSpiel's C++
  simple gin rummy bot, okgin's ``medium`` bot (seeing views, like a real player).

Every ``<figure>_ratio`` entry is ``{reference: okgin / reference}``; :data:`TARGETS` holds
the ratios issue 3 asks for.
"""

from __future__ import annotations

import copy
import gc
import importlib
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from okgin.cards import SUITS
from okgin.hand import HandState
from okgin.melds import deadwood, deadwood_after_discard
from okgin.rules import Rules

__all__ = [
    "ENGINES",
    "FIGURES",
    "TARGETS",
    "BenchReport",
    "Sizes",
    "clear_okgin_caches",
    "format_report",
    "machine_info",
    "run_bench",
]

ENGINES: Final = ("okgin", "openspiel", "rlcard")

#: figure name -> (unit, what it measures)
FIGURES: Final[dict[str, tuple[str, str]]] = {
    "deadwood_random_10": ("calls/s", "minimum deadwood, random 10-card hands"),
    "deadwood_random_11": ("calls/s", "least deadwood after a discard, random 11-card hands"),
    "deadwood_rich_10": ("calls/s", "minimum deadwood, 10 cards from 5 adjacent ranks"),
    "deadwood_rich_11": ("calls/s", "after a discard, 11 cards from 5 adjacent ranks"),
    "random_hands": ("hands/s", "uniform random legal play, whole hands"),
    "random_hands_rlcard_env": ("hands/s", "the same through rlcard.make (observations)"),
    "random_hands_1proc": ("hands/s", "random hands, 1 worker process"),
    "random_hands_2proc": ("hands/s", "random hands, 2 worker processes"),
    "random_hands_scaling": ("x", "2 processes / 1 process"),
    "state_copies": ("copies/s", "copy a mid-hand state"),
    "state_copy_bytes": ("bytes", "memory one copied state allocates (tracemalloc)"),
    "simple_bot_hands": ("hands/s", "simple bot self-play (okgin: medium), whole hands"),
}

#: figure -> reference -> the least ratio okgin / reference asked for (issue 3)
TARGETS: Final[dict[str, dict[str, float]]] = {
    "deadwood_random_10": {"openspiel": 1.5, "rlcard": 20.0},
    "deadwood_random_11": {"openspiel": 1.5, "rlcard": 20.0},
    "deadwood_rich_10": {"openspiel": 1.5, "rlcard": 20.0},
    "deadwood_rich_11": {"openspiel": 1.5, "rlcard": 20.0},
    "random_hands": {"openspiel": 10.0, "rlcard": 30.0},
    "state_copies": {"openspiel": 10.0},
}
#: the most memory one copied okgin state may take (issue 3)
COPY_BYTES_TARGET: Final = 2048

_SEED: Final = 20260301
_OKGIN_PRESET: Final = "openspiel"
_OPENSPIEL_SUIT: Final = (1, 2, 3, 0)  # okgin c d h s -> OpenSpiel s c d h order
_MID_HAND_DECISIONS: Final = 24
#: the clocks a single-process figure may be timed with
_CLOCKS: Final[dict[str, Callable[[], float]]] = {
    "cpu": time.process_time,
    "wall": time.perf_counter,
}


@dataclass(frozen=True)
class Sizes:
    """How much work each figure does. The inputs are the same for every engine; where an
    engine is timed on repeated work (copies, the process figures) the amount is sized to
    a duration, per engine."""

    repeats: int = 7
    deadwood_hands: int = 20_000
    random_hands: int = 400
    env_hands: int = 100
    process_seconds: float = 0.5  # each worker's share lasts about this long
    process_min_hands: int = 20
    copy_states: int = 32
    copy_seconds: float = 0.2  # each engine copies its states enough times to take this long
    bot_hands: int = 200
    memory_copies: int = 50
    clock: str = "cpu"  # "cpu": this process's CPU time; "wall": elapsed time

    @classmethod
    def quick(cls) -> Sizes:
        return cls(
            repeats=3,
            deadwood_hands=500,
            random_hands=12,
            env_hands=4,
            process_seconds=0.02,
            process_min_hands=2,
            copy_states=4,
            copy_seconds=0.005,
            bot_hands=4,
            memory_copies=5,
        )


@dataclass
class BenchReport:
    """Medians per figure and engine (None: the engine is missing or cannot do it)."""

    sizes: Sizes
    figures: dict[str, dict[str, float | None]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    def ratios(self) -> dict[str, dict[str, float | None]]:
        """``{figure: {reference: okgin / reference}}`` for the per-second figures."""
        out: dict[str, dict[str, float | None]] = {}
        for name, values in self.figures.items():
            if FIGURES[name][0] in ("bytes", "x") or name == "random_hands_rlcard_env":
                continue
            mine = values.get("okgin")
            row: dict[str, float | None] = {}
            for ref in ENGINES[1:]:
                theirs = values.get(ref)
                row[ref] = mine / theirs if mine and theirs else None
            out[name] = row
        env = self.figures.get("random_hands_rlcard_env", {}).get("rlcard")
        mine = self.figures.get("random_hands", {}).get("okgin")
        if env and mine:
            out["random_hands_rlcard_env"] = {"rlcard": mine / env}
        return out

    def to_json(self) -> dict[str, dict[str, float | None]]:
        """``{figure: {engine: value}}`` then ``{figure_ratio: {reference: ratio}}``."""
        out: dict[str, dict[str, float | None]] = {
            name: {engine: _round(v) for engine, v in values.items()}
            for name, values in self.figures.items()
        }
        for name, row in self.ratios().items():
            out[f"{name}_ratio"] = {ref: _round(v) for ref, v in row.items()}
        return out

    def verdicts(self) -> list[tuple[str, str, float | None, float, bool | None]]:
        """(figure, reference, ratio, target, met) for every target of issue 3; ``met`` is
        None when the reference was not measured."""
        ratios = self.ratios()
        out: list[tuple[str, str, float | None, float, bool | None]] = []
        for name, targets in TARGETS.items():
            for ref, target in targets.items():
                ratio = ratios.get(name, {}).get(ref)
                out.append((name, ref, ratio, target, None if ratio is None else ratio >= target))
        size = self.figures.get("state_copy_bytes", {}).get("okgin")
        if size is not None:
            out.append(
                ("state_copy_bytes", "okgin", size, COPY_BYTES_TARGET, size <= COPY_BYTES_TARGET)
            )
        return out


def _round(value: float | None) -> float | None:
    if value is None:
        return None
    if abs(value) >= 100:
        return round(value)
    return round(value, 3)


# ---- the engines ------------------------------------------------------------------------------
def _import(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except Exception:  # ImportError, or a broken install
        return None


def _references() -> tuple[Any, Any, dict[str, str]]:
    """(pyspiel or None, rlcard or None, {engine: why missing})."""
    missing = {}
    pyspiel = _import("pyspiel")
    if pyspiel is None or not hasattr(pyspiel, "gin_rummy"):
        pyspiel = None
        missing["openspiel"] = "pyspiel is not installed (pip install 'okgin[bench]')"
    rlcard = _import("rlcard")
    if rlcard is None or _import("rlcard.games.gin_rummy.game") is None:
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


def _okgin_card_to_openspiel(card: int) -> int:
    return _OPENSPIEL_SUIT[card // 13] * 13 + card % 13


def _rlcard_cards(cards: Sequence[int]) -> list[Any]:
    rl_utils = _import("rlcard.games.gin_rummy.utils.utils")
    order = rl_utils.valid_suit  # ['S', 'H', 'D', 'C']
    return [rl_utils.get_card(c % 13 + 13 * order.index(SUITS[c // 13].upper())) for c in cards]


def _rlcard_deadwood_10() -> Callable[[Any], int]:
    melding = _import("rlcard.games.gin_rummy.utils.melding")
    rl_utils = _import("rlcard.games.gin_rummy.utils.utils")

    best_clusters = melding.get_best_meld_clusters
    count = rl_utils.get_deadwood_count

    def dw(hand: Any) -> int:
        clusters = best_clusters(hand)
        return int(count(hand, clusters[0] if clusters else []))

    return dw


def _rlcard_deadwood_11() -> Callable[[Any], int]:
    """RLCard's pieces put together as its judge does for knock cards: the least deadwood
    after discarding the highest unmelded card, over every meld cluster (or none)."""
    melding = _import("rlcard.games.gin_rummy.utils.melding")
    rl_utils = _import("rlcard.games.gin_rummy.utils.utils")

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


def _const(value: Any) -> Callable[[], Any]:
    """A ``prepare`` for work whose inputs are not consumed."""
    return lambda: value


# ---- inputs -----------------------------------------------------------------------------------
def deadwood_set(kind: str, size: int, count: int) -> list[list[int]]:
    """A fixed set of hands (okgin card indices): ``random`` or ``rich`` (5 adjacent ranks)."""
    rng = random.Random(f"{_SEED}:deadwood:{kind}:{size}")
    out = []
    for _ in range(count):
        if kind == "random":
            pool = list(range(52))
        else:
            lo = rng.randrange(0, 9)
            pool = [s * 13 + r for s in range(4) for r in range(lo, lo + 5)]
        out.append(rng.sample(pool, size))
    return out


def deals(count: int, tag: str = "hands") -> list[list[int]]:
    """A fixed list of deck orders (okgin card indices, dealt with dealer 1)."""
    out = []
    for i in range(count):
        deck = list(range(52))
        random.Random(f"{_SEED}:{tag}:{i}").shuffle(deck)
        out.append(deck)
    return out


def openspiel_chance(deck: Sequence[int]) -> list[int]:
    """OpenSpiel's chance actions for an okgin deck dealt by seat 1 (RULES.md §11):
    player 0's ten cards, player 1's, the upcard, then each stock card as drawn."""
    order = [deck[i] for i in range(0, 20, 2)] + [deck[i] for i in range(1, 20, 2)] + [*deck[20:]]
    return [_okgin_card_to_openspiel(c) for c in order]


# ---- the work of one repeat, per engine ---------------------------------------------------------
# Each figure gives every engine a (prepare, run) pair: ``prepare()`` builds what one repeat
# consumes (untimed), ``run(prepared)`` does the work (timed) and returns the units done.
Work = tuple[Callable[[], Any], Callable[[Any], int]]


def _okgin_random_hands(prepared: tuple[Rules, Sequence[Sequence[int]], int]) -> int:
    rules, decks, seed = prepared
    rand = random.Random(seed).random
    deal = HandState.deal
    for deck in decks:
        hand = deal(rules, deck, 1)
        while hand.phase != 6:  # Phase.OVER
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


def _rlcard_env_hands(prepared: tuple[Any, Sequence[int], int]) -> int:
    env, seeds, seed = prepared
    rand = random.Random(seed).random
    for s in seeds:
        env.seed(s)
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rand() * len(legal))])
    return len(seeds)


def _hand_seeds(count: int) -> list[int]:
    rng = random.Random(f"{_SEED}:rlcard-hands")
    return [rng.randrange(2**31) for _ in range(count)]


def _openspiel_game() -> Any:
    return _import("pyspiel").load_game("gin_rummy", {"oklahoma": True})


def _random_hands_work(engine: str, count: int, seed: int) -> Work:
    """The random-hands work of one engine on ``count`` fixed deals."""
    if engine == "okgin":
        rules = Rules.preset(_OKGIN_PRESET)
        decks = deals(count)
        return _const((rules, decks, seed)), _okgin_random_hands
    if engine == "openspiel":
        game = _openspiel_game()
        chances = [openspiel_chance(d) for d in deals(count)]
        return _const((game, chances, seed)), _openspiel_random_hands
    import numpy as np

    rl_game = _import("rlcard.games.gin_rummy.game").GinRummyGame()
    seeds = _hand_seeds(count)
    return (
        lambda: (rl_game, [np.random.RandomState(s) for s in seeds], seed)
    ), _rlcard_random_hands


def _process_worker(
    engine: str, count: int, seed: int, barrier: Any, results: Any, index: int
) -> None:
    """One worker of a process figure: prepare (untimed), wait for every worker at the
    barrier, play, and report its own (start, end) wall-clock times."""
    prepare, run = _random_hands_work(engine, count, seed)
    if engine == "okgin":
        clear_okgin_caches()
    prepared = prepare()
    gc.collect()
    barrier.wait()
    start = time.time()
    run(prepared)
    results.put((index, start, time.time()))


# mid-hand states: the same deals, a few random decisions in
def _okgin_mid_states(decks: Sequence[Sequence[int]]) -> list[HandState]:
    rules = Rules.preset(_OKGIN_PRESET)
    rng = random.Random(f"{_SEED}:mid")
    out = []
    for deck in decks:
        hand = HandState.deal(rules, deck, 1)
        for _ in range(_MID_HAND_DECISIONS):
            if hand.phase == 6:
                break
            hand.apply_id(rng.choice(hand.legal_ids()))
        out.append(hand)
    return out


def _openspiel_mid_states(decks: Sequence[Sequence[int]]) -> list[Any]:
    game = _openspiel_game()
    rng = random.Random(f"{_SEED}:mid")
    out = []
    for deck in decks:
        order = openspiel_chance(deck)
        state = game.new_initial_state()
        k = decisions = 0
        while not state.is_terminal() and decisions < _MID_HAND_DECISIONS:
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


def _rlcard_mid_states(count: int) -> list[Any]:
    import numpy as np

    new_game = _import("rlcard.games.gin_rummy.game").GinRummyGame
    rng = random.Random(f"{_SEED}:mid")
    out = []
    for s in _hand_seeds(count):
        game = new_game()
        game.np_random = np.random.RandomState(s)
        game.init_game()
        for _ in range(_MID_HAND_DECISIONS):
            if game.is_over():
                break
            game.step(rng.choice(game.judge.get_legal_actions()))
        out.append(game)
    return out


def _copier(engine: str) -> Callable[[Any], Any]:
    if engine == "okgin":
        return HandState.copy
    if engine == "openspiel":
        return lambda state: state.clone()
    return copy.deepcopy


def _copies(prepared: tuple[Sequence[Any], Callable[[Any], Any], int]) -> int:
    states, do, rounds = prepared
    for state in states:
        for _ in range(rounds):
            do(state)
    return len(states) * rounds


def _copy_rounds(
    states: Sequence[Any], do: Callable[[Any], Any], seconds: float, clock: str
) -> int:
    """How many times to copy each state for one repeat to last about ``seconds``
    (like ``timeit.autorange``: 1, 2, 5, 10, 20, 50, …)."""
    rounds = 1
    while True:
        start = _CLOCKS[clock]()
        _copies((states, do, rounds))
        if _CLOCKS[clock]() - start >= seconds:
            return rounds
        rounds = rounds * 5 // 2 if str(rounds)[0] == "2" else rounds * 2


def _copy_bytes(states: Sequence[Any], do: Callable[[Any], Any], copies: int) -> float:
    """Mean bytes allocated by one copy (copies kept alive, measured by tracemalloc)."""
    sizes = []
    for state in states:
        keep: list[Any] = [None] * copies
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for i in range(copies):
                keep[i] = do(state)
            after = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        sizes.append((after - before) / copies)
        del keep
    return statistics.fmean(sizes)


def _okgin_bot_hands(prepared: tuple[Rules, list[Any], Sequence[Sequence[int]]]) -> int:
    from okgin.views import view_of_hand

    rules, bots, decks = prepared
    for deck in decks:
        hand = HandState.deal(rules, deck, 1)
        while hand.phase != 6:
            seat = hand.turn
            hand.apply(bots[seat].act(view_of_hand(hand, seat)), seat)
    return len(decks)


def _openspiel_bot_hands(prepared: tuple[Any, list[Any], Sequence[Sequence[int]]]) -> int:
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


def _run_calls(prepared: tuple[Callable[[Any], Any], Sequence[Any]]) -> int:
    fn, inputs = prepared
    for x in inputs:
        fn(x)
    return len(inputs)


# ---- the run ----------------------------------------------------------------------------------
def _median_rates(
    report: BenchReport,
    name: str,
    works: dict[str, Work],
    progress: Callable[[str], None],
) -> None:
    """Run every engine's work ``repeats`` times, interleaved; store the medians of units/s."""
    progress(name)
    repeats = report.sizes.repeats
    clock = _CLOCKS[report.sizes.clock]
    rates: dict[str, list[float]] = {engine: [] for engine in works}
    for _ in range(repeats):
        for engine, (prepare, run) in works.items():
            if engine == "okgin":
                clear_okgin_caches()
            prepared = prepare()
            gc.collect()
            start = clock()
            done = run(prepared)
            rates[engine].append(done / (clock() - start))
    row = report.figures.setdefault(name, {})
    for engine in ENGINES:
        row[engine] = statistics.median(rates[engine]) if engine in rates else None


def run_bench(
    sizes: Sizes | None = None, progress: Callable[[str], None] | None = None
) -> BenchReport:
    """Measure every figure; ``progress`` is told the name of each figure as it starts."""
    sizes = sizes or Sizes()
    say = progress or (lambda _text: None)
    started = time.perf_counter()
    pyspiel, rlcard, missing = _references()
    report = BenchReport(sizes=sizes, missing=missing)
    has_os = pyspiel is not None
    has_rl = rlcard is not None
    engines = ["okgin"] + (["openspiel"] if has_os else []) + (["rlcard"] if has_rl else [])

    # 1. deadwood
    for kind in ("random", "rich"):
        for size in (10, 11):
            name = f"deadwood_{kind}_{size}"
            hands = deadwood_set(kind, size, sizes.deadwood_hands)
            masks = [sum(1 << c for c in h) for h in hands]
            fn = deadwood if size == 10 else deadwood_after_discard
            works: dict[str, Work] = {"okgin": (_const((fn, masks)), _run_calls)}
            if has_os:
                md = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood
                os_hands = [[_okgin_card_to_openspiel(c) for c in h] for h in hands]
                works["openspiel"] = (_const((md, os_hands)), _run_calls)
            if has_rl:
                rl_fn = _rlcard_deadwood_10() if size == 10 else _rlcard_deadwood_11()
                rl_hands = [_rlcard_cards(h) for h in hands]
                works["rlcard"] = (_const((rl_fn, rl_hands)), _run_calls)
            _median_rates(report, name, works, say)
            report.notes.append(_agreement(name, hands, masks, fn, pyspiel, rlcard))

    # 2. random hands
    works = {e: _random_hands_work(e, sizes.random_hands, _SEED) for e in engines}
    _median_rates(report, "random_hands", works, say)
    if has_rl:
        env = rlcard.make("gin-rummy", config={"seed": _SEED})
        env_seeds = _hand_seeds(sizes.env_hands)
        env_work: Work = _const((env, env_seeds, _SEED)), _rlcard_env_hands
        _median_rates(report, "random_hands_rlcard_env", {"rlcard": env_work}, say)
    else:
        report.figures["random_hands_rlcard_env"] = dict.fromkeys(ENGINES)

    # 3. copies and their memory
    copy_decks = deals(sizes.copy_states, tag="mid")
    states: dict[str, list[Any]] = {"okgin": _okgin_mid_states(copy_decks)}
    if has_os:
        states["openspiel"] = _openspiel_mid_states(copy_decks)
    if has_rl:
        states["rlcard"] = _rlcard_mid_states(sizes.copy_states)
    works = {}
    for engine, sts in states.items():
        do = _copier(engine)
        rounds = _copy_rounds(sts, do, sizes.copy_seconds, sizes.clock)
        works[engine] = _const((sts, do, rounds)), _copies
    _median_rates(report, "state_copies", works, say)
    say("state_copy_bytes")
    report.figures["state_copy_bytes"] = {
        "okgin": _copy_bytes(states["okgin"], _copier("okgin"), sizes.memory_copies),
        "openspiel": None,
        "rlcard": (
            _copy_bytes(states["rlcard"], _copier("rlcard"), max(1, sizes.memory_copies // 10))
            if has_rl
            else None
        ),
    }
    del states

    # 4. processes
    _process_figures(report, sizes, engines, say)

    # 5. simple bots
    bot_decks = deals(sizes.bot_hands, tag="bots")
    works = {}
    from okgin.bots import make_bot

    rules = Rules.preset(_OKGIN_PRESET)
    works["okgin"] = (
        (lambda: (rules, [make_bot("medium", seed=s) for s in (0, 1)], bot_decks)),
        _okgin_bot_hands,
    )
    if has_os:
        game = _openspiel_game()
        bot_chances = [openspiel_chance(d) for d in bot_decks]
        params = game.get_parameters()
        works["openspiel"] = (
            (
                lambda: (
                    game,
                    [pyspiel.make_simple_gin_rummy_bot(params, p) for p in (0, 1)],
                    bot_chances,
                )
            ),
            _openspiel_bot_hands,
        )
    _median_rates(report, "simple_bot_hands", works, say)

    report.seconds = time.perf_counter() - started
    return report


def _agreement(
    name: str,
    hands: Sequence[Sequence[int]],
    masks: Sequence[int],
    fn: Callable[[int], int],
    pyspiel: Any,
    rlcard: Any,
) -> str:
    """How often the references' answers equal okgin's exact ones (first 2,000 hands)."""
    n = min(len(hands), 2000)
    exact = [fn(m) for m in masks[:n]]
    parts = []
    if pyspiel is not None:
        md = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood
        theirs = [md([_okgin_card_to_openspiel(c) for c in h]) for h in hands[:n]]
        parts.append(f"openspiel {sum(a == b for a, b in zip(exact, theirs))}/{n}")
    if rlcard is not None:
        f = _rlcard_deadwood_10() if len(hands[0]) == 10 else _rlcard_deadwood_11()
        theirs = [f(_rlcard_cards(h)) for h in hands[:n]]
        parts.append(f"rlcard {sum(a == b for a, b in zip(exact, theirs))}/{n}")
    return f"{name}: answers equal to okgin's exact ones: " + (", ".join(parts) or "no reference")


def _process_figures(
    report: BenchReport, sizes: Sizes, engines: list[str], say: Callable[[str], None]
) -> None:
    """Random hands in 1 and 2 worker processes started together (a barrier); hands per
    second of wall time over all workers. Each worker plays the first deals of the fixed
    list, as many as its engine plays in about ``sizes.process_seconds``."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx: Any = multiprocessing.get_context(method)
    counts = {}
    for engine in engines:
        rate = report.figures["random_hands"][engine] or 1.0
        counts[engine] = max(sizes.process_min_hands, round(rate * sizes.process_seconds))
    rates: dict[tuple[str, int], list[float]] = {(e, p): [] for e in engines for p in (1, 2)}
    say("random_hands_1proc, random_hands_2proc")
    for _ in range(sizes.repeats):
        for engine in engines:
            for procs in (1, 2):
                barrier = ctx.Barrier(procs)
                results = ctx.Queue()
                workers = [
                    ctx.Process(
                        target=_process_worker,
                        args=(engine, counts[engine], _SEED + i, barrier, results, i),
                    )
                    for i in range(procs)
                ]
                for w in workers:
                    w.start()
                times = [results.get() for _ in workers]
                for w in workers:
                    w.join()
                span = max(t[2] for t in times) - min(t[1] for t in times)
                rates[(engine, procs)].append(procs * counts[engine] / span)
    for procs in (1, 2):
        row: dict[str, float | None] = dict.fromkeys(ENGINES)
        for engine in engines:
            row[engine] = statistics.median(rates[(engine, procs)])
        report.figures[f"random_hands_{procs}proc"] = row
    scaling: dict[str, float | None] = dict.fromkeys(ENGINES)
    for engine in engines:
        one = report.figures["random_hands_1proc"][engine]
        two = report.figures["random_hands_2proc"][engine]
        scaling[engine] = two / one if one and two else None
    report.figures["random_hands_scaling"] = scaling
    report.notes.append(
        f"processes ({method}, {os.cpu_count()} CPUs): hands per worker "
        + ", ".join(f"{e} {counts[e]}" for e in engines)
    )


# ---- text -------------------------------------------------------------------------------------
def machine_info() -> dict[str, str]:
    """nproc, CPU model, Python and the reference versions."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info = {
        "cpus": str(os.cpu_count()),
        "cpu": cpu,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(terse=True),
    }
    from importlib import metadata

    for dist, key in (("open_spiel", "openspiel"), ("rlcard", "rlcard"), ("okgin", "okgin")):
        try:
            info[key] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            info[key] = "missing"
    return info


def _num(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "x":
        return f"{value:.2f}x"
    if unit == "bytes":
        return f"{value:,.0f} B"
    if value >= 1e6:
        return f"{value / 1e6:.2f}M"
    if value >= 1e4:
        return f"{value / 1e3:.1f}k"
    return f"{value:,.0f}"


def format_report(report: BenchReport) -> str:
    """The text table: a row per figure, engines' medians, then okgin / reference."""
    info = machine_info()
    sizes = report.sizes
    lines = [
        f"okgin bench: median of {sizes.repeats} repeat{'s' if sizes.repeats != 1 else ''}, "
        "per second of "
        f"{'CPU' if sizes.clock == 'cpu' else 'elapsed'} time unless stated "
        f"(processes: elapsed); ratio = okgin / reference (target)",
        f"machine: {info['cpus']} CPUs, {info['cpu']}, {info['python']}; "
        f"open_spiel {info['openspiel']}, rlcard {info['rlcard']}; okgin preset "
        f"{_OKGIN_PRESET} vs OpenSpiel oklahoma=true vs RLCard's own rules",
        "",
    ]
    header = f"{'figure':<24}{'okgin':>11}{'openspiel':>11}{'rlcard':>11}   {'vs openspiel':<19}"
    lines.append(header + "vs rlcard")
    ratios = report.ratios()
    for name, values in report.figures.items():
        unit = FIGURES[name][0]
        cells = "".join(f"{_num(values.get(e), unit):>11}" for e in ENGINES)
        marks = []
        for ref in ENGINES[1:]:
            ratio = ratios.get(name, {}).get(ref)
            target = TARGETS.get(name, {}).get(ref)
            text = "" if ratio is None else f"{ratio:.2f}x"
            if ratio is not None and target is not None:
                text += f" (>={target:g} {'met' if ratio >= target else 'NOT met'})"
            marks.append(text)
        if name == "state_copy_bytes" and values.get("okgin") is not None:
            size = values["okgin"] or 0.0
            met = "met" if size <= COPY_BYTES_TARGET else "NOT met"
            marks = [f"okgin <= {COPY_BYTES_TARGET} B {met}", ""]
        lines.append(f"{name:<24}{cells}   {marks[0]:<19}{marks[1]}".rstrip())
    lines.append("")
    for engine, why in report.missing.items():
        lines.append(f"{engine}: missing: {why}")
    lines.append(
        "sizes: "
        f"deadwood sets {sizes.deadwood_hands:,} hands; random hands {sizes.random_hands} deals "
        f"(rlcard env {sizes.env_hands}); "
        f"copies of {sizes.copy_states} mid-hand states ({_MID_HAND_DECISIONS} decisions in); "
        f"simple bots {sizes.bot_hands} deals"
    )
    lines.extend(report.notes)
    verdicts = report.verdicts()
    reached = [v for v in verdicts if v[4]]
    missed = [v for v in verdicts if v[4] is False]
    unmeasured = [v for v in verdicts if v[4] is None]
    line = f"targets: {len(reached)} met, {len(missed)} not met"
    if missed:
        line += " (" + ", ".join(f"{n} vs {r}" for n, r, *_ in missed) + ")"
    if unmeasured:
        line += f", {len(unmeasured)} not measured (reference missing)"
    lines.append(line)
    lines.append(f"({report.seconds:.0f} s)")
    return "\n".join(lines)
