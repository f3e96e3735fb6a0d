"""``okgin review`` (issue 15): what each decision of a recorded game cost.

- On positions with a known answer (a gin missed, a discard that feeds a run the next player
  is seen to hold, a knock refused when the hand then dies, a layoff left unplayed) the
  review marks the decision and names the better action.
- The fair judgement of a seat never depends on cards it could not see: two records that
  give the seat the same views but deal the other cards differently get the same judgement.
- Every preset and 3- and 4-player records review; every decision points at the record's
  action; the same record, seed and budget give the same review (with ``--jobs`` too).
- Bad input gets ``okgin replay``'s one-line errors (exit 2).

Budgets are small so the file runs in seconds; speed and calibration are measured by
``scripts/review_bench.py``, not here.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from deals import EXAMPLES, deck_for, exhaust_deck, record, run_cli, write_record

from okgin import Game, Rules
from okgin.actions import DRAW, PASS, Discard, from_json
from okgin.bots import make_bot
from okgin.record import replay
from okgin.review import classify, record_hash, review

STD = {"preset": "standard"}


def last(doc: dict[str, Any], seat: int = 0, budget: float = 0.05, **kw: Any) -> dict[str, Any]:
    decision: dict[str, Any] = review(doc, (seat,), budget=budget, **kw)["decisions"][-1]
    return decision


# ---- positions with a known answer -----------------------------------------------------------
def gin_missed() -> dict[str, Any]:
    """Seat 0 draws K♠ to a gin (throwing 2♦) and throws K♠ instead."""
    deck = deck_for(["3c4c5c6c 8h8s8d JsQs 2d", "Ac 9c Td Jd 2h 4h 7s 9s Kd 5d"], "Kh", "Ks")
    return record(STD, [(1, deck, ["0 pass", "1 pass", "0 draw", "0 discard Ks"])])


def test_a_missed_gin_is_a_blunder_and_the_gin_is_named() -> None:
    d = last(gin_missed())
    assert d["played"] == {"seat": 0, "do": "discard", "card": "Ks"}
    assert d["best"]["do"] == "knock" and d["best"]["card"] == "2d"
    assert d["class"] == "blunder"
    assert d["loss"] > 20
    assert d["reason"].startswith("had gin and played on")


def feeds_a_run(other: str = "7d 6d Ac 2c Td Jd 4s 5d") -> dict[str, Any]:
    """Seat 1 took the upcard 7♥ and then seat 0's 8♥; seat 0 then throws 9♥ into them."""
    deck = deck_for(["3c4c5c JsQsKs 8h Kd 2d 6s", f"7s Qh {other}"], "7h", "Tc 9h")
    script = [
        "0 pass",
        "1 take",
        "1 discard 7s",
        "0 draw",
        "0 discard 8h",
        "1 take",
        "1 discard Qh",
        "0 draw",
        "0 discard 9h",
    ]
    return record(STD, [(1, deck, script)])


def test_a_discard_that_feeds_a_visible_run_is_marked() -> None:
    d = last(feeds_a_run(), budget=0.3)
    assert d["played"]["card"] == "9h"
    assert d["class"] in ("inaccuracy", "mistake", "blunder")
    assert d["best"]["do"] == "discard" and d["best"]["card"] != "9h"
    assert "known to hold 7♥ 8♥" in d["reason"]


def dies_unknocked() -> dict[str, Any]:
    """Seat 0 holds 1 deadwood under a limit of 10 all hand and never knocks; its last
    discard leaves 2 stock cards, so the hand dies."""
    deck = exhaust_deck("3c4c5c 8h8s8d JsQsKs Ad", "2d 4d 6d 9c Jc Kd Qh Th 7s 6h", "Kc", "9d")
    game = Game(Rules.from_dict(STD), auto_deal=False, dealer=0)
    hand = game.deal(deck, 1)
    script = ["0 pass", "1 pass"]
    game.apply(PASS)
    game.apply(PASS)
    while True:
        seat = hand.current_player
        game.apply(DRAW)
        card = hand.deck[hand.stock_pos - 1]
        script.append(f"{seat} draw")
        script.append(f"{seat} discard {card.text}")
        if seat == 0 and hand.stock_size == 2:
            break
        game.apply(Discard(card))
    return record(STD, [(1, deck, script)])


def test_a_knock_refused_when_waiting_lets_the_hand_die_is_a_blunder() -> None:
    doc = dies_unknocked()
    d = last(doc, budget=0.02)
    assert d["phase"] == "play" and d["played"]["do"] == "discard"
    assert d["best"]["do"] == "knock"
    assert d["class"] == "blunder"
    assert d["reason"].startswith("could knock with 1 under a limit of 10")
    # the hand really dies there
    assert replay(doc).results[0].to_json()["result"] == "dead"


