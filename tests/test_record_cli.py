"""Game records and the ``okgin`` command (RECORD.md), and refused actions (issue 2, item 4).

- Every game round-trips through its record and replays to the same results.
- ``okgin replay FILE [--json]`` exits 0 with the summary, or 2 with the one line of RECORD.md:
  ``hand H, action A: <the action as given>: <why>``, ``hand H: <why>`` or ``record: <why>``,
  never a traceback.
- ``okgin demo --seed N --save FILE`` writes a record that ``okgin replay`` accepts.
- A refused action raises an :class:`~okgin.errors.IllegalActionError` (a ``ValueError``)
  that names the rule, and leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pkgutil
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from deals import (
    EXAMPLES,
    deal,
    deck_for,
    exhaust_deck,
    play,
    play_draw_discard,
    record,
    run_cli,
    state_snapshot,
    write_record,
)

import okgin.commands
from okgin import (
    DONE,
    DRAW,
    PASS,
    TAKE,
    Card,
    Discard,
    Game,
    HandState,
    IllegalActionError,
    Knock,
    Layoff,
    Meld,
    Rules,
    parse_action,
)
from okgin.actions import from_json, to_json
from okgin.record import ReplayError, replay, summary, summary_text

EX1 = json.loads((EXAMPLES / "worked_example_1.json").read_text(encoding="utf-8"))
EX1_ACTIONS = EX1["hands"][0]["actions"]


# ==== playing whole games ====================================================================
def play_out(game: Game, seed: int, max_actions: int = 20000) -> None:
    """Random legal play that knocks often, so hands end in every way."""
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.is_over:
            return
        legal = game.legal_actions()
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks and rng.random() < 0.8:
            action = rng.choice(knocks)
        elif any(isinstance(a, Layoff) for a in legal) and rng.random() < 0.7:
            action = rng.choice([a for a in legal if isinstance(a, Layoff)])
        else:
            action = rng.choice(legal)
        game.apply(action, game.current_player)
    raise AssertionError("the game did not end")


GAMES = [
    ({"preset": "standard", "target": 60}, 1),
    ({"preset": "classic", "target": 60}, 2),
    ({"preset": "party", "players": 3, "target": 60}, 3),
    ({"preset": "party", "players": 4, "target": 60}, 4),
    ({"preset": "openspiel"}, 5),
    ({"preset": "openspiel", "format": "target", "target": 40}, 6),
    ({"preset": "standard", "format": "hollywood", "target": 30}, 7),
    ({"preset": "standard", "doubling_effect": "target", "target": 40, "big_gin_bonus": 31}, 8),
    ({"preset": "standard", "stock_exhaustion": "fiftieth_card", "target": 40}, 9),
]


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_record_round_trips_and_replays_to_the_same_results(
    rules: dict[str, Any], seed: int
) -> None:
    game = Game(rules, seed=seed)
    play_out(game, seed)
    names = [f"p{s}" for s in range(game.n)]
    doc = game.to_record(names)
    text = json.dumps(doc)
    again = replay(json.loads(text))
    assert again.to_record(names) == doc
    assert summary(again) == summary(game)
    assert summary(again)["complete"] is True
    assert [h.deck for h in again.hands] == [h.deck for h in game.hands]
    assert [h.history for h in again.hands] == [h.history for h in game.hands]
    assert again.results == game.results
    for hand in doc["hands"]:
        for act in hand["actions"]:
            assert to_json(from_json(act)[1], act["seat"]) == act


@pytest.mark.parametrize(("rules", "seed"), GAMES[:4])
def test_record_may_stop_anywhere(rules: dict[str, Any], seed: int) -> None:
    """RECORD.md: a record may stop anywhere; the last hand is then incomplete."""
    game = Game(rules, seed=seed)
    play_out(game, seed)
    doc = game.to_record()
    last = doc["hands"][-1]["actions"]
    rng = random.Random(seed)
    for cut in sorted(rng.sample(range(len(last)), min(6, len(last)))):
        part = copy.deepcopy(doc)
        part["hands"][-1]["actions"] = last[:cut]
        data = summary(replay(part))
        assert data["hands"][-1]["result"] == "incomplete"
        assert data["hands"][-1]["points"] == [0] * game.n
        assert data["hands"][:-1] == summary(game)["hands"][:-1]
        assert (data["complete"], data["winner"], data["final"]) == (False, None, None)


# ==== okgin replay: success =================================================================
def test_replay_json_fields(tmp_path: Path) -> None:
    """RECORD.md's --json object: its fields and their types."""
    game = Game({"preset": "standard", "target": 60}, seed=12)
    play_out(game, 12)
    path = write_record(tmp_path / "g.json", game.to_record())
    status, out, err = run_cli("replay", str(path), "--json")
    assert (status, err) == (0, "")
    assert out.count("\n") == 1
    data = json.loads(out)
    assert set(data) == {"hands", "totals", "complete", "winner", "final", "target"}
    assert data["complete"] is True and data["target"] == 60
    assert isinstance(data["winner"], int) and len(data["final"]) == 2
    assert data["totals"] == [sum(h["points"][s] for h in data["hands"]) for s in range(2)]
    for h in data["hands"]:
        assert set(h) == {"result", "knocker", "knock_limit", "multiplier", "deadwood", "points"}
        assert h["result"] in {"knock", "undercut", "gin", "big_gin", "dead"}
        if h["result"] == "dead":
            assert h["knocker"] is None and h["deadwood"] is None and h["points"] == [0, 0]
        else:
            assert h["knocker"] in (0, 1) and len(h["deadwood"]) == 2


