"""The pop-up screens of ``okgin play``: knock, layoffs, the end of a hand, the discard pile,
the score sheet, a new game, help."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Select, Static

from okgin.actions import Knock
from okgin.bots import BOTS
from okgin.cards import SUIT_SYMBOLS, Card, cards_of, mask_of
from okgin.errors import OkginError
from okgin.game import Game
from okgin.hand import HandResult
from okgin.melds import Meld, deadwood, declared_deadwood, melds_in
from okgin.rules import PRESETS, Rules
from okgin.scoring import (
    done_layoffs,
    knock_choices,
    layoff_candidates,
    layoff_order,
    meld_overlap,
)
from okgin.table.local import (
    Settings,
    check_opponents,
    parse_options,
    parse_people,
)
from okgin.tui.text import (
    card_label,
    card_text,
    cards_text,
    final_lines,
    melds_text,
    result_lines,
)
from okgin.tui.widgets import CardRow, Tick, ToggleList
from okgin.views import View

__all__ = [
    "HandOverScreen",
    "HandoffScreen",
    "HelpScreen",
    "HintScreen",
    "KnockScreen",
    "LayoffScreen",
    "NewGameScreen",
    "PileScreen",
    "RulesScreen",
    "ScoreScreen",
    "TooSmallScreen",
    "result_words",
    "rules_text",
]

#: ``try_play(actions)``: plays them in order; returns None, or the reason of a refusal.
TryPlay = Callable[[Sequence[Any]], "str | None"]

MODAL_CSS = """
ModalScreen { align: center middle; }
ModalScreen > Vertical {
    width: 78; height: auto; max-height: 100%;
    border: round $accent; padding: 0 1; background: $surface;
}
ModalScreen .title { text-style: bold; height: 1; }
ModalScreen .error { color: $error; height: auto; }
ModalScreen .buttons { height: 1; margin-top: 1; }
ModalScreen Button { min-width: 0; width: auto; margin-right: 2; }
ModalScreen VerticalScroll { height: auto; max-height: 18; }
"""


class Modal(ModalScreen[Any]):
    """A pop-up in the middle of the table. ``q`` quits from it too, as the footer says
    (a modal screen hides the app's own keys; the game is saved after every action)."""

    SCOPED_CSS = False
    DEFAULT_CSS = MODAL_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "quit")]


def _button(label: str, id: str, variant: str = "default") -> Button:
    b = Button(label, id=id, compact=True, variant=variant)  # type: ignore[arg-type]
    b.can_focus = False
    return b


