"""Playing the arena's deals and games: decks and seeds from the arena seed, seatings, rows.

Everything a worker does is a pure function of an :class:`ArenaSpec` and a :class:`Chunk`,
so the same seed gives the same rows whichever process, machine or order plays them.

- **Deal** ``i`` is one deck order and one dealer, both derived from ``(seed, i)``; the same
  deals serve every pairing. Each deal is played once per **seating** (rotation ``r`` puts the
  first bot of the pairing, the *hero*, at seat ``r``; every other seat holds the second bot):
  seats swapped for two players, every rotation for three or four. The deal with all its
  seatings is a **pair**, the unit of the statistics.
- **Game set** ``j`` (``--games``) is a sequence of deck orders and a first dealer derived from
  ``(seed, "game", j)``, played as a whole game once per seating (mirrored games).
- Bots are built afresh for every hand (for every game with ``--games``), seeded from the arena
  seed, the deal and the seat relative to the hero, so a bot gets the same seed in every
  seating of a pair. A deal is the first hand of a fresh game, so its views show the score
  0-0 and the rules' target; with ``--games`` they show the game's real score.
- A bot may define ``start_hand(hand, seat)`` and ``finish_hand(hand)``: the arena calls them
  around every hand. Only engine adapters use them (``openspiel-simple`` mirrors the deal in
  OpenSpiel and compares the results); a bot that decides must do so from its views.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from okgin.actions import Action
from okgin.bots import Bot, make_bot
from okgin.cards import CARDS
from okgin.errors import OkginError
from okgin.game import Game
from okgin.hand import HandState
from okgin.rules import Rules
from okgin.views import View

__all__ = [
    "ArenaError",
    "ArenaSpec",
    "Chunk",
    "ChunkResult",
    "GameRow",
    "HandRow",
    "derive",
    "parse_record_name",
    "record_name",
    "run_chunk",
]

MAX_HANDS_PER_GAME = 1000


class ArenaError(OkginError):
    """A bot misbehaved in the arena, or the arena was asked something it cannot do."""


def derive(seed: int, *parts: object) -> int:
    """A 63-bit integer derived from the arena seed and ``parts`` (stable across runs)."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def deck_for(seed: int, *parts: object) -> list[int]:
    deck = list(range(52))
    random.Random(derive(seed, "deck", *parts)).shuffle(deck)
    return deck


@dataclass(frozen=True, slots=True)
class ArenaSpec:
    """What every worker needs: picklable and small."""

    rules: dict[str, Any]
    bots: tuple[str, ...]
    pairings: tuple[tuple[int, int], ...]
    seed: int
    save: bool = False
    budget: float | None = None  # seconds of search per decision for the bots that search


@dataclass(frozen=True, slots=True)
class Chunk:
    """Deals (``kind`` "hands") or game sets (``kind`` "games") ``start`` to ``stop - 1``."""

    kind: str
    pairing: int
    start: int
    stop: int


@dataclass(frozen=True, slots=True)
class HandRow:
    """One deal played in one seating (the hero at seat ``rotation``)."""

    pairing: int
    deal: int
    rotation: int
    dealer: int
    limit: int
    doubled: bool  # the upcard is of the doubling suit (hand x2 or the target doubles)
    doubles_target: bool
    result: str
    winner: int  # seat, or -1 for a dead hand
    points: tuple[int, ...]
    departure: str | None = None  # openspiel-simple: where OpenSpiel's state could not follow
    agrees: bool | None = None  # openspiel-simple: OpenSpiel's returns equal okgin's points


@dataclass(frozen=True, slots=True)
class GameRow:
    """One whole game of a mirrored game set, the hero at seat ``rotation``."""

    pairing: int
    game: int
    rotation: int
    winner: int  # seat, or -1 for a tie
    final: tuple[int, ...]
    hands: int
    complete: bool
    #: every seat's points summed over the game's hands (``final`` adds the end's bonuses)
    totals: tuple[int, ...]


@dataclass(slots=True)
class ChunkResult:
    chunk: Chunk
    hands: list[HandRow] = field(default_factory=list)
    games: list[GameRow] = field(default_factory=list)
    records: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def seat_bots(spec: ArenaSpec, pairing: int, rotation: int, *key: object) -> list[Bot]:
    """The bots of one seating: the hero at seat ``rotation``, the other bot elsewhere."""
    rules = Rules.from_dict(spec.rules)
    n = rules.players
    hero, other = spec.pairings[pairing]
    out = []
    for s in range(n):
        rel = (s - rotation) % n
        name = spec.bots[hero] if rel == 0 else spec.bots[other]
        # seeded by the bot's name without options: a variant meets the same chances
        seed = derive(spec.seed, "bot", *key, rel, name.partition(":")[0])
        out.append(make_bot(name, seed=seed, budget=spec.budget))
    return out


def _bind(bots: Sequence[Bot], hand: HandState) -> None:
    for s, bot in enumerate(bots):
        start = getattr(bot, "start_hand", None)
        if start is not None:
            start(hand, s)


def _finish(bots: Sequence[Bot], hand: HandState) -> tuple[str | None, bool | None]:
    departure: str | None = None
    agrees: bool | None = None
    for bot in bots:
        finish = getattr(bot, "finish_hand", None)
        if finish is not None:
            finish(hand)
            departure = departure or getattr(bot, "departure", None)
            mirror = getattr(bot, "mirror", None)
            if mirror is not None and mirror.agrees is not None:
                agrees = mirror.agrees if agrees is None else agrees and mirror.agrees
    return departure, agrees


