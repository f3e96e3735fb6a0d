"""The examples in the core modules' docstrings (and the README's API example) run as written."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

CORE = [
    "okgin",
    "okgin.cards",
    "okgin.melds",
    "okgin.rules",
    "okgin.game",
    "okgin.record",
    "okgin.scoring",
]
CORE += ["okgin.bots.words"]  # the hints' plain words


@pytest.mark.parametrize("name", CORE)
def test_module_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0


def test_readme_api_example_runs() -> None:
    text = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```", text, re.S)
    assert match, "README has a python example"
    namespace: dict[str, object] = {}
    exec(compile(match.group(1), "README.md", "exec"), namespace)
    assert namespace["record"]["okgin"] == 1  # type: ignore[index]
