"""Smoke tests of ``okgin bench``: the shape of its output, never its timings."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import types
from typing import Any

import pytest

from okgin.bench import (
    ENGINES,
    FIGURES,
    TARGETS,
    BenchReport,
    Sizes,
    clear_okgin_caches,
    deadwood_set,
    deals,
    format_report,
    openspiel_chance,
)

_RUN = [sys.executable, "-m", "okgin", "bench", "--quick", "--json", "--quiet"]


def _bench(prelude: str = "", *extra: str) -> dict[str, Any]:
    """Run ``okgin bench --quick --json`` in a fresh interpreter; return its JSON."""
    code = (
        f"import sys; {prelude}\n"
        "from okgin.cli import main\n"
        f"sys.exit(main({[*_RUN[3:], *extra]!r}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, "--json prints exactly one line"
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data


def _check_shape(data: dict[str, Any]) -> None:
    for name in FIGURES:
        assert name in data, name
        assert set(data[name]) == set(ENGINES), name
        for engine, value in data[name].items():
            assert value is None or (isinstance(value, (int, float)) and value > 0), (
                name,
                engine,
                value,
            )
    for key, row in data.items():
        if key in FIGURES:
            continue
        assert key.endswith("_ratio") and key[: -len("_ratio")] in FIGURES, key
        assert set(row) <= set(ENGINES[1:]), key
        assert all(v is None or v > 0 for v in row.values()), key


@pytest.fixture(scope="module")
def full() -> dict[str, Any]:
    return _bench()


def test_json_shape_and_every_engine_measured(full: dict[str, Any]) -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("rlcard")
    _check_shape(full)
    for name in FIGURES:
        row = full[name]
        if name == "random_hands_rlcard_env":
            assert row["rlcard"] is not None and row["okgin"] is None
        elif name == "state_copy_bytes":
            assert row["okgin"] is not None and row["rlcard"] is not None
            assert row["openspiel"] is None  # C++ memory is out of tracemalloc's sight
        elif name == "simple_bot_hands":
            assert row["okgin"] is not None and row["openspiel"] is not None
            assert row["rlcard"] is None
        elif name == "env_random_games_gym":
            assert row["okgin"] is not None
            assert all(row[e] is None for e in ENGINES[1:])
        else:
            # PettingZoo 1.26 runs only when its Python is given (--pz126), for env figures
            assert all(row[e] is not None for e in ENGINES if e != "pettingzoo126"), name
            assert row["pettingzoo126"] is None
    for name, refs in TARGETS.items():
        assert set(refs) <= set(full[f"{name}_ratio"]), name
        for ref in refs:
            if ref == "pettingzoo126":
                assert full[f"{name}_ratio"][ref] is None
                continue
            ratio = full[f"{name}_ratio"][ref]
            assert ratio == pytest.approx(full[name]["okgin"] / full[name][ref], rel=0.01)


def test_text_report_names_every_figure_and_target(full: dict[str, Any]) -> None:
    report = BenchReport(sizes=Sizes.quick())
    report.figures = {name: full[name] for name in FIGURES}
    text = format_report(report)
    for name in FIGURES:
        assert f"\n{name} " in text
    assert "targets:" in text
    assert "CPUs" in text and "Python" in text


def test_missing_references_are_reported_not_fatal() -> None:
    data = _bench("sys.modules['pyspiel'] = None; sys.modules['rlcard'] = None", "--repeats", "1")
    _check_shape(data)
    for name in FIGURES:
        assert data[name]["openspiel"] is None and data[name]["rlcard"] is None
    assert data["random_hands"]["okgin"] is not None
    assert data["state_copy_bytes"]["okgin"] is not None
    assert data["env_random_games"]["okgin"] is not None


def test_pettingzoo126_figures_from_its_own_python(tmp_path: Any) -> None:
    """With --pz126 the bench runs the script under that Python, one run a repeat; a Python
    that cannot run it is reported as missing, in one line, not fatal."""
    fake = tmp_path / "python"
    fake.write_text(
        '#!/bin/sh\necho \'{"games_per_s": 4.0, "steps_per_s": 400.0, "games": 3, "steps": 300}\'\n'
    )
    fake.chmod(0o755)
    data = _bench("", "--repeats", "1", "--pz126", str(fake))
    assert data["env_random_games"]["pettingzoo126"] == 4.0
    assert data["env_steps"]["pettingzoo126"] == 400.0
    ratio = data["env_random_games_ratio"]["pettingzoo126"]
    assert ratio == pytest.approx(data["env_random_games"]["okgin"] / 4.0, rel=0.01)
    broken = tmp_path / "broken"
    broken.write_text(
        "#!/bin/sh\necho 'ModuleNotFoundError: No module named pettingzoo' >&2\nexit 1\n"
    )
    broken.chmod(0o755)
    data = _bench("", "--repeats", "1", "--pz126", str(broken))
    assert data["env_random_games"]["pettingzoo126"] is None


def test_only_some_groups_of_figures() -> None:
    data = _bench("", "--repeats", "1", "--only", "env")
    assert {k for k in data if not k.endswith("_ratio")} == {
        "env_random_games",
        "env_steps",
        "env_random_games_gym",
    }
    assert data["env_random_games"]["okgin"] is not None
    done = subprocess.run(
        [*_RUN, "--only", "env,speed"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "okgin bench: --only takes groups of deadwood, random_hands, copies, processes, "
        "bots, env, not 'env,speed'"
    )


def test_bad_repeats_is_a_one_line_error() -> None:
    done = subprocess.run(
        [*_RUN, "--repeats", "0"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr.strip() == "okgin bench: --repeats must be at least 1"


def test_fixed_inputs_are_fixed_and_well_formed() -> None:
    assert deadwood_set("rich", 11, 50) == deadwood_set("rich", 11, 50)
    for hand in deadwood_set("rich", 10, 200):
        assert len(set(hand)) == 10
        ranks = {c % 13 for c in hand}
        assert max(ranks) - min(ranks) <= 4
    deck = deals(3)[2]
    assert sorted(deck) == list(range(52)) and deals(3)[2] == deck
    order = openspiel_chance(deck)
    assert sorted(order) == list(range(52))


def test_openspiel_deal_matches_okgin() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from okgin.hand import HandState
    from okgin.rules import Rules

    deck = deals(1)[0]
    hand = HandState.deal(Rules.preset("openspiel"), deck, 1)
    state = pyspiel.load_game("gin_rummy", {"oklahoma": True}).new_initial_state()
    for action in openspiel_chance(deck)[:21]:
        state.apply_action(action)
    first, second = str(state).split("Player1:")
    # OpenSpiel prints player 0's box, the upcard, then player 1's box; same card texts
    for card in hand.hand(0):
        assert card.text in first and card.text not in second
    for card in hand.hand(1):
        assert card.text in second and card.text not in first
    text = first
    assert f"Upcard: {hand.upcard.text}" in text


def test_clear_okgin_caches_empties_functools_caches() -> None:
    module = types.ModuleType("okgin._bench_probe")

    @functools.cache
    def probe(x: int) -> int:
        return x + 1

    probe.__module__ = module.__name__
    module.probe = probe  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    try:
        probe(1)
        assert probe.cache_info().currsize == 1
        assert clear_okgin_caches() >= 1
        assert probe.cache_info().currsize == 0
    finally:
        del sys.modules[module.__name__]
