"""``okgin play``: the table on the screen, the keys and the mouse.

The app draws and dispatches only: the game flow (seats, turns, the bots and their pace,
saving, undo) is a :class:`~okgin.table.local.LocalGame` over a :class:`~okgin.table.Table`,
and the figures it shows come from the core. Every refusal is the core's
:class:`~okgin.errors.IllegalActionError`, shown in plain words, the game left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Static

from okgin.actions import (
    DISCARDS,
    DRAW,
    PASS,
    TAKE,
    Action,
    Discard,
    Done,
    Draw,
    Layoff,
    Pass,
    Take,
)
from okgin.bots import make_bot
from okgin.cards import Card, mask_of
from okgin.errors import IllegalActionError, OkginError
from okgin.melds import best_layoffs, deadwood_after_discard
from okgin.rules import Rules
from okgin.scoring import best_discard_deadwood, knock_is_gin, offered_knock, spread
from okgin.table import TableEvent
from okgin.table.local import HUMAN, LocalGame, Settings, speed_name, strongest_bot
from okgin.tui.replay import ReplayScreen
from okgin.tui.screens import (
    MIN_SIZE,
    HandoffScreen,
    HandOverScreen,
    HelpScreen,
    HintScreen,
    KnockScreen,
    LayoffScreen,
    NewGameScreen,
    PileScreen,
    RulesScreen,
    ScoreScreen,
    TooSmallScreen,
)
from okgin.tui.text import card_label, card_text, doubling_text, event_lines
from okgin.tui.widgets import CardRow, TableRow
from okgin.views import View

__all__ = ["PlayApp", "describe_action", "humanize"]


def humanize(reason: str, names: Sequence[str], me: int = HUMAN) -> str:
    """The core's reasons name seats; the person at seat ``me`` reads names ("you",
    "Medium")."""

    def who(m: re.Match[str]) -> str:
        s = int(m.group(1))
        return "you" if s == me else names[s] if s < len(names) else m.group(0)

    reason = re.sub(
        r"seat (\d+) is to play",
        lambda m: f"{who(m)} {'are' if m.group(1) == str(me) else 'is'} to play",
        reason,
    )
    reason = re.sub(
        r"seat (\d+)'s", lambda m: "your" if int(m.group(1)) == me else f"{who(m)}'s", reason
    )
    reason = re.sub(r"seat (\d+)", who, reason)
    reason = plain_rules(reason)
    reason = symbols(reason)
    return reason[:1].upper() + reason[1:]


#: The core's reasons cite the rule book (``RULES.md §4``) and the option keys behind them,
#: which a person at the table has not got: the reason itself says the rule in words.
_CITATION = re.compile(r",?\s*RULES\.md §\d+(?:, §\d+)*")
_OPTION_ONLY = re.compile(r"\s*\((?:[a-z]+_[a-z_]+(?: [a-z_]+)?)?\)")


def plain_rules(reason: str) -> str:
    """``… same turn (no_return_discard, RULES.md §4)`` → ``… same turn``: no file names,
    no option keys; other words in brackets stay."""
    reason = _CITATION.sub("", reason)
    reason = _OPTION_ONLY.sub("", reason)
    reason = re.sub(r"\((?:[a-z]+_[a-z_]+(?: [a-z_]+)?), ", "(", reason)
    return reason.replace("(big_gin_bonus is null)", "in these rules")


def symbols(text: str) -> str:
    """Card texts (``Tc``) in words meant for people become card faces (``10♣``)."""
    return re.sub(r"\b[A2-9TJQK][cdhs]\b", lambda m: card_label(Card(m.group(0))), text)


def describe_action(action: Action, view: View) -> str:
    """An action in words, for hints."""
    if isinstance(action, Draw):
        return "draw from the stock"
    if isinstance(action, Take):
        top = view.top_discard
        return f"take {card_label(top)}" if top is not None else "take"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Done):
        return "finish laying off"
    if isinstance(action, Discard):
        return f"discard {card_label(action.card)}"
    if isinstance(action, Layoff):
        return f"lay off {card_label(action.card)} on meld {action.meld + 1}"
    if knock_is_gin(mask_of(view.hand), action):
        if action.card is None:
            return "go big gin"
        return f"go gin, putting {card_label(action.card)} aside"
    return f"knock, putting {card_label(action.card) if action.card is not None else '-'} aside"


@dataclass(frozen=True)
class Hint:
    """A bot's hint for one position: the move, its one-line reason, the details."""

    bot: str
    view: View
    action: Action
    why: str
    details: list[str]
    key: tuple[int, int]  # (epoch, actions played): the position it is for

    def line(self, width: int) -> str:
        """``Hint: discard K♠ — keeps 8♠ 9♠: 2 outs for a run; …`` in one line of ``width``:
        the reason's last parts are left to the details (h again) when it is too long."""
        head = f"Hint: {describe_action(self.action, self.view)} — "
        parts = symbols(self.why).split("; ")
        more = " (h again: why)"
        for n in range(len(parts), 0, -1):
            text = head + "; ".join(parts[:n])
            if len(text) + len(more) <= width:
                return text + more
            if n == len(parts) and len(text) <= width:
                return text
        text = head + parts[0]
        return text if len(text) <= width else text[: max(0, width - 1)] + "…"

    def title(self) -> str:
        return f"Hint from the {self.bot} bot: {describe_action(self.action, self.view)}"

    def details_text(self, rules: Rules) -> Text:
        v = self.view
        out = Text()
        out.append(symbols(self.why) + "\n\n", style="bold")
        for line in self.details:
            out.append("• " + symbols(line) + "\n")
        out.append("\nWhat the words mean\n", style="bold")
        out.append(
            "Deadwood: the points of your cards that are in no meld (ace 1, face cards "
            f"10). You may knock with {v.knock_limit} or less this hand"
            + (" (the ace upcard: gin only).\n" if v.knock_limit == 0 else ".\n")
        )
        out.append(
            "Outs: the cards you have not seen (still in the stock or in another hand) that "
            "would make a meld with the cards a move keeps.\n"
        )
        if self.bot == "expert":
            out.append(
                "Expected points: the expert bot plays the hand on from here many times, "
                "guessing the hidden cards from what you have seen, and averages your points "
                "less the others' (near the end of a game, winning it counts too). "
                "“N points better” is the gap to the next best move it tried.\n"
            )
        out.append(
            "Undercut risk: the chance that a player you knock against ends, after laying "
            f"off, with no more deadwood than you and scores the {rules.undercut_bonus}-point "
            "undercut bonus.\n"
        )
        return out


CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
#opponents { height: auto; padding: 0 1; }
#table { margin: 0 1; }
#handlabel { height: 1; padding: 0 1; }
#hand { margin: 0 1; }
#prompt { height: 1; padding: 0 1; text-style: bold; }
#message { height: auto; max-height: 2; padding: 0 1; }
#message.-refused { color: $error; text-style: bold; }
#actions { height: 1; padding: 0 1; }
#actions Button { min-width: 0; width: auto; margin-right: 1; }
#logbox { height: 1fr; border-top: solid $foreground 30%; padding: 0 1; }
"""


class PlayApp(App[None]):
    """The terminal game against computer opponents."""

    TITLE = "okgin"
    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "take", "take", show=False),
        Binding("p", "pass_", "pass", show=False),
        Binding("d", "draw", "draw", show=False),
        Binding("enter", "enter", "discard", show=False),
        Binding("x", "discard", "discard", show=False),
        Binding("left", "move(-1)", "left", show=False),
        Binding("right", "move(1)", "right", show=False),
        Binding("home", "move_to(0)", "first", show=False),
        Binding("end", "move_to(-1)", "last", show=False),
        Binding("k", "knock", "knock", show=False),
        Binding("g", "knock", "gin", show=False),
        Binding("l", "layoff", "lay off", show=False),
        Binding("h", "hint", "hint"),
        Binding("v", "pile", "pile"),
        Binding("s", "scores", "scores"),
        Binding("r", "rules", "rules"),
        Binding("u", "undo", "undo", show=False),
        Binding("n", "new", "new game"),
        Binding("plus,equals_sign", "speed(1)", "faster", show=False),
        Binding("minus", "speed(-1)", "slower", show=False),
        Binding("c", "colors", "colours", show=False),
        Binding("question_mark,f1", "help", "help"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self,
        session: LocalGame,
        *,
        notice: str | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.cursor: int = 0
        self.cursor_card: Card | None = None
        self._epoch = 0
        self._bot_pending = False
        self._unsubscribe: Callable[[], None] | None = None
        self._shown_seat: int | None = None  # hot seat: whose cards were last shown
        self._over_shown: tuple[int, int] | None = None
        self._auto_shown: tuple[int, int, int] | None = None
        self._message: Text = Text(notice or "")
        self._refused = False
        self.order: list[Card] = []
        self._seen_new: Card | None = None
        self._hint: Hint | None = None

    # ---- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="opponents")
        yield TableRow(id="table")
        yield Static(id="handlabel")
        yield CardRow(id="hand")
        yield Static(id="prompt")
        yield Static(id="message")
        with Horizontal(id="actions"):
            for key, label in (
                ("draw", "Draw d"),
                ("take", "Take t"),
                ("pass", "Pass p"),
                ("discard", "Discard ⏎"),
                ("knock", "Knock k"),
                ("layoff", "Lay off l"),
                ("next", "Next hand ⏎"),
                ("hint", "Hint h"),
                ("undo", "Undo u"),
            ):
                b = Button(label, id=f"b-{key}", compact=True)
                b.can_focus = False
                yield b
        logbox = VerticalScroll(id="logbox")
        logbox.can_focus = False  # the keys belong to the table
        with logbox:
            yield Static(id="log")
        yield Footer()

    def on_unmount(self) -> None:
        self.session.close()  # the game may be resumed, here or in another terminal
        if self._unsubscribe is not None:
            self._unsubscribe()

    def on_mount(self) -> None:
        self.watch_table()
        if self.too_small:
            self.push_screen(TooSmallScreen())
            return
        self.advance()

    @property
    def me(self) -> int:
        """The seat whose hand is on the screen."""
        return self.session.me

    @property
    def four_color(self) -> bool:
        return self.session.settings.four_color

    # ---- showing the table ---------------------------------------------------------------
    def refresh_table(self) -> None:
        s = self.session
        v = s.view()
        names = s.names
        fc = self.four_color
        sc = s.game.score
        rules = s.rules
        scores = " · ".join(f"{n} {t}" for n, t in zip(names, sc.totals))
        goal = f"to {sc.target}" if rules.format != "single" else "one hand"
        if rules.format == "hollywood":
            games = " ".join(
                "–".join(str(t) for t in g.totals) + ("✓" if g.closed else "") for g in sc.games
            )
            scores = f"Hollywood {'–'.join(names)}: {games}"
        title = f"okgin · {rules.preset_name} · hand {v.hand_number} · {scores} · {goal}"
        self.query_one("#title", Static).update(title)
        # opponents
        lines = []
        for seat in range(v.players):
            if seat == self.me:
                continue
            line = Text("▶ " if v.to_play == seat else "  ")
            line.append(f"{names[seat]:<9}", style="bold")
            line.append(f" {v.hand_sizes[seat]:>2} cards")
            if v.dealer == seat:
                line.append(" · dealer")
            line.append(" · took from the pile: ")
            if v.taken[seat]:
                line.append_text(self.cards(v.taken[seat]))
            else:
                line.append("—")
            lines.append(line)
        self.query_one("#opponents", Static).update(Text("\n").join(lines))
        # the middle of the table
        limit = (
            "gin only (ace)"
            if v.knock_limit == 0 and not isinstance(rules.knock_limit, int)
            else f"knock limit {v.knock_limit}"
        )
        dbl = doubling_text(v)
        if v.multiplier > 1:
            dbl = f"×{v.multiplier} doubled"
        top = v.pile[-1] if v.pile else None
        if v.phase == "offer" and top is not None:
            pile_caps = ["the upcard", "is offered:", "take it? (t)"]
        elif top is not None:
            by = "dealt" if top.by is None else f"by {names[top.by]}"
            pile_caps = [
                "discard pile",
                by,
                f"{len(v.pile)} card{'s' if len(v.pile) != 1 else ''} (v)",
            ]
        else:
            pile_caps = ["discard pile", "empty", ""]
        parts: list[tuple[str, Card | str | None, list[str]]] = [
            ("upcard", v.upcard, ["upcard → " + limit, dbl, ""]),
            ("stock", None, ["stock", f"{v.stock_size} cards", ""]),
            ("pile", top.card if top is not None else "", pile_caps),
        ]
        self.query_one("#table", TableRow).show(parts, fc)
        # your hand
        cards = list(v.hand)
        dw, melds, loose = spread(mask_of(cards))
        groups = [m.cards for m in melds] + [loose]
        self.order = [c for g in groups for c in g]
        new = s.last_draw()
        if new is not None and new != self._seen_new and new in self.order:
            self.cursor_card = new  # a card just drawn or taken: the cursor goes to it
        self._seen_new = new
        if self.cursor_card in self.order:
            self.cursor = self.order.index(self.cursor_card)
        elif new is not None and new in self.order:
            self.cursor = self.order.index(new)
        self.cursor = max(0, min(self.cursor, len(self.order) - 1))
        self.cursor_card = self.order[self.cursor] if self.order else None
        marked = {new} if new is not None else set()
        if self.hand_hidden:
            self.query_one("#hand", CardRow).show([], None)
            self.query_one("#handlabel", Static).update(
                Text(f"{s.names[self.me]}'s hand is hidden until their turn", style="bold")
            )
        else:
            self.query_one("#hand", CardRow).show(groups, self.cursor, marked, fc)
            self.query_one("#handlabel", Static).update(self.hand_label(v, dw, new))
        # prompt, message, buttons, log
        self.query_one("#prompt", Static).update(self.prompt(v))
        hidden = self.hand_hidden  # hot seat: nothing of the last person's own shows
        msg = self.query_one("#message", Static)
        msg.update(Text("") if hidden else self._message)
        msg.set_class(self._refused and not hidden, "-refused")
        self.refresh_buttons(v)
        log = Text("\n").join(event_lines(v, names, {} if hidden else s.my_draws()))
        self.query_one("#log", Static).update(log)
        self.query_one("#logbox", VerticalScroll).scroll_end(animate=False)

    @property
    def hand_hidden(self) -> bool:
        """Hot seat: a person's cards show only on their own turn, once handed over."""
        s = self.session
        if not s.hot_seat or s.hand_over:
            return False
        return s.table.person_to_play != self.me or self._shown_seat != self.me

    def hand_label(self, v: View, dw: int, new: Card | None) -> Text:
        s = self.session
        fc = self.four_color
        cards = list(v.hand)
        who = f"{s.names[self.me]}'s hand" if s.hot_seat else "Your hand"
        label = Text(who, style="bold")
        label.append(f" · deadwood {dw}")
        if len(cards) > v.rules.cards_per_hand and v.phase in ("play", "fiftieth_knock"):
            best = best_discard_deadwood(mask_of(v.hand), v.legal_actions)
            if best is not None:
                label.append(f" · best discard → {best}")
        if new is not None:
            taken = v.taken_this_turn is not None
            label.append(" · took " if taken else " · drew ")
            label.append_text(card_text(new, fc))
            if taken and v.rules.no_return_discard:
                label.append(": keep it this turn")
        elif v.dealer == self.me:
            label.append(" · you dealt")
        return label

    def cards(self, cards: Sequence[int]) -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(" ")
            out.append_text(card_text(c, self.four_color))
        return out

    def prompt(self, v: View) -> Text:
        s = self.session
        names = s.names
        if s.game_over:
            undo = " · u undo" if s.table.undo_allowed else ""
            return Text(f"The game is over: n new game · s score sheet{undo} · q quit")
        if s.hand_over:
            return Text("The hand is over: Enter for the next hand · s score sheet")
        if v.to_play != self.me:
            who = names[v.to_play] if v.to_play is not None else "?"
            doing = "is laying off…" if v.phase == "layoff" else "is playing…"
            return Text(f"{who} {doing}")
        top = card_label(v.top_discard) if v.top_discard is not None else "?"
        if v.phase == "offer":
            return Text(f"Your turn: take the upcard {top} (t) or pass (p)")
        if v.phase == "draw":
            if TAKE not in v.legal_actions:
                return Text("Everybody passed: draw from the stock (d)")
            return Text(f"Your turn: draw from the stock (d) or take {top} (t)")
        if v.phase == "play":
            text = "Discard: choose a card (←/→) and press Enter"
            knock = offered_knock(v)
            if knock is not None:
                gin = knock_is_gin(mask_of(v.hand), knock)
                text += " · or GIN! (k)" if gin else " · or knock (k)"
            return Text(text)
        if v.phase == "fiftieth":
            if TAKE in v.legal_actions:
                return Text(f"Stock down to two: take {top} and knock at once (t), or pass (p)")
            return Text(f"Stock down to two: {top} would not let you knock, so pass (p)")
        if v.phase == "fiftieth_knock":
            return Text("You took the last discard: knock now (k)")
        if v.phase == "layoff":
            knocker = names[v.knocker] if v.knocker is not None else "?"
            return Text(f"Lay off onto {knocker}'s melds (l)")
        return Text("")

    def refresh_buttons(self, v: View) -> None:
        s = self.session
        mine = v.to_play == self.me and not s.hand_over
        legal = v.legal_actions if mine else ()
        knock = offered_knock(v) if mine else None
        shown = {
            "draw": DRAW in legal,
            "take": TAKE in legal,
            "pass": PASS in legal,
            "discard": any(isinstance(a, Discard) for a in legal),
            "knock": knock is not None,
            "layoff": mine and v.phase == "layoff",
            "next": s.hand_over,
            "hint": mine,
            "undo": s.settings.undo,
        }
        for key, on in shown.items():
            self.query_one(f"#b-{key}", Button).display = on
        if knock is not None:
            self.query_one("#b-knock", Button).label = (
                "GIN! k" if knock_is_gin(mask_of(v.hand), knock) else "Knock k"
            )
        self.query_one("#b-next", Button).label = "New game n" if s.game_over else "Next hand ⏎"

    def say(self, text: str | Text, refused: bool = False) -> None:
        self._message = text if isinstance(text, Text) else Text(text)
        self._refused = refused
        msg = self.query_one("#message", Static)
        msg.update(self._message)
        msg.set_class(refused, "-refused")

    def refuse(self, reason: str) -> None:
        self.say(f"✗ Refused: {humanize(reason, self.session.names, self.me)}", refused=True)
        self.bell()

    # ---- the flow of the game ----------------------------------------------------------
    def advance(self) -> None:
        """Show the table, then start whatever comes next: a bot's turn, the end of the
        hand, or the screens the person's turn needs (layoffs, a forced knock)."""
        s = self.session
        for notice in s.take_notices():
            self.say(notice)
        self.refresh_table()
        if self.too_small:  # nothing moves on until the terminal is big enough
            return
        if self.hand_off():
            return
        if s.hand_over:
            key = (self._epoch, len(s.game.hands))
            if self._over_shown != key:
                self._over_shown = key
                self.show_over()
            return
        if s.bot_to_play is not None:
            self.schedule_bot()
            return
        v = s.view()
        key3 = (self._epoch, len(s.game.hands), len(s.hand.history))
        if v.phase == "layoff" and self._auto_shown != key3:
            self._auto_shown = key3
            self.action_layoff()
        elif v.phase == "fiftieth_knock" and self._auto_shown != key3:
            self._auto_shown = key3
            self.action_knock()

    def hand_off(self) -> bool:
        """Hot seat: when the person on turn is not the one whose cards were last on the
        screen, cover the table until they are at the keyboard. True while covered."""
        s = self.session
        seat = s.table.person_to_play
        if not s.hot_seat or seat is None or seat == self._shown_seat:
            return False
        if not any(isinstance(x, HandoffScreen) for x in self.screen_stack):
            self.push_screen(HandoffScreen(s.names[seat]), lambda _: self.handed(seat))
        return True

    def handed(self, seat: int) -> None:
        self._shown_seat = seat
        self.cursor_card = None
        self.say("")
        self.advance()

    def schedule_bot(self) -> None:
        """Let the table's bots play up to a person's turn (or the end of the hand), each
        thinking off the app's thread after the pause the speed asks for; the table applies
        their moves on this thread, and every move is shown as it comes (on_table_event)."""
        if self._bot_pending:
            return
        self._bot_pending = True
        self.bot_worker(self._epoch, self.session)

    @work(exclusive=True, group="bot", exit_on_error=False)
    async def bot_worker(self, epoch: int, game: LocalGame) -> None:
        try:
            await game.run_bots_async()
        finally:
            if epoch == self._epoch:
                self._bot_pending = False
        if epoch == self._epoch and game is self.session:
            self.advance()

    def on_table_event(self, event: TableEvent) -> None:
        """A change at the table (a bot's move, the person's own): show it."""
        if event.kind == "action" and self.session.bot_to_play is not None:
            self.refresh_table()

    def watch_table(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = self.session.table.subscribe(None, self.on_table_event)

    def new_epoch(self) -> None:
        self._epoch += 1
        self._bot_pending = False
        self.workers.cancel_group(self, "bot")

    def play_only(self, actions: Sequence[Action]) -> str | None:
        """Play the person's actions; on a refusal return the reason (the game unchanged)."""
        for action in actions:
            try:
                self.session.play(action)
            except IllegalActionError as exc:
                self.bell()
                return humanize(exc.reason, self.session.names, self.me)
        self.say("")
        return None

    def try_play(self, actions: Sequence[Action]) -> str | None:
        """Play the person's actions from the table; a refusal is shown in plain words."""
        reason = self.play_only(actions)
        if reason is not None:
            self.say(f"✗ Refused: {reason}", refused=True)
        self.advance()
        return reason

    def push_modal(self, screen: Any) -> None:
        """A pop-up that may play actions: the table moves on once it is closed."""
        self.push_screen(screen, lambda _result: self.advance())

    def show_over(self) -> None:
        s = self.session
        screen = HandOverScreen(s.view(), s.game, s.names, self.four_color)
        self.push_screen(screen, self.over_closed)

    def over_closed(self, result: str | None) -> None:
        if result == "next":
            try:
                self.session.next_hand()
            except IllegalActionError as exc:
                self.refuse(exc.reason)
                return
            self.cursor_card = None
            self.say("")
            self.advance()
        elif result == "new":
            self.action_new()
        elif result == "undo":
            self.action_undo()
        elif result == "review":
            self.review_game()

    def review_game(self) -> None:
        """The finished game in the replay screen, reviewed for the people at the table
        (okgin review, its progress in the title) and shown with its annotations; Esc comes
        back here."""
        s = self.session
        path = s.record_path
        screen = ReplayScreen(
            s.record(),
            path.name if path is not None else "this game",
            self.four_color,
            seats=s.people,
            review_now=True,
        )
        self.push_screen(screen, lambda _: self.advance())

    # ---- actions (keys, buttons, clicks) --------------------------------------------------
    TABLE_KEYS = frozenset(
        {"draw", "take", "pass_", "discard", "enter", "move", "move_to", "knock", "layoff"}
        | {"hint", "undo", "new", "pile", "scores", "rules", "help", "speed", "colors"}
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's keys act only while no pop-up is open over it."""
        return not (action in self.TABLE_KEYS and len(self.screen_stack) > 1)

    def action_draw(self) -> None:
        self.try_play([DRAW])

    def action_take(self) -> None:
        self.try_play([TAKE])

    def action_pass_(self) -> None:
        self.try_play([PASS])

    def action_discard(self) -> None:
        if self.cursor_card is None:
            self.refuse("you have no card to discard")
            return
        self.try_play([DISCARDS[self.cursor_card]])

    def action_enter(self) -> None:
        s = self.session
        if s.hand_over:  # the summary was closed: Enter goes on, as the prompt says
            self.over_closed("new" if s.game_over else "next")
            return
        v = s.view()
        if v.to_play == self.me and v.phase == "layoff":
            self.action_layoff()
        elif v.to_play == self.me and v.phase == "fiftieth_knock":
            self.action_knock()
        else:
            self.action_discard()

    def action_move(self, step: int) -> None:
        if self.order:
            self.cursor = (self.cursor + step) % len(self.order)
            self.cursor_card = self.order[self.cursor]
            self.refresh_table()

    def action_move_to(self, index: int) -> None:
        if self.order:
            self.cursor = index % len(self.order)
            self.cursor_card = self.order[self.cursor]
            self.refresh_table()

    def action_knock(self) -> None:
        s = self.session
        v = s.view()
        knock = offered_knock(v) if v.to_play == self.me else None
        if knock is None:
            self.refuse(self.why_no_knock(v))
            return
        must = v.phase == "fiftieth_knock"
        self.push_modal(KnockScreen(v, knock, self.play_only, self.four_color, must))

    def why_no_knock(self, v: View) -> str:
        s = self.session
        if s.game_over or s.hand_over:
            return "the hand is over"
        if v.to_play != self.me:
            return f"it is {s.names[v.to_play or 0]}'s turn"
        if v.phase in ("offer", "draw"):
            return "you knock after drawing: draw from the stock or take the discard first"
        if v.phase == "fiftieth":
            return "take the last discard first (t), then knock"
        if v.phase == "layoff":
            return "someone has already knocked: lay off your cards (l)"
        hand = mask_of(v.hand)
        best = best_discard_deadwood(hand, v.legal_actions)
        any_best = deadwood_after_discard(hand)
        if best is not None and any_best <= v.knock_limit < best:
            return (
                "only by putting aside the card you took from the pile, and a card taken "
                "from the pile stays in your hand that turn (r: the rules)"
            )
        if v.knock_limit == 0:
            return f"the ace upcard allows only gin; your best is {any_best} deadwood"
        return (
            f"your best knock would leave {any_best} deadwood, over the knock limit "
            f"{v.knock_limit} set by the upcard {card_label(v.upcard)}"
        )

    def action_layoff(self) -> None:
        s = self.session
        v = s.view()
        if v.to_play != self.me or v.phase != "layoff":
            if v.phase == "layoff":
                self.refuse(f"{s.names[v.to_play or 0]} is laying off now; your turn comes")
            else:
                self.refuse("layoffs come only after another player knocks")
            return
        _, best = best_layoffs(mask_of(v.hand), v.melds)
        self.push_modal(LayoffScreen(v, s.names, best, self.play_only, self.four_color))

    def action_hint(self) -> None:
        s = self.session
        if not s.human_to_play:
            self.refuse("a hint is for your own turn")
            return
        hint = self._hint
        if hint is not None and hint.key == (self._epoch, len(s.hand.history)):
            self.push_screen(HintScreen(hint.title(), hint.details_text(s.rules)))
            return
        name = s.settings.hint_bot or strongest_bot()
        view = s.view()
        epoch, length = self._epoch, len(s.hand.history)
        self.say(f"Asking the {name} bot for a hint…")
        self.hint_worker(name, view, epoch, length)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def hint_worker(self, name: str, view: View, epoch: int, length: int) -> None:
        try:
            settings = self.session.settings
            bot = make_bot(name, seed=settings.seed, budget=settings.budget)
            action = bot.act(view)
            why = bot.explain(view, action)
            more = getattr(bot, "explain_details", None)
            details = list(more(view, action)) if more is not None else []
        except Exception as exc:
            self.call_from_thread(self.say, f"Hint: the {name} bot failed ({exc})", True)
            return
        hint = Hint(name, view, action, why, details, (epoch, length))
        self.call_from_thread(self.show_hint, hint)

    def show_hint(self, hint: Hint) -> None:
        if hint.key != (self._epoch, len(self.session.hand.history)):
            return
        self._hint = hint
        action = hint.action
        if isinstance(action, Discard) and action.card in self.order:
            self.cursor_card = action.card
            self.refresh_table()
        width = self.query_one("#message", Static).content_region.width or 78
        self.say(hint.line(width))

    def action_pile(self) -> None:
        s = self.session
        self.push_screen(PileScreen(s.view(), s.names, self.four_color))

    def action_scores(self) -> None:
        s = self.session
        self.push_screen(ScoreScreen(s.game, s.names))

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_rules(self) -> None:
        s = self.session
        self.push_screen(RulesScreen(s.rules, s.view()))

    # ---- the size of the terminal --------------------------------------------------------
    @property
    def too_small(self) -> bool:
        width, height = self.size
        return width < MIN_SIZE[0] or height < MIN_SIZE[1]

    def check_size(self) -> None:
        """Cover the table with :class:`TooSmallScreen` while the terminal is too small; go
        on where the game was once it is big enough."""
        shown = [x for x in self.screen_stack if isinstance(x, TooSmallScreen)]
        if self.too_small:
            if shown:
                shown[0].show(*self.size)
            else:
                self.push_screen(TooSmallScreen())
        elif shown:
            if self.screen is shown[0]:
                self.pop_screen()
            self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def action_undo(self) -> None:
        s = self.session
        try:
            undone = s.undo()
        except IllegalActionError as exc:
            self.refuse(exc.reason)
            return
        self.new_epoch()
        what = undone.do
        if isinstance(undone, (Discard, Layoff)):
            what += " " + card_label(undone.card)
        self.say(f"Undone: your {what} and everything after it")
        self.advance()

    def action_new(self) -> None:
        self.push_screen(NewGameScreen(self.session.settings), self.new_chosen)

    def new_chosen(self, settings: Settings | None) -> None:
        if settings is None:
            return
        s = self.session
        try:
            self.session = LocalGame.new(settings, s.directory, s.saving)
        except OkginError as exc:
            self.refuse(str(exc))
            return
        s.close()  # the previous game stays in its files, free for --resume
        self.new_epoch()
        self.watch_table()
        self.cursor_card = None
        self._shown_seat = None
        note = f"; the previous game stays in {s.record_path.name}" if s.record_path else ""
        self.say(f"New game: {self.session.rules.preset_name}, seed {settings.seed}{note}")
        self.advance()

    def action_speed(self, step: int) -> None:
        s = self.session
        s.pace.seconds = s.settings.speed
        s.settings.speed = s.pace.faster(step)
        s.save()
        self.say(f"Computer speed: {speed_name(s.settings.speed)}")
        self.refresh_table()

    def action_colors(self) -> None:
        s = self.session
        s.settings.four_color = not s.settings.four_color
        s.save()
        self.say("Four-colour deck" if s.settings.four_color else "Two-colour deck")
        self.refresh_table()

    # ---- mouse -------------------------------------------------------------------------
    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        if event.row.id != "hand":
            return
        v = self.session.view()
        if event.card == self.cursor_card and v.to_play == self.me and v.phase == "play":
            self.action_discard()
            return
        self.cursor = event.index
        self.cursor_card = event.card
        self.refresh_table()

    def on_table_row_clicked(self, event: TableRow.Clicked) -> None:
        if event.what == "stock":
            self.action_draw()
        elif event.what in ("pile", "upcard"):
            v = self.session.view()
            if event.what == "pile" or v.phase == "offer":
                self.action_take()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        key = (event.button.id or "")[2:]
        handler = {
            "draw": self.action_draw,
            "take": self.action_take,
            "pass": self.action_pass_,
            "discard": self.action_discard,
            "knock": self.action_knock,
            "layoff": self.action_layoff,
            "next": self.action_enter,
            "hint": self.action_hint,
            "undo": self.action_undo,
        }.get(key)
        if handler is not None:
            handler()
