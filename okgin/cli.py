"""The ``okgin`` command: one thin function per subcommand."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from okgin import __version__
from okgin.errors import OkginError

__all__ = ["main"]


def _rules_arg(text: str) -> dict[str, object]:
    """``--rules standard`` or ``--rules '{"preset": "party", "players": 3}'``."""
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise argparse.ArgumentTypeError(f"--rules is not JSON: {exc.msg}") from None
        if not isinstance(data, dict):
            raise argparse.ArgumentTypeError("--rules JSON must be an object")
        return data
    return {"preset": text}


def cmd_demo(args: argparse.Namespace) -> int:
    from okgin.bots import make_bot
    from okgin.game import Game
    from okgin.record import summary_text
    from okgin.rules import Rules

    rules = Rules.from_dict(args.rules)
    game = Game(rules, seed=args.seed)
    bots = [
        make_bot(args.bots[s % len(args.bots)], seed=(args.seed or 0) + s) for s in range(game.n)
    ]
    names = [f"{bots[s].name}-{s}" for s in range(game.n)]
    out = sys.stdout
    printed_hands = 0
    while not game.is_over:
        hand = game.hand
        if len(game.hands) != printed_hands:
            printed_hands = len(game.hands)
            out.write(
                f"\n== hand {printed_hands}: dealer {names[hand.dealer]}, upcard {hand.upcard} "
                f"-> knock limit {hand.limit}{', doubled' if hand.multiplier > 1 else ''}\n"
            )
        seat = hand.current_player
        assert seat is not None
        view = game.view(seat)
        action = bots[seat].act(view)
        hand_before = " ".join(c.text for c in view.hand)
        game.apply(action, seat)
        line = f"  {names[seat]:>9} [{hand_before}]: {action}"
        if action.do == "draw":
            line += f" ({hand.deck[hand.stock_pos - 1]})"
        out.write(line + "\n")
        if hand.is_over and hand.result is not None:
            r = hand.result
            if r.result == "dead":
                out.write("  dead hand: nobody scores\n")
            else:
                pts = ", ".join(f"{names[s]} {p}" for s, p in enumerate(r.points))
                out.write(f"  {r.result}: deadwood {list(r.deadwood or ())}; points {pts}\n")
            out.write(f"  totals: {game.score.totals}\n")
    out.write("\n" + summary_text(game, names) + "\n")
    if args.save:
        Path(args.save).write_text(json.dumps(game.to_record(names), indent=1) + "\n")
        out.write(f"record saved to {args.save}\n")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from okgin.record import ReplayError, load, replay, summary, summary_text

    try:
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ReplayError(
                f"cannot read {args.file}: {getattr(exc, 'strerror', None) or exc}"
            ) from None
        doc = load(text)
        game = replay(doc)
    except ReplayError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary(game)))
    else:
        print(summary_text(game, doc.get("players")))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="okgin", description="Oklahoma Gin: rules engine, bots, records and games."
    )
    parser.add_argument("--version", action="version", version=f"okgin {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("demo", help="watch a whole game between two simple computer players")
    p.add_argument(
        "--rules",
        type=_rules_arg,
        default={"preset": "standard"},
        help="a preset (standard, classic, party, openspiel) or a JSON rule set",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the deals (default: random)")
    p.add_argument("--save", metavar="FILE", help="write the game record (RECORD.md) here")
    p.add_argument(
        "--bots",
        type=lambda s: s.split(","),
        default=["easy"],
        help="comma-separated bot names, one per seat (default: easy)",
    )
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("replay", help="check and summarise a game record (RECORD.md)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.set_defaults(func=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args))
    except OkginError as exc:
        print(f"okgin: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
