"""The layers point down only: every ``okgin`` import in the package (function-local ones
too), read from the source, goes from a front end to the table, the review or the bots, from
those to the core, never up. The terminal holds no game flow of its own: it is over
okgin.table (okgin.table.local), and okgin.table imports no front end."""

from __future__ import annotations

import ast
from pathlib import Path

import okgin

ROOT = Path(okgin.__file__).parent
CORE_MODULES = "actions cards errors game hand melds paths record rules scoring views"
CORE = {"okgin"} | {f"okgin.{m}" for m in CORE_MODULES.split(" ")}
#: Each layer and the layers it may import (besides itself).
LAYERS = {
    "core": set(),
    "bots": {"core"},
    "table": {"bots", "core"},
    "review": {"bots", "core"},
    "front": {"table", "review", "bots", "core", "front"},
}
FRONT_ENDS = {"tui", "web", "env", "arena", "bench", "commands", "cli", "__main__"}


def layer(name: str) -> str:
    if name in CORE:
        return "core"
    part = name.split(".")[1]
    if part in ("bots", "table", "review"):
        return part
    assert part in FRONT_ENDS, f"{name}: which layer is it in? (add it to this test)"
    return "front"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts[:2])


def imports() -> list[tuple[str, str, str]]:
    """(module file, the module's top-level unit, the imported unit) for every okgin import."""
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        unit = module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if name == "okgin" or name.startswith("okgin."):
                    out.append(
                        (str(path.relative_to(ROOT.parent)), unit, ".".join(name.split(".")[:2]))
                    )
    return out


def test_no_import_points_up() -> None:
    found = imports()
    assert len(found) > 200  # the scan reads the package
    wrong = [
        f"{path} imports {target}"
        for path, unit, target in found
        if target != unit
        and layer(target) != layer(unit)
        and layer(target) not in LAYERS[layer(unit)]
    ]
    assert wrong == []


def test_the_table_and_the_terminal_stay_apart_from_other_front_ends() -> None:
    found = imports()
    table = {t for _, unit, t in found if unit == "okgin.table"}
    assert table.isdisjoint(
        {"okgin.tui", "okgin.web", "okgin.env", "okgin.arena", "okgin.commands"}
    )
    tui = {t for _, unit, t in found if unit == "okgin.tui"}
    assert "okgin.table" in tui
    assert tui.isdisjoint({"okgin.web", "okgin.env", "okgin.arena", "okgin.commands"})


def test_the_terminal_holds_screens_and_widgets_only() -> None:
    """No game flow in okgin/tui: its modules are the app, screens, widgets, words and the
    replay viewer, and none of them makes a table or a store, or steps a bot itself."""
    assert sorted(p.stem for p in (ROOT / "tui").glob("*.py")) == [
        "__init__",
        "app",
        "replay",
        "screens",
        "text",
        "widgets",
    ]
    for path in (ROOT / "tui").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("okgin.table"):
                names = {a.name for a in node.names}
                if node.module == "okgin.table":  # events to show, nothing to play with
                    assert names <= {"TableEvent"}, f"{path.name} imports {names}"
                else:
                    assert node.module == "okgin.table.local", f"{path.name}: {node.module}"
            if isinstance(node, ast.Attribute):  # no stepping, no stores, no resuming here
                assert node.attr not in ("step_bot", "run_bots", "claim", "submit"), (
                    f"{path.name} calls .{node.attr}"
                )
