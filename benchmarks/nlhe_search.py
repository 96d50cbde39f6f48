"""How fast nlhe-search thinks: time per decision by street, per hand, and the memory a river
solve takes, with the blueprint bot's time in the same run.

Measures
- **ms_per_decision**: ``nlhe-search`` against ``nl-rules`` (heads-up no-limit, blinds 1/2,
  200 big blinds, ``--hands`` hands), each ``act`` call timed, by street: pre-flop to turn the
  blueprint's lookups, the river a safe re-solve (200 iterations by default). Mean and largest.
- **river_solve**: the solves' mean and largest seconds, iterations, subgame nodes and the
  solver's memory (regrets, strategy sums, locks, buffers, tables).
- **per_hand_s**: the bot's thinking per hand, mean and largest; the ACPC dealer allows about
  7 s a hand on average.
- **peer**: ``nlhe-blueprint`` on the same deals in the same run (ms per decision by street) and
  the ratio of the river's time.
- **river_subgames** (``--subgames N``, default 40; 0 skips it): the first N river subgames
  nlhe-search (or ``--bot``, another setting of it) meets against nlhe-blueprint (its first
  decision on a river), each solved four ways (and two diagnostic rows below), and the
  opponent's best-response value against the bot's strategy on the opponent's range (in pots; lower is less
  exploitable): the blueprint's river strategy, the max-margin and the re-solve gadgets, and
  the subgame solved without a gadget ("none", unsafe); with each, the largest excess of an opponent
  hand's value over its alternative (a share of the largest alternative; above 0 is less safe
  than the blueprint), and the bot's value in pots against the opponent ``nlhe-blueprint``
  actually is (its purified river play, on the range its purified play reaches the river
  with): what searching the river gains or loses against the blueprint head to head. Two
  more rows tell purification from search: the blueprint's rows mixed as trained, and the
  max-margin strategy purified. Rows ``exploit-C`` (``--exploit``, default ``0.25,0.5``):
  re-solves without a gadget with the opponent restricted to nlhe-blueprint's play with
  probability C at each of its decisions (a data-biased response to the opponent as it
  really plays: ``nlhe-search:model=purified,gadget=none,exploit=C``'s river solve).
- **turn_search** (``--turn-hands N``, default 60; 0 skips it): the same timing for
  :data:`TURN_BOT`, which searches the turn too (each river card a situation), against
  ``nl-rules``.
- **preflop_search** (``--preflop-hands N``, default 300; 0 skips it): the same timing for
  :data:`PREFLOP_BOT`, which searches the pre-flop too (a solve per betting line, kept across
  hands).
- **turn_subgames** (``--turn-subgames N``, default 30; 0 skips it): the river_subgames
  measures on the first N turn subgames :data:`TURN_BOT` meets against nlhe-blueprint,
  solved to the end of the hand.
- **flop_search** (``--flop-hands N``, default 60; 0 skips it): the same timing for
  :data:`FLOP_BOT`, which searches the flop depth-limited.
- **flop_subgames** (``--flop-subgames N``, default 20; 0 skips it): the first N flop
  subgames :data:`FLOP_BOT` meets against nlhe-blueprint, the opponent's best response in the
  depth-limited subgame against the blueprint's flop play and against the re-solves with and
  without the gadget (:func:`flop_subgames`).

Usage: ``python benchmarks/nlhe_search.py [--json] [--hands 300] [--seed 1] [--subgames 40]
[--turn-hands 60] [--turn-subgames 30] [--preflop-hands 300] [--flop-hands 60]
[--flop-subgames 20] [--bot nlhe-search]
[--exploit 0.25,0.5]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import numpy as np

from pokerlab.agents.base import Observation
from pokerlab.agents.nlhe_blueprint import NlheBlueprintBot
from pokerlab.agents.registry import create_bot
from pokerlab.arena.table import play_hand
from pokerlab.engine import Dealer, GameSettings, Hand
from pokerlab.spot.bestresponse import combo_values, measuring_walker, pair_weight
from pokerlab.spot.resolve import GADGETS, Resolve
from pokerlab.spot.solver import FAST, Solver
from pokerlab.spot.terminal import valid_reach
from pokerlab.spot.tree import DECISION
from pokerlab.spot.walk import MODE_EVAL

STREETS = ("pre-flop", "flop", "turn", "river")


def timed_hands(name: str, hands: int, seed: int, subs: list[Any] | None = None, keep: int = 0,
                opponent: str = "nl-rules", street: int = 3
                ) -> tuple[dict[str, list[float]], list[float], Any]:
    """``name`` (a bot spec) against ``opponent`` over ``hands`` hands, seats alternating:
    seconds of each decision by street, the thinking per hand, and the bot; the first ``keep``
    subgames of the bot's first decision on ``street`` (engine numbering) go to ``subs``."""
    game = GameSettings.preset("no-limit", starting_stack=400)
    me, other = create_bot(name), create_bot(opponent)
    if subs is not None and keep > 0:
        build = me.subgame

        def kept(observation):  # type: ignore[no-untyped-def]
            sub = build(observation)
            first = sub is not None and not sub.locks and observation.street == street
            if first and len(subs) < keep:  # the bot's first decision on the street
                frozen = Observation(me._replay(observation, len(observation.actions)), observation.position)
                subs.append((me, frozen, sub))
            return sub

        me.subgame = kept  # type: ignore[method-assign]
    by: dict[str, list[float]] = {s: [] for s in STREETS}
    per_hand: list[float] = []
    act = me.act
    spent = [0.0]

    def timed(observation):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        try:
            return act(observation)
        finally:
            dt = time.perf_counter() - start
            by[STREETS[observation.street]].append(dt)
            spent[0] += dt

    me.act = timed  # type: ignore[method-assign]
    dealer = Dealer(seed=seed)
    for h in range(hands):
        if subs is not None and keep and len(subs) >= keep:
            break
        me.reseed(h)
        other.reseed(100_000 + h)
        spent[0] = 0.0
        players = [me, other] if h % 2 else [other, me]
        play_hand(Hand(game, [400, 400], dealer.cards(h, 2)), players, hand_number=h)
        per_hand.append(spent[0])
    return by, per_hand, me