def test_replay_json_incomplete_hand_after_a_knock_names_the_knocker(tmp_path: Path) -> None:
    doc = copy.deepcopy(EX1)
    doc["hands"][0]["actions"] = EX1_ACTIONS[:5]  # stopped during the layoffs
    status, out, err = run_cli("replay", str(write_record(tmp_path / "r.json", doc)), "--json")
    assert (status, err) == (0, "")
    assert json.loads(out)["hands"] == [
        {
            "result": "incomplete",
            "knocker": 0,
            "knock_limit": 7,
            "multiplier": 1,
            "deadwood": None,
            "points": [0, 0],
        }
    ]


def test_replay_json_hollywood_has_games() -> None:
    status, out, err = run_cli("replay", str(EXAMPLES / "worked_example_8.json"), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert len(data["games"]) == 3
    for g in data["games"]:
        assert set(g) == {"totals", "closed", "final"}


def test_replay_text_summary(tmp_path: Path) -> None:
    status, out, err = run_cli("replay", str(EXAMPLES / "worked_example_1.json"))
    assert (status, err) == (0, "")
    doc = EX1
    assert out == summary_text(replay(doc), doc["players"]) + "\n"
    assert "Ann" in out and "knock limit 7" in out


# ==== okgin replay: refusals ================================================================
def refused(tmp_path: Path, doc: Any, raw: str | bytes | None = None) -> str:
    """Replay ``doc`` (or the raw file text); assert exit 2, one line on stderr; return it."""
    path = tmp_path / "bad.json"
    if raw is not None:
        path.write_bytes(raw if isinstance(raw, bytes) else raw.encode())
    else:
        write_record(path, doc)
    for args in ([str(path)], [str(path), "--json"]):
        status, out, err = run_cli("replay", *args)
        assert status == 2 and out == ""
        assert err.endswith("\n") and err.count("\n") == 1, err
        assert "Traceback" not in err
    return err.rstrip("\n")


def with_actions(actions: list[Any], rules: dict[str, Any] | None = None) -> dict[str, Any]:
    doc = copy.deepcopy(EX1)
    doc["hands"][0]["actions"] = actions
    if rules is not None:
        doc["rules"] = rules
    return doc


def engine_reason(actions: list[Any], bad: Any) -> str:
    """The reason the engine itself gives for ``bad`` after ``actions`` (example 1's deal)."""
    hand = HandState.deal(Rules.preset("standard"), [Card(c) for c in EX1["hands"][0]["deck"]], 1)
    for act in actions:
        seat, action = from_json(act)
        hand.apply(action, seat)
    seat, action = from_json(bad)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(action, seat)
    return info.value.reason


P, D = {"seat": 0, "do": "pass"}, {"seat": 1, "do": "pass"}
DRAW0 = {"seat": 0, "do": "draw"}
ILLEGAL = [
    # (actions before, the refused action): every phase and every rule
    ([P, D], {"seat": 0, "do": "take"}),  # §3: stock only after both passed
    ([], {"seat": 0, "do": "draw"}),  # §3: no stock draw during the offer
    ([P, D, DRAW0], {"seat": 0, "do": "knock", "card": "4d", "melds": [["3c", "4c", "5c"]]}),
    ([P, D, DRAW0], {"seat": 0, "do": "discard", "card": "9h"}),  # not in the hand
    ([{"seat": 0, "do": "take"}], {"seat": 0, "do": "discard", "card": "7d"}),  # §4
    ([*EX1_ACTIONS[:4]], {"seat": 1, "do": "layoff", "card": "9h", "meld": 0}),  # §6
    ([*EX1_ACTIONS[:4]], {"seat": 1, "do": "layoff", "card": "6c", "meld": 3}),  # §6
    ([P, D, DRAW0], {"seat": 0, "do": "pass"}),
    ([P, D, DRAW0], {"seat": 0, "do": "done"}),
]


@pytest.mark.parametrize(("before", "bad"), ILLEGAL)
def test_replay_illegal_action_line(tmp_path: Path, before: list[Any], bad: Any) -> None:
    """``hand H, action A: <the action as given>: <why>``, why being the engine's rule."""
    line = refused(tmp_path, with_actions([*before, bad]))
    given = json.dumps(bad)
    assert line == f"hand 1, action {len(before) + 1}: {given}: {engine_reason(before, bad)}"


KNOCK_BAD = {"seat": 0, "do": "knock", "card": "Ah", "melds": [["3c", "4c"]]}
MALFORMED = [
    ([D], "it is seat 0's turn, not seat 1's"),
    ([*EX1_ACTIONS, {"seat": 1, "do": "done"}], "the hand is already over"),
    (
        [{"seat": 0, "do": "fly"}],
        '"do" must be one of take, pass, draw, discard, knock, layoff, done, not "fly"',
    ),
    (
        [{"seat": 0, "do": ["pass"]}],
        '"do" must be one of take, pass, draw, discard, knock, layoff, done, not ["pass"]',
    ),
    ([{"do": "pass"}], '"seat" must be an integer'),
    ([{"seat": True, "do": "pass"}], '"seat" must be an integer'),
    (
        [P, D, DRAW0, {"seat": 0, "do": "discard", "card": "Zz"}],
        "not a card: 'Zz' (rank A 2-9 T/10 J Q K, then suit c d h s, e.g. 'Qs')",
    ),
    ([P, D, DRAW0, {"seat": 0, "do": "discard"}], 'discard needs a "card"'),
    (
        [P, D, DRAW0, KNOCK_BAD],
        '"melds": not a meld: 3c 4c (a set is 3-4 cards of one rank, a run 3+ consecutive '
        "cards of one suit)",
    ),
    ([P, {"seat": 1, "do": "pass", "x": 1}], 'unknown field "x" in a pass action'),
    (["pass"], 'an action must be an object with "seat" and "do"'),
]


@pytest.mark.parametrize(("actions", "why"), MALFORMED)
def test_replay_malformed_or_misplaced_action_line(
    tmp_path: Path, actions: list[Any], why: str
) -> None:
    """``hand H, action A: <the action as given>: <why>`` for an action that cannot be read
    or is out of place."""
    line = refused(tmp_path, with_actions(actions))
    assert line == f"hand 1, action {len(actions)}: {json.dumps(actions[-1])}: {why}"


def second_hand(doc: dict[str, Any], dealer: int, actions: list[Any] | None = None) -> None:
    doc["hands"].append(
        {"dealer": dealer, "deck": EX1["hands"][0]["deck"], "actions": actions or []}
    )


def test_replay_hand_after_an_incomplete_hand(tmp_path: Path) -> None:
    doc = with_actions(EX1_ACTIONS[:3])
    second_hand(doc, 0)
    assert refused(tmp_path, doc) == "hand 2: hand 1 is not finished, so no hand may follow it"


def test_replay_hand_after_the_game_is_over(tmp_path: Path) -> None:
    doc = with_actions(EX1_ACTIONS, {"preset": "openspiel"})
    second_hand(doc, 0)
    line = refused(tmp_path, doc)
    assert line.startswith("hand 2: the game is already over")


@pytest.mark.parametrize(
    ("rules", "dealer", "want"),
    [
        # seat 0 won hand 1 (dealt by 1): winner rotation → 0; alternate → 0 as well, so use 1
        (
            {"preset": "standard"},
            1,
            "hand 2: dealer must be seat 0 (dealer_rotation winner), not 1",
        ),
        (
            {"preset": "party"},
            1,
            "hand 2: dealer must be seat 0 (dealer_rotation alternate), not 1",
        ),
    ],
)
def test_replay_wrong_dealer(tmp_path: Path, rules: dict[str, Any], dealer: int, want: str) -> None:
    doc = with_actions(EX1_ACTIONS, rules)
    second_hand(doc, dealer)
    assert refused(tmp_path, doc) == want


def test_replay_dealer_after_a_dead_hand_must_stay(tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "worked_example_7.json").read_text(encoding="utf-8"))
    doc["hands"][1]["dealer"] = 0
    assert refused(tmp_path, doc).startswith("hand 2: dealer must be seat 1")


