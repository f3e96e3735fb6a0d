"""``okgin play``: whole hands played by keys (Textual's Pilot), the mouse, saving and
resuming, undo, replay, and snapshots of the main screens at 80×24.

The seeds were found with ``scripts/tui_seeds.py``: with the person played by
:func:`human_actions` (the keys pressed below) against the ``easy`` bot, seed 35's first hand
has a knock by the bot and a layoff by the person, seed 5's a knock by the person with a
layoff by the bot, seed 1's a gin by the person.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from deals import EXAMPLES

from okgin.actions import DONE, DRAW, PASS, TAKE, Action, Discard, Knock, Layoff
from okgin.bots import BOTS, EasyBot
from okgin.cards import Card, mask_of, parse_cards
from okgin.errors import IllegalActionError, OkginError
from okgin.melds import Meld, best_layoffs
from okgin.record import replay
from okgin.scoring import layoff_candidates, layoff_order
from okgin.scoring import offered_knock as default_knock
from okgin.table.local import (
    HUMAN,
    LocalGame,
    Settings,
    default_opponent,
    parse_option,
    strongest_bot,
)
from okgin.tui.app import PlayApp, describe_action, humanize, symbols
from okgin.tui.replay import ReplayApp
from okgin.tui.screens import (
    HandoffScreen,
    HandOverScreen,
    HintScreen,
    KnockScreen,
    LayoffScreen,
    NewGameScreen,
    PileScreen,
    RulesScreen,
    ScoreScreen,
    TooSmallScreen,
    result_words,
    rules_text,
)
from okgin.tui.text import card_label
from okgin.views import View

SIZE = (80, 24)


def human_actions(view: View) -> list[Action]:
    """What the keys below play for the person (also scripts/tui_seeds.py's policy)."""
    if view.phase == "layoff":
        _, seq = best_layoffs(mask_of(view.hand), view.melds)
        return [*(Layoff(c, k) for c, k in seq), DONE]
    knock = default_knock(view)
    if knock is not None:
        return [knock]
    return [EasyBot().act(view)]


def new_app(tmp_path: Path, seed: int, **kw: Any) -> PlayApp:
    settings = Settings(opponents=kw.pop("opponents", ["easy"]), seed=seed, speed=0, **kw)
    settings.hint_bot = "easy"
    return PlayApp(LocalGame.new(settings, tmp_path))


async def settle(pilot: Any) -> None:
    """Wait until the computer has played up to the person's turn or the hand's end."""
    app = pilot.app
    for _ in range(2000):
        await pilot.pause()
        s = app.session
        if not app._bot_pending and (s.human_to_play or s.hand_over):
            break
    else:  # pragma: no cover - a hang is a failure
        raise AssertionError("the computer never finished its turn")
    await pilot.pause()


async def press_action(pilot: Any, actions: list[Action]) -> None:
    """Press the keys that play ``actions`` (one decision of the person)."""
    app = pilot.app
    first = actions[0]
    if isinstance(first, Layoff) or first == DONE:
        assert isinstance(app.screen, LayoffScreen)
        await pilot.press("enter")
    elif isinstance(first, Knock):
        await pilot.press("k")
        assert isinstance(app.screen, KnockScreen)
        await pilot.press("enter")
    elif isinstance(first, Discard):
        index = app.order.index(first.card)
        await pilot.press("home", *["right"] * index, "enter")
    else:
        await pilot.press({DRAW: "d", TAKE: "t", PASS: "p"}[first])
    await settle(pilot)


async def play_hand_by_keys(pilot: Any) -> None:
    app = pilot.app
    await settle(pilot)
    while not app.session.hand_over:
        assert app.session.human_to_play
        await press_action(pilot, human_actions(app.session.view()))


def record_file(app: PlayApp) -> Path:
    """Where the game on the table keeps its RECORD.md record."""
    path = app.session.record_path
    assert path is not None
    return path


def hand_record(app: PlayApp) -> list[tuple[int, str]]:
    return [(s, str(a)) for s, a in app.session.hand.history]


def drive(app: Any, script: Callable[[Any], Awaitable[None]]) -> None:
    """Run ``app`` headless at 80×24 and ``script(pilot)`` in it (no asyncio plugin needed)."""

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await script(pilot)

    asyncio.run(main())


# ---- whole hands by keys ------------------------------------------------------------------
def test_offer_draw_discard_refusal_bot_knock_and_layoff(tmp_path: Path) -> None:
    app = new_app(tmp_path, 35)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        s = app.session
        v = s.view()
        assert v.phase == "offer" and s.human_to_play  # the opening offer is ours
        assert "take the upcard K♦ (t) or pass (p)" in str(app.prompt(v))
        await pilot.press("p")  # pass; the bot passes too
        await settle(pilot)
        assert s.view().phase == "draw"
        before = hand_record(app)
        await pilot.press("t")  # refused: after everybody passed the stock is the only draw
        assert hand_record(app) == before
        assert app._refused and "draw must be from the stock" in str(app._message)
        await pilot.press("x")  # refused: no discard before drawing
        assert hand_record(app) == before and "Not now" in str(app._message)
        await pilot.press("d")
        await settle(pilot)
        assert s.hand.history[-1] == (HUMAN, DRAW) and len(s.view().hand) == 11
        assert not app._refused
        index = app.order.index(Card("Tc"))
        await pilot.press("home", *["right"] * index, "enter")  # discard 10♣
        await settle(pilot)
        # the bot took 10♣ and knocked: our layoff screen opens with the best set ticked
        assert isinstance(app.screen, LayoffScreen)
        assert app.screen.chosen() == [Card("7c")]
        await pilot.press("enter")
        await settle(pilot)
        assert s.hand_over and isinstance(app.screen, HandOverScreen)
        r = s.hand.result
        assert r is not None and (r.result, r.knocker, r.points) == ("knock", 1, (0, 13))
        assert (HUMAN, Layoff(Card("7c"), 0)) in s.hand.history
        text = screen_text(app)
        assert "Easy beats You: 19 − 6 = 13 to Easy" in text
        assert "laid off 7♣: 26 → 19" in text
        await pilot.press("s")  # the score sheet over the end of the hand
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("escape", "enter")  # close it; next hand
        await settle(pilot)
        assert len(s.game.hands) == 2 and not s.hand_over

    drive(app, script)


def simulate(seed: int, **kw: Any) -> LocalGame:
    """The same first hand played straight through the session (no keys, no screen)."""
    s = LocalGame.new(Settings(opponents=["easy"], seed=seed, speed=0, **kw), save=False)
    while not s.hand_over:
        seat = s.to_play
        assert seat is not None
        if seat == HUMAN:
            for a in human_actions(s.view()):
                s.play(a)
        else:
            s.step_bot()
    return s


def screen_text(app: Any) -> str:
    """What the terminal shows now, as plain text (the screen's rendered lines)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def test_knock_with_layoffs_by_keys(tmp_path: Path) -> None:
    app = new_app(tmp_path, 5)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        s = app.session
        await pilot.press("t")  # take the upcard 8♣
        await settle(pilot)
        assert s.view().taken_this_turn == Card("8c")
        await pilot.press("k")
        screen = app.screen
        assert isinstance(screen, KnockScreen)
        # RULES.md §5's default arrangement is pre-chosen, with the only legal knock discard
        assert screen.choices[screen.index].card == Card("9s")
        await pilot.press("x", "d", "n")  # the table's keys wait while the pop-up is open
        assert app.screen is screen and len(s.hand.history) == 2
        assert screen.selected() == tuple(sorted(Meld(t) for t in ("6c6d6s", "7c8c9c", "JsQsKs")))
        await pilot.press("space")  # untick 7♣8♣9♣: 26 deadwood, over the limit 8
        await pilot.press("enter")
        assert app.screen is screen and len(s.hand.history) == 2  # refused, nothing changed
        assert "over the knock limit 8" in str(screen.query_one("#knock-error").render())
        await pilot.press("r", "enter")  # back to the default, knock
        await settle(pilot)
        r = s.hand.result
        assert r is not None and (r.result, r.knocker) == ("knock", HUMAN)
        assert (1, Layoff(Card("Ts"), 2)) in s.hand.history  # the bot laid 10♠ off on J♠Q♠K♠
        assert isinstance(app.screen, HandOverScreen)
        text = screen_text(app)
        assert "You knocked with 2 (limit 8)" in text
        assert "You beat Easy: 54 − 2 = 52 to You" in text
        assert hand_record(app) == [(s_, str(a)) for s_, a in simulate(5).hand.history]

    drive(app, script)


def test_gin_by_keys_matches_the_session(tmp_path: Path) -> None:
    app = new_app(tmp_path, 1)

    async def script(pilot: Any) -> None:
        await play_hand_by_keys(pilot)
        s = app.session
        r = s.hand.result
        assert r is not None and (r.result, r.knocker) == ("gin", HUMAN)
        assert hand_record(app) == [(s_, str(a)) for s_, a in simulate(1).hand.history]
        text = screen_text(app)
        assert "You went gin!" in text
        dd = r.deadwood[1] if r.deadwood else -1
        assert f"You: 25 gin bonus + {dd} (Easy) = {25 + dd}" in text
        assert r.points == (25 + dd, 0)

    drive(app, script)


def test_score_sheet_after_hands(tmp_path: Path) -> None:
    app = new_app(tmp_path, 5)

    async def script(pilot: Any) -> None:
        await play_hand_by_keys(pilot)
        await pilot.press("enter")  # the next hand
        await settle(pilot)
        await pilot.press("s")
        assert isinstance(app.screen, ScoreScreen)
        text = screen_text(app)
        assert "knock (You)" in text and "in play" in text
        assert "52" in text and "hands won (boxes)" in text
        assert "Target 100" in text
        await pilot.press("escape")
        assert not isinstance(app.screen, ScoreScreen)

    drive(app, script)


def test_save_after_every_action_and_resume(tmp_path: Path) -> None:
    app = new_app(tmp_path, 1)
    seen: dict[str, Any] = {}

    async def first(pilot: Any) -> None:
        await settle(pilot)
        for _ in range(3):
            await press_action(pilot, human_actions(app.session.view()))
            doc = json.loads(record_file(app).read_text())
            # the saved record replays to exactly the game on the table
            assert [(s, str(a)) for s, a in replay(doc).hand.history] == hand_record(app)
        seen["history"] = hand_record(app)
        seen["hand"] = list(app.session.view().hand)
        await pilot.press("q")

    drive(app, first)
    resumed = PlayApp(LocalGame.resume(tmp_path))

    async def second(pilot: Any) -> None:
        await settle(pilot)
        s = resumed.session
        assert hand_record(resumed) == seen["history"]
        assert list(s.view().hand) == seen["hand"]
        assert s.settings.opponents == ["easy"] and s.settings.seed == 1
        await play_hand_by_keys(pilot)
        assert hand_record(resumed) == [(s_, str(a)) for s_, a in simulate(1).hand.history]

    drive(resumed, second)


def test_undo_against_the_computer(tmp_path: Path) -> None:
    app = new_app(tmp_path, 35, undo=True)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        s = app.session
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        hand = list(s.view().hand)
        index = app.order.index(Card("Tc"))
        await pilot.press("home", *["right"] * index, "enter")
        await settle(pilot)
        assert isinstance(app.screen, LayoffScreen)  # the bot knocked
        await pilot.press("escape", "u")  # take the discard back: the knock goes with it
        await settle(pilot)
        assert s.view().phase == "play" and list(s.view().hand) == hand
        doc = json.loads(record_file(app).read_text())
        assert len(doc["hands"][0]["actions"]) == len(s.hand.history) == 3

    drive(app, script)


def test_undo_after_the_game_is_over(tmp_path: Path) -> None:
    """u on the game-over summary takes the person's last action back: the game goes on,
    the saved game is unfinished again (resumable) and its record leaves the action out."""
    app = new_app(tmp_path, 5, undo=True, rules={"preset": "standard", "format": "single"})

    async def script(pilot: Any) -> None:
        s = app.session
        await play_hand_by_keys(pilot)
        assert s.game_over and isinstance(app.screen, HandOverScreen)
        assert "u undo" in str(app.query_one("#prompt").render())
        history = list(s.hand.history)
        mine = max(i for i, (seat, _) in enumerate(history) if seat == s.me)
        await pilot.press("u")
        await settle(pilot)
        assert not s.game_over and not isinstance(app.screen, HandOverScreen)
        assert s.hand.history[:mine] == history[:mine] and "Undone: your" in str(app._message)
        doc = json.loads(record_file(app).read_text())
        assert doc["hands"][0]["actions"][:mine] == s.record()["hands"][0]["actions"][:mine]
        assert not replay(doc).is_over
        from okgin.table.local import unfinished

        assert [g.id for g in unfinished(tmp_path)] == [s.id]

    drive(app, script)


def test_review_this_game_at_its_end(tmp_path: Path, monkeypatch: Any) -> None:
    """r on the game-over summary reviews the finished record for the person's seat, with
    its progress, and shows it in the replay screen's annotations; Esc comes back."""
    from okgin.tui.replay import ReplayScreen

    titles: list[str] = []
    show = ReplayScreen.show

    def shown(self: ReplayScreen) -> None:
        show(self)
        titles.append(str(self.query_one("#rtitle").render()))

    monkeypatch.setattr(ReplayScreen, "show", shown)
    app = new_app(tmp_path, 5, rules={"preset": "standard", "format": "single"})

    async def script(pilot: Any) -> None:
        s = app.session
        await play_hand_by_keys(pilot)
        assert s.game_over and isinstance(app.screen, HandOverScreen)
        assert "Review this game r" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.seats == (s.me,)
        for _ in range(3000):
            if screen.notes:
                break
            await pilot.pause(0.02)
        assert screen.notes and screen.annotate and screen.reviewing is None
        total = len(screen.notes)
        progress = [t for t in titles if "reviewing" in t]  # the progress, shown on the way
        assert any(f"reviewing 1/{total}" in t for t in progress), progress
        assert any(f"reviewing {total}/{total}" in t for t in progress), progress
        assert {d["seat"] for d in screen.notes.values()} == {s.me}
        await pilot.press("end")
        await pilot.pause()
        assert "annotations on" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen) and app.is_running

    drive(app, script)