def against_the_blueprint(bot: Any, observation: Observation, sub: Any) -> Any:
    """A function giving the bot's value (pots) of a strategy of its own in ``sub`` against
    nlhe-blueprint as it plays: its purified play at the opponent's nodes, on the range its
    purified play reaches the street with."""
    opp = 1 - sub.me
    model = NlheBlueprintBot()
    model.key = bot.key
    truth = bot.ranges(observation, sub.start, opponent=model)[opp][sub.deal.hands[opp]]
    played = bot.blueprint_strategy(sub.tree, sub.layout, sub.deal, observation, sub.start, opp)
    walker = measuring_walker(sub.tree, sub.deal, sub.layout)
    mine = [sub.layout.block(n, 0) for n in range(sub.tree.size)
            if sub.tree.kind[n] == DECISION and sub.tree.player[n] == sub.me]
    met = np.zeros(sub.deal.num_hands[sub.me])
    valid_reach(truth, sub.deal.cards[sub.me], sub.deal.cards[opp], met)
    own = sub.deal.weights[sub.me]
    prm = np.zeros(11)
    prm[0] = sub.spot.pot
    empty = np.zeros(1, dtype=np.float32)

    def value(strategy: np.ndarray) -> float:
        profile = played.copy()
        for block in mine:
            profile[block] = strategy[block]
        v = walker.run(sub.me, (profile, empty, empty, empty, empty), prm, MODE_EVAL, r_opp=truth)
        return float(np.dot(own, v)) / float(np.dot(own, met)) / sub.spot.pot

    return value if truth.sum() > 0 else None


def purified(sub: Any, strategy: np.ndarray) -> np.ndarray:
    """``strategy`` with the bot's rows purified (each hand's most probable action), as the
    blueprint bot plays its own."""
    out = strategy.copy()
    for n in range(sub.tree.size):
        if sub.tree.kind[n] != DECISION or sub.tree.player[n] != sub.me:
            continue
        na = int(sub.tree.num_children[n])
        for s in range(sub.deal.num_sits):
            block = sub.layout.block(n, s)
            rows = out[block].reshape(na, -1)
            if rows.size:
                pure = np.zeros_like(rows)
                pure[np.argmax(rows, axis=0), np.arange(rows.shape[1])] = 1.0
                out[block] = pure.ravel()
    return out


