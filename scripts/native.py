"""Run a command on okgin's hot modules compiled with mypyc: the same moves, faster.

    python scripts/native.py -- okgin arena expert:guard=inf hard --pairs 1000 --seed S --jobs 2
    python scripts/native.py -- python scripts/expert_ab.py A B --vs medium --seed S --pairs 300
    python scripts/native.py --build        # build only; prints the copy's directory

It copies the ``okgin`` package into ``.native/<hash of the package's files>/``, compiles the
modules of :data:`MODULES` there with mypyc (``pip install -e ".[native]"``, and a C compiler),
and runs the command with that copy first on ``PYTHONPATH`` (``okgin …`` runs as ``python -P -m
okgin …``; the arena's worker processes inherit both). The hash covers every file of the package,
so an edit makes a new build and a command never runs on a stale one; the source tree itself
is never touched. A build takes about half a minute here and is reused while the sources are
unchanged.

The compiled modules compute exactly what the source does, and the expert's budget is a count
of rollout actions, not of seconds, so ``expert:guard=inf`` plays the same moves compiled or
not (``--check`` runs ``scripts/expert_actions.py`` both ways and compares the fingerprints).
They are the core's hot loops (deadwood, the hand's moves, the playouts, the belief's worlds);
the rest, the bots' decision logic included, stays interpreted: compiling it measured no faster.
"""

from __future__ import annotations

import argparse
import fcntl
import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "okgin"
#: The modules compiled, as paths inside the package's copy.
MODULES = (
    "okgin/melds.py",
    "okgin/hand.py",
    "okgin/scoring.py",
    "okgin/bots/playout.py",
    "okgin/bots/belief.py",
)
#: Files of the package that do not go into the copy (nor into its hash).
_SKIP = ("__pycache__", "*.pyc", "*.so")


def _skipped(name: str) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in _SKIP)


def source_hash(package: Path = PACKAGE) -> str:
    """A hash of every file of the package (paths and contents) and of :data:`MODULES`."""
    h = hashlib.sha256(repr(MODULES).encode())
    for path in sorted(package.rglob("*")):
        inside = path.relative_to(package).parts
        if not path.is_file() or any(_skipped(part) for part in inside):
            continue
        h.update(str(path.relative_to(package)).encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def build(out: Path | None = None, quiet: bool = False) -> Path:
    """The directory of a compiled copy of the package for its current sources (built now
    unless a finished build is there; a command that finds another building the same sources
    waits for it and uses its build)."""
    where = out or ROOT / ".native" / source_hash()
    done = where / ".built"
    if done.exists():
        return where
    where.parent.mkdir(parents=True, exist_ok=True)
    # one build at a time: two commands started together on new sources would otherwise
    # each take the other's half-built copy for an interrupted one and remove it
    with open(where.parent / f".{where.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.exists():  # built by another command while this one waited
            return where
        return _build(where, done, quiet)


def _build(where: Path, done: Path, quiet: bool) -> Path:
    if where.exists():  # an interrupted build: start over
        shutil.rmtree(where)
    where.mkdir(parents=True)
    shutil.copytree(PACKAGE, where / "okgin", ignore=shutil.ignore_patterns(*_SKIP))
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "mypyc", *MODULES],
        cwd=where,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        tail = (run.stdout + run.stderr).strip().splitlines()[-20:]
        shutil.rmtree(where, ignore_errors=True)
        raise SystemExit(
            "mypyc failed (pip install -e '.[native]' and a C compiler are needed):\n"
            + "\n".join(tail)
        )
    shutil.rmtree(where / "build", ignore_errors=True)
    done.write_text(f"{time.perf_counter() - start:.1f} s\n")
    if not quiet:
        print(f"built {where} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return where


def environment(where: Path) -> dict[str, str]:
    """The environment of a command run on the compiled copy at ``where``."""
    env = dict(os.environ)
    path = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(where) + (os.pathsep + path if path else "")
    return env


def command(argv: Sequence[str]) -> list[str]:
    """``okgin …`` as ``python -P -m okgin …`` and ``python …`` as this interpreter, with
    ``-P`` before ``-m`` or ``-c``.

    ``-P``: ``-m`` and ``-c`` would put the working directory first on the path, and there
    (the repository) the source package would be imported instead of the compiled copy; the
    arena's worker processes inherit the flag. A script keeps its own directory first."""
    args = list(argv)
    if args[0] == "okgin":
        return [sys.executable, "-P", "-m", "okgin", *args[1:]]
    if args[0] in ("python", "python3"):
        rest = args[1:]
        return [sys.executable, *(["-P"] if rest[:1] in (["-m"], ["-c"]) else []), *rest]
    return args


def check(hands: int) -> int:
    """``expert_actions.py`` interpreted and compiled, side by side: fingerprints and times."""
    where = build()
    script = [sys.executable, str(ROOT / "scripts" / "expert_actions.py")]
    script += ["--seed", "5", "--hands", str(hands), "--quiet"]
    plain = dict(os.environ, PYTHONPATH=str(ROOT))
    out = {}
    for name, env in (("interpreted", plain), ("compiled", environment(where))):
        start = time.perf_counter()
        run = subprocess.run(script, env=env, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - start
        out[name] = run.stdout.strip()
        print(f"{name:12} {seconds:7.2f} s  {out[name]}")
    same = out["interpreted"] == out["compiled"]
    print("the same moves" if same else "DIFFERENT MOVES: the compiled build is wrong")
    return 0 if same else 1


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", action="store_true", help="build only; print the directory")
    ap.add_argument(
        "--check",
        type=int,
        metavar="HANDS",
        help="play HANDS hands of expert_actions.py both ways; compare moves and times",
    )
    ap.add_argument("cmd", nargs=argparse.REMAINDER, help="-- the command to run")
    args = ap.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if args.check is not None:
        return check(args.check)
    if args.build:
        print(build())
        return 0
    if not cmd:
        ap.error("give a command after --, or --build, or --check HANDS")
    where = build()
    return subprocess.run(command(cmd), env=environment(where)).returncode


if __name__ == "__main__":
    sys.exit(main())