class KnockScreen(Modal):
    """Choose the knock discard and the melds to declare; RULES.md §5's default is
    pre-chosen. Returns True once the knock is played."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", "knock"),
        Binding("escape", "cancel", "cancel"),
        Binding("left", "discard(-1)", "other discard", show=False),
        Binding("right", "discard(1)", "other discard", show=False),
        Binding("r", "reset", "default melds", show=False),
        Binding("up", "cursor(-1)", "up", show=False),
        Binding("down", "cursor(1)", "down", show=False),
        Binding("space", "tick", "tick", show=False),
        Binding("b", "big_gin", "big gin", show=False),
    ]

    def __init__(
        self, view: View, preset: Knock, try_play: TryPlay, four_color: bool, must: bool = False
    ) -> None:
        super().__init__()
        self.view = view
        self.try_play = try_play
        self.four_color = four_color
        self.must = must
        self.choices = knock_choices(view.legal_actions)
        self.index = self.choices.index(preset) if preset in self.choices else 0
        self.hand = mask_of(view.hand)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", classes="title", id="knock-title")
            yield Static("Knock discard, put aside face down (←/→ or click):")
            yield CardRow(id="knock-discards")
            yield Static("Melds to declare (↑/↓, space toggles; r resets):")
            yield ToggleList(id="knock-melds")
            yield Static("", id="knock-status")
            yield Static("", classes="error", id="knock-error")
            with Horizontal(classes="buttons"):
                yield _button("Knock ⏎", "knock-go", "primary")
                yield _button("Cancel Esc", "knock-cancel")

    def on_mount(self) -> None:
        self._load()

    @property
    def rest(self) -> int:
        card = self.choices[self.index].card
        return self.hand if card is None else self.hand & ~(1 << card)

    def _load(self) -> None:
        """Show the current discard choice with its default arrangement selected."""
        knock = self.choices[self.index]
        cards = [c.card for c in self.choices if c.card is not None]
        big = any(c.card is None for c in self.choices)
        row = self.query_one("#knock-discards", CardRow)
        cursor = self.index if knock.card is not None else None
        row.show([cards], cursor, four_color=self.four_color)
        self.melds = sorted(
            melds_in(self.rest), key=lambda m: (m not in knock.melds, m.mask.bit_length(), m.mask)
        )
        self.query_one("#knock-melds", ToggleList).set_items(
            [melds_text([m], self.four_color) for m in self.melds],
            [m in knock.melds for m in self.melds],
        )
        title = f"Knock — your knock limit is {self.view.knock_limit}"
        if self.must:
            title = f"You took the last discard: knock now (limit {self.view.knock_limit})"
        if big:
            title += " · big gin: press b for no discard"
        self.query_one("#knock-title", Static).update(title)
        self._status()

    def selected(self) -> tuple[Meld, ...]:
        toggles = self.query_one("#knock-melds", ToggleList)
        return tuple(sorted(self.melds[i] for i in toggles.selected))

    def _status(self) -> None:
        melds = self.selected()
        clash = meld_overlap(melds)
        out = Text()
        if clash:
            out.append("✗ ", style="bold")
            out.append_text(cards_text(cards_of(clash), self.four_color))
            out.append(" in two melds: a card may be in only one meld")
        else:
            dw = declared_deadwood(self.rest, melds)
            loose = cards_of(self.rest & ~sum(m.mask for m in melds))
            out.append("Deadwood: ")
            out.append_text(cards_text(loose, self.four_color) if loose else Text("none"))
            out.append(f" = {dw}  ")
            if dw == 0:
                out.append("GIN!", style="bold")
            elif dw <= self.view.knock_limit:
                out.append(f"(limit {self.view.knock_limit}): a legal knock")
            else:
                out.append(f"✗ over the limit {self.view.knock_limit}", style="bold")
        self.query_one("#knock-status", Static).update(out)

    def on_toggle_list_changed(self, event: ToggleList.Changed) -> None:
        self._status()
        self.query_one("#knock-error", Static).update("")

    def action_cursor(self, step: int) -> None:
        self.query_one(ToggleList).move(step)

    def action_tick(self) -> None:
        self.query_one(ToggleList).toggle()

    def action_big_gin(self) -> None:
        for i, k in enumerate(self.choices):
            if k.card is None:
                self.index = i
                self._load()

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        self.index = event.index
        self._load()

    def action_discard(self, step: int) -> None:
        self.index = (self.index + step) % len(self.choices)
        self._load()

    def action_reset(self) -> None:
        self._load()

    def action_confirm(self) -> None:
        knock = Knock(self.choices[self.index].card, self.selected())
        reason = self.try_play([knock])
        if reason is None:
            self.dismiss(True)
        else:
            self.query_one("#knock-error", Static).update(f"✗ Refused: {reason}")

    def action_cancel(self) -> None:
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "knock-go":
            self.action_confirm()
        else:
            self.action_cancel()


class LayoffScreen(Modal):
    """Choose the cards to lay off onto the knocker's melds; the best set is pre-chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", "lay off"),
        Binding("escape", "cancel", "later"),
        Binding("r", "reset", "best set", show=False),
        Binding("0", "none", "none", show=False),
        Binding("up", "cursor(-1)", "up", show=False),
        Binding("down", "cursor(1)", "down", show=False),
        Binding("space", "tick", "tick", show=False),
    ]

    def __init__(
        self,
        view: View,
        names: Sequence[str],
        best: Sequence[tuple[Card, int]],
        try_play: TryPlay,
        four_color: bool,
    ) -> None:
        super().__init__()
        self.view = view
        self.names = names
        self.best = [c for c, _ in best]
        self.try_play = try_play
        self.four_color = four_color
        self.hand = mask_of(view.hand)
        self.candidates = layoff_candidates(self.hand, view.melds)
        self.cards = list(self.candidates)

    def compose(self) -> ComposeResult:
        v = self.view
        knocker = self.names[v.knocker] if v.knocker is not None else "?"
        with Vertical():
            yield Static(f"Lay off onto {knocker}'s melds", classes="title")
            melds = Text()
            for i, m in enumerate(v.melds):
                melds.append(f"{i + 1} ")
                melds.append_text(melds_text([m], self.four_color))
                melds.append("  ")
            yield Static(melds)
            mine = Text("Your cards: ")
            mine.append_text(cards_text(v.hand, self.four_color))
            mine.append(f"  (deadwood {deadwood(self.hand)})")
            yield Static(mine)
            if self.cards:
                yield Static("Cards to lay off (↑/↓, space toggles; r best, 0 none):")
            else:
                yield Static("None of your cards fits these melds.")
            options: list[Text] = []
            for c in self.cards:
                label = card_text(c, self.four_color)
                spots = []
                for k, depth in self.candidates[c]:
                    spot = f"meld {k + 1}"
                    if depth:
                        spot += f" (after {depth} more card{'s' if depth > 1 else ''})"
                    spots.append(spot)
                label.append(" → " + " or ".join(spots))
                options.append(label)
            self.options = options
            yield ToggleList(id="layoff-cards")
            yield Static("", id="layoff-status")
            yield Static("", classes="error", id="layoff-error")
            with Horizontal(classes="buttons"):
                yield _button("Lay off & done ⏎", "layoff-go", "primary")
                yield _button("Later Esc", "layoff-cancel")

    def on_mount(self) -> None:
        self.query_one("#layoff-cards", ToggleList).set_items(
            self.options, [c in self.best for c in self.cards]
        )
        self._status()

    def chosen(self) -> list[Card]:
        toggles = self.query_one("#layoff-cards", ToggleList)
        return sorted(self.cards[i] for i in toggles.selected)

    def _status(self) -> None:
        chosen = self.chosen()
        order = layoff_order(chosen, self.view.melds)
        out = Text()
        if order is None:
            out.append(
                "✗ these cards cannot all be laid off: a card beyond a run's end needs "
                "the cards between laid off too"
            )
        else:
            left = self.hand & ~mask_of(chosen)
            out.append(f"Your deadwood: {deadwood(self.hand)} → {deadwood(left)}")
        self.query_one("#layoff-status", Static).update(out)

    def on_toggle_list_changed(self, event: ToggleList.Changed) -> None:
        self._status()
        self.query_one("#layoff-error", Static).update("")

    def action_cursor(self, step: int) -> None:
        self.query_one(ToggleList).move(step)

    def action_tick(self) -> None:
        self.query_one(ToggleList).toggle()

    def action_reset(self) -> None:
        self.query_one(ToggleList).set_checked([c in self.best for c in self.cards])

    def action_none(self) -> None:
        self.query_one(ToggleList).set_checked([False for _ in self.cards])

    def action_confirm(self) -> None:
        order = layoff_order(self.chosen(), self.view.melds)
        if order is None:
            self.query_one("#layoff-error", Static).update(
                "✗ Refused: a card can go on a run only next to its end; lay off the cards "
                "between as well"
            )
            self.app.bell()
            return
        reason = self.try_play(done_layoffs(order))
        if reason is None:
            self.dismiss(True)
        else:
            self.query_one("#layoff-error", Static).update(f"✗ Refused: {reason}")

    def action_cancel(self) -> None:
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "layoff-go":
            self.action_confirm()
        else:
            self.action_cancel()


