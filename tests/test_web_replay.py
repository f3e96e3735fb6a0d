"""Replays, uploads and reviews of okgin serve (docs/protocol.md, "Replays"), over the real
server on a loopback port, on SQLite and PostgreSQL: games played through real WebSockets, then
replayed step by step; every step of a seat is what that seat was sent at that version."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webtools import (
    Client,
    Server,
    browser,
    browser_test,
    get_json,
    hold_seats,
    open_page,
    play_game,
    server_fixture,
    sqlite_only,
)

from okgin.record import replay
from okgin.review import record_hash
from okgin.scoring import hollywood_games
from okgin.views import view_of

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]
#: What a replayed view leaves out of a live one: the table's version and the legal actions.
LIVE_ONLY = ("version", "legal_actions")


server = server_fixture("replay", "--rate", "1000")


@pytest.fixture(scope="module")
def finished(server: Server) -> tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]:
    return play_game(server, TWO, seed=3, spectate=True)


def views_by_version(client: Client) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for frame in client.frames:
        if "view" in frame:
            out[frame["version"]] = frame["view"]
    return out


def strip(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in LIVE_ONLY}


def test_every_step_is_what_the_seat_and_the_spectator_were_sent(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    table, doc, clients = finished
    status, index = get_json(server, f"/api/tables/{table['id']}/replay")
    assert status == 200, index
    assert index["steps"] == sum(len(h["actions"]) + 1 for h in doc["hands"])
    assert [h["actions"] for h in index["hands"]] == [len(h["actions"]) for h in doc["hands"]]
    assert index["record_sha256"] == record_hash(doc)
    game = replay(doc)
    assert index["totals"] == list(game.score.totals) and index["complete"] is True
    assert len(index["hands"]) >= 2, "the test wants a game of several hands"
    ann, spectator = views_by_version(clients[0]), views_by_version(clients[None])
    compared = 0
    for step in range(index["steps"]):  # a step is the table version it shows (no undo)
        status, mine = get_json(server, f"/api/tables/{table['id']}/replay/{step}?seat=0")
        assert status == 200, mine
        status, every = get_json(server, f"/api/tables/{table['id']}/replay/{step}?seat=all")
        assert status == 200, every
        h, a = mine["hand"], mine["action"]
        assert step == index["hands"][h - 1]["first"] + a
        assert mine["played"] == (doc["hands"][h - 1]["actions"][a - 1] if a else None)
        if step in ann:
            assert strip(mine["view"]) == strip(ann[step]), f"seat 0, step {step}"
            compared += 1
        if step in spectator:
            assert strip(every["view"]) == strip(spectator[step]), f"spectator, step {step}"
        # everything: every hand, and with the stock and the pile the whole deck
        v = every["view"]
        held = [c for hand in every["hands"] for c in hand["cards"]]
        assert [len(x["cards"]) for x in every["hands"]] == v["hand_sizes"]
        assert every["hands"][0]["cards"] == mine["view"]["hand"]
        if v["knocker"] is None:
            assert len(held) + v["stock_size"] + len(v["pile"]) == 52
        assert len(set(held)) == len(held)
    assert compared >= index["steps"] // 2
    # the end of each hand: the core's breakdown, as the table sent it
    for hand, h in zip(game.hands, index["hands"], strict=True):
        end = h["first"] + h["actions"]
        _, last = get_json(server, f"/api/tables/{table['id']}/replay/{end}?seat=1")
        breakdown = hand.breakdown()
        assert breakdown is not None
        assert last["view"]["breakdown"] == breakdown.to_json()


def test_steps_in_any_order_are_the_cores_replay_of_the_record_cut_there(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    table, doc, _ = finished
    _, index = get_json(server, f"/api/tables/{table['id']}/replay")
    order = list(range(0, index["steps"], 3))
    random.Random(7).shuffle(order)  # back and forth: the server's cursor goes both ways
    for step in order[:30]:
        status, got = get_json(server, f"/api/tables/{table['id']}/replay/{step}?seat=1")
        assert status == 200, got
        h, a = got["hand"] - 1, got["action"]
        cut = {**doc, "hands": [dict(x) for x in doc["hands"][: h + 1]]}
        cut["hands"][h]["actions"] = doc["hands"][h]["actions"][:a]
        want = view_of(replay(cut), 1, legal=False).to_json()
        assert got["view"] == want, step


def test_a_seat_step_holds_no_card_of_another_hand_that_seat_did_not_see(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    table, doc, _ = finished
    checked = 0
    for step in range(len(doc["hands"][0]["actions"])):  # the first hand, before its end
        _, mine = get_json(server, f"/api/tables/{table['id']}/replay/{step}?seat=0")
        _, every = get_json(server, f"/api/tables/{table['id']}/replay/{step}?seat=all")
        assert "hands" not in mine
        v = mine["view"]
        if v["knocker"] is not None:
            break  # a knock shows the knocker's spread to everyone
        seen = set(v["hand"]) | {p["card"] for p in v["pile"]} | set(v["taken"][1])
        hidden = set(every["hands"][1]["cards"]) - seen
        text = json.dumps(mine)
        assert hidden and not [c for c in hidden if f'"{c}"' in text], step
        checked += 1
    assert checked > 5


def test_an_unfinished_game_is_not_replayed(server: Server) -> None:
    table = server.create(TWO, seed=5)
    tid = table["id"]
    for path in (f"/api/tables/{tid}/replay", f"/api/tables/{tid}/replay/0?seat=0"):
        status, body = get_json(server, path)
        assert status == 409 and "still being played" in body["error"], body
        assert "deck" not in json.dumps(body) and "hand" not in body
    status, _, body = server.request(f"/api/tables/{tid}/review", {"seat": 0})
    assert status == 409, body


def test_bad_steps_seats_and_tables_are_refused(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    tid = finished[0]["id"]
    for path, code in [
        (f"/api/tables/{tid}/replay/x", 400),
        (f"/api/tables/{tid}/replay/-1", 400),
        (f"/api/tables/{tid}/replay/100000", 404),
        (f"/api/tables/{tid}/replay/0?seat=2", 400),
        (f"/api/tables/{tid}/replay/0?seat=me", 400),
        ("/api/tables/nosuchtable/replay", 404),
        ("/api/tables/no$such/replay/0", 404),
        ("/api/records/" + "0" * 64 + "/replay", 404),
        ("/api/records/nothex/replay/0", 404),
    ]:
        status, body = get_json(server, path)
        assert status == code, (path, body)
        assert isinstance(body["error"], str) and "\n" not in body["error"]


def upload(server: Server, data: bytes) -> tuple[int, Any]:
    import urllib.error
    import urllib.request

    req = urllib.request.Request(server.url + "/api/records", data=data, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, json.loads(exc.read())


def test_an_uploaded_record_is_replayed(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    table, doc, _ = finished
    status, body = upload(server, json.dumps(doc, indent=1).encode())
    assert status == 201, body
    sha = record_hash(doc)
    assert body["record"] == sha and body["players"] == ["Ann", "Easy"]
    _, index = get_json(server, f"/api/tables/{table['id']}/replay")
    assert body["steps"] == index["steps"]
    last = index["steps"] - 1
    _, a = get_json(server, f"/api/records/{sha}/replay/{last}?seat=all")
    _, b = get_json(server, f"/api/tables/{table['id']}/replay/{last}?seat=all")
    assert a == b and a["view"]["complete"] is True
    # a worked example, not played here: three players
    example = Path(__file__).resolve().parent.parent / "examples" / "worked_example_9.json"
    status, body = upload(server, example.read_bytes())
    assert status == 201 and body["seats"] == 3, body
    status, step = get_json(
        server, f"/api/records/{body['record']}/replay/{body['steps'] - 1}?seat=2"
    )
    assert status == 200 and step["view"]["seat"] == 2


HOLLYWOOD = Path(__file__).resolve().parent.parent / "examples" / "worked_example_8.json"


def test_a_hollywood_step_carries_the_cores_three_games(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    """Every step of a Hollywood record, as a seat and as everything, has help.hollywood: the
    core's hollywood_games of the hands scored by then (as the table's frames carry it)."""
    doc = json.loads(HOLLYWOOD.read_text(encoding="utf-8"))
    status, body = upload(server, HOLLYWOOD.read_bytes())
    assert status == 201, body
    game = replay(doc)
    target, players = game.rules.target, game.n
    base = f"/api/records/{body['record']}/replay"
    for h, hand in enumerate(doc["hands"]):
        for a in range(len(hand["actions"]) + 1):
            scored = game.results[: h + 1] if a == len(hand["actions"]) else game.results[:h]
            want = [c.to_json() for c in hollywood_games(scored, target, players)]
            step = body["hands"][h]["first"] + a
            for seat in ("0", "1", "all"):
                status, got = get_json(server, f"{base}/{step}?seat={seat}")
                assert status == 200, got
                assert got["help"]["hollywood"] == want, (step, seat)
    # the end: the game's own three games (Game's accounting, not hollywood_games)
    assert [(g["totals"], g["closed"]) for g in got["help"]["hollywood"]] == [
        (g.totals, g.closed) for g in game.score.games
    ]
    # a game not in Hollywood: no games, and everything's help is empty
    tid = finished[0]["id"]
    _, every = get_json(server, f"/api/tables/{tid}/replay/0?seat=all")
    _, mine = get_json(server, f"/api/tables/{tid}/replay/0?seat=0")
    assert every["help"] == {} and "hollywood" not in mine["help"]


def test_a_bad_upload_gets_one_line_and_is_not_kept(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    doc = finished[1]
    illegal = json.loads(json.dumps(doc))
    illegal["hands"][0]["actions"][2] = {"seat": 5, "do": "draw"}
    wrong_card = json.loads(json.dumps(doc))
    wrong_card["hands"][0]["deck"][0] = "Zz"
    cases = [
        (b"{not json", 400, "record: not JSON"),
        (b"[" * 40 + b"]" * 40, 400, "nested more than 32"),
        (b"\xff\xfe{}", 400, "not UTF-8"),
        (b'{"okgin": 2, "hands": []}', 400, '"okgin" must be 1'),
        (json.dumps(illegal).encode(), 400, "hand 1, action 3:"),
        (json.dumps(wrong_card).encode(), 400, "hand 1:"),
        (b" " * (1_048_576 + 1), 413, "at most 1024 KiB"),
    ]
    for data, code, words in cases:
        status, body = upload(server, data)
        assert status == code, (data[:40], body)
        assert words in body["error"] and "\n" not in body["error"], body
        assert "record" not in body
    for bad in (illegal, wrong_card):
        status, _ = get_json(server, f"/api/records/{record_hash(bad)}/replay")
        assert status == 404  # nothing was kept


def test_a_review_runs_off_the_loop_once_per_game_and_is_kept(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    table, doc, _ = finished
    path = f"/api/tables/{table['id']}/review"
    for bad in ({"seat": 2}, {"seat": 0, "budget": 100}, {"seat": "0"}, [0]):
        status, _, body = server.request(path, bad)
        assert status == 400, (bad, body)
    status, _, body = server.request(path + "?seat=0&budget=0.01")
    assert status == 404  # not asked for yet
    status, _, body = server.request(path, {"seat": 0, "budget": 0.01})
    assert status == 202, body
    assert json.loads(body)["state"] == "running"
    # one review per game at a time: another seat waits for this one
    status, _, body = server.request(path, {"seat": 1, "budget": 0.01})
    assert status in (409, 202), body
    first_other = status
    # the server answers while the review runs
    status, _ = get_json(server, f"/api/tables/{table['id']}/replay")
    assert status == 200
    deadline = time.monotonic() + 180
    seen: list[dict[str, Any]] = []
    while True:
        status, state = get_json(server, path + "?seat=0&budget=0.01")
        assert status == 200, state
        seen.append(state)
        if state["state"] == "done":
            break
        assert state["state"] == "running", state
        assert time.monotonic() < deadline, "the review did not end"
        time.sleep(0.2)
    rev = state["review"]
    assert rev["okgin_review"] == 1 and rev["seats"] == [0] and rev["budget"] == 0.01
    assert rev["record_sha256"] == record_hash(doc)
    assert rev["decisions"], "a whole game has decisions"
    for d in rev["decisions"]:
        played = doc["hands"][d["hand"] - 1]["actions"][d["action"] - 1]
        assert played == d["played"] and d["seat"] == 0
        assert d["class"] in ("best", "inaccuracy", "mistake", "blunder")
    # kept: asked again, it is there at once
    status, _, body = server.request(path, {"seat": 0, "budget": 0.01})
    assert status == 200 and json.loads(body)["review"] == rev
    if first_other == 409:
        status, _, body = server.request(path, {"seat": 1, "budget": 0.01})
        assert status in (200, 202), body


def review_workers(server: Server) -> list[int]:
    """The server's spawned worker processes (not multiprocessing's resource tracker)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == server.proc.pid and b"spawn_main" in cmdline:
            out.append(int(stat.parent.name))
    return out