#: Called with (game, seat, view, action) before each action is applied: ``game.hand`` is
#: still the state the seat decided in (analysis scripts read it there).
Observer = Callable[[Game, int, View, Action], None]


def play_out(game: Game, bots: Sequence[Bot], where: str, observe: Observer | None = None) -> None:
    """Let the bots play the current hand of ``game`` to its end (``observe``: see
    :data:`Observer`)."""
    hand = game.hand
    _bind(bots, hand)
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        bot = bots[seat]
        view = game.view(seat)
        action = bot.act(view)
        if observe is not None:
            observe(game, seat, view, action)
        try:
            game.apply(action, seat)
        except OkginError as exc:
            reason = getattr(exc, "reason", str(exc))
            raise ArenaError(
                f"{where}: bot {bot.name} at seat {seat} played {action!s}, refused: {reason}"
            ) from None


def play_deal(
    spec: ArenaSpec, pairing: int, deal: int, rotation: int, observe: Observer | None = None
) -> tuple[HandRow, Game]:
    """Deal ``deal`` in the seating ``rotation`` of ``pairing``: one hand (the hero at seat
    ``rotation``; ``observe``: see :data:`Observer`)."""
    rules = Rules.from_dict(spec.rules)
    deck = deck_for(spec.seed, deal)
    dealer = derive(spec.seed, "dealer", deal) % rules.players
    game = Game(rules, dealer=dealer, auto_deal=False, deck=[CARDS[c] for c in deck])
    bots = seat_bots(spec, pairing, rotation, "deal", deal)
    play_out(game, bots, f"deal {deal}, seating {rotation}", observe)
    hand = game.hand
    departure, agrees = _finish(bots, hand)
    result = hand.result
    assert result is not None
    up = hand.upcard
    doubled = rules.is_doubling_upcard(up)
    row = HandRow(
        pairing=pairing,
        deal=deal,
        rotation=rotation,
        dealer=dealer,
        limit=hand.limit,
        doubled=doubled,
        doubles_target=rules.doubles_target(up),
        result=result.result,
        winner=-1 if result.winner is None else result.winner,
        points=tuple(result.points),
        departure=departure,
        agrees=agrees,
    )
    return row, game


def play_game(spec: ArenaSpec, pairing: int, index: int, rotation: int) -> tuple[GameRow, Game]:
    """Game set ``index`` in the seating ``rotation`` of ``pairing``: one whole game."""
    rules = Rules.from_dict(spec.rules)
    dealer = derive(spec.seed, "game-dealer", index) % rules.players
    game = Game(rules, dealer=dealer, auto_deal=False)
    bots = seat_bots(spec, pairing, rotation, "game", index)
    k = 0
    while not game.is_over and k < MAX_HANDS_PER_GAME:
        game.deal([CARDS[c] for c in deck_for(spec.seed, "game", index, k)])
        play_out(game, bots, f"game {index}, seating {rotation}, hand {k + 1}")
        _finish(bots, game.hand)
        k += 1
    sc = game.score
    row = GameRow(
        pairing=pairing,
        game=index,
        rotation=rotation,
        winner=-1 if sc.winner is None else sc.winner,
        final=tuple(sc.final) if sc.final is not None else tuple(sc.totals),
        hands=k,
        complete=sc.complete,
        totals=tuple(sc.totals),
    )
    return row, game


def record_name(spec: ArenaSpec, kind: str, pairing: int, index: int, rotation: int) -> str:
    hero, other = spec.pairings[pairing]
    a, b = spec.bots[hero], spec.bots[other]
    what = "deal" if kind == "hands" else "game"
    return f"{pairing + 1:02d}-{a}-vs-{b}/{what}{index:06d}-seat{rotation}.json"


def parse_record_name(file_name: str) -> tuple[str, int, int]:
    """The inverse of :func:`record_name`'s file part: ``("deal" or "game", index, the hero's
    seat)`` for a file name such as ``deal000012-seat1.json``; :class:`ArenaError` (one
    line) for a name the arena does not write."""
    stem, dot, ext = file_name.rpartition(".")
    what, _, seat = stem.partition("-seat")
    kind, digits = what[:4], what[4:]
    if (
        not dot
        or ext != "json"
        or kind not in ("deal", "game")
        or not (digits.isascii() and digits.isdigit())
        or not (seat.isascii() and seat.isdigit())
    ):
        raise ArenaError(f"{file_name}: not an arena record name (dealNNNNNN-seatS.json)")
    return kind, int(digits), int(seat)


def run_chunk(spec: ArenaSpec, chunk: Chunk) -> ChunkResult:
    """Play one chunk: every deal (or game set) in it, in every seating."""
    n = Rules.from_dict(spec.rules).players
    out = ChunkResult(chunk)
    hero, other = spec.pairings[chunk.pairing]
    for i in range(chunk.start, chunk.stop):
        for r in range(n):
            if chunk.kind == "hands":
                row, game = play_deal(spec, chunk.pairing, i, r)
                out.hands.append(row)
            else:
                grow, game = play_game(spec, chunk.pairing, i, r)
                out.games.append(grow)
            if spec.save:
                names = [spec.bots[hero] if s == r else spec.bots[other] for s in range(n)]
                doc = game.to_record(names)
                out.records.append((record_name(spec, chunk.kind, chunk.pairing, i, r), doc))
    return out