def mixed_blueprint(bot: Any, observation: Observation, sub: Any) -> np.ndarray:
    """The blueprint's own rows at the bot's nodes, mixed as trained (not purified)."""
    bot.purified = False  # the instance's attribute shadows the class's for this one call
    try:
        strategy = bot.blueprint_strategy(sub.tree, sub.layout, sub.deal, observation, sub.start, sub.me)
    finally:
        del bot.purified
    for n, lock in sub.locks.items():
        strategy[sub.layout.block(n, 0)] = lock.ravel()
    return strategy


ROWS = ("blueprint", "blueprint-mixed", *GADGETS, "maxmargin-purified")
"""The strategies each subgame measures: the blueprint's (purified, as the bot plays it), the
blueprint's mixed rows, each gadget's re-solve (``none``: no gadget, unsafe) and max-margin's
purified."""


def subgames(subs: list[Any], iterations: int, exploit: tuple[float, ...] = ()) -> dict[str, Any]:
    """The opponent's best-response value (pots), the largest excess over the gadget's
    alternatives and the value against the blueprint as it plays, for the blueprint and each
    way of solving each subgame; ``exploit``: confidences of re-solves without a gadget, the
    opponent restricted to the blueprint's play as it plays (river subgames)."""
    rows: dict[str, list[tuple[float, float, float]]] = {k: [] for k in ROWS}
    rows.update({f"exploit-{c:g}": [] for c in exploit})
    for bot, observation, sub in subs:
        opp = 1 - sub.me
        weights = sub.spot.ranges[opp][sub.deal.hands[opp]]
        scale = float(np.abs(sub.alternative).max()) or 1.0
        head = against_the_blueprint(bot, observation, sub)
        if head is None:
            continue

        def measure(strategy: np.ndarray, sub: Any = sub, opp: int = opp, weights: np.ndarray = weights,
                    scale: float = scale, head: Any = head) -> tuple[float, float, float]:
            br = combo_values(sub.tree, sub.deal, sub.layout, strategy, opp, True)
            value = float(np.dot(weights, br)) / pair_weight(sub.deal) / sub.spot.pot
            return value, float((br - sub.alternative).max()) / scale, head(strategy)

        rows["blueprint"].append(measure(sub.blueprint))
        rows["blueprint-mixed"].append(measure(mixed_blueprint(bot, observation, sub)))
        for kind in GADGETS:
            solver = Solver(sub.spot, tree=sub.tree, deal=sub.deal, locks=sub.locks, **FAST)
            Resolve(solver, opp, sub.alternative, gadget=kind).run(iterations)
            rows[kind].append(measure(solver.average_strategy()))
            if kind == "maxmargin":
                rows["maxmargin-purified"].append(measure(purified(sub, solver.average_strategy())))
        if exploit and len(sub.spot.board) == 5:  # a river subgame
            truth = NlheBlueprintBot()  # the opponent as it plays, the model the bot exploits
            truth.key = bot.key
            restricted = bot.model_play(sub, observation, truth)
            for c in exploit:
                solver = Solver(sub.spot, tree=sub.tree, deal=sub.deal, locks=sub.locks,
                                restricted=restricted, confidence=c, **FAST)
                Resolve(solver, opp, sub.alternative, gadget="none").run(iterations)
                rows[f"exploit-{c:g}"].append(measure(solver.average_strategy()))
    base = np.array([h for _, _, h in rows["blueprint"]])
    out: dict[str, Any] = {"subgames": len(base), "iterations": iterations}
    for k, r in rows.items():
        if not r:
            continue
        gain = np.array([h for _, _, h in r]) - base
        out[k] = {"opponent_value_pots": round(float(np.mean([v for v, _, _ in r])), 4),
                  "largest_excess": round(max(e for _, e, _ in r), 4),
                  "against_blueprint_pots": round(float(np.mean([h for _, _, h in r])), 4),
                  "gain_over_blueprint_pots": round(float(gain.mean()), 4),
                  "gain_ci95": round(1.96 * float(gain.std()) / float(np.sqrt(len(gain))), 4)}
    return out


def summary(values: list[float], scale: float = 1000.0) -> dict[str, Any]:
    if not values:
        return {"decisions": 0, "mean": None, "max": None}
    return {"decisions": len(values), "mean": round(scale * float(np.mean(values)), 2),
            "max": round(scale * max(values), 2)}


