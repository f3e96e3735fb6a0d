"""Golden playthroughs: one fixed-seed game per preset, as a readable transcript.

``tests/golden/<preset>.txt`` holds every action of a game between deterministic players
(``GoldenPlayer`` in ``scripts/regen_golden.py``, which see only their views), a state summary
after each, every seat's observation string, each hand's result and the game's summary. Any
change in dealing, legal actions and their order, views, analysis or scoring shows up here as
a diff. After an intended change, regenerate with ``python scripts/regen_golden.py`` and review
``git diff tests/golden``.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from scripts_loader import load_script

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


REGEN = load_script("regen_golden")


@pytest.mark.parametrize("preset", sorted(REGEN.TRANSCRIPTS))
def test_playthrough_matches_golden(preset: str) -> None:
    seed, players = REGEN.TRANSCRIPTS[preset]
    now = REGEN.transcript(preset, seed, players)
    path = GOLDEN / f"{preset}.txt"
    golden = path.read_text(encoding="utf-8")
    if now != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), now.splitlines(), f"golden/{preset}.txt", "now", lineterm="", n=1
        )
        shown = "\n".join(list(diff)[:40])
        pytest.fail(
            f"the {preset} playthrough differs from tests/golden/{preset}.txt:\n{shown}\n"
            "If the engine change is intended, run `python scripts/regen_golden.py` and "
            "review `git diff tests/golden` before committing it.",
            pytrace=False,
        )


def test_transcripts_cover_the_presets_and_their_events() -> None:
    texts = {p: (GOLDEN / f"{p}.txt").read_text(encoding="utf-8") for p in REGEN.TRANSCRIPTS}
    assert set(texts) == {"standard", "classic", "party", "openspiel"}
    assert '"players": 3' in texts["party"].splitlines()[0]
    everything = "".join(texts.values())
    for event in (": pass", ": take", ": draw", ": discard", ": knock", ": layoff", ": done"):
        assert event in everything, event
    for result in ("result knock", "result undercut", "result gin"):
        assert result in everything, result
    assert all("== game over" in t for t in texts.values())


def test_regen_check_mode_agrees() -> None:
    """``regen_golden.py --check`` (what a developer runs) sees no difference either."""
    assert REGEN.main(["--check"]) == 0
