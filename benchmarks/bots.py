"""Bot speed, and Loki A and the threshold bot against an outside program (rlcard's rule agent).

Measures
- **loki_a_hands_per_s**: Loki A against Loki A, heads-up limit $10/$20, through the arena's
  match runner (one process), every post-flop decision a full enumeration (weighted hand
  strength and one-card potential against the opponent's table, re-weighting after every
  opponent action). Target: 300 hands/s or more. Measured after a warm-up match (numba
  compilation and the pre-flop income-rate tables are not counted).
- **peer**: rlcard's ``limit-holdem-rule-v1`` playing itself in rlcard's own limit Hold'em
  environment (hands/s), and the ratio. rlcard is a benchmark-only dependency (the ``bench``
  extra, which ``make bench`` installs); ``--rlcard-site DIR`` adds another ``site-packages``
  holding it. Without rlcard the peer figures are ``null``.
- **decisions_per_s**: the bots' own thinking, timed around each ``act`` call in the same run,
  heads-up against Loki A over ``--decision-hands`` hands (default 200): Loki A, Loki-2 with
  triples (``loki2-triple``) and Loki-2 with simulation (``loki2-sim``, 500 trials a
  post-flop decision); **loki2_sim_ms_by_street**: Loki-2's simulation time per decision on
  the flop, turn and river (mean and largest), heads-up and at a ten-seat table (Loki-2 and
  nine Loki A). The ACPC dealer allows 7 s of thinking per hand on average.
- **versus_rlcard** (``--versus N``, default 2000; 0 skips it): Loki A and the threshold bot
  each play N duplicate heads-up limit hands against an adapter of the rlcard rule agent;
  small bets per hand and the 95% interval.

Usage: ``python benchmarks/bots.py [--json] [--hands 2000] [--rlcard-site DIR] [--versus 2000]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.registry import register_bot
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.engine import GameSettings
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL_ACTION, FOLD_ACTION, Action

_SUITS = "CDHS"
_RANKS = "23456789TJQKA"


def rlcard_card(code: int) -> str:
    """Our card code as rlcard writes it (suit letter then rank: 'SA')."""
    return _SUITS[code & 3] + _RANKS[code >> 2]


class RlcardRuleV1(Agent):
    """Adapter: rlcard's ``LimitholdemRuleAgentV1`` deciding on our observation."""

    name = "rlcard-limit-rule-v1"
    uses_rng = False

    def __init__(self) -> None:
        super().__init__()
        from rlcard.models.limitholdem_rule_models import LimitholdemRuleAgentV1

        self.agent = LimitholdemRuleAgentV1()

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        actions = ["call" if legal.to_call else "check", "fold"] + (["raise"] if legal.can_raise else [])
        state = {"raw_legal_actions": actions,
                 "raw_obs": {"hand": [rlcard_card(c) for c in observation.hole],
                             "public_cards": [rlcard_card(c) for c in observation.board]}}
        choice = self.agent.step(state)
        if choice == "raise" and legal.can_raise:
            return Action(BET_RAISE, legal.min_raise_to)
        if choice == "fold" and legal.can_fold:
            return FOLD_ACTION
        return CHECK_CALL_ACTION


def hands_per_second(bots: tuple[str, str], hands: int, seed: int) -> float:
    config = MatchConfig(bots=bots, hands=hands, game=GameSettings.preset("limit"), seed=seed)
    start = time.perf_counter()
    run_match(config, MatchStore(":memory:"))
    return hands / (time.perf_counter() - start)


def decisions_per_second(bot: str, hands: int, seed: int, seats: int = 2) -> dict[str, Any]:
    """``bot`` against Loki A (``seats - 1`` copies): decisions per second of ``bot``'s own
    ``act`` calls, and (for Loki-2 with simulation) its simulation times by street in ms."""
    from pokerlab.agents.registry import create_bot
    from pokerlab.arena.table import play_hand
    from pokerlab.engine import Dealer, Hand

    me = create_bot(bot, store_path="")
    others = [create_bot("loki-a", store_path="") for _ in range(seats - 1)]
    spent = 0.0
    count = 0
    act = me.act

    def timed(observation):  # type: ignore[no-untyped-def]
        nonlocal spent, count
        start = time.perf_counter()
        try:
            return act(observation)
        finally:
            spent += time.perf_counter() - start
            count += 1

    me.act = timed  # type: ignore[method-assign]
    dealer = Dealer(seed=seed)
    for h in range(hands):
        players = list(others)
        players.insert(h % seats, me)
        play_hand(Hand(GameSettings.preset("limit"), [2000] * seats, dealer.cards(h, seats)),
                  players, hand_number=h)
    out: dict[str, Any] = {"bot": bot, "seats": seats, "decisions": count,
                           "decisions_per_s": round(count / spent, 1) if spent else None}
    timings = getattr(me, "timings", None)
    if timings:
        by: dict[str, list[float]] = {}
        for street, seconds in timings:
            by.setdefault(("pre-flop", "flop", "turn", "river")[street], []).append(1000 * seconds)
        out["simulation_ms_by_street"] = {k: {"mean": round(sum(v) / len(v), 1), "max": round(max(v), 1),
                                              "decisions": len(v)} for k, v in by.items()}
    return out


