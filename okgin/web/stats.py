"""A person's statistics over their finished games, from the records, by the core.

"Your games" are the tables this browser holds a seat token of (the ``/games`` page's list,
kept in the browser): for each, the server checks the token, replays the finished game's
record with :func:`okgin.record.replay` and reads, hand by hand, the core's results
(:class:`~okgin.hand.HandResult`) and scoring lines (:meth:`~okgin.hand.HandState.breakdown`).
Nothing here scores a hand: a gin is a hand whose result is ``gin`` or ``big_gin`` with that
seat the knocker, an undercut a scoring line of kind ``undercut`` to that seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from okgin.record import replay

__all__ = ["FIGURES", "game_row", "opponent_label", "rules_label", "summarise"]

#: The counted figures of a row, summed over games (``points_per_hand`` is worked out after).
FIGURES = (
    "games",
    "games_won",
    "hands",
    "hands_won",
    "points",
    "points_against",
    "knocks",
    "gins",
    "undercuts",
    "undercut_against",
)


def opponent_label(seat: Mapping[str, Any]) -> str:
    """An opponent as the statistics group it: a computer player by its level (and
    budget), a person by name."""
    if seat.get("kind") == "bot":
        spec = str(seat.get("bot"))
        budget = seat.get("budget")
        return f"computer: {spec}" + (f" ({budget:g} s)" if budget is not None else "")
    return str(seat.get("name"))


def rules_label(rules: Mapping[str, Any]) -> str:
    """A rule set in a few words: the preset and each option that differs from it."""
    extra = [f"{k} {v}" for k, v in rules.items() if k != "preset"]
    return ", ".join([str(rules.get("preset", "standard")), *extra])


def game_row(
    doc: Any, seat: int, seats: Sequence[Mapping[str, Any]], table_id: str
) -> dict[str, Any]:
    """One finished game's figures for ``seat``: replayed by the core, hand by hand."""
    game = replay(doc)
    sc = game.score
    row: dict[str, Any] = {
        "table": table_id,
        "seat": seat,
        "players": list(doc.get("players") or []),
        "opponents": [opponent_label(s) for i, s in enumerate(seats) if i != seat],
        "rules": rules_label(game.rules.to_dict()),
        "totals": list(sc.totals),
        "winner": sc.winner if sc.complete else None,
        **dict.fromkeys(FIGURES, 0),
    }
    row["games"] = 1
    row["games_won"] = int(sc.complete and sc.winner == seat)
    for hand in game.hands:
        r = hand.result
        if r is None:
            continue
        row["hands"] += 1
        row["hands_won"] += int(r.winner == seat)
        row["points"] += r.points[seat]
        row["points_against"] += sum(p for i, p in enumerate(r.points) if i != seat)
        row["knocks"] += int(r.knocker == seat)
        row["gins"] += int(r.knocker == seat and r.result in ("gin", "big_gin"))
        breakdown = hand.breakdown()
        for line in breakdown.lines if breakdown is not None else ():
            if line.kind == "undercut":
                row["undercuts"] += int(line.to == seat)
                row["undercut_against"] += int(seat in line.against)
    return row


def _total(rows: Iterable[Mapping[str, Any]], label: str) -> dict[str, Any]:
    out: dict[str, Any] = {"label": label, **dict.fromkeys(FIGURES, 0)}
    for row in rows:
        for key in FIGURES:
            out[key] += row[key]
    hands = out["hands"]
    out["points_per_hand"] = round(out["points"] / hands, 2) if hands else None
    out["net_per_hand"] = (
        round((out["points"] - out["points_against"]) / hands, 2) if hands else None
    )
    return out


def summarise(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Every game's row, the totals, and the same by opponent and by rule set (a game
    with two opponents counts for each of them)."""
    opponents: dict[str, list[Mapping[str, Any]]] = {}
    rule_sets: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        for label in dict.fromkeys(row["opponents"]):
            opponents.setdefault(label, []).append(row)
        rule_sets.setdefault(row["rules"], []).append(row)
    return {
        "games": list(rows),
        "total": _total(rows, "all games"),
        "by_opponent": [_total(v, k) for k, v in sorted(opponents.items())],
        "by_rules": [_total(v, k) for k, v in sorted(rule_sets.items())],
    }