def fiftieth_passed() -> dict[str, Any]:
    """OpenSpiel's rules: seat 1 may take seat 0's last discard and knock with 10 against a
    hand of junk, and passes, so the hand dies."""
    rules = {"preset": "openspiel"}
    deck = exhaust_deck("2d 4d 6d 9c Jc Qd Qh Th 7s 6h", "3c4c5c 8h8s8d JsQsKs Kd", "Kc", "9d")
    game = Game(Rules.from_dict(rules), auto_deal=False, dealer=0)
    hand = game.deal(deck, 1)
    script = ["0 pass", "1 pass"]
    game.apply(PASS)
    game.apply(PASS)
    while hand.phase_name != "fiftieth":
        seat = hand.current_player
        game.apply(DRAW)
        card = hand.deck[hand.stock_pos - 1]
        game.apply(Discard(card))
        script += [f"{seat} draw", f"{seat} discard {card.text}"]
    return record(rules, [(1, deck, [*script, f"{hand.current_player} pass"])])


def test_a_fiftieth_card_passed_when_a_knock_wins_is_marked() -> None:
    doc = fiftieth_passed()
    seat = doc["hands"][0]["actions"][-1]["seat"]
    d = last(doc, seat=seat, budget=0.02)
    assert d["phase"] == "fiftieth" and d["played"]["do"] == "pass"
    assert d["best"]["do"] == "take" and d["class"] == "blunder"
    assert d["reason"].startswith("let the hand die rather than take the last card")


def layoff_left() -> dict[str, Any]:
    """RULES.md's example 1, with the defender done at once instead of laying 6♣ and 8♣ off."""
    doc = json.loads((EXAMPLES / "worked_example_1.json").read_text(encoding="utf-8"))
    actions = doc["hands"][0]["actions"]
    doc["hands"][0]["actions"] = [*actions[:4], {"seat": 1, "do": "done"}]
    return dict(doc)


def test_a_layoff_left_unplayed_is_marked_exactly() -> None:
    d = last(layoff_left(), seat=1)
    assert d["phase"] == "layoff" and d["played"] == {"seat": 1, "do": "done"}
    assert d["best"] == {"seat": 1, "do": "layoff", "card": "6c", "meld": 0}
    # done: deadwood 29, the knocker scores 25; the best layoffs leave 15, it scores 11
    assert d["loss"] == 14 and d["loss_se"] == 0 and d["class"] == "blunder"
    done = next(c for c in d["candidates"] if c["action"]["do"] == "done")
    assert done["mean"] == -25 and done["deadwood_left"] == 29
    assert "6♣ still playable on 3♣ 4♣ 5♣" in d["reason"]


def test_the_best_play_is_called_best() -> None:
    doc = json.loads((EXAMPLES / "worked_example_1.json").read_text(encoding="utf-8"))
    rev = review(doc, (1,), budget=0.02)
    layoffs = [d for d in rev["decisions"] if d["phase"] == "layoff"]
    assert len(layoffs) == 2  # 6c, then 8c; done is then forced, so no decision
    assert all(d["class"] == "best" and d["loss"] == 0 and d["reason"] == "" for d in layoffs)


# ---- the fair judgement never sees hidden cards -------------------------------------------------
def test_the_fair_judgement_depends_only_on_the_view() -> None:
    a = feeds_a_run()
    b = feeds_a_run("Ad 3d 5h 9c 9s Jc Jh 4d")  # seat 1's unseen cards and the stock differ
    assert a["hands"][0]["deck"] != b["hands"][0]["deck"]
    ra = review(a, (0,), budget=0.05, hindsight=True)
    rb = review(b, (0,), budget=0.05, hindsight=True)
    assert ra["record_sha256"] != rb["record_sha256"]
    fair_a = [{k: v for k, v in d.items() if k != "hindsight"} for d in ra["decisions"]]
    fair_b = [{k: v for k, v in d.items() if k != "hindsight"} for d in rb["decisions"]]
    assert fair_a == fair_b
    # hindsight does look at the real cards: somewhere they change what it finds
    assert [d["hindsight"] for d in ra["decisions"]] != [d["hindsight"] for d in rb["decisions"]]


def test_hindsight_sees_the_real_deal_beside_the_fair_judgement() -> None:
    d = last(gin_missed(), hindsight=True)
    assert d["class"] == "blunder"  # the fair class is kept
    h = d["hindsight"]
    assert h["best"]["do"] == "knock"
    assert len(h["values"]) == len(d["candidates"]) and h["loss"] > 20


# ---- any record ----------------------------------------------------------------------------------
def played_record(rules: dict[str, Any], seed: int, bots: str = "medium") -> dict[str, Any]:
    game = Game(rules, seed=seed)
    players = [make_bot(bots, seed + s) for s in range(game.n)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].act(game.view(seat)), seat)
    return game.to_record()


