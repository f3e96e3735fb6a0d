"""The subcommands of ``okgin``: one module each, with ``register(subparsers)``.

:mod:`okgin.cli` finds every module of this package, so adding a command is adding a file.
"""

from __future__ import annotations

import argparse
import json


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
