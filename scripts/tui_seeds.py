"""Find seeds of ``okgin play`` whose first hand shows a situation the TUI tests need.

The person is played by the policy the tests press keys for (:func:`human_action`): lay off
the pre-chosen best set, knock with the pre-chosen knock when one is legal, else play as the
``easy`` bot. Run: ``python scripts/tui_seeds.py [N]``.
"""

from __future__ import annotations

import sys

from okgin.actions import DONE, Action, Layoff
from okgin.bots import EasyBot
from okgin.cards import mask_of
from okgin.melds import best_layoffs
from okgin.scoring import offered_knock as default_knock
from okgin.table.local import HUMAN, LocalGame, Settings
from okgin.views import View


def human_action(view: View) -> list[Action]:
    """The actions the tests' key presses make for the person."""
    if view.phase == "layoff":
        _, seq = best_layoffs(mask_of(view.hand), view.melds)
        return [*(Layoff(c, k) for c, k in seq), DONE]
    knock = default_knock(view)
    if knock is not None:
        return [knock]
    return [EasyBot().act(view)]


def play_hand(seed: int, rules: dict | None = None) -> tuple[LocalGame, int]:
    """Play the first hand; return the session and the number of person's decisions."""
    settings = Settings(
        rules=rules or {"preset": "standard"}, opponents=["easy"], seed=seed, speed=0
    )
    s = LocalGame.new(settings, save=False)
    decisions = 0
    while not s.hand_over:
        seat = s.to_play
        assert seat is not None
        if seat == HUMAN:
            decisions += 1
            for a in human_action(s.view()):
                s.play(a)
        else:
            s.step_bot()
    return s, decisions


def play_game(seed: int, rules: dict) -> tuple[LocalGame, int]:
    """Play a whole game; return the session and the number of the person's decisions."""
    settings = Settings(rules=rules, opponents=["easy"], seed=seed, speed=0)
    s = LocalGame.new(settings, save=False)
    decisions = 0
    while not s.game_over:
        if s.hand_over:
            s.next_hand()
        seat = s.to_play
        assert seat is not None
        if seat == HUMAN:
            decisions += 1
            for a in human_action(s.view()):
                s.play(a)
        else:
            s.step_bot()
    return s, decisions


def classify(s: LocalGame) -> set[str]:
    hand = s.hand
    out = set()
    if hand.dealer == 1:
        out.add("offer")
    r = hand.result
    assert r is not None
    layoffs = [(seat, a) for seat, a in hand.history if isinstance(a, Layoff)]
    if r.result == "gin" and r.knocker == HUMAN:
        out.add("human_gin")
    if r.result in ("knock", "undercut") and r.knocker == HUMAN and layoffs:
        out.add("human_knock_layoffs")
    if (
        r.result in ("knock", "undercut")
        and r.knocker == 1
        and any(seat == HUMAN for seat, _ in layoffs)
    ):
        out.add("bot_knock_human_layoffs")
    if r.result == "dead":
        out.add("dead")
    return out


if __name__ == "__main__":
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    best: dict[str, tuple[int, int]] = {}
    for seed in range(limit):
        s, decisions = play_hand(seed)
        for tag in classify(s):
            if tag not in best or decisions < best[tag][1]:
                best[tag] = (seed, decisions)
    for tag, (seed, decisions) in sorted(best.items()):
        print(f"{tag}: seed {seed} ({decisions} decisions by the person)")
    # a whole game to 60 that ends in two hands or more with the fewest decisions
    games = []
    for seed in range(limit):
        s, decisions = play_game(seed, {"preset": "standard", "target": 60})
        if len(s.game.hands) >= 2:
            games.append((decisions, seed, len(s.game.hands)))
    decisions, seed, hands = min(games)
    print(f"whole game to 60: seed {seed} ({hands} hands, {decisions} decisions by the person)")
