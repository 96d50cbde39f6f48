"""The catalogue of classic models: name -> parameters, closed form, independent check.

Examples
--------
>>> sorted(MODELS)[:3]
['bet-after-check', 'endgame', 'endgame-continuum']
>>> get("von-neumann").run(["B=2"]).value
1/9
>>> get("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: model nope: unknown (known: von-neumann, newman, ...)
"""

from __future__ import annotations

from pokerlab.models import (
    bet_after_check,
    endgame,
    endgame_continuum,
    endgame_hidden,
    endgame_imprecise,
    endgame_rounds,
    newman,
    raise_model,
    two_round,
    von_neumann,
)
from pokerlab.models.base import Model, Param
from pokerlab.models.engine_checks import CHECKS

UNIFORM = "Ferguson, Ferguson & Gawargy, Uniform(0,1) two-person poker models"
ENDGAME = "Ferguson & Ferguson, The endgame in poker"

_B = Param("B", "2", "bet size (antes 1 each, pot 2)")
_R = Param("R", "6", "raise size (beyond the call)")
_a = Param("a", "1", "ante of each player")
_P = Param("P", "1/4", "probability that I holds the winning card")
_GENERAL = ("probs", "weights")  # endgame-imprecise: the general rule replaces the binary one

_MODELS = (
    Model("von-neumann", "von Neumann's model: I bets or checks, II calls or folds", f"{UNIFORM}, §1.1",
          "uniform", (_B,), von_neumann.solve),
    Model("newman", "Newman's no-limit model: I chooses any bet size", f"{UNIFORM}, §1.2", "uniform", (),
          newman.solve),
    Model("bet-after-check", "II may bet after I checks", f"{UNIFORM}, §2", "uniform", (_B,),
          bet_after_check.solve),
    Model("raise", "II may raise I's bet", f"{UNIFORM}, §3", "uniform", (_B, _R), raise_model.solve),
    Model("two-round", "either player bets, the other may raise (check-raise)",
          f"{UNIFORM}, §4 (limit: §4.5, R=B)", "uniform", (_B, _R), two_round.solve),
    Model("endgame", "Basic Endgame, with the bet-size choice (Cutler)", f"{ENDGAME}, §1", "endgame",
          (_a, Param("b", "2", "bet (the maximum bet for the bet-size choice)"), _P), endgame.solve),
    Model("endgame-two-round", "Basic Endgame with two rounds of betting", f"{ENDGAME}, §2", "endgame",
          (_a, Param("b1", "2", "first bet", unused_with=("total",)),
           Param("b2", "6", "second bet", unused_with=("total",)), _P,
           Param("total", "", "if given: split this total stake optimally (b1 = sqrt(a*total + a^2) - a)")),
          endgame_rounds.solve_two_round),
    Model("endgame-n-round", "Basic Endgame with n rounds; geometric bets for a no-limit stake",
          f"{ENDGAME}, §3", "endgame",
          (Param("a", "10", "ante of each player (half the pot)"), _P,
           Param("bets", "20,60,180", "bets b_1..b_n", "numbers", unused_with=("stacks",)),
           Param("stacks", "", "if given: the two stacks; bets become the optimal geometric ones", "numbers"),
           Param("n", "", "number of rounds (with stacks)", needs="stacks")),
          endgame_rounds.solve_n_round),
    Model("endgame-continuum", "Basic Endgame with a continuum of betting rounds", f"{ENDGAME}, §4",
          "endgame",
          (Param("B", "3", "total amount bet (antes 1 each)"), _P), endgame_continuum.solve),
    Model("endgame-hidden-info", "Endgame with hidden information for II (binary; Y=triangular: example 3)",
          f"{ENDGAME}, §5", "endgame",
          (_a, Param("b", "2", "bet"), Param("P", "2/11", "probability that I holds the winning card"),
           Param("pW", "36/43", "P(Y=1 | I wins)", unused_with=("Y=triangular", "Y=finite")),
           Param("pL", "35/43", "P(Y=1 | I loses)", unused_with=("Y=triangular", "Y=finite")),
           Param("Y", "binary", "observation: binary, triangular (example 3) or finite", "text"),
           Param("fW", "", "Y=finite: probabilities of each observation when I wins", "numbers",
                 needs="Y=finite"),
           Param("fL", "", "Y=finite: probabilities of each observation when I loses", "numbers",
                 needs="Y=finite")),
          endgame_hidden.solve),
    Model("endgame-imprecise", "Endgame with imprecise information for I (binary; probs/weights: general)",
          f"{ENDGAME}, §6", "endgame",
          (_a, Param("b", "2", "bet"),
           Param("pi", "1/4", "probability of the high card", unused_with=_GENERAL),
           Param("pH", "9/10", "win probability of the high card", unused_with=_GENERAL),
           Param("pL", "1/5", "win probability of the low card", unused_with=_GENERAL),
           Param("probs", "", "general rule: win probabilities of the cards", "numbers"),
           Param("weights", "", "general rule: their probabilities", "numbers")),
          endgame_imprecise.solve),
)

MODELS: dict[str, Model] = {
    m.name: Model(m.name, m.title, m.source, m.kind, m.params, m.solve, CHECKS[m.name]) for m in _MODELS
}


def get(name: str) -> Model:
    """The model called ``name`` (``ValueError`` naming the known ones otherwise)."""
    if name not in MODELS:
        raise ValueError(f"model {name}: unknown (known: {', '.join(MODELS)})")
    return MODELS[name]
