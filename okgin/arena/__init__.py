"""The arena: duplicate matches between bots, with the statistics a careful researcher needs.

    >>> from okgin.arena import run_arena
    >>> report = run_arena(["medium", "easy"], {"preset": "standard"}, pairs=20, seed=1,
    ...                    progress=False)
    >>> report["pairings"][0]["bots"]
    ['medium', 'easy']

- :mod:`okgin.arena.play` — decks and seeds from the arena seed, seatings, one deal or game;
- :mod:`okgin.arena.stats` — bootstrap and Wilson intervals, games resampled from hands,
  Bradley-Terry ratings;
- :mod:`okgin.arena.runner` — this process, ``--jobs`` processes, or Ray; the progress bar;
- :mod:`okgin.arena.report` — the JSON report and its text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from okgin.arena.play import ArenaError, ArenaSpec, ChunkResult, GameRow, HandRow
from okgin.arena.report import analyse, render
from okgin.arena.runner import Progress, chunks_for, execute
from okgin.bots import check_budget, make_bot
from okgin.rules import Rules

__all__ = ["ArenaError", "analyse", "render", "run_arena"]


def _pairings(count: int) -> tuple[tuple[int, int], ...]:
    if count == 2:
        return ((0, 1),)
    return tuple((i, j) for i in range(count) for j in range(i + 1, count))


def run_arena(
    bots: Sequence[str],
    rules: Rules | Mapping[str, Any],
    *,
    pairs: int,
    seed: int = 0,
    players: int | None = None,
    jobs: int = 1,
    games: int = 0,
    save: str | Path | None = None,
    ray: str | None = None,
    progress: bool = True,
    budget: float | None = None,
) -> dict[str, Any]:
    """Play an arena and return its report (see :func:`okgin.arena.report.analyse`).

    Two bots play one pairing; three or more play a round robin (every pair of bots). The
    first bot of a pairing is its hero; with three or four players it sits against copies of
    the other bot. ``budget``: seconds of search per decision for the bots that search.
    """
    rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
    if players is not None:
        rules = rules.with_options(players=players)
    if len(bots) < 2:
        raise ArenaError("the arena needs at least two bots")
    if budget is not None:
        budget = check_budget(budget, "--budget")
    for name in bots:
        bot = make_bot(name, seed=0, budget=budget)
        check = getattr(bot, "check_rules", None)
        if check is not None:
            check(rules)
    if pairs < 1:
        raise ArenaError(f"--pairs must be at least 1, not {pairs}")
    if games < 0:
        raise ArenaError(f"--games must be 0 or more, not {games}")
    if jobs < 1:
        raise ArenaError(f"--jobs must be at least 1, not {jobs}")
    spec = ArenaSpec(
        rules=rules.to_dict(),
        bots=tuple(bots),
        pairings=_pairings(len(bots)),
        seed=seed,
        save=save is not None,
        budget=budget,
    )
    chunks = chunks_for("hands", len(spec.pairings), pairs, jobs)
    chunks += chunks_for("games", len(spec.pairings), games, jobs)
    totals = {("hands", p): pairs for p in range(len(spec.pairings))}
    if games:
        totals.update({("games", p): games for p in range(len(spec.pairings))})
    out_dir = Path(save) if save is not None else None
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ArenaError(f"--save {out_dir}: {exc.strerror or exc}") from None

    def write(res: ChunkResult) -> None:
        if out_dir is None:
            return
        for name, doc in res.records:
            path = out_dir / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(doc) + "\n", encoding="utf-8")

    bar = Progress(spec, totals, show=progress)
    results = execute(spec, chunks, jobs=jobs, ray_address=ray, progress=bar, on_result=write)
    hand_rows: list[HandRow] = [row for res in results for row in res.hands]
    game_rows: list[GameRow] = [row for res in results for row in res.games]
    return analyse(spec, hand_rows, game_rows)
