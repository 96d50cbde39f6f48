"""A person at a table of bots, one decision at a time: ``pokerlab play`` in the terminal and the
tables of the web page.

A session is a match whose :class:`~pokerlab.arena.match.MatchConfig` names the ``person``'s
seat, played one action at a time. Hand ``h`` is dealt as the match runner deals it
(:func:`~pokerlab.arena.match.deal_hand`: the same cards, button and bot seeds), every player
starts each hand with the game's stack, the bots answer at their turns under the table's rule
for illegal answers (:func:`~pokerlab.arena.table.bot_answer`), and the person's commands are
those of the terminal (:func:`~pokerlab.arena.human.parse_command`: ``f``, ``c``, ``r 40``,
``a``). Every finished hand is stored at once, in one transaction, so a session that is
dropped (a closed terminal or browser tab, a stopped server) loses no finished hand, and
:meth:`Session.resume` continues a stored one with the next hand.

Examples
--------
>>> from pokerlab.engine import GameSettings
>>> config = MatchConfig(bots=("you", "calling-station"), hands=10, person=0,
...                      game=GameSettings.preset("limit"), seed=3)
>>> table = Session(config)
>>> table.deal()
>>> view = table.view()
>>> view["hand"], view["your_turn"], view["legal"]["menu"]
(1, True, 'f = fold, c = call 5, r or a = raise to 20')
>>> while not table.finished:
...     table.act("c")
>>> [p["won"] for p in table.view()["players"]] == [table.hand.payoffs[table.hand_players.index(k)]
...                                                  for k in range(2)]
True
>>> sum(p["won"] for p in table.view()["players"]), table.hands_played
(0, 1)
"""

from __future__ import annotations

import math
from typing import Any

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.registry import create_bot
from pokerlab.arena.coach import unsupported
from pokerlab.arena.hands import stored_phh
from pokerlab.arena.human import QUIT, describe_legal, narrate, parse_command
from pokerlab.arena.match import BotResult, MatchConfig, bot_seed, deal_hand, record_hand, summarize
from pokerlab.arena.storage import MatchStore
from pokerlab.arena.table import IllegalEvent, bot_answer
from pokerlab.cards import format_card
from pokerlab.engine.dealing import Dealer
from pokerlab.engine.hand import Action, Hand, Legal
from pokerlab.engine.phh import join_phh

MIN_HANDS_FOR_INTERVAL = 10
"""Hands before a session's result is shown with its 95% confidence interval (fewer say little)."""


