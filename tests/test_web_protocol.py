"""The WebSocket protocol of okgin serve over real WebSockets (uvicorn on a loopback port, in a
subprocess), on SQLite and on PostgreSQL: versions, acks, refusals, resends, reconnects,
spectators, bad input and limits (docs/protocol.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from webtools import DATABASES, Client, Server, database, pick, running, server_fixture, token_of

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]
FRIENDS = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


server = server_fixture("web")


def seat_client(server: Server, table: dict, seat: int, version: int | None = None) -> Client:  # type: ignore[type-arg]
    client = Client(server, table["id"], token_of(table["seats"][seat]["link"]), version)
    return client


def on_turn(client: Client, seat: int) -> None:
    """Read frames until ``seat`` is to play (bots move first sometimes)."""
    if client.state is None:
        client.recv()
    if client.view["to_play"] != seat:
        client.until(lambda f: "view" in f and f["view"]["to_play"] == seat)


def test_snapshot_ack_and_every_frame_carries_the_version(server: Server) -> None:
    table = server.create(TWO, seed=11)
    ann = seat_client(server, table, 0)
    snap = ann.recv()
    assert snap["type"] == "snapshot" and snap["seat"] == 0
    on_turn(ann, 0)
    version = ann.version
    action = ann.view["legal_actions"][0]
    ann.send({"type": "action", "action": action, "version": version})
    ack = ann.until(lambda f: f["type"] == "ack")
    assert ack["acked"] == version + 1 and ack["repeat"] is False
    assert ack["view"]["log"][-1] == action or ack["version"] > ack["acked"]
    assert all(isinstance(f.get("version"), int) for f in ann.frames)
    ann.close()


def test_an_exact_resend_gets_the_same_ack_and_a_stale_version_an_explicit_refusal(
    server: Server,
) -> None:
    table = server.create(FRIENDS, seed=12)
    ann, bob = seat_client(server, table, 0), seat_client(server, table, 1)
    ann.recv(), bob.recv()
    seat = ann.view["to_play"]
    me = ann if seat == 0 else bob
    version = me.version
    action = me.view["legal_actions"][-1]
    msg = {"type": "action", "action": action, "version": version}
    me.send(msg)
    first = me.until(lambda f: f["type"] == "ack")
    me.send(msg)
    again = me.until(lambda f: f["type"] in ("ack", "refused"))
    assert again["type"] == "ack" and again["repeat"] is True
    assert again["acked"] == first["acked"] == version + 1
    # the other seat, on turn now, plays against the old version: refused, with the state
    other = bob if me is ann else ann
    other.until(lambda f: f.get("version") == version + 1)
    legal = other.view["legal_actions"]
    other.send({"type": "action", "action": legal[0], "version": version})
    refused = other.until(lambda f: f["type"] in ("ack", "refused"))
    assert refused["type"] == "refused" and refused["code"] == "stale"
    assert f"version {version} is stale" in refused["message"]
    assert refused["version"] == version + 1 and refused["view"]["legal_actions"] == legal
    ann.close(), bob.close()


def test_refusals_name_the_reason_and_change_nothing(server: Server) -> None:
    table = server.create(FRIENDS, seed=13)
    ann, bob = seat_client(server, table, 0), seat_client(server, table, 1)
    ann.recv(), bob.recv()
    to_play = ann.view["to_play"]
    waiting, waiting_seat = (bob, 1) if to_play == 0 else (ann, 0)
    version = waiting.version
    waiting.send(
        {"type": "action", "action": {"seat": waiting_seat, "do": "draw"}, "version": version}
    )
    refused = waiting.until(lambda f: f["type"] == "refused")
    assert refused["code"] == "illegal" and "turn" in refused["message"]
    # playing another seat's action over one's own connection
    waiting.send({"type": "action", "action": {"seat": to_play, "do": "pass"}, "version": version})
    refused = waiting.until(lambda f: f["type"] == "refused")
    assert "seat" in refused["message"]
    # an illegal action of the seat on turn
    player = ann if to_play == 0 else bob
    player.send(
        {
            "type": "action",
            "action": {"seat": to_play, "do": "discard", "card": "As"},
            "version": version,
        }
    )
    refused = player.until(lambda f: f["type"] == "refused")
    assert refused["code"] == "illegal" and refused["version"] == version
    status, _, body = server.request(f"/api/tables/{table['id']}")
    assert status == 200 and json.loads(body)["version"] == version
    ann.close(), bob.close()


def test_a_spectator_sees_no_hand_and_cannot_play(server: Server) -> None:
    table = server.create(TWO, seed=14)
    watcher = Client(server, table["id"], None)
    snap = watcher.recv()
    assert snap["seat"] is None and snap["view"]["hand"] == [] and snap["help"] == {}
    assert snap["view"]["legal_actions"] == []
    watcher.send(
        {"type": "action", "action": {"seat": 0, "do": "pass"}, "version": snap["version"]}
    )
    refused = watcher.until(lambda f: f["type"] == "refused")
    assert "spectator" in refused["message"]
    watcher.close()


def test_reconnecting_with_the_last_version_gets_exactly_what_was_missed(server: Server) -> None:
    table = server.create(FRIENDS, seed=15)
    ann, bob = seat_client(server, table, 0), seat_client(server, table, 1)
    ann.recv(), bob.recv()
    stayed = seat_client(server, table, 0)  # a second tab of Ann's that stays connected
    stayed.recv()
    rng = random.Random(3)
    seen = ann.version
    ann.close()
    for _ in range(6):  # bob plays his turns; ann's are played by a second connection of hers
        state = bob.state
        assert state is not None
        if state["view"]["to_play"] == 1:
            bob.send({"type": "action", "action": pick(state, rng), "version": bob.version})
            bob.until(lambda f: f["type"] == "ack")
        else:
            other = seat_client(server, table, 0)
            other.recv()
            other.send(
                {"type": "action", "action": pick(other.state or {}, rng), "version": other.version}
            )
            other.until(lambda f: f["type"] == "ack")
            other.close()
            made = other.version
            bob.until(lambda f, made=made: f["type"] == "event" and f["version"] == made)
    back = seat_client(server, table, 0, version=seen)
    missed = []
    while True:
        frame = back.recv()
        if frame["type"] == "synced":
            break
        missed.append(frame)
    assert missed and all(f["type"] == "event" for f in missed)
    versions = [f["version"] for f in missed]
    assert versions == sorted(versions) and versions[0] == seen + 1
    assert versions[-1] == bob.version == frame["version"]
    # exactly what the tab that stayed was sent meanwhile: no frame lost, doubled or changed
    stayed.catch_up(bob.version)
    stayed.drain(0.2)
    assert missed == [f for f in stayed.frames if f["type"] == "event" and f["version"] > seen]
    assert set(versions) == set(range(seen + 1, bob.version + 1))
    # reconnecting at the current version: nothing missed, nothing sent but synced
    now = seat_client(server, table, 0, version=bob.version)
    assert now.recv() == {"type": "synced", "version": bob.version}
    now.close(), stayed.close()
    # a version the table never had: a full snapshot
    odd = seat_client(server, table, 0, version=10_000)
    assert odd.recv()["type"] == "snapshot"
    back.close(), odd.close(), bob.close()


def test_bad_input_gets_error_frames_and_changes_nothing(server: Server) -> None:
    table = server.create(TWO, seed=16)
    ann = seat_client(server, table, 0)
    ann.recv()
    version = ann.version
    for bad, code in [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        (json.dumps({"type": "dance"}), "malformed"),
        (
            json.dumps({"type": "action", "action": {"seat": 0, "do": "fly"}, "version": version}),
            "malformed",
        ),
        (
            json.dumps({"type": "action", "action": {"seat": 0, "do": "pass"}, "version": "x"}),
            "malformed",
        ),
        (json.dumps({"type": "ping", "pad": "x" * 20000}), "too_big"),
    ]:
        ann.send(bad)
        frame = ann.until(lambda f: f["type"] in ("error", "refused", "ack"))
        assert frame["type"] == "error" and frame["code"] == code, (bad[:40], frame)
        assert frame["message"] and "\n" not in frame["message"]
    ann.ws.send(b"\x00\x01")
    frame = ann.until(lambda f: f["type"] == "error")
    assert frame["code"] == "malformed"
    _, _, body = server.request(f"/api/tables/{table['id']}")
    assert json.loads(body)["version"] == ann.version
    ann.send({"type": "ping"})
    assert ann.until(lambda f: f["type"] == "pong")["version"] == ann.version
    ann.close()


def test_a_message_over_the_sockets_limit_closes_only_that_connection(server: Server) -> None:
    """Past 64 KiB (uvicorn's ws_max_size) a message is not even read: the connection is
    closed with 1009 (message too big); the table and the other connections are untouched."""
    from websockets.exceptions import ConnectionClosed

    table = server.create(FRIENDS, seed=25)
    ann, bob = seat_client(server, table, 0), seat_client(server, table, 1)
    ann.recv(), bob.recv()
    version = ann.version
    action = ann.view["legal_actions"][0] if ann.view["to_play"] == 0 else None
    ann.send(
        json.dumps({"type": "action", "action": action, "version": version, "pad": "x" * 100_000})
    )
    with pytest.raises(ConnectionClosed):
        ann.until(lambda f: False, timeout=10)
    assert ann.ws.close_code == 1009
    _, _, body = server.request(f"/api/tables/{table['id']}")
    assert json.loads(body)["version"] == version
    bob.send({"type": "ping"})
    assert bob.until(lambda f: f["type"] == "pong")["version"] == version
    again = seat_client(server, table, 0)
    assert again.recv()["type"] == "snapshot" and again.version == version
    again.close(), bob.close()


def test_unknown_table_and_wrong_token_are_refused_with_error_frames(server: Server) -> None:
    from websockets.exceptions import ConnectionClosed

    table = server.create(TWO, seed=17)
    nowhere = Client(server, "no-such-table", None)
    frame = nowhere.recv()
    assert frame["type"] == "error" and frame["code"] == "unknown_table"
    with pytest.raises(ConnectionClosed):
        nowhere.recv(5)
    assert nowhere.ws.close_code == 4404
    thief = Client(server, table["id"], "a-guessed-token")
    frame = thief.recv()
    assert frame["type"] == "error" and frame["code"] == "bad_token"
    with pytest.raises(ConnectionClosed):
        thief.recv(5)
    # another table's token opens nothing here
    other = server.create(TWO, seed=18)
    cross = Client(server, table["id"], token_of(other["seats"][0]["link"]))
    assert cross.recv()["code"] == "bad_token"


def test_a_flood_of_messages_is_rate_limited(server: Server) -> None:
    table = server.create(TWO, seed=19)
    ann = seat_client(server, table, 0)
    ann.recv()
    for _ in range(80):
        ann.send({"type": "ping"})
    codes = []
    for _ in range(80):
        frame = ann.until(lambda f: f["type"] in ("pong", "error"))
        codes.append(frame.get("code", "pong"))
    assert "rate" in codes and codes.count("pong") >= 25
    ann.close()


def test_http_routes_headers_and_record(server: Server) -> None:
    table = server.create(TWO, seed=20)
    for path in ("/", f"/t/{table['id']}", "/static/table.js", "/api/meta"):
        status, headers, _ = server.request(path)
        assert status == 200, path
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert headers["x-content-type-options"] == "nosniff"
    assert server.request("/t/nothing-here")[0] == 404
    assert server.request("/api/tables/nothing-here")[0] == 404
    # every response, refusals and missing files too, carries the same headers
    for path, body, want in [
        ("/t/nothing-here", None, 404),
        ("/api/tables/nothing-here", None, 404),
        ("/static/nothing.js", None, 404),
        (f"/api/tables/{table['id']}/record", None, 409),
        ("/api/tables", {"seats": []}, 400),
        ("/api/tables", {"seats": TWO, "pad": "x" * 20000}, 413),
    ]:
        status, headers, _ = server.request(path, body)
        assert status == want, path
        csp = headers["content-security-policy"]
        directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert directives["default-src"] == "'self'" and directives["script-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
        for value in directives.values():  # no other origin, no inline code, no wildcard
            assert set(value.split()) <= {"'self'", "'none'", "data:"}, csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
    status, _, body = server.request(f"/api/tables/{table['id']}/record")
    assert status == 409 and b"deck" in body  # the record holds the decks: not before the end
    status, _, body = server.request("/api/tables", {"seats": [{"kind": "bot", "bot": "easy"}] * 2})
    assert status == 400 and b"person" in body
    status, _, body = server.request("/api/tables", {"seats": TWO, "rules": {"gin_bonus": -1}})
    assert status == 400 and b"gin_bonus" in body
    status, _, body = server.request(
        "/api/tables", {"seats": [{"kind": "bot", "bot": "zzz"}, TWO[0]]}
    )
    assert status == 400 and b"bot" in body
    status, _, body = server.request("/api/tables", {"seats": TWO, "pad": "x" * 20000})
    assert status == 413


@pytest.mark.parametrize("db", DATABASES)
def test_a_person_gone_past_the_grace_period_is_played_by_a_bot_until_back(
    db: str, tmp_path: Path
) -> None:
    with running(db, tmp_path, "--grace", "0.5", "--rate", "1000") as server:
        table = server.create(FRIENDS, seed=21)
        ann, bob = seat_client(server, table, 0), seat_client(server, table, 1)
        ann.recv(), bob.recv()
        bob.close()  # Bob is gone
        away = ann.until(lambda f: f["type"] == "presence")
        assert away["away"] == [1]
        # Ann plays her turns; Bob's are played for him, and Ann sees whose they are
        rng = random.Random(5)
        for _ in range(8):
            state = ann.state
            assert state is not None
            if state["table"]["hand_over"]:
                break
            if state["view"]["to_play"] == 0:
                ann.send({"type": "action", "action": pick(state, rng), "version": ann.version})
                ann.until(lambda f: f["type"] == "ack")
            else:
                frame = ann.until(lambda f: f["type"] == "event", timeout=30)
                assert frame["event"]["seat"] == 1 and frame["table"]["away"] == [1]
        played_for_bob = [
            f for f in ann.frames if f["type"] == "event" and f["event"].get("seat") == 1
        ]
        assert played_for_bob
        # Bob is back: no longer away, and nothing more is played for him
        bob = seat_client(server, table, 1)
        bob.recv()
        back = ann.until(lambda f: f["type"] == "presence")
        assert back["away"] == []
        waited = False
        for _ in range(6):
            ann.drain(0.2)
            state = ann.state
            assert state is not None
            if state["table"]["hand_over"]:
                break
            if state["view"]["to_play"] == 0:
                ann.send({"type": "action", "action": pick(state, rng), "version": ann.version})
                ann.until(lambda f: f["type"] == "ack")
                continue
            version = ann.version  # Bob's turn: it waits for him now
            ann.drain(1.5)
            _, _, body = server.request(f"/api/tables/{table['id']}")
            assert json.loads(body)["version"] == version
            waited = True
            break
        assert waited or (ann.state or {})["table"]["hand_over"]


def test_a_hint_is_the_experts_move_with_its_reason(server: Server) -> None:
    table = server.create(TWO, seed=22)
    ann = seat_client(server, table, 0)
    ann.recv()
    on_turn(ann, 0)
    ann.send({"type": "hint", "version": ann.version})
    hint = ann.until(lambda f: f["type"] in ("hint", "error"), timeout=60)
    assert hint["type"] == "hint" and hint["version"] == ann.version
    assert hint["action"] in ann.view["legal_actions"]
    assert isinstance(hint["reason"], str) and hint["reason"] and "\n" not in hint["reason"]
    ann.send({"type": "hint", "version": ann.version + 5})
    refused = ann.until(lambda f: f["type"] == "error")
    assert refused["code"] == "hint"
    ann.close()


def test_a_rematch_gives_each_person_their_own_new_link(server: Server) -> None:
    table = server.create(
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        rules={"preset": "standard", "format": "single"},
        seed=23,
    )
    ann, bob = seat_client(server, table, 0), seat_client(server, table, 1)
    ann.recv(), bob.recv()
    ann.send({"type": "rematch"})
    early = ann.until(lambda f: f["type"] == "error")
    assert early["code"] == "rematch" and "over" in early["message"]
    rng = random.Random(2)
    for _ in range(500):
        state = max((c.state for c in (ann, bob) if c.state), key=lambda s: s["version"])
        if state["table"]["game_over"]:
            break
        me = ann if state["view"]["to_play"] == 0 else bob
        me.catch_up(state["version"])
        me.send({"type": "action", "action": pick(me.state or {}, rng), "version": me.version})
        me.until(lambda f: f["type"] == "ack")
        ann.drain(0.01), bob.drain(0.01)
    bob.send({"type": "rematch"})
    links = {c: c.until(lambda f: f["type"] == "rematch")["link"] for c in (ann, bob)}
    assert links[ann] != links[bob] and links[ann].split("#")[0] == links[bob].split("#")[0]
    bob.send({"type": "rematch"})  # asking again: the same rematch
    assert bob.until(lambda f: f["type"] == "rematch")["link"] == links[bob]
    new_id = links[ann].split("/")[2].split("#")[0]
    again = Client(server, new_id, links[bob].split("#")[1])
    snap = again.recv()
    assert snap["type"] == "snapshot" and snap["seat"] == 1 and snap["version"] == 0
    assert snap["table"]["names"] == ["Ann", "Bob"]
    ann.close(), bob.close(), again.close()


def test_the_thinking_worker_holds_none_of_the_servers_connections(server: Server) -> None:
    """A forked worker would keep a closed keep-alive connection open: the next request on
    it would hang. After a hint (the worker is started), an idle connection the server
    closes is really closed."""
    import http.client
    import time

    table = server.create(TWO, seed=24)
    host, port = server.url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", "/api/meta")  # a connection open before the worker starts
    assert conn.getresponse().read()
    ann = seat_client(server, table, 0)
    ann.recv()
    on_turn(ann, 0)
    ann.send({"type": "hint", "version": ann.version})
    ann.until(lambda f: f["type"] == "hint", timeout=60)
    time.sleep(6)  # past uvicorn's keep-alive timeout (5 s): the server closes it
    try:
        conn.request("GET", "/api/meta")
        conn.getresponse().read()
    except (http.client.RemoteDisconnected, ConnectionError):
        pass  # closed, as it should be
    except TimeoutError:
        raise AssertionError("the closed connection is held open by another process") from None
    finally:
        conn.close()
    ann.close()


@pytest.mark.parametrize("db", DATABASES)
def test_after_a_restart_a_resend_is_the_same_ack_and_a_reconnect_a_snapshot(
    db: str, tmp_path: Path
) -> None:
    with database(db, tmp_path) as url:
        server = Server(url, tmp_path, "--rate", "1000")
        try:
            table = server.create(FRIENDS, seed=26)
            ann, bob = seat_client(server, table, 0), seat_client(server, table, 1)
            ann.recv(), bob.recv()
            rng = random.Random(4)
            for _ in range(5):
                me = ann if ann.view["to_play"] == 0 else bob
                me.catch_up(max(ann.version, bob.version))
                msg = {"type": "action", "action": pick(me.state or {}, rng), "version": me.version}
                me.send(msg)
                ack = me.until(lambda f: f["type"] == "ack")
                ann.catch_up(ack["acked"]), bob.catch_up(ack["acked"])
            first = me.version - 5
            before = {c: c.state for c in (ann, bob)}
            server = server.crash_and_restart()
            # the last action sent again (its ack lost in the crash): the same ack, applied once
            me.connect(server, me.version)
            assert me.recv() == {"type": "synced", "version": ack["acked"]}
            me.send(msg)
            again = me.until(lambda f: f["type"] in ("ack", "refused"))
            assert again["type"] == "ack" and again["repeat"] is True
            assert again["acked"] == ack["acked"] and again["view"] == ack["view"]
            # a version from before the restart: the server holds no frame of it, a snapshot
            # of exactly the state the seat had
            for c in (ann, bob):
                old = seat_client(server, table, c.state["seat"], version=first)  # type: ignore[index]
                snap = old.recv()
                assert snap["type"] == "snapshot" and snap["version"] == ack["acked"]
                assert snap["view"] == before[c]["view"]  # type: ignore[index]
                assert snap["help"] == before[c]["help"]  # type: ignore[index]
                old.close()
            ann.close(), bob.close()
        finally:
            server.stop()
