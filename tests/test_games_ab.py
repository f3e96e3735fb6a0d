"""``scripts/games_ab.py``: two runs' whole games paired set by set, each side's figures
checked against the arena's own report of the same run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scripts_loader import load_script

from okgin.cli import main


def _run(bot: str, where: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, float]:
    code = main(
        ["arena", bot, "medium", "--pairs", "1", "--games", "4", "--seed", "6",
         "--quiet", "--json", "--save", str(where)]
    )  # fmt: skip
    assert code == 0
    games: dict[str, float] = json.loads(capsys.readouterr().out)["pairings"][0]["games"]
    return games


def test_games_ab_pairs_the_sets_and_agrees_with_the_arena(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _run("hard", tmp_path / "a", capsys)
    b = _run("easy", tmp_path / "b", capsys)
    script = load_script("games_ab")
    out = script.compare(script.read_sets(tmp_path / "a"), script.read_sets(tmp_path / "b"))
    assert out.sets == 4
    for side, arena in ((out.a, a), (out.b, b)):
        assert side.win_rate == pytest.approx(arena["win_rate"], abs=1e-3)
        assert side.points_per_hand == pytest.approx(arena["points_per_hand"], abs=1e-3)
    assert out.win_rate_diff == pytest.approx(out.b.win_rate - out.a.win_rate)
    assert out.points_per_hand_diff == pytest.approx(out.b.points_per_hand - out.a.points_per_hand)
    lo, hi = out.points_per_hand_diff_ci95
    assert lo <= out.points_per_hand_diff <= hi
    # a run against itself differs by nothing, in every resample
    same = script.compare(script.read_sets(tmp_path / "a"), script.read_sets(tmp_path / "a"))
    assert same.win_rate_diff_ci95 == (0.0, 0.0)
    assert same.points_per_hand_diff_ci95 == (0.0, 0.0)
    assert script.main([str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    printed = capsys.readouterr().out
    assert "4 game sets (8 games a run)" in printed
    assert f"B - A: games {100 * out.win_rate_diff:+.1f} points of share" in printed
    # a set with one of its games missing (a run stopped mid-set) is left out
    next((tmp_path / "b").rglob("game000002-seat1.json")).unlink()
    three = script.compare(script.read_sets(tmp_path / "a"), script.read_sets(tmp_path / "b"))
    assert three.sets == 3
    with pytest.raises(SystemExit):
        script.main([str(tmp_path / "a"), str(tmp_path / "nothing")])
    assert "no whole-game records" in capsys.readouterr().err
