"""pokerkit's parts assembled into five-card draw (pokerkit has no such class), for the tests
and benchmarks that use pokerkit as the oracle of pokerlab's five-card draw, and the
automations every replay of a pokerlab hand in pokerkit uses (hold'em's too).

The streets follow pokerlab's variant: five hole cards and a betting round, then a draw
(discards replaced from the deck) and a betting round; no burn cards (pokerlab does not model
them); the first round uses the small bet and the second the big bet in fixed limit. PHH
codes are pokerlab's own (``FD``, ``PD``, ``ND``: not in the PHH standard); the raise cap of
a limit game comes from the file's ``_raise_cap`` field (bets and raises per round are the
cap plus one: without blinds the opening bet is a voluntary bet pokerkit counts).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, ClassVar

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    HandHistory,
    Mode,
    Opening,
    Poker,
    StandardHighHand,
    State,
    Street,
)
from pokerkit.utilities import rake as _rake

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""What pokerkit does by itself when it replays a pokerlab hand: the chips' bookkeeping. The
cards pokerlab dealt and the actions it recorded are given to it one by one."""

KINDS = {"FD": BettingStructure.FIXED_LIMIT, "PD": BettingStructure.POT_LIMIT,
         "ND": BettingStructure.NO_LIMIT}


def five_card_draw(code: str, count: int | None = None) -> type[Poker]:
    """The pokerkit game class of five-card draw under PHH ``code`` (``FD``, ``PD``, ``ND``);
    ``count`` is pokerkit's most bets and raises in a round (None: no limit)."""
    structure = KINDS[code]

    class FiveCardDraw(Poker):
        phh_code: ClassVar[str] = code
        deck: ClassVar[Deck] = Deck.STANDARD
        hand_types: ClassVar[tuple] = (StandardHighHand,)
        betting_structure: ClassVar[BettingStructure] = structure

        def __init__(
            self,
            automations: tuple[Automation, ...],
            ante_trimming_status: bool,
            raw_antes: Any,
            raw_blinds_or_straddles: Any,
            small_bet: int,
            big_bet: int,
            *,
            mode: Mode = Mode.CASH_GAME,
            starting_board_count: int = 1,
            divmod: Callable[[int, int], tuple[int, int]] = divmod,
            rake: Callable[..., tuple[int, int]] = _rake,
        ) -> None:
            super().__init__(
                automations,
                (
                    Street(False, (False,) * 5, 0, False, Opening.POSITION, small_bet, count),
                    Street(False, (), 0, True, Opening.POSITION, big_bet, count),
                ),
                ante_trimming_status, raw_antes, raw_blinds_or_straddles, 0,
                mode=mode, starting_board_count=starting_board_count, divmod=divmod, rake=rake,
            )

    FiveCardDraw.__name__ = FiveCardDraw.__qualname__ = f"FiveCardDraw{code}"
    return FiveCardDraw


class _Codes(dict):
    """pokerkit's class-to-code table, which also knows every five-card draw class made here."""

    def __missing__(self, game_type: type) -> str:
        return game_type.phh_code  # type: ignore[attr-defined, no-any-return]


class DrawHandHistory(HandHistory):
    """pokerkit's PHH reader and writer, taught pokerlab's five-card draw codes."""

    game_types: ClassVar = {**HandHistory.game_types, **{code: five_card_draw(code) for code in KINDS}}
    variants: ClassVar = _Codes(HandHistory.variants)
    required_field_names: ClassVar = {
        **HandHistory.required_field_names,
        "FD": HandHistory.required_field_names["F2L3D"],
        "PD": HandHistory.required_field_names["N2L1D"],
        "ND": HandHistory.required_field_names["N2L1D"],
    }

    def create_game(self) -> Poker:
        """As pokerkit's, with the file's raise cap; pot-limit and no-limit pass ``min_bet``
        as both bet sizes."""
        if self.variant not in KINDS:
            return super().create_game()
        cap = self.user_defined_fields.get("_raise_cap")
        game_type = five_card_draw(self.variant, None if cap is None else cap + 1)
        automations = tuple(a for a in self.automations if a is not Automation.CARD_BURNING)
        small = self.small_bet if self.variant == "FD" else self.min_bet
        big = self.big_bet if self.variant == "FD" else self.min_bet
        return game_type(automations, self.ante_trimming_status, self.antes, self.blinds_or_straddles,
                         small, big, mode=Mode.CASH_GAME, divmod=self.divmod, rake=self.rake)

    def create_state(self) -> State:
        """The initial state of the file's hand."""
        return self.create_game()(self.starting_stacks, len(self.starting_stacks))


def check_and_apply_bet(state: State, action: str, actor: int, legal: Any, limit_with_blinds: bool) -> None:
    """Check pokerkit's betting options at a PHH betting ``action`` (``f``, ``cc``, ``cbr``)
    against pokerlab's ``legal`` for ``actor`` (who acts, folding, the call amount, the raise
    range), then apply the action in pokerkit as it stands.

    ``limit_with_blinds``: a limit game with blinds, where pokerlab's raise cap counts the big
    blind as the opening bet, so pokerkit may still offer a raise pokerlab's cap has closed.
    """
    words = action.split()
    assert state.actor_index == actor == int(words[0][1:]) - 1, action
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pokerkit's cash games only warn on a free fold
        assert state.can_fold() == legal.can_fold, action
    assert state.checking_or_calling_amount == legal.to_call, action
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    if legal.can_raise:
        assert (low, high) == (legal.min_raise_to, legal.max_raise_to), action
    elif not (limit_with_blinds and low is not None):
        assert low is None, action
    if words[1] == "f":
        state.fold()
    elif words[1] == "cc":
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(int(words[2]))
