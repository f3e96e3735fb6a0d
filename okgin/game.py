"""The game around the hands: formats, dealer rotation, targets, bonuses (RULES.md §9).

    >>> from okgin import Game
    >>> from okgin.bots import EasyBot
    >>> game, bot = Game({"preset": "standard"}, seed=7), EasyBot()
    >>> while not game.is_over:
    ...     seat = game.current_player
    ...     game.apply(bot.act(game.view(seat)), seat)
    >>> game.is_over, game.winner in (0, 1)
    (True, True)

A :class:`Game` deals its hands from a seeded :class:`random.Random` (``seed``), or from
:mod:`secrets` when no seed is given; :meth:`Game.deal` takes an explicit deck instead
(records do). With ``auto_deal`` (the default) the next hand is dealt as soon as one ends.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from okgin.actions import Action
from okgin.cards import CARDS, Card
from okgin.errors import IllegalActionError
from okgin.hand import HandResult, HandState
from okgin.rules import Rules
from okgin.scoring import FinalScore, final_score, hollywood_entry
from okgin.views import View, view_of

__all__ = ["Game", "GameScore", "HollywoodGame"]


@dataclass
class HollywoodGame:
    """One of Hollywood's three games."""

    target: int
    totals: list[int]
    wins: list[int]
    closed: bool = False
    winner: int | None = None

    def final(self, rules: Rules) -> list[int] | None:
        score = self.final_score(rules)
        return score.finals if score is not None else None

    def final_score(self, rules: Rules) -> FinalScore | None:
        """How this game's final scores are made, once it is closed (RULES.md §9)."""
        if not self.closed:
            return None
        return final_score(rules, self.totals, self.wins, self.winner)

    def to_json(self, rules: Rules) -> dict[str, Any]:
        return {
            "totals": list(self.totals),
            "closed": self.closed,
            "final": self.final(rules),
        }


@dataclass
class GameScore:
    """Where the game stands: totals, targets, and, once complete, winner and finals."""

    totals: list[int]
    wins: list[int]
    target: int
    target_doubled: bool = False
    complete: bool = False
    winner: int | None = None
    final: list[int] | None = None
    games: list[HollywoodGame] = field(default_factory=list)
    hollywood_wins: list[int] = field(default_factory=list)


