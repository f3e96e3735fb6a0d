"""Hints in plain words: what a move keeps and what it leaves, for a person reading a hint.

The bots' ``explain`` lines are built from these (and their own numbers): short enough for
one line of a terminal, and in words a new player reads (cards in RECORD.md's text, which
the terminal turns into card faces)::

    >>> from okgin.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards("9s 8s 5d 5c Kh"))
    >>> [(str(d), d.kind, len(d.outs)) for d in kept_draws(hand, ~hand & (1 << 52) - 1)]
    [('8s 9s', 'run', 2), ('5c 5d', 'set', 2)]
    >>> keeps_text(hand, ~hand & (1 << 52) - 1)
    'keeps 8s 9s, 5c 5d: 4 outs'
    >>> keeps_text(hand, ~hand & (1 << 52) - 1, most=1)
    'keeps 8s 9s: 2 outs for a run'
"""

from __future__ import annotations

from dataclasses import dataclass

from okgin.cards import CARDS, Card
from okgin.melds import default_arrangement

__all__ = ["Draw", "completing", "keeps_text", "kept_draws"]


@dataclass(frozen=True)
class Draw:
    """Two unmelded cards a third would meld with: a set or a run "draw", and its outs (the
    cards that complete it that the seat has not seen)."""

    cards: tuple[Card, Card]
    kind: str  # "set" or "run"
    outs: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(c.text for c in self.cards)


def completing(a: int, b: int) -> tuple[str, int] | None:
    """The kind of meld ``a`` and ``b`` start and the mask of the cards that complete it as
    a three-card meld, or None when no third card melds with both."""
    ra, rb = a % 13, b % 13
    if ra == rb:
        mask = 0
        for suit in range(4):
            c = suit * 13 + ra
            if c not in (a, b):
                mask |= 1 << c
        return "set", mask
    if a // 13 != b // 13:
        return None
    lo, hi = min(ra, rb), max(ra, rb)
    base = a // 13 * 13
    if hi - lo == 1:
        mask = 0
        if lo > 0:
            mask |= 1 << (base + lo - 1)
        if hi < 12:
            mask |= 1 << (base + hi + 1)
        return "run", mask
    if hi - lo == 2:
        return "run", 1 << (base + lo + 1)
    return None


def kept_draws(hand: int, unseen: int) -> list[Draw]:
    """The draws among the cards of ``hand`` that its best arrangement leaves unmelded, the
    most outs first (outs: cards of ``unseen`` that complete the draw)."""
    _, melds = default_arrangement(hand)
    used = 0
    for m in melds:
        used |= m.mask
    loose = [c for c in range(52) if (hand & ~used) >> c & 1]
    out: list[Draw] = []
    for i, a in enumerate(loose):
        for b in loose[i + 1 :]:
            found = completing(a, b)
            if found is None:
                continue
            kind, mask = found
            outs = tuple(CARDS[c] for c in range(52) if (mask & unseen) >> c & 1)
            if outs:
                out.append(Draw((CARDS[a], CARDS[b]), kind, outs))
    out.sort(key=lambda d: (-len(d.outs), d.kind != "run", d.cards))
    return out


def keeps_text(hand: int, unseen: int, most: int = 2) -> str | None:
    """``keeps 8s 9s: 2 outs for a run`` for the best ``most`` draws of ``hand`` with
    different cards, or None when it keeps none."""
    chosen: list[Draw] = []
    used: set[Card] = set()
    for d in kept_draws(hand, unseen):
        if used.isdisjoint(d.cards):
            chosen.append(d)
            used.update(d.cards)
        if len(chosen) == most:
            break
    if not chosen:
        return None
    n = len({c for d in chosen for c in d.outs})
    outs = f"{n} out{'s' if n != 1 else ''}"
    if len(chosen) == 1:
        return f"keeps {chosen[0]}: {outs} for a {chosen[0].kind}"
    return f"keeps {', '.join(str(d) for d in chosen)}: {outs}"
