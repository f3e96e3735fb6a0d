"""The table page's comforts in a real browser (Debian's chromium through playwright, the real
server on a loopback port): the hand reordered by drag and drop and by keys (kept through a
reload), a discard and a draw by drag, a knock with an arrangement other than the default (seen
in the record), the best layoffs pre-chosen and changeable, Hollywood's three games on the
score sheet, the first-game guide shown once. With OKGIN_SCREENSHOTS set to a folder it writes
docs/web.md's knock chooser and end-of-hand screenshots (a knock with layoffs)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from webtools import (
    Client,
    Server,
    browser,
    browser_test,
    open_page,
    play_turn,
    server_fixture,
    settle,
    token_of,
)

from okgin.cards import mask_of, parse_cards
from okgin.melds import Meld, best_layoffs

__all__ = ["browser"]  # the fixture, from webtools

pytestmark = browser_test


#: the server, with a rate limit the protocol-played seats do not reach
server = server_fixture("table_ux", "--rate", "1000", databases=["sqlite"])


def hand_order(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)"))


def drag(page: Any, source: str, target: str, dx: float = 0) -> None:
    """Press on ``source``, move in steps (pointer events, as a finger or a mouse would), let
    go on ``target`` (``dx`` from its centre)."""
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    assert a is not None and b is not None
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 12, a["y"] + a["height"] / 2 + 4, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2 + dx, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def play(page: Any) -> None:
    page.goto(page.server_url + "/")
    page.click("#play")
    page.wait_for_selector("#hand .card")
    page.select_option("#pace", "0")


def new_page(browser: Any, server: Server, **kw: Any) -> Any:
    page = open_page(browser, server, **kw)
    page.server_url = server.url
    return page


def test_a_double_click_sends_the_action_once(browser: Any, server: Server) -> None:
    """Two clicks before the answer send one action: the page waits for the ack (the second
    would go out with the same version; a second click on "Lay off the best" started its
    plan twice)."""
    page = new_page(browser, server)
    sent: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda payload: sent.append(json.loads(payload))),
    )
    play(page)
    page.wait_for_selector("#act-pass, #stock:not([disabled])")
    target = "#act-pass" if page.locator("#act-pass").count() else "#stock"
    before = sum(f["type"] == "action" for f in sent)
    page.eval_on_selector(target, "b => { b.click(); b.click(); }")
    settle(page)
    assert sum(f["type"] == "action" for f in sent) == before + 1
    assert "Refused" not in page.locator("#message").inner_text()
    page.close()


def test_the_hand_reordered_by_drag_and_by_keys_survives_a_reload(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, server)
    play(page)
    page.wait_for_timeout(200)
    before = hand_order(page)
    assert not page.locator("#sort-hand").is_visible()  # grouped into melds: nothing to undo
    first, last = before[0], before[-1]
    drag(page, f'#hand .card[data-card="{first}"]', f'#hand .card[data-card="{last}"]', dx=8)
    page.wait_for_function(
        f"() => [...document.querySelectorAll('#hand .card')].pop()?.dataset.card === '{first}'"
    )
    moved = hand_order(page)
    assert moved == [*before[1:], first]
    assert page.locator("#sort-hand").is_visible()
    # by keys: Shift+← moves the focused card one place to the left
    page.focus(f'#hand .card[data-card="{first}"]')
    page.keyboard.press("Shift+ArrowLeft")
    by_keys = [*moved[:-2], first, moved[-2]]
    assert hand_order(page) == by_keys
    assert page.evaluate("() => document.activeElement.dataset.card") == first
    assert "moved to place" in page.locator("#live").inner_text()
    page.reload()
    page.wait_for_selector("#hand .card")
    page.wait_for_timeout(300)
    assert sorted(hand_order(page)) == sorted(before)
    assert page.locator("#pace").input_value() == "0"  # the pace is kept too
    assert hand_order(page)[: len(by_keys)] == by_keys or hand_order(page) == by_keys
    # grouped into melds again on request
    page.click("#sort-hand")
    assert hand_order(page) == before
    assert page.foreign == [] and page.errors == []
    page.close()


def test_a_draw_and_a_discard_by_drag(browser: Any, server: Server) -> None:
    page = new_page(browser, server)
    play(page)
    # the opening offer: pass it (or let the bot's turn go by) until the stock may be drawn
    for _ in range(200):
        if page.locator("#stock:not([disabled])").count():
            break
        if page.locator("#act-pass").count():
            page.click("#act-pass")
            settle(page)
        page.wait_for_timeout(50)
    assert page.locator("#hand .card").count() == 10
    drag(page, "#stock", "#hand")  # the stock dragged to the hand draws
    page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 11")
    page.wait_for_selector("#hand .card.playable")
    card = page.locator("#hand .card.playable").first.get_attribute("data-card")
    drag(page, f'#hand .card[data-card="{card}"]', "#discard-top")
    page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 10")
    assert card not in hand_order(page)
    log = page.locator("#log").inner_text()
    assert "You drew from the stock" in log and "You discarded" in log
    assert page.foreign == [] and page.errors == []
    page.close()


# ---- a knock with a chosen arrangement: two person seats, seat 1 played over the protocol --
def arrangements_for(state: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return dict((state.get("help") or {}).get("knock_arrangements") or {})


def knock_chance(
    state: dict[str, Any], other: dict[str, Any], layoffs: bool
) -> tuple[str, int] | None:
    """A knock discard of seat 0 with two arrangements or more (and, when ``layoffs``, one
    other than the default that seat 1 could lay off on), with the arrangement's index."""
    offered = arrangements_for(state)
    if any(options[0]["deadwood"] == 0 for options in offered.values()):
        return None  # gin is there: a knock of another arrangement would be a strange choice
    for card, options in offered.items():
        if card == "big_gin" or len(options) < 2:
            continue
        for i, opt in enumerate(options[1:], 1):
            if opt["deadwood"] == 0:
                continue  # gin: no layoffs
            if not layoffs:
                return card, i
            melds = [Meld(" ".join(m)) for m in opt["melds"]]
            _, seq = best_layoffs(mask_of(parse_cards(other["view"]["hand"])), melds)
            if seq:
                return card, i
    return None


