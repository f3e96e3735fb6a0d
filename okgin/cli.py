"""The ``okgin`` command. Each subcommand is a module of :mod:`okgin.commands`."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import okgin.commands
from okgin import __version__
from okgin.errors import OkginError

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="okgin", description="Oklahoma Gin: rules engine, bots, records and games."
    )
    parser.add_argument("--version", action="version", version=f"okgin {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(okgin.commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"okgin.commands.{info.name}")
        module.register(sub)
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