def rlcard_hands_per_second(hands: int) -> float:
    import rlcard
    from rlcard.models.limitholdem_rule_models import LimitholdemRuleAgentV1

    env = rlcard.make("limit-holdem", config={"seed": 0})
    env.set_agents([LimitholdemRuleAgentV1(), LimitholdemRuleAgentV1()])
    start = time.perf_counter()
    for _ in range(hands):
        env.run(is_training=False)
    return hands / (time.perf_counter() - start)


def versus(bot: str, hands: int, seed: int) -> dict[str, Any]:
    config = MatchConfig(bots=(bot, "rlcard-limit-rule-v1"), hands=hands,
                         game=GameSettings.preset("limit"), duplicate=True, seed=seed)
    r = run_match(config, MatchStore(":memory:")).results[0]
    return {"bot": bot, "sb_per_hand": r.per_hand, "ci95": list(r.ci95), "hands": r.hands,
            "illegal_actions": r.illegal_actions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hands", type=int, default=2000, help="hands of the timed match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rlcard-site", default=None, help="a site-packages directory with rlcard")
    parser.add_argument("--versus", type=int, default=2000, help="hands against rlcard's agent (0: skip)")
    parser.add_argument("--decision-hands", type=int, default=200,
                        help="hands of the decisions-per-second runs (0: skip)")
    args = parser.parse_args()

    hands_per_second(("loki-a", "loki-a"), 200, seed=args.seed + 1)  # warm-up: compile, tables
    loki = hands_per_second(("loki-a", "loki-a"), args.hands, args.seed)
    out: dict[str, Any] = {
        "loki_a_hands_per_s": round(loki, 1),
        "target_hands_per_s": 300,
        "hands": args.hands,
        "python": platform.python_version(),
        "load_average": round(os.getloadavg()[0], 1),
        "peer": None,
        "rlcard_hands_per_s": None,
        "ratio_loki_a_to_rlcard": None,
        "versus_rlcard": None,
        "decisions_per_s": None,
        "loki2_sim_ms_by_street": None,
    }
    if args.decision_hands:
        decisions_per_second("loki2-sim", 4, args.seed + 1)  # warm-up: compile the kernels
        runs = [decisions_per_second(b, args.decision_hands, args.seed)
                for b in ("loki-a", "loki2-triple", "loki2-sim")]
        out["decisions_per_s"] = {r["bot"]: r["decisions_per_s"] for r in runs}
        ten = decisions_per_second("loki2-sim", max(args.decision_hands // 4, 10), args.seed, seats=10)
        out["loki2_sim_ms_by_street"] = {"heads-up": runs[2].get("simulation_ms_by_street"),
                                         "ten seats": ten.get("simulation_ms_by_street")}
    if args.rlcard_site:
        sys.path.append(args.rlcard_site)  # after our own packages: our numpy stays first
    try:
        import rlcard  # noqa: F401
    except ImportError as exc:
        out["peer"] = f"rlcard not importable ({exc}); install the bench extra"
    else:
        adapter = register_bot("rlcard-limit-rule-v1", "benchmark-only adapter of rlcard's rule agent")
        adapter(RlcardRuleV1)
        peer = rlcard_hands_per_second(args.hands)
        out["peer"] = "rlcard limit-holdem-rule-v1 self-play in rlcard's environment"
        out["rlcard_hands_per_s"] = round(peer, 1)
        out["ratio_loki_a_to_rlcard"] = round(loki / peer, 3)
        if args.versus:
            out["versus_rlcard"] = [versus(b, args.versus, args.seed) for b in ("loki-a", "threshold")]
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