class TextScreen(Modal):
    """A scrollable page of text; any of Esc, q, Enter closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("enter", "close", "close", show=False),
    ]
    TITLE_TEXT = ""

    def body(self) -> list[Any]:
        return []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.TITLE_TEXT, classes="title", id="page-title")
            with VerticalScroll(id="page"):
                for part in self.body():
                    yield Static(part)
            with Horizontal(classes="buttons"):
                yield _button("Close Esc", "page-close")

    def on_mount(self) -> None:
        self.fit_page()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_page()

    def fit_page(self) -> None:
        """A taller terminal shows more of the page (18 lines at 80×24)."""
        self.query_one("#page", VerticalScroll).styles.max_height = max(5, self.app.size.height - 6)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_close()


class PileScreen(TextScreen):
    """The whole discard pile, with who threw each card; cards taken and passed."""

    TITLE_TEXT = "The discard pile, bottom to top"

    def __init__(self, view: View, names: Sequence[str], four_color: bool) -> None:
        super().__init__()
        self.view = view
        self.names = names
        self.four_color = four_color

    def body(self) -> list[Any]:
        v = self.view
        pile = Text()
        for i, p in enumerate(v.pile):
            pile.append(f"{i + 1:>2}. ")
            pile.append_text(card_text(p.card, self.four_color))
            who = "the upcard, dealt" if p.by is None else f"thrown by {self.names[p.by]}"
            top = "  ← top" if i == len(v.pile) - 1 else ""
            pile.append(f"  {who}{top}\n")
        if not v.pile:
            pile.append("(empty)\n")
        taken = Text("Taken from the pile:\n")
        for s in range(v.players):
            taken.append(f"  {self.names[s]}: ")
            taken.append_text(cards_text(v.taken[s], self.four_color) if v.taken[s] else Text("—"))
            taken.append("\n")
        if v.passes:
            taken.append("Passed: ")
            for s, _what, c in v.passes:
                taken.append(f"{self.names[s]} ")
                taken.append_text(card_text(c, self.four_color))
                taken.append("  ")
        return [pile, taken]


def result_words(r: HandResult, names: Sequence[str]) -> str:
    """A hand's result for the score sheet, naming who won it: ``knock (You)``, ``gin
    (Easy)``, ``Easy undercut You``, ``dead``."""
    k = r.knocker
    if k is None:
        return r.result.replace("_", " ")
    if r.result == "undercut":
        by = [names[s] for s, p in enumerate(r.points) if s != k and p > 0]
        if not by and r.winner is not None:
            by = [names[r.winner]]
        return f"{' and '.join(by)} undercut {names[k]}"
    return f"{r.result.replace('_', ' ')} ({names[k]})"


def score_table(game: Game, names: Sequence[str]) -> list[Any]:
    """The score sheet: every hand, the totals, the boxes; Hollywood's three games."""
    rules = game.rules
    sc = game.score
    t = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    t.add_column("#", justify="right")
    t.add_column("dealer")
    t.add_column("up")
    t.add_column("result")
    for name in names:
        t.add_column(name, justify="right")
    for i, hand in enumerate(game.hands):
        r = hand.result
        up = card_text(hand.upcard)
        up.append(f" L{hand.limit}" + (f" ×{hand.multiplier}" if hand.multiplier > 1 else ""))
        if r is None:
            t.add_row(str(i + 1), names[hand.dealer], up, "in play", *["" for _ in names])
            continue
        what = result_words(r, names)
        t.add_row(
            str(i + 1),
            names[hand.dealer],
            up,
            what,
            *[str(p) if p else "·" for p in r.points],
        )
    t.add_section()
    t.add_row(
        "", "", "", Text("total", style="bold"), *[Text(str(x), style="bold") for x in sc.totals]
    )
    t.add_row("", "", "", "hands won (boxes)", *[str(w) for w in sc.wins])
    parts: list[Any] = [t]
    head = f"Target {sc.target}" + (" (doubled)" if sc.target != rules.target else "")
    head += (
        f" · {rules.format} format · box bonus {rules.box_bonus} · game bonus {rules.game_bonus}"
    )
    parts.insert(0, Text(head))
    if rules.format == "hollywood":
        h = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
        h.add_column("Hollywood")
        for name in names:
            h.add_column(name, justify="right")
        h.add_column("")
        for g_i, g in enumerate(sc.games):
            state = f"won by {names[g.winner]}" if g.closed and g.winner is not None else "open"
            h.add_row(
                f"game {g_i + 1} (to {g.target})",
                *[f"{x} ({w})" for x, w in zip(g.totals, g.wins)],
                state,
            )
            fin = g.final(rules)
            if fin is not None:
                h.add_row("  final", *[str(x) for x in fin], "")
        parts.append(Text("\nHollywood: points (hands won) in each game"))
        parts.append(h)
    if sc.complete:
        win = names[sc.winner] if sc.winner is not None else "nobody (a tie)"
        lines = [f"Game over — winner: {win}"]
        if rules.format == "target":
            for score in game.final_scores():
                lines += final_lines(names, score)
        elif sc.final is not None:
            lines.append("Finals: " + ", ".join(f"{n} {f}" for n, f in zip(names, sc.final)))
        parts.append(Text("\n" + "\n".join(lines), style="bold"))
    return parts


