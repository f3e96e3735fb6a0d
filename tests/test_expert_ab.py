"""scripts/expert_ab.py: the paired A/B, and ``--peek`` (the value of reading the opponents'
hands), whose worlds must hold the true hands and nothing else must change."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from scripts_loader import load_script

import okgin.arena.play as arena_play
import okgin.bots.expert as expert_module
from okgin.actions import Knock
from okgin.arena import run_arena
from okgin.arena.stats import bucket
from okgin.bots import make_bot
from okgin.bots.belief import Knowledge, sample_worlds
from okgin.game import Game
from okgin.rules import Rules
from okgin.views import View

AB = load_script("expert_ab")


@pytest.mark.parametrize("phases", AB.PEEKS)
def test_peeking_worlds_hold_the_true_hands_and_the_rest_as_stock(phases: str) -> None:
    game = Game(Rules.preset("standard"), seed=3)
    checked: list[int] = []
    believed: list[int] = []

    class Probe:
        """medium, asking the expert's sampler for worlds at each decision."""

        name = "probe"

        def __init__(self, seat: int) -> None:
            self.inner = make_bot("medium", seat)

        def act(self, view: View) -> object:
            know = Knowledge(view)
            worlds = vars(expert_module)["sample_worlds"](know, 3, random.Random(1))
            hands = game.hand.hands
            draws = view.phase in ("offer", "draw", "fiftieth")
            knock = any(isinstance(a, Knock) for a in view.legal_actions)
            wanted = {
                "all": True,
                "draw": draws,
                "play": not draws,
                "knock": not draws and knock,
                "discard": not draws and not knock,
            }[phases]
            if not wanted:
                # the belief's worlds: they miss the true hand now and then
                believed.append(any(w.hands[1 - view.seat] != hands[1 - view.seat] for w in worlds))
                return self.inner.act(view)
            for w in worlds:
                assert w.hands == list(hands)
                rest = know.unknown & ~hands[1 - view.seat]
                assert sorted(w.stock) == [c for c in range(52) if rest >> c & 1]
            assert len({tuple(w.stock) for w in worlds}) > 1 or len(worlds[0].stock) < 2
            checked.append(1)
            return self.inner.act(view)

    with AB.peeking(phases):
        arena_play.play_out(game, [Probe(0), Probe(1)], "test")  # type: ignore[list-item]
    # a hand has few decisions with a legal knock (this one has one)
    assert len(checked) >= (1 if phases == "knock" else 5)
    assert (phases == "all") == (not any(believed))
    assert vars(expert_module)["sample_worlds"] is sample_worlds
    assert arena_play.play_out.__module__ == "okgin.arena.play"


def test_ab_rows_pair_the_deals_and_peek_changes_only_b(capsys: pytest.CaptureFixture[str]) -> None:
    bot = "expert:budget=0.01,guard=inf"
    job = ({"preset": "standard"}, bot, (bot,))
    deal, a, b, differ, hands = AB._deal((*job, "medium", 7013, 0, ""))
    assert (deal, (a,), differ) == (0, b, (False,))  # the same bot twice: the same play
    assert len(hands) == 2 and hands[0] == hands[1] and len(hands[0]) == 2  # two seatings
    assert [r.rotation for r in hands[0]] == [0, 1]
    peeked = AB._deal((*job, "medium", 7013, 0, "all"))
    assert peeked[1] == a  # A does not peek
    # more than one B: each on the same deal, each against A
    many = AB._deal(({"preset": "standard"}, "medium", ("medium", "easy"), "hard", 7013, 3, ""))
    assert many[2][0] == many[1] and many[3][0] is False
    alone = AB._deal(({"preset": "standard"}, "medium", ("easy",), "hard", 7013, 3, ""))
    assert alone[2] == many[2][1:] and alone[3] == many[3][1:]
    with pytest.raises(SystemExit) as info:
        AB.main(["expert", "expert", "--vs", "expert", "--seed", "1", "--peek"])
    assert info.value.code == 2
    assert "--peek: B must be an expert and --vs not one" in capsys.readouterr().err


def test_tally_summarizes_verbose_lines_by_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = Rules.preset("standard")
    limits = [bucket(AB._facts(rules, 7013, d)[0]) for d in range(40)]
    deal = next(d for d in range(40) if limits[d] == "8-10")
    other = next(d for d in range(40) if limits[d] != "8-10")
    out = tmp_path / "run.out"
    out.write_text(
        f"deal {deal}: A +3.000 B +1.000\nnoise\ndeal {other}: A -1.000 B +2.000\n",
        encoding="utf-8",
    )
    assert AB.main(["medium", "easy", "--vs", "hard", "--seed", "7013", "--tally", str(out)]) == 0
    text = capsys.readouterr().out
    assert "2 deals x 2 seatings" in text
    assert "  A medium: +1.00 [" in text  # (3 - 1) / 2
    assert "  B - A: +0.50 [" in text  # (-2 + 3) / 2
    assert "    8-10    1 deals  A +3.00\n" in text
    assert "B - A -2.00  (B +1.00)" in text  # the 8-10 deal alone
    assert "played differently" not in text  # not in the lines
    args = ["medium", "easy", "--vs", "hard", "--seed", "7013", "--tally", str(out)]
    assert AB.main([*args, "--limits", "8-10"]) == 0
    only = capsys.readouterr().out
    assert "1 deals x 2 seatings" in only and "  A medium: +3.00" in only