#: The first seed found with a knock chance (later searches start there).
FOUND: dict[str, int] = {}


def reach_a_knock(server: Server, layoffs: bool, seeds: range) -> tuple[Any, ...]:
    """Tables of two people (the hand only, seeds in turn), played over the protocol with the
    least-deadwood discards and no knock, until seat 0 may knock with a choice; the table and
    both clients."""
    for seed in range(FOUND.get("seed", seeds.start), seeds.stop):
        doc = server.create(
            [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
            rules={"preset": "standard", "format": "single"},
            seed=seed,
        )
        tid = doc["id"]
        ann = Client(server, tid, token_of(doc["seats"][0]["link"]))
        bob = Client(server, tid, token_of(doc["seats"][1]["link"]))
        clients = {0: ann, 1: bob}
        for c in clients.values():
            c.until(lambda f: f["type"] == "snapshot")
        for _ in range(200):
            cur = max(c.version for c in clients.values())
            for c in clients.values():
                c.catch_up(cur)
            view = ann.view
            if view["to_play"] is None:
                break
            seat = view["to_play"]
            if seat == 0 and (chance := knock_chance(ann.state or {}, bob.state or {}, layoffs)):
                FOUND["seed"] = seed
                return doc, ann, bob, chance
            me = clients[seat]
            legal = me.view["legal_actions"]
            after = (me.state or {}).get("help", {}).get("discards", {})
            discards = [a for a in legal if a["do"] == "discard"]
            if discards:
                action = min(discards, key=lambda a: (after.get(a["card"], 99), a["card"]))
            else:
                action = next(a for a in legal if a["do"] in ("pass", "draw", "done"))
            me.send({"type": "action", "action": action, "version": me.version})
            frame = me.until(lambda f: f["type"] in ("ack", "refused", "error"))
            assert frame["type"] == "ack", frame
        ann.close(), bob.close()
    raise AssertionError(f"no knock with a choice in seeds {seeds}")


def test_a_knock_with_another_arrangement_and_the_layoffs_chosen(
    browser: Any, server: Server
) -> None:
    shots = os.environ.get("OKGIN_SCREENSHOTS")
    doc, ann, bob, (card, index) = reach_a_knock(server, layoffs=True, seeds=range(1, 200))
    options = arrangements_for(ann.state or {})[card]
    chosen = options[index]
    page = new_page(browser, server)
    page.goto(server.url + doc["seats"][0]["link"])
    page.wait_for_selector("#actions button.knock")
    page.select_option("#pace", "0")
    for _ in range(2):  # the guide's notes on the upcard and the limit: now it points at Knock
        page.click("#guide-next")
    assert page.locator("#guide").get_attribute("data-step") == "knock"
    page.locator(f'#actions button.knock[data-card="{card}"]').click()
    page.wait_for_selector("#confirm[open]")
    assert page.locator("#confirm-choices input").count() == len(options)
    assert page.locator("#arrangement-0").is_checked()  # RULES.md's default pre-chosen
    assert "RULES.md's default arrangement" in page.locator("#confirm-text").inner_text()
    page.check(f"#arrangement-{index}")
    text = page.locator("#confirm-text").inner_text()
    spread = " · ".join(" ".join(label(c) for c in m) for m in chosen["melds"])
    assert (
        "your arrangement" in text and spread in text and f"deadwood {chosen['deadwood']}" in text
    )
    if shots:
        page.screenshot(path=str(Path(shots) / "web-knock.png"))
    page.click("#confirm-yes")
    # Bob, over the protocol: the layoffs the core calls best, then done
    bob.until(lambda f: f.get("view", {}).get("phase") == "layoff" and f["view"]["to_play"] == 1)
    bob.drain(0.1)
    assert bob.view["spread"] == chosen["melds"]  # the server took the chosen arrangement
    best = bob.state["help"]["layoffs"]  # type: ignore[index]
    assert best
    for c, meld in best:
        bob.send(
            {
                "type": "action",
                "action": {"seat": 1, "do": "layoff", "card": c, "meld": meld},
                "version": bob.version,
            }
        )
        assert bob.until(lambda f: f["type"] in ("ack", "refused"))["type"] == "ack"
    bob.send({"type": "action", "action": {"seat": 1, "do": "done"}, "version": bob.version})
    assert bob.until(lambda f: f["type"] in ("ack", "refused"))["type"] == "ack"
    page.wait_for_selector("#result:not([hidden])")
    assert not page.locator("#guide").is_visible()  # no note is left to show
    result = page.locator("#result").inner_text()
    assert "laid off" in result and "points." in result, result
    assert " ".join(label(c) for c in chosen["melds"][0]) in result
    if shots:
        page.wait_for_timeout(200)
        page.screenshot(path=str(Path(shots) / "web-score.png"), full_page=True)
    # the record says the same
    status, _, body = server.request(f"/api/tables/{doc['id']}/record")
    assert status == 200
    actions = json.loads(body)["hands"][0]["actions"]
    knock = next(a for a in actions if a["do"] == "knock")
    assert knock["card"] == card and knock["melds"] == chosen["melds"]
    assert index > 0 and options[0]["melds"] != chosen["melds"]
    assert page.foreign == [] and page.errors == []
    ann.close(), bob.close()
    page.close()


def label(card: str) -> str:
    suits = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    return ("10" if card[0] == "T" else card[0]) + suits[card[1]]


def test_the_defender_gets_the_best_layoffs_ticked_and_may_change_them(
    browser: Any, server: Server
) -> None:
    doc, ann, bob, (card, index) = reach_a_knock(server, layoffs=True, seeds=range(1, 200))
    chosen = arrangements_for(ann.state or {})[card][index]
    knock = {"seat": 0, "do": "knock", "card": card, "melds": chosen["melds"]}
    ann.send({"type": "action", "action": knock, "version": ann.version})
    assert ann.until(lambda f: f["type"] in ("ack", "refused"))["type"] == "ack"
    page = new_page(browser, server)
    page.goto(server.url + doc["seats"][1]["link"])
    page.wait_for_selector("#layoff-choice")
    page.select_option("#pace", "0")
    bob.drain(0.1)
    best = [c for c, _ in bob.state["help"]["layoffs"]]  # type: ignore[index]
    boxes = page.locator("#layoff-choice input")
    ticked = [
        boxes.nth(i).get_attribute("value")
        for i in range(boxes.count())
        if boxes.nth(i).is_checked()
    ]
    assert sorted(ticked) == sorted(best) and best  # the core's best set, pre-chosen
    assert "the best" in page.locator("#act-layoff-chosen").inner_text()
    # keep one card back: untick the last of the best (no other layoff needs it first)
    page.uncheck(f'#layoff-choice input[value="{best[-1]}"]')
    assert "the best" not in page.locator("#act-layoff-chosen").inner_text()
    page.click("#act-layoff-chosen")
    if len(best) > 1:
        bob.until(lambda f: len(f.get("view", {}).get("layoffs", [])) == len(best) - 1)
    page.wait_for_timeout(300)
    bob.drain(0.2)
    laid = [x["card"] for x in bob.view["layoffs"]]
    assert sorted(laid) == sorted(best[:-1])
    page.click("#act-done")
    page.wait_for_selector("#result:not([hidden])")
    assert page.foreign == [] and page.errors == []
    ann.close(), bob.close()
    page.close()


def test_the_hollywood_score_sheet_has_three_games(browser: Any, server: Server) -> None:
    doc = server.create(
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        rules={"preset": "standard", "format": "hollywood", "target": 15},
        seed=5,
    )
    ann = Client(server, doc["id"], token_of(doc["seats"][0]["link"]))
    bob = Client(server, doc["id"], token_of(doc["seats"][1]["link"]))
    for c in (ann, bob):
        c.until(lambda f: f["type"] == "snapshot")
    rng = random.Random(5)
    acked: list[tuple[int, Any]] = []
    for _ in range(3000):
        if not play_turn({0: ann, 1: bob}, [ann, bob], rng, acked):
            break
    else:
        raise AssertionError("the Hollywood game did not end")
    ann.drain(0.2)
    games = ann.state["help"]["hollywood"]  # type: ignore[index]
    assert len(games) == 3 and all(g["closed"] for g in games)
    page = new_page(browser, server)
    page.goto(server.url + doc["seats"][0]["link"])
    page.wait_for_selector("#scores table.hollywood")
    heads = page.locator("#scores th.game")
    assert heads.count() == 3
    for i, g in enumerate(games):
        assert heads.nth(i).inner_text().startswith(f"Game {i + 1}")
        assert ("You" if g["winner"] == 0 else "Bob") + " won" in heads.nth(i).inner_text()
    hands = len(ann.view["past_results"]) + 1
    assert page.locator("#scores table.hollywood tr").count() == 2 + hands + 1
    totals = page.locator("#scores table.hollywood tr.total td").all_inner_texts()
    assert totals[1:] == [str(t) for g in games for t in g["totals"]]
    # the end of the game from the core: one line per game and seat, boxes and game bonus
    finals = page.locator("#scores table.finals tr")
    assert finals.count() == 1 + 3 * 2
    final_view = ann.view["finals"]
    assert page.locator("#scores table.finals tr").nth(1).locator("td").last.inner_text() == str(
        final_view[0]["lines"][0]["final"]
    )
    # a spectator sees the same three games
    spectator = new_page(browser, server)
    spectator.goto(server.url + doc["spectator"])
    spectator.wait_for_selector("#scores table.hollywood")
    assert spectator.locator("#scores th.game").count() == 3
    assert page.foreign == [] and page.errors == [] and spectator.errors == []
    ann.close(), bob.close()
    page.close(), spectator.close()


def test_the_first_game_guide_shows_once(browser: Any, server: Server) -> None:
    context = browser.new_context()
    page = new_page(context, server)
    play(page)
    guide = page.locator("#guide")
    guide.wait_for()
    assert guide.get_attribute("data-step") == "upcard"
    assert page.locator("#info .upcard.guide-target").count() == 1
    assert "upcard" in page.locator("#guide-text").inner_text()
    page.click("#guide-next")
    assert guide.get_attribute("data-step") == "limit"
    assert page.locator("#info .limit.guide-target").count() == 1
    page.reload()
    page.wait_for_selector("#hand .card")
    assert guide.get_attribute("data-step") == "limit"  # what was seen stays seen
    page.click("#guide-off")
    assert not guide.is_visible()
    page.reload()
    page.wait_for_selector("#hand .card")
    page.wait_for_timeout(200)
    assert not guide.is_visible()
    # a new table in the same browser: still off; the rules' button turns it on again
    play(page)
    page.wait_for_timeout(200)
    assert not guide.is_visible()
    page.click("#rules-area summary")
    page.click("#guide-again")
    assert guide.is_visible() and guide.get_attribute("data-step") == "upcard"
    assert page.foreign == [] and page.errors == []
    context.close()
    # a browser that played before the guide existed starts with it off
    returning = browser.new_context()
    returning.add_init_script(
        "if (!localStorage.getItem('okgin-games')) localStorage.setItem('okgin-games',"
        " JSON.stringify({older: {token: 'x', at: 1}}))"
    )
    again = new_page(returning, server)
    play(again)
    again.wait_for_timeout(200)
    assert not again.locator("#guide").is_visible()
    returning.close()


def test_the_guide_points_at_the_knock_button_when_it_comes_up(
    browser: Any, server: Server
) -> None:
    doc, ann, bob, _ = reach_a_knock(server, layoffs=False, seeds=range(1, 200))
    context = browser.new_context()
    page = new_page(context, server)
    page.goto(server.url + doc["seats"][0]["link"])
    page.wait_for_selector("#actions button.knock")
    for step_id in ("upcard", "limit", "double"):
        if page.locator("#guide").get_attribute("data-step") == step_id:
            page.click("#guide-next")
    assert page.locator("#guide").get_attribute("data-step") == "knock"
    assert page.locator("#actions .knock.guide-target").count() == 1
    assert page.foreign == [] and page.errors == []
    ann.close(), bob.close()
    context.close()


def test_a_finger_drags_a_card_on_a_phone(browser: Any, server: Server) -> None:
    """Touch events (through the browser's DevTools input, as a finger makes them) on a
    375-px touch screen: a card dragged to the end of the hand moves there."""
    context = browser.new_context(viewport={"width": 375, "height": 667}, has_touch=True)
    page = new_page(context, server, width=375, height=667)
    play(page)
    page.wait_for_timeout(200)
    before = hand_order(page)
    a = page.locator(f'#hand .card[data-card="{before[0]}"]').bounding_box()
    b = page.locator(f'#hand .card[data-card="{before[-1]}"]').bounding_box()
    assert a is not None and b is not None
    cdp = context.new_cdp_session(page)
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] * 0.8, b["y"] + b["height"] / 2
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for i in range(1, 11):
        x, y = x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function(
        f"() => [...document.querySelectorAll('#hand .card')].pop()?.dataset.card === '{before[0]}'"
    )
    assert hand_order(page) == [*before[1:], before[0]]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    assert page.foreign == [] and page.errors == []
    context.close()
