"""Local matches over the ACPC protocol: our dealer on 127.0.0.1 and pokerlab bots as clients.

With ``cards="arena"`` the dealer deals and seats exactly as the in-process match runner
(:mod:`pokerlab.arena.match`) does for the same seed: hand ``h`` uses the arena's deal and
button, each bot sits in the arena's position, and each bot's generator gets the arena's seed
for that hand. The same match played in-process then gives the same payoff in every hand;
:func:`in_process_payoffs` plays it there to compare. With ``cards="acpc"`` the cards are the
ACPC dealer's (its generator and seating), for any ACPC game.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> game = standard_game("limit")
>>> tcp = run_local_match(game, ["raiser", "calling-station"], hands=6, seed=5)
>>> [int(v) for v in tcp.totals] == in_process_payoffs(game, ["raiser", "calling-station"], 6, 5)[1]
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import IO, Literal

from pokerlab.acpc.bridge import engine_settings
from pokerlab.acpc.client import ClientError, play_match
from pokerlab.acpc.dealer import Dealer, DealerError, DealerResult, DealSource, DealtHand
from pokerlab.acpc.gamedef import GameDef
from pokerlab.acpc.players import make_player

Cards = Literal["arena", "acpc"]


def bot_names(bots: Sequence[str]) -> list[str]:
    """Seat names: bot names, numbered when a bot plays more than one seat (``random#2``); a
    bot spec's ``:`` (which the protocol keeps for itself) written ``=``.

    >>> bot_names(["hulhe-cfr:run/strategy.npz", "raiser"])
    ['hulhe-cfr=run/strategy.npz', 'raiser']
    """
    return [(name if bots[:i].count(name) == 0 else f"{name}#{bots[:i].count(name) + 1}").replace(":", "=")
            for i, name in enumerate(bots)]


def arena_schedule(game: GameDef, seed: int, duplicate: bool = False):
    """The arena's cards and seating of hand ``h`` as a dealer deal source and position map.

    Seats of the ACPC dealer are the arena's players (bot entries) in order.
    """
    from pokerlab.arena.match import MatchConfig, schedule
    from pokerlab.engine.dealing import Dealer as ArenaDeals
    from pokerlab.engine.dealing import seat_cards_to_positions

    n = game.num_players
    config = MatchConfig(bots=tuple(f"p{k}" for k in range(n)), hands=n, game=engine_settings(game),
                         duplicate=duplicate, seed=seed)
    deals = ArenaDeals(seed)

    def positions(h: int) -> list[int]:
        _, button, seat_player = schedule(config, h)
        where = [0] * n
        for seat, player in enumerate(seat_player):
            where[player] = (seat - button - 1) % n  # position 0 sits left of the button
        return where

    def deal(h: int):
        number, button, _ = schedule(config, h)
        cards = seat_cards_to_positions(deals.cards(number, n), n, button)
        holes = tuple(tuple(cards[2 * p: 2 * p + 2]) for p in range(n))
        return holes, tuple(cards[2 * n:])

    source: DealSource = deal
    return source, positions


def arena_player_names(game: GameDef, bots: Sequence[str | None]) -> list[str]:
    """The names the in-process match shows its bots for these seats (copies numbered ``#1``...)."""
    from pokerlab.arena.match import MatchConfig

    labels = tuple(name or f"player{k + 1}" for k, name in enumerate(bots))
    return MatchConfig(bots=labels, hands=len(labels), game=engine_settings(game)).player_names()


def run_local_match(
    game: GameDef,
    bots: Sequence[str | None],
    hands: int,
    seed: int,
    *,
    cards: Cards = "arena",
    duplicate: bool = False,
    names: Sequence[str] | None = None,
    ports: Sequence[int] | None = None,
    timeout: float = 10.0,
    start_timeout: float = 30.0,
    log: IO[str] | None = None,
    on_listen: Callable[[list[int]], None] | None = None,
    on_hand: Callable[[DealtHand], None] | None = None,
) -> DealerResult:
    """Play ``hands`` hands through our dealer over TCP; ``bots[k]`` plays seat ``k``.

    A seat whose bot is ``None`` waits for an outside player to connect to its port
    (``on_listen(ports)`` is called once the ports are open); ``on_hand(hand)`` after each hand.

    Raises
    ------
    DealerError
        When the match breaks down; a failing client's own error is named in the message.
    """
    from pokerlab.arena.match import bot_seed

    if len(bots) != game.num_players:
        raise ValueError(f"the game seats {game.num_players} players, {len(bots)} bots given")

    def seeds(k: int) -> Callable[[int, int], int]:
        return lambda h, _position: bot_seed(seed, h, k)

    if cards not in ("arena", "acpc"):
        raise ValueError(f"unknown card source {cards!r}: use 'arena' or 'acpc'")
    if cards == "acpc" and duplicate:
        raise ValueError("duplicate deals need the arena's cards (--cards arena)")
    if names is None:
        names = bot_names([name or f"player{k + 1}" for k, name in enumerate(bots)])
    n = game.num_players
    if cards == "arena":
        deal, positions = arena_schedule(game, seed, duplicate)
        # The bots see the players named as in the in-process match, whatever the seats are called.
        shown = arena_player_names(game, bots)
    else:
        def positions(h: int) -> list[int]:  # the ACPC dealer's rotation
            return [(s - h) % n for s in range(n)]
        shown = list(names)

    def names_by_position(h: int) -> list[str]:
        out = [""] * n
        for s, q in enumerate(positions(h)):
            out[q] = shown[s]
        return out

    # Unknown names and unplayable games fail before any socket opens.
    players = [None if name is None else make_player(name, game, seeds(k), names_by_position)
               for k, name in enumerate(bots)]
    common = {"ports": ports, "timeout": timeout, "start_timeout": start_timeout, "log": log,
              "on_hand": on_hand}
    if cards == "arena":
        dealer = Dealer(game, hands, names, deal=deal, positions=positions, **common)
    else:
        dealer = Dealer(game, hands, names, seed=seed, **common)
    opened = dealer.listen()
    if on_listen is not None:
        on_listen(opened)
    errors: dict[int, str] = {}

    def client(k: int, port: int) -> None:
        player = players[k]
        assert player is not None
        try:
            play_match("127.0.0.1", port, game, player, timeout=timeout, on_hand_end=player.hand_over)
        except ClientError as exc:
            errors[k] = str(exc)

    threads = [threading.Thread(target=client, args=(k, port), daemon=True)
               for k, port in enumerate(opened) if players[k] is not None]
    for t in threads:
        t.start()
    try:
        result = dealer.run()
    except DealerError as exc:
        for t in threads:
            t.join(timeout)
        if errors:
            k = min(errors)
            raise DealerError(f"{exc}; client {names[k]}: {errors[k]}", exc.result) from None
        raise
    for t in threads:
        t.join(timeout)
    if errors:
        k = min(errors)
        raise DealerError(f"client {names[k]}: {errors[k]}", result)
    return result


def in_process_payoffs(
    game: GameDef, bots: Sequence[str], hands: int, seed: int, duplicate: bool = False
) -> tuple[list[list[int]], list[int]]:
    """The same match run by the arena in-process: per-hand payoffs by bot, and totals."""
    from pokerlab.arena.match import MatchConfig, run_match
    from pokerlab.arena.storage import MatchStore

    config = MatchConfig(bots=tuple(bots), hands=hands, game=engine_settings(game), seed=seed,
                         duplicate=duplicate)
    store = MatchStore(":memory:")
    result = run_match(config, store)
    per_hand = store.payoffs(result.match_id)
    totals = [sum(row[k] for row in per_hand) for k in range(len(bots))]
    return per_hand, totals