def wait_review(server: Server, path: str, until: Any, timeout: float = 180) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status, state = get_json(server, path)
        assert status == 200, state
        if until(state):
            return dict(state)
        assert time.monotonic() < deadline, f"the review never got there: {state}"
        time.sleep(0.1)


def test_a_review_is_one_per_game_and_a_dead_worker_is_one_line_then_replaced(
    server: Server,
) -> None:
    example = Path(__file__).resolve().parent.parent / "examples" / "worked_example_9.json"
    status, body = upload(server, example.read_bytes())
    assert status == 201, body
    path = f"/api/records/{body['record']}/review"
    status, _, text = server.request(path, {"seat": 0, "budget": 1.0})
    assert status == 202, text
    wait_review(server, path + "?seat=0&budget=1.0", lambda s: s.get("total") is not None)
    # running: a second review of this record waits for it (one per game)
    status, _, text = server.request(path, {"seat": 1, "budget": 0.01})
    assert status == 409 and "one at a time" in json.loads(text)["error"], text
    workers = review_workers(server)
    assert workers, "the review runs in a worker process"
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    failed = wait_review(server, path + "?seat=0&budget=1.0", lambda s: s["state"] != "running")
    assert failed["state"] == "failed" and "\n" not in failed["error"], failed
    # the server is up, and the next review gets a new worker
    status, _, text = server.request(path, {"seat": 1, "budget": 0.01})
    assert status == 202, text
    done = wait_review(server, path + "?seat=1&budget=0.01", lambda s: s["state"] != "running")
    assert done["state"] == "done" and done["review"]["seats"] == [1], done


