"""Card faces drawn as text boxes, clickable: a row of cards (the hand, the knock discards)
and the middle of the table (upcard, stock, discard pile)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from okgin.cards import Card
from okgin.tui.text import card_label, suit_style

__all__ = ["CardRow", "TableRow", "Tick", "ToggleList", "box"]

PLAIN = ("╭───╮", "│", "╰───╯")
HEAVY = ("┏━━━┓", "┃", "┗━━━┛")
DOUBLE = ("╔═══╗", "║", "╚═══╝")
CARD_WIDTH = 5


def box(card: Card | None, style: str = "plain", four_color: bool = False) -> list[Text]:
    """A card as three lines of text; ``None`` is the back of a card."""
    top, side, bottom = {"plain": PLAIN, "heavy": HEAVY, "double": DOUBLE}[style]
    mid = Text(side)
    if card is None:
        mid.append("▒▒▒", style="dim")
    else:
        face_style = suit_style(card, four_color)
        if style == "heavy":
            face_style = (face_style + " reverse").strip()
        mid.append(f"{card_label(card):>3}", style=face_style)
    mid.append(side)
    edge = "bold" if style != "plain" else ""
    return [Text(top, style=edge), mid, Text(bottom, style=edge)]


class CardRow(Widget):
    """A row of card boxes in groups, with a cursor; a click posts :class:`CardRow.Picked`."""

    DEFAULT_CSS = """
    CardRow { height: 3; width: 1fr; }
    """

    class Picked(Message):
        def __init__(self, row: CardRow, index: int, card: Card) -> None:
            super().__init__()
            self.row = row
            self.index = index
            self.card = card

        @property
        def control(self) -> CardRow:
            return self.row

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.groups: list[list[Card]] = []
        self.cursor: int | None = None
        self.marked: set[Card] = set()
        self.four_color = False
        self._spans: list[tuple[int, int, int]] = []

    @property
    def cards(self) -> list[Card]:
        return [c for g in self.groups for c in g]

    def show(
        self,
        groups: Sequence[Sequence[Card]],
        cursor: int | None = None,
        marked: set[Card] | None = None,
        four_color: bool = False,
    ) -> None:
        self.groups = [list(g) for g in groups if g]
        self.cursor = cursor
        self.marked = set(marked or ())
        self.four_color = four_color
        self.refresh()

    def render(self) -> Text:
        lines = [Text(), Text(), Text()]
        self._spans = []
        x = 0
        i = 0
        for g, group in enumerate(self.groups):
            if g:
                for line in lines:
                    line.append("  ")
                x += 2
            for card in group:
                style = (
                    "heavy" if i == self.cursor else "double" if card in self.marked else "plain"
                )
                for line, part in zip(lines, box(card, style, self.four_color)):
                    line.append_text(part)
                self._spans.append((x, x + CARD_WIDTH, i))
                x += CARD_WIDTH
                i += 1
        out = Text("\n").join(lines)
        out.no_wrap = True
        return out

    def index_at(self, x: int) -> int | None:
        for x0, x1, i in self._spans:
            if x0 <= x < x1:
                return i
        return None

    def on_click(self, event: events.Click) -> None:
        i = self.index_at(event.x)
        if i is not None:
            event.stop()
            self.post_message(self.Picked(self, i, self.cards[i]))


class TableRow(Widget):
    """The middle of the table: the upcard and the limit it set, the stock, the discard pile.

    A click on the stock posts ``Clicked("stock")``, on the discard pile ``Clicked("pile")``.
    """

    DEFAULT_CSS = """
    TableRow { height: 3; width: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, what: str) -> None:
            super().__init__()
            self.what = what

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.parts: list[tuple[str, Card | str | None, list[str]]] = []
        self.four_color = False
        self._spans: list[tuple[int, int, str]] = []

    def show(
        self, parts: Sequence[tuple[str, Card | str | None, list[str]]], four_color: bool
    ) -> None:
        """``parts``: (name, card, or None for a card back, or "" for no card, 3 caption
        lines)."""
        self.parts = list(parts)
        self.four_color = four_color
        self.refresh()

    def render(self) -> Text:
        lines = [Text(), Text(), Text()]
        self._spans = []
        x = 0
        for name, card, captions in self.parts:
            start = x
            if card == "":
                faces = [Text("     ")] * 3
            else:
                faces = box(card if isinstance(card, Card) else None, "plain", self.four_color)
            width = max(len(c) for c in captions) if captions else 0
            for line, face, cap in zip(lines, faces, [*captions, "", "", ""]):
                line.append_text(face)
                line.append(" " + cap.ljust(width) + "  ")
            x += CARD_WIDTH + width + 3
            self._spans.append((start, x, name))
        out = Text("\n").join(lines)
        out.no_wrap = True
        return out

    def on_click(self, event: events.Click) -> None:
        for x0, x1, name in self._spans:
            if x0 <= event.x < x1:
                event.stop()
                self.post_message(self.Clicked(name))
                return


