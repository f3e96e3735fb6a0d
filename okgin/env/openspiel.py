"""Oklahoma Gin as an OpenSpiel game registered from Python: ``python_oklahoma_gin``.

    >>> import pyspiel
    >>> import okgin.env.openspiel  # registers the game
    >>> game = pyspiel.load_game("python_oklahoma_gin", {"rules": "party", "players": 3})
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():  # the deal: 52 chance actions, one card each
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> state.current_player(), len(state.observation_tensor(0)), len(state.legal_actions()) > 0
    (0, 1404, True)

OpenSpiel's Python algorithms then run on okgin's rules, every preset, 2–4 players.

- **Parameters**: ``rules`` (a preset name, or a rules object as JSON text:
  ``'{"preset": "classic", "knock_bonus": 5}'``), ``players`` (2–4; 0 keeps the rules'
  count), ``max_moves`` (default 1000: OpenSpiel needs a finite game length, and a hand of
  okgin's rules has none, since players may take and throw the same cards forever; a hand
  reaching ``max_moves`` decisions ends with no score, which random play never comes near).
- **Chance**: the deal is 52 chance actions, the deck order card by card (``deck[i]``, as in
  RULES.md §1; the dealer is the last seat, so seat 0 acts first); okgin deals its stock
  upfront, so later draws are not chance nodes.
- **Actions**: okgin's 525 integer ids (``docs/actions.md``).
- **Returns**: each seat's hand points minus the mean of the others' (zero-sum; with two
  players, its points minus the opponent's), as the PettingZoo environment's ``points``.
- **Observation tensor**: the 27 × 52 planes of :mod:`okgin.env.planes` (flattened), from
  the seat's view. **Information-state tensor**: those planes and two more, the cards the
  seat was dealt and the cards it drew from the stock (29 × 52). **Information-state
  string**: perfect recall: the dealt hand, then every action as the seat saw it, its own
  draws with their cards. **Observation string**: the seat's table as text.
- :meth:`OklahomaGinState.resample_from_infostate` deals the cards the seat has not seen
  again among the other hands and the stock (:mod:`okgin.env.worlds`), so OpenSpiel's ISMCTS
  can search.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from okgin.actions import ID_KNOCK, ID_LAYOFF, NUM_ACTIONS, Draw
from okgin.cards import CARDS, format_cards
from okgin.env.aec import hand_rewards, render_view
from okgin.env.planes import NUM_PLANES, PlaneEncoder
from okgin.env.worlds import unseen_cards
from okgin.errors import IllegalActionError, OkginError
from okgin.hand import HandState
from okgin.rules import Rules
from okgin.views import view_of_hand

__all__ = ["GAME_TYPE", "OklahomaGinGame", "OklahomaGinState"]

_DEFAULTS: Final[dict[str, Any]] = {"rules": "standard", "players": 0, "max_moves": 1000}
_RESAMPLE_TRIES: Final = 200

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_oklahoma_gin",
    long_name="Python Oklahoma Gin (okgin)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def _rules_of(params: dict[str, Any]) -> Rules:
    text = str(params.get("rules", "standard"))
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else {"preset": text}
    except json.JSONDecodeError as exc:
        raise OkginError(f"rules: not a preset name or a JSON object: {exc}") from None
    rules = Rules.from_dict(data)
    players = int(params.get("players", 0))
    if players and players != rules.players:
        rules = rules.with_options(players=players)
    return rules


def _max_points(rules: Rules) -> float:
    """A bound on a seat's zero-sum return: every bonus at once, doubled, against every
    defender holding the most deadwood a hand can."""
    bonus = max(rules.gin_bonus, rules.undercut_bonus, rules.big_gin_bonus or 0)
    per_defender = bonus + rules.knock_bonus + 10 * (rules.cards_per_hand + 1)
    return float(2 * (rules.players - 1) * per_defender * 2)


class OklahomaGinGame(pyspiel.Game):
    """The game: okgin's rules and the game's parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        self.rules = _rules_of(params)
        self.max_moves = int(params["max_moves"])
        if self.max_moves < 1:
            raise OkginError(f"max_moves must be at least 1, not {self.max_moves}")
        bound = _max_points(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=self.rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=52 + self.max_moves,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> OklahomaGinState:
        return OklahomaGinState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise OkginError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(recall)


class OklahomaGinState(pyspiel.State):
    """One hand: first the 52 chance actions of the deal, then okgin's action ids."""

    def __init__(self, game: OklahomaGinGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.max_moves = game.max_moves
        self.deck: list[int] = []
        self.hand: HandState | None = None
        self.moves = 0
        self.ids: list[int] = []
        self.dealt: list[tuple[int, ...]] = []  # each seat's dealt hand, from its view

    # ---- OpenSpiel's API ------------------------------------------------------------------
    def current_player(self) -> int:
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_over or self.moves >= self.max_moves:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.hand.turn

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return self.hand.legal_ids() if player == self.hand.turn else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        rest = sorted(set(range(52)) - set(self.deck))
        p = 1.0 / len(rest)
        return [(c, p) for c in rest]

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            self.deck.append(int(action))
            if len(self.deck) == 52:
                n = self.rules.players
                self.hand = HandState.deal(self.rules, self.deck, n - 1)
                self.dealt = [view_of_hand(self.hand, s).hand for s in range(n)]
            return
        self.hand.apply_id(int(action))
        self.ids.append(int(action))
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{CARDS[action]}"
        if self.hand is None:
            return f"id {action}"
        try:
            return str(self.hand.action_for_id(action))
        except IllegalActionError:
            return f"id {action}"

    def is_terminal(self) -> bool:
        return self.hand is not None and (self.hand.is_over or self.moves >= self.max_moves)

    def returns(self) -> list[float]:
        n = self.rules.players
        if self.hand is None or self.hand.result is None:
            return [0.0] * n
        return [float(r) for r in hand_rewards(self.hand.result, "points")]

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: {format_cards(self.deck)}"
        hand = self.hand
        seats = "  ".join(f"seat {s}: {format_cards(hand.hand(s))}" for s in range(hand.n))
        return f"{hand!r}  pile {format_cards(hand.pile)}  {seats}"

    # ---- information ------------------------------------------------------------------------
    def information_state_text(self, player: int) -> str:
        """Perfect recall: the dealt hand, then each action as ``player`` saw it."""
        if self.hand is None:
            mine = [self.deck[i] for i in range(len(self.deck)) if self._deals_to(i) == player]
            return f"p{player} dealing {format_cards(mine)}"
        view = view_of_hand(self.hand, player, legal=False)
        draws = iter(view.draws)  # the seat's own stock draws, which its view holds
        parts = [f"p{player} dealt {format_cards(self.dealt[player])} up {view.upcard}"]
        for s, action in view.log:
            if s == player and action.__class__ is Draw:
                parts.append(f"{s}:draw {CARDS[next(draws)]}")
            else:
                parts.append(f"{s}:{action}")
        return " | ".join(parts)

    def _deals_to(self, i: int) -> int | None:
        n = self.rules.players
        size = self.rules.cards_per_hand
        return (n - 1 + 1 + i) % n if i < n * size else None

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: its unseen cards dealt again
        among the other hands and the stock, the same actions replayed (a deal that
        contradicts them, e.g. a taken fiftieth card that could not knock, is drawn again)."""
        game = self.get_game()
        if self.hand is None:
            return self.clone()  # during the deal nobody has seen anything to keep
        unseen = unseen_cards(self.hand, player_id)
        rng = random.Random(int(probability_sampler() * 2**53))
        for _ in range(_RESAMPLE_TRIES):
            moved = unseen[:]
            rng.shuffle(moved)
            swap = dict(zip(unseen, moved))
            state = game.new_initial_state()
            try:
                for c in self.deck:
                    state.apply_action(swap.get(c, c))
                for action in self.ids:
                    if ID_KNOCK <= action < ID_LAYOFF and action - ID_KNOCK in swap:
                        action = ID_KNOCK + swap[action - ID_KNOCK]  # the face-down discard
                    state.apply_action(action)
            except (IllegalActionError, RuntimeError):
                continue
            return state
        raise OkginError(f"no deal of seat {player_id}'s unseen cards fits the hand's actions")


class Observer:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``):
    the planes of the seat's view; with perfect recall two more planes and the full log."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        rows = NUM_PLANES + (2 if perfect_recall else 0)
        self.tensor = np.zeros(rows * 52, np.float32)
        self.dict = {"planes": self.tensor.reshape(rows, 52)}
        self._encoder = PlaneEncoder()

    def set_from(self, state: OklahomaGinState, player: int) -> None:
        planes = self.dict["planes"]
        planes[:] = 0.0
        if state.hand is None:
            return
        self._encoder.encode_hand(state.hand, player, planes[:NUM_PLANES])
        if self.perfect_recall:
            for c in state.dealt[player]:
                planes[NUM_PLANES, c] = 1.0
            for c in view_of_hand(state.hand, player, legal=False).draws:
                planes[NUM_PLANES + 1, c] = 1.0

    def string_from(self, state: OklahomaGinState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_text(player)
        if state.hand is None:
            return f"p{player} dealing"
        return render_view(view_of_hand(state.hand, player, legal=False))


pyspiel.register_game(GAME_TYPE, OklahomaGinGame)