def test_the_new_pages_and_their_files_carry_the_security_headers(
    server: Server, finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]
) -> None:
    tid = finished[0]["id"]
    for page in ("/replay", "/stats"):
        status, headers, body = server.request(page)
        assert status == 200 and headers["content-type"].startswith("text/html"), page
        # every file the page names is served (and is one the static tests check)
        for ref in re.findall(rb'(?:src|href)="(/static/[^"]+)"', body):
            assert server.request(ref.decode())[0] == 200, ref
    for path in (
        "/replay",
        "/stats",
        "/static/replay.js",
        "/static/stats.js",
        "/static/words.js",
        "/static/dom.js",
        "/static/sheet.js",
        "/static/parts.js",
        "/static/records.css",
        f"/api/tables/{tid}/replay",
        f"/api/tables/{tid}/replay/0?seat=0",
    ):
        status, headers, _ = server.request(path)
        assert status == 200, path
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp, path
        assert headers["x-content-type-options"] == "nosniff"


# ---- the pages in a real browser (Debian's chromium, no download) ----------------------------
__all__ = ["browser"]  # the fixture, from webtools


@pytest.fixture
def page(request: pytest.FixtureRequest, server: Server, browser: Any) -> Iterator[Any]:
    """A page of the browser, on SQLite only (the routes are the same on PostgreSQL)."""
    sqlite_only(request)
    page = open_page(browser, server)
    try:
        yield page
    finally:
        page.close()