RULESETS = [
    {"preset": "standard", "format": "single"},
    {"preset": "classic", "format": "single"},
    {"preset": "openspiel"},
    {"preset": "party", "players": 3, "format": "single"},
    {"preset": "party", "players": 4, "format": "single"},
    {"preset": "standard", "players": 3, "format": "single"},
]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r['preset']}-{r.get('players', 2)}")
def test_every_preset_and_table_size_reviews(rules: dict[str, Any]) -> None:
    doc = played_record(rules, 7)
    rev = review(doc, None, budget=0.01)
    n = Rules.from_dict(rules).players
    assert rev["seats"] == list(range(n))
    assert rev["record_sha256"] == record_hash(doc)
    assert rev["decisions"]
    for d in rev["decisions"]:
        act = doc["hands"][d["hand"] - 1]["actions"][d["action"] - 1]
        assert act == d["played"] and act["seat"] == d["seat"]
        actions = [c["action"] for c in d["candidates"]]
        assert d["played"] in actions and d["best"] in actions
        assert d["loss"] >= 0 and d["class"] == classify(d["loss"], d["loss_se"])
        from_json(d["best"])
    per_seat = {b["seat"]: b["decisions"] for b in rev["summary"]["seats"]}
    assert sum(per_seat.values()) == len(rev["decisions"])
    for b in rev["summary"]["seats"]:
        assert len(b["costliest"]) <= 3
        assert 0 <= b["accuracy"] <= 100


def test_the_same_record_seed_and_budget_give_the_same_review(tmp_path: Path) -> None:
    doc = played_record({"preset": "standard", "format": "single"}, 3)
    one = review(doc, (0,), budget=0.01, seed=4)
    assert review(doc, (0,), budget=0.01, seed=4) == one
    assert review(doc, (0,), budget=0.01, seed=4, jobs=2) == one
    path = write_record(tmp_path / "game.json", doc)
    out = tmp_path / "review.json"
    status, stdout, err = run_cli(
        "review", str(path), "--budget", "0.01", "--seed", "4", "--json", "--out", str(out)
    )
    assert (status, stdout, err) == (0, "", "")
    assert json.loads(out.read_text(encoding="utf-8")) == one
    status, text, err = run_cli("review", str(path), "--budget", "0.01", "--seed", "4")
    assert status == 0 and err == ""
    assert "seat 0:" in text and "decisions" in text and "accuracy" in text


def test_the_text_report_names_the_costliest_decisions(tmp_path: Path) -> None:
    path = write_record(tmp_path / "gin.json", gin_missed())
    status, text, err = run_cli("review", str(path), "--budget", "0.05")
    assert status == 0 and err == ""
    assert "hand 1, action 4: seat 0 discard Ks — blunder" in text
    assert "had gin and played on" in text.split("seat 0: ")[1]


# ---- bad input ---------------------------------------------------------------------------------
def bad_records() -> list[Any]:
    good = gin_missed()
    illegal = copy.deepcopy(good)
    illegal["hands"][0]["actions"][2] = {"seat": 0, "do": "take"}
    dealer = copy.deepcopy(good)
    dealer["hands"][0]["dealer"] = 7
    rules = copy.deepcopy(good)
    rules["rules"] = {"preset": "standard", "players": 9}
    return ["{not json", illegal, dealer, rules, [1, 2]]


@pytest.mark.parametrize("i", range(5))
def test_bad_records_get_the_one_line_errors_of_replay(tmp_path: Path, i: int) -> None:
    doc = bad_records()[i]
    path = tmp_path / "bad.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    want = run_cli("replay", str(path))
    got = run_cli("review", str(path))
    assert got[0] == want[0] == 2
    assert got[1] == ""
    assert got[2] == want[2] and got[2].count("\n") == 1 and "Traceback" not in got[2]


def test_a_seat_that_does_not_exist_is_one_line(tmp_path: Path) -> None:
    path = write_record(tmp_path / "gin.json", gin_missed())
    status, out, err = run_cli("review", str(path), "--seat", "2")
    assert (status, out) == (2, "")
    assert err == "record: seat 2 does not exist: the record has seats 0..1\n"
    status, out, err = run_cli("review", str(tmp_path / "missing.json"))
    assert status == 2 and err.startswith("record: cannot read") and err.count("\n") == 1
    status, out, err = run_cli("review", str(path), "--budget", "0")
    assert status == 2 and err == "record: --budget must be a positive number of seconds, not 0.0\n"


# ---- the annotations of okgin play --replay ------------------------------------------------------
def test_replay_shows_and_toggles_the_annotations() -> None:
    import asyncio

    from okgin.tui.replay import ReplayApp

    doc = gin_missed()
    rev = review(doc, (0,), budget=0.05)

    def text(app: ReplayApp) -> str:
        return "\n".join(strip.text for strip in app.screen._compositor.render_strips())

    async def main() -> None:
        app = ReplayApp(doc, "gin.json", review=rev)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("end")  # after action 4, the discard of K♠
            await pilot.pause()
            shown = text(app)
            assert "Seat 0: blunder ??, lost 54.1" in shown
            assert "had gin and played on" in shown
            assert "?? −54.1" in shown  # marked on the hand's log
            await pilot.press("a")
            await pilot.pause()
            assert "blunder" not in text(app) and "annotations off" in text(app)

        # without a review, the key reviews the record in the background
        app = ReplayApp(doc, "gin.json")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("end")
            assert "blunder" not in text(app)
            await pilot.press("a")
            for _ in range(500):
                await pilot.pause(0.02)
                if app.notes:
                    break
            await pilot.pause()
            assert app.annotate and "blunder" in text(app)

    asyncio.run(main())
