"""The MaskablePPO example: a few hundred steps train, save, and the saved policy plays in
the arena as the bot ``policy:PATH``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

from okgin.arena import run_arena
from okgin.bots import make_bot
from okgin.errors import OkginError
from okgin.game import Game

EXAMPLE = Path(__file__).parent.parent / "examples" / "train_maskable_ppo.py"


@pytest.fixture(scope="module")
def policy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ppo") / "smoke.zip"
    done = subprocess.run(
        [
            sys.executable,
            str(EXAMPLE),
            "--steps",
            "256",
            "--envs",
            "2",
            "--n-steps",
            "64",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "saved" in done.stdout and out.is_file()
    return out


def test_the_saved_policy_plays_whole_hands_as_a_bot(policy: Path) -> None:
    bot = make_bot(f"policy:{policy}")
    other = make_bot("random", seed=1)
    decisions = 0
    for seed in range(3):
        game = Game({"preset": "standard", "format": "single"}, seed=seed)
        bots = [bot, other] if seed % 2 == 0 else [other, bot]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            action = bots[seat].act(view)
            assert action in view.legal_actions
            decisions += bots[seat] is bot
            game.apply(action, seat)
        assert len(game.results) == 1
    assert decisions > 10


def test_the_policy_bot_runs_in_the_arena(policy: Path) -> None:
    report = run_arena(
        [f"policy:{policy}", "random"],
        rules={"preset": "standard", "format": "single"},  # (an untrained policy's hands
        pairs=2,  # may all be dead: the game-share resampling of "target" is then slow)
        progress=False,
    )
    pairing = report["pairings"][0]
    assert pairing["bots"] == [f"policy:{policy}", "random"]
    assert pairing["pairs"] == 2 and pairing["hands"] == 4


def test_a_missing_model_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(OkginError, match="no saved model"):
        make_bot(f"policy:{tmp_path / 'none.zip'}")
