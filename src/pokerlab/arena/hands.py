"""Stored hands for people: the hand replayed from its record, its PHH text, and what a page
shows of it (each player's seat, cards and chips won, the board, the betting in words).

Examples
--------
>>> from pokerlab.arena import MatchStore, run_match
>>> store = MatchStore(":memory:")
>>> config = MatchConfig(bots=("raiser", "calling-station"), hands=2, seed=1)
>>> match = run_match(config, store)
>>> h, record = next(store.records(match.match_id))
>>> view = hand_view(config, h, record)
>>> [p["name"] for p in view["players"]], sum(p["won"] for p in view["players"])
(['raiser', 'calling-station'], 0)
>>> view["actions"][0]
'pre-flop: raiser raises to 20'
"""

from __future__ import annotations

from typing import Any

from pokerlab.arena.human import narrate
from pokerlab.arena.match import MatchConfig, phh_text
from pokerlab.cards import format_card
from pokerlab.engine.hand import DRAW, Hand


def stored_hand(config: MatchConfig, record: dict[str, Any]) -> Hand:
    """The finished hand a stored record describes, replayed through the engine."""
    hand = Hand(config.game, record["stacks"], record["cards"])
    draws = iter(record.get("draws", ()))
    for _, _, kind, amount in record["actions"]:
        if kind == DRAW:  # the record's draw: the discards and the cards dealt for them
            _, _, discards, dealt = next(draws)
            hand.draw(discards, dealt)
        else:
            hand.act((kind, amount))
    return hand


def record_seats(config: MatchConfig, record: dict[str, Any]) -> list[int]:
    """The seat of each position of a stored hand (a freezeout's players keep their seats)."""
    players = record["players"]
    if config.freezeout:
        return list(players)
    return [(record["button"] + 1 + pos) % config.seats for pos in range(len(players))]


def stored_phh(config: MatchConfig, h: int, record: dict[str, Any]) -> str:
    """The PHH text of stored hand ``h`` (as ``--hand-history`` writes it)."""
    return phh_text(config, stored_hand(config, record), h, record_seats(config, record), record["players"])


def hand_view(config: MatchConfig, h: int, record: dict[str, Any]) -> dict[str, Any]:
    """Stored hand ``h`` for a page: by seat each player's name, cards, whether they were
    shown down (and as what), and chips won; the board as far as it was dealt; the betting in
    words; the illegal answers; the PHH text."""
    from pokerlab.evaluate import describe

    hand = stored_hand(config, record)
    names = config.player_names()
    players = record["players"]
    seats = record_seats(config, record)
    board = hand.board
    shown = set(hand.showdown)
    rows = []
    for pos in sorted(range(hand.n), key=lambda p: seats[p]):
        cards = hand.hole(pos)
        rows.append({
            "seat": seats[pos], "name": names[players[pos]], "position": pos,
            "button": seats[pos] == record["button"], "cards": [format_card(c) for c in cards],
            "showed": pos in shown, "shows": describe(cards + board) if pos in shown else None,
            "won": hand.payoffs[pos], "folded": not hand.live[pos],
        })
    return {
        "hand": h + 1, "board": [format_card(c) for c in board], "pot": hand.pot, "players": rows,
        # a person's table: the person is "you", in the second person, as at the table
        "actions": narrate(hand.history, 0, [names[p] for p in players],
                           players.index(config.person) if config.person in players else None,
                           game=hand.game),
        "illegal": [f"{names[player]}: {reason}" for player, _, reason in record["illegal"]],
        "phh": phh_text(config, hand, h, seats, players),
    }