@pytest.mark.parametrize(
    ("deck", "want"),
    [
        (lambda d: d[:51], 'hand 1: "deck" must hold each of the 52 cards exactly once'),
        (lambda d: [*d[:51], d[0]], 'hand 1: "deck" must hold each of the 52 cards exactly once'),
        (lambda d: [*d[:51], "Zz"], 'hand 1: "deck": not a card'),
        (lambda d: [*d[:51], 5], 'hand 1: "deck": cards are strings'),
        (lambda d: "3c4c", 'hand 1: "deck" must be a list'),
    ],
)
def test_replay_bad_deck(tmp_path: Path, deck: Any, want: str) -> None:
    doc = copy.deepcopy(EX1)
    doc["hands"][0]["deck"] = deck(doc["hands"][0]["deck"])
    assert refused(tmp_path, doc).startswith(want)


@pytest.mark.parametrize(
    ("change", "want"),
    [
        (lambda h: h.update(dealer=2), 'hand 1: "dealer" must be a seat 0..1, not 2'),
        (lambda h: h.update(dealer=True), 'hand 1: "dealer" must be a seat 0..1, not true'),
        (lambda h: h.pop("dealer"), 'hand 1: "dealer" must be a seat 0..1, not null'),
        (lambda h: h.update(shuffle=True), 'hand 1: unknown field "shuffle"'),
        (lambda h: h.update(actions={}), 'hand 1: "actions" must be a list'),
    ],
)
def test_replay_bad_hand(tmp_path: Path, change: Any, want: str) -> None:
    doc = copy.deepcopy(EX1)
    change(doc["hands"][0])
    assert refused(tmp_path, doc) == want


