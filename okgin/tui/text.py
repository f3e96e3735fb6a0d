"""Words and card faces for the terminal game: every line the table, the log and the
end-of-hand screen print, built from views (what the person may see) and results."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from rich.text import Text

from okgin.cards import RANKS, SUIT_SYMBOLS, Card
from okgin.melds import Meld
from okgin.scoring import FinalScore, HandBreakdown
from okgin.views import View

__all__ = [
    "card_label",
    "card_text",
    "cards_text",
    "event_lines",
    "limit_text",
    "result_lines",
    "score_lines",
    "suit_style",
]

#: Suit colours: red and black, or the four-colour deck (clubs green, diamonds blue).
TWO_COLORS = ("", "bold red", "bold red", "")
FOUR_COLORS = ("bold green", "bold dodger_blue1", "bold red", "")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
#: The person's name at the table (sentences about "You" are in the second person).
YOU = "You"


def card_label(card: int) -> str:
    """``7♦``, ``10♠``: rank and suit symbol, readable without colour."""
    rank = card % 13
    return ("10" if rank == 9 else RANKS[rank]) + SUIT_SYMBOLS[card // 13]


def suit_style(card: int, four_color: bool = False) -> str:
    """The colour of a card's face; none under ``NO_COLOR`` (Textual then greys colours by
    brightness, which would leave red cards dim: the suit symbol tells the suit anyway)."""
    if "NO_COLOR" in os.environ:
        return ""
    return (FOUR_COLORS if four_color else TWO_COLORS)[card // 13]


def card_text(card: int, four_color: bool = False) -> Text:
    return Text(card_label(card), style=suit_style(card, four_color))


def cards_text(cards: Iterable[int], four_color: bool = False, sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, four_color))
    return out


def melds_text(melds: Iterable[Meld], four_color: bool = False) -> Text:
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append("  ")
        out.append("[")
        out.append_text(cards_text(m.cards, four_color))
        out.append("]")
    return out


def limit_text(view: View) -> str:
    """``upcard 7♦ → knock limit 7`` with the ace and fixed-limit cases in words."""
    up = card_label(view.upcard)
    rules = view.rules
    if isinstance(rules.knock_limit, int):
        limit = f"knock limit {view.knock_limit} (fixed)"
    elif view.knock_limit == 0:
        limit = "gin only (ace)"
    else:
        limit = f"knock limit {view.knock_limit}"
    return f"upcard {up} → {limit}"


def doubling_text(view: View) -> str:
    rules = view.rules
    if view.multiplier > 1:
        suit = SUIT_NAMES["cdhs".index(rules.doubling_suit or "s")]
        return f"×{view.multiplier}: a {suit} upcard doubles this hand"
    if rules.doubling_suit is None:
        return "no doubling suit"
    suit = SUIT_SYMBOLS["cdhs".index(rules.doubling_suit)]
    if rules.doubling_effect == "target":
        if view.target != rules.target:
            return f"target doubled to {view.target} ({suit} upcard)"
        return f"a {suit} upcard doubles the target"
    return f"not doubled ({suit} doubles)"


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat]


def event_lines(
    view: View, names: Sequence[str], my_draws: dict[int, Card] | None = None
) -> list[Text]:
    """The hand so far, one line per action, as the viewing seat may know it."""
    my_draws = my_draws or {}
    lines: list[Text] = []
    dealer = names[view.dealer]
    head = Text(f"{dealer} dealt; the upcard ")
    head.append_text(card_text(view.upcard))
    head.append(f" sets the {limit_text(view).split('→ ')[1]}.")
    lines.append(head)
    opening = True
    for i, e in enumerate(view.events):
        who = _who(names, e.seat)
        you = who == YOU  # the person reads "You drew", the others "Easy draws"
        line = Text(f"{who} ")
        if e.do == "draw":
            opening = False
            card = my_draws.get(i)
            if card is not None:
                line.append("drew ")
                line.append_text(card_text(card))
                line.append(" from the stock")
            else:
                line.append("drew from the stock" if you else "draws from the stock")
        elif e.do == "take":
            line.append("took " if you else "takes ")
            line.append("the upcard " if opening else "")
            if e.card is not None:
                line.append_text(card_text(e.card))
            opening = False
        elif e.do == "pass":
            line.append("passed on " if you else "passes on ")
            if e.card is not None:
                line.append_text(card_text(e.card))
        elif e.do == "discard":
            line.append("discarded " if you else "discards ")
            if e.card is not None:
                line.append_text(card_text(e.card))
        elif e.do == "knock":
            dw = view.declared_deadwood or 0
            if dw == 0 and e.card is None:
                line.append("went big gin" if you else "goes big gin")
            elif dw == 0:
                line.append("went gin" if you else "goes gin")
            else:
                line.append(f"knocked with {dw}" if you else f"knocks with {dw}")
            line.append(": ")
            line.append_text(melds_text(e.melds))
        elif e.do == "layoff":
            line.append("laid off " if you else "lays off ")
            if e.card is not None:
                line.append_text(card_text(e.card))
            line.append(f" on meld {(e.meld or 0) + 1}")
        else:
            line.append("finished laying off" if you else "finishes laying off")
        lines.append(line)
    return lines


def _times(sum_text: str, m: int) -> str:
    """``55 − 2``, or ``(55 − 2) × 2`` in a doubled hand."""
    return f"({sum_text}) × {m}" if m != 1 else sum_text


def result_lines(view: View, names: Sequence[str]) -> list[Text]:
    """The end of a hand for the viewing seat: both spreads, layoffs, the score line by line,
    all from the core's breakdown (``view.breakdown``)."""
    b = view.breakdown
    if b is None:
        return []
    lines: list[Text] = []
    if b.result == "dead":
        again = "" if view.complete else "; the same dealer deals again"
        lines.append(
            Text(
                "Dead hand: the stock is down to its last two cards and nobody knocked. "
                f"Nobody scores{again}."
            )
        )
        return lines
    k = b.knocker
    assert k is not None
    knocker = b.seats[k]
    kind = {"gin": "gin", "big_gin": "big gin"}.get(b.result, "a knock")
    dk = knocker.deadwood
    you = names[k] == YOU
    if kind == "a knock":
        verb = "knocked" if you else "knocks"
        head = Text(f"{names[k]} {verb} with {dk} (limit {b.knock_limit})", style="bold")
    else:
        head = Text(f"{names[k]} {'went' if you else 'goes'} {kind}!", style="bold")
    lines.append(head)
    spread = Text("  spread: ")
    spread.append_text(melds_text(knocker.melds))
    if knocker.unmelded:
        spread.append("  deadwood ")
        spread.append_text(cards_text(knocker.unmelded))
        spread.append(f" = {dk}")
    if view.knock_discard is not None:
        spread.append("  discard ")
        spread.append_text(card_text(view.knock_discard))
    lines.append(spread)
    for seat in b.seats:
        if seat.knocker:
            continue
        line = Text(f"{names[seat.seat]}: ")
        line.append_text(melds_text(seat.melds))
        if seat.unmelded:
            line.append("  deadwood " if seat.melds else "deadwood ")
            line.append_text(cards_text(seat.unmelded))
        if seat.laid_off:
            line.append("; laid off ")
            line.append_text(cards_text(seat.laid_off))
            line.append(f": {seat.deadwood_before} → {seat.deadwood}")
        else:
            line.append(f" = {seat.deadwood}")
        lines.append(line)
    lines.extend(Text(t) for t in score_lines(b, names))
    return lines