class Session:
    """A person (``config.person``) and bots at one table; see the module's description.

    Parameters
    ----------
    config
        The table: bots by seat (the person's entry is the person's name), game, seed, and
        ``hands``, the most hands the session deals.
    store
        Where every finished hand is stored (default: in memory).
    match_id
        Continue this stored session instead of starting a new one.
    """

    def __init__(self, config: MatchConfig, store: MatchStore | None = None,
                 match_id: int | None = None) -> None:
        if config.person is None:
            raise ValueError("a session needs the person's seat (MatchConfig.person)")
        self.config = config
        self.store = store if store is not None else MatchStore(":memory:")
        if match_id is None:
            match_id = self.store.new_match(config.key())
        self.match_id = match_id
        self.person = config.person
        self.names = config.player_names()
        self.agents: dict[int, Agent] = {
            player: create_bot(config.bots[entry])
            for player, entry in enumerate(config.player_bots) if player != config.person
        }
        self.dealer = Dealer(config.seed, config.game.rules)
        stored = self.store.hand_numbers(match_id)
        self.hands_played = len(stored)
        self.next_hand = max(stored) + 1 if stored else 0
        self.hand: Hand | None = None
        self.hand_number = -1
        self.hand_players: list[int] = []
        self.hand_seats: list[int] = []
        self.button = 0
        self.deal_number = 0
        self.events: list[IllegalEvent] = []
        self._views: list[Observation] = []
        self._result: BotResult | None = None

    @classmethod
    def resume(cls, store: MatchStore, match_id: int) -> Session:
        """The stored session ``match_id``, ready to deal its next hand."""
        found = store.match(match_id)
        if found is None:
            raise ValueError(f"no table {match_id} in {store.path}")
        config = MatchConfig.from_key(found["config"])
        if config.person is None:
            raise ValueError(f"match {match_id} is a match between bots, not a table with a person")
        return cls(config, store, match_id)

    # -- the person's turn ----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True when no hand is in play (none dealt yet, or the last one is over)."""
        return self.hand is None or self.hand.finished

    @property
    def position(self) -> int:
        """The person's position in the current hand."""
        return self.hand_players.index(self.person)

    def legal(self) -> Legal | None:
        """The person's legal actions, or ``None`` when it is not the person's turn."""
        if self.finished or self.hand is None or self.hand.actor != self.position:
            return None
        return self.hand.legal()

    def deal(self) -> None:
        """Deal the next hand and let the bots act until it is the person's turn (or the hand
        is over)."""
        if not self.finished:
            raise ValueError("the hand in play is not over yet")
        if self.next_hand >= self.config.hands:
            raise ValueError(f"this table's {self.config.hands} hands are played")
        h = self.next_hand
        dealt = deal_hand(self.config, self.dealer, h)
        self.hand, self.hand_number = dealt.hand, h
        self.deal_number, self.button = dealt.deal, dealt.button
        self.hand_seats, self.hand_players = dealt.seats, dealt.players
        self.events = []
        names = tuple(self.names[player] for player in dealt.players)
        self._views = [Observation(dealt.hand, pos, dealt.seats[pos], dealt.button, h, player_names=names)
                       for pos in range(dealt.hand.n)]
        for pos, player in enumerate(dealt.players):
            agent = self.agents.get(player)
            if agent is not None:
                if agent.uses_rng:
                    agent.reseed(bot_seed(self.config.seed, h, player))
                agent.begin_hand(self._views[pos])
        self._bots_act()

    def act(self, command: str | Action) -> None:
        """The person's action: a command (``"f"``, ``"c"``, ``"r 40"``, ``"a"``) or an
        :class:`~pokerlab.engine.hand.Action`; ``ValueError`` saying why when it is not allowed.
        The bots then act until it is the person's turn again or the hand is over."""
        legal = self.legal()
        if legal is None:
            raise ValueError("it is not your turn" if not self.finished else
                             "no hand in play: deal the next hand")
        if isinstance(command, str):
            action = parse_command(command, legal, self.hand.hole(self.position) if self.hand else ())
            if action == QUIT:
                raise ValueError("q: to leave, close the table; the finished hands are stored")
        else:
            action = Action(*command)
            reason = legal.check(action)
            if reason is not None:
                raise ValueError(reason)
        assert self.hand is not None and not isinstance(action, str)
        self.hand.apply_checked(action)
        self._bots_act()

    def _bots_act(self) -> None:
        hand = self.hand
        assert hand is not None
        me = self.position
        while hand.queue and hand.queue[0] != me:
            p = hand.queue[0]
            action, reason = bot_answer(self.agents[self.hand_players[p]], self._views[p], hand.legal())
            if reason is not None:
                self.events.append(IllegalEvent(p, hand.street, reason))
            hand.apply_checked(action)
        if hand.finished:
            self._finish()

    def _finish(self) -> None:
        hand = self.hand
        assert hand is not None
        for pos, player in enumerate(self.hand_players):
            self._views[pos]._legal = None
            agent = self.agents.get(player)
            if agent is not None:
                agent.end_hand(self._views[pos])
        h, payoffs, record, _ = record_hand(hand, self.hand_number, self.deal_number, self.button,
                                            self.hand_seats, self.hand_players, self.events,
                                            self.config.seats, self.config, False)
        self.store.add_hands(self.match_id, [(h, payoffs, record)])
        self.hands_played += 1
        self.next_hand = self.hand_number + 1
        self._result = None

    # -- what the person sees -------------------------------------------------------------------

    def result(self) -> BotResult:
        """The person's result over every stored hand of the session (chips and units per hand,
        with the 95% interval)."""
        if self._result is None:
            summary = summarize(self.config, self.store, self.match_id)
            self._result = summary.results[self.config.player_bots[self.person]]
        return self._result

    def view(self) -> dict[str, Any]:
        """The table as the person sees it, as plain data: the other players' cards stay hidden
        until they are shown down; ``won`` per player once the hand is over. At the person's
        turn ``legal`` holds the :class:`~pokerlab.engine.hand.Legal` fields, ``max_discards``,
        the actions' names now (``call_word``: check or call, ``raise_word``: bet or raise,
        ``max_word``: what the largest bet/raise is, all-in or the pot, as ``max_all_in`` says)
        and the terminal's ``menu`` line; ``coach_note`` says why the coach is silent."""
        hand = self.hand
        config = self.config
        game = config.game
        players: list[dict[str, Any]] = []
        data: dict[str, Any] = {
            "match_id": self.match_id, "game": game.to_dict(), "kind": game.kind, "unit": game.unit,
            "variant": game.rules.name, "hole_cards": game.rules.hole_cards,
            "seats": config.seats, "seed": config.seed, "hand": self.hand_number + 1,
            "players": players, "finished": self.finished, "your_turn": False, "legal": None,
            "board": [], "pot": 0, "street": None, "actor": None, "actions": [], "illegal": [],
            "session": self._session(), "coach_note": self.coach_note(),
        }
        if hand is None:
            return data
        position_of = {player: pos for pos, player in enumerate(self.hand_players)}
        for seat in range(config.seats):
            player = seat  # player k sits in seat k at a person's table
            pos = position_of[player]
            shown = player == self.person or (hand.finished and pos in hand.showdown)
            entry = {
                "seat": seat, "name": self.names[player], "you": player == self.person,
                "position": pos, "button": seat == self.button, "stack": hand.stacks[pos],
                "bet": hand.bets[pos], "put_in": hand.put_in[pos] + hand.antes[pos],
                "folded": not hand.live[pos], "to_act": not hand.finished and hand.actor == pos,
                "cards": [format_card(c) for c in hand.hole(pos)] if shown else None,
            }
            if hand.finished:
                entry["won"] = hand.payoffs[pos]
                if pos in hand.showdown:
                    from pokerlab.evaluate import describe

                    entry["shows"] = describe(hand.hole(pos) + hand.board)
            players.append(entry)
        legal = self.legal()
        names = [self.names[player] for player in self.hand_players]
        data.update({
            "board": [format_card(c) for c in hand.board], "pot": hand.pot,
            "street": "over" if hand.finished else game.rules.phase_name(hand.street, hand.drawing),
            "drawing": hand.drawing,
            "actor": None if hand.finished else self.hand_seats[hand.actor],
            "your_turn": legal is not None,
            "legal": None if legal is None else {**legal._asdict(), "max_discards": legal.max_discards,
                                                 "call_word": legal.words[0], "raise_word": legal.words[1],
                                                 "max_word": legal.max_word,
                                                 "menu": describe_legal(legal)},
            "actions": narrate(hand.history, 0, names, self.position, game=game),
            "illegal": [f"{names[e.position]}: {e.reason}" for e in self.events],
        })
        return data

    def bot_reports(self) -> dict[str, list[dict[str, Any]]]:
        """Once the hand is over, per bot name, what the bot shows of its thinking in it
        (:meth:`~pokerlab.agents.base.Agent.hand_report`; bots that show nothing left out);
        empty while the hand runs."""
        if self.hand is None or not self.hand.finished:
            return {}
        return {self.names[player]: report for player, agent in self.agents.items()
                if (report := agent.hand_report())}

    def _session(self) -> dict[str, Any]:
        played = self.hands_played
        out: dict[str, Any] = {"hands": played, "chips_won": 0, "per_hand": None, "ci95": None,
                               "unit": self.config.game.unit, "interval_after": MIN_HANDS_FOR_INTERVAL}
        if played:
            result = self.result()
            out.update(chips_won=result.chips, per_hand=result.per_hand)
            if played >= MIN_HANDS_FOR_INTERVAL and not math.isnan(result.ci95[0]):
                out["ci95"] = list(result.ci95)
        return out

    def coach_note(self) -> str | None:
        """Why the coach has nothing to say now (a variant whose numbers it lacks, or not the
        person's turn), or ``None`` when it speaks."""
        reason = unsupported(self.config.game.rules)
        if reason is None and self.legal() is None:
            reason = "the coach speaks at your turn"
        return reason

    def coach(self) -> dict[str, Any] | None:
        """The coach's numbers for the person's decision (``None`` when :meth:`coach_note`
        says why not): see :func:`pokerlab.arena.coach.coach`."""
        if self.coach_note() is not None:
            return None
        from pokerlab.arena.coach import coach

        view = self._views[self.position]
        view._legal = self.legal()  # this decision's, not the one the view kept from an earlier turn
        return coach(view)

    def phh(self) -> str:
        """Every stored hand of the session as one PHH file of several hands (``.phhs``)."""
        return join_phh([stored_phh(self.config, h, record)
                         for h, record in self.store.records(self.match_id)])

    def close(self) -> None:
        """Let the bots go (the modelling bots keep what they learned); stored hands stay."""
        for agent in self.agents.values():
            agent.end_match()
        self.agents = {}
