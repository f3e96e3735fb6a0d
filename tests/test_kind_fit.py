"""scripts/kind_fit.py: how well one hand's choices tell the quick kind from the holder kind."""

from __future__ import annotations

import pytest
from scripts_loader import load_script

FIT = load_script("kind_fit")


def test_auc_counts_pairs_and_ties() -> None:
    assert FIT.auc([3.0, 4.0], [1.0, 2.0]) == 1.0
    assert FIT.auc([1.0], [2.0]) == 0.0
    assert FIT.auc([1.0, 3.0], [1.0, 2.0]) == pytest.approx((0.5 + 0.0 + 1.0 + 1.0) / 4)


def test_a_short_run_prints_every_bucket(capsys: pytest.CaptureFixture[str]) -> None:
    assert FIT.main(["--hands", "2", "--seeds", "17", "18"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "views vs medium (seed 17)" in out[0]
    assert [line.split(":")[0].strip() for line in out[1:]] == [
        "throws 1-2",
        "throws 3-5",
        "throws 6+",
        "throws all",
    ]
    assert all("AUC" in line and "+2:" in line for line in out[1:])


def test_no_hands_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        FIT.main(["--hands", "0"])
    assert stop.value.code == 2
    assert "--hands must be 1 or more" in capsys.readouterr().err


def test_worlds_and_playbacks_reach_the_reading(capsys: pytest.CaptureFixture[str]) -> None:
    """``--worlds`` and ``--playbacks`` are kind_evidence's: fewer samples, other odds."""
    few = FIT.readings("medium", 17, 2, worlds=1, playbacks=1)
    many = FIT.readings("medium", 17, 2)
    assert [t for _, t in few] == [t for _, t in many]
    assert [e for e, _ in few] != [e for e, _ in many]
    for flag in ("--worlds", "--playbacks"):
        with pytest.raises(SystemExit) as stop:
            FIT.main(["--hands", "1", flag, "0"])
        assert stop.value.code == 2
        assert "--worlds and --playbacks must be 1 or more" in capsys.readouterr().err
