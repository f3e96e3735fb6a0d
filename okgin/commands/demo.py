"""``okgin demo``: a whole game between computer players, turn by turn."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from okgin.commands import rules_arg
from okgin.errors import OkginError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="watch a whole game between computer players")
    p.add_argument(
        "--rules",
        type=rules_arg,
        default={"preset": "standard"},
        help="a preset (standard, classic, party, openspiel) or a JSON rule set",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the deals (default: random)")
    p.add_argument("--save", metavar="FILE", help="write the game record (RECORD.md) here")
    p.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default: the rules')")
    p.add_argument(
        "--bots",
        type=split_bots,
        default=["easy"],
        help="comma-separated bot names, one per seat, or one for every seat, with options as "
        "in okgin arena (easy,expert:defence=1.0,at_once=0.5; default: easy)",
    )
    p.set_defaults(func=run)


def split_bots(text: str) -> list[str]:
    """``easy,expert:defence=1.0,at_once=0.5`` → ``["easy", "expert:defence=1.0,at_once=0.5"]``:
    a piece with ``=`` and no ``:`` is one more option of the bot before it."""
    out: list[str] = []
    for piece in text.split(","):
        if out and "=" in piece and ":" not in piece and ":" in out[-1]:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def check_save(path: Path) -> None:
    """Refuse a --save path that cannot be written, before the game is played."""
    if path.is_dir():
        raise OkginError(f"--save {path}: is a directory; name a file in it")
    parent = path.parent
    if not parent.is_dir():
        raise OkginError(f"--save {path}: there is no directory {parent}")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OkginError(f"--save {path}: not allowed to write there")


def run(args: argparse.Namespace) -> int:
    from okgin.bots import make_bot
    from okgin.game import Game
    from okgin.record import summary_text
    from okgin.rules import Rules

    rules = Rules.from_dict(args.rules)
    if args.players is not None:
        rules = rules.with_options(players=args.players)
    specs = [spec.strip() for spec in args.bots]
    if len(specs) == 1:
        specs *= rules.players
    elif len(specs) != rules.players:
        hint = f" (or --players {len(specs)})" if 2 <= len(specs) <= 4 else ""
        raise OkginError(
            f"--bots names {len(specs)} bots for {rules.players} seats: give one bot per seat "
            f"or one for every seat{hint}"
        )
    save = Path(args.save) if args.save else None
    if save is not None:
        check_save(save)
    bots = [make_bot(spec, seed=(args.seed or 0) + s) for s, spec in enumerate(specs)]
    game = Game(rules, seed=args.seed)
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
    if save is not None:
        try:
            save.write_text(json.dumps(game.to_record(names), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise OkginError(f"--save {save}: {exc.strerror or exc}") from None
        out.write(f"record saved to {save}\n")
    return 0
