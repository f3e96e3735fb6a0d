"""The subcommands of ``okgin``: one module each, with ``register(subparsers)``.

:mod:`okgin.cli` finds every module of this package, so adding a command is adding a file.
"""

from __future__ import annotations

import argparse
import json

from okgin.errors import OkginError
from okgin.rules import Rules


def rules_arg(text: str) -> dict[str, object]:
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


def rules_of(parser: argparse.ArgumentParser, data: dict[str, object]) -> Rules:
    """The rules of a parsed ``--rules``, or the parser's one-line error (``--rules: …``)
    when they are not valid rules (a wrong key, a player count out of range)."""
    try:
        return Rules.from_dict(data)
    except OkginError as exc:
        parser.error(f"--rules: {exc}")
