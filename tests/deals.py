"""Exact deals and scripted play for the rule-level tests.

A deal is written the way RULES.md's worked examples are: each seat's cards, the upcard and
the front of the stock. :func:`deck_for` turns that into the 52-card deck order that RULES.md §1
deals out (``deck[i]`` goes to seat ``(dealer + 1 + i) mod n``), so every test hand is also a
valid record hand. A script is a list of ``"SEAT ACTION"`` lines (``"0 knock Ah 3c4c5c 8h8s8d"``);
the seat is checked against the seat on turn.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from okgin import CARDS, Card, Game, HandState, Rules, parse_action, parse_cards
from okgin.actions import Action, to_json
from okgin.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def deck_for(
    hands: Sequence[str],
    upcard: str,
    stock: str = "",
    dealer: int | None = None,
) -> list[Card]:
    """The deck order that deals ``hands[s]`` to seat ``s``, turns ``upcard`` up and puts
    ``stock`` on the front of the stock; the other cards follow in card order.

    ``dealer`` defaults to the last seat, so that seat 0 acts first."""
    n = len(hands)
    if dealer is None:
        dealer = n - 1
    cards = [parse_cards(h) for h in hands]
    size = len(cards[0])
    assert all(len(c) == size for c in cards), "every seat gets hand_size cards"
    deck: list[Card | None] = [None] * (n * size)
    for seat, hand in enumerate(cards):
        for j, card in enumerate(hand):
            deck[j * n + (seat - dealer - 1) % n] = card
    deck.append(Card(upcard))
    deck.extend(parse_cards(stock) if stock else [])
    dealt = [c for c in deck if c is not None]
    assert len(dealt) == len(deck) and len(set(dealt)) == len(dealt), "a card given twice"
    rest = [c for c in CARDS if c not in set(dealt)]
    return dealt + rest


def exhaust_deck(seat0: str, seat1: str, upcard: str, last: str, size: int = 10) -> list[Card]:
    """A two-player deck (dealer 1) whose last drawable stock card, the draw that leaves 2
    in the stock, is ``last``; the stock before it is the unused cards in card order."""
    used = set(parse_cards(seat0 + seat1)) | {Card(upcard), Card(last)}
    filler = [c for c in CARDS if c not in used][: 52 - 2 * size - 1 - 3]
    return deck_for([seat0, seat1], upcard, " ".join(c.text for c in [*filler, Card(last)]), 1)


def rules_of(rules: Rules | Mapping[str, Any] | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    return Rules.from_dict(rules)


def deal(
    rules: Rules | Mapping[str, Any] | str,
    hands: Sequence[str],
    upcard: str,
    stock: str = "",
    dealer: int | None = None,
) -> HandState:
    """A hand dealt from :func:`deck_for`."""
    if dealer is None:
        dealer = len(hands) - 1
    return HandState.deal(rules_of(rules), deck_for(hands, upcard, stock, dealer), dealer)


def parse_step(line: str) -> tuple[int, Action]:
    seat, _, text = line.strip().partition(" ")
    return int(seat), parse_action(text)


def play(target: HandState | Game, script: Iterable[str]) -> None:
    """Apply each ``"SEAT ACTION"`` line, checking the seat is the one on turn."""
    for line in script:
        seat, action = parse_step(line)
        assert target.current_player == seat, f"{line!r}: seat {target.current_player} is on turn"
        target.apply(action, seat)


def play_draw_discard(hand: HandState | Game, turns: int) -> None:
    """``turns`` plain turns: the seat on turn draws from the stock and discards that card."""
    for _ in range(turns):
        state = hand.hand if isinstance(hand, Game) else hand
        seat = state.current_player
        assert seat is not None
        card = state.deck[state.stock_pos]
        hand.apply(parse_action("draw"), seat)
        hand.apply(parse_action(f"discard {card}"), seat)


def record(
    rules: Mapping[str, Any],
    hands: Sequence[tuple[int, Sequence[int], Sequence[str]]],
    players: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A RECORD.md document from ``(dealer, deck, script)`` per hand."""
    doc: dict[str, Any] = {"okgin": 1, "rules": dict(rules)}
    if players is not None:
        doc["players"] = list(players)
    doc["hands"] = [
        {
            "dealer": dealer,
            "deck": [CARDS[c].text for c in deck],
            "actions": [to_json(a, s) for s, a in map(parse_step, script)],
        }
        for dealer, deck, script in hands
    ]
    return doc


def run_cli(*argv: str) -> tuple[int, str, str]:
    """Run ``okgin ARGV`` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli_main(list(argv))
        except SystemExit as exc:  # argparse
            status = exc.code if isinstance(exc.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def replay_json(path: Path | str) -> dict[str, Any]:
    """``okgin replay FILE --json`` in-process; asserts exit status 0 and no stderr."""
    status, out, err = run_cli("replay", str(path), "--json")
    assert status == 0, err
    assert err == ""
    data: dict[str, Any] = json.loads(out)
    return data


def write_record(path: Path, doc: Mapping[str, Any]) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def state_snapshot(hand: HandState) -> dict[str, Any]:
    """Every field of a hand state, copied, to compare before and after a refusal."""
    snap: dict[str, Any] = {}
    for name in HandState.__slots__:
        value = getattr(hand, name)
        snap[name] = list(value) if isinstance(value, list) else value
    return snap
