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
- ``env_random_games`` / ``env_steps``: random play through the RL environments with the
  observation and the action mask read at every decision, hands and decisions per second:
  okgin's PettingZoo AEC environment, OpenSpiel's game with its observation tensor, RLCard's
  env, PettingZoo 1.26's ``gin_rummy_v4`` (``pettingzoo126``, run in its own virtual
  environment when ``Sizes.pz126`` names its Python); ``env_random_games_gym`` is okgin's
  Gymnasium wrapper (no reference). :mod:`okgin.env.bench` measures them.

Every ``<figure>_ratio`` entry is ``{reference: okgin / reference}``; :data:`TARGETS` holds
the ratios issue 3 asks for.

:func:`run_bench` measures every figure in turn (or only the groups in ``Sizes.groups``,
``okgin bench --only``: deadwood, random_hands, copies, processes, bots, env), from

- :mod:`okgin.bench.inputs` — the fixed, seeded hands and deals, and their forms for OpenSpiel;
- :mod:`okgin.bench.engines` — the references (optional imports) and each engine's work;
- :mod:`okgin.bench.timing` — interleaved repeats, medians, copies, the process figures;
- :mod:`okgin.bench.report` — the figures, targets, ratios, JSON and the text table.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from okgin.bench.engines import (
    ENGINES,
    OKGIN_PRESET,
    Work,
    clear_okgin_caches,
    const,
    copier,
    copies,
    okgin_bot_hands,
    okgin_mid_states,
    openspiel_bot_hands,
    openspiel_game,
    openspiel_mid_states,
    random_hands_work,
    references,
    rlcard_cards,
    rlcard_deadwood_10,
    rlcard_deadwood_11,
    rlcard_env_hands,
    rlcard_mid_states,
    run_calls,
)
from okgin.bench.inputs import (
    SEED,
    deadwood_set,
    deals,
    hand_seeds,
    okgin_card_to_openspiel,
    openspiel_chance,
)
from okgin.bench.report import (
    COPY_BYTES_TARGET,
    FIGURES,
    TARGETS,
    BenchReport,
    format_report,
    machine_info,
)
from okgin.bench.timing import (
    GROUPS,
    Sizes,
    copy_bytes,
    copy_rounds,
    median_rates,
    process_figures,
)
from okgin.melds import deadwood, deadwood_after_discard
from okgin.rules import Rules

__all__ = [
    "COPY_BYTES_TARGET",
    "ENGINES",
    "FIGURES",
    "GROUPS",
    "TARGETS",
    "BenchReport",
    "Sizes",
    "clear_okgin_caches",
    "deadwood_set",
    "deals",
    "format_report",
    "machine_info",
    "openspiel_chance",
    "run_bench",
]


def run_bench(
    sizes: Sizes | None = None, progress: Callable[[str], None] | None = None
) -> BenchReport:
    """Measure every figure; ``progress`` is told the name of each figure as it starts."""
    sizes = sizes or Sizes()
    say = progress or (lambda _text: None)
    started = time.perf_counter()
    pyspiel, rlcard, missing = references()
    report = BenchReport(sizes=sizes, missing=missing)
    has_os = pyspiel is not None
    has_rl = rlcard is not None
    engines = ["okgin"] + (["openspiel"] if has_os else []) + (["rlcard"] if has_rl else [])
    groups = sizes.groups

    # 1. deadwood
    if "deadwood" in groups:
        for kind in ("random", "rich"):
            for size in (10, 11):
                name = f"deadwood_{kind}_{size}"
                hands = deadwood_set(kind, size, sizes.deadwood_hands)
                masks = [sum(1 << c for c in h) for h in hands]
                fn = deadwood if size == 10 else deadwood_after_discard
                works: dict[str, Work] = {"okgin": (const((fn, masks)), run_calls)}
                if has_os:
                    md = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood
                    os_hands = [[okgin_card_to_openspiel(c) for c in h] for h in hands]
                    works["openspiel"] = (const((md, os_hands)), run_calls)
                if has_rl:
                    rl_fn = rlcard_deadwood_10() if size == 10 else rlcard_deadwood_11()
                    rl_hands = [rlcard_cards(h) for h in hands]
                    works["rlcard"] = (const((rl_fn, rl_hands)), run_calls)
                median_rates(report, name, works, say)
                report.notes.append(_agreement(name, hands, masks, fn, pyspiel, rlcard))

    # 2. random hands
    if "random_hands" in groups:
        works = {e: random_hands_work(e, sizes.random_hands, SEED) for e in engines}
        median_rates(report, "random_hands", works, say)
        if has_rl:
            env = rlcard.make("gin-rummy", config={"seed": SEED})
            env_seeds = hand_seeds(sizes.env_hands)
            env_work: Work = const((env, env_seeds, SEED)), rlcard_env_hands
            median_rates(report, "random_hands_rlcard_env", {"rlcard": env_work}, say)
        else:
            report.figures["random_hands_rlcard_env"] = dict.fromkeys(ENGINES)

    # 3. copies and their memory
    if "copies" in groups:
        copy_decks = deals(sizes.copy_states, tag="mid")
        states: dict[str, list[Any]] = {"okgin": okgin_mid_states(copy_decks)}
        if has_os:
            states["openspiel"] = openspiel_mid_states(copy_decks)
        if has_rl:
            states["rlcard"] = rlcard_mid_states(sizes.copy_states)
        works = {}
        for engine, sts in states.items():
            do = copier(engine)
            rounds = copy_rounds(sts, do, sizes.copy_seconds, sizes.clock)
            works[engine] = const((sts, do, rounds)), copies
        median_rates(report, "state_copies", works, say)
        say("state_copy_bytes")
        report.figures["state_copy_bytes"] = {
            "okgin": copy_bytes(states["okgin"], copier("okgin"), sizes.memory_copies),
            "openspiel": None,
            "rlcard": (
                copy_bytes(states["rlcard"], copier("rlcard"), max(1, sizes.memory_copies // 10))
                if has_rl
                else None
            ),
            "pettingzoo126": None,
        }
        del states

    # 4. processes
    if "processes" in groups:
        process_figures(report, sizes, engines, say)

    # 5. simple bots
    if "bots" in groups:
        bot_decks = deals(sizes.bot_hands, tag="bots")
        works = {}
        from okgin.bots import make_bot

        rules = Rules.preset(OKGIN_PRESET)
        works["okgin"] = (
            (lambda: (rules, [make_bot("medium", seed=s) for s in (0, 1)], bot_decks)),
            okgin_bot_hands,
        )
        if has_os:
            game = openspiel_game()
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
                openspiel_bot_hands,
            )
        median_rates(report, "simple_bot_hands", works, say)

    # 6. the RL environments (okgin.env.bench)
    if "env" in groups:
        from okgin.env.bench import env_figures

        env_figures(report, sizes, has_os, has_rl, say)

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
        theirs = [md([okgin_card_to_openspiel(c) for c in h]) for h in hands[:n]]
        parts.append(f"openspiel {sum(a == b for a, b in zip(exact, theirs))}/{n}")
    if rlcard is not None:
        f = rlcard_deadwood_10() if len(hands[0]) == 10 else rlcard_deadwood_11()
        theirs = [f(rlcard_cards(h)) for h in hands[:n]]
        parts.append(f"rlcard {sum(a == b for a, b in zip(exact, theirs))}/{n}")
    return f"{name}: answers equal to okgin's exact ones: " + (", ".join(parts) or "no reference")