def test_undo_is_off_by_default(tmp_path: Path) -> None:
    app = new_app(tmp_path, 35)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        before = hand_record(app)
        await pilot.press("u")
        assert hand_record(app) == before
        assert app._refused and "Undo is off" in str(app._message)

    drive(app, script)


def test_mouse_pass_draw_and_discard(tmp_path: Path) -> None:
    app = new_app(tmp_path, 35)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        s = app.session
        await pilot.click("#b-pass")
        await settle(pilot)
        assert (HUMAN, PASS) in s.hand.history
        table = app.query_one("#table")
        x = next(x0 for x0, _x1, name in table._spans if name == "stock")
        await pilot.click("#table", offset=(x + 1, 1))  # the stock
        await settle(pilot)
        assert s.hand.history[-1] == (HUMAN, DRAW)
        hand = app.query_one("#hand")
        x0, _x1, i = hand._spans[-1]
        card = app.order[i]
        assert app.cursor_card != card  # the card drawn is chosen, not the last one
        await pilot.click("#hand", offset=(x0 + 2, 1))  # choose the last card
        assert app.cursor_card == card and len(s.hand.history) == 3
        await pilot.click("#hand", offset=(x0 + 2, 1))  # a second click discards it
        await settle(pilot)
        assert (HUMAN, Discard(card)) in s.hand.history

    drive(app, script)


