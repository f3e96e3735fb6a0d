"""The statistics of okgin serve (POST /api/stats, the /stats page) over the real server, on
SQLite and PostgreSQL: games played through real WebSockets, then counted from the seat tokens
a browser holds; the figures checked against the records' hand results."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from webtools import (
    Server,
    browser,
    browser_test,
    hold_seats,
    open_page,
    play_game,
    server_fixture,
    sqlite_only,
    token_of,
)

from okgin.record import replay

SINGLE = {"preset": "standard", "format": "single"}


server = server_fixture("stats", "--rate", "1000")


def person(name: str) -> dict[str, Any]:
    return {"kind": "person", "name": name}


def bot(level: str) -> dict[str, Any]:
    return {"kind": "bot", "bot": level}


@pytest.fixture(scope="module")
def played(server: Server) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    """Finished games with the seat this browser holds: (table, record, seat)."""
    out = []
    for seats, rules, seed, mine in [
        ([person("Ann"), bot("easy")], SINGLE, 1, 0),
        ([bot("random"), person("Ann")], SINGLE, 2, 1),
        ([person("Ann"), bot("easy")], {"preset": "standard", "target": 30}, 4, 0),
        ([person("Ann"), person("Bob")], SINGLE, 5, 1),
        ([person("Ann"), bot("easy"), bot("random")], SINGLE, 6, 0),
    ]:
        table, doc, _ = play_game(server, seats, rules, seed)
        out.append((table, doc, mine))
    return out


def ask(server: Server, games: Any) -> tuple[int, Any]:
    status, _, body = server.request("/api/stats", {"games": games})
    return status, json.loads(body)


def expected(doc: dict[str, Any], seat: int) -> dict[str, int]:
    """A game's figures for ``seat`` from the record's hand results (an oracle separate from
    the server's reading of the scoring lines)."""
    game = replay(doc)
    out = dict.fromkeys(
        ["hands", "hands_won", "points", "gins", "knocks", "undercuts", "undercut_against"], 0
    )
    for r in game.results:
        out["hands"] += 1
        out["hands_won"] += r.winner == seat
        out["points"] += r.points[seat]
        out["knocks"] += r.knocker == seat
        out["gins"] += r.knocker == seat and r.result in ("gin", "big_gin")
        if r.result == "undercut":
            out["undercuts"] += r.points[seat] > 0
            out["undercut_against"] += r.knocker == seat
    out["games_won"] = int(game.score.winner == seat)
    return out


def test_the_figures_are_the_records_by_opponent_and_by_rule_set(
    server: Server, played: list[tuple[dict[str, Any], dict[str, Any], int]]
) -> None:
    games = [
        {"table": t["id"], "token": token_of(t["seats"][seat]["link"])} for t, _, seat in played
    ]
    status, data = ask(server, games)
    assert status == 200, data
    assert data["skipped"] == {"unknown": 0, "unfinished": 0}
    assert [g["table"] for g in data["games"]] == [t["id"] for t, _, _ in played]
    keys = ["hands", "hands_won", "points", "gins", "knocks", "undercuts", "undercut_against"]
    total = dict.fromkeys([*keys, "games_won"], 0)
    for row, (_, doc, seat) in zip(data["games"], played, strict=True):
        want = expected(doc, seat)
        assert {k: row[k] for k in want} == want, row
        assert row["seat"] == seat
        for k in total:
            total[k] += want[k]
    got = data["total"]
    assert {k: got[k] for k in total} == total and got["games"] == len(played)
    assert got["points_per_hand"] == round(total["points"] / total["hands"], 2)
    by_opp = {r["label"]: r for r in data["by_opponent"]}
    assert set(by_opp) == {"computer: easy", "computer: random", "Ann"}
    assert by_opp["computer: easy"]["games"] == 3  # two duels and the three-seat game
    assert by_opp["computer: random"]["games"] == 2
    assert by_opp["Ann"]["games"] == 1  # Bob's game: his opponent is Ann
    by_rules = {r["label"]: r for r in data["by_rules"]}
    assert set(by_rules) == {
        "standard, format single",
        "standard, target 30",
        "standard, players 3, format single",
    }


def test_only_finished_games_with_a_right_token_count(
    server: Server, played: list[tuple[dict[str, Any], dict[str, Any], int]]
) -> None:
    table, _, seat = played[0]
    right = {"table": table["id"], "token": token_of(table["seats"][seat]["link"])}
    running = server.create([person("Ann"), bot("easy")], seed=9)
    games = [
        right,
        right,  # counted once
        {"table": table["id"], "token": "not-the-token"},
        {"table": "nosuchtable", "token": "x"},
        {"table": "bad id!", "token": "x"},
        {"table": running["id"], "token": token_of(running["seats"][0]["link"])},
    ]
    status, data = ask(server, games)
    assert status == 200, data
    assert len(data["games"]) == 1 and data["total"]["games"] == 1
    assert data["skipped"] == {"unknown": 3, "unfinished": 1}
    status, data = ask(server, [])
    assert (
        status == 200 and data["total"]["games"] == 0 and data["total"]["points_per_hand"] is None
    )


def test_bad_statistics_requests_get_one_line(server: Server) -> None:
    for body, code in [
        ({"games": "all"}, 400),
        ({"games": [{"table": 1, "token": "x"}]}, 400),
        ([], 400),
        ({"games": [{"table": "a", "token": "b"}] * 501}, 413),
        ({"games": [{"table": "a" * 64, "token": "b" * 70000}]}, 413),
    ]:
        status, _, text = server.request("/api/stats", body)
        assert status == code, (str(body)[:60], text[:200])
        assert "\n" not in json.loads(text)["error"]
    status, _, text = server.request("/api/stats", method="GET")
    assert status == 405


# ---- the page in a real browser ------------------------------------------------------------
__all__ = ["browser"]  # the fixture, from webtools


@browser_test
def test_the_statistics_page_shows_the_figures_and_a_chart(
    request: pytest.FixtureRequest,
    server: Server,
    browser: Any,
    played: list[tuple[dict[str, Any], dict[str, Any], int]],
) -> None:
    sqlite_only(request)
    page = open_page(browser, server)
    hold_seats(page, server, [(t, seat) for t, _, seat in played])
    page.goto(server.url + "/stats")
    page.wait_for_selector("#by-opponent svg.chart rect", timeout=30000)
    _, data = ask(
        server,
        [{"table": t["id"], "token": token_of(t["seats"][s]["link"])} for t, _, s in played],
    )
    figures = page.inner_text("#figures")
    t = data["total"]
    assert f"{t['games_won']} of {t['games']}" in figures
    assert f"{t['hands_won']} of {t['hands']}" in figures
    rows = page.eval_on_selector_all("#by-opponent tbody tr", "rs => rs.map(r => r.dataset.label)")
    assert rows == [r["label"] for r in data["by_opponent"]]
    bars = page.eval_on_selector_all("#by-rules svg.chart rect", "rs => rs.length")
    assert bars == 3 * len(data["by_rules"])
    shots = os.environ.get("OKGIN_SCREENSHOTS")
    if shots:  # docs/web.md's picture of the statistics page
        page.screenshot(path=str(Path(shots) / "web-stats.png"), full_page=True)
    assert not page.foreign and not page.errors, (page.foreign, page.errors)
    page.close()