def wait_text(
    page: Any, selector: str, text: str, start: bool = False, timeout: float = 30
) -> None:
    """Wait until the element's text contains (or starts with) ``text`` (no eval: the CSP
    forbids it)."""
    from playwright.sync_api import expect

    pattern = re.compile("^" + re.escape(text) if start else re.escape(text))
    expect(page.locator(selector)).to_have_text(pattern, timeout=timeout * 1000)


def where(page: Any) -> str:
    return str(page.inner_text("#r-where"))


@browser_test
def test_the_replay_page_steps_through_a_finished_game(
    page: Any,
    server: Server,
    finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]],
) -> None:
    table, doc, _ = finished
    hold_seats(page, server, [(table, 0)])
    page.goto(server.url + "/replay")
    page.click(f'tr[data-table="{table["id"]}"] a.replay')
    wait_text(page, "#r-where", "step 1 of")
    n = len(doc["hands"][0]["actions"])
    assert where(page).startswith(f"Hand 1 of {len(doc['hands'])} · action 0 of {n}")
    # seat 0's view: its own cards face up, the other's face down
    assert page.locator('.r-seat[data-seat="0"] .card[data-card]').count() >= 10
    assert page.locator('.r-seat[data-seat="1"] .hand.backs').count() == 1
    page.keyboard.press("ArrowRight")
    wait_text(page, "#r-where", "action 1 of")
    assert page.locator("#r-log li").count() == 1
    page.click("#r-next")
    wait_text(page, "#r-where", "action 2 of")
    assert page.locator("#r-log li").count() == 2
    page.keyboard.press("ArrowLeft")
    wait_text(page, "#r-where", "action 1 of")
    assert "step=1" in page.url
    # the end: the scoring, line by line from the core's breakdown
    page.keyboard.press("End")
    page.wait_for_selector("#r-result:not([hidden])")
    text = page.inner_text("#r-result")
    assert "The game is over" in text and "points." in text and "won the game" in text
    assert page.locator("#r-next").is_disabled()
    # everything: every hand face up
    page.select_option("#r-seat", "all")
    page.keyboard.press("Home")
    wait_text(page, "#r-where", "step 1 of")
    assert page.locator(".r-seat .hand.backs").count() == 0
    assert page.locator('.r-seat[data-seat="1"] .card[data-card]').count() >= 10
    # jump to the last hand
    last = len(doc["hands"])
    page.select_option("#r-hand", str(last))
    wait_text(page, "#r-where", f"Hand {last} of", start=True)
    page.keyboard.press("PageUp")
    wait_text(page, "#r-where", f"Hand {last - 1} of", start=True)
    assert not page.foreign and not page.errors, (page.foreign, page.errors)


