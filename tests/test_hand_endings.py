"""``scripts/hand_endings.py``: saved arena deals split by who ended them and how, checked
against the arena's own report of the same deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scripts_loader import load_script

from okgin.cli import main

hand_endings = load_script("hand_endings")


def _arena(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code = main(["arena", *args, "--seed", "6", "--quiet", "--json", "--save", str(tmp_path)])
    assert code == 0
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_the_lines_add_up_to_the_arena_s_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _arena(tmp_path, capsys, "hard", "medium", "--pairs", "12")
    (pairing,) = report["pairings"]  # type: ignore[misc]
    rows = hand_endings.endings(tmp_path)
    assert len(rows) == 24
    # the hero is the pairing's first bot at the seat its file names: its margins are the
    # arena's points per hand, and its hands end as the arena counts results
    assert sum(e.margin for e in rows) / 24 == pytest.approx(pairing["points_per_hand"])
    counted: dict[str, int] = {}
    for e in rows:
        counted[e.result] = counted.get(e.result, 0) + 1
    assert counted == pairing["results"]
    for e in rows:
        assert (e.ender == "dead") == (e.result == "dead")
        assert e.knocker_deadwood is None or 0 <= e.knocker_deadwood <= 10
    assert hand_endings.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"24 hands, the hero's points a hand {pairing['points_per_hand']:+.2f}")
    for b, split in pairing["by_knock_limit"].items():
        if split["pairs"]:
            assert f"  {b}: {2 * split['pairs']} hands, {split['points_per_hand']:+.2f}" in out


def test_bad_folders_get_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert hand_endings.main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hand_endings: no deal") and err.count("\n") == 1
    _arena(tmp_path, capsys, "hard", "medium", "--pairs", "1", "--players", "3", "--rules", "party")
    assert hand_endings.main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "3 players: hand_endings reads two-player deals" in err and err.count("\n") == 1
    bad = tmp_path / "01-x-vs-y" / "deal000009-seat0.json"
    bad.parent.mkdir(exist_ok=True)
    bad.write_text("{not json")
    assert hand_endings.main([str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