def test_hint_and_knock_explained(tmp_path: Path) -> None:
    app = new_app(tmp_path, 35)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("k")
        assert "You knock after drawing" in str(app._message)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("k")  # deadwood 26 after the best discard, limit 10
        assert "Your best knock would leave 26 deadwood, over the knock limit 10" in str(
            app._message
        )
        await pilot.press("h")
        await wait_for_hint(pilot)
        view = app.session.view()
        action = EasyBot().act(view)
        assert isinstance(action, Discard)
        why = EasyBot().explain(view, action).replace(action.card.text, card_label(action.card))
        line = f"Hint: discard {card_label(action.card)} — {why} (h again: why)"
        assert str(app._message) == line
        assert app.cursor_card == action.card  # the cursor moves to the hinted card
        await pilot.press("h")  # h again: the hint in full
        assert isinstance(app.screen, HintScreen)
        text = screen_text(app)
        assert "Hint from the easy bot: discard" in text and "Deadwood: the points" in text
        assert "knock with 10 or less this hand" in text  # this hand's limit, from the view

    drive(app, script)


async def wait_for_hint(pilot: Any) -> None:
    for _ in range(2000):
        await pilot.pause()
        if str(pilot.app._message).startswith("Hint:"):
            return
    raise AssertionError("no hint came")  # pragma: no cover


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("bot", ["hard", "expert"])
def test_hint_is_one_line_with_its_details_on_h(tmp_path: Path, bot: str, size: Any) -> None:
    """The strong bots' hints as a new player meets them: one line that fits the terminal
    (no numbers without words), the reason in full with what the words mean on h again."""
    app = new_app(tmp_path, 35, budget=0.05)
    app.session.settings.hint_bot = bot

    async def script(pilot: Any) -> None:
        await settle(pilot)
        for keys in (["p"], ["d"]):
            await pilot.press(*keys)
            await settle(pilot)
        await pilot.press("h")
        await wait_for_hint(pilot)
        line = str(app._message)
        width = app.query_one("#message").content_region.width
        assert "\n" not in line and len(line) <= width, (len(line), width, line)
        assert line.startswith("Hint: discard ") and " — " in line
        assert "worlds" not in line and "RULES.md" not in line
        hint = app._hint
        assert hint is not None
        full = f"Hint: {describe_action(hint.action, hint.view)} — {symbols(hint.why)}"
        assert line.startswith(full.split("; ")[0])
        if len(full) + len(" (h again: why)") <= width:  # room for the whole reason
            assert line == full + " (h again: why)"
        elif len(full) <= width:  # room for the reason, not for the pointer to h
            assert line == full
        else:  # the reason's last parts wait for h again
            assert line.endswith(" (h again: why)") and len(line) < len(full)
        await pilot.press("h")
        assert isinstance(app.screen, HintScreen)
        text = screen_text(app)
        assert f"Hint from the {bot} bot" in text and "What the words mean" in text
        assert "Outs: the cards you have not seen" in text
        await pilot.press("escape")
        assert not isinstance(app.screen, HintScreen)
        await pilot.press("d")  # refused (a discard is due): the hint stays for this turn
        await pilot.press("h")
        assert isinstance(app.screen, HintScreen)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(main())