@browser_test
def test_a_record_file_is_uploaded_and_replayed_and_a_bad_one_explained(
    page: Any,
    server: Server,
    tmp_path: Path,
) -> None:
    example = Path(__file__).resolve().parent.parent / "examples" / "worked_example_9.json"
    page.goto(server.url + "/replay")
    bad = tmp_path / "bad.json"
    bad.write_text('{"okgin": 1, "hands": [', encoding="utf-8")
    page.set_input_files("#record-file", str(bad))
    page.click("#upload-go")
    wait_text(page, "#upload-error", "cannot be replayed")
    assert "cannot be replayed: record: not JSON" in page.inner_text("#upload-error")
    page.set_input_files("#record-file", str(example))
    page.click("#upload-go")
    page.wait_for_url("**/replay?record=*")
    wait_text(page, "#r-where", "step 1 of")
    assert page.inner_text("#r-title").startswith("Record:")
    assert page.locator(".r-seat").count() == 3
    page.keyboard.press("End")
    page.wait_for_selector("#r-result:not([hidden])")
    assert "points." in page.inner_text("#r-result")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#r-next:not([disabled])")
    # the one error the console shows is the bad file's 400
    others = [e for e in page.errors if "status of 400" not in e]
    assert not page.foreign and not others and page.errors, (page.foreign, page.errors)


