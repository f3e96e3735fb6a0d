"""The figures, their targets, and the report: medians per engine, ratios okgin / reference,
verdicts, JSON, and the text table with the machine it ran on."""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from okgin.bench.engines import ENGINES, MID_HAND_DECISIONS, OKGIN_PRESET

if TYPE_CHECKING:
    from okgin.bench.timing import Sizes

__all__ = [
    "COPY_BYTES_TARGET",
    "FIGURES",
    "TARGETS",
    "BenchReport",
    "format_report",
    "machine_info",
]

#: figure name -> (unit, what it measures)
FIGURES: Final[dict[str, tuple[str, str]]] = {
    "deadwood_random_10": ("calls/s", "minimum deadwood, random 10-card hands"),
    "deadwood_random_11": ("calls/s", "least deadwood after a discard, random 11-card hands"),
    "deadwood_rich_10": ("calls/s", "minimum deadwood, 10 cards from 5 adjacent ranks"),
    "deadwood_rich_11": ("calls/s", "after a discard, 11 cards from 5 adjacent ranks"),
    "random_hands": ("hands/s", "uniform random legal play, whole hands"),
    "random_hands_rlcard_env": ("hands/s", "the same through rlcard.make (observations)"),
    "random_hands_1proc": ("hands/s", "random hands, 1 worker process"),
    "random_hands_2proc": ("hands/s", "random hands, 2 worker processes"),
    "random_hands_scaling": ("x", "2 processes / 1 process"),
    "state_copies": ("copies/s", "copy a mid-hand state"),
    "state_copy_bytes": ("bytes", "memory one copied state allocates (tracemalloc)"),
    "simple_bot_hands": ("hands/s", "simple bot self-play (okgin: medium), whole hands"),
    "env_random_games": ("hands/s", "random play, observation and mask: the RL environments"),
    "env_steps": ("steps/s", "the same, decisions per second"),
    "env_random_games_gym": ("hands/s", "okgin's Gymnasium wrapper, random opponent"),
}


#: figure -> reference -> the least ratio okgin / reference asked for (issue 3)
TARGETS: Final[dict[str, dict[str, float]]] = {
    "deadwood_random_10": {"openspiel": 1.5, "rlcard": 20.0},
    "deadwood_random_11": {"openspiel": 1.5, "rlcard": 20.0},
    "deadwood_rich_10": {"openspiel": 1.5, "rlcard": 20.0},
    "deadwood_rich_11": {"openspiel": 1.5, "rlcard": 20.0},
    "random_hands": {"openspiel": 10.0, "rlcard": 30.0},
    "state_copies": {"openspiel": 10.0},
    # issue 14: the AEC environment against the references' environments
    "env_random_games": {"openspiel": 1.5, "rlcard": 3.0, "pettingzoo126": 10.0},
}


#: the most memory one copied okgin state may take (issue 3)
COPY_BYTES_TARGET: Final = 2048


