"""Regenerate okgin's golden files (tests/golden/), which CI diffs against the engine.

- ``perft.json``: perft-style counts of legal action sequences (RULES.md's actions, knocks with
  their default arrangement: the integer action space) to a fixed depth from fixed positions —
  seeded deals under several presets and player counts, an opening with passes, a position
  near the end under ``fiftieth_card``, layoff phases. Each position is stored whole (rules,
  dealer, deck, the actions leading to it), so the counts depend only on the engine.
- ``<preset>.txt``: one playthrough per preset (standard, classic, party with 3 players,
  openspiel): a fixed-seed game between deterministic players that see only their views,
  written as a transcript — every action, a state summary, each seat's observation string,
  each hand's result and the final summary.
- ``views.json``: the JSON form of a few views (docs/view.md) from a fixed-seed game between
  the same players: the opening, mid-play, the layoffs seen by the knocker and by the defender,
  a scored hand, and a spectator's view.

Usage::

    python scripts/regen_golden.py            # rewrite tests/golden/
    python scripts/regen_golden.py --check    # exit 1 and name the files that differ

Run it after an intended change of the rules engine, then read ``git diff tests/golden`` and
commit the files with the change that explains them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from okgin.actions import DONE, DRAW, PASS, TAKE, Action, Discard, Knock, Layoff, to_json
from okgin.cards import CARDS, Card, cards_of, format_cards, mask_of
from okgin.game import Game
from okgin.hand import HandState
from okgin.melds import (
    best_layoffs,
    deadwood,
    declared_deadwood,
    melds_in,
)
from okgin.record import summary
from okgin.rules import Rules
from okgin.views import View, view_of_hand

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
REGEN = "python scripts/regen_golden.py"

# ---- perft ---------------------------------------------------------------------------------


def perft(hand: HandState, depth: int) -> tuple[list[int], list[int]]:
    """``nodes[d-1]``: the legal action sequences of length d (d = 1..depth) that the hand
    allows; ``ended[d-1]``: how many of them end the hand with their last action."""
    nodes = [0] * depth
    ended = [0] * depth

    def walk(h: HandState, d: int) -> None:
        for action in h.legal_actions():
            child = h.copy()
            child.apply(action)
            nodes[d] += 1
            if child.is_over:
                ended[d] += 1
            elif d + 1 < depth:
                walk(child, d + 1)

    walk(hand, 0)
    return nodes, ended


def shuffled(seed: int) -> list[Card]:
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    return deck


def plain_move(h: HandState, knock: bool = False) -> Action:
    """A deterministic move for reaching positions: pass the offers, draw from the stock,
    discard the card that leaves the least deadwood (the highest on ties), knock only when
    asked (with the least declared deadwood), lay nothing off."""
    legal = h.legal_actions()
    knocks = [a for a in legal if isinstance(a, Knock)]
    if knock and knocks:
        return knocks[0]
    if h.phase_name in ("offer", "fiftieth"):
        return PASS
    if h.phase_name == "draw":
        return DRAW
    if h.phase_name == "layoff":
        return DONE
    hand = h.hands[h.turn]
    discards = [a for a in legal if isinstance(a, Discard)]
    return min(discards, key=lambda a: (deadwood(hand & ~(1 << a.card)), -a.card))


def advance(h: HandState, until: Callable[[HandState], bool], knock: bool = False) -> bool:
    """Play :func:`plain_move` until ``until(h)``; False if the hand ended first."""
    while not until(h):
        if h.is_over:
            return False
        h.apply(plain_move(h, knock))
    return True


@dataclass(frozen=True)
class Spec:
    """How to find a perft position: the first seed of ``seeds`` whose deal, played on with
    :func:`plain_move` until ``until`` holds, passes ``accept``."""

    name: str
    what: str
    rules: dict[str, Any]
    dealer: int
    depth: int
    seeds: Iterable[int]
    until: Callable[[HandState], bool] | None = None
    knock: bool = False
    accept: Callable[[HandState], bool] | None = None


def find_position(spec: Spec) -> dict[str, Any]:
    rules = Rules.from_dict(spec.rules)
    for seed in spec.seeds:
        deck = shuffled(seed)
        h = HandState.deal(rules, deck, spec.dealer)
        if spec.until is not None and not advance(h, spec.until, spec.knock):
            continue
        if spec.accept is not None and not spec.accept(h):
            continue
        nodes, ended = perft(h, spec.depth)
        return {
            "name": spec.name,
            "what": spec.what,
            "rules": spec.rules,
            "dealer": spec.dealer,
            "seed": seed,
            "deck": [c.text for c in deck],
            "prefix": [to_json(a, s) for s, a in h.history],
            "phase": h.phase_name,
            "depth": spec.depth,
            "nodes": nodes,
            "ended": ended,
        }
    raise RuntimeError(f"{spec.name}: no seed gives the wanted position")


def _stock_at(n: int) -> Callable[[HandState], bool]:
    return lambda h: h.stock_size == n and h.phase_name == "draw"


def _before_layoffs(h: HandState) -> bool:
    """A turn after the draw with a knock that is not gin, after which the next defender
    has at least two layoffs."""
    if h.phase_name != "play":
        return False
    for a in h.legal_actions():
        if isinstance(a, Knock) and a.card is not None and _declared(h.hands[h.turn], a):
            c = h.copy()
            c.apply(a)
            if len(c.legal_actions()) >= 3:
                return True
    return False


def _reaches(phases: set[str], depth: int) -> Callable[[HandState], bool]:
    """Whether some action sequence of at most ``depth`` actions reaches each phase."""

    def test(h: HandState) -> bool:
        seen: set[str] = set()

        def walk(x: HandState, d: int) -> None:
            seen.add(x.phase_name)
            if d == depth or x.is_over:
                return
            for a in x.legal_actions():
                c = x.copy()
                c.apply(a)
                walk(c, d + 1)

        walk(h, 0)
        return phases <= seen

    return test


def _ace_up_and(test: Callable[[HandState], bool]) -> Callable[[HandState], bool]:
    return lambda h: h.upcard.rank == 0 and test(h)


STANDARD = {"preset": "standard"}
PARTY3 = {"preset": "party", "players": 3}
SPECS = [
    Spec("standard-opening", "a standard deal from the opening offer", STANDARD, 0, 8, [1]),
    Spec(
        "standard-all-passed",
        "both players passed the upcard: only the stock draw is legal",
        STANDARD,
        1,
        7,
        [2],
        until=lambda h: len(h.history) == 2,
    ),
    Spec(
        "standard-midhand",
        "standard, mid-hand, knocks within reach",
        STANDARD,
        0,
        7,
        range(100, 400),
        until=_stock_at(16),
        accept=_reaches({"layoff"}, 3),
    ),
    Spec(
        "classic-ace-upcard",
        "classic, an ace upcard: knock limit 1, a knock within reach",
        {"preset": "classic"},
        0,
        7,
        range(100, 2000),
        until=_stock_at(14),
        accept=_ace_up_and(_reaches({"layoff"}, 3)),
    ),
    Spec(
        "standard-ace-gin-only",
        "standard, an ace upcard: gin only (limit 0), gin within reach",
        STANDARD,
        1,
        7,
        range(100, 4000),
        until=_stock_at(12),
        accept=_ace_up_and(_reaches({"over"}, 3)),
    ),
    Spec("party-3-opening", "party, three players, from the opening offer", PARTY3, 2, 8, [3]),
    Spec(
        "party-4-opening",
        "party, four players, from the opening offer",
        {"preset": "party", "players": 4},
        3,
        8,
        [4],
    ),
    Spec(
        "openspiel-fiftieth",
        "openspiel (fiftieth_card), four stock cards left: the fiftieth card can be taken to knock",
        {"preset": "openspiel"},
        1,
        8,
        range(10, 200),
        until=_stock_at(4),
        accept=_reaches({"fiftieth", "fiftieth_knock", "over"}, 7),
    ),
    Spec(
        "standard-fiftieth-3",
        "three players under fiftieth_card, near the end of the stock",
        {"preset": "standard", "players": 3, "stock_exhaustion": "fiftieth_card"},
        0,
        8,
        [5],
        until=_stock_at(4),
    ),
    Spec(
        "standard-knock-layoff",
        "standard: a knock that is not gin is legal, then layoffs",
        STANDARD,
        0,
        7,
        range(20, 400),
        until=_before_layoffs,
    ),
    Spec(
        "party-3-knock-layoff",
        "party, three players: a knock, then two defenders lay off",
        PARTY3,
        0,
        8,
        range(20, 400),
        until=_before_layoffs,
    ),
    Spec(
        "big-gin-small-hands",
        "four players with two-card hands and big gin: hands end within the depth",
        {
            "preset": "standard",
            "players": 4,
            "hand_size": 2,
            "big_gin_bonus": 31,
            "no_return_discard": False,
        },
        0,
        9,
        [6],
    ),
]


def perft_positions() -> list[dict[str, Any]]:
    return [find_position(spec) for spec in SPECS]


def perft_document() -> dict[str, Any]:
    return {
        "about": (
            "Perft counts: nodes[d-1] legal action sequences of length d from each position, "
            "ended[d-1] of them end the hand. Regenerate with: " + REGEN
        ),
        "positions": perft_positions(),
    }


def perft_text() -> str:
    doc = perft_document()
    lines = ["{", f'  "about": {json.dumps(doc["about"])},', '  "positions": [']
    for i, pos in enumerate(doc["positions"]):
        fields = [f"      {json.dumps(k)}: {json.dumps(v)}" for k, v in pos.items()]
        comma = "," if i + 1 < len(doc["positions"]) else ""
        lines += ["    {", ",\n".join(fields), "    }" + comma]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


# ---- playthrough transcripts ------------------------------------------------------------------


class GoldenPlayer:
    """A deterministic player that sees only its view: lays off the best it can; knocks when it
    may, with the least declared deadwood; takes a discard that makes a meld with its hand;
    discards the card that leaves the least deadwood (the highest-valued, then the highest
    card, on ties). Kept here, not in okgin.bots, so the transcripts change only when the
    engine does."""

    def act(self, view: View) -> Action:
        legal = view.legal_actions
        hand = mask_of(view.hand)
        if view.phase == "layoff":
            _, seq = best_layoffs(hand, view.melds)
            return Layoff(seq[0][0], seq[0][1]) if seq else DONE
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return min(knocks, key=lambda k: _declared(hand, k))
        top = view.top_discard
        if TAKE in legal and top is not None:
            full = hand | 1 << top
            if any(m.mask >> top & 1 for m in melds_in(full)):
                return TAKE
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return min(
                discards,
                key=lambda a: (deadwood(hand & ~(1 << a.card)), -a.card.value, -a.card),
            )
        if DRAW in legal:
            return DRAW
        return PASS if PASS in legal else legal[0]


def _declared(hand: int, knock: Knock) -> int:
    rest = hand if knock.card is None else hand & ~(1 << knock.card)
    return declared_deadwood(rest, knock.melds)


def _cards(cards: Iterable[int]) -> str:
    return format_cards(sorted(cards)) or "-"


def _pile(view: View) -> str:
    """The discard pile, bottom to top, each card with the seat that discarded it."""
    return " ".join(p.card.text + ("" if p.by is None else f"/{p.by}") for p in view.pile) or "-"


def observation(view: View) -> str:
    """One seat's observation string: everything its view holds, on one line."""
    parts = [
        f"seat {view.seat}",
        f"hand {_cards(view.hand)} (deadwood {deadwood(mask_of(view.hand))})",
        f"pile {_pile(view)}",
        f"stock {view.stock_size}",
        f"sizes {'/'.join(str(n) for n in view.hand_sizes)}",
    ]
    taken = [f"{s}:{_cards(t)}" for s, t in enumerate(view.taken) if t]
    if taken:
        parts.append("took " + " ".join(taken))
    if view.passes:
        parts.append("passes " + " ".join(f"{s}:{w}:{c}" for s, w, c in view.passes))
    if view.knocker is not None:
        spread = " ".join(m.text for m in view.melds) or "-"
        parts.append(
            f"knocker {view.knocker} melds {spread} deadwood {_cards(view.knock_deadwood)}"
            f" knock discard {view.knock_discard or '?'}"
        )
    if view.taken_this_turn is not None:
        parts.append(f"taken this turn {view.taken_this_turn}")
    if view.legal_actions:
        parts.append("legal " + ", ".join(str(a) for a in view.legal_actions))
    return " | ".join(parts)