class ToggleList(Widget):
    """Lines that can be ticked: ``[x]`` / ``[ ]`` (readable without colour), a cursor ``›``.

    The screen that holds it moves the cursor and toggles (it takes no focus); a click
    toggles the line clicked. Long lists scroll with the cursor.
    """

    DEFAULT_CSS = """
    ToggleList { height: auto; width: 1fr; }
    """
    VISIBLE = 8

    class Changed(Message):
        def __init__(self, toggles: ToggleList) -> None:
            super().__init__()
            self.toggles = toggles

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: list[Text] = []
        self.checked: list[bool] = []
        self.cursor = 0
        self.top = 0

    def set_items(self, items: Sequence[Text], checked: Sequence[bool]) -> None:
        self.items = list(items)
        self.checked = list(checked)
        self.cursor = 0
        self.top = 0
        self.styles.height = max(1, min(len(self.items), self.VISIBLE))
        self.refresh(layout=True)

    @property
    def selected(self) -> list[int]:
        return [i for i, on in enumerate(self.checked) if on]

    def set_checked(self, checked: Sequence[bool]) -> None:
        self.checked = list(checked)
        self.refresh()
        self.post_message(self.Changed(self))

    def move(self, step: int) -> None:
        if self.items:
            self.cursor = max(0, min(len(self.items) - 1, self.cursor + step))
            if self.cursor < self.top:
                self.top = self.cursor
            elif self.cursor >= self.top + self.VISIBLE:
                self.top = self.cursor - self.VISIBLE + 1
            self.refresh()

    def toggle(self, index: int | None = None) -> None:
        i = self.cursor if index is None else index
        if 0 <= i < len(self.items):
            self.cursor = i
            self.checked[i] = not self.checked[i]
            self.refresh()
            self.post_message(self.Changed(self))

    def render(self) -> Text:
        if not self.items:
            return Text("(nothing)")
        lines = []
        end = min(len(self.items), self.top + self.VISIBLE)
        for i in range(self.top, end):
            here = i == self.cursor
            line = Text("› " if here else "  ", style="bold" if here else "")
            line.append("[x] " if self.checked[i] else "[ ] ", style="bold" if here else "")
            line.append_text(self.items[i])
            if here:
                line.stylize("underline", 2)
            lines.append(line)
        more = []
        if self.top > 0:
            more.append(f"↑ {self.top} more")
        if end < len(self.items):
            more.append(f"↓ {len(self.items) - end} more")
        if more and lines:
            lines[-1].append("   (" + ", ".join(more) + ")", style="dim")
        out = Text("\n").join(lines)
        out.no_wrap = True
        return out

    def on_click(self, event: events.Click) -> None:
        i = self.top + event.y
        if 0 <= i < len(self.items):
            event.stop()
            self.toggle(i)


class Tick(Widget, can_focus=True):
    """A check box that shows its state in text (``[x]`` / ``[ ]``), not only in colour."""

    DEFAULT_CSS = """
    Tick { height: 1; width: auto; margin-right: 3; }
    Tick:focus { text-style: reverse; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("space,enter", "flip", "tick", show=False)]

    def __init__(self, label: str, value: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = label
        self.value = value

    def render(self) -> Text:
        return Text(("[x] " if self.value else "[ ] ") + self.label)

    def action_flip(self) -> None:
        self.value = not self.value
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_flip()
