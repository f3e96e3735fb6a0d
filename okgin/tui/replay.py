"""``okgin play --replay FILE``: step through any record, forwards and backwards.

The record is checked by :func:`okgin.record.replay` first (a bad record is refused with its
one-line error); then every position of every hand is rebuilt with the core's
:class:`~okgin.hand.HandState` and shown with all the cards face up.

``a`` toggles the annotations of ``okgin review`` (docs/review.md): the decision just played
with its class, the points it lost, the better action and why, and each decision that lost
points marked on the hand's log. A review document may be given (``review=``); else the first
``a`` reviews every seat in the background at :data:`REPLAY_BUDGET` (the title shows how far).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from okgin.actions import from_json
from okgin.cards import Card, mask_of
from okgin.game import Game
from okgin.hand import HandState
from okgin.record import replay
from okgin.scoring import spread
from okgin.tui.text import (
    cards_text,
    event_lines,
    limit_text,
    melds_text,
    result_lines,
)
from okgin.views import view_of_hand

__all__ = ["REPLAY_BUDGET", "ReplayApp", "ReplayScreen", "positions"]

#: The review budget of the annotations when no review is given (small: it runs in the app).
REPLAY_BUDGET = 0.03
#: How a class is marked on the log.
MARKS = {"inaccuracy": ("?!", "yellow"), "mistake": ("?", "dark_orange"), "blunder": ("??", "red")}


def positions(doc: Any) -> tuple[Game, list[list[HandState]]]:
    """The replayed game and, for each hand, its state before and after every action."""
    game = replay(doc)
    out: list[list[HandState]] = []
    for h, hand in enumerate(game.hands):
        state = HandState.deal(game.rules, hand.deck, hand.dealer)
        states = [state.copy()]
        for act in doc["hands"][h].get("actions", []):
            _, action = from_json(act)
            state.apply(action)
            states.append(state.copy())
        out.append(states)
    return game, out


class ReplayScreen(Screen[None]):
    """A record, position by position, every hand face up; ``a`` shows the review's
    annotations (reviewing the record first when no review is given: ``seats`` of it, every
    seat when None, at ``budget``). ``review_now`` starts that review at once (the terminal
    game's "review this game"). Esc or q closes it (and ends a replay of its own)."""

    DEFAULT_CSS = """
    #rtitle { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    #rbody { height: 1fr; padding: 0 1; }
    #rbuttons { height: 1; padding: 0 1; }
    #rbuttons Button { min-width: 0; width: auto; margin-right: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,l", "step(1)", "next"),
        Binding("left,backspace,h", "step(-1)", "back"),
        Binding("pagedown,n", "hand(1)", "next hand"),
        Binding("pageup,p", "hand(-1)", "prev hand"),
        Binding("home", "edge(0)", "start", show=False),
        Binding("end", "edge(1)", "end", show=False),
        Binding("a", "annotate", "annotations"),
        Binding("q,escape", "close", "quit"),
    ]

    def __init__(
        self,
        doc: Any,
        name: str = "record",
        four_color: bool = False,
        review: Mapping[str, Any] | None = None,
        *,
        seats: Sequence[int] | None = None,
        budget: float = REPLAY_BUDGET,
        review_now: bool = False,
    ) -> None:
        super().__init__()
        self.doc = doc
        self.record_name = name
        self.game, self.states = positions(doc)
        players = doc.get("players")
        n = self.game.n
        self.names: list[str] = list(players) if players else [f"Seat {s}" for s in range(n)]
        self.four_color = four_color
        self.hand_index = 0
        self.step = 0
        self.annotate = False
        self.reviewing: tuple[int, int] | None = None
        self.notes: dict[tuple[int, int], Mapping[str, Any]] = {}
        self.seats = None if seats is None else tuple(seats)
        self.budget = budget
        self.review_now = review_now and review is None
        if review is not None:
            self.set_review(review)

    def action_close(self) -> None:
        if isinstance(self.app, ReplayApp):
            self.app.exit()
        else:
            self.dismiss(None)

    # ---- annotations ------------------------------------------------------------------
    def set_review(self, review: Mapping[str, Any]) -> None:
        """Annotate with ``review`` (a review document of this record)."""
        self.notes = {(d["hand"], d["action"]): d for d in review["decisions"]}
        self.annotate = True

    def action_annotate(self) -> None:
        if self.reviewing is not None:
            return
        if self.notes:
            self.annotate = not self.annotate
            self.show()
            return
        self.reviewing = (0, 0)
        self.show()
        self.run_worker(self._review, thread=True, exclusive=True)

    def _review(self) -> None:
        from okgin.review import review

        def progress(done: int, total: int) -> None:
            self.reviewing = (done, total)
            self.app.call_from_thread(self.show)

        rev = review(self.doc, self.seats, budget=self.budget, progress=progress)
        self.app.call_from_thread(self._reviewed, rev)

    def _reviewed(self, rev: Mapping[str, Any]) -> None:
        self.reviewing = None
        self.set_review(rev)
        self.show()

    def note_text(self) -> Text:
        """The annotation of the action just played (empty when it was no decision)."""
        d = self.notes.get((self.hand_index + 1, self.step))
        if d is None:
            return Text()
        name = self.names[d["seat"]]
        mark, style = MARKS.get(d["class"], ("", "green"))
        out = Text(f"{name}: {d['class']}{(' ' + mark) if mark else ''}", style=f"bold {style}")
        if d["class"] != "best" or d["loss"] > 0:
            out.append(f", lost {d['loss']:.1f} ± {d['loss_se']:.1f} points")
        if d["reason"]:
            out.append(f": {d['reason']}")
        return out

    def compose(self) -> ComposeResult:
        yield Static(id="rtitle")
        with VerticalScroll(id="rbody"):
            yield Static(id="rtable")
        with Horizontal(id="rbuttons"):
            for key, label in (
                ("first", "⏮ Home"),
                ("prevhand", "◀◀ PgUp"),
                ("back", "◀ ←"),
                ("next", "▶ →"),
                ("nexthand", "▶▶ PgDn"),
                ("last", "⏭ End"),
            ):
                b = Button(label, id=f"r-{key}", compact=True)
                b.can_focus = False
                yield b
        yield Footer()

    def on_mount(self) -> None:
        self.show()
        if self.review_now:
            self.action_annotate()

    def show(self) -> None:
        if not self.states:
            self.query_one("#rtitle", Static).update(f"{self.record_name}: no hands")
            return
        states = self.states[self.hand_index]
        state = states[self.step]
        title = (
            f"{self.record_name} · hand {self.hand_index + 1}/{len(self.states)} · "
            f"action {self.step}/{len(states) - 1} · {self.game.rules.preset_name}"
        )
        if self.reviewing is not None:
            done, total = self.reviewing
            title += f" · reviewing {done}/{total}"
        elif self.notes:
            title += " · annotations " + ("on" if self.annotate else "off (a)")
        self.query_one("#rtitle", Static).update(title)
        self.query_one("#rtable", Static).update(self.render_state(state))

    def render_state(self, state: HandState) -> Text:
        names = self.names
        fc = self.four_color
        view = view_of_hand(state, 0)
        out = Text()
        totals = [0] * self.game.n
        for r in self.game.results[: self.hand_index]:
            for s, p in enumerate(r.points):
                totals[s] += p
        out.append(
            "Before this hand: " + ", ".join(f"{n} {t}" for n, t in zip(names, totals)) + "\n"
        )
        out.append(f"{names[state.dealer]} dealt; {limit_text(view)}")
        if state.multiplier > 1:
            out.append(f" · ×{state.multiplier}")
        out.append(f" · stock {state.stock_size}\n")
        pile = Text("Discard pile (top last): ")
        pile.append_text(
            cards_text([Card(c) for c in state.pile[-12:]], fc) if state.pile else Text("empty")
        )
        out.append_text(pile)
        out.append("\n\n")
        for s in range(state.n):
            marker = "▶ " if state.current_player == s else "  "
            cards = state.hand(s)
            dw, melds, loose = spread(mask_of(cards))
            line = Text(f"{marker}{names[s]:<10} ", style="bold" if marker.strip() else "")
            line.append_text(melds_text(melds, fc))
            if loose:
                line.append("  " if melds else "")
                line.append_text(cards_text(loose, fc))
            line.append(f"  (deadwood {dw})\n")
            out.append_text(line)
        if state.knocker >= 0:
            out.append(f"\n{names[state.knocker]}'s melds: ")
            out.append_text(melds_text(state.knock_spread, fc))
            out.append("\n")
        lines = event_lines(view, names)
        if self.annotate and self.notes:
            note = self.note_text()
            if note.plain:
                out.append("\n")
                out.append_text(note)
                out.append("\n")
            for j in range(1, len(lines)):  # line j is the hand's action j
                d = self.notes.get((self.hand_index + 1, j))
                if d is not None and d["class"] in MARKS:
                    mark, style = MARKS[d["class"]]
                    lines[j].append(f"  {mark} −{d['loss']:.1f}", style=f"bold {style}")
        out.append("\nThe hand so far:\n")
        if len(lines) > 7:
            out.append(f"  … {len(lines) - 6} earlier lines\n")
            lines = lines[-6:]
        for line in lines:
            out.append("  ")
            out.append_text(line)
            out.append("\n")
        if state.is_over:
            full = view_of_hand(state, state.knocker if state.knocker >= 0 else 0)
            out.append("\n")
            out.append_text(Text("\n").join(result_lines(full, names)))
        return out

    # ---- navigation -----------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        if not self.states:
            return
        states = self.states[self.hand_index]
        new = self.step + delta
        if new >= len(states):
            if self.hand_index + 1 < len(self.states):
                self.hand_index += 1
                new = 0
            else:
                new = len(states) - 1
        elif new < 0:
            if self.hand_index > 0:
                self.hand_index -= 1
                new = len(self.states[self.hand_index]) - 1
            else:
                new = 0
        self.step = new
        self.show()

    def action_hand(self, delta: int) -> None:
        if not self.states:
            return
        self.hand_index = max(0, min(len(self.states) - 1, self.hand_index + delta))
        self.step = 0
        self.show()

    def action_edge(self, end: int) -> None:
        if not self.states:
            return
        if end:
            self.hand_index = len(self.states) - 1
            self.step = len(self.states[-1]) - 1
        else:
            self.hand_index = 0
            self.step = 0
        self.show()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {
            "r-first": lambda: self.action_edge(0),
            "r-prevhand": lambda: self.action_hand(-1),
            "r-back": lambda: self.action_step(-1),
            "r-next": lambda: self.action_step(1),
            "r-nexthand": lambda: self.action_hand(1),
            "r-last": lambda: self.action_edge(1),
        }[event.button.id or ""]()


class ReplayApp(App[None]):
    """``okgin play --replay``: a :class:`ReplayScreen` of its own."""

    TITLE = "okgin replay"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        doc: Any,
        name: str = "record",
        four_color: bool = False,
        review: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.replay = ReplayScreen(doc, name, four_color, review)

    def on_mount(self) -> None:
        self.push_screen(self.replay)

    # what the screen shows, read by tests and scripts
    @property
    def hand_index(self) -> int:
        return self.replay.hand_index

    @property
    def step(self) -> int:
        return self.replay.step

    @property
    def annotate(self) -> bool:
        return self.replay.annotate

    @property
    def notes(self) -> dict[tuple[int, int], Mapping[str, Any]]:
        return self.replay.notes