def state_line(game: Game) -> str:
    h = game.hand
    top = h.top_discard
    return (
        f"phase {h.phase_name}, to play {h.current_player}, stock {h.stock_size}, "
        f"pile {len(h.pile)} (top {top if top is not None else '-'}), "
        f"hands {'/'.join(str(x.bit_count()) for x in h.hands)}, totals {game.score.totals}"
    )


def transcript(preset: str, seed: int, players: int | None = None) -> str:
    """A whole game under ``preset`` from ``seed``, between :class:`GoldenPlayer` s."""
    rules: dict[str, Any] = {"preset": preset}
    if players is not None:
        rules["players"] = players
    game = Game(rules, seed=seed)
    bots = [GoldenPlayer() for _ in range(game.n)]
    out = [
        f"# okgin golden playthrough: {json.dumps(rules)}, seed {seed}",
        f"# regenerate with: {REGEN}",
        f"rules: {json.dumps(game.rules.options())}",
    ]
    hand_no = 0
    step = 0
    while not game.is_over:
        h = game.hand
        if len(game.hands) != hand_no:
            hand_no = len(game.hands)
            out += [
                "",
                f"== hand {hand_no}: dealer {h.dealer}, upcard {h.upcard}, knock limit {h.limit},"
                f" multiplier {h.multiplier}, target {game.score.target}",
                f"deck: {' '.join(c.text for c in h.deck)}",
            ]
            out += [f"seat {s}: {_cards(cards_of(h.hands[s]))}" for s in range(game.n)]
        seat = h.current_player
        assert seat is not None
        action = bots[seat].act(game.view(seat))
        step += 1
        game.apply(action, seat=seat)
        out.append(f"{step}. seat {seat}: {action}")
        if h.is_over:
            r = h.result
            assert r is not None
            out.append(
                f"   result {r.result}, knocker {r.knocker}, deadwood {r.deadwood}, "
                f"points {list(r.points)}, winner {r.winner}"
            )
            out += [f"   {observation(view_at_end(h, s))}" for s in range(game.n)]
            out.append(f"   totals {game.score.totals}")
            continue
        out.append(f"   {state_line(game)}")
        out += [f"   {observation(game.view(s))}" for s in range(game.n)]
    out += ["", "== game over", json.dumps(summary(game), sort_keys=True)]
    return "\n".join(out) + "\n"


