"""``okgin demo``: a whole game between two simple computer players, turn by turn."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from okgin.commands import rules_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="watch a whole game between two simple computer players")
    p.add_argument(
        "--rules",
        type=rules_arg,
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
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
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
