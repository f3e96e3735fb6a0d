"""scripts/kind_ceiling.py: the read of the opponent's kind by one who knows its hand."""

from __future__ import annotations

import math
import random

import pytest
from scripts_loader import load_script

from okgin.bots.belief import SLIP, Knowledge
from okgin.hand import HandState

CEILING = load_script("kind_ceiling")
FIT = load_script("belief_fit")


def _views(vs: str, seed: int) -> list[tuple[object, int, int]]:
    """(view, opponent seat, its true hand) at the views of two hands against ``vs``."""
    out = []
    for view, true in FIT.views(vs, 2, seed):
        for s in FIT._read(Knowledge(view)):
            out.append((view, s, true[s]))
    return out


def test_the_deck_dealt_back_replays_to_the_hands_of_now() -> None:
    """Whatever the draws guessed, replaying the log on the rebuilt deal gives both hands
    as they are now, and the viewer's own draws as it drew them."""
    checked = 0
    for view, s, true in _views("medium", 17):
        deck = CEILING.deal_back(view, s, true, random.Random(checked))
        assert deck is not None and sorted(deck) == list(range(52))
        hs = HandState.deal(view.rules, deck, view.dealer)
        for seat, action in view.log:
            hs.apply(action, seat)
        assert hs.hands[s] == true
        assert hs.hands[view.own_seat] == sum(1 << int(c) for c in view.hand)
        checked += 1
    assert checked > 10


def test_each_kind_replays_its_own_choices_exactly() -> None:
    """Knowing the hand, some play-back makes every choice of a ``medium`` opponent the
    quick policy's, and it is not so for the holder policy in every view; the reverse
    for a ``hard`` opponent's throws and draws."""
    keep = math.log(1.0 - SLIP)

    def best(vs: str, seed: int, k: int) -> list[tuple[int, float]]:
        out = []
        for view, s, true in _views(vs, seed):
            rng = random.Random(1)
            got = [CEILING.exact_logs(view, s, true, rng) for _ in range(20)]
            top = max(g[k] for g in got if g is not None)
            chosen = sum(1 for seat, _ in view.log if seat == s)
            out.append((chosen, top))
        return out

    quick = best("medium", 17, 0)
    # every choice with more than one legal option matched: the log chance is a multiple
    # of log(1 - SLIP), and no slip's far larger cost is in it
    assert all(top == pytest.approx(keep * round(top / keep)) for _, top in quick)
    holder_on_quick = best("medium", 17, 1)
    assert any(top < keep * n - 1.0 for n, top in holder_on_quick)
    quick_on_holder = best("hard", 18, 0)
    assert any(top < keep * n - 1.0 for n, top in quick_on_holder)


def test_a_short_run_prints_agreement_and_every_bucket(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert CEILING.main(["--hands", "1", "--seeds", "17", "18", "--playbacks", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("agree vs medium (seed 17): ")
    assert out[1].startswith("agree vs hard (seed 18): ")
    assert "views vs medium" in out[2]
    assert [line.split(":")[0].strip() for line in out[3:]] == [
        "throws 1-2",
        "throws 3-5",
        "throws 6+",
        "throws all",
    ]
    assert all("expert AUC" in line and "exact AUC" in line for line in out[3:])


def test_no_hands_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        CEILING.main(["--hands", "0"])
    assert stop.value.code == 2
    assert "--hands and --playbacks must be 1 or more" in capsys.readouterr().err