def view_at_end(hand: HandState, seat: int) -> View:
    return view_of_hand(hand, seat)


#: preset -> (seed, players)
TRANSCRIPTS: dict[str, tuple[int, int | None]] = {
    "standard": (7, None),  # five hands: gin, a doubled hand, layoffs, an undercut
    "classic": (19, None),
    "party": (44, 3),
    "openspiel": (28, None),  # layoffs and an undercut
}


# ---- views in their JSON form ----------------------------------------------------------------

#: (rules, seed) of the game the pinned views come from
VIEWS_GAME: tuple[dict[str, Any], int] = ({"preset": "standard"}, 7)


def golden_views() -> list[dict[str, Any]]:
    """The pinned views: ``{"name", "about", "view"}`` each, ``view`` as View.to_json gives it
    (``version``: the actions applied and the hands dealt after the first so far, as a table
    counts them)."""
    rules, seed = VIEWS_GAME
    game = Game(rules, seed=seed, auto_deal=False)  # dealt below, so a scored hand shows
    game.deal()
    bots = [GoldenPlayer() for _ in range(game.n)]
    out: list[dict[str, Any]] = []
    wanted = ["opening", "mid-play", "layoffs", "scored"]
    applied = 0

    def pin(name: str, about: str, seat: int | None) -> None:
        view = game.view(seat, version=applied)
        out.append({"name": name, "about": about, "view": view.to_json()})

    while wanted and not game.is_over:
        h = game.hand
        seat = h.current_player
        assert seat is not None
        if wanted[0] == "opening":
            pin("opening", "hand 1 before any action, from the seat to play", seat)
            wanted.pop(0)
        elif wanted[0] == "mid-play" and h.phase_name == "play" and h.stock_size <= 25:
            pin("mid-play", "a turn after its draw, from the seat on turn", seat)
            pin("spectator", "the same moment from a spectator (no seat)", None)
            wanted.pop(0)
        elif wanted[0] == "layoffs" and h.phase_name == "layoff" and len(h.legal_actions()) > 1:
            assert h.knocker >= 0
            pin(
                "layoffs-knocker",
                "after a knock, the defender to lay off: the knocker's view",
                h.knocker,
            )
            pin("layoffs-defender", "the same moment from the defender on turn", seat)
            pin(
                "layoffs-spectator",
                "the same moment from a spectator: the knock discard is face down",
                None,
            )
            wanted.pop(0)
        game.apply(bots[seat].act(game.view(seat)), seat)
        applied += 1
        if h.is_over:
            if wanted and wanted[0] == "scored" and h.knocker >= 0:
                pin("scored", "a knocked hand once scored (hands revealed), from seat 0", 0)
                wanted.pop(0)
            if not game.is_over:
                game.deal()
                applied += 1
    assert not wanted, f"the views game never reached {wanted}"
    return out