class ScoreScreen(TextScreen):
    TITLE_TEXT = "Score sheet"

    def __init__(self, game: Game, names: Sequence[str]) -> None:
        super().__init__()
        self.game = game
        self.names = names

    def body(self) -> list[Any]:
        return score_table(self.game, self.names)


class HandOverScreen(Modal):
    """The end of a hand: spreads, layoffs, the scoring line by line, the totals."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "next hand"),
        Binding("space", "next", "next hand", show=False),
        Binding("n", "next", "next / new", show=False),
        Binding("s", "scores", "score sheet"),
        Binding("escape", "close", "look at the table"),
        Binding("u", "undo", "undo", show=False),
        Binding("r", "review", "review this game", show=False),
    ]

    def __init__(self, view: View, game: Game, names: Sequence[str], four_color: bool) -> None:
        super().__init__()
        self.view = view
        self.game = game
        self.names = names
        self.four_color = four_color

    def compose(self) -> ComposeResult:
        v = self.view
        over = self.game.is_over
        title = f"Hand {v.hand_number} is over" + (" — and so is the game" if over else "")
        with Vertical():
            yield Static(title, classes="title")
            scroll = VerticalScroll()
            scroll.can_focus = False
            with scroll:
                yield Static(Text("\n").join(result_lines(v, self.names)))
                sc = self.game.score
                totals = ", ".join(f"{n} {t}" for n, t in zip(self.names, sc.totals))
                goal = f" (target {sc.target})" if self.game.rules.format != "single" else ""
                yield Static(f"\nTotals: {totals}{goal}")
                if over:
                    yield Static(Text("\n").join(score_table(self.game, self.names)[-1:]))
            with Horizontal(classes="buttons"):
                label = "New game n" if over else "Next hand ⏎"
                yield _button(label, "over-next", "primary")
                yield _button("Score sheet s", "over-scores")
                if over:
                    yield _button("Review this game r", "over-review")
                yield _button("Table Esc", "over-close")

    def action_next(self) -> None:
        self.dismiss("new" if self.game.is_over else "next")

    def action_close(self) -> None:
        self.dismiss("close")

    def action_undo(self) -> None:
        self.dismiss("undo")

    def action_review(self) -> None:
        """Once the game is over: review it (okgin review, for the people at the table)."""
        if self.game.is_over:
            self.dismiss("review")

    def action_scores(self) -> None:
        self.app.push_screen(ScoreScreen(self.game, self.names))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {
            "over-next": self.action_next,
            "over-scores": self.action_scores,
            "over-review": self.action_review,
        }.get(event.button.id or "", self.action_close)()


HELP = """\
Your turn, by keys or by mouse (buttons, cards, the stock, the pile):
  t  take the upcard / the top discard    p  pass the upcard
  d  draw from the stock                  ←/→ Home End  choose a card
  Enter or x  discard the chosen card     (or click a card twice)
  k  knock or go gin, when it is legal    l  lay off onto the knocker
  h  hint: what the strongest bot would do, in one line; h again: why, in full
