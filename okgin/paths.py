"""Where okgin keeps its files (shared by the terminal game and the web server)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_dir"]


def data_dir() -> Path:
    """Where games are saved: ``$OKGIN_DATA_DIR``, else ``$XDG_DATA_HOME/okgin``, else
    ``~/.local/share/okgin``."""
    env = os.environ.get("OKGIN_DATA_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "okgin"