class Game:
    """A whole game under a rule set: hands dealt, played and scored until it is over."""

    def __init__(
        self,
        rules: Rules | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        auto_deal: bool = True,
        deck: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
        self.n = self.rules.players
        self.seed = seed
        self._rng: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )
        self.auto_deal = auto_deal
        n = self.n
        r = self.rules
        self.score = GameScore(totals=[0] * n, wins=[0] * n, target=r.target)
        if r.format == "hollywood":
            self.score.games = [HollywoodGame(r.target, [0] * n, [0] * n) for _ in range(3)]
            self.score.hollywood_wins = [0] * n
        self.hands: list[HandState] = []
        self.results: list[HandResult] = []
        first = dealer if dealer is not None else self._rng.randrange(n)
        self._next_dealer = first
        if auto_deal or deck is not None:
            self.deal(deck)

    # ---- dealing -------------------------------------------------------------------------
    @property
    def next_dealer(self) -> int:
        """Who deals the next hand (RULES.md §9's rotation; the same after a dead hand)."""
        return self._next_dealer

    def new_deck(self) -> list[Card]:
        deck = list(CARDS)
        self._rng.shuffle(deck)
        return deck

    def deal(self, deck: Sequence[int] | None = None, dealer: int | None = None) -> HandState:
        """Deal the next hand, from ``deck`` or a fresh shuffle."""
        if self.score.complete:
            raise IllegalActionError("the game is over: no hand may be dealt")
        if self.hands and not self.hands[-1].is_over:
            raise IllegalActionError("the current hand is not over")
        if dealer is None:
            dealer = self._next_dealer
        elif self.hands and dealer != self._next_dealer:
            raise IllegalActionError(
                f"dealer must be seat {self._next_dealer} (dealer_rotation "
                f"{self.rules.dealer_rotation}), not {dealer}"
            )
        hand = HandState.deal(self.rules, deck if deck is not None else self.new_deck(), dealer)
        self.hands.append(hand)
        if self.rules.doubles_target(hand.upcard) and not self.score.target_doubled:
            self.score.target_doubled = True
            self.score.target *= 2
            for g in self.score.games:
                g.target *= 2
        return hand

    # ---- queries --------------------------------------------------------------------------
    @property
    def hand(self) -> HandState:
        """The current (or last) hand."""
        if not self.hands:
            raise IllegalActionError("no hand has been dealt")
        return self.hands[-1]

    @property
    def is_over(self) -> bool:
        return self.score.complete

    @property
    def current_player(self) -> int | None:
        if not self.hands or self.score.complete:
            return None
        return self.hands[-1].current_player

    def legal_actions(self) -> list[Action]:
        if not self.hands or self.score.complete:
            return []
        return self.hands[-1].legal_actions()

    @property
    def winner(self) -> int | None:
        return self.score.winner

    @property
    def totals(self) -> list[int]:
        return list(self.score.totals)

    # ---- playing ---------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Validate and play an action in the current hand; score the hand when it ends."""
        if self.score.complete:
            raise IllegalActionError(f"{action}: the game is over")
        hand = self.hand
        if hand.is_over:
            raise IllegalActionError(f"{action}: the hand is over; deal the next one")
        hand.apply(action, seat)
        if hand.is_over:
            self._finish(hand)

    def apply_id(self, action_id: int) -> None:
        """Play an action given by its integer id (validated like :meth:`apply`, through
        :meth:`HandState.apply_id`'s fast paths)."""
        if self.score.complete:
            raise IllegalActionError(f"action id {action_id}: the game is over")
        hand = self.hand
        if hand.is_over:
            raise IllegalActionError(f"action id {action_id}: the hand is over; deal the next one")
        hand.apply_id(action_id)
        if hand.is_over:
            self._finish(hand)

    def _finish(self, hand: HandState) -> None:
        result = hand.result
        assert result is not None
        self.results.append(result)
        r = self.rules
        sc = self.score
        n = self.n
        for s in range(n):
            sc.totals[s] += result.points[s]
        w = result.winner
        if w is not None:
            sc.wins[w] += 1
        # who deals next
        if w is None:
            self._next_dealer = hand.dealer
        elif r.dealer_rotation == "winner":
            self._next_dealer = w
        else:
            self._next_dealer = (hand.dealer + 1) % n
        # is the game over?
        if r.format == "single":
            sc.complete = True
            sc.winner = w
            sc.final = list(result.points)
        elif r.format == "target":
            if max(sc.totals) >= sc.target:
                top = max(sc.totals)
                leaders = [s for s in range(n) if sc.totals[s] == top]
                if len(leaders) == 1:
                    sc.complete = True
                    sc.winner = leaders[0]
                    sc.final = final_score(r, sc.totals, sc.wins, sc.winner).finals
        else:
            self._hollywood(result)
        if self.auto_deal and not sc.complete:
            self.deal()

    def _hollywood(self, result: HandResult) -> None:
        sc = self.score
        w = result.winner
        if w is None:
            return
        sc.hollywood_wins[w] += 1
        entry = hollywood_entry(sc.hollywood_wins[w], [g.closed for g in sc.games])
        games = [sc.games[g] for g in entry]
        points = result.points[w]
        for g in games:
            g.totals[w] += points
            g.wins[w] += 1
            if g.totals[w] >= g.target:
                g.closed = True
                g.winner = w
        if all(g.closed for g in sc.games):
            sc.complete = True
            finals = [g.final(self.rules) for g in sc.games]
            sc.final = [sum(f[s] for f in finals if f is not None) for s in range(self.n)]
            top = max(sc.final)
            leaders = [s for s in range(self.n) if sc.final[s] == top]
            sc.winner = leaders[0] if len(leaders) == 1 else None

    # ---- records -------------------------------------------------------------------------
    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """This game as a RECORD.md document (a dict, ready for ``json.dump``)."""
        from okgin.record import game_to_record

        return game_to_record(self, players)

    def final_scores(self) -> tuple[FinalScore, ...]:
        """How the final scores are made once the game is over (RULES.md §9): one for a
        game to a target, one per game in Hollywood, none in the ``single`` format (its
        finals are the hand's points) or before the end."""
        sc = self.score
        if not sc.complete or self.rules.format == "single":
            return ()
        if self.rules.format == "hollywood":
            scores = (g.final_score(self.rules) for g in sc.games)
            return tuple(f for f in scores if f is not None)
        return (final_score(self.rules, sc.totals, sc.wins, sc.winner),)

    def view(self, seat: int | None, *, version: int = 0) -> View:
        """What ``seat`` may know (None: a spectator; see :mod:`okgin.views`)."""
        return view_of(self, seat, version=version)

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.preset_name} hand {len(self.hands)} totals={self.score.totals} "
            f"{'over' if self.is_over else 'in play'}>"
        )