def test_tally_refuses_a_bad_line_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.out"
    out.write_text("deal 0: A +1.0 B +2.0 +3.0\n", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        AB.main(["medium", "easy", "--vs", "hard", "--seed", "1", "--tally", str(out)])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.endswith("--tally: line 1 has 2 B figures, not 1")


def test_games_shares_are_the_arenas_live_and_from_the_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["medium", "easy", "--vs", "hard", "--seed", "7013"]
    assert AB.main([*args, "--pairs", "8", "--verbose"]) == 0
    live = capsys.readouterr().out
    for bot, tag in (("medium", "A"), ("easy", "B")):
        report = run_arena(
            [bot, "hard"], {"preset": "standard"}, pairs=8, seed=7013, progress=False
        )
        p = report["pairings"][0]
        lo, hi = (100 * x for x in p["game_win_ci95"])
        want = f"{100 * p['game_win_rate']:.1f}% [{lo:.1f}%, {hi:.1f}%]"
        head = f"  {tag} {bot}: "
        line = live.split(head, 1)[1].splitlines()[1]
        assert line == f"    games to 100 won, resampled from the hands {want}", line
    out = tmp_path / "run.out"
    out.write_text(live, encoding="utf-8")
    assert AB.main([*args, "--tally", str(out)]) == 0
    tallied = capsys.readouterr().out
    games = [x for x in live.splitlines() if "games to 100" in x]
    assert len(games) == 2 and games == [x for x in tallied.splitlines() if "games to 100" in x]
    # a run's lines without their hands: no games lines, the rest as before
    out.write_text("".join(x + "\n" for x in live.splitlines() if x.startswith("deal ")))
    assert AB.main([*args, "--tally", str(out)]) == 0
    bare = capsys.readouterr().out
    assert "games to" not in bare and "  B - A: " in bare
    # a hands line with the wrong number of bots is refused in one line
    out.write_text("deal 0: A +1.0 B +2.0\nhands 0: A gin,0,25,0;gin,1,0,25 B\n")
    with pytest.raises(SystemExit):
        AB.main([*args, "--tally", str(out)])
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "line 2 is not a 'hands i: A … B …' line (0 B hands, not 1)" in err, err
    # and one whose seating lacks a seat's points
    out.write_text(
        "deal 0: A +1.0 B +2.0\nhands 0: A gin,0,25;gin,1,0,25 B gin,0,25,0;knock,1,0,9\n"
    )
    with pytest.raises(SystemExit):
        AB.main([*args, "--tally", str(out)])
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "line 2 is not a 'hands i: A … B …' line (1 points in a seating, not 2)" in err, err


def test_outcomes_split_each_figure_by_ending_and_sum_to_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    job = ({"preset": "standard"}, "medium", ("easy",), "hard", 7013)
    seen = set()
    for d in range(6):
        _, a, (b,), _, hands = AB._deal((*job, d, ""))
        for figure, seatings in zip((a, b), hands, strict=True):
            share, points = AB._endings(seatings)
            assert sum(share) == pytest.approx(1.0)
            assert sum(points) == pytest.approx(figure)  # the endings add up to the deal
            for row in seatings:
                end = AB.outcome(row)
                seen.add(end)
                won = row.points[row.rotation] > 0  # with two seats only a winner scores
                assert end == "dead" or end.startswith("own" if won else "their"), (row, end)
    assert len(seen) >= 3 and {e.split()[0] for e in seen} >= {"own", "their"}, seen
    args = ["medium", "easy", "--vs", "hard", "--seed", "7013", "--pairs", "3"]
    assert AB.main([*args, "--verbose", "--outcomes"]) == 0
    live = capsys.readouterr().out
    for tag in ("A", "B"):
        assert f"    {tag} by ending: share of seatings, points a hand from it" in live
    assert all(f"      {name} " in live for name in AB.OUTCOMES)
    # the same from the lines; refused in one line where a deal lacks its hands or a
    # seating's result is not a hand's
    out = tmp_path / "run.out"
    out.write_text(live, encoding="utf-8")
    assert AB.main([*args, "--tally", str(out), "--outcomes"]) == 0
    tallied = capsys.readouterr().out
    ending = [x for x in live.splitlines() if x.startswith("      ")]
    assert len(ending) == 2 * len(AB.OUTCOMES)
    assert ending == [x for x in tallied.splitlines() if x.startswith("      ")]
    out.write_text("deal 0: A +1.0 B +2.0\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        AB.main([*args, "--tally", str(out), "--outcomes"])
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.endswith(f"--outcomes: a deal of {out} has no 'hands i' line"), err
    bad = "hands 0: A win,0,25,0;gin,1,0,25 B gin,0,25,0;dead,-1,0,0"
    out.write_text(f"deal 0: A +1.0 B +2.0\n{bad}\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        AB.main([*args, "--tally", str(out)])
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "(result 'win' is none of knock, undercut, gin, big_gin, dead)" in err, err


def test_outcome_reads_the_ending_from_the_heros_seat() -> None:
    def row(result: str, winner: int, rotation: int) -> object:
        return AB.HandRow(0, 0, rotation, 0, 10, False, False, result, winner, (0, 0))

    assert AB.outcome(row("big_gin", 1, 1)) == "own gin"
    assert AB.outcome(row("undercut", 0, 1)) == "their undercut"  # its knock undercut
    assert AB.outcome(row("undercut", 1, 1)) == "own undercut"
    assert AB.outcome(row("knock", 1, 0)) == "their knock"
    assert AB.outcome(row("dead", -1, 0)) == "dead"
