"""Words and card faces for the terminal game: every line the table, the log and the
end-of-hand screen print, built from views (what the person may see) and results."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from rich.text import Text

from okgin.cards import RANKS, SUIT_SYMBOLS, Card, cards_of, mask_of
from okgin.hand import HandResult
from okgin.melds import Meld, deadwood, default_arrangement
from okgin.rules import Rules
from okgin.views import View

__all__ = [
    "arranged",
    "card_label",
    "card_text",
    "cards_text",
    "event_lines",
    "limit_text",
    "result_lines",
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


def arranged(cards: Iterable[int]) -> tuple[int, tuple[Meld, ...], list[Card]]:
    """A hand as RULES.md §5 would spread it: deadwood, melds, the unmelded cards."""
    mask = mask_of(cards)
    dw, melds = default_arrangement(mask)
    used = 0
    for m in melds:
        used |= m.mask
    return dw, melds, cards_of(mask & ~used)


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
            dw = sum(c.value for c in view.knock_deadwood)
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
    """The end of a hand for the viewing seat: both spreads, layoffs, the score line by line."""
    r = view.result
    if r is None:
        return []
    rules = view.rules
    lines: list[Text] = []
    if r.result == "dead":
        again = "" if view.complete else "; the same dealer deals again"
        lines.append(
            Text(
                "Dead hand: the stock is down to its last two cards and nobody knocked. "
                f"Nobody scores{again}."
            )
        )
        return lines
    k = r.knocker
    assert k is not None
    revealed = view.revealed or tuple(() for _ in range(view.players))
    kind = {"gin": "gin", "big_gin": "big gin"}.get(r.result, "a knock")
    dk = sum(c.value for c in view.knock_deadwood)
    you = names[k] == YOU
    if kind == "a knock":
        verb = "knocked" if you else "knocks"
        head = Text(f"{names[k]} {verb} with {dk} (limit {r.knock_limit})", style="bold")
    else:
        head = Text(f"{names[k]} {'went' if you else 'goes'} {kind}!", style="bold")
    lines.append(head)
    spread = Text("  spread: ")
    spread.append_text(melds_text(view.spread))
    if view.knock_deadwood:
        spread.append("  deadwood ")
        spread.append_text(cards_text(view.knock_deadwood))
        spread.append(f" = {dk}")
    if view.knock_discard is not None:
        spread.append("  discard ")
        spread.append_text(card_text(view.knock_discard))
    lines.append(spread)
    laid: dict[int, list[Card]] = {}
    for s, c, _ in view.layoffs:
        laid.setdefault(s, []).append(c)
    dd = r.deadwood or tuple(0 for _ in range(view.players))
    for s in range(view.players):
        if s == k:
            continue
        cards = list(revealed[s])
        _, melds, loose = arranged(cards)
        line = Text(f"{names[s]}: ")
        line.append_text(melds_text(melds))
        if loose:
            line.append("  deadwood " if melds else "deadwood ")
            line.append_text(cards_text(loose))
        if s in laid:
            before = deadwood(mask_of([*cards, *laid[s]]))
            line.append("; laid off ")
            line.append_text(cards_text(laid[s]))
            line.append(f": {before} → {dd[s]}")
        else:
            line.append(f" = {dd[s]}")
        lines.append(line)
    lines.extend(Text(t) for t in _score_lines(r, rules, names, view.players))
    return lines


def _score_lines(r: HandResult, rules: Rules, names: Sequence[str], n: int) -> list[str]:
    """The arithmetic of RULES.md §7, checked against the core's points."""
    k = r.knocker
    assert k is not None
    m = r.multiplier
    dws = r.deadwood or tuple(0 for _ in range(n))
    out: list[str] = []
    expect = [0] * n
    if r.result in ("gin", "big_gin"):
        bonus = rules.gin_bonus
        label = "gin bonus"
        if r.result == "big_gin" and rules.big_gin_bonus is not None:
            bonus, label = rules.big_gin_bonus, "big gin bonus"
        others = [s for s in range(n) if s != k]
        total = bonus + sum(dws[s] for s in others)
        parts = " + ".join(f"{dws[s]} ({names[s]})" for s in others)
        expect[k] = m * total
        out.append(f"{names[k]}: {_times(f'{bonus} {label} + {parts}', m)} = {expect[k]}")
    elif n > 2 and rules.multiway_scoring == "lowest" and r.winner is not None:
        out.extend(_lowest_lines(r, rules, names, dws, expect))
    else:
        dk = dws[k]
        for s in range(n):
            if s == k:
                continue
            d = dws[s]
            if d > dk or (d == dk and not rules.undercut_on_tie):
                pts = m * (d - dk + rules.knock_bonus)
                expect[k] += pts
                extra = f" + {rules.knock_bonus} knock bonus" if rules.knock_bonus else ""
                out.append(
                    f"{names[k]} beat{'s' if names[k] != 'You' else ''} {names[s]}: "
                    f"{_times(f'{d} − {dk}{extra}', m)} = {pts} to {names[k]}"
                )
            else:
                pts = m * (dk - d + rules.undercut_bonus)
                expect[s] += pts
                tie = " (a tie is an undercut)" if d == dk else ""
                out.append(
                    f"{names[s]} undercut{'s' if names[s] != 'You' else ''} {names[k]}{tie}: "
                    f"{_times(f'{dk} − {d} + {rules.undercut_bonus} undercut bonus', m)} = {pts} "
                    f"to {names[s]}"
                )
    if tuple(expect) != tuple(r.points):  # never expected; the core's points rule
        out = [f"{names[s]} scores {p}" for s, p in enumerate(r.points) if p]
    win = r.winner
    if win is not None:
        out.append(f"{names[win]} win{'s' if names[win] != 'You' else ''} the hand.")
    return out