@dataclass
class BenchReport:
    """Medians per figure and engine (None: the engine is missing or cannot do it)."""

    sizes: Sizes
    figures: dict[str, dict[str, float | None]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    def ratios(self) -> dict[str, dict[str, float | None]]:
        """``{figure: {reference: okgin / reference}}`` for the per-second figures."""
        out: dict[str, dict[str, float | None]] = {}
        for name, values in self.figures.items():
            if FIGURES[name][0] in ("bytes", "x") or name == "random_hands_rlcard_env":
                continue
            if name == "env_random_games_gym":  # beside the references' environments
                values = {**self.figures.get("env_random_games", {}), "okgin": values["okgin"]}
            mine = values.get("okgin")
            row: dict[str, float | None] = {}
            for ref in ENGINES[1:]:
                theirs = values.get(ref)
                row[ref] = mine / theirs if mine and theirs else None
            out[name] = row
        env = self.figures.get("random_hands_rlcard_env", {}).get("rlcard")
        mine = self.figures.get("random_hands", {}).get("okgin")
        if env and mine:
            out["random_hands_rlcard_env"] = {"rlcard": mine / env}
        return out

    def to_json(self) -> dict[str, dict[str, float | None]]:
        """``{figure: {engine: value}}`` then ``{figure_ratio: {reference: ratio}}``."""
        out: dict[str, dict[str, float | None]] = {
            name: {engine: _round(v) for engine, v in values.items()}
            for name, values in self.figures.items()
        }
        for name, row in self.ratios().items():
            out[f"{name}_ratio"] = {ref: _round(v) for ref, v in row.items()}
        return out

    def verdicts(self) -> list[tuple[str, str, float | None, float, bool | None]]:
        """(figure, reference, ratio, target, met) for every target of issue 3; ``met`` is
        None when the reference was not measured."""
        ratios = self.ratios()
        out: list[tuple[str, str, float | None, float, bool | None]] = []
        for name, targets in TARGETS.items():
            if name not in self.figures:  # not measured in this run (okgin bench --only)
                continue
            for ref, target in targets.items():
                ratio = ratios.get(name, {}).get(ref)
                out.append((name, ref, ratio, target, None if ratio is None else ratio >= target))
        size = self.figures.get("state_copy_bytes", {}).get("okgin")
        if size is not None:
            out.append(
                ("state_copy_bytes", "okgin", size, COPY_BYTES_TARGET, size <= COPY_BYTES_TARGET)
            )
        return out


def _round(value: float | None) -> float | None:
    if value is None:
        return None
    if abs(value) >= 100:
        return round(value)
    return round(value, 3)


def machine_info() -> dict[str, str]:
    """nproc, CPU model, Python and the reference versions."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info = {
        "cpus": str(os.cpu_count()),
        "cpu": cpu,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(terse=True),
    }
    from importlib import metadata

    for dist, key in (("open_spiel", "openspiel"), ("rlcard", "rlcard"), ("okgin", "okgin")):
        try:
            info[key] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            info[key] = "missing"
    return info


def _num(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "x":
        return f"{value:.2f}x"
    if unit == "bytes":
        return f"{value:,.0f} B"
    if value >= 1e6:
        return f"{value / 1e6:.2f}M"
    if value >= 1e4:
        return f"{value / 1e3:.1f}k"
    return f"{value:,.0f}"


def format_report(report: BenchReport) -> str:
    """The text table: a row per figure, engines' medians, then okgin / reference."""
    info = machine_info()
    sizes = report.sizes
    lines = [
        f"okgin bench: median of {sizes.repeats} repeat{'s' if sizes.repeats != 1 else ''}, "
        "per second of "
        f"{'CPU' if sizes.clock == 'cpu' else 'elapsed'} time unless stated "
        f"(processes: elapsed); ratio = okgin / reference (target)",
        f"machine: {info['cpus']} CPUs, {info['cpu']}, {info['python']}; "
        f"open_spiel {info['openspiel']}, rlcard {info['rlcard']}; okgin preset "
        f"{OKGIN_PRESET} vs OpenSpiel oklahoma=true vs RLCard's own rules",
        "",
    ]
    header = (
        f"{'figure':<24}{'okgin':>11}{'openspiel':>11}{'rlcard':>11}{'pz 1.26':>11}   "
        f"{'vs openspiel':<23}{'vs rlcard':<23}"
    )
    lines.append(header + "vs pettingzoo 1.26")
    ratios = report.ratios()
    for name, values in report.figures.items():
        unit = FIGURES[name][0]
        cells = "".join(f"{_num(values.get(e), unit):>11}" for e in ENGINES)
        marks = []
        for ref in ENGINES[1:]:
            ratio = ratios.get(name, {}).get(ref)
            target = TARGETS.get(name, {}).get(ref)
            text = "" if ratio is None else f"{ratio:.2f}x"
            if ratio is not None and target is not None:
                text += f" (>={target:g} {'met' if ratio >= target else 'NOT met'})"
            marks.append(text)
        if name == "state_copy_bytes" and values.get("okgin") is not None:
            size = values["okgin"] or 0.0
            met = "met" if size <= COPY_BYTES_TARGET else "NOT met"
            marks = [f"okgin <= {COPY_BYTES_TARGET} B {met}", "", ""]
        lines.append(f"{name:<24}{cells}   {marks[0]:<23}{marks[1]:<23}{marks[2]}".rstrip())
    lines.append("")
    for engine, why in report.missing.items():
        lines.append(f"{engine}: missing: {why}")
    parts = {
        "deadwood": f"deadwood sets {sizes.deadwood_hands:,} hands",
        "random_hands": f"random hands {sizes.random_hands} deals (rlcard env {sizes.env_hands})",
        "copies": f"copies of {sizes.copy_states} mid-hand states "
        f"({MID_HAND_DECISIONS} decisions in)",
        "bots": f"simple bots {sizes.bot_hands} deals",
    }
    measured = [text for group, text in parts.items() if group in sizes.groups]
    if measured:  # (the env figures' sizes are in their own note)
        lines.append("sizes: " + "; ".join(measured))
    lines.extend(report.notes)
    verdicts = report.verdicts()
    reached = [v for v in verdicts if v[4]]
    missed = [v for v in verdicts if v[4] is False]
    unmeasured = [v for v in verdicts if v[4] is None]
    line = f"targets: {len(reached)} met, {len(missed)} not met"
    if missed:
        line += " (" + ", ".join(f"{n} vs {r}" for n, r, *_ in missed) + ")"
    if unmeasured:
        line += f", {len(unmeasured)} not measured (reference missing)"
    lines.append(line)
    lines.append(f"({report.seconds:.0f} s)")
    return "\n".join(lines)
