"""How well one hand's choices could tell the two kinds of player apart at best: a bound on
the expert's ``kind_hand`` read.

    python scripts/native.py -- python scripts/kind_ceiling.py --hands 40 --seeds 19 20

Plays the views of ``scripts/kind_fit.py`` (``hard`` at seat 0 against ``medium``, the quick
kind, on the first seed, and against ``hard``, the holder kind, on the second; ``standard``,
two players) and prints two measures:

* ``agree``: at every throw of the opponent with no knock open, whether ``medium``'s policy
  and ``hard``'s, each given the opponent's own view, throw the same card. Where they do, no
  read can learn the kind from the throw, whatever it knows of the hand.
* by the opponent's throws so far, the AUC of two log odds that the opponent is of the quick
  kind (and the shares of views at L or more, against ``medium``/``hard``): the expert's read
  (:func:`okgin.bots.belief.kind_evidence`, as ``kind_fit.py``), and ``exact``: the read of
  one who knows the opponent's hand *now* and both kinds' exact policies. The hand is played
  back through the opponent's choices (each stock draw one of the cards it may have been, at
  random, ``--playbacks`` times), the hand is dealt again from the deck that gives, and
  ``medium`` and ``hard`` are asked at each of the opponent's past views; a choice its policy
  would not make has the chance :data:`SLIP` (shared among the other legal ones). The chances
  are averaged over play-backs, as :meth:`okgin.bots.belief.Knowledge.kind_logs` does.

What ``exact`` gets is more than any read that does not know the hand can get, so it bounds
what a sharper ``kind_hand`` could be worth. The holder's knock decisions sample with a seed
that is not the opponent's, so they match it less often than its throws and draws do.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from belief_fit import _read, views
from kind_fit import BUCKETS, THRESHOLDS, auc

from okgin.actions import Discard, Draw, Knock, Take
from okgin.bots.belief import SLIP, THROW, Knowledge, _log_mean, bits, kind_evidence
from okgin.bots.hard import HardBot
from okgin.bots.medium import MediumBot
from okgin.hand import HandState
from okgin.rules import Rules
from okgin.views import View, view_of_hand

#: the two kinds' policies asked on the rebuilt views
QUICK = MediumBot()
HOLDER = HardBot(seed=0)


def deal_back(view: View, s: int, hand_now: int, rng: random.Random) -> list[int] | None:
    """A deck order that deals the hand of ``view`` (two players) with seat ``s`` holding
    ``hand_now`` now: the viewer's hand played back through its choices and its own draws,
    ``s``'s through its choices, each of its stock draws one of the cards it may have been
    (not one it took from the pile and still holds) at random; the cards neither drew lie
    at the stock's bottom. None where the log holds a knock or a third seat."""
    me = view.own_seat
    hands = [0, 0]
    hands[me] = sum(1 << int(c) for c in view.hand)
    hands[s] = hand_now
    took: dict[int, int] = {}  # log index of a take -> the card it took
    top = int(view.upcard)
    for i, (seat, a) in enumerate(view.log):
        if seat not in (me, s) or isinstance(a, Knock):
            return None
        if isinstance(a, Take):
            took[i] = top
        elif isinstance(a, Discard):
            top = int(a.card)
    held_taken = 0  # the cards s took from the pile and holds at this point of the play-back
    for i, c in took.items():
        if view.log[i][0] == s:
            held_taken |= 1 << c
    mine = [int(c) for c in view.draws]
    drawn: list[int] = []
    for i in range(len(view.log) - 1, -1, -1):
        seat, a = view.log[i]
        if isinstance(a, Discard):
            hands[seat] |= 1 << int(a.card)
        elif isinstance(a, Take):
            hands[seat] &= ~(1 << took[i])
            if seat == s:
                held_taken &= ~(1 << took[i])
        elif isinstance(a, Draw):
            if seat == me:
                c = mine.pop()
            else:
                free = bits(hands[s] & ~held_taken)
                if not free:
                    return None
                c = free[int(rng.random() * len(free))]
            hands[seat] &= ~(1 << c)
            drawn.append(c)
    drawn.reverse()
    size = view.rules.cards_per_hand
    dealt = [bits(h) for h in hands]
    if any(len(d) != size for d in dealt):
        return None
    deck = [dealt[(view.dealer + 1 + i) % 2][i // 2] for i in range(2 * size)]
    deck.append(int(view.upcard))
    deck += drawn
    used = set(deck)
    if len(used) != len(deck):
        return None
    return deck + [c for c in range(52) if c not in used]


def exact_logs(view: View, s: int, hand_now: int, rng: random.Random) -> tuple[float, float] | None:
    """The log chances of seat ``s``'s choices this hand under the quick kind's policy
    (``medium``) and the holder kind's (``hard``), if it holds ``hand_now`` now: one
    play-back (:func:`deal_back`), each policy asked at each of ``s``'s past views."""
    deck = deal_back(view, s, hand_now, rng)
    if deck is None:
        return None
    hs = HandState.deal(view.rules, deck, view.dealer)
    keep = math.log(1.0 - SLIP)
    quick = holder = 0.0
    for seat, a in view.log:
        if seat == s:
            past = view_of_hand(hs, s)
            legal = past.legal_actions
            if len(legal) > 1 and past.phase in ("offer", "draw", "play"):
                slip = math.log(SLIP / (len(legal) - 1))
                quick += keep if QUICK.act(past) == a else slip
                holder += keep if HOLDER.decide(past)[0] == a else slip
        hs.apply(a, seat)
    return quick, holder


def exact_read(view: View, s: int, hand_now: int, rng: random.Random, playbacks: int = 24) -> float:
    """The log odds of the quick kind over the holder kind, knowing ``hand_now``: each
    kind's chance averaged over ``playbacks`` play-backs (0 where none can be made)."""
    quick: list[float] = []
    holder: list[float] = []
    for _ in range(playbacks):
        got = exact_logs(view, s, hand_now, rng)
        if got is not None:
            quick.append(got[0])
            holder.append(got[1])
    return _log_mean(quick) - _log_mean(holder) if quick else 0.0


def agreement(vs: str, seed: int, hands: int) -> tuple[int, int]:
    """(throws, throws on which ``medium``'s and ``hard``'s policies agree) of the
    opponent's throws with no knock open, in the hands of :func:`views` against ``vs``."""
    from okgin.bots import make_bot
    from okgin.game import Game

    rng = random.Random(seed)
    rules = Rules.preset("standard")
    throws = same = 0
    for _ in range(hands):
        game = Game(rules, seed=rng.randrange(10**9))
        bots = [make_bot("hard", 1), make_bot(vs, 2)]
        hand = game.hand
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            view = game.view(seat)
            legal = view.legal_actions
            if seat == 1 and view.phase == "play" and all(isinstance(a, Discard) for a in legal):
                throws += 1
                same += QUICK.act(view) == HOLDER.decide(view)[0]
            game.apply(bots[seat].act(view), seat)
    return throws, same


def readings(vs: str, seed: int, hands: int, playbacks: int) -> list[tuple[float, float, int]]:
    """(the expert's log odds, the exact read's, the opponent's throws so far) at each of
    ``kind_fit.py``'s views against ``vs``."""
    out = []
    for i, (view, true) in enumerate(views(vs, hands, seed)):
        know = Knowledge(view)
        for s in _read(know):
            throws = sum(1 for kind, _ in know.history[s] if kind == THROW)
            odds = kind_evidence(know, s, random.Random(seed * 100_003 + i))
            exact = exact_read(view, s, true[s], random.Random(seed * 100_003 + i), playbacks)
            out.append((odds, exact, throws))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seeds", type=int, nargs=2, default=(19, 20), metavar=("MEDIUM", "HARD"))
    ap.add_argument("--playbacks", type=int, default=24, help="play-backs per exact read (24)")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.playbacks < 1:
        ap.error("--hands and --playbacks must be 1 or more")
    start = time.perf_counter()
    for vs, seed in zip(("medium", "hard"), args.seeds):
        n, same = agreement(vs, seed, args.hands)
        print(f"agree vs {vs} (seed {seed}): {same} of {n} throws ({same / max(1, n):.1%})")
    quick = readings("medium", args.seeds[0], args.hands, args.playbacks)
    holder = readings("hard", args.seeds[1], args.hands, args.playbacks)
    print(
        f"{len(quick)} views vs medium, {len(holder)} vs hard, {args.hands} hands each: "
        f"{time.perf_counter() - start:.0f} s"
    )
    for lo, hi in BUCKETS:
        name = f"{lo}+" if hi == 99 and lo > 1 else ("all" if hi == 99 else f"{lo}-{hi}")
        parts = []
        for k, what in ((0, "expert"), (1, "exact")):
            q = [r[k] for r in quick if lo <= r[2] <= hi]
            h = [r[k] for r in holder if lo <= r[2] <= hi]
            shares = " ".join(
                f"{L:+d}: {sum(e >= L for e in q) / max(1, len(q)):.2f}/"
                f"{sum(e >= L for e in h) / max(1, len(h)):.2f}"
                for L in THRESHOLDS
                if 0 <= L <= 3
            )
            parts.append(f"{what} AUC {auc(q, h):.3f} ({shares})")
        n_q = sum(lo <= r[2] <= hi for r in quick)
        n_h = sum(lo <= r[2] <= hi for r in holder)
        print(f"  throws {name}: {n_q}/{n_h} views | " + " | ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