@pytest.mark.parametrize(
    ("doc", "want"),
    [
        (
            {**EX1, "rules": {"preset": "standard", "players": 5}},
            'record: rules: "players" must be',
        ),
        ({**EX1, "rules": {"players": True}}, 'record: rules: "players" must be'),
        ({**EX1, "rules": {"knocklimit": 3}}, 'record: rules: unknown key "knocklimit"'),
        ({**EX1, "rules": "standard"}, "record: rules must be an object"),
        ({**EX1, "okgin": 2}, 'record: "okgin" must be 1'),
        ({**EX1, "okgin": True}, 'record: "okgin" must be 1'),
        ({k: v for k, v in EX1.items() if k != "okgin"}, 'record: "okgin" must be 1'),
        ({**EX1, "players": ["Ann"]}, 'record: "players" must be a list of 2 names'),
        ({**EX1, "seed": 3}, 'record: unknown field "seed"'),
        ({**EX1, "hands": {}}, 'record: "hands" must be a list'),
        ([EX1], "record: a record is a JSON object"),
    ],
)
def test_replay_bad_record(tmp_path: Path, doc: Any, want: str) -> None:
    assert refused(tmp_path, doc).startswith(want)


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        ('{"okgin": 1,', "record: not JSON: "),
        ("", "record: not JSON: "),
        (b"\xff\xfe\x00", "record: cannot read "),
    ],
)
def test_replay_not_json(tmp_path: Path, raw: str | bytes, want: str) -> None:
    assert refused(tmp_path, None, raw).startswith(want)