def solve_summary(solves: list[tuple[float, int, int, int, int]]) -> dict[str, Any] | None:
    """Seconds, iterations, subgame nodes and solver memory of a bot's solves."""
    if not solves:
        return None
    return {"solves": len(solves),
            "seconds_mean": round(float(np.mean([s[0] for s in solves])), 3),
            "seconds_max": round(max(s[0] for s in solves), 3),
            "iterations_mean": round(float(np.mean([s[1] for s in solves])), 1),
            "nodes_max": max(s[2] for s in solves),
            "memory_mib_max": round(max(s[3] for s in solves) / 2**20, 2)}


TURN_BOT = "nlhe-search:streets=turn+river,bet=75%/a,raise=a"
"""The turn-searching bot measured (sizes of 75% and all-in, raises all-in: seconds a turn)."""
PREFLOP_BOT = "nlhe-search:streets=preflop+river"
"""The pre-flop-searching bot measured (its solves kept per line across hands)."""
FLOP_BOT = "nlhe-search:streets=flop+river"
"""The flop-searching bot measured (depth-limited: the turn's leaves valued by the blueprint's
continuations; sizes of 75% and all-in, raises all-in)."""


def _opponent_value(solver: Any, sub: Any, strategy: dict[int, Any]) -> tuple[float, Any]:
    """The opponent's best-response value at the subgame's node against the bot's
    ``strategy`` there, on its range, in pots (a share of the pot times the pairs of hands the
    two ranges weigh), and its counterfactual values per hand."""
    opp = 1 - sub.me
    cfv = solver.best_response_values(sub.node, opp, solver.reach(sub.me), strategy)
    mass = float(solver.reach(0) @ sub.pairs.astype(float) @ solver.reach(1))
    return float(solver.reach(opp) @ cfv) / mass / float(sub.tree.put[sub.node].sum()), cfv


def flop_subgames(count: int, seed: int, iterations: int) -> dict[str, Any] | None:
    """The first ``count`` flop subgames :data:`FLOP_BOT` meets against nlhe-blueprint (its
    decisions on a flop before any of its own there), each solved with and without the
    re-solve gadget, and the opponent's best-response value on its range in the depth-limited
    subgame (it also picks its best continuation at each turn leaf), in pots, against the
    blueprint bot's flop play and against each solve; with the gadget's largest excess of an
    opponent hand's value over its alternative (a share of the largest alternative)."""
    bot, other = create_bot(FLOP_BOT), create_bot("nlhe-blueprint")
    subs: list[Any] = []
    build = bot.flop_subgame

    def kept(observation):  # type: ignore[no-untyped-def]
        sub = build(observation)
        if sub is not None and len(subs) < count and not any(sub.tree.player[n] == sub.me for n in sub.locks):
            subs.append(sub)
        return sub

    bot.flop_subgame = kept  # type: ignore[method-assign]
    game = GameSettings.preset("no-limit", starting_stack=400)
    dealer = Dealer(seed=seed)
    h = 0
    while len(subs) < count and h < 50 * count:
        bot.reseed(h)
        other.reseed(100_000 + h)
        players = [bot, other] if h % 2 else [other, bot]
        play_hand(Hand(game, [400, 400], dealer.cards(h, 2)), players, hand_number=h)
        h += 1
    if not subs:
        return None
    rows: dict[str, list[float]] = {"blueprint": [], "resolve": [], "none": []}
    excess: list[float] = []
    for sub in subs:
        solver = sub.solver(safe=False)
        rows["blueprint"].append(_opponent_value(solver, sub, sub.profile)[0])
        solver.run(iterations)
        rows["none"].append(_opponent_value(solver, sub, solver.average_strategy())[0])
        safe = sub.solver(safe=True)
        safe.run(iterations)
        got, cfv = _opponent_value(safe, sub, safe.average_strategy())
        rows["resolve"].append(got)
        alt = safe.alternative
        excess.append(float((cfv - alt).max() / max(float(np.abs(alt).max()), 1e-12)))
    out = {name: {"best_response_pots": round(float(np.mean(v)), 4),
                  "ci95": round(1.96 * float(np.std(v, ddof=1)) / np.sqrt(len(v)), 4) if len(v) > 1 else None}
           for name, v in rows.items()}
    out["resolve"]["largest_excess"] = round(max(excess), 4)
    return {"bot": FLOP_BOT, "subgames": len(subs), "iterations": iterations, "rows": out}