The table:
  v  the whole discard pile               s  the score sheet
  r  the rules of this game: knock limit, doubling, bonuses, the deal
  +/-  the computer's speed               c  four-colour deck on/off
  u  undo your last move (when the game allows it)
  n  new game: rules, players, opponents
  Enter  the next hand, once a hand is over
  r  on the game-over summary: review this game (what each of your decisions cost)
  Esc  close a pop-up
  q  quit, also from a pop-up; the game is saved (okgin play --resume goes on)
Your hand is grouped into its best melds; the deadwood cards come last.
Every card shows its suit: ♣ clubs, ♦ diamonds, ♥ hearts, ♠ spades.
"""


class HintScreen(TextScreen):
    """A hint in full: the bot's reasons with their numbers, and what the words mean."""

    def __init__(self, title: str, body: Text) -> None:
        super().__init__()
        self.TITLE_TEXT = title
        self._body = body

    def body(self) -> list[Any]:
        return [self._body]


SUIT_WORDS = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rules_text(rules: Rules, view: View | None = None) -> Text:
    """The rule set in force, in words, every figure read from ``rules`` (and this hand's
    upcard, limit and doubling from ``view``)."""
    out = Text()

    def head(text: str) -> None:
        out.append(("\n" if out.plain else "") + text + "\n", style="bold")

    changed = {k: v for k, v in rules.to_dict().items() if k != "preset"}
    preset = f"The {rules.preset_name} rules"
    if changed:
        preset += " with " + ", ".join(f"{k} {_show(v)}" for k, v in changed.items())
    out.append(
        f"{preset}: {rules.players} players, {rules.cards_per_hand} cards each.\n", style="bold"
    )
    head("The knock limit")
    if isinstance(rules.knock_limit, int):
        out.append(
            f"You may knock with at most {rules.knock_limit} deadwood, every hand"
            + (" (gin only).\n" if rules.knock_limit == 0 else ".\n")
        )
    else:
        out.append(
            "The first upcard of a hand sets how much deadwood a knock may leave, for the "
            "whole hand (even once someone takes it):\n"
        )
        ranks = Text("  upcard ")
        limits = Text("  limit  ")
        for r, label in enumerate(RANK_LABELS):
            limit = rules.limit_for(r)
            cell = "gin" if limit == 0 else str(limit)
            width = max(len(label), len(cell)) + 1
            ranks.append(label.rjust(width))
            limits.append(cell.rjust(width))
        out.append_text(ranks)
        out.append("\n")
        out.append_text(limits)
        out.append("\n")
        if rules.limit_for(0) == 0:
            out.append("  An ace upcard allows only gin.\n")
    if view is not None:
        now = "gin only" if view.knock_limit == 0 else f"knock limit {view.knock_limit}"
        out.append(f"This hand: the upcard {card_label(view.upcard)} set the {now}.\n")
    out.append(
        "Knock after drawing: put one card aside face down, spread your melds; the rest is "
        "your deadwood (ace 1, face cards 10).\n"
    )
    if rules.no_return_discard:
        out.append(
            "A card you take from the discard pile stays in your hand that turn: you may "
            "not throw it back, nor put it aside to knock.\n"
        )
    else:
        out.append("A card taken from the discard pile may be thrown back at once.\n")
    head("Doubling")
    suit = rules.doubling_suit
    if suit is None:
        out.append("No suit doubles anything.\n")
    elif rules.doubling_effect == "hand":
        times = rules.multiplier_for("cdhs".index(suit) * 13 + 1)
        out.append(
            f"A {SUIT_WORDS[suit]} ({SUIT_SYMBOLS['cdhs'.index(suit)]}) first upcard "
            f"multiplies that hand's points by {times}.\n"
        )
    else:
        out.append(
            f"The first hand of a game dealt with a {SUIT_WORDS[suit]} upcard doubles the "
            "game's target, once.\n"
        )
    if view is not None and suit is not None:
        if view.multiplier > 1:
            out.append(f"This hand is doubled: its points count ×{view.multiplier}.\n")
        elif view.target and view.target != rules.target:
            out.append(f"This game's target is doubled to {view.target}.\n")
    head("Scoring a hand")
    out.append(
        f"Gin (no deadwood): {rules.gin_bonus} plus the others' deadwood; gin is never "
        "undercut, and nobody lays off on it.\n"
    )
    if rules.big_gin_bonus is not None:
        out.append(
            f"Big gin (all {rules.cards_per_hand + 1} cards melded, no card aside): "
            f"{rules.big_gin_bonus} plus the others' deadwood.\n"
        )
    else:
        out.append("There is no big gin.\n")
    bonus = f" plus {rules.knock_bonus}" if rules.knock_bonus else ""
    out.append(
        "A knock: the others lay off cards on the knocker's melds; the knocker scores the "
        f"difference in deadwood{bonus}.\n"
    )
    tie = "the same or less" if rules.undercut_on_tie else "less"
    out.append(
        f"Undercut: when a defender ends with {tie} deadwood than the knocker, the defender "
        f"scores the difference plus {rules.undercut_bonus}.\n"
    )
    if rules.players > 2:
        out.append(
            "With more than two players the knocker is scored against each player in turn.\n"
            if rules.multiway_scoring == "pairwise"
            else "With more than two players only the hand's one winner scores: the knocker "
            "if it beats everybody, else the defender with the least deadwood.\n"
        )
    if rules.stock_exhaustion == "standard":
        out.append(
            "When the stock is down to two cards and nobody has knocked, the hand is dead: "
            "nobody scores and the same dealer deals again.\n"
        )
    else:
        out.append(
            "When the stock is down to two cards, the next player may take the last "
            "discard only to knock with it at once; otherwise the hand is dead.\n"
        )
    head("The game")
    if rules.format == "single":
        out.append("One hand is the whole game.\n")
    else:
        if rules.format == "hollywood":
            out.append(
                f"Hollywood: three games to {rules.target} scored at once; your first hand won "
                "counts in game 1, the second in games 1–2, then in all three.\n"
            )
        else:
            out.append(f"Hands are played until someone has {rules.target} points or more.\n")
        extras = []
        if rules.game_bonus:
            extras.append(f"{rules.game_bonus} for winning the game")
        if rules.box_bonus:
            extras.append(f"{rules.box_bonus} for each hand won (a box)")
        if rules.shutout == "double":
            extras.append("the winner's score doubles if nobody else scored (a shutout)")
        out.append(
            ("At the end: " + "; ".join(extras) + ".\n") if extras else "No end-of-game bonuses.\n"
        )
    if rules.dealer_rotation == "winner":
        out.append("The winner of a hand deals the next; after a dead hand the same dealer.\n")
    else:
        out.append(
            "The deal passes to the next player each hand; after a dead hand the same dealer.\n"
        )
    return out


