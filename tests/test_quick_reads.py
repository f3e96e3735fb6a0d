"""``scripts/quick_reads.py``: the hands of saved whole games in which the expert's
``kind_read`` was on, counted from the records and checked against a count made here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scripts_loader import load_script

from okgin.cli import main
from okgin.record import replay


def _calm_knock_hands(doc: object, seat: int) -> int:
    """Hands after the first in which the other seat had knocked short of gin in a hand
    begun calm (every total + gin bonus × multiplier under the target), counted directly."""
    game = replay(doc)
    bonus, target = game.rules.gin_bonus, game.score.target
    totals = [0, 0]
    shown = False
    on = 0
    for k, r in enumerate(game.results):
        if k:
            on += shown
        calm = all(t + bonus * r.multiplier < target for t in totals)
        shown = shown or (calm and r.knocker == 1 - seat and r.result in ("knock", "undercut"))
        totals = [t + p for t, p in zip(totals, r.points)]
    return on


def test_quick_reads_counts_the_hands_with_the_read_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["arena", "hard", "medium", "--pairs", "1", "--games", "3", "--seed", "4",
         "--quiet", "--save", str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    capsys.readouterr()
    games = sorted(tmp_path.rglob("game*-seat*.json"))
    assert len(games) == 6
    expected_hands = expected_on = expected_games = 0
    for f in games:
        doc = json.loads(f.read_text())
        on = _calm_knock_hands(doc, int(f.stem[-1]))
        expected_on += on
        expected_games += on > 0
        expected_hands += len(replay(doc).results)
    assert expected_on > 0  # medium knocks short of gin in calm hands: the read comes on
    script = load_script("quick_reads")
    assert script.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"6 games, the read on in {expected_games} " in out
    assert f"{expected_hands} hands, on in {expected_on} " in out
    with pytest.raises(SystemExit):
        script.main([str(tmp_path / "nothing")])
    assert "no whole-game records" in capsys.readouterr().err