"""The pre-flop-searching bot measured (its solves kept per line across hands)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--subgames", type=int, default=40)
    parser.add_argument("--turn-hands", type=int, default=60)
    parser.add_argument("--turn-subgames", type=int, default=30)
    parser.add_argument("--preflop-hands", type=int, default=300)
    parser.add_argument("--flop-hands", type=int, default=60)
    parser.add_argument("--flop-subgames", type=int, default=20)
    parser.add_argument("--bot", default="nlhe-search",
                        help="the searching bot whose river subgames are measured (its settings)")
    parser.add_argument("--exploit", default="0.25,0.5",
                        help="confidences in the model of the exploiting river rows (comma-separated)")
    args = parser.parse_args()
    timed_hands("nlhe-search", 4, args.seed + 99)  # warm-up: numba's cache, the blueprint
    by, per_hand, bot = timed_hands("nlhe-search", args.hands, args.seed)
    peer, peer_hand, _ = timed_hands("nlhe-blueprint", args.hands, args.seed)
    subs: list[Any] = []
    if args.subgames:
        timed_hands(args.bot, 20 * args.subgames, args.seed + 1, subs, args.subgames,
                    opponent="nlhe-blueprint")
    out: dict[str, Any] = {
        "machine": platform.machine(), "python": platform.python_version(), "hands": args.hands,
        "ms_per_decision": {s: summary(v) for s, v in by.items()},
        "river_solve": solve_summary([x for x in bot.solves if x[4] == 3]),
        "per_hand_s": {"mean": round(float(np.mean(per_hand)), 3), "max": round(max(per_hand), 3)},
        "peer": {"bot": "nlhe-blueprint", "ms_per_decision": {s: summary(v) for s, v in peer.items()},
                 "per_hand_s": {"mean": round(float(np.mean(peer_hand)), 4)}},
    }
    river = out["ms_per_decision"]["river"]["mean"]
    peer_river = out["peer"]["ms_per_decision"]["river"]["mean"]
    out["river_ratio_to_blueprint"] = round(river / peer_river, 1) if river and peer_river else None
    exploit = tuple(float(c) for c in args.exploit.split(",") if c)
    out["river_subgames"] = subgames(subs, bot.iterations, exploit) if subs else None
    for key, spec, hands in (("turn_search", TURN_BOT, args.turn_hands),
                             ("preflop_search", PREFLOP_BOT, args.preflop_hands),
                             ("flop_search", FLOP_BOT, args.flop_hands)):
        if not hands:
            continue
        tby, thand, tbot = timed_hands(spec, hands, args.seed)
        out[key] = {"bot": spec, "hands": hands, "ms_per_decision": {s: summary(v) for s, v in tby.items()},
                    "solves": {street: solve_summary([x for x in tbot.solves if x[4] == k])
                               for k, street in enumerate(STREETS) if any(x[4] == k for x in tbot.solves)},
                    "per_hand_s": {"mean": round(float(np.mean(thand)), 3), "max": round(max(thand), 3)}}
    turn: list[Any] = []
    if args.turn_subgames:
        timed_hands(TURN_BOT, 20 * args.turn_subgames, args.seed + 2, turn, args.turn_subgames,
                    opponent="nlhe-blueprint", street=2)
        out["turn_subgames"] = subgames(turn, turn[0][0].iterations) if turn else None
    if args.flop_subgames:
        out["flop_subgames"] = flop_subgames(args.flop_subgames, args.seed + 3, bot.iterations)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for s in STREETS:
        a, b = out["ms_per_decision"][s], out["peer"]["ms_per_decision"][s]
        print(f"{s:9s} nlhe-search {a['mean']} ms (max {a['max']}, {a['decisions']} decisions); "
              f"nlhe-blueprint {b['mean']} ms")
    print(f"river solves: {out['river_solve']}; per hand {out['per_hand_s']}")
    print(f"river subgames: {out['river_subgames']}")
    print(f"turn search: {out.get('turn_search')}")
    print(f"pre-flop search: {out.get('preflop_search')}")
    print(f"turn subgames: {out.get('turn_subgames')}")
    print(f"flop search: {out.get('flop_search')}")
    print(f"flop subgames: {out.get('flop_subgames')}")


if __name__ == "__main__":
    main()
