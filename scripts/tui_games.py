"""Play whole games of ``okgin play`` by keys (Textual's Pilot, 80×24) against every
registered bot with every preset, as a person would press them; report each game's end.

The person's moves are those of ``scripts/tui_seeds.py``'s policy. Run:
``python scripts/tui_games.py [BOT ...]`` (default: every bot in okgin.bots.BOTS).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from tui_seeds import human_action

from okgin.actions import DRAW, PASS, TAKE, Discard, Knock, Layoff
from okgin.bots import BOTS
from okgin.record import replay
from okgin.table.local import LocalGame, Settings
from okgin.tui.app import PlayApp
from okgin.tui.screens import HandOverScreen, KnockScreen, LayoffScreen

GAMES = [
    {"preset": "standard"},
    {"preset": "classic"},
    {"preset": "party"},
    {"preset": "party", "players": 3},
    {"preset": "openspiel"},
    {"preset": "standard", "format": "hollywood", "target": 50},
]


async def settle(pilot: Any) -> None:
    app = pilot.app
    for _ in range(100000):
        await pilot.pause()
        s = app.session
        if not app._bot_pending and (s.human_to_play or s.hand_over):
            await pilot.pause()
            return
    raise RuntimeError("the computer never finished")


async def play(pilot: Any) -> None:
    app = pilot.app
    s = app.session
    await settle(pilot)
    while not s.game_over:
        if s.hand_over:
            assert isinstance(app.screen, HandOverScreen), app.screen
            await pilot.press("enter")
            await settle(pilot)
            continue
        actions = human_action(s.view())
        first = actions[0]
        if isinstance(first, Layoff) or str(first) == "done":
            assert isinstance(app.screen, LayoffScreen), app.screen
            await pilot.press("enter")
        elif isinstance(first, Knock):
            if not isinstance(app.screen, KnockScreen):
                await pilot.press("k")
            assert isinstance(app.screen, KnockScreen)
            await pilot.press("enter")
        elif isinstance(first, Discard):
            i = app.order.index(first.card)
            n = len(app.order)
            keys = ["home", *["right"] * i] if i <= n // 2 else ["end", *["left"] * (n - 1 - i)]
            await pilot.press(*keys, "enter")
        else:
            await pilot.press({DRAW: "d", TAKE: "t", PASS: "p"}[first])
        await settle(pilot)


def main() -> None:
    bots = sys.argv[1:] or list(BOTS)
    for bot in bots:
        for rules in GAMES:
            with tempfile.TemporaryDirectory() as tmp:
                rules_obj = dict(rules)
                players = int(rules_obj.get("players", 2))
                settings = Settings(
                    rules=rules_obj, opponents=[bot] * (players - 1), seed=11, speed=0
                )
                app = PlayApp(LocalGame.new(settings, Path(tmp)))
                t0 = time.perf_counter()

                async def run(app: PlayApp = app) -> None:
                    async with app.run_test(size=(80, 24)) as pilot:
                        await play(pilot)

                asyncio.run(run())
                s = app.session
                assert s.record_path is not None
                doc = s.record_path.read_text()
                assert replay(json.loads(doc)).is_over
                sc = s.game.score
                winner = s.names[sc.winner] if sc.winner is not None else "-"
                print(
                    f"{bot:>16} {rules!s:<60} hands {len(s.game.hands):>2}  totals {sc.totals} "
                    f"final {sc.final}  winner {winner}  {time.perf_counter() - t0:.0f}s",
                    flush=True,
                )


if __name__ == "__main__":
    main()