def views_text() -> str:
    about = "View.to_json() of pinned views (docs/view.md). Regenerate with: " + REGEN
    game = {"rules": VIEWS_GAME[0], "seed": VIEWS_GAME[1]}
    lines = ["{", f'  "about": {json.dumps(about)},', f'  "game": {json.dumps(game)},']
    lines.append('  "views": [')
    views = golden_views()
    for i, item in enumerate(views):
        lines.append("    {")
        lines.append(f'      "name": {json.dumps(item["name"])},')
        lines.append(f'      "about": {json.dumps(item["about"], ensure_ascii=False)},')
        lines.append('      "view": {')
        fields = [f"        {json.dumps(k)}: {json.dumps(v)}" for k, v in item["view"].items()]
        lines.append(",\n".join(fields))
        lines.append("      }")
        lines.append("    }" + ("," if i + 1 < len(views) else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def golden_files() -> dict[str, str]:
    """Every golden file's name and its content as the engine gives it now."""
    files = {"perft.json": perft_text(), "views.json": views_text()}
    for preset, (seed, players) in TRANSCRIPTS.items():
        files[f"{preset}.txt"] = transcript(preset, seed, players)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 on a difference")
    args = parser.parse_args(argv)
    differ = []
    for name, text in golden_files().items():
        path = GOLDEN / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        differ.append(name)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if args.check:
        for name in differ:
            print(f"differs: tests/golden/{name}")
        return 1 if differ else 0
    for name in differ:
        print(f"wrote tests/golden/{name}")
    if not differ:
        print("tests/golden is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
