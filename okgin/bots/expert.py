"""The ``expert`` bot: Monte Carlo over worlds sampled from a belief, within a time budget.

For each draw, discard, knock and fiftieth-card decision it

1. reads its view into :class:`~okgin.bots.belief.Knowledge` and draws worlds — every
   opponent's hidden cards and the stock order — from its belief
   (:func:`~okgin.bots.belief.sample_worlds`: opponents kept the best of the cards they
   saw; worlds weighted by how likely each opponent's picks, passes and throws were);
2. lists candidates: both draws; the discards ``hard`` rates best and the best knock;
3. plays every candidate in every world (common random numbers: the same worlds, the same
   stock order) to the end of the hand with the fast policy of :mod:`okgin.bots.playout`
   from a :class:`~okgin.hand.HandState` built from the view and the world
   (:func:`~okgin.bots.belief.world_state`), scoring its points minus ``defence`` × the
   others' mean (see below); in the rollouts it holds out for gin (``rollout_cap``) until
   ``rollout_stock`` cards are left, and the opponents knock as soon as they may in a share
   ``at_once`` of the worlds (else they hold out like it, ``opponent_caps``) — with
   ``read_holdout`` 1, not an opponent whose hand in the world would have let it knock after
   its last discard of the hand: it did not knock, so there it holds out; its own
   rollout discards do not feed the next seat when a card at most ``safe_slack`` deadwood
   worse would not (``-1``: off);
4. drops candidates clearly worse than the leader as the worlds come in, and stops when one
   is left or the work budget is spent; it leaves ``hard``'s choice only for a candidate
   better by ``switch`` standard errors of the paired difference (``knock_switch`` for a
   knock ``hard`` would not make; ``inf``: never).

Why ``defence`` = 1.6: in a game to a target only a hand's winner scores, so a game is a race
of two scoring rates, and a point the others do not score is worth more than a point scored
(the race model ``scripts/race_model.py`` puts it near (my rate / their rate)², about 2.4
against ``medium``). The weight is measured, not derived: on the first 300 pairs of ``okgin
arena expert medium --seed 31`` defence 1.0 gave +5.90 points per hand and 68.4% of games, 1.6
gave +7.35 and 72.3%; over all 1,000 pairs (``safe_slack`` off) 1.6 gave +6.56 and 69.8%,
2.4 gave +6.03 and 68.9% (docs/strength.md, "How the expert got to 72% of games"). Points
per hand rose too, so the weight is kept in every format, ``single`` included (where a hand's
points are the result): a guess at why is that the rollouts' plain policy lets opponents score
less than real ones do.

Why ``safe_slack`` = 2 (4 from the twenty-sixth session to the twenty-ninth): measured, like
``defence``. On tuning deals of ``scripts/expert_ab.py`` (300 each) 4 gave B − A +3.56
[+0.57, +6.54] over 2 against ``hard`` (7069) and −0.81 [−3.33, +1.70] against ``medium``
(7068), 3 +0.51 and −0.99; held out by a rule fixed before the runs (adopted if above 0
against ``hard`` and not below −0.5 against ``medium``), 1,000 deals each: +0.50 [−1.12,
+2.12] against ``hard`` (910039) and +0.99 [−0.25, +2.24] against ``medium`` (910040), so it
became the default beside ``kind_hand`` 2.
The two together, held out (twenty-seventh and twenty-eighth sessions): +2.41 a hand against
``hard`` over four 1,000-pair seeds, +4.98 against OpenSpiel's simple bot over four, where the
default before had given +3.20 over six and +5.14 over two; paired with it on fresh deals by a
rule fixed before the runs (twenty-ninth session, 1,000 deals each), the default before was
ahead by +1.48 [−0.22, +3.18] against ``hard`` (910053) and behind by −0.41 [−1.42, +0.60]
against OpenSpiel's simple bot (910054), +1.07 together, so both went back to their values
before (docs/strength.md). What follows is 2's story.
A guess at why it helps: the rollouts' plain policy throws whatever leaves the least deadwood,
so without it a candidate's rollouts feed the next seat more than a careful player would and
misjudge what the candidate is worth. Over the 1,000 pairs of ``okgin arena expert medium
--seed 31`` the expert without it (``-1``) gave +6.56 points per hand and 69.8% of games, with
2 +8.08 and 75.2%; against ``hard`` +1.80 and +1.73, against OpenSpiel's simple bot +4.25 and
+5.65 (docs/strength.md).

``safe_read`` R (thirty-second session; 0, off, by default): with two players, the rollouts'
safe discards (``safe_slack``) judge what feeds the opponent as this seat can, by the cards
whose chance of making a meld with its hand, read from what it has seen
(:meth:`~okgin.bots.belief.Knowledge.feed_risk`), is R or more (:meth:`ExpertBot.danger`, a
mask fixed for the search), instead of by the hand each world gives it: a rollout that reads
the world's hand plays the seat's future discards as if it saw the opponent's cards, and so
rates every candidate as if its later throws never fed. On tuning deals
(``scripts/expert_ab.py``, 600 deals each), B − A over the default: ``safe_read=0.3`` +2.07
[+0.31, +3.83] against ``medium`` (7085) and +0.79 [−1.69, +3.26] against ``hard`` (7086). Held
out (1,000 deals each, a rule fixed before the runs: adopted if above 0 on both): −0.53 [−2.00,
+0.93] against ``medium`` (910059) and −0.17 [−2.15, +1.80] against ``hard`` (910060), so it
stays off (a guess at why: what the clairvoyance of the safe discards biases, it biases in
every candidate alike; docs/strength.md).

``others_slack`` O (fortieth session; -1, off, by default): the rollouts' other seats keep
from feeding their next seat as the bot's own does (``safe_slack``), among discards at most O
deadwood worse than the least, reading the world's hand: a model of a careful thrower, as
``hard`` is (its ``beta``). On tuning deals (``scripts/expert_ab.py``, 400 each) O = 2 gave
B − A +0.12 [−2.24, +2.49] against ``medium`` (7200) and +1.79 [−1.05, +4.63] against ``hard``
(7201); held out by a rule fixed before the runs (adopted if above 0 on both): −0.21 [−1.33,
+0.91] against ``medium`` (910086) and −0.92 [−2.45, +0.62] against ``hard`` (910087), 1,500
deals each, so it stays off (docs/strength.md).

``mimic`` M (thirty-fifth session; by default, since the thirty-eighth, 2 with two players and
0, off, with three or four, where it was never measured): the rollouts' plain policy breaks a
tie between discards that leave the least deadwood by the highest card, ``medium`` (and the
sharp belief's read of a quick knocker) by the fewest partners in hand, then the highest rank
(:func:`okgin.bots.playout._medium_discard`); 1 gives the rollouts' opponents ``medium``'s
tie-break, 2 every seat, 3 (thirty-seventh session) the expert's own seat alone. On tuning
deals (``scripts/expert_ab.py``, 656 and 569 deals) ``mimic=2`` gave B − A +1.08 [−0.74,
+2.89] against ``medium`` (7091) and +0.44 [−1.97, +2.86] against ``hard`` (7092), 1 +0.97 and
+0.39. Held out by a rule fixed before the runs (adopted if above 0 on both): +1.15 [−0.35,
+2.64] against ``medium`` (1,000 deals of 910073) and −0.53 [−2.55, +1.50] against ``hard``
(889 deals of 910074), so it stays off (docs/strength.md). ``mimic=3`` on tuning deals
+0.39 against ``medium`` (7097) and −0.26 against ``hard`` (7098); held out by the same rule
−0.48 [−1.81, +0.85] (910077) and +0.56 [−0.90, +2.03] (910078), 1,000 deals each: not
adopted. ``mimic=2`` again, 2,000 fresh deals each by a rule fixed before the runs (adopted if
above 0 on both): +0.37 [−0.65, +1.39] against ``medium`` (910079) and +1.22 [−0.03, +2.47]
against ``hard`` (910080), so it became the default with two players (docs/strength.md).
Paired with ``mimic=0`` again on 2,000 fresh deals each (forty-second session, a rule fixed
before the runs: back to 0 if above 0 on both): ``mimic=0`` −1.60 [−2.89, −0.32] against
``hard`` (910090) and −0.73 [−1.73, +0.27] against ``medium`` (910091), so it stays; over the
two paired readings ``mimic=2`` is worth +1.41 [+0.51, +2.31] against ``hard``, all of it in
the race to gin (``scripts/expert_ab.py --outcomes``: its own gins +0.72, the opponent's +0.74).
Against ``openspiel-simple`` (whose throws break ties by the highest card) paired with
``mimic=0``: −0.68 [−1.72, +0.37] on tuning deals (7099), +0.32 [−0.71, +1.35] held out
(910085): no cost shown.
``mimic_read`` L (thirty-sixth session; −inf, always, by default): ``mimic`` acts only while
the opponent reads as a quick knocker, from an earlier hand's calm knock (``kind_read``) or
from this hand's choices, their log odds of the quick kind L or more
(:func:`~okgin.bots.belief.kind_evidence`, read whatever ``kind_hand`` is); the guess being
that the tie-break models ``medium`` and nothing else. On tuning deals (415 and 334 of
``scripts/expert_ab.py``'s 7095 and 7096) ``mimic=2,mimic_read=2`` gave B − A +1.11 [+0.04,
+2.19] against ``medium`` and −1.34 [−2.52, −0.15] against ``hard``, ``mimic_read=1`` −0.00 and
−0.68: gating on the read cost against ``hard`` more than ``mimic`` alone, so neither was
taken further. ``mimic=1`` (the opponents only) held out by a rule fixed before the runs
(adopted if above 0 on both): −0.24 [−1.64, +1.15] against ``medium`` (910075) and +0.21
[−1.48, +1.89] against ``hard`` (910076), 1,000 deals each: not adopted (docs/strength.md).

Why ``read_holdout`` is 0 by default: measured, it plays worse against ``hard`` (which holds
out for gin), the opponent it was meant for: on the tuning seeds of ``scripts/expert_ab.py``
−3.03 [−9.47, +3.42] points per hand under knock limits 5-7 (37 deals of seed 7001) and
−6.79 [−13.16, −0.42] under 8-10 (26 deals of seed 7002) against the default
(docs/strength.md, "Issue 16").

Why ``discards`` = 3 with two players (twenty-fourth session): more candidates play worse,
fewer no better. On tuning deals of ``scripts/expert_ab.py`` ``discards=5`` gave −1.06
[−3.47, +1.34] points a hand against ``medium`` (300 deals of 7187) and −2.60 [−5.99, +0.79]
against ``hard`` (300 of 7188), ``discards=11`` (every card) −1.27 and −2.07, ``discards=2``
+0.21 [−2.04, +2.46] (200 of 7190) and +0.66 [−2.31, +3.63] (300 of 7191). A guess at why
more lose: among more candidates rated on a few hundred noisy worlds, the best rated is
likelier only the luckiest (under limits 8-10 against ``medium`` ``discards=5`` −3.47
[−6.42, −0.51]).

Why ``combo`` is 0 (off) by default: the rollouts' simple policy throws a high pair before a
lone low card, a poor way to race for gin (``scripts/playout_combo.py``: where both seats
hold out for gin, a seat throwing like a gin seeker, ``combo`` 4, scores 2.37 points a hand
more), so ``combo`` N lets the expert's own seat throw so in its rollouts. Measured, it plays
worse against ``hard``: on the tuning deals of ``scripts/expert_ab.py --seed 7013`` −9.62
[−17.82, −1.41] points per hand (``combo`` 4, 56 deals) and −3.05 [−9.81, +3.71] (``combo``
2, 42 deals) against the default (docs/strength.md, "Issue 16", seventh session). Screened
again on today's expert (forty-third session; tuning deals of ``scripts/expert_ab.py``, 300
against ``hard``, 7206, and 340 against ``medium``, 7207): ``combo`` 2 +1.88 [−0.92, +4.69]
and +2.24 [+0.17, +4.31], ``combo`` 1 +0.71 and +1.96. Held out by a rule fixed before the
runs (adopted with two players if above 0 on both; forty-third and forty-fourth sessions,
1,000 deals each): ``combo`` 2 +1.10 [−0.54, +2.74] against ``hard`` (910092; +4.25 [+0.86,
+7.65] under limits 5-7) and −0.52 [−1.74, +0.70] against ``medium`` (910093): not adopted,
so it stays 0 (docs/strength.md). A gin seeker's throw helps in the race against a holder
and not against a quick knocker: ``combo_read`` L (forty-fourth session; inf, always, by
default) gates it on the read, the mirror of ``mimic_read``: K only while the opponent does not
read as quick (no calm knock of an earlier hand, this hand's log odds of the quick kind below
L, or no throw yet). Screened on tuning deals (500 each, forty-fourth and forty-fifth
sessions): ``combo=2,combo_read=1`` −0.22 [−2.50, +2.06] against ``hard`` (7210) and −0.12
[−1.51, +1.27] against ``medium`` (7211), ``combo_read=0`` −0.91 and −0.37: not taken further.
Held out (forty-fifth session, 1,000 deals each, by a rule fixed before the runs), ``combo``
1 gave +0.08 [−1.21, +1.37] against ``hard`` (910094) and −0.17 [−1.30, +0.95] against
``medium`` (910095): not adopted either. ``combo_read``'s time
is the default's: ``expert_actions.py --seed 5 --hands 4`` took 23.7 s with it and 24.5 s
without, side by side (compiled core).

Why ``holder`` is 0 (off) by default: ``holder`` π types the rollouts' opponents who have
thrown this hand: in each world one is a player holding out for gin (``opponent_caps``,
throwing like a gin seeker: ``holder_combo``) with the chance π, else one who knocks at once;
where its hand could have knocked (0 < deadwood ≤ the limit) and did not, it cannot be one who
knocks at once, so the world is kept with the chance π only and its opponent holds out (the
posterior of the two types; ``holder_knock`` 0 leaves a search with a knock among its
candidates untyped). ``hard`` with two players is such a holder, and the expert's lead over
it is smallest under the knock limits where the default model (knock at once) is furthest
from it. Measured under limits 8-10 on the tuning deals of ``scripts/expert_ab.py --seed
7014``, it plays worse: π 0.5 −1.51 [−9.99, +6.97] against ``hard`` (43 deals) and −6.88
[−11.93, −1.82] against ``medium`` (54 deals); π 1 −3.62 against ``hard`` (28 deals), and with
``holder_knock`` 0 −2.75 [−8.93, +3.44] (53 deals); only the draws searched typed
(``discards=0,holder=1,holder_knock=0`` against ``discards=0``) +2.74 [−3.01, +8.50] against
``hard`` and −0.89 [−4.09, +2.32] against ``medium`` (66 deals each) (docs/strength.md,
seventh session).

Why ``holder_play`` is 1 by default: ``holder_play`` 0 types the opponents (``holder``) in
the draw searches only, the seventh session's lead (the draws alone typed, ``hard``'s discards
kept: +2.74 [−3.01, +8.50] against ``hard``) with the expert's own discard search kept untyped.
Measured, it is no better: ``holder=1,holder_play=0`` against the default, ``scripts/expert_ab.py
--vs hard --seed 7024 --pairs 150``: +0.30 [−3.86, +4.45] points per hand (docs/strength.md,
eighth session).

Why ``extend`` is 1 (off) by default: ``extend`` N spends up to N times the work on a search
whose work runs out while its leader is not ``hard``'s choice and that choice is still in the
running (the decisions where more worlds could change the move), the budget spent where
decisions are close. Measured, more search does not play better: 4 budgets on every decision
(``budget=0.48``) +0.71 [−2.94, +4.36] against ``hard`` (150 deals of ``expert_ab.py --seed
7021``), ``extend=4`` −0.14 [−2.93, +2.64] against ``medium`` (150 deals of 7023), at a 90th
percentile decision time 2.8 times the default's (docs/strength.md, eighth session); twice the
budget (``budget=0.24,max_worlds=800``) −2.39 [−4.67, −0.11] against ``medium`` (311 deals of
7083) and −1.00 [−4.23, +2.23] against ``hard`` (266 of 7084), half of it (``budget=0.06``)
+0.21 and +0.83 (600 deals each of 7085 and 7086; thirty-second session).

``oversample``, ``seen_extra`` and ``max_extra`` set the belief the worlds are drawn from
(:func:`~okgin.bots.belief.sample_worlds`; unset, its defaults 2, 0.7 and 6). A perfect read of
the opponent's hand is worth about 7 points a hand against ``hard`` (``scripts/expert_ab.py
--peek``), but a sharper belief of the same model is not: ``seen_extra=1.0,max_extra=10,
oversample=4`` guesses more of ``hard``'s hidden cards (``scripts/belief_fit.py``: 43.9%
against 41.8%) and plays far worse, −10.36 [−15.66, −5.05] points per hand against ``hard``
(77 deals of ``expert_ab.py --seed 7027``; docs/strength.md, eighth session).

``throw_high`` and ``replay`` read the opponent's throws in the worlds' likelihood (off
unset; :meth:`~okgin.bots.belief.Knowledge.likelihood`,
:meth:`~okgin.bots.belief.Knowledge.replay_likelihood`): a throw that left more deadwood
than another would have makes a world less likely. They read ``hard``'s deadwood better
(``belief_fit.py``: ``replay=0.05,oversample=4`` overrates it by 6.5 where the default
overrates it by 10.7, and calls better which of the expert's cards would feed it) but play no
better: ``throw_high=0.05`` +1.14 [−2.33, +4.60] and ``replay=0.05,oversample=4`` −1.83
[−6.40, +2.74] points per hand against ``hard`` (150 deals each of ``expert_ab.py --seed
7031`` and ``7032``). The ``knock_`` settings (``knock_oversample``, ``knock_seen_extra``,
``knock_max_extra``, ``knock_replay``) give the searches with a knock among their candidates
a belief of their own, where a perfect read is worth about 4 points a hand against ``hard``
(``expert_ab.py --peek knock``); sharper there, the expert knocks less where the peek would
knock more, and plays no better: −1.80 [−4.13, +0.52] (``knock_seen_extra=1.0,
knock_max_extra=10,knock_oversample=4``) and +0.16 [−1.50, +1.82] (``knock_replay=0.02,
knock_oversample=8``), 150 deals of 7034 (docs/strength.md, ninth session).

``replay_floor`` F (with ``replay``; eighteenth session) weighs each world by ``replay``'s
likelihood plus F (:func:`~okgin.bots.belief.sample_worlds`): a mixture of an opponent who
throws what leaves the least deadwood and one whose choices tell nothing. ``replay=0.02,
oversample=8`` reads ``medium`` (who knocks at once) best and met the ``medium`` target held
out (+9.11 and 76.3% of games on 910024), but against ``hard``, who holds out for gin and
whose throws fit no world of that reading, it costs: +0.79 [−0.87, +2.46] held out (910025,
half the default's knocks), where the default gives +3.0 to +3.6. With a floor the worlds
drawn for such an opponent fall back toward an unread belief, but one hand's throws tell the
two kinds apart only weakly (``belief_fit.py``: at 0.02 the read of ``medium``'s deadwood
keeps 65% of ``replay``'s sharpening and that of ``hard``'s 45%), and on tuning deals it does
not win the points back: ``replay=0.02,oversample=8,replay_floor=0.02`` −1.10 [−5.77, +3.57]
against ``hard`` and −2.27 [−6.07, +1.54] against ``medium`` (170 deals of ``expert_ab.py
--seed 7158``, 140 of 7159; docs/strength.md, eighteenth session).

``replay_knocks`` K (with ``replay``; twenty-fourth session, 1 unset: not read) multiplies a
world's ``replay`` likelihood by K where the opponent's last throw left it a knock it did not
make (:meth:`~okgin.bots.belief.Knowledge.replay_likelihood`'s ``knock_missed``): ``replay``'s
player knocks as soon as it may, as ``medium`` does, so such a world is unlikely for it. Over
the sharp belief against ``medium`` it moved the worlds' deadwood from 0.1 to 1.4 above the
truth and the error from 9.25 to 8.95 (``belief_fit.py`` seed 17), and played about the same:
``replay=0.02,oversample=8,replay_knocks=0.02`` against ``replay=0.02,oversample=8`` +0.33
[−1.21, +1.87] points a hand (249 deals of ``expert_ab.py --seed 7189``), so
:data:`QUICK_BELIEF` does not read it. Against ``hard`` the same belief gained +4.05 [−0.83,
+8.92] over the default on tuning deals (160 of 7196; the sharp belief alone −0.72), which did
not hold out: −0.51 [−4.99, +3.96] (200 deals of 910033; docs/strength.md, twenty-fourth
session).

Its prior is ``hard`` with :data:`PRIOR` over its two-player parameters: discards that race
for gin (``race`` × how many cards the hand left is from gin, less ``outs`` × the share of
unseen cards that bring it a card nearer: :meth:`~okgin.bots.hard.HardBot.race_value`).
``hard`` with two players holds out for gin in every hand, so a hand against it is a race to
gin, and a discard chosen by deadwood alone keeps low loose cards where a gin seeker keeps
connected ones. Chosen at ``hard``'s speed on tuning deals (docs/strength.md, eleventh
session): ``hard:race=3`` against ``hard`` +2.36 [+1.49, +3.22] points per hand (2,000 pairs
of seed 7042); ``race`` 5 +1.00 over 3 (200 deals of 7044), 8 and 12 a little below 5 (952
deals of 7046); ``outs`` 5 +0.68 over 0 and 15 −4.30 (7046), 3 about 5 and 8 below (7048);
against ``medium``, which knocks at once, within ±0.4 (1,220 deals of 7047). On held-out
deals the expert with it beats ``hard`` by +3.21 [+1.57, +4.81] (910010; the default before
it +1.26 on 910001) and ``medium`` by +8.63 [+7.19, +9.96] (910011). ``prior_P`` in a bot
spec sets the prior's parameter ``P`` (``expert:prior_outs=0``); ``race`` is the older
spelling of ``prior_race``. With three or four players the prior is ``hard``'s as tuned
there (the race did not help: 164 deals of 7150 under ``party``).

``take_margin`` 0.75 in :data:`PRIOR` (``hard``'s own 0.25 before the forty-sixth session):
the prior takes the upcard only for a lead of three quarters of a point over an average stock
card. ``hard``'s weights were tuned by self-play before the race was added; the expert keeps
its prior's move in about 94% of its decisions (a scratch count on 7212-7213: its search
switched in 88 of 1,429 against ``hard``). At ``hard``'s speed, the prior alone on tuning
deals: ``take_margin=0.5`` +0.42 [−0.02, +0.86] (1,527 deals of 7208) and +0.30
[+0.00, +0.60] (3,000 of 7214) points a hand against ``hard``, +0.02 and +0.03 against
``medium``; with ``beta`` 0.5 +0.46 [−0.03, +0.95] and −0.10 [−0.41, +0.22] (7214-7215).
Held out under the expert, each by a rule fixed before the runs (adopted if above 0 against
``hard`` and not below −0.3 against ``medium``), 1,000 deals each: ``take_margin`` 0.5 with
``beta`` 0.5 +0.33 [−0.22, +0.88] against ``hard`` (910096) and +0.14 [−0.30, +0.57] against
``medium`` (910097), adopted in the forty-sixth session; over it ``take_margin`` 0.75 with
``hard``'s ``beta`` 1.0 (+0.19 and +0.23 at ``hard``'s speed on 7218-7219) +0.05 [−0.56,
+0.66] (910102) and +0.19 [−0.16, +0.54] (910103), adopted in the forty-seventh
(docs/strength.md).
``expert:prior_race_read=4`` plays the forty-seventh session's default,
``expert:prior_take_margin=0.5,prior_beta=0.5,prior_race_read=4`` the forty-sixth's,
``expert:prior_take_margin=0.25,prior_race_read=4`` the one before. With this prior
(``race_read`` 6 since the forty-ninth session, below) the expert read +2.89 against ``hard``
over six held-out seeds (910110's B, 910112, 910116, 910118's A, 910120's A, 910122's A), +8.79
and 74.9% of games against ``medium`` (910111's B, 910113, 910117, 910119's A, 910121's A,
910123's A), +6.17 against OpenSpiel's simple bot (910114) and 77.3% of EAAI-21 games against
``medium`` (910115); the forty-seventh session's (``race_read`` 4) +3.01, +8.47 and 74.4%,
+6.09 and 76.2% (docs/strength.md). Of its other two-player weights, ``alpha``, ``risk_background``,
``beta_late``, ``reach``, ``race`` and ``outs`` were screened a step each way at ``hard``'s
speed (7220-7223, 3,000 deals each): only ``outs`` 5 gained (+0.31 against ``hard``, −0.11
against ``medium``); held out it gave +0.33 [−0.20, +0.85] against ``hard`` (910108) and −0.32
[−0.71, +0.08] against ``medium`` (910109), so it was not adopted (the forty-eighth session).

``race_read`` V (4 from the thirteenth session, 6 since the forty-ninth): under knock limits
of 8 or more (``race_read_limit``) the race counts only while the opponent's last throw of the
hand is worth V or less
(:meth:`~okgin.bots.hard.HardBot.races`): one who knocks at once, like ``medium``, throws its
costliest loose card and, at those limits, soon knocks, so a discard kept for gin costs
deadwood; a holder for gin throws low cards as its hand nears gin. Chosen at ``hard``'s speed
on tuning deals, limits 8-10 only: against ``medium`` +1.61 [+0.86, +2.37] points a hand over
the race everywhere (1,433 deals of ``scripts/expert_ab.py --seed 7056``; no race at all there
+1.45 on 7054), against ``hard`` −0.75 [−2.25, +0.75] (701 deals of 7057; no race −2.60 on
7055). Held out (docs/strength.md): against ``hard`` +3.01 [+1.40, +4.66] (910016), against
``medium`` +7.25 and 71.0% of games (910017), under the EAAI-21 rule set 75.3% (910018; 69.8%
without the read on 910013). Screened a step each way over the forty-seventh session's
prior (7224-7225, docs/strength.md): only ``race_read`` 6 gained (+0.35 against ``hard``,
−0.10 against ``medium``). Held out, 1,000 deals each, by a rule fixed before the runs: +0.18
[−0.17, +0.54] against ``hard`` (910110) and +0.05 [−0.10, +0.20] against ``medium``
(910111), so :data:`PRIOR` takes ``race_read`` 6 (the forty-ninth session). Over it
``race_read`` 5 (+0.05 against ``hard``, +0.14 against ``medium`` at ``hard``'s speed on
7226-7227) held out by the same rule: −0.24 [−0.46, −0.02] against ``hard`` (910118) and
+0.04 [−0.00, +0.08] against ``medium`` (910119), not adopted (the fiftieth session).
``race_read_throws`` K (1 by default: the last throw) reads the opponent's last K throws
together, the race counting while one of them is worth V or less: on a scratch diagnosis
(7228) the last three tell ``medium`` from ``hard`` better than the last one. At ``hard``'s
speed ``race_read`` 4 over 3 throws gained +0.16 against ``hard`` and +0.12 against
``medium`` (7229-7230); held out by the same rule −0.30 [−0.69, +0.08] (910120) and −0.03
[−0.13, +0.06] (910121), not adopted (the fiftieth session).

``race_kind`` L (fifty-first session; inf, off, by default): the prior's race at its
``race_read_limit`` and above counts only while the opponent does not read as quick at log
odds L (:meth:`ExpertBot.races_unread`, set as the prior's
:attr:`~okgin.bots.hard.HardBot.race_gate`), on top of the read of the throws
(``prior_race_read=0`` turns that off). The read of the kind from this hand's choices tells
``medium`` from ``hard`` far better than the throws (an AUC of 0.83 against 0.59-0.65).
Screened at the expert's speed over today's default (1,000 deals each of
``scripts/expert_ab.py``): ``prior_race_read=0,race_kind=2`` +0.84 [+0.10, +1.59] against
``hard`` (7233) and +0.22 [−0.26, +0.71] against ``medium`` (7234), ``race_kind=1`` +0.68 and +0.20.
Held out by a rule fixed before the runs (adopted if above 0 against ``hard``, the sum above
0 and not below −0.3 against ``medium``), 1,000 deals each: ``race_kind`` 2 gave −0.16
[−1.00, +0.68] against ``hard`` (910122) and +0.19 [−0.25, +0.64] against ``medium``
(910123), not adopted (the fifty-first session).

``knock_read`` V (0, off, by default; ``knock_read_limit`` 5; fourteenth session): with two
players and a knock limit of 5 or more, a knock the prior would not make (short of gin) is
searched only while the opponent's last throw of the hand is worth V or less, the read of
``race_read`` applied to the knocks: against one who knocks at once a low hand held back wins
undercuts. On tuning deals never searching such a knock (``knock_switch`` ``inf``) gained
+0.79 [+0.04, +1.55] points a hand against ``medium`` (300 deals of ``scripts/expert_ab.py
--seed 7062``), the read with V 4 did not: −0.17 [−0.95, +0.61] (149 deals of 7064)
(docs/strength.md, fourteenth session). Held out, ``knock_switch=inf`` gave +7.59 and 72.5%
of games against ``medium`` (910019), within the default's spread over seeds, and +1.64
[+0.01, +3.27] against ``hard`` (910020), about half the default's lead: the knocks short of
gin stay searched (``knock_switch`` 1). Since the forty-first session ``knock_switch`` alone
sets the bar for such a knock (before, the larger of it and ``switch``, so a value below 1 did
nothing). Below 1 it moves the play of 2-3% of the deals: on tuning deals of
``scripts/expert_ab.py`` (500 each) ``knock_switch=0`` gave B − A −0.20 [−0.40, −0.01] against
``medium`` (7204) and +0.18 [−0.13, +0.49] against ``hard`` (7205), ``knock_switch=0.5``
−0.02 [−0.11, +0.06] and +0.14 [−0.10, +0.38]; held out by a rule fixed before the runs
(adopted if above 0 on both), 0.5 gave −0.02 [−0.08, +0.03] against ``medium`` (1,913 deals
of 910088) and +0.04 [−0.07, +0.14] against ``hard`` (1,680 of 910089), so it stays 1
(docs/strength.md).

``multi_draw`` 0 (1, on, by default; sixteenth session): with 3-4 players the draw (offer,
draw, the fiftieth card) is the prior's, not searched; with two players it changes nothing.
With three players the search's own choices are mostly discards and takes; leaving the draws
to the prior cost −1.21 [−2.56, +0.15] points a hand against ``hard`` (300 deals of
``scripts/expert_ab.py --seed 7155``, ``party`` with 3 players), so they stay searched.

``multi_belief`` 1 (twenty-first session): with 3-4 players the worlds are drawn from
:data:`MULTI_BELIEF` (``oversample`` 4, ``throw_high`` 0.1) under any belief setting given;
0 keeps the two-player belief there. With three players a perfect read of the two opponents
is worth +8.25 points a hand against ``hard`` (``scripts/expert_ab.py --peek``, 400 deals of
seed 7173 under ``party``), +6.00 of it in the plays and none in the draws (7174), while
twice the search, the utility's weight and the rollouts' knocks moved the expert by less
than a point. Chosen on tuning deals (``scripts/expert_ab.py`` under ``party`` with 3
players against ``hard``): B − A +1.13 [−0.43, +2.69] (400 deals of seed 7175) and +0.73
[−0.60, +2.07] (600 of 7177), +0.89 [−0.12, +1.91] together; ``seen_extra=1.0`` −0.37 and
the two-player ``replay=0.02,oversample=8`` −0.83 (7175, 7171). Held out under ``party``
with 3 players against ``hard``: +1.09 [+0.23, +1.95] (910028) and +0.32 [−0.64, +1.27]
(910029), +0.71 [+0.06, +1.35] together (docs/strength.md, twenty-first session).

``kind_read`` 1 (twenty-second session): with two players, in a game to a target, once the
opponent has knocked short of gin in an earlier hand of the game that began calm (every total
plus a gin's bonus at that hand's multiplier below the target:
:func:`~okgin.bots.belief.quick_knocker`), the worlds are drawn from :data:`QUICK_BELIEF`
(``replay`` 0.02, ``oversample`` 8) under any belief setting given; 0 never reads. One hand's
throws tell a player who knocks at once from one who holds out for gin only weakly (AUC about
0.7, eighteenth session), but its knocks tell them apart: over whole games of the expert's
prior, ``medium`` knocked short of gin in 395 of 598 calm hands, ``hard`` (which holds out
for gin with two players) in 3 of 461. That belief reads ``medium`` best (+1.73 [+0.15, +3.30]
points a hand over the default, held out on 910024) and costs against ``hard`` (−2.68, 910025),
so it waits for the knock. A game's first hand, and so every single deal of ``okgin arena``,
plays as without it; ``okgin arena --games`` measures it (docs/strength.md).

``kind_hand`` L (twenty-fifth session; ``inf``, off, by default; 2 from the twenty-sixth
session to the twenty-ninth): with
two players, the worlds are drawn from :data:`QUICK_BELIEF` also within a hand, whenever the
opponent's choices of the hand so far put the log odds that it is of the quick kind
(``medium``'s: takes what melds or lets it knock, throws what leaves the least deadwood, knocks
at once) rather than the holder kind (``hard``'s) at L or more
(:func:`~okgin.bots.belief.kind_evidence`: each kind's normalized chance of every choice,
averaged over worlds drawn as if the choices told nothing and over random orders of the stock
draws). Offline (``scripts/kind_fit.py``: the views of
``belief_fit.py``'s seeds 17 and 18, 384 against ``medium`` and 658 against ``hard``) the odds
tell the two apart with an AUC of 0.83 (0.66 after one or two throws, 0.88 after six or more);
at L = 2 they say "quick" in 49% of the views against ``medium`` and 10% against ``hard``, at 3
in 36% and 5%. On tuning deals, B − A over the default: ``kind_hand=2`` +0.93 [−0.63, +2.49]
against ``medium`` (300 deals of ``expert_ab.py --seed 7198``) and +0.57 [−1.72, +2.87]
against ``hard`` (254 of 7199); ``kind_hand=3`` −0.32 and −0.33. Held out (1,000 deals each):
``kind_hand=2`` +0.40 [−0.59, +1.39] against ``medium`` (910034) and +0.18 [−0.70, +1.05]
against ``hard`` (910035), where it gave +1.81, short of the ``hard`` target, so by that
rule it was not made the default; −0.23 [−1.20, +0.73] against ``hard`` on 910036. Twenty-sixth
session, read once per opponent choice (below), by a rule fixed before the runs (B − A pooled
with the earlier held-out readings above 0 against both): +1.09 [+0.11, +2.07] against
``medium`` (910037) and +0.47 [−0.48, +1.42] against ``hard`` (910038), so pooled +0.75 against
``medium`` (two seeds) and +0.14 against ``hard`` (three): the default from then. Beside
``safe_slack`` 4 (adopted with it) it read lower against ``hard`` than the default before; the
two paired with that default on fresh deals (910053-910054, twenty-ninth session; the figures
are under ``safe_slack`` above) came out behind it, so by the rule fixed before those runs both
went back: ``kind_hand`` is off again.
Uncompiled it cost about 0.08 s a decision (``scripts/expert_timing.py --cpu``, 30 hands:
median 0.179 s against 0.104 s, max 0.737 s); the odds change only when the opponent acts, so
since the twenty-sixth session they are read once per choice of the opponent, at the first of
the seat's views after it, and kept (median 0.137 s, max 0.519 s); ``okgin review``, which
judges views in any order and process, reads them afresh at every view (``keep_odds`` False).

``kind_soft`` S (twenty-eighth session; 0 by default: ``kind_hand``'s step): a mixture of
the two beliefs in place of the step, as a posterior would weigh them: a two-player search
draws 1 / (1 + exp(−(odds − L) / S)) of its worlds from :data:`QUICK_BELIEF` and the rest from
the plain belief (L is ``kind_hand``, which must be finite for it to act; an earlier hand's
knock, ``kind_read``, still takes the sharp belief whole). On tuning deals
(``scripts/expert_ab.py``, 184 deals of ``--vs medium --seed 7074``, 160 of ``--vs hard
--seed 7075``), B − A over the default of then (``kind_hand`` 2, ``safe_slack`` 4):
``kind_hand=0,kind_soft=1`` (the posterior at even prior odds) +2.14 [−0.79, +5.07] against
``medium`` and −4.23 [−9.16, +0.70] against ``hard``; ``kind_hand=1,kind_soft=0.5`` −1.16 and
−4.01. The same trade as a lower step (``kind_hand=1``): not taken further (docs/strength.md).

``hedge`` E (thirty-first session; ``inf``, off, by default): with two players, while the
opponent does not read as quick (nor, under ``sharp_early``, has thrown few cards: the first
search is the sharp belief's then), the candidates are searched a second time in worlds of the
sharp belief (:data:`QUICK_BELIEF`); where that search's best is another candidate, one the
plain search kept and rates at most E points below its own choice, it is taken. An exploit of
a player who knocks as soon as it may, at a price against a holder that E bounds per decision
(as the plain search rates it) where a read of the kind cannot tell them apart
(``scripts/kind_ceiling.py``: the two kinds' policies throw the same card in about 82-85% of
views). It doubles the search's work. On tuning deals (``scripts/expert_ab.py``, 150 deals
each), B − A over the default: ``hedge=1`` +2.66 [−0.67, +5.99] against ``medium`` (7081) and
+1.43 [−3.23, +6.10] against ``hard`` (7082); ``hedge=3`` −0.17 and −0.09. Held out (1,000
deals each, a rule fixed before the runs): ``hedge=1`` +0.37 [−1.14, +1.88] against ``medium``
(910057) and −1.32 [−3.18, +0.54] against ``hard`` (910058), a worse trade than the sharp
belief's own or ``kind_hand=2``'s, so it stays off (docs/strength.md). Uncompiled it raised
the median decision from 0.072 s to 0.193 s of CPU time (``scripts/expert_timing.py --cpu``).

``sharp_early`` N (thirty-third session; 7 by default, 0: off): with two players, the worlds are
drawn from the sharp belief (:data:`QUICK_BELIEF`) while the opponent has thrown fewer than N
cards this hand, whatever its kind reads (:meth:`ExpertBot.early`). The sharp belief gains
against ``medium`` and costs against ``hard`` in play, though it reads ``hard``'s hand better
too; a guess was that its cost comes late in a hand, where ``hard`` nears gin and does not
knock, and its gain while ``medium`` plays, whose hands are short (against ``hard``'s play,
``medium`` had thrown fewer than 7 cards by the end of 64% of the hands under limits 8-10,
``hard`` 15%; a scratch count). On tuning deals (``scripts/expert_ab.py``, stopped at 825 and
715 deals), B − A over the default: ``sharp_early=7`` +0.91 [−0.77, +2.60] against ``medium``
(7087) and +0.85 [−1.44, +3.14] against ``hard`` (7088); ``sharp_early=4`` +0.08 and +0.83.
Held out (1,000 deals each, a rule fixed before the runs: adopted if above 0 on both):
+1.31 [−0.21, +2.83] against ``medium`` (910061) and +0.87 [−1.16, +2.90] against ``hard``
(910062), so it is the default (docs/strength.md).

``quick_knock`` 0 (twenty-sixth session; 1 by default): while the opponent reads as quick
(``kind_read`` or ``kind_hand``), a knock the prior would not make is not searched, as under
``knock_switch`` ``inf``, which gained +0.79 [+0.04, +1.55] against ``medium`` on tuning deals
(fourteenth session) and cost against ``hard``. Beside ``kind_hand=2`` it changed little: B −
A −0.03 [−1.86, +1.81] (``kind_hand=2,quick_knock=0``) against −0.09 [−1.93, +1.76]
(``kind_hand=2``) over the default, 300 deals of ``scripts/expert_ab.py --vs medium --seed
7067`` (docs/strength.md).

Why ``win_value`` is 0 (off) by default (twenty-third session): where a hand can end the game
the utility adds ± the game's worth (``game_value``) to whoever leads once it ends, a step that
values a hand leaving this seat at 95 against 60 as nothing more than its points. ``win_value``
W puts W × the chance of winning from the totals after the hand in its place
(:func:`~okgin.bots.race.win_chance`, a model of the race to the target). Measured in whole
games against ``medium`` on held-out 910032, W 200 (the step's swing) played as the default:
−0.3 [−5.0, +4.7] points of the games share and +0.13 [−1.13, +1.47] points a hand, paired
over 180 sets (``scripts/games_ab.py``; docs/strength.md).

Layoffs are exact (:func:`~okgin.melds.best_layoffs` gives the least deadwood in every
world, so sampling cannot change them) and so is the fiftieth knock's arrangement.

``budget`` is in seconds: it buys ``budget × STEPS_PER_SECOND`` rollout actions (a count,
so the same seed and view give the same decision on any machine), with a wall-clock guard
at ``guard × budget`` (``GUARD`` by default) for slow machines; a decision the guard stops
depends on the machine's load, so ``guard`` ``inf`` (``okgin arena expert:guard=inf``) makes
runs repeat exactly on a busy machine, at the price of no bound on a decision's time. At the
default budget a decision takes about 0.1-0.2 s on the project's 2-core machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from okgin.actions import DRAW, PASS, TAKE, Action, Discard, Knock
from okgin.bots.base import knock_deadwood
from okgin.bots.belief import (
    Knowledge,
    decision_rng,
    kind_evidence,
    quick_knocker,
    sample_worlds,
    world_state,
)
from okgin.bots.budget import DEFAULT_BUDGET, check_budget
from okgin.bots.hard import (
    DEFAULTS,
    HardBot,
    best_knock,
    layoff_action,
    threw_low,
    whole_throws,
)
from okgin.bots.playout import AT_ONCE, playout
from okgin.bots.race import win_chance
from okgin.cards import CARDS
from okgin.errors import BotError
from okgin.hand import HandState
from okgin.melds import deadwood
from okgin.views import View

__all__ = [
    "DEFAULT_BUDGET",
    "OPTIONS",
    "PRIOR",
    "STEPS_PER_SECOND",
    "Evaluation",
    "ExpertBot",
    "paired",
]

#: The two-player parameters of the expert's prior over ``hard``'s (see the docstring).
PRIOR: dict[str, float] = {
    "race": 5.0,
    "outs": 4.0,
    "race_read": 6,
    "take_margin": 0.75,
}

#: The belief with three or four players, under any belief setting a spec gives
#: (``multi_belief`` 0: the two-player one): more worlds drawn per world kept, weighed by the
#: opponents' throws that left more deadwood than another would have (twenty-first session,
#: docs/strength.md).
MULTI_BELIEF: dict[str, float] = {"oversample": 4, "throw_high": 0.1}

#: The two-player belief against an opponent that has shown, earlier in the game, that it
#: knocks as soon as it may (``kind_read``; :func:`~okgin.bots.belief.quick_knocker`), under
#: any belief setting a spec gives: its throws read as those of a player who throws what
#: leaves the least deadwood (twenty-second session, docs/strength.md).
QUICK_BELIEF: dict[str, float] = {"replay": 0.02, "oversample": 8}

#: Rollout actions one second buys (measured on the project's machine).
STEPS_PER_SECOND = 160_000
#: The work of sampling one world and of starting one rollout, in rollout actions.
WORLD_COST = 8
ROLLOUT_COST = 3
#: Stop a decision after this many budgets of wall time whatever the count says.
GUARD = 6.0

#: The keyword parameters a bot spec may set (``okgin arena expert:defence=1.0``), by type.
OPTIONS: dict[str, type] = {
    "discards": int,
    "switch": float,
    "knock_switch": float,
    "knock_read": int,
    "knock_read_limit": int,
    "multi_draw": int,
    "multi_belief": int,
    "kind_read": int,
    "kind_hand": float,
    "kind_soft": float,
    "hedge": float,
    "sharp_early": int,
    "quick_knock": int,
    "min_worlds": int,
    "max_worlds": int,
    "rollout_cap": int,
    "rollout_stock": int,
    "at_once": float,
    "defence": float,
    "safe_slack": int,
    "safe_read": float,
    "others_slack": int,
    "mimic": int,
    "mimic_read": float,
    "guard": float,
    "game_value": float,
    "win_value": float,
    "read_holdout": int,
    "combo": int,
    "combo_read": float,
    "race_kind": float,
    "holder": float,
    "holder_combo": int,
    "holder_knock": int,
    "holder_play": int,
    "extend": float,
    "oversample": int,
    "seen_extra": float,
    "max_extra": int,
    "throw_high": float,
    "replay": float,
    "replay_floor": float,
    "replay_knocks": float,
    "knock_oversample": int,
    "knock_seen_extra": float,
    "knock_max_extra": int,
    "knock_replay": float,
    "race": float,
}


#: The belief settings' checks (a plain one or its ``knock_`` twin): (valid?, what it must be).
_BELIEF_CHECKS: dict[str, tuple[Callable[[float], bool], str]] = {
    "oversample": (lambda v: v >= 1, "1 or more"),
    "seen_extra": (lambda v: 0 <= v < math.inf, "a share of 0 or more"),
    "max_extra": (lambda v: v >= 0, "0 or more"),
    "throw_high": (lambda v: 0 < v <= 1, "a factor above 0, at most 1"),
    "replay": (lambda v: 0 < v <= 1, "a factor above 0, at most 1"),
    "replay_floor": (lambda v: 0 <= v < math.inf, "a share of 0 or more"),
    "replay_knocks": (lambda v: 0 <= v <= 1, "a factor from 0 to 1"),
}


def _check(ok: bool, key: str, value: object, what: str) -> None:
    if not ok:
        raise BotError(f"expert option {key} must be {what}, not {value!r}")


def _describe(action: Action) -> str:
    if isinstance(action, Discard):
        return f"discarding {action.card}"
    if isinstance(action, Knock):
        return "knocking" if action.card is not None else "big gin"
    if action == TAKE:
        return "taking the top card"
    if action == DRAW:
        return "drawing from the stock"
    if action == PASS:
        return "passing"
    return str(action)


def _rival(chosen: Action, other: Action) -> str:
    """The next best move in a hint: ``10d`` (another discard), ``taking it``, ``drawing``."""
    if isinstance(other, Discard):
        return other.card.text if isinstance(chosen, Discard) else f"discarding {other.card}"
    if isinstance(other, Knock):
        return "knocking" if other.card is not None else "big gin"
    return {TAKE: "taking it", DRAW: "drawing", PASS: "passing"}.get(other, str(other))


class ExpertBot:
    """Monte Carlo over sampled worlds (see the module docstring)."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        budget: float | None = None,
        *,
        discards: int = 3,
        switch: float = 1.0,
        min_worlds: int = 24,
        max_worlds: int = 400,
        hard_params: Mapping[str, float] | None = None,
        game_value: float | None = None,
        win_value: float = 0.0,
        rollout_cap: int = 0,
        rollout_stock: int = 2,
        at_once: float = 1.0,
        opponent_caps: tuple[int, int] = (0, 2),
        knock_switch: float = 1.0,
        knock_read: int = 0,
        knock_read_limit: int = 5,
        multi_draw: int = 1,
        multi_belief: int = 1,
        kind_read: int = 1,
        kind_hand: float = math.inf,
        kind_soft: float = 0.0,
        hedge: float = math.inf,
        sharp_early: int = 7,
        quick_knock: int = 1,
        defence: float = 1.6,
        safe_slack: int = 2,
        safe_read: float = 0.0,
        others_slack: int = -1,
        mimic: int | None = None,
        mimic_read: float = -math.inf,
        guard: float = GUARD,
        read_holdout: int = 0,
        combo: int = 0,
        combo_read: float = math.inf,
        race_kind: float = math.inf,
        holder: float = 0.0,
        holder_combo: int = 4,
        holder_knock: int = 1,
        holder_play: int = 1,
        extend: float = 1.0,
        oversample: int | None = None,
        seen_extra: float | None = None,
        max_extra: int | None = None,
        throw_high: float | None = None,
        replay: float | None = None,
        replay_floor: float | None = None,
        replay_knocks: float | None = None,
        knock_oversample: int | None = None,
        knock_seen_extra: float | None = None,
        knock_max_extra: int | None = None,
        knock_replay: float | None = None,
        race: float | None = None,
        prior: Mapping[str, float] | None = None,
        keep_odds: bool = True,
    ) -> None:
        budget = DEFAULT_BUDGET if budget is None else check_budget(budget, "expert budget")
        _check(0 <= at_once <= 1, "at_once", at_once, "a share from 0 to 1")
        _check(switch >= 0, "switch", switch, "0 or more standard errors")
        _check(knock_switch >= 0, "knock_switch", knock_switch, "0 or more standard errors")
        _check(knock_read >= 0, "knock_read", knock_read, "a card's count, 0 (off) or more")
        _check(
            0 <= knock_read_limit <= 10,
            "knock_read_limit",
            knock_read_limit,
            "a knock limit from 0 (the ace) to 10",
        )
        _check(multi_draw in (0, 1), "multi_draw", multi_draw, "0 or 1")
        _check(multi_belief in (0, 1), "multi_belief", multi_belief, "0 or 1")
        _check(kind_read in (0, 1), "kind_read", kind_read, "0 or 1")
        _check(not math.isnan(kind_hand), "kind_hand", kind_hand, "a log odds (inf: off)")
        _check(0 <= kind_soft < math.inf, "kind_soft", kind_soft, "a log odds spread, 0 or more")
        _check(hedge >= 0, "hedge", hedge, "a cost in points, 0 or more (inf: off)")
        _check(sharp_early >= 0, "sharp_early", sharp_early, "a count of throws, 0 (off) or more")
        _check(quick_knock in (0, 1), "quick_knock", quick_knock, "0 or 1")
        _check(0 <= defence < math.inf, "defence", defence, "a weight of 0 or more")
        _check(0 <= safe_read <= 1, "safe_read", safe_read, "a chance from 0 (off) to 1")
        _check(others_slack >= -1, "others_slack", others_slack, "-1 (off) or a slack of 0 or more")
        _check(
            mimic is None or mimic in (0, 1, 2, 3),
            "mimic",
            mimic,
            "0 (off), 1 (the opponents), 2 (every seat) or 3 (its own seat)",
        )
        _check(not math.isnan(mimic_read), "mimic_read", mimic_read, "a log odds (-inf: always)")
        _check(guard > 0, "guard", guard, "a positive number of budgets (inf: none)")
        _check(read_holdout in (0, 1), "read_holdout", read_holdout, "0 or 1")
        _check(discards >= 0, "discards", discards, "0 or more")
        _check(combo >= 0, "combo", combo, "0 or more")
        _check(not math.isnan(combo_read), "combo_read", combo_read, "a log odds (inf: always)")
        _check(not math.isnan(race_kind), "race_kind", race_kind, "a log odds (inf: off)")
        _check(0 <= holder <= 1, "holder", holder, "a share from 0 to 1")
        _check(holder_combo >= 0, "holder_combo", holder_combo, "0 or more")
        _check(holder_knock in (0, 1), "holder_knock", holder_knock, "0 or 1")
        _check(holder_play in (0, 1), "holder_play", holder_play, "0 or 1")
        _check(1 <= extend < math.inf, "extend", extend, "a number of budgets from 1 up")
        # the belief's settings given (the others are :func:`sample_worlds`'s defaults),
        # and those of the searches with a knock among their candidates
        given = {
            "oversample": oversample,
            "seen_extra": seen_extra,
            "max_extra": max_extra,
            "throw_high": throw_high,
            "replay": replay,
            "replay_floor": replay_floor,
            "replay_knocks": replay_knocks,
        }
        knock_given = {
            "oversample": knock_oversample,
            "seen_extra": knock_seen_extra,
            "max_extra": knock_max_extra,
            "replay": knock_replay,
        }
        for prefix, settings in (("", given), ("knock_", knock_given)):
            for key, value in settings.items():
                if value is not None:
                    ok, what = _BELIEF_CHECKS[key]
                    _check(ok(value), prefix + key, value, what)
        for key, value in (
            ("replay_floor", replay_floor),
            ("replay_knocks", replay_knocks),
        ):
            _check(
                value is None or replay is not None,
                key,
                value,
                "given with replay (it reads replay's likelihood)",
            )
        _check(min_worlds >= 1, "min_worlds", min_worlds, "1 or more")
        _check(
            max_worlds >= min_worlds,
            "max_worlds",
            max_worlds,
            f"at least min_worlds ({min_worlds})",
        )
        _check(rollout_cap >= 0, "rollout_cap", rollout_cap, "0 or more")
        _check(rollout_stock >= 0, "rollout_stock", rollout_stock, "0 or more")
        _check(
            game_value is None or math.isfinite(game_value), "game_value", game_value, "a number"
        )
        _check(0 <= win_value < math.inf, "win_value", win_value, "a worth of 0 (off) or more")
        self.seed = seed
        self.budget = budget
        self.discards = discards
        self.switch = switch
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.game_value = game_value
        self.win_value = win_value
        self.rollout_cap = rollout_cap
        self.rollout_stock = rollout_stock
        self.at_once = at_once
        self.opponent_caps = opponent_caps
        self.knock_switch = knock_switch
        self.knock_read = knock_read
        self.knock_read_limit = knock_read_limit
        self.multi_draw = multi_draw
        self.kind_read = kind_read
        self.kind_hand = kind_hand
        self.kind_soft = kind_soft
        self.hedge = hedge
        self.sharp_early = sharp_early
        self.quick_knock = quick_knock
        #: ``kind_hand``'s last reading: (the hand and the opponent's choices in it, the
        #: log odds); the odds change only when the opponent acts
        self._kind_odds: tuple[tuple[Any, ...], float] | None = None
        #: False: ``kind_hand`` reads the odds afresh at every view (a judge of views out of
        #: their order, as ``okgin review`` is, stays a function of the view alone)
        self.keep_odds = keep_odds
        self.defence = defence
        self.safe_slack = safe_slack
        self.others_slack = others_slack
        self.safe_read = safe_read
        self.mimic = mimic
        self.mimic_read = mimic_read
        self.guard = guard
        self.read_holdout = read_holdout
        self.combo = combo
        self.combo_read = combo_read
        self.race_kind = race_kind
        self.holder = holder
        self.holder_combo = holder_combo
        self.holder_knock = holder_knock
        self.holder_play = holder_play
        self.extend = extend
        #: the belief's settings given (the others are :func:`sample_worlds`'s defaults)
        self.belief: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
        #: the belief of the searches with a knock among their candidates: the one above
        #: with the ``knock_`` settings given over it
        self.knock_belief: dict[str, Any] = {
            **self.belief,
            **{k: v for k, v in knock_given.items() if v is not None},
        }
        #: the same two with three or four players: :data:`MULTI_BELIEF` under the settings
        #: given (``multi_belief`` 1), else the two-player ones
        self.belief_multi: dict[str, Any] = (
            {**MULTI_BELIEF, **self.belief} if multi_belief else self.belief
        )
        self.knock_belief_multi: dict[str, Any] = (
            {**MULTI_BELIEF, **self.knock_belief} if multi_belief else self.knock_belief
        )
        #: the two-player ones against an opponent shown to knock as soon as it may
        #: (``kind_read``): :data:`QUICK_BELIEF` under the settings given
        self.belief_quick: dict[str, Any] = {**QUICK_BELIEF, **self.belief}
        self.knock_belief_quick: dict[str, Any] = {**QUICK_BELIEF, **self.knock_belief}
        mine = {**PRIOR, **(prior or {})}
        if race is not None:
            mine["race"] = race
        for key, value in mine.items():
            _check(key in DEFAULTS, "prior", key, f"a hard parameter ({', '.join(DEFAULTS)})")
            name = "race" if key == "race" and race is not None else f"prior_{key}"
            if key in ("race", "outs"):
                _check(0 <= value < math.inf, name, value, "a weight of 0 or more")
            if key == "race_read_throws":
                _check(whole_throws(value), name, value, "a whole number of throws, 1 or more")
            _check(math.isfinite(value), name, value, "a number")
        self.hard = HardBot(seed, hard_params)
        # the prior's two-player parameters only (with 3-4 players ``hard``'s own stand)
        self.hard.params.update(mine)
        if race_kind < math.inf:
            self.hard.race_gate = self.races_unread
        self._why: tuple[int, str, Action, dict[str, Any]] | None = None
        #: the last search: candidates, worlds played, means (for tests and hints)
        self.last: dict[str, Any] = {}

    # ---- the decision ------------------------------------------------------------------
    def act(self, view: View) -> Action:
        if not view.legal_actions:
            raise BotError(f"seat {view.seat} has nothing to play now")
        action, why = self.decide(view)
        self._why = (id(view), why, action, self.last)
        return action

    def decide(self, view: View) -> tuple[Action, str]:
        legal = view.legal_actions
        self.last = {}
        if len(legal) == 1 and view.phase != "fiftieth_knock":
            return legal[0], "the only legal action"
        know = Knowledge(view)
        phase = view.phase
        if phase == "layoff":
            return layoff_action(view, know.hand)
        if phase == "fiftieth_knock":
            knocks = [a for a in legal if isinstance(a, Knock)]
            return best_knock(know.hand, knocks, view.rules), "must knock with the fiftieth card"
        prior, prior_why = self.hard.decide(view, know)
        if (
            isinstance(prior, Knock)
            and prior.card is not None
            and knock_deadwood(know.hand, prior) == 0
        ):
            return prior, "gin"
        if isinstance(prior, Knock) and prior.card is None:
            return prior, "big gin"
        cands = self.candidates(view, know, prior)
        if len(cands) == 1:
            return prior, prior_why
        return self.search(view, know, cands, prior, prior_why)

    def candidates(self, view: View, know: Knowledge, prior: Action) -> list[Action]:
        legal = view.legal_actions
        phase = view.phase
        if phase in ("offer", "draw", "fiftieth"):
            if not self.multi_draw and len(know.opponents) > 1:
                return [prior]  # ``multi_draw`` 0: with 3-4 players the prior draws
            draws: list[Action] = [a for a in legal if a in (TAKE, DRAW, PASS)]
            if phase != "fiftieth" and not know.may_take() and prior != TAKE:
                draws = [a for a in draws if a != TAKE]
            return draws
        out: list[Action] = [prior]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks and (isinstance(prior, Knock) or self.searches_knock(view, know)):
            k = best_knock(know.hand, knocks, view.rules)
            if k not in out:
                out.append(k)
        for _, c, _, _ in self.hard.discard_scores(view, know)[: self.discards]:
            d = Discard(CARDS[c])
            if d not in out:
                out.append(d)
        return out

    def searches_knock(self, view: View, know: Knowledge) -> bool:
        """Whether a knock the prior would not make is a candidate: unless ``knock_switch``
        is ``inf``; with ``knock_read`` V, two players and a knock limit of
        ``knock_read_limit`` or more, only while the opponent's last throw of the hand (if
        any) is worth V or less (one who knocks as soon as it may throws its costliest loose
        card; against it a low hand held back wins undercuts)."""
        if self.knock_switch == math.inf:
            return False
        if not self.quick_knock and self.reads_quick_any(view, know):
            return False
        if (
            not self.knock_read
            or len(know.opponents) != 1
            or view.knock_limit < self.knock_read_limit
        ):
            return True
        return threw_low(know, self.knock_read)

    def search(
        self,
        view: View,
        know: Knowledge,
        cands: Sequence[Action],
        prior: Action,
        prior_why: str,
    ) -> tuple[Action, str]:
        start = time.perf_counter()
        rng = decision_rng(self.seed, view, "expert")
        pi = cands.index(prior)

        def close(alive: Sequence[int], values: Sequence[Sequence[float]], n: int) -> bool:
            """The search would leave ``hard``'s choice, which is still in the running."""
            lead = max(alive, key=lambda i: (sum(values[i][:n]), -i))
            return lead != pi and pi in alive

        utility = self.utility(view)
        ev = self.evaluate(
            view,
            know,
            cands,
            rng,
            utility,
            work=self.budget * STEPS_PER_SECOND,
            deadline=start + self.guard * self.budget * self.extend,
            longer=self.extend,
            close=close if self.extend > 1 else None,
        )
        alive = ev.alive
        values = ev.values
        worlds_done = ev.worlds
        if not worlds_done:  # ``holder``: every world drawn was ruled out
            return prior, f"{prior_why}; no sampled world fits what the others did"
        spent = ev.steps
        means = ev.means()
        best = max(alive, key=lambda i: (means[i], -i))
        self.last = {
            "candidates": [str(c) for c in cands],
            "worlds": worlds_done,
            "steps": spent,
            "means": {str(cands[i]): round(m, 2) for i, m in means.items()},
            "seconds": time.perf_counter() - start,
            # every candidate's mean over the worlds it was played in (hints)
            "tried": {
                str(c): (sum(values[i]) / len(values[i]), len(values[i]))
                for i, c in enumerate(cands)
                if values[i]
            },
            "actions": {str(c): c for c in cands},
        }
        pick, why = pi, f"{prior_why}; best of {len(cands)} on {worlds_done} sampled worlds"
        if best != pi:
            pick = best
            why = (
                f"{_describe(cands[best])} rates {means[best]:+.1f} on {worlds_done} "
                f"sampled worlds, better than {_describe(prior)}"
            )
            if pi in alive:
                d, se = paired(values[best], values[pi], worlds_done)
                knock = isinstance(cands[best], Knock) and not isinstance(prior, Knock)
                need = self.knock_switch if knock else self.switch
                if d <= need * se:
                    pick = pi
                    why = f"{prior_why}; search agrees within noise ({worlds_done} worlds)"
        if self.hedge < math.inf and view.players == 2 and not self.sharp_now(view, know):
            pick, why = self._hedged(view, know, cands, rng, utility, ev, pick, why)
        return cands[pick], why

    def _hedged(
        self,
        view: View,
        know: Knowledge,
        cands: Sequence[Action],
        rng: random.Random,
        utility: Callable[[Sequence[int]], float],
        ev: Evaluation,
        pick: int,
        why: str,
    ) -> tuple[int, str]:
        """``hedge`` E (two players; inf: off): the candidates searched again in worlds of
        the sharp belief (:data:`QUICK_BELIEF`, what the opponent's choices say if it
        knocks as soon as it may); where that search's best is another candidate, it is
        taken if the plain search rates it at most E points below the choice made (and
        did not drop it): an exploit of a quick knocker bought at a bounded price against
        a holder."""
        knocks = any(isinstance(c, Knock) for c in cands)
        _, sharp = self._two_player_beliefs(knocks)
        alt = self.evaluate(
            view,
            know,
            cands,
            rng,
            utility,
            work=self.budget * STEPS_PER_SECOND,
            deadline=time.perf_counter() + self.guard * self.budget,
            belief=sharp,
        )
        if not alt.worlds:
            return pick, why
        n = alt.worlds
        sharp_means = alt.means()
        top = max(alt.alive, key=lambda i: (sharp_means[i], -i))
        self.last["hedge"] = {str(cands[i]): round(m, 2) for i, m in sharp_means.items()}
        if top == pick or top not in ev.alive:
            return pick, why
        means = ev.means()
        cost = means[pick] - means[top]
        if cost > self.hedge:
            return pick, why
        return top, (
            f"{_describe(cands[top])}: best if the opponent knocks as soon as it may "
            f"({sharp_means[top]:+.1f} on {n} worlds), {cost:.1f} below "
            f"{_describe(cands[pick])} otherwise"
        )

    def evaluate(
        self,
        view: View,
        know: Knowledge,
        cands: Sequence[Action],
        rng: random.Random,
        utility: Callable[[Sequence[int]], float],
        *,
        work: float,
        deadline: float = math.inf,
        keep: Collection[int] = (),
        longer: float = 1.0,
        close: Callable[[Sequence[int], Sequence[Sequence[float]], int], bool] | None = None,
        belief: Mapping[str, Any] | None = None,
    ) -> Evaluation:
        """Every candidate played in the same worlds sampled from ``know`` (common random
        numbers), batch by batch, until ``work`` rollout actions are spent, ``max_worlds``
        worlds are played or the clock passes ``deadline``; after ``min_worlds`` worlds the
        candidates clearly worse than the leader are dropped (never those of ``keep``), and
        the search stops when one is left. Where the work (or the worlds) run out while
        ``close(alive, values, worlds)`` holds, the search goes on, once, to ``longer`` times
        both. The expert's search and ``okgin review`` both judge candidates with this."""
        me = view.own_seat
        mine = (self.rollout_cap, self.rollout_stock)
        # the opponents whose hand now is the one they kept after a discard of this hand:
        # with ``read_holdout``, one whose hand in a world would have let it knock then
        # holds out for gin in that world (it did not knock)
        shown = [s for s in know.opponents if know.threw[s]] if self.read_holdout else []
        limit = view.knock_limit
        # ``holder``: the prior share of players who hold out for gin; the opponents who
        # threw this hand and did not knock are typed in every world (see the docstring)
        typed = [s for s in know.opponents if know.threw[s]] if self.holder else []
        if not self.holder_knock and any(isinstance(c, Knock) for c in cands):
            typed = []  # ``holder_knock`` 0: a knock is weighed with every opponent untyped
        if not self.holder_play and view.phase not in ("offer", "draw", "fiftieth"):
            typed = []  # ``holder_play`` 0: only the draws are searched typed
        knocks = any(isinstance(c, Knock) for c in cands)
        # ``kind_soft``: this share of the worlds drawn from the sharp belief, the rest from
        # the plain one (0 or 1: all from ``belief``, the one given or :meth:`belief_for`'s)
        share = self.quick_share(view, know) if self.kind_soft and belief is None else 0.0
        if belief is None:
            belief = self.belief_for(view, knocks, know)
        plain, sharp = self._two_player_beliefs(knocks)
        danger = self.danger(view, know)
        mimic = self.mimic_mask(view, know)
        combo = self.own_combo(view, know)
        alive = list(range(len(cands)))
        values: list[list[float]] = [[] for _ in cands]
        spent = 0
        worlds_done = 0
        batch = 8
        most = self.max_worlds
        while worlds_done < most:
            if 0.0 < share < 1.0:
                n = sum(rng.random() < share for _ in range(batch))
                worlds = sample_worlds(know, n, rng, **sharp) if n else []
                if n < batch:
                    worlds += sample_worlds(know, batch - n, rng, **plain)
            else:
                worlds = sample_worlds(know, batch, rng, **belief)
            if not worlds:
                break
            spent += WORLD_COST * len(worlds)
            for w in worlds:
                # opponents knock at once in a share of the worlds, hold out for gin in
                # the others (the same for every candidate)
                other = AT_ONCE if rng.random() < self.at_once else self.opponent_caps
                caps = [mine if s == me else other for s in range(view.players)]
                if other is AT_ONCE:
                    for s in shown:
                        if 0 < deadwood(w.hands[s]) <= limit:
                            caps[s] = self.opponent_caps
                combos: list[int] | None = None
                if combo or typed:
                    combos = [combo if s == me else 0 for s in range(view.players)]
                    if typed and not self._type(w.hands, typed, limit, rng, caps, combos):
                        continue
                base = world_state(know, w)
                for i in alive:
                    value, steps = self.rollout(
                        base, cands[i], caps, utility, combos, danger, mimic
                    )
                    spent += steps
                    values[i].append(value)
                worlds_done += 1
            if worlds_done >= self.min_worlds:
                alive = self._prune(alive, values, worlds_done, keep)
            if len(alive) == 1 or time.perf_counter() > deadline:
                break
            if spent >= work or worlds_done >= most:
                if close is None or not close(alive, values, worlds_done):
                    break
                work *= longer  # once: then ``close`` is dropped
                most = int(most * longer)
                close = None
        return Evaluation(list(cands), values, worlds_done, spent, alive)

    def mimic_mask(self, view: View, know: Knowledge) -> int:
        """``mimic`` (with ``mimic_read`` L): the seats whose rollout discards break ties as
        ``medium`` does, a mask for :func:`~okgin.bots.playout.playout` (1 the opponents, 2
        every seat, 3 the bot's own); 0 when ``mimic`` is off, or when L is above −inf and
        the opponent does not read as a quick knocker: no calm knock of an earlier hand
        (``kind_read``) and this hand's log odds of the quick kind below L, or no throw yet
        (never quick with 3-4 players). Unset (the default), it is 2 with two players and 0
        with three or four (where it was never measured)."""
        mimic = self.mimic if self.mimic is not None else (2 if view.players == 2 else 0)
        if not mimic:
            return 0
        if self.mimic_read > -math.inf and not self.quick_at(view, know, self.mimic_read):
            return 0
        own, every = 1 << view.own_seat, (1 << view.players) - 1
        return {1: every ^ own, 2: every, 3: own}[mimic]

    def own_combo(self, view: View, know: Knowledge) -> int:
        """``combo`` (with ``combo_read`` L): K for the bot's own seat's rollout throws (a gin
        seeker's, :func:`~okgin.bots.playout._combo_discard`), or 0; with L below inf, 0 while
        the opponent reads as a quick knocker (a calm knock of an earlier hand, ``kind_read``,
        or this hand's log odds of the quick kind L or more), K while it reads as one who holds
        out for gin or has not thrown yet (3-4 players: no odds, so K), the mirror of
        ``mimic_read``."""
        if not self.combo or self.combo_read == math.inf:
            return self.combo
        return 0 if self.quick_at(view, know, self.combo_read) else self.combo

    def races_unread(self, view: View, know: Knowledge) -> bool:
        """``race_kind`` L (two players; inf, off, by default): the prior's race for gin at
        knock limits of its ``race_read_limit`` or more counts only while the opponent does
        not read as a quick knocker at log odds L (:meth:`quick_at`: no calm knock of an
        earlier hand, this hand's log odds of the quick kind below L, or no throw yet), on
        top of the prior's read of the throws (``race_read``; 0 leaves this read alone)."""
        return not self.quick_at(view, know, self.race_kind)

    def quick_at(self, view: View, know: Knowledge, level: float) -> bool:
        """Whether the opponent reads as a quick knocker at log odds ``level`` (the gate of
        ``mimic_read``, ``combo_read`` and ``race_kind``): a calm knock of an earlier hand
        (``kind_read``), or this hand's log odds of the quick kind ``level`` or more (never
        before its first throw, nor with 3-4 players)."""
        if self.read_before(view):
            return True
        odds = self._odds(know)
        return odds is not None and odds >= level

    def belief_for(self, view: View, knocks: bool, know: Knowledge) -> dict[str, Any]:
        """The belief a search draws its worlds from: with 3-4 players the ``_multi`` one,
        against a quick knocker (``kind_read``, or ``kind_hand``) the ``_quick`` one, else
        the plain one; each the ``knock_`` twin when a knock is among the candidates."""
        if view.players > 2:
            return self.knock_belief_multi if knocks else self.belief_multi
        plain, sharp = self._two_player_beliefs(knocks)
        return sharp if self.sharp_now(view, know) else plain

    def sharp_now(self, view: View, know: Knowledge) -> bool:
        """Whether a two-player search draws all its worlds from the sharp belief: the
        opponent reads as quick (:meth:`reads_quick_any`) or has thrown few cards yet
        (:meth:`early`)."""
        return self.reads_quick_any(view, know) or self.early(know)

    def early(self, know: Knowledge) -> bool:
        """``sharp_early`` N (two players; 0: off): whether the one opponent has thrown fewer
        than N cards this hand, while :meth:`belief_for` draws from the sharp belief
        (:data:`QUICK_BELIEF`) whatever its kind reads (the guess behind it: early in a hand
        the two kinds throw alike and neither is near a knock, and against one who knocks as
        soon as it may the hand is mostly over by then; measured in the module docstring)."""
        if not self.sharp_early or len(know.opponents) != 1:
            return False
        return know.threw[know.opponents[0]].bit_count() < self.sharp_early

    def _two_player_beliefs(self, knocks: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        """The plain and the sharp (``_quick``) two-player belief, each the ``knock_`` twin
        when a knock is among the candidates."""
        if knocks:
            return self.knock_belief, self.knock_belief_quick
        return self.belief, self.belief_quick

    def reads_quick_any(self, view: View, know: Knowledge) -> bool:
        """Whether the one opponent reads as one who knocks as soon as it may: from an
        earlier hand's knock (``kind_read``) or this hand's choices (``kind_hand``)."""
        return self.read_before(view) or self.reads_quick(view, know)

    def read_before(self, view: View) -> bool:
        """``kind_read``: whether an earlier hand of this game showed the one opponent knock
        short of gin in a calm hand (:func:`~okgin.bots.belief.quick_knocker`)."""
        return bool(self.kind_read) and quick_knocker(view)

    def reads_quick(self, view: View, know: Knowledge) -> bool:
        """``kind_hand`` L (two players; inf: off): whether the opponent's choices this hand
        make the log odds that it is of the quick kind (``medium``'s) rather than the holder
        kind (``hard``'s) L or more (:func:`~okgin.bots.belief.kind_evidence`). The odds are
        read once per choice of the opponent (with the generator of the first view after
        it) and kept until its next (with ``keep_odds`` False: read at every view)."""
        odds = self.kind_odds(know)
        return odds is not None and odds >= self.kind_hand

    def quick_share(self, view: View, know: Knowledge) -> float:
        """The share of a two-player search's worlds drawn from the sharp belief
        (:data:`QUICK_BELIEF`): with ``kind_soft`` S above 0 and no earlier hand's knock read
        (``kind_read``), 1 / (1 + exp(−(odds − ``kind_hand``) / S)) of this hand's log odds
        that the opponent is of the quick kind (a mixture of the two beliefs, weighted as a
        posterior would be, in place of ``kind_hand``'s step); else 1 where
        :meth:`belief_for` takes the sharp belief, 0 where not."""
        if view.players > 2:
            return 0.0
        if self.kind_soft == 0 or self.read_before(view) or self.early(know):
            return 1.0 if self.sharp_now(view, know) else 0.0
        odds = self.kind_odds(know)
        if odds is None:
            return 0.0
        x = (odds - self.kind_hand) / self.kind_soft
        return 1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0

    def kind_odds(self, know: Knowledge) -> float | None:
        """``kind_hand``'s log odds (None: off, not two players, or no throw yet), read once
        per choice of the opponent and kept (:meth:`reads_quick`)."""
        if self.kind_hand == math.inf:
            return None
        return self._odds(know)

    def _odds(self, know: Knowledge) -> float | None:
        """The log odds from this hand's choices that the one opponent is of the quick kind
        (None: not two players, or no throw yet), kept as :meth:`reads_quick` says."""
        if len(know.opponents) != 1:
            return None
        s = know.opponents[0]
        if not know.threw[s]:
            return None
        view = know.view
        key = (
            view.hand_number,
            view.dealer,
            int(view.upcard),
            view.totals,
            tuple(know.history[s]),
        )
        if not self.keep_odds or self._kind_odds is None or self._kind_odds[0] != key:
            rng = decision_rng(self.seed, view, "kind")
            self._kind_odds = (key, kind_evidence(know, s, rng))
        return self._kind_odds[1]

    def _type(
        self,
        hands: Sequence[int],
        typed: Sequence[int],
        limit: int,
        rng: random.Random,
        caps: list[tuple[int, int]],
        combos: list[int],
    ) -> bool:
        """Draw the type of every opponent of ``typed`` in one world: one who holds out for
        gin (``opponent_caps``, throwing like a gin seeker: ``holder_combo``) with the prior
        ``holder``, else one who knocks at once. A hand that could have knocked (0 < its
        deadwood ≤ the limit: it did not) rules out knocking at once, so such a world is
        kept with the chance ``holder`` only (rejection: the world's weight in the
        posterior), its opponent a holder. False: the world is rejected."""
        for s in typed:
            if 0 < deadwood(hands[s]) <= limit:
                if rng.random() >= self.holder:
                    return False
            elif rng.random() >= self.holder:
                continue
            caps[s] = self.opponent_caps
            combos[s] = self.holder_combo
        return True

    def rollout(
        self,
        base: HandState,
        action: Action,
        caps: Sequence[tuple[int, int]],
        utility: Callable[[Sequence[int]], float],
        combos: Sequence[int] | None = None,
        danger: int = -1,
        mimic: int = 0,
    ) -> tuple[float, int]:
        """``action`` played in a copy of ``base``, then the hand to its end with the fast
        policy (the rollout discards of the seat on turn in ``base`` safe by ``safe_slack``,
        judged by ``danger`` where it is a mask: :meth:`danger`):
        (its utility, the work in rollout actions)."""
        me = base.current_player
        h = base.copy()
        h.apply(action)
        safe_seat = me if me is not None and self.safe_slack >= 0 else -1
        steps = ROLLOUT_COST + playout(
            h,
            caps=caps,
            safe_seat=safe_seat,
            safe_slack=self.safe_slack,
            combos=combos,
            danger=danger,
            mimic=mimic,
            others_slack=self.others_slack,
        )
        res = h.result
        return (0.0 if res is None else utility(res.points)), steps

    def danger(self, view: View, know: Knowledge) -> int:
        """``safe_read`` R above 0, two players: the cards the seat's rollout discards treat
        as feeding the other seat, those whose chance of making a meld with its hand, as
        this seat can judge it from what it has seen
        (:meth:`~okgin.bots.belief.Knowledge.feed_risk`), is R or more; -1 (``safe_read``
        0, or three or four players): the rollouts read the next seat's hand in each world."""
        if self.safe_read <= 0 or self.safe_slack < 0 or view.players != 2:
            return -1
        probs = know.card_probs(know.opponents[0])
        mask = 0
        for c in range(52):
            if probs[c] < 1.0 and know.feed_risk(c, probs) >= self.safe_read:
                mask |= 1 << c
        return mask

    def utility(self, view: View) -> Callable[[Sequence[int]], float]:
        """How much a hand's points are worth to this seat: its points minus ``defence`` ×
        the others' mean; when the game is to a target and a hand can end it, ± the game's worth
        (``game_value``) to whoever then leads, or, with ``win_value`` W and two players, plus
        W × the chance of winning the game from the totals after the hand
        (:func:`~okgin.bots.race.win_chance`): the step made smooth (W 200 the step's swing
        at the default worth of 100)."""
        me = view.own_seat
        n = view.players
        rules = view.rules
        totals = view.totals
        target = view.target

        defence = self.defence

        def plain(pts: Sequence[int]) -> float:
            return pts[me] - defence * (sum(pts) - pts[me]) / (n - 1)

        if (
            rules.format != "target"
            or not target
            or len(totals) != n
            or max(totals) + self.reach(view) < target
        ):
            return plain
        if self.win_value and n == 2:
            worth_won = self.win_value
            mine, theirs = totals[me], totals[1 - me]

            def raced(pts: Sequence[int]) -> float:
                chance = win_chance(mine + pts[me], theirs + pts[1 - me], target)
                return plain(pts) + worth_won * chance

            return raced
        worth = self.game_value if self.game_value is not None else max(50, rules.game_bonus)

        def scored(pts: Sequence[int]) -> float:
            new = [t + p for t, p in zip(totals, pts)]
            top = max(new)
            value = plain(pts)
            if top >= target:
                leaders = [s for s in range(n) if new[s] == top]
                if len(leaders) == 1:
                    value += worth if leaders[0] == me else -worth
            return value

        return scored

    @staticmethod
    def reach(view: View) -> int:
        """About the most one hand can score (a gin with a bad hand against it)."""
        rules = view.rules
        return view.multiplier * (max(rules.gin_bonus, rules.big_gin_bonus or 0) + 60)

    @staticmethod
    def _prune(
        alive: list[int], values: list[list[float]], n: int, protect: Collection[int] = ()
    ) -> list[int]:
        lead = max(alive, key=lambda i: sum(values[i][:n]))
        keep = []
        for i in alive:
            if i == lead or i in protect:
                keep.append(i)
                continue
            d, se = paired(values[lead], values[i], n)
            if d <= 2.5 * se + 1e-9:
                keep.append(i)
        return keep

    # ---- hints --------------------------------------------------------------------
    def reason(self, view: View) -> tuple[Action, str, dict[str, Any]]:
        """The action, the whole reason of :meth:`decide` and its search (:attr:`last`):
        those of the last :meth:`act` on this very view when there is one."""
        if self._why is not None and self._why[0] == id(view):
            return self._why[2], self._why[1], self._why[3]
        action, why = self.decide(view)
        self._why = (id(view), why, action, self.last)
        return action, why, self.last

    def explain(self, view: View, action: Action) -> str:
        """Why ``action``, in one short line for a hint: what it keeps or leaves, and by how
        many points the search rated it above the next best (:meth:`explain_details` has
        the numbers)."""
        if not view.legal_actions:
            return f"{action}: not this seat's turn"
        chosen, _, last = self.reason(view)
        words = self.hard.words(view, chosen)
        tried = last.get("tried", {})
        mine = tried.get(str(chosen))
        others = [(m, a) for a, (m, _) in tried.items() if a != str(chosen)]
        if mine is not None and others:
            best, alt = max(others)
            gap = mine[0] - best
            rival = _rival(chosen, last["actions"][alt])
            if gap >= 0.05:
                words += f"; expected {gap:.1f} points better than {rival}"
            else:
                words += f"; about as good as {rival}"
        if chosen == action:
            return words
        return f"{action}; expert would rather {_describe(chosen)}: {words}"

    def explain_details(self, view: View, action: Action) -> list[str]:
        """The reason in full and the search's rating of every move it tried."""
        if not view.legal_actions:
            return [f"{action}: not this seat's turn"]
        chosen, why, last = self.reason(view)
        lines = [why]
        if chosen != action:
            lines.insert(0, f"expert would rather {_describe(chosen)}")
        tried = last.get("tried", {})
        if tried:
            rated = sorted(tried.items(), key=lambda kv: -kv[1][0])
            lines.append(
                "rated by playing on: "
                + ", ".join(
                    f"{_describe(last['actions'][a])} {m:+.1f} ({n} deals)" for a, (m, n) in rated
                )
            )
        return lines


@dataclass
class Evaluation:
    """What :meth:`ExpertBot.evaluate` found: ``values[i][w]`` is candidate ``i``'s utility
    in world ``w`` (a dropped candidate has values for the first worlds only); ``alive``
    the candidates played in all ``worlds``; ``steps`` the work spent (rollout actions)."""

    candidates: list[Action]
    values: list[list[float]]
    worlds: int
    steps: int
    alive: list[int]

    def means(self) -> dict[int, float]:
        """Each candidate still in the running: its mean utility over the worlds."""
        n = self.worlds
        return {i: sum(self.values[i][:n]) / n for i in self.alive}


def paired(a: Sequence[float], b: Sequence[float], n: int) -> tuple[float, float]:
    """Mean and standard error of a[i] - b[i] over the first ``n``."""
    diffs = [a[i] - b[i] for i in range(n)]
    m = sum(diffs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in diffs) / (n - 1)
    return m, math.sqrt(var / n)
