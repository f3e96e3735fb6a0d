"""``okgin play``: Oklahoma Gin in the terminal against computer opponents (Textual)."""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path
from typing import Any

from okgin.commands import rules_arg


def _speed(text: str) -> float:
    from okgin.table.local import SPEEDS

    if text in SPEEDS:
        return SPEEDS[text]
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--speed must be {', '.join(SPEEDS)} or seconds per move, not {text!r}"
        ) from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("--speed in seconds must be between 0 and 10")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from okgin.bots.budget import DEFAULT_BUDGET

    p = sub.add_parser(
        "play",
        help="play Oklahoma Gin in the terminal against the computer",
        description=(
            "A full-screen game against computer opponents. The game is saved after every "
            "action (in $OKGIN_DATA_DIR, else $XDG_DATA_HOME/okgin or ~/.local/share/okgin); "
            "--resume continues it. Press ? in the game for the keys."
        ),
    )
    p.add_argument(
        "--rules",
        type=rules_arg,
        default=None,
        metavar="PRESET|JSON",
        help="a preset (standard, classic, party, openspiel) or a JSON rule set",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option, repeatable: --option gin_bonus=20 --option doubling_suit=null",
    )
    p.add_argument("--players", type=int, choices=(2, 3, 4), help="2, 3 or 4 players")
    p.add_argument(
        "--opponents",
        metavar="LEVELS",
        help="each opponent's level, comma-separated (e.g. hard,expert); one level is used "
        "for every opponent (default: medium)",
    )
    p.add_argument(
        "--budget",
        type=float,
        metavar="SECONDS",
        help=f"the expert's thinking time per decision (default {DEFAULT_BUDGET:g})",
    )
    p.add_argument("--target", type=int, help="the game's target (default: the rules', 100)")
    p.add_argument("--seed", type=int, help="seed of the deals (default: a new shuffle)")
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="ID",
        help="continue a saved game: the only unfinished one, or the one with this id (with "
        "several, --resume alone lists them)",
    )
    p.add_argument(
        "--seat",
        type=int,
        default=0,
        metavar="N",
        help="your seat, 0 to players-1 (default 0); the opponents take the others in order",
    )
    p.add_argument(
        "--people",
        metavar="NAMES",
        help="two or more people sharing this terminal (hot seat), comma-separated: "
        "--people Ann,Bob; they sit from --seat on, the screen hiding each hand between turns",
    )
    p.add_argument("--replay", metavar="FILE", help="step through a game record")
    p.add_argument(
        "--undo",
        action="store_true",
        help="allow taking moves back (with --resume: in this sitting, also in a game "
        "started without it)",
    )
    p.add_argument("--four-color", action="store_true", help="a four-colour deck")
    p.add_argument(
        "--speed",
        type=_speed,
        default=None,
        metavar="SPEED",
        help="pace of the computer's moves: slow, normal, fast, instant, or seconds",
    )
    p.set_defaults(func=run)


def settings_from_args(args: argparse.Namespace) -> tuple[Any, list[str]]:
    """The new game's settings from the flags, and notices for the person."""
    from okgin.bots.budget import check_budget
    from okgin.errors import OkginError
    from okgin.rules import Rules
    from okgin.table.local import (
        SPEEDS,
        Settings,
        check_opponents,
        default_opponent,
        parse_options,
        parse_people,
    )

    notices: list[str] = []
    rules: dict[str, Any] = dict(args.rules or {"preset": "standard"})
    rules.update(parse_options(args.option))
    if args.target is not None:
        rules["target"] = args.target
    levels = [x.strip() for x in args.opponents.split(",") if x.strip()] if args.opponents else []
    people = parse_people(getattr(args, "people", None) or "")
    if args.players is not None:
        rules["players"] = args.players
    elif levels and "players" not in rules and len(levels) + len(people) > 2:
        rules["players"] = len(levels) + len(people)
    elif len(people) > 2 and "players" not in rules:
        rules["players"] = len(people)
    players = Rules.from_dict(rules).players
    if not levels and players > len(people):
        level, notice = default_opponent()
        levels = [level]
        if notice:
            notices.append(notice)
    if len(levels) == 1:
        levels = levels * (players - len(people))
    check_opponents(levels, players, len(people))
    if args.seed is not None and args.seed < 0:
        raise OkginError("--seed must be ≥ 0")
    budget = getattr(args, "budget", None)
    if budget is not None:
        budget = check_budget(budget, "--budget")
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
    settings = Settings(
        rules=Rules.from_dict(rules).to_dict(),
        opponents=levels,
        seed=seed,
        undo=args.undo,
        speed=args.speed if args.speed is not None else SPEEDS["normal"],
        four_color=args.four_color,
        budget=budget,
        people=people,
        seat=getattr(args, "seat", 0) or 0,
    )
    if not 0 <= settings.seat < players:
        raise OkginError(f"--seat must be 0 to {players - 1}, not {settings.seat}")
    return settings, notices


def run(args: argparse.Namespace) -> int:
    from okgin.errors import OkginError
    from okgin.record import ReplayError, load_file

    if args.replay:
        from okgin.tui.replay import ReplayApp

        try:
            doc = load_file(args.replay)
            replay_app = ReplayApp(doc, Path(args.replay).name, four_color=args.four_color)
        except ReplayError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        replay_app.run()
        return 0

    from okgin.table.local import LocalGame
    from okgin.tui.app import PlayApp

    if args.resume is not None:
        given = [
            flag
            for flag, value in (
                ("--rules", args.rules),
                ("--option", args.option),
                ("--players", args.players),
                ("--opponents", args.opponents),
                ("--target", args.target),
                ("--seed", args.seed),
                ("--seat", args.seat),
                ("--people", args.people),
            )
            if value
        ]
        if given:
            raise OkginError(
                f"--resume continues the saved game with its own rules and opponents; "
                f"drop {', '.join(given)}"
            )
        # --undo: taking back is allowed in this sitting (the game keeps its own setting)
        session = LocalGame.resume(table_id=args.resume or None, undo=args.undo)
        if args.four_color:
            session.settings.four_color = True
        if args.speed is not None:
            session.settings.speed = args.speed
        notices = ["Welcome back: the saved game continues"]
    else:
        settings, notices = settings_from_args(args)
        session = LocalGame.new(settings)
    app = PlayApp(session, notice="; ".join(notices) or None)
    app.run()
    s = app.session
    where = s.record_path
    if s.game_over:
        print(f"The game is over; its record is {where}")
    else:
        print(f"Game {s.id} saved in {where}; continue it with: okgin play --resume {s.id}")
    return 0
