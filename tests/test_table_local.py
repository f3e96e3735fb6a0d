"""okgin.table.local: the game at one computer without a screen (okgin play's flow): the
person's preferences, read whatever the file holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from okgin.table.local import LocalGame, Settings, load_prefs, save_prefs


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[" * 4000, "are not JSON"),  # nested deeper than json can read: RecursionError
        ('{"speed": ' * 400, "are not JSON"),
        ("[" * 100000, "are over 4096 bytes"),
        ("{not json", "are not JSON"),
        ("[1, 2]", "are not a JSON object"),
        ('{"speed": "fast", "four_color": 1}', "speed, four_color not understood"),
        ('{"speed": 1e308}', "speed not understood"),
        (" " * 5000, "are over 4096 bytes"),
    ],
    ids=["deep-list", "deep-object", "huge", "garbage", "list", "wrong-types", "inf", "spaces"],
)
def test_a_broken_prefs_file_is_ignored_with_a_one_line_notice(
    tmp_path: Path, text: str, why: str
) -> None:
    game = LocalGame.new(Settings(opponents=["easy"], seed=3, speed=0.25), tmp_path)
    game.close()
    (tmp_path / "prefs.json").write_text(text)
    prefs, notice = load_prefs(tmp_path)
    assert prefs == {} and notice is not None and why in notice and "\n" not in notice
    resumed = LocalGame.resume(tmp_path, game.id)  # no traceback: the game goes on
    assert resumed.settings.speed == 0.25 and resumed.settings.four_color is False
    assert resumed.take_notices() == [notice]
    resumed.close()


def test_prefs_are_kept_and_read_back(tmp_path: Path) -> None:
    assert load_prefs(tmp_path) == ({}, None)  # none saved yet: no notice
    save_prefs(tmp_path, {"speed": 1.5, "four_color": True})
    assert load_prefs(tmp_path) == ({"speed": 1.5, "four_color": True}, None)
    (tmp_path / "prefs.json").write_text('{"speed": 0, "four_color": false, "x": [[[]]]}')
    assert load_prefs(tmp_path) == ({"speed": 0.0, "four_color": False}, None)


def test_the_bots_pace_is_asked_before_every_bot_move(tmp_path: Path) -> None:
    """The pace policy (the speed setting, read before each bot move) is what the bots of a
    LocalGame wait for, off the caller's loop; changing the speed changes the next wait."""
    import asyncio

    from okgin.table.local import SPEEDS, BotPace

    pace = BotPace(SPEEDS["normal"])
    assert pace.delay() == 0.7
    assert pace.faster(1) == SPEEDS["fast"] and pace.faster(5) == SPEEDS["instant"]
    assert pace.faster(-1) == SPEEDS["fast"] and BotPace(-3).delay() == 0.0
    game = LocalGame.new(
        Settings(rules={"preset": "standard", "players": 3}, opponents=["easy", "easy"], seed=2),
        save=False,
    )
    asked: list[float] = []
    real = game.bot_delay

    def delay() -> float:
        asked.append(real())
        game.settings.speed = 0.0  # the person turns the speed down after the first move
        return asked[-1]

    game.settings.speed = 0.05
    game.bot_delay = delay  # type: ignore[method-assign]
    steps = asyncio.run(game.run_bots_async())
    game.close()
    assert steps == len(asked) >= 1 and asked[0] == 0.05 and set(asked[1:]) <= {0.0}
