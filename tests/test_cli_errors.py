"""What a new player hit: each command error is one line on stderr with exit status 2, never a
traceback (issue 12, item 7), and bot names, options and budgets refuse within the error family
(item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from deals import run_cli, state_snapshot
from scripts_loader import load_script

from okgin.bots import make_bot, parse_spec
from okgin.errors import BotError, OkginError


def one_line_error(*argv: str) -> str:
    """Run ``okgin ARGV``; assert exit status 2, nothing on stdout and one line on stderr."""
    status, out, err = run_cli(*argv)
    assert (status, out) == (2, ""), (status, out, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("bots", "want"),
    [
        ("nosuch", "unknown bot 'nosuch'"),
        ("", "unknown bot ''"),
        ("easy,nosuch", "unknown bot 'nosuch'"),
        ("expert:nosuch=1", "'nosuch=1' is not KEY=VALUE with KEY an option of expert"),
        ("expert:discards=x", "discards must be an integer, not 'x'"),
        ("expert:guard=-1", "expert option guard must be a positive number"),
        ("easy:x=1", "easy takes no options"),
    ],
)
def test_demo_unknown_or_malformed_bot(bots: str, want: str) -> None:
    assert want in one_line_error("demo", "--seed", "1", "--bots", bots)


@pytest.mark.parametrize(
    "spec",
    ["nosuch", "", "expert:nosuch=1", "expert:max_worlds=1", "hard:alpha=nan", "expert:a=1,a=2"],
)
def test_bad_bot_specs_raise_within_the_error_family(spec: str) -> None:
    with pytest.raises(BotError) as info:
        make_bot(spec, 0)
    assert isinstance(info.value, OkginError) and "\n" not in str(info.value)


def test_parse_spec_refuses_within_the_error_family() -> None:
    with pytest.raises(BotError, match="given twice"):
        parse_spec("expert:defence=1,defence=2")


def test_budget_is_checked_in_one_place_and_its_default_is_in_the_help() -> None:
    from okgin.bots.budget import DEFAULT_BUDGET, MAX_BUDGET, check_budget
    from okgin.bots.expert import ExpertBot

    assert check_budget(1) == 1.0 and check_budget(MAX_BUDGET) == MAX_BUDGET
    for bad in (0, -1.0, float("nan"), float("inf"), MAX_BUDGET + 1, True, "1"):
        with pytest.raises(BotError, match="budget must be more than 0"):
            check_budget(bad)
        with pytest.raises(BotError, match="expert budget must be more than 0"):
            ExpertBot(1, budget=bad)  # type: ignore[arg-type]
    assert ExpertBot(1).budget == DEFAULT_BUDGET
    for command in ("arena", "play"):
        status, out, _ = run_cli(command, "--help")
        assert status == 0
        assert f"default {DEFAULT_BUDGET:g})" in " ".join(out.split())
    err = one_line_error("play", "--budget", "0")
    assert err == "okgin: --budget must be more than 0 and at most 60 seconds, not 0.0\n"


def test_an_experts_own_budget_in_its_name_is_checked_and_wins_over_the_runs() -> None:
    assert make_bot("expert:budget=0.5", 1).budget == 0.5  # type: ignore[attr-defined]
    assert make_bot("expert:budget=0.5", 1, budget=0.2).budget == 0.5  # type: ignore[attr-defined]
    assert make_bot("expert:defence=1", 1, budget=0.2).budget == 0.2  # type: ignore[attr-defined]
    for bad in ("0", "-1", "inf", "61"):
        with pytest.raises(BotError, match="expert budget must be more than 0"):
            make_bot(f"expert:budget={bad}", 1)
    err = one_line_error("demo", "--seed", "1", "--bots", "expert:budget=0")
    assert "expert budget must be more than 0 and at most 60 seconds, not 0.0" in err


DEEP = ["[" * 100_000, '{"a": ' * 100_000, "[" * 40 + "]" * 40]


@pytest.mark.parametrize("text", DEEP, ids=["list", "object", "valid-40"])
def test_deeply_nested_json_is_a_record_error(text: str) -> None:
    from okgin.errors import RecordError
    from okgin.record import load

    with pytest.raises(RecordError, match="nested more than 32 levels deep"):
        load(text)


def test_json_as_deep_as_a_record_is_read() -> None:
    from okgin.record import load

    assert load("[" * 32 + "]" * 32) is not None


@pytest.mark.parametrize("text", DEEP[:2], ids=["list", "object"])
def test_deeply_nested_file_in_replay_play_replay_and_resume(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    want = "record: JSON nested more than 32 levels deep is not a record\n"
    assert one_line_error("replay", str(path)) == want
    assert one_line_error("replay", str(path), "--json") == want
    assert one_line_error("play", "--replay", str(path)) == want
    data = tmp_path / "data"
    data.mkdir()
    # okgin play keeps each game as an okgin.table journal, <id>.jsonl: a deep one in its
    # header line, and a deep line after a good header
    (data / "deep.jsonl").write_text(text, encoding="utf-8")
    monkeypatch.setenv("OKGIN_DATA_DIR", str(data))
    err = one_line_error("play", "--resume")
    assert err == "okgin: cannot resume deep: table deep: the journal has no header\n"
    (data / "deep.jsonl").write_text('{"okgin_table": 1}\n' + text + "\n", encoding="utf-8")
    err = one_line_error("play", "--resume")
    assert err.startswith("okgin: cannot resume deep: ") and err.count("\n") == 1


def test_demo_save_path_is_checked_before_the_game(tmp_path: Path) -> None:
    """Nothing is played (nothing on stdout) when the record could not be written."""
    missing = tmp_path / "nonexistent" / "x.json"
    err = one_line_error("demo", "--seed", "1", "--save", str(missing))
    assert err == f"okgin: --save {missing}: there is no directory {missing.parent}\n"
    err = one_line_error("demo", "--seed", "1", "--save", str(tmp_path))
    assert err == f"okgin: --save {tmp_path}: is a directory; name a file in it\n"
    assert one_line_error("demo", "--save", "/nonexistent/dir/x.json").startswith(
        "okgin: --save /nonexistent/dir/x.json: there is no directory"
    )
    assert list(tmp_path.iterdir()) == []


def test_demo_players_and_one_bot_per_seat(tmp_path: Path) -> None:
    import json

    path = tmp_path / "three.json"
    status, _, err = run_cli(
        "demo", "--seed", "2", "--players", "3", "--bots", "easy,medium,random",
        "--save", str(path),
    )  # fmt: skip
    assert (status, err) == (0, "")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["rules"]["players"] == 3
    assert doc["players"] == ["easy-0", "medium-1", "random-2"]
    status, _, err = run_cli("demo", "--seed", "2", "--players", "4", "--save", str(path))
    assert (status, err) == (0, "")
    assert json.loads(path.read_text())["players"] == [f"easy-{s}" for s in range(4)]


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        (["--bots", "easy,medium,hard"], "--bots names 3 bots for 2 seats"),
        (["--players", "3", "--bots", "easy,medium"], "--bots names 2 bots for 3 seats"),
        (["--players", "4", "--bots", "easy,easy,easy,easy,easy"], "5 bots for 4 seats"),
        (["--players", "5"], '"players" must be 2, 3, 4, not 5'),
    ],
)
def test_demo_bot_count_must_match_the_seats(argv: list[str], want: str) -> None:
    assert want in one_line_error("demo", "--seed", "1", *argv)


def test_arena_says_1_pair_not_1_pairs() -> None:
    import re

    status, out, err = run_cli("arena", "easy", "random", "--pairs", "1", "--games", "1", "--quiet")
    assert (status, err) == (0, "")
    assert "easy vs random: 1 pair (2 hands), duplicate deals" in out
    assert "(1 mirrored set)" in out
    assert re.search(r"\b1 pair ", out) and not re.search(r"\b1 (pairs|mirrored sets)\b", out)
    status, out, _ = run_cli("arena", "easy", "random", "--pairs", "3", "--quiet")
    assert status == 0 and "easy vs random: 3 pairs (6 hands)" in out


class _Index:
    """An integer type other than int (as a NumPy integer is)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("bad", ["x", "5", 1.5, 5.0, None, True, [5], b"5"])
