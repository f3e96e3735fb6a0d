"""``scripts/playout_combo.py``: the gin seeker against the plain rollout policy."""

from __future__ import annotations

from types import ModuleType

import pytest
from scripts_loader import load_script


def _script() -> ModuleType:
    return load_script("playout_combo")


def test_no_combo_is_the_plain_policy_on_both_sides_and_combo_plays_otherwise() -> None:
    script = _script()
    # combo 0 with both holding out: the same policy in both seatings, so every deal nets 0
    assert script.margins(0, "hold", 30, 1) == [0.0] * 30
    assert any(script.margins(4, "hold", 30, 1))
    assert script.margins(4, "mixed", 30, 1) == script.margins(4, "mixed", 30, 1)


def test_report(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    assert script.main(["--deals", "10", "--combos", "0,3", "--model", "hold"]) == 0
    out = capsys.readouterr().out
    assert "10 deals of seed 5, model hold" in out
    assert "  combo 0: +0.00 [+0.00, +0.00] points per hand" in out
    with pytest.raises(SystemExit):
        script.main(["--combos", "x"])