class RulesScreen(TextScreen):
    """The rule set in force, explained (r at the table)."""

    TITLE_TEXT = "The rules of this game"

    def __init__(self, rules: Rules, view: View | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.view = view

    def body(self) -> list[Any]:
        return [rules_text(self.rules, self.view)]


#: The smallest terminal the table is laid out for (columns, lines).
MIN_SIZE = (80, 24)


class TooSmallScreen(Screen[None]):
    """Shown over everything while the terminal is smaller than :data:`MIN_SIZE`; the game
    waits (the computer does not play on) until the terminal is big enough again."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen > Static { width: auto; max-width: 100%; height: auto; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show(self.app.size.width, self.app.size.height)

    def show(self, width: int, height: int) -> None:
        need_w, need_h = MIN_SIZE
        self.query_one("#too-small", Static).update(
            f"The terminal is {width}×{height}: okgin needs at least {need_w}×{need_h}.\n"
            "Make the window bigger to go on (q quits; the game is saved)."
        )


class HandoffScreen(Screen[None]):
    """Hot seat: covers the table between two people's turns so that neither sees the
    other's hand; Enter (or a click) once the next person has the keyboard."""

    DEFAULT_CSS = """
    HandoffScreen { align: center middle; }
    HandoffScreen > Static { width: auto; height: auto; text-align: center; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "ready"),
        Binding("q", "app.quit", "quit"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.person = name

    def compose(self) -> ComposeResult:
        yield Static(
            f"{self.person}'s turn.\n\nPass the keyboard to {self.person}, then press Enter: "
            f"{self.person}'s cards come up.",
            id="handoff",
        )

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        self.dismiss(None)


class HelpScreen(TextScreen):
    TITLE_TEXT = "Help — okgin play"

    def body(self) -> list[Any]:
        return [HELP]


class NewGameScreen(Modal):
    """Choose the rules, the players, the people and their seat, and the opponents of a new
    game (what --rules, --players, --people, --seat and --opponents say on the command
    line)."""

    DEFAULT_CSS = """
    NewGameScreen .row { height: 1; }
    NewGameScreen .row Label { width: 14; }
    NewGameScreen Input { width: 1fr; }
    NewGameScreen Select { width: 24; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel"),
        Binding("ctrl+s", "start", "start"),
    ]

    def __init__(self, current: Settings) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        cur = self.current
        rules = dict(cur.rules)
        preset = str(rules.pop("preset", "standard"))
        players = int(rules.pop("players", len(cur.opponents) + 1))
        target = rules.pop("target", None)
        options = " ".join(f"{k}={_show(v)}" for k, v in rules.items())
        with Vertical():
            yield Static("New game (Tab moves, Enter on Start or ctrl+s starts)", classes="title")
            with Horizontal(classes="row"):
                yield Label("Rules preset")
                yield Select(
                    [(p, p) for p in PRESETS],
                    value=preset,
                    allow_blank=False,
                    id="ng-preset",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label("Players")
                yield Select(
                    [(str(n), n) for n in (2, 3, 4)],
                    value=players,
                    allow_blank=False,
                    id="ng-players",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label("Opponents")
                yield Input(
                    compact=True,
                    value=",".join(cur.opponents),
                    id="ng-opponents",
                    placeholder=f"levels, e.g. {','.join(BOTS)}",
                )
            with Horizontal(classes="row"):
                yield Label("People")
                yield Input(
                    compact=True,
                    value=",".join(cur.people),
                    id="ng-people",
                    placeholder="names; two or more share this terminal (hot seat)",
                )
            with Horizontal(classes="row"):
                yield Label("Your seat")
                yield Input(
                    compact=True,
                    value=str(cur.seat),
                    id="ng-seat",
                    placeholder="0 to players-1; the other people sit after it",
                )
            with Horizontal(classes="row"):
                yield Label("Target")
                yield Input(
                    compact=True,
                    value="" if target is None else str(target),
                    id="ng-target",
                    placeholder="the preset's (100)",
                )
            with Horizontal(classes="row"):
                yield Label("Options")
                yield Input(
                    compact=True,
                    value=options,
                    id="ng-options",
                    placeholder="key=value ... e.g. gin_bonus=20",
                )
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(
                    compact=True, value="", id="ng-seed", placeholder="blank: a new shuffle"
                )
            with Horizontal(classes="row"):
                yield Tick("Undo allowed", cur.undo, id="ng-undo")
                yield Tick("Four-colour deck", cur.four_color, id="ng-four")
            yield Static("", classes="error", id="ng-error")
            with Horizontal(classes="buttons"):
                start = Button("Start", id="ng-start", compact=True, variant="primary")
                yield start
                yield _button("Cancel Esc", "ng-cancel")

    def on_mount(self) -> None:
        self.query_one("#ng-preset", Select).focus()

    def build(self) -> Settings:
        import secrets

        rules: dict[str, Any] = {"preset": self.query_one("#ng-preset", Select).value}
        players = int(str(self.query_one("#ng-players", Select).value))
        rules.update(parse_options(self.query_one("#ng-options", Input).value.split()))
        target = self.query_one("#ng-target", Input).value.strip()
        if target:
            if not target.isdigit():
                raise OkginError(f"the target must be a whole number, not {target!r}")
            rules["target"] = int(target)
        rules["players"] = players
        Rules.from_dict(rules)
        levels = [x.strip() for x in self.query_one("#ng-opponents", Input).value.split(",")]
        levels = [x for x in levels if x]
        people = parse_people(self.query_one("#ng-people", Input).value)
        seat_text = self.query_one("#ng-seat", Input).value.strip() or "0"
        if not seat_text.isdigit() or not 0 <= int(seat_text) < players:
            raise OkginError(f"your seat must be 0 to {players - 1}, not {seat_text!r}")
        if len(people) > players:
            raise OkginError(f"{players} players have room for {players} people, not {len(people)}")
        if len(levels) == 1:
            levels = levels * (players - len(people))
        check_opponents(levels, players, len(people))
        seed_text = self.query_one("#ng-seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else secrets.randbelow(1 << 31)
        except ValueError:
            raise OkginError(f"the seed must be a whole number, not {seed_text!r}") from None
        return Settings(
            rules=Rules.from_dict(rules).to_dict(),
            opponents=levels,
            seed=seed,
            undo=self.query_one("#ng-undo", Tick).value,
            speed=self.current.speed,
            four_color=self.query_one("#ng-four", Tick).value,
            hint_bot=self.current.hint_bot,
            budget=self.current.budget,
            people=people,
            seat=int(seat_text),
        )

    def action_start(self) -> None:
        try:
            settings = self.build()
        except (OkginError, ValueError) as exc:
            self.query_one("#ng-error", Static).update(f"✗ {exc}")
            self.app.bell()
            return
        self.dismiss(settings)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ng-start":
            self.action_start()
        else:
            self.action_cancel()


def _show(value: Any) -> str:
    import json

    return value if isinstance(value, str) else json.dumps(value)