def test_apply_id_refuses_what_is_not_an_integer_within_the_error_family(bad: object) -> None:
    from okgin import Game
    from okgin.errors import IllegalActionError

    game = Game(seed=3)
    hand = game.hand
    before = state_snapshot(hand)
    for call in (hand.apply_id, hand.action_for_id, game.apply_id):
        with pytest.raises(IllegalActionError, match=r"^an action id is an integer 0\.\.524, not "):
            call(bad)  # type: ignore[operator]
    assert state_snapshot(hand) == before


def test_apply_id_takes_other_integer_types() -> None:
    from okgin import Game

    game = Game(seed=3)
    ids = game.hand.legal_ids()
    assert game.hand.action_for_id(_Index(ids[0])) == game.hand.action_for_id(ids[0])  # type: ignore[arg-type]
    game.hand.apply_id(_Index(ids[-1]))  # type: ignore[arg-type]
    assert len(game.hand.history) == 1


def test_demo_bots_keep_their_options_together(tmp_path: Path) -> None:
    """``--bots`` splits on commas, but a bot's own options (``KEY=VALUE`` after a
    ``NAME:``) stay with it, as in ``okgin arena``."""
    import json

    from okgin.commands.demo import split_bots

    assert split_bots("easy") == ["easy"]
    assert split_bots("easy,expert:defence=1.0,at_once=0.5,medium") == [
        "easy",
        "expert:defence=1.0,at_once=0.5",
        "medium",
    ]
    assert split_bots("easy,max_worlds=1") == ["easy", "max_worlds=1"]  # no NAME: before it
    path = tmp_path / "opts.json"
    status, _, err = run_cli(
        "demo", "--seed", "1", "--rules", '{"preset": "standard", "target": 30}',
        "--bots", "hard:alpha=0.5,samples=4,easy", "--save", str(path),
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert json.loads(path.read_text())["players"] == ["hard-0", "easy-1"]


@pytest.mark.parametrize(
    ("script", "argv"),
    [
        ("expert_ab", ["hard", "medium", "--seed", "1"]),
        ("belief_fit", ["--seed", "1"]),
        ("expert_timing", []),
        ("expert_oracle", ["expert", "--seed", "1"]),
        ("expert_refusals", ["expert", "--seed", "1"]),
        ("peek_decisions", ["expert", "--seed", "1"]),
    ],
)
def test_a_script_refuses_wrong_rules_in_one_line(
    script: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The measuring scripts read ``--rules`` as the commands do: rules that are not valid
    are the parser's one-line error (exit status 2), not a traceback."""
    main = load_script(script).main
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--rules", '{"preset": "party", "players": 9}'])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1].endswith(
        'error: --rules: rules: "players" must be 2, 3, 4, not 9'
    ), err