def _lowest_lines(
    r: HandResult, rules: Rules, names: Sequence[str], dws: Sequence[int], expect: list[int]
) -> list[str]:
    """``multiway_scoring = lowest`` (RULES.md §7): the one winner's sum, filling ``expect``."""
    k = r.knocker
    w = r.winner
    assert k is not None and w is not None
    m = r.multiplier
    n = len(dws)
    others = [(w + i) % n for i in range(1, n)]
    parts = " + ".join(f"({dws[s]} − {dws[w]})" for s in others)
    if w == k:
        bonus, label, what = rules.knock_bonus, "knock bonus", "beats every defender"
    else:
        bonus, label, what = rules.undercut_bonus, "undercut bonus", "undercuts with the lowest"
    total = sum(dws[s] - dws[w] for s in others) + bonus
    expect[w] = m * total
    extra = f" + {bonus} {label}" if bonus or w != k else ""
    if names[w] == YOU:  # "You beat", "You undercut"
        verb = what.replace("beats", "beat").replace("undercuts", "undercut")
    else:
        verb = what
    return [
        f"{names[w]} {verb}: {_times(parts + extra, m)} = {expect[w]} to {names[w]}; "
        "nobody else scores"
    ]


def final_lines(
    names: Sequence[str],
    rules: Rules,
    totals: Sequence[int],
    wins: Sequence[int],
    final: Sequence[int] | None,
    winner: int | None,
) -> list[str]:
    """How each final score is made (RULES.md §9) for a game in the target format."""
    out: list[str] = []
    if final is None:
        return out
    for s, name in enumerate(names):
        parts = [f"{totals[s]} points"]
        if rules.box_bonus and wins[s]:
            parts.append(f"{wins[s]} box{'es' if wins[s] != 1 else ''} × {rules.box_bonus}")
        if s == winner and rules.game_bonus:
            parts.append(f"{rules.game_bonus} game bonus")
        text = " + ".join(parts)
        doubled = (
            s == winner
            and rules.shutout == "double"
            and all(t == 0 for o, t in enumerate(totals) if o != s)
        )
        if doubled:
            text = f"({text}) × 2 shutout"
        out.append(f"{name}: {text} = {final[s]}")
    return out
