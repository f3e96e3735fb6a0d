"""scripts/peek_decisions.py: the expert's decisions beside a peeking copy's."""

from __future__ import annotations

import random
from typing import Any

import pytest
from scripts_loader import load_script

import okgin.bots.expert as expert_module
from okgin.bots.belief import Knowledge, World, sample_worlds
from okgin.game import Game
from okgin.rules import Rules

PD = load_script("peek_decisions")
CHEAP = "expert:guard=inf,budget=0.02"


def test_the_peek_samples_the_true_hands_and_leaves_the_sampler_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = PD.true_worlds
    seen: list[list[int]] = []

    def spy(know: Knowledge, hands: Any, count: int, rng: random.Random) -> list[World]:
        worlds: list[World] = real(know, hands, count, rng)
        seen.extend(w.hands for w in worlds)
        return worlds

    monkeypatch.setattr(PD, "true_worlds", spy)
    game = Game(Rules.preset("standard"), seed=5)
    game.apply(game.view(game.hand.current_player).legal_actions[0])  # the first offer
    while True:
        seat = game.hand.current_player
        view = game.view(seat)
        if view.phase == "play" and len(view.legal_actions) > 2:
            break
        game.apply(view.legal_actions[0], seat)
    action = PD.peeked(CHEAP, 1, view, game)
    assert action in view.legal_actions
    assert seen and all(h == list(game.hand.hands) for h in seen)
    assert vars(expert_module)["sample_worlds"] is sample_worlds


def test_rows_and_report() -> None:
    rows = PD._deal(({"preset": "standard"}, CHEAP, "medium", CHEAP + ",replay=0.1", 7035, 0))
    assert rows and {r[0] for r in rows} <= {"draw", "discard", "knock"}
    assert all(r[3] is not None for r in rows)
    assert vars(expert_module)["sample_worlds"] is sample_worlds
    made = [
        ("knock", "knock 3c AsAhAd", "knock 3c AsAhAd", "discard 3c", 20, 10, False, False),
        ("knock", "discard 9h", "knock 3c AsAhAd", "discard 9h", 30, 12, False, False),
        ("knock", "discard 9h", "knock 3c AsAhAd", "knock 3c AsAhAd", 10, 14, False, False),
        ("discard", "discard 9h", "discard 8h", "discard 8h", 25, 20, True, False),
        ("draw", "draw", "draw", "take", 25, 20, False, False),
    ]
    text = "\n".join(PD.report(made, "other"))
    assert "draw         1 decisions: the expert differs from the peek in 0, --other in 1" in text
    assert "knock        3 decisions: the expert differs from the peek in 2, --other in 2" in text
    assert "(False, True)      2   20.0   13.0  1" in text
    assert "(True, True)       1   20.0   10.0  0" in text
    assert (
        "discards thrown apart: 1; melding with the opponent's hand: the expert's 1, the peek's 0"
        in text
    )


def test_wrong_arguments_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, why in [
        (["hard", "--seed", "1"], "'hard' is not an expert"),
        (["expert", "--seed", "1", "--rules", '{"preset": "party", "players": 3}'], "two players"),
        (["expert", "--seed", "1", "--pairs", "0"], "--pairs must be 1 or more"),
        (["expert", "--seed", "1", "--vs", "nosuch"], "unknown bot 'nosuch'"),
    ]:
        with pytest.raises(SystemExit):
            PD.main(argv)
        assert why in capsys.readouterr().err