# ---- what a new player met (issue 12, item 7) ----------------------------------------------
def run_at(app: Any, size: tuple[int, int], script: Callable[[Any], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(main())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_rules_screen_reads_the_rules_in_force(tmp_path: Path, size: tuple[int, int]) -> None:
    """r shows the rule set of this game: every figure from its Rules (odd values here, so
    none can be a constant), this hand's upcard and limit from the view."""
    rules = {"preset": "party", "gin_bonus": 31, "undercut_bonus": 17, "knock_bonus": 3}
    rules |= {"target": 77, "box_bonus": 9, "game_bonus": 41, "doubling_suit": "h"}
    app = new_app(tmp_path, 35, rules=rules)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        assert "r rules" in screen_text(app)  # in the footer
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        text = rules_text(app.session.rules, app.session.view()).plain
        v = app.session.view()
        assert f"the upcard {card_label(v.upcard)} set the knock limit {v.knock_limit}" in text
        for words in (
            "25 plus" not in text and "31 plus the others' deadwood",
            "difference in deadwood plus 3",
            "difference plus 17",
            "someone has 77 points",
            "41 for winning the game",
            "9 for each hand won",
            "A heart (♥) first upcard multiplies that hand's points by 2",
            "The deal passes to the next player",
        ):
            assert words and words in text, words
        assert "RULES.md" not in text
        shown = screen_text(app)
        assert "The rules of this game" in shown and "The knock limit" in shown
        assert "limit   gin 2 3 4 5 6 7 8 9 10 10 10 10" in text  # the ace: gin only
        await pilot.press("escape")
        assert not isinstance(app.screen, RulesScreen)

    run_at(app, size, script)


def test_rules_text_follows_the_options() -> None:
    from okgin.rules import Rules

    fixed = rules_text(Rules.preset("standard", knock_limit=7, undercut_on_tie=False)).plain
    assert "at most 7 deadwood, every hand" in fixed and "upcard    A" not in fixed
    assert "with the same or less" not in fixed and "ends with less deadwood" in fixed
    classic = rules_text(Rules.preset("classic")).plain
    assert "limit   1 2 3" in classic and "No suit doubles" in classic
    assert "No end-of-game bonuses" in classic
    assert "One hand is the whole game" in rules_text(Rules.preset("openspiel")).plain
    assert "thrown back at once" in rules_text(Rules.preset("openspiel")).plain
    target = rules_text(Rules.preset("standard", doubling_effect="target")).plain
    assert "doubles the game's target" in target
    holly = rules_text(Rules.preset("standard", format="hollywood", target=40)).plain
    assert "three games to 40" in holly
    lowest = rules_text(Rules.preset("party", players=3)).plain
    assert "only the hand's one winner scores" in lowest
    pairwise = rules_text(Rules.preset("party", players=3, multiway_scoring="pairwise")).plain
    assert "scored against each player in turn" in pairwise
    assert "in turn" not in rules_text(Rules.preset("standard")).plain  # two players
    big = rules_text(Rules.preset("standard", big_gin_bonus=33)).plain
    assert "Big gin (all 11 cards melded, no card aside): 33" in big


def test_refusals_and_help_say_the_rules_in_words(tmp_path: Path) -> None:
    app = new_app(tmp_path, 5)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("t")  # take the upcard 8♣, then try to throw it back
        await settle(pilot)
        index = app.order.index(Card("8c"))
        await pilot.press("home", *["right"] * index, "enter")
        message = str(app._message)
        assert app._refused and "may not be discarded in the same turn" in message
        assert "RULES.md" not in message and "no_return_discard" not in message
        await pilot.press("question_mark")
        text = screen_text(app)
        assert "RULES.md" not in text and "RECORD.md" not in text
        assert "r  the rules of this game" in text

    drive(app, script)
    assert humanize("over the limit (RULES.md §2, §5)", ["You"]) == "Over the limit"
    assert humanize("onto melds (layoffs only, RULES.md §6)", ["You"]) == (
        "Onto melds (layoffs only)"
    )


def test_enter_after_a_closed_summary_deals_the_next_hand(tmp_path: Path) -> None:
    app = new_app(tmp_path, 5)

    async def script(pilot: Any) -> None:
        await play_hand_by_keys(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("escape")  # look at the table
        assert not isinstance(app.screen, HandOverScreen)
        assert "Enter for the next hand" in screen_text(app)
        await pilot.press("enter")  # as the prompt says: the next hand, not the summary again
        await settle(pilot)
        assert len(app.session.game.hands) == 2 and not app.session.hand_over
        assert not isinstance(app.screen, HandOverScreen)

    drive(app, script)


@pytest.mark.parametrize("keys", [["v"], ["s"], ["question_mark"], ["r"], ["t", "k"]])
def test_q_quits_from_a_dialog_as_the_footer_says(tmp_path: Path, keys: list[str]) -> None:
    app = new_app(tmp_path, 5)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        assert len(app.screen_stack) > 1  # a pop-up is open
        assert "q quit" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0  # the app quits, the game saved

    drive(app, script)
    doc = json.loads(record_file(app).read_text())
    assert [(s, str(a)) for s, a in replay(doc).hand.history] == hand_record(app)


def test_score_sheet_names_the_winner_of_an_undercut(tmp_path: Path) -> None:
    """Seed 44: the bot knocks with 3 and the person, with 3 too, undercuts (a tie)."""
    app = new_app(tmp_path, 44)

    async def script(pilot: Any) -> None:
        await play_hand_by_keys(pilot)
        r = app.session.hand.result
        assert r is not None and (r.result, r.knocker, r.winner) == ("undercut", 1, HUMAN)
        await pilot.press("s")
        text = screen_text(app)
        assert "You undercut Easy" in text and "undercut (Easy)" not in text

    drive(app, script)
    r = app.session.hand.result
    assert r is not None and result_words(r, ["You", "Easy"]) == "You undercut Easy"


def test_a_terminal_below_80x24_says_so_until_it_is_big_enough(tmp_path: Path) -> None:
    app = new_app(tmp_path, 5)

    async def script(pilot: Any) -> None:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "The terminal is 70×20: okgin needs at least 80×24" in screen_text(app)
        await pilot.press("t")  # the table's keys wait
        assert app.session.hand.history == []
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not isinstance(app.screen, TooSmallScreen)
        assert "Your turn: take the upcard" in screen_text(app)
        await pilot.press("v")  # a pop-up, then too narrow again: the notice covers both
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "79×30" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PileScreen)  # back where the person was

    run_at(app, (70, 20), script)


@pytest.mark.parametrize("spec", ["hard", "expert:guard=inf,min_worlds=8,max_worlds=16"])
def test_hints_leave_the_bots_decisions_alone(spec: str) -> None:
    """Asking for the one line and the details between decisions changes no decision."""
    from okgin.bots import make_bot
    from okgin.game import Game
    from okgin.rules import Rules

    played: list[list[str]] = []
    for ask in (False, True):
        game = Game(Rules.preset("standard"), seed=3)
        bots = [make_bot(spec, seed=s) for s in range(2)]
        actions: list[str] = []
        while not game.hand.is_over:
            seat = game.hand.current_player
            assert seat is not None
            view = game.view(seat)
            action = bots[seat].act(view)
            if ask:
                line = bots[seat].explain(view, action)
                details = bots[seat].explain_details(view, action)  # type: ignore[attr-defined]
                assert line and "\n" not in line and "worlds" not in line and details
            actions.append(str(action))
            game.apply(action, seat)
        played.append(actions)
    assert played[0] == played[1] and len(played[0]) > 10


def test_new_game_screen(tmp_path: Path) -> None:
    app = new_app(tmp_path, 35)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#ng-preset").value = "party"
        screen.query_one("#ng-players").value = 3
        screen.query_one("#ng-opponents").value = "easy,random"
        screen.query_one("#ng-options").value = "knock_bonus=nope"
        await pilot.press("ctrl+s")  # refused: the session does not change
        assert app.screen is screen and "knock_bonus" in str(screen.query_one("#ng-error").render())
        screen.query_one("#ng-options").value = "knock_bonus=5"
        screen.query_one("#ng-seed").value = "9"
        old = record_file(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        s = app.session
        assert s.n == 3 and s.settings.opponents == ["easy", "random"] and s.settings.seed == 9
        assert s.rules.preset_name == "party" and s.rules.knock_bonus == 5
        assert old.exists() and record_file(app) != old  # the old game is kept, apart

    drive(app, script)


def test_new_game_screen_seats_the_people(tmp_path: Path) -> None:
    """The people (hot seat) and the first person's seat, as --people and --seat say."""
    app = new_app(tmp_path, 35)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#ng-people").value == "You"
        assert screen.query_one("#ng-seat").value == "0"
        screen.query_one("#ng-players").value = 3
        screen.query_one("#ng-opponents").value = "easy"
        screen.query_one("#ng-people").value = "Ann, Bob"
        screen.query_one("#ng-seat").value = "3"
        await pilot.press("ctrl+s")  # refused: no seat 3 at a table of three
        error = str(screen.query_one("#ng-error").render())
        assert app.screen is screen and "your seat must be 0 to 2, not '3'" in error
        screen.query_one("#ng-people").value = "Ann, Bob, Cy, Di"
        screen.query_one("#ng-seat").value = "2"
        await pilot.press("ctrl+s")
        assert app.screen is screen and "room for 3 people, not 4" in str(
            screen.query_one("#ng-error").render()
        )
        screen.query_one("#ng-people").value = "Ann, Bob"
        await pilot.press("ctrl+s")
        s = app.session
        assert app.screen is not screen and s.n == 3
        assert s.names == ["Bob", "Easy", "Ann"] and s.people == [0, 2] and s.hot_seat
        assert s.settings.people == ["Ann", "Bob"] and s.settings.seat == 2
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)  # hot seat: the hand is covered
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")  # the next new game starts from these
        assert app.screen.query_one("#ng-people").value == "Ann,Bob"
        assert app.screen.query_one("#ng-seat").value == "2"

    drive(app, script)


def test_a_whole_game_by_keys(tmp_path: Path) -> None:
    # seed 5: a game to 60 that takes two hands (scripts/tui_seeds.py)
    app = new_app(tmp_path, 5, rules={"preset": "standard", "target": 60})

    async def script(pilot: Any) -> None:
        s = app.session
        for _ in range(30):
            await play_hand_by_keys(pilot)
            assert isinstance(app.screen, HandOverScreen)
            if s.game_over:
                break
            await pilot.press("enter")
        sc = s.game.score
        assert s.game_over and sc.final is not None and len(s.game.hands) >= 2
        text = screen_text(app)
        win = s.names[sc.winner] if sc.winner is not None else "nobody"
        assert f"Game over — winner: {win}" in text
        for seat, name in enumerate(s.names):  # RULES.md §9's finals, line by line
            line = [x for x in text.splitlines() if x.strip(" │").startswith(f"{name}: ")][-1]
            assert f"{sc.totals[seat]} points" in line and line.strip(" │").endswith(
                f"= {sc.final[seat]}"
            )
        doc = json.loads(record_file(app).read_text())
        assert replay(doc).is_over

    drive(app, script)


def test_replay_steps_forwards_and_backwards(tmp_path: Path) -> None:
    s = simulate(5)
    doc = s.record()
    app = ReplayApp(doc, "five.json")

    async def script(pilot: Any) -> None:
        await pilot.pause()
        assert (app.hand_index, app.step) == (0, 0)
        await pilot.press("right", "right")
        assert app.step == 2
        await pilot.press("left")
        assert app.step == 1
        await pilot.press("end")
        assert app.step == len(doc["hands"][0]["actions"])
        assert "You knocked with 2" in screen_text(app)
        await pilot.click("#r-first")
        assert app.step == 0

    drive(app, script)


# ---- the command ---------------------------------------------------------------------------
def test_command_refuses_bad_input(tmp_path: Path, monkeypatch: Any, capsys: Any) -> None:
    from okgin.cli import main

    monkeypatch.setenv("OKGIN_DATA_DIR", str(tmp_path))
    assert main(["play", "--opponents", "nosuch"]) == 2
    assert "unknown opponent 'nosuch'" in capsys.readouterr().err
    assert main(["play", "--option", "gin_bonus=-1"]) == 2
    assert '"gin_bonus" must be an integer ≥ 0' in capsys.readouterr().err
    assert main(["play", "--players", "3", "--opponents", "easy,easy,easy"]) == 2
    assert "3 players need 2 opponent" in capsys.readouterr().err
    assert main(["play", "--resume"]) == 2
    assert "no saved game" in capsys.readouterr().err
    assert main(["play", "--replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.json*"))  # nothing started


def test_command_settings(monkeypatch: Any) -> None:
    import argparse

    from okgin.commands.play import register, settings_from_args

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(
        [
            "play",
            "--rules",
            "party",
            "--players",
            "4",
            "--opponents",
            "easy",
            "--option",
            "doubling_suit=null",
            "--option",
            "knock_bonus=5",
            "--target",
            "150",
            "--seed",
            "7",
        ]
    )
    settings, notices = settings_from_args(args)
    assert settings.rules == {"preset": "party", "players": 4, "knock_bonus": 5, "target": 150}
    assert settings.opponents == ["easy"] * 3 and settings.seed == 7 and notices == []
    assert settings.budget is None
    with_budget = parser.parse_args(["play", "--opponents", "expert", "--budget", "0.3"])
    assert settings_from_args(with_budget)[0].budget == 0.3
    with pytest.raises(OkginError, match="--budget must be more than 0"):
        settings_from_args(parser.parse_args(["play", "--budget", "0"]))
    settings, notices = settings_from_args(parser.parse_args(["play"]))
    level, notice = default_opponent()
    assert settings.opponents == [level] and settings.rules == {"preset": "standard"}
    assert level == ("medium" if "medium" in BOTS else "easy")
    assert notices == ([notice] if notice else [])


# ---- the pieces ----------------------------------------------------------------------------
def test_layoff_chains_and_candidates() -> None:
    melds = [Meld("TdJdQd"), Meld("5c5h5s")]
    hand = mask_of(parse_cards("8d 9d 5d Kd 2c"))
    cands = layoff_candidates(hand, melds)
    assert cands == {
        Card("5d"): [(1, 0)],
        Card("8d"): [(0, 1)],
        Card("9d"): [(0, 0)],
        Card("Kd"): [(0, 0)],
    }
    assert layoff_order([Card("8d"), Card("9d")], melds) == [(Card("9d"), 0), (Card("8d"), 0)]
    assert layoff_order([Card("8d")], melds) is None  # 9♦ must go first


def test_hints_name_a_gin_a_gin() -> None:
    """describe_action says gin exactly when the knock's melds hold every card kept."""
    from okgin.table import Seat, Table

    seen = set()
    for seed in range(60):
        t = Table({"preset": "standard", "format": "single"}, [Seat.bot("easy")] * 2, seed=seed)
        while not t.hand_over:
            s = t.to_play
            assert s is not None
            v = t.view(s)
            for k in (a for a in v.legal_actions if isinstance(a, Knock)):
                kept = len(v.hand) - (k.card is not None)
                gin = sum(len(m.cards) for m in k.melds) == kept
                words = describe_action(k, v)
                assert words.startswith("go ") == gin, (words, k)
                seen.add(gin)
            t.step_bot()
    assert seen == {True, False}


def test_words_for_people() -> None:
    names = ["You", "Easy"]
    assert humanize("not now; seat 0 is to play a draw", names) == "Not now; you are to play a draw"
    assert humanize("Ts is not in seat 1's hand", names) == "10♠ is not in Easy's hand"
    assert parse_option("doubling_suit=null") == ("doubling_suit", None)
    assert parse_option("format=hollywood") == ("format", "hollywood")
    with pytest.raises(OkginError):
        parse_option("gin_bonus")


def test_strongest_bot_for_hints(monkeypatch: Any) -> None:
    monkeypatch.setattr("okgin.table.local.BOTS", {"random": None, "easy": None})
    assert strongest_bot() == "easy"
    monkeypatch.setattr("okgin.table.local.BOTS", {"easy": None, "expert": None, "hard": None})
    assert strongest_bot() == "expert"


# ---- snapshots of the main screens (80×24, fixed seeds, no clock) ---------------------------
def snap_app(tmp_path: Path, seed: int, **kw: Any) -> PlayApp:
    return new_app(tmp_path, seed, **kw)


def test_snapshot_opening_offer(tmp_path: Path, snap_compare: Any) -> None:
    assert snap_compare(snap_app(tmp_path, 35), run_before=settle, terminal_size=SIZE)


def test_snapshot_after_a_draw(tmp_path: Path, snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)

    assert snap_compare(snap_app(tmp_path, 35), run_before=before, terminal_size=SIZE)


def test_snapshot_knock_screen(tmp_path: Path, snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("k")

    assert snap_compare(snap_app(tmp_path, 5), run_before=before, terminal_size=SIZE)


def test_snapshot_layoff_screen(tmp_path: Path, snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await settle(pilot)
        for keys in (["p"], ["d"]):
            await pilot.press(*keys)
            await settle(pilot)
        index = pilot.app.order.index(Card("Tc"))
        await pilot.press("home", *["right"] * index, "enter")
        await settle(pilot)

    assert snap_compare(snap_app(tmp_path, 35), run_before=before, terminal_size=SIZE)


def test_snapshot_end_of_hand(tmp_path: Path, snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await play_hand_by_keys(pilot)

    assert snap_compare(snap_app(tmp_path, 5), run_before=before, terminal_size=SIZE)


def test_snapshot_score_sheet_hollywood(tmp_path: Path, snap_compare: Any) -> None:
    rules = {"preset": "standard", "format": "hollywood", "target": 50}

    async def before(pilot: Any) -> None:
        for _ in range(2):
            await play_hand_by_keys(pilot)
            await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")

    assert snap_compare(snap_app(tmp_path, 5, rules=rules), run_before=before, terminal_size=SIZE)


def test_snapshot_new_game_screen(tmp_path: Path, snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("n")

    assert snap_compare(snap_app(tmp_path, 35), run_before=before, terminal_size=SIZE)


def test_snapshot_four_players_and_the_pile(tmp_path: Path, snap_compare: Any) -> None:
    kw = {"rules": {"preset": "party", "players": 4}, "opponents": ["easy", "random", "easy"]}

    async def before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("v")

    assert snap_compare(snap_app(tmp_path, 7, **kw), run_before=before, terminal_size=SIZE)


def test_snapshot_four_colour_deck(tmp_path: Path, snap_compare: Any) -> None:
    assert snap_compare(
        snap_app(tmp_path, 12, four_color=True), run_before=settle, terminal_size=SIZE
    )


def test_snapshot_replay(snap_compare: Any) -> None:
    app = ReplayApp(simulate(5).record(), "five.json")

    async def before(pilot: Any) -> None:
        await pilot.press("right", "right", "right")

    assert snap_compare(app, run_before=before, terminal_size=SIZE)


@pytest.mark.parametrize(
    ("rules", "extra", "expect"),
    [
        ({"preset": "standard"}, [44, 58], {"knock", "gin", "undercut", "dead"}),
        ({"preset": "classic"}, [], {"knock", "gin"}),
        ({"preset": "party", "players": 3}, [90, 99, 244], {"knock", "gin", "undercut", "dead"}),
        (
            {"preset": "party", "players": 3, "multiway_scoring": "pairwise"},
            [90, 99, 244],
            {"knock", "gin", "undercut", "dead"},
        ),
        ({"preset": "openspiel"}, [], {"knock", "gin"}),
    ],
    ids=["standard", "classic", "party-3", "party-3-pairwise", "openspiel"],
)
def test_scoring_lines_add_up_to_the_core_points(
    rules: dict[str, Any], extra: list[int], expect: set[str]
) -> None:
    """The end-of-hand arithmetic shown to the person equals the core's points, hand after
    hand (the lines fall back to bare points if it ever did not). The extra seeds (found by
    playing seeds 0-399) add undercuts and three-player hands where two seats score."""
    from okgin.tui.text import result_lines

    kinds = set()
    for seed in [*range(40), *extra]:
        opponents = ["easy"] * (int(rules.get("players", 2)) - 1)
        s = LocalGame.new(Settings(rules=rules, opponents=opponents, seed=seed), save=False)
        while not s.hand_over:
            seat = s.to_play
            assert seat is not None
            if seat == HUMAN:
                for a in human_actions(s.view()):
                    s.play(a)
            else:
                s.step_bot()
        r = s.hand.result
        assert r is not None
        kinds.add(r.result)
        text = "\n".join(str(line) for line in result_lines(s.view(), s.names))
        if r.result == "dead":
            assert text.startswith("Dead hand")
            continue
        assert " scores " not in text  # no fallback
        for seat, points in enumerate(r.points):
            if points and r.result in ("knock", "undercut"):
                assert f"= {points} to {s.names[seat]}" in text or (
                    sum(f"to {s.names[seat]}" in x for x in text.splitlines()) > 1
                )
            elif points:
                assert text.count(f"= {points}") == 1
    assert expect <= kinds, kinds


@pytest.mark.parametrize(
    ("way", "lines"),
    [
        (
            "lowest",
            [
                "Cat undercuts with the lowest: (3 − 0) + (15 − 0) + 20 undercut bonus = 38 to "
                "Cat; nobody else scores",
                "Cat wins the hand.",
                "Ann beats every defender: (15 − 3) + (9 − 3) + 10 knock bonus = 28 to Ann; "
                "nobody else scores",
                "Ann wins the hand.",
            ],
        ),
        (
            "pairwise",
            [
                "Ann beats Bob: 15 − 3 + 10 knock bonus = 22 to Ann",
                "Cat undercuts Ann: 3 − 0 + 20 undercut bonus = 23 to Cat",
                "Cat wins the hand.",
                "Ann beats Bob: 15 − 3 + 10 knock bonus = 22 to Ann",
                "Ann beats Cat: 9 − 3 + 10 knock bonus = 16 to Ann",
                "Ann wins the hand.",
            ],
        ),
    ],
)
def test_scoring_lines_follow_multiway_scoring(way: str, lines: list[str]) -> None:
    """RULES.md §12.9 (examples/worked_example_9.json) as the end-of-hand screen explains it
    under each reading."""
    from okgin.tui.text import score_lines

    doc = json.loads((EXAMPLES / "worked_example_9.json").read_text(encoding="utf-8"))
    doc["rules"]["multiway_scoring"] = way
    game = replay(doc)
    names = doc["players"]
    breakdowns = [h.breakdown() for h in game.hands]
    got = [x for b in breakdowns if b is not None for x in score_lines(b, names)]
    assert got == lines


def holding(view: View) -> list[Action]:
    """The person never knocks before the end of the stock (easy's discards otherwise)."""
    from okgin.melds import deadwood

    if view.phase in ("layoff", "fiftieth", "fiftieth_knock"):
        return human_actions(view)
    action = EasyBot().act(view)
    if isinstance(action, Knock):
        hand = mask_of(view.hand)
        discards = [a for a in view.legal_actions if isinstance(a, Discard)]
        action = min(discards, key=lambda d: (deadwood(hand & ~(1 << d.card)), -d.card.value))
    return [action]


def test_fiftieth_card_take_and_knock(tmp_path: Path) -> None:
    """openspiel's fiftieth_card: seed 6 against the random bot (the person holding on, as
    :func:`holding` plays) reaches the last discard with a knock possible. The hand is played
    through the session up to there, the table opens on it (as after --resume), then by keys:
    take, and the knock screen opens by itself because the knock is compulsory."""
    settings = Settings(rules={"preset": "openspiel"}, opponents=["random"], seed=6, speed=0)
    s = LocalGame.new(settings, tmp_path)
    while s.view().phase != "fiftieth" or not s.human_to_play:
        assert not s.hand_over
        seat = s.to_play
        assert seat is not None
        if seat == HUMAN:
            for action in holding(s.view()):
                s.play(action)
        else:
            s.step_bot()
    app = PlayApp(s)

    async def script(pilot: Any) -> None:
        await settle(pilot)
        v = s.view()
        assert TAKE in v.legal_actions and v.stock_size == 2
        top = v.top_discard
        assert top is not None and f"take {card_label(top)} and knock at once" in str(app.prompt(v))
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, KnockScreen)  # compulsory: it opened by itself
        await pilot.press("enter")
        await settle(pilot)
        r = s.hand.result
        assert r is not None and r.knocker == HUMAN and r.result in ("knock", "gin")
        assert (HUMAN, TAKE) in s.hand.history[-3:]

    drive(app, script)


def test_snapshot_rules_screen_120x40(tmp_path: Path, snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("r")

    assert snap_compare(snap_app(tmp_path, 35), run_before=before, terminal_size=(120, 40))


async def hard_hint(pilot: Any) -> None:
    pilot.app.session.settings.hint_bot = "hard"
    await settle(pilot)
    for keys in (["p"], ["d"]):
        await pilot.press(*keys)
        await settle(pilot)
    await pilot.press("h")
    await wait_for_hint(pilot)


def test_snapshot_hint_line_120x40(tmp_path: Path, snap_compare: Any) -> None:
    assert snap_compare(snap_app(tmp_path, 35), run_before=hard_hint, terminal_size=(120, 40))


def test_snapshot_hint_details(tmp_path: Path, snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await hard_hint(pilot)
        await pilot.press("h")

    assert snap_compare(snap_app(tmp_path, 35), run_before=before, terminal_size=SIZE)


def test_snapshot_terminal_too_small(tmp_path: Path, snap_compare: Any) -> None:
    assert snap_compare(snap_app(tmp_path, 35), terminal_size=(60, 20))


# ---- okgin play on okgin.table: games apart, seats, hot seat ----------------------------------
OTHER_GAME = """
import sys
from pathlib import Path
from okgin.bots import EasyBot
from okgin.table.local import LocalGame, Settings
rules = {"preset": "standard", "target": 60}
s = LocalGame.new(Settings(rules=rules, opponents=["easy"], seed=7, speed=0), Path(sys.argv[1]))
print(s.id, flush=True)
for _ in range(5000):
    if s.game_over:
        break
    if s.hand_over:
        s.next_hand()
    elif s.human_to_play:
        s.play(EasyBot().act(s.view()))
    else:
        s.step_bot()
print(len(s.game.hands), s.game_over, flush=True)
"""


def test_two_games_in_one_data_folder_at_once(tmp_path: Path) -> None:
    """A second okgin play (another process) plays a whole game in the same data folder
    while this one is played by keys: each game has its own id and files, both records are
    complete and replay (also with okgin replay), neither game touched the other."""
    import os
    import subprocess
    import sys

    from okgin.cli import main

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    other = subprocess.Popen(
        [sys.executable, "-c", OTHER_GAME, str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    app = new_app(tmp_path, 5, rules={"preset": "standard", "target": 60})

    async def script(pilot: Any) -> None:
        s = app.session
        for _ in range(30):
            await play_hand_by_keys(pilot)
            if s.game_over:
                break
            await pilot.press("enter")

    drive(app, script)
    out, _ = other.communicate(timeout=300)
    assert other.returncode == 0, out
    other_id, summary = out.split("\n", 1)
    hands, over = summary.split()
    assert over == "True" and other_id != app.session.id
    for table_id, game_hands in ((app.session.id, len(app.session.game.hands)), (other_id, 0)):
        record = tmp_path / f"{table_id}.json"
        game = replay(json.loads(record.read_text()))
        assert game.is_over  # complete: every hand to the end of the game
        assert len(game.hands) == (game_hands or int(hands))
        assert main(["replay", str(record)]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == sorted(
        [f"{app.session.id}.jsonl", f"{other_id}.jsonl"]
    )


def test_resume_lists_the_unfinished_games(tmp_path: Path, monkeypatch: Any, capsys: Any) -> None:
    from okgin.cli import main
    from okgin.errors import RecordError

    a = LocalGame.new(Settings(opponents=["easy"], seed=1, speed=0), tmp_path)
    b = LocalGame.new(Settings(opponents=["random"], seed=2, speed=0), tmp_path)
    a.play(a.view().legal_actions[0]) if a.human_to_play else a.step_bot()
    with pytest.raises(RecordError, match="2 unfinished games") as info:
        LocalGame.resume(tmp_path)
    assert a.id in str(info.value) and b.id in str(info.value)
    assert "okgin play --resume ID" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(RecordError, match="open in another window or process"):
        LocalGame.resume(tmp_path, a.id)  # a is still open at its terminal
    a.close()
    again = LocalGame.resume(tmp_path, a.id)
    assert again.id == a.id and again.hand.history == a.hand.history
    assert again.names == ["You", "Easy"] and again.settings.opponents == ["easy"]
    again.close()
    b.close()
    monkeypatch.setenv("OKGIN_DATA_DIR", str(tmp_path))
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "2 unfinished games" in err and a.id in err and "Traceback" not in err
    assert main(["play", "--resume", "nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err
    older = tmp_path / "older"
    older.mkdir()
    (older / "current.json").write_text(json.dumps(a.record()))  # an older okgin's save
    with pytest.raises(RecordError, match=r"okgin play --replay .*current\.json"):
        LocalGame.resume(older)


def test_resume_with_undo_allows_taking_back_in_that_sitting(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """okgin play --resume --undo: undo is allowed in that sitting, also in a game started
    without it; the game keeps its own setting, and its undo entry replays on the next
    resume."""
    from okgin.cli import main

    g = LocalGame.new(Settings(opponents=["easy"], seed=35, speed=0), tmp_path)
    g.run_bots()
    g.play(g.view().legal_actions[0])
    g.run_bots()
    with pytest.raises(IllegalActionError, match="undo is off"):
        g.undo()
    g.close()
    seen: list[LocalGame] = []
    monkeypatch.setenv("OKGIN_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(PlayApp, "run", lambda app: seen.append(app.session))
    assert main(["play", "--resume", "--undo"]) == 0
    (s,) = seen
    assert s.id == g.id and s.settings.undo and s.table.undo_allowed
    played = len(s.hand.history)
    s.undo()
    assert len(s.hand.history) < played
    s.close()
    again = LocalGame.resume(tmp_path, g.id)  # without --undo: the game's own setting
    assert again.hand.history == s.hand.history and not again.table.undo_allowed
    with pytest.raises(IllegalActionError, match="undo is off"):
        again.undo()
    again.close()


def test_the_person_may_sit_at_any_seat(tmp_path: Path) -> None:
    async def script(pilot: Any) -> None:
        await play_hand_by_keys(pilot)
        s = app.session
        assert s.me == 1 and s.names[1] == "You" and s.table.seats[1].is_person
        assert {seat for seat, _ in s.hand.history if seat != 1} <= {0, 2}
        assert any(seat == 1 for seat, _ in s.hand.history)
        assert s.hand.result is not None

    settings = Settings(
        rules={"preset": "party", "players": 3}, opponents=["easy", "easy"], seed=5, speed=0
    )
    settings.seat = 1
    settings.hint_bot = "easy"
    app = PlayApp(LocalGame.new(settings, tmp_path))
    drive(app, script)


def test_hot_seat_hides_each_hand_between_turns(tmp_path: Path) -> None:
    settings = Settings(opponents=[], people=["Ann", "Bob"], seed=5, speed=0)
    app = PlayApp(LocalGame.new(settings, tmp_path))

    async def script(pilot: Any) -> None:
        s = app.session
        await pilot.pause()
        first = s.table.person_to_play
        assert first is not None and s.hot_seat
        for _ in range(4):  # four turns, two for each person
            seat = s.table.person_to_play
            assert seat is not None
            name = s.names[seat]
            assert isinstance(app.screen, HandoffScreen) and app.hand_hidden
            text = screen_text(app)
            assert f"{name}'s turn" in text and "hand" not in text  # no cards at all
            await pilot.press("enter")
            await pilot.pause()
            assert not app.hand_hidden and f"{name}'s hand" in screen_text(app)
            hand = [card_label(c) for c in s.view(seat).hand]
            assert all(label in screen_text(app) for label in hand)
            while s.table.person_to_play == seat:  # this person's turn, by keys
                await press_action(pilot, human_actions(s.view(seat)))
            if s.hand_over:
                break
        assert {seat for seat, _ in s.hand.history} == {0, 1}

    drive(app, script)