@browser_test
def test_the_replay_page_draws_hollywoods_three_games_and_the_finals(
    page: Any, server: Server
) -> None:
    status, body = upload(server, HOLLYWOOD.read_bytes())
    assert status == 201, body
    last = body["steps"] - 1
    _, step = get_json(server, f"/api/records/{body['record']}/replay/{last}?seat=all")
    games = step["help"]["hollywood"]
    page.goto(f"{server.url}/replay?record={body['record']}&step={last}")
    wait_text(page, "#r-where", f"step {last + 1} of")
    heads = page.locator("#r-scores table.hollywood th.game").all_inner_texts()
    assert heads == [
        f"Game {i + 1} · {body['players'][g['winner']]} won"
        if g["closed"]
        else f"Game {i + 1} · to {g['target']}"
        for i, g in enumerate(games)
    ]
    totals = page.locator("#r-scores table.hollywood tr.total td").all_inner_texts()
    assert totals == ["Total", *[str(x) for g in games for x in g["totals"]]]
    finals = page.inner_text("#r-scores table.finals")
    assert "Game 1: " in finals and "Game 3: " in finals
    # the start: three games, none played yet
    page.keyboard.press("Home")
    wait_text(page, "#r-where", "step 1 of")
    assert page.locator("#r-scores table.hollywood th.game").all_inner_texts() == [
        f"Game {i} · to {games[0]['target']}" for i in (1, 2, 3)
    ]
    assert page.locator("#r-scores table.finals").count() == 0
    assert not page.foreign and not page.errors, (page.foreign, page.errors)


@browser_test
def test_the_review_button_marks_the_decisions(
    page: Any,
    server: Server,
    finished: tuple[dict[str, Any], dict[str, Any], dict[Any, Client]],
) -> None:
    table, _, _ = finished
    page.goto(f"{server.url}/replay?table={table['id']}&seat=1&budget=0.02")
    wait_text(page, "#r-where", "step 1 of")
    assert page.inner_text("#r-review") == "Review Easy's decisions"
    page.click("#r-review")
    wait_text(page, "#r-review-status", "accuracy", timeout=180)
    assert page.locator("#r-review").is_disabled()
    _, state = get_json(server, f"/api/tables/{table['id']}/review?seat=1&budget=0.02")
    first = state["review"]["decisions"][0]
    _, index = get_json(server, f"/api/tables/{table['id']}/replay")
    step = index["hands"][first["hand"] - 1]["first"] + first["action"]
    page.keyboard.press("Home")
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    wait_text(page, "#r-where", f"step {step + 1} of")
    assert page.inner_text("#r-note").startswith(f"Easy: {first['class']}")
    marked = [d for d in state["review"]["decisions"] if d["class"] != "best"]
    if marked:
        d = marked[0]
        last = index["hands"][d["hand"] - 1]["first"] + index["hands"][d["hand"] - 1]["actions"]
        page.goto(f"{server.url}/replay?table={table['id']}&seat=1&budget=0.02&step={last}")
        wait_text(page, "#r-where", f"step {last + 1} of")
        # a new page: the review is asked for again and comes from the server's memory
        page.click("#r-review")
        page.wait_for_selector(f'#r-log li[data-action="{d["action"]}"].mark-{d["class"]}')
    shots = os.environ.get("OKGIN_SCREENSHOTS")
    if shots:  # docs/web.md's picture of the replay page
        page.screenshot(path=str(Path(shots) / "web-replay.png"), full_page=True)
    assert not page.foreign and not page.errors, (page.foreign, page.errors)
