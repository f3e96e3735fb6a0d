"""scripts/native.py: okgin's hot modules compiled with mypyc play exactly as the source."""

from __future__ import annotations

import inspect
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from scripts_loader import load_script

NATIVE = load_script("native")


def _run(env: dict[str, str], code: str) -> str:
    return subprocess.run(
        [sys.executable, "-P", "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_compiled_copy_is_compiled_and_plays_the_same_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # two commands started together on new sources: one builds, the other waits and uses it
    with ThreadPoolExecutor(2) as pool:
        built = list(pool.map(lambda _: NATIVE.build(tmp_path / "native"), range(2)))
    where = built[0]
    assert built[1] == where and (where / ".built").exists()
    assert capsys.readouterr().err.count("built ") == 1
    for module in NATIVE.MODULES:
        stem = Path(module).with_suffix("")
        assert list(where.glob(f"{stem}.*.so")), f"{module} was not compiled"
    env = NATIVE.environment(where)
    # the copy, not the source tree, is what a command imports, and its modules are native
    code = "import okgin.melds as m, okgin.bots.playout as p; print(m.__file__, p.__file__)"
    got = _run(env, code)
    assert got.startswith(str(where)) and got.count(".so") == 2
    # the same decisions: the expert's moves over a hand, hashed, interpreted and compiled
    script = [sys.executable, str(NATIVE.ROOT / "scripts" / "expert_actions.py")]
    script += ["--seed", "3", "--hands", "1", "--quiet"]
    plain = dict(env, PYTHONPATH=str(NATIVE.ROOT))
    runs = [
        subprocess.run(script, env=e, capture_output=True, text=True, check=True).stdout
        for e in (plain, env)
    ]
    assert runs[0].startswith("sha256 ") and runs[0] == runs[1]
    # ``--spec``: the default's options spelled out play as the default; another setting not
    from okgin.bots.expert import ExpertBot

    defaults = inspect.signature(ExpertBot).parameters
    spelled = ",".join(
        ["expert:guard=inf", *(f"{k}={defaults[k].default}" for k in ("kind_hand", "safe_slack"))]
    )
    other = "expert:guard=inf,defence=0"  # the others' points not weighed: another game
    specs = [
        subprocess.run(
            [*script, "--spec", spec], env=env, capture_output=True, text=True, check=True
        ).stdout
        for spec in (spelled, other)
    ]
    assert specs[0] == runs[0] and specs[1].startswith("sha256 ") and specs[1] != runs[0]
    # a finished build is reused, not rebuilt
    assert NATIVE.build(where, quiet=True) == where


def test_an_edit_makes_a_new_build(tmp_path: Path) -> None:
    copy = tmp_path / "okgin"
    shutil.copytree(NATIVE.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    before = NATIVE.source_hash(copy)
    assert NATIVE.source_hash(copy) == before
    (copy / "bots" / "expert.py").write_text((copy / "bots" / "expert.py").read_text() + "\n")
    assert NATIVE.source_hash(copy) != before
    # compiled leftovers and caches are not sources
    (copy / "melds.cpython-311-x86_64-linux-gnu.so").write_bytes(b"x")
    after = NATIVE.source_hash(copy)
    (copy / "melds.cpython-311-x86_64-linux-gnu.so").write_bytes(b"y")
    assert NATIVE.source_hash(copy) == after


def test_the_command_runs_on_this_interpreter() -> None:
    okgin = NATIVE.command(["okgin", "arena", "x"])
    assert okgin == [sys.executable, "-P", "-m", "okgin", "arena", "x"]
    assert NATIVE.command(["python", "s.py"]) == [sys.executable, "s.py"]
    pytest = NATIVE.command(["python", "-m", "pytest"])
    assert pytest == [sys.executable, "-P", "-m", "pytest"]
    assert NATIVE.command(["true"]) == ["true"]
    env = NATIVE.environment(Path("/somewhere"))
    assert env["PYTHONPATH"].split(":")[0] == "/somewhere"
