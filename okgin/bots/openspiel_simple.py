"""``openspiel-simple``: OpenSpiel's own C++ simple bot, seated at an okgin table.

The bot is ``pyspiel.make_simple_gin_rummy_bot``: an opponent nobody here wrote. It decides
from OpenSpiel's observation of its own player, so the adapter keeps a pyspiel ``gin_rummy``
state (``oklahoma=true``) in lockstep with okgin's hand (:class:`OpenSpielMirror`) and
translates actions both ways.

How the deal maps (RULES.md §11)
--------------------------------
OpenSpiel's player 0 moves first, so it is okgin's seat after the dealer, player 1 is the
dealer (with dealer 1, player 0 is seat 0). OpenSpiel's chance actions deal player 0's ten
cards, then player 1's, then the upcard, then one stock card each time a player draws; okgin
deals ``deck[i]`` to seat ``(dealer + 1 + i) mod 2``, so player 0 gets ``deck[0], deck[2], …,
deck[18]``, player 1 ``deck[1], …, deck[19]``, the upcard is ``deck[20]`` and the stock is drawn
from ``deck[21]`` on. Card indices differ: OpenSpiel numbers ``suit × 13 + rank`` with suits in
the order s c d h, okgin in the order c d h s (:func:`os_card`, :func:`ok_card`).

The arena binds the bot to each hand (:meth:`OpenSpielSimpleBot.start_hand`) so that the mirror
can feed OpenSpiel's chance nodes from the deck order, as a dealer would; the C++ bot itself
reads only ``ObservationTensor(its player)``: its hand, the upcard, the discard pile, the stock
size, the knock card and the opponent's laid melds.

Where OpenSpiel departs from okgin's rules (RULES.md §11), handled explicitly
------------------------------------------------------------------------------
okgin's hand is the referee: it validates and scores every action. When the okgin side does
something OpenSpiel's state cannot follow, the mirror records a **departure** (its kind below),
stops, and the adapter finishes the hand with the same policy in Python
(``MediumBot(layoffs=False)``, whose tie-breaks differ); the arena counts departures per kind.

- ``repeated_take_and_return``: OpenSpiel ends the hand 0-0 when both players take the discard
  and throw it back in a row; okgin plays on.
- ``fifty_upcard_draws``: OpenSpiel ends the hand 0-0 at the 50th draw of the upcard; okgin
  plays on.
- ``knock_refused`` / ``wall_knock_refused``: OpenSpiel's 11-card deadwood check (best melds of
  11 cards, then drop the highest deadwood card) can overstate the deadwood and refuse a knock
  that okgin's exact check allows.
- ``layoff_refused``: OpenSpiel's layoff chains stop after two cards on a run end; okgin's do not.
- ``big_gin``: OpenSpiel has no big gin.
- Runs longer than five cards are declared to OpenSpiel as several runs of at most five
  (:func:`split_meld`), which lays off onto the same cards; this is not a departure.
- ``defender_declared``: a defender's deadwood in OpenSpiel is what it declares. Facing gin, the
  C++ bot passes before declaring any meld, so OpenSpiel counts its whole hand; okgin counts
  the minimum. Found when the hand is scored (:meth:`OpenSpielMirror.finish`).

After a hand, :meth:`OpenSpielMirror.finish` completes OpenSpiel's hand (declaring an okgin
defender's best melds) and compares OpenSpiel's returns with okgin's points: ``agrees``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from okgin.actions import (
    DONE,
    DRAW,
    PASS,
    TAKE,
    Action,
    Discard,
    Done,
    Draw,
    Knock,
    Layoff,
    Pass,
    Take,
)
from okgin.bots.medium import MediumBot
from okgin.cards import Card, mask_of
from okgin.errors import OkginError
from okgin.hand import HandState, Phase
from okgin.melds import Meld, best_arrangement
from okgin.rules import Rules
from okgin.views import View

__all__ = [
    "OpenSpielMirror",
    "OpenSpielSimpleBot",
    "OpenSpielUnavailable",
    "check_rules",
    "ok_card",
    "os_card",
    "split_meld",
]

# OpenSpiel's gin_rummy action ids.
DRAW_UPCARD = 52
DRAW_STOCK = 53
OS_PASS = 54
OS_KNOCK = 55
MELD_BASE = 56
NUM_MELDS = 185


class OpenSpielUnavailable(OkginError):
    """pyspiel (the ``open-spiel`` package) is not installed."""


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        raise OpenSpielUnavailable(
            "openspiel-simple needs OpenSpiel's Python package: pip install open-spiel "
            '(or pip install "okgin[bench]")'
        ) from None
    return pyspiel


def os_card(card: int) -> int:
    """OpenSpiel's index of an okgin card (suits s c d h there, c d h s here)."""
    return ((card // 13 + 1) % 4) * 13 + card % 13


def ok_card(index: int) -> Card:
    """The okgin card of an OpenSpiel card index."""
    return Card(((index // 13 + 3) % 4) * 13 + index % 13)


def split_meld(meld: Meld) -> list[Meld]:
    """A meld as OpenSpiel can declare it: runs longer than five cards cut into runs of 3-5."""
    cards = meld.cards
    if meld.is_set or len(cards) <= 5:
        return [meld]
    out = []
    while len(cards) > 5:
        take = 5 if len(cards) - 5 >= 3 else len(cards) - 3
        out.append(Meld(cards[:take]))
        cards = cards[take:]
    out.append(Meld(cards))
    return out


def check_rules(rules: Rules) -> None:
    """Refuse rule sets OpenSpiel's gin_rummy cannot play, in one line."""
    why = []
    if rules.players != 2:
        why.append(f"players {rules.players} (OpenSpiel plays 2)")
    if rules.cards_per_hand != 10:
        why.append(f"hand_size {rules.cards_per_hand} (OpenSpiel deals 10)")
    if rules.knock_limit == "upcard" and rules.ace_upcard != "gin_only":
        why.append('ace_upcard "one" (OpenSpiel\'s ace upcard allows gin only)')
    if rules.big_gin_bonus is not None:
        why.append("big gin (OpenSpiel has none)")
    if why:
        raise OkginError(
            "openspiel-simple cannot play these rules: "
            + "; ".join(why)
            + " (use --rules openspiel)"
        )


def scores_like_openspiel(rules: Rules) -> bool:
    """Whether okgin scores a hand under ``rules`` as OpenSpiel's gin_rummy does."""
    return (
        not rules.undercut_on_tie
        and rules.knock_bonus == 0
        and (rules.doubling_suit is None or rules.doubling_effect == "target")
    )


@cache
def _game(oklahoma: bool, knock_card: int, gin_bonus: int, undercut_bonus: int) -> Any:
    return _pyspiel().load_game(
        "gin_rummy",
        {
            "oklahoma": oklahoma,
            "knock_card": knock_card,
            "gin_bonus": gin_bonus,
            "undercut_bonus": undercut_bonus,
        },
    )


def game_for(rules: Rules) -> Any:
    """The pyspiel game matching ``rules`` (knock limit, bonuses)."""
    check_rules(rules)
    oklahoma = rules.knock_limit == "upcard"
    knock = 10 if oklahoma else int(rules.knock_limit)
    return _game(oklahoma, knock, rules.gin_bonus, rules.undercut_bonus)


@cache
def _meld_tables() -> tuple[tuple[Meld, ...], dict[int, int]]:
    """OpenSpiel's 185 meld ids: id -> okgin Meld, and Meld mask -> id."""
    state = _game(True, 10, 25, 25).new_initial_state()
    melds = []
    for i in range(NUM_MELDS):
        text = state.action_to_string(0, MELD_BASE + i).split("Action: ")[1]
        melds.append(Meld([text[j : j + 2] for j in range(0, len(text), 2)]))
    return tuple(melds), {m.mask: i for i, m in enumerate(melds)}


def meld_actions(melds: tuple[Meld, ...] | list[Meld]) -> list[int]:
    """OpenSpiel meld actions declaring ``melds`` (long runs split)."""
    ids = _meld_tables()[1]
    return [MELD_BASE + ids[part.mask] for m in melds for part in split_meld(m)]


class OpenSpielMirror:
    """A pyspiel gin_rummy state kept in lockstep with one okgin hand (two players)."""

    def __init__(self, hand: HandState) -> None:
        check_rules(hand.rules)
        self.hand = hand
        self.game = game_for(hand.rules)
        self.state = self.game.new_initial_state()
        self.dealer = hand.dealer
        deck = hand.deck
        for i in range(0, 20, 2):
            self.state.apply_action(os_card(deck[i]))
        for i in range(1, 20, 2):
            self.state.apply_action(os_card(deck[i]))
        self.state.apply_action(os_card(deck[20]))
        self.stock_index = 21
        self.synced = 0
        self.departure: str | None = None
        self.agrees: bool | None = None
        self._skip: list[tuple[int, Action]] = []

    # seats and players
    def player(self, seat: int) -> int:
        return (seat - self.dealer - 1) % 2

    def seat(self, player: int) -> int:
        return (self.dealer + 1 + player) % 2

    @property
    def phase(self) -> str:
        return str(self.state.current_phase()).rsplit(".", 1)[-1]

    # applying
    def depart(self, kind: str) -> None:
        if self.departure is None:
            self.departure = kind

    def apply(self, action: int, refused: str) -> bool:
        """Apply one OpenSpiel action if legal; else record the departure ``refused``."""
        if self.departure is not None:
            return False
        if self.state.is_terminal() or action not in self.state.legal_actions():
            self.depart(refused)
            return False
        self.state.apply_action(action)
        return True

    def draw_stock(self) -> None:
        """Deal the next stock card to the player who drew (a chance node)."""
        card = self.hand.deck[self.stock_index]
        self.stock_index += 1
        self.apply(os_card(card), "out_of_sync")

    def expect(self, seat: int, action: Action) -> None:
        """``action`` by ``seat`` is already applied here: skip it when it reaches the history."""
        self._skip.append((seat, action))

    def sync(self) -> None:
        """Apply okgin's history up to now."""
        history = self.hand.history
        while self.synced < len(history) and self.departure is None:
            seat, action = history[self.synced]
            self.synced += 1
            if self._skip and self._skip[0] == (seat, action):
                self._skip.pop(0)
                continue
            self.translate(seat, action)

    def translate(self, seat: int, action: Action) -> None:
        """Play one okgin action on OpenSpiel's state."""
        phase = self.phase
        if isinstance(action, Take):
            if phase == "WALL":
                self.apply(OS_KNOCK, "wall_knock_refused")
            else:
                self.apply(DRAW_UPCARD, "out_of_sync")
                if self.state.is_terminal():
                    self.depart("fifty_upcard_draws")
        elif isinstance(action, Pass):
            self.apply(OS_PASS, "out_of_sync")
        elif isinstance(action, Draw):
            if self.apply(DRAW_STOCK, "out_of_sync"):
                self.draw_stock()
        elif isinstance(action, Discard):
            self.apply(os_card(action.card), "out_of_sync")
            if self.state.is_terminal():
                self.depart("repeated_take_and_return")
        elif isinstance(action, Knock):
            if action.card is None:
                self.depart("big_gin")
                return
            if phase == "DISCARD" and not self.apply(OS_KNOCK, "knock_refused"):
                return
            if not self.apply(os_card(action.card), "knock_refused"):
                return
            for a in meld_actions(action.melds):
                if not self.apply(a, "knock_refused"):
                    return
            self.apply(OS_PASS, "knock_refused")
        elif isinstance(action, Layoff):
            self.apply(os_card(action.card), "layoff_refused")
        elif isinstance(action, Done):
            self.declare(self.player(seat))

    def declare(self, player: int) -> None:
        """An okgin defender ends its layoffs and declares its best melds."""
        if self.phase == "LAYOFF" and not self.state.finished_layoffs():
            self.apply(OS_PASS, "out_of_sync")
        rest = mask_of(ok_card(c) for c in self.state.hands()[player])
        for a in meld_actions(best_arrangement(rest)[1]):
            self.apply(a, "out_of_sync")
        self.apply(OS_PASS, "out_of_sync")

    def finish(self, cpp_bot: Any = None, bot_player: int | None = None) -> None:
        """After okgin's hand is over: complete OpenSpiel's hand and compare the results."""
        self.sync()
        hand = self.hand
        result = hand.result
        if self.departure is not None or result is None:
            return
        state = self.state
        guard = 0
        while not state.is_terminal() and self.departure is None and guard < 40:
            guard += 1
            p = state.current_player()
            if p == bot_player and cpp_bot is not None:
                self.apply(cpp_bot.step(state), "out_of_sync")
            elif self.phase == "LAYOFF":
                self.declare(p)
            elif self.phase == "WALL":
                self.apply(OS_PASS, "out_of_sync")
            else:
                self.depart("out_of_sync")
        if self.departure is not None:
            return
        if not scores_like_openspiel(hand.rules):
            return
        returns = state.returns()
        pts = result.points
        self.agrees = all(returns[p] == pts[self.seat(p)] - pts[self.seat(1 - p)] for p in (0, 1))
        if not self.agrees:
            dws = state.deadwood()
            if (
                result.knocker is not None
                and result.deadwood is not None
                and any(
                    dws[self.player(s)] > result.deadwood[s] for s in (0, 1) if s != result.knocker
                )
            ):
                self.depart("defender_declared")
            else:
                self.depart("unexplained")


class OpenSpielSimpleBot:
    """OpenSpiel's C++ ``simple_gin_rummy_bot`` through :class:`OpenSpielMirror`."""

    name = "openspiel-simple"

    def __init__(self, seed: int | None = None) -> None:
        _pyspiel()  # a clear error now rather than mid-game
        self.mirror: OpenSpielMirror | None = None
        self.seat = -1
        self.player = -1
        self.cpp: Any = None
        self.fallback = MediumBot(layoffs=False)
        self.fallback_moves = 0

    def check_rules(self, rules: Rules) -> None:
        check_rules(rules)

    def start_hand(self, hand: HandState, seat: int) -> None:
        """Bind to a freshly dealt hand (the arena calls this) and seat a new C++ bot."""
        self.mirror = OpenSpielMirror(hand)
        self.seat = seat
        self.player = self.mirror.player(seat)
        self.cpp = _pyspiel().make_simple_gin_rummy_bot(
            self.mirror.game.get_parameters(), self.player
        )

    def finish_hand(self, hand: HandState) -> None:
        """Complete OpenSpiel's hand after okgin scored it; sets ``mirror.agrees``."""
        if self.mirror is not None and self.mirror.hand is hand:
            self.mirror.finish(self.cpp, self.player)

    @property
    def departure(self) -> str | None:
        return self.mirror.departure if self.mirror is not None else None

    # ---- playing ------------------------------------------------------------------------
    def act(self, view: View) -> Action:
        m = self.mirror
        if m is None or view.seat != self.seat or m.hand.phase == Phase.OVER:
            raise OkginError(
                "openspiel-simple must be bound to the hand it plays (start_hand): it "
                "mirrors the deal in OpenSpiel; seat it through okgin's arena"
            )
        m.sync()
        state = m.state
        if m.departure is None and (state.is_terminal() or state.current_player() != self.player):
            m.depart("out_of_sync")
        if m.departure is not None:
            self.fallback_moves += 1
            return self.fallback.act(view)
        action = self._decide(view, m)
        m.expect(self.seat, action)
        return action

    def _step(self, m: OpenSpielMirror) -> int:
        return int(self.cpp.step(m.state))

    def _decide(self, view: View, m: OpenSpielMirror) -> Action:
        phase = view.phase
        if phase in ("offer", "draw", "fiftieth"):
            a = self._step(m)
            m.state.apply_action(a)
            if a == DRAW_STOCK:
                m.draw_stock()
                return DRAW
            if a == OS_PASS:
                return PASS
            if m.state.is_terminal():
                m.depart("fifty_upcard_draws")
            return TAKE  # the upcard, or the wall knock (take the fiftieth card)
        if phase in ("play", "fiftieth_knock"):
            a = self._step(m)
            m.state.apply_action(a)
            if a < 52 and phase == "play":
                if m.state.is_terminal():
                    m.depart("repeated_take_and_return")
                return Discard(ok_card(a))
            if a == OS_KNOCK:
                a = self._step(m)
                m.state.apply_action(a)
            card = ok_card(a)
            melds, tables = [], _meld_tables()[0]
            while True:
                a = self._step(m)
                m.state.apply_action(a)
                if a == OS_PASS:
                    break
                melds.append(tables[a - MELD_BASE])
            return Knock(card, tuple(melds))
        if phase == "layoff":
            while not m.state.is_terminal() and m.state.current_player() == self.player:
                a = self._step(m)
                m.state.apply_action(a)
                if a < 52:
                    card = ok_card(a)
                    for k, meld in enumerate(view.melds):
                        if meld.fits(card):
                            return Layoff(card, k)
            return DONE
        raise OkginError(f"openspiel-simple: nothing to do in phase {phase}")

    def explain(self, view: View, action: Action) -> str:
        if isinstance(action, Knock):
            return "OpenSpiel's simple bot knocks as soon as its deadwood allows"
        if isinstance(action, Discard):
            return f"OpenSpiel's simple bot throws its highest deadwood card, {action.card}"
        if action == TAKE:
            return "OpenSpiel's simple bot takes a card that melds (or lets it knock)"
        if action in (DRAW, PASS):
            return "OpenSpiel's simple bot: the card would not meld"
        if action == DONE:
            return "OpenSpiel's simple bot never lays off"
        return f"OpenSpiel's simple bot: {action}"