def _s(name: str) -> str:
    """The verb's ending: "Easy beats", "You beat"."""
    return "" if name == YOU else "s"


def score_lines(b: HandBreakdown, names: Sequence[str]) -> list[str]:
    """The arithmetic of RULES.md §7 in words, one line per line of the core's breakdown."""
    dws = [s.deadwood for s in b.seats]
    out: list[str] = []
    for ln in b.lines:
        to = names[ln.to]
        m = ln.multiplier
        if ln.kind in ("gin", "big_gin"):
            parts = " + ".join(f"{dws[s]} ({names[s]})" for s in ln.against)
            out.append(f"{to}: {_times(f'{ln.bonus} {ln.bonus_name} + {parts}', m)} = {ln.points}")
        elif b.scoring == "lowest":
            parts = " + ".join(f"({dws[s]} − {dws[ln.to]})" for s in ln.against)
            extra = f" + {ln.bonus} {ln.bonus_name}" if ln.bonus or ln.kind == "undercut" else ""
            if ln.kind == "beat":
                what = f"beat{_s(to)} every defender"
            else:
                what = f"undercut{_s(to)} with the lowest"
            out.append(
                f"{to} {what}: {_times(parts + extra, m)} = {ln.points} to {to}; nobody else scores"
            )
        elif ln.kind == "beat":
            (s,) = ln.against
            extra = f" + {ln.bonus} knock bonus" if ln.bonus else ""
            out.append(
                f"{to} beat{_s(to)} {names[s]}: "
                f"{_times(f'{dws[s]} − {dws[ln.to]}{extra}', m)} = {ln.points} to {to}"
            )
        else:
            (s,) = ln.against
            tie = " (a tie is an undercut)" if ln.tie else ""
            out.append(
                f"{to} undercut{_s(to)} {names[s]}{tie}: "
                f"{_times(f'{dws[s]} − {dws[ln.to]} + {ln.bonus} undercut bonus', m)} = "
                f"{ln.points} to {to}"
            )
    if b.winner is not None:
        out.append(f"{names[b.winner]} win{_s(names[b.winner])} the hand.")
    return out


def final_lines(names: Sequence[str], score: FinalScore) -> list[str]:
    """How each final score is made (RULES.md §9), from the core's :class:`FinalScore`."""
    out: list[str] = []
    for ln in score.lines:
        parts = [f"{ln.points} points"]
        if ln.box_bonus and ln.boxes:
            parts.append(f"{ln.boxes} box{'es' if ln.boxes != 1 else ''} × {ln.box_bonus}")
        if ln.game_bonus:
            parts.append(f"{ln.game_bonus} game bonus")
        text = " + ".join(parts)
        if ln.shutout:
            text = f"({text}) × 2 shutout"
        out.append(f"{names[ln.seat]}: {text} = {ln.final}")
    return out