def test_replay_not_a_file(tmp_path: Path) -> None:
    for target in (tmp_path, tmp_path / "missing.json"):
        status, out, err = run_cli("replay", str(target))
        assert (status, out) == (2, "")
        assert err.startswith("record: cannot read ") and err.count("\n") == 1


def test_replay_error_from_the_installed_command_has_no_traceback(tmp_path: Path) -> None:
    """The real process: exit status 2, one line, no traceback."""
    path = write_record(tmp_path / "bad.json", with_actions([P, D, {"seat": 0, "do": "take"}]))
    proc = subprocess.run(
        [sys.executable, "-m", "okgin", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith('hand 1, action 3: {"seat": 0, "do": "take"}: ')
    assert proc.stderr.count("\n") == 1


def test_replay_error_object_carries_its_place() -> None:
    with pytest.raises(ReplayError) as info:
        replay(with_actions([P, D, {"seat": 0, "do": "take"}]))
    assert (info.value.hand, info.value.action) == (1, 3)
    assert isinstance(info.value, ValueError)


# ==== okgin demo, okgin --help ==============================================================
@pytest.mark.parametrize(("rules", "seed"), [("standard", 3), ("openspiel", 4), ("party", 5)])
def test_demo_save_then_replay(tmp_path: Path, rules: str, seed: int) -> None:
    path = tmp_path / "demo.json"
    status, out, err = run_cli("demo", "--rules", rules, "--seed", str(seed), "--save", str(path))
    assert (status, err) == (0, "")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["okgin"] == 1 and doc["rules"]["preset"] == rules
    status, text, err = run_cli("replay", str(path))
    assert (status, err) == (0, "")
    assert text in out  # the demo ends with the same summary that replay prints
    data = json.loads(run_cli("replay", str(path), "--json")[1])
    assert data["complete"] is True


def test_demo_same_seed_same_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run_cli("demo", "--seed", "21", "--save", str(a))[0] == 0
    assert run_cli("demo", "--seed", "21", "--save", str(b))[0] == 0
    assert json.loads(a.read_text()) == json.loads(b.read_text())


def test_help_lists_every_command() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "okgin", "--help"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0
    names = [m.name for m in pkgutil.iter_modules(okgin.commands.__path__)]
    assert {"demo", "replay"} <= set(names)
    for name in names:
        assert name in proc.stdout
    status, out, _ = run_cli("--help")
    assert status == 0 and out == proc.stdout


# ==== refused actions leave everything as it was ==============================================
def ex1_hand(script: list[str], rules: str = "standard") -> HandState:
    hand = HandState.deal(
        Rules.preset(rules), [Card(c) for c in EX1["hands"][0]["deck"]], EX1["hands"][0]["dealer"]
    )
    play(hand, script)
    return hand


OPEN = ["0 pass", "1 pass", "0 draw"]
KNOCKED = [*OPEN, "0 knock Ah 3c4c5c 8h8s8d JsQsKs"]
SPREAD = (Meld("3c4c5c"), Meld("8h8s8d"), Meld("JsQsKs"))


def fiftieth(last: str) -> HandState:
    hand = HandState.deal(
        Rules.preset("openspiel"),
        exhaust_deck("AcAd2h2s3h4s6d7s9cTh", "3c4c5c8h8s8dJsQsKsKd", "5h", last),
        1,
    )
    play(hand, ["0 pass", "1 pass"])
    play_draw_discard(hand, 29)
    return hand


def fiftieth_taken() -> HandState:
    hand = fiftieth("6c")
    hand.apply(TAKE, 1)
    return hand


REFUSALS: list[tuple[str, Any, Any, int | None, str]] = [
    # (name, state builder, action, seat, words the message must hold)
    ("offer: draw", lambda: ex1_hand([]), DRAW, None, "RULES.md §3"),
    ("offer: discard", lambda: ex1_hand([]), Discard(Card("Ah")), None, "§3"),
    ("offer: done", lambda: ex1_hand([]), DONE, None, "§3"),
    ("offer: wrong seat", lambda: ex1_hand([]), PASS, 1, "seat 0's turn"),
    ("stock only: take", lambda: ex1_hand(OPEN[:2]), TAKE, 0, "RULES.md §3"),
    ("stock only: pass", lambda: ex1_hand(OPEN[:2]), PASS, 0, "draw"),
    ("draw: discard", lambda: ex1_hand([*OPEN, "0 discard 4d"]), Discard(Card("9h")), 1, "draw"),
    ("play: draw again", lambda: ex1_hand(OPEN), DRAW, 0, "discard or a knock"),
    ("play: not held", lambda: ex1_hand(OPEN), Discard(Card("9h")), 0, "not in seat 0's hand"),
    (
        "play: §4 discard",
        lambda: ex1_hand(["0 take"]),
        Discard(Card("7d")),
        0,
        "no_return_discard, RULES.md §4",
    ),
    (
        "play: §4 knock",
        lambda: ex1_hand(["0 take"]),
        Knock(Card("7d"), SPREAD),
        0,
        "no_return_discard, RULES.md §4",
    ),
    (
        "play: over the limit",
        lambda: ex1_hand(OPEN),
        Knock(Card("Ah"), SPREAD[:2]),
        0,
        "knock limit 7 set by the upcard 7d (RULES.md §2",
    ),
    (
        "play: meld not held",
        lambda: ex1_hand(OPEN),
        Knock(Card("Ah"), (Meld("9h9c9s"),)),
        0,
        "not in the hand",
    ),
    (
        "play: melds share a card",
        lambda: ex1_hand(OPEN),
        Knock(Card("Ah"), (SPREAD[1], SPREAD[1])),
        0,
        "share a card",
    ),
    ("play: knock discard not held", lambda: ex1_hand(OPEN), Knock(Card("9h"), SPREAD), 0, "9h"),
    ("play: big gin is off", lambda: ex1_hand(OPEN), Knock(None, SPREAD), 0, "big_gin_bonus"),
    ("play: not an action", lambda: ex1_hand(OPEN), "discard 4d", 0, "not an action"),
    ("play: not a card", lambda: ex1_hand(OPEN), Discard(20), 0, "not a card"),  # type: ignore[arg-type]
    (
        "layoff: does not fit",
        lambda: ex1_hand(KNOCKED),
        Layoff(Card("9h"), 0),
        1,
        "RULES.md §6",
    ),
    (
        "layoff: no such meld",
        lambda: ex1_hand(KNOCKED),
        Layoff(Card("6c"), 3),
        1,
        "knocker's melds, RULES.md §6",
    ),
    ("layoff: not held", lambda: ex1_hand(KNOCKED), Layoff(Card("2c"), 0), 1, "not in seat 1"),
    ("layoff: the knocker", lambda: ex1_hand(KNOCKED), Layoff(Card("6c"), 0), 0, "seat 1's turn"),
    ("layoff: discard", lambda: ex1_hand(KNOCKED), Discard(Card("6c")), 1, "RULES.md §6"),
    ("fiftieth: draw", lambda: fiftieth("Kc"), DRAW, 1, "RULES.md §8"),
    ("fiftieth: take", lambda: fiftieth("Kc"), TAKE, 1, "fiftieth_card, RULES.md §8"),
    ("fiftieth: discard", fiftieth_taken, Discard(Card("Kd")), 1, "RULES.md §8"),
    ("fiftieth: pass", fiftieth_taken, PASS, 1, "RULES.md §8"),
    ("over", lambda: ex1_hand([*KNOCKED, "1 done"]), DONE, None, "the hand is over"),
]


@pytest.mark.parametrize(
    ("build", "action", "seat", "words"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_refused_action_changes_nothing_and_names_the_rule(
    build: Any, action: Any, seat: int | None, words: str
) -> None:
    hand = build()
    before = state_snapshot(hand)
    legal = hand.legal_actions()
    ids = hand.legal_ids()
    with pytest.raises(IllegalActionError) as info:
        hand.apply(action, seat)
    err = info.value
    assert isinstance(err, ValueError)
    msg = str(err)
    assert words in msg, msg
    assert "\n" not in msg and err.reason in msg
    assert state_snapshot(hand) == before
    assert hand.legal_actions() == legal and hand.legal_ids() == ids
    if legal:  # the state still plays on
        hand.apply(legal[0])


def test_refused_action_in_a_game_changes_nothing() -> None:
    game = Game({"preset": "standard", "target": 10}, dealer=1, auto_deal=False)
    game.deal([Card(c) for c in EX1["hands"][0]["deck"]], 1)
    play(game, KNOCKED)
    before = (state_snapshot(game.hand), dataclasses.asdict(game.score), list(game.results))
    for action, seat in [(Discard(Card("6c")), 1), (Layoff(Card("9h"), 0), 1), (DRAW, 1)]:
        with pytest.raises(IllegalActionError):
            game.apply(action, seat)
        assert (state_snapshot(game.hand), dataclasses.asdict(game.score), game.results) == before
    play(game, ["1 layoff 6c 0", "1 layoff 8c 1", "1 done"])
    assert game.is_over
    final = dataclasses.asdict(game.score)
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(DRAW, 0)
    with pytest.raises(IllegalActionError, match="game is over"):
        game.deal()
    assert dataclasses.asdict(game.score) == final and len(game.hands) == 1


def test_parse_action_refuses_unreadable_text() -> None:
    for text in ["", "fly", "discard", "discard Zz", "layoff 6c", "layoff 6c x", "knock Ah 3c4c"]:
        with pytest.raises(IllegalActionError):
            parse_action(text)


def test_record_helper_matches_game_to_record() -> None:
    """The test records (deals.record) are what Game.to_record writes for the same play."""
    deck = deck_for(["3c4c5c8h8s8dJsQsKsAh", "9h9c9s2h3h4h6c8cKd5s"], "7d", "4d", dealer=1)
    game = Game({"preset": "standard"}, dealer=1, auto_deal=False)
    game.deal(deck, 1)
    script = ["0 pass", "1 pass", "0 draw", "0 knock Ah 3c4c5c 8h8s8d JsQsKs", "1 done"]
    play(game, script)
    assert record({"preset": "standard"}, [(1, deck, script)]) == game.to_record()
    hand = deal("standard", ["3c4c5c8h8s8dJsQsKsAh", "9h9c9s2h3h4h6c8cKd5s"], "7d", "4d", 1)
    assert hand.deck == game.hands[0].deck


def test_replay_json_dead_single_hand_is_a_tie(tmp_path: Path) -> None:
    """RULES.md §9 single: a dead hand has no winner (a tie): complete, winner null, finals 0.
    Example 7's dead hand under openspiel (fiftieth_card: seat 1 passes the last discard)."""
    doc = json.loads((EXAMPLES / "worked_example_7.json").read_text(encoding="utf-8"))
    doc["rules"] = {"preset": "openspiel"}
    doc["hands"] = doc["hands"][:1]
    doc["hands"][0]["actions"].append({"seat": 1, "do": "pass"})
    status, out, err = run_cli("replay", str(write_record(tmp_path / "d.json", doc)), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["hands"][0]["result"] == "dead"
    assert (data["complete"], data["winner"], data["final"]) == (True, None, [0, 0])
