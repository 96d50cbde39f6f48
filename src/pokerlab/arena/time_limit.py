"""A time limit on every call a table makes into a bot, as the ACPC dealer limits each answer.

A table's work (a hand, a batch of hands) is written as *steps*: a generator that yields each
call into a bot (:class:`BotCall`: ``begin_hand``, ``act``, ``end_hand``) and receives its
:class:`Reply`. :func:`run_steps` without a clock makes the calls directly, in the calling
thread. With a :class:`BotClock` the steps run on a table thread of their own while the
calling thread watches the clock: a call that has not returned ``seconds`` after it started is
a **timeout**. The watcher then leaves that thread to the bot and goes on with the same steps
on a new table thread, telling them the call was not answered (at a turn the table plays check
when checking is free, otherwise fold, as for any illegal answer); the late answer, when it
comes, is discarded. A bot whose late call still runs is *busy*: it is not called again until
that call returns (two calls at once would share its state), so its calls meanwhile are
timeouts without a wait. A bot that never answers thus costs the match one wait of
``seconds``, and the match goes on.

The clock costs a lock and two clock readings per call (about 1.5 microseconds more than a
direct call) and one thread per run of steps (a batch of hands): measured on a loaded 2-core
machine, ``random`` against ``calling-station`` (about 0.25 ms a hand) played 10-15% fewer
hands a second; bots that think for longer than that lose nothing to speak of.

Limits, because Python cannot stop a thread:

- the late call keeps running on its thread (a CPU-bound bot keeps a core busy; a bot that
  sleeps costs nothing) until it returns; the threads are daemons, so the process can still
  end while one runs;
- the watcher can only act when it gets the interpreter lock: a pure-Python bot, or one that
  sleeps, waits on I/O or runs ``nogil`` numba kernels, is cut off within a quarter of the
  limit after it, but a call that holds the lock (numba kernels without ``nogil``, most C
  extensions) stalls the match until it returns; its answer is then late and is discarded
  all the same;
- a bot cut off inside a ``parallel`` numba kernel still runs it while the match goes on;
  numba's default ``workqueue`` threading layer aborts the process if another thread starts a
  parallel kernel meanwhile (install ``tbb`` for a threading layer that allows it).

Examples
--------
>>> import time
>>> def steps(bot):
...     first = yield BotCall(bot, lambda: "quick", ())
...     second = yield BotCall(bot, time.sleep, (0.3,))     # too slow for the limit
...     third = yield BotCall(bot, lambda: "asked", ())     # still sleeping: not asked
...     return first.value, second.answered, third.answered, third.note
>>> clock = BotClock(0.05)
>>> bot = object()
>>> run_steps(steps(bot), clock)
('quick', False, False, 'not asked: still running a call that missed the 0.05 s time limit')
>>> run_steps(steps(bot), None)[:3]     # no clock: every call is made and waited for
('quick', True, True)
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable, Generator
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")

DEFAULT_SECONDS = 60.0
"""The default limit on one call into a bot, in seconds: generous, because a bot's first
decision in a new process may load tables and numba kernels (or compile them, on a first run:
tens of seconds); the limit is there to keep a bot that never answers from hanging a match."""


class BotCall(NamedTuple):
    """A call into a bot: ``fn(*args)``, ``fn`` being one of ``bot``'s methods."""

    bot: object
    fn: Callable[..., Any]
    args: tuple[Any, ...]


class Reply(NamedTuple):
    """What became of a :class:`BotCall`: ``answered`` (in time) with its ``value``, or the
    exception it raised (``error``, with its ``trace``); or not answered, and why (``note``)."""

    answered: bool
    value: Any = None
    error: Exception | None = None
    trace: str | None = None
    note: str | None = None


Steps = Generator[BotCall, Reply, T]


def call_now(call: BotCall) -> Reply:
    """Make ``call`` in this thread, without a limit (an ``Exception`` is caught and returned;
    ``KeyboardInterrupt`` and other ``BaseException`` go through)."""
    try:
        return Reply(True, call.fn(*call.args))
    except Exception as exc:
        return Reply(True, None, exc, traceback.format_exc())


def _drive(steps: Steps[T], perform: Callable[[BotCall], Reply], first: Reply | None) -> T:
    """Run ``steps`` to their end, making each call with ``perform``; ``first``: the reply to
    the call the steps wait on (``None``: start them)."""
    try:
        request = next(steps) if first is None else steps.send(first)
        while True:
            request = steps.send(perform(request))
    except StopIteration as stop:
        return stop.value


def run_steps(steps: Steps[T], clock: BotClock | None) -> T:
    """Run ``steps`` and return their value: with ``clock``'s limit on each call, or (``None``)
    calling the bots directly."""
    if clock is None:
        return _drive(steps, call_now, None)
    return _Run(clock, steps).result()


class _Abandoned(Exception):
    """Ends a table thread the watcher has left behind (or a stopped run's)."""


class _Call:
    """A call in progress: its bot, when it started, whether it returned, whether it was left."""

    __slots__ = ("abandoned", "bot", "returned", "start")

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.start = time.monotonic()
        self.returned = False
        self.abandoned = False


class BotClock:
    """A time limit of ``seconds`` on each call into a bot (positive), and the bots still busy
    with a call that missed it (kept from one run of steps to the next: a table's bots keep
    their clock for the whole match)."""

    def __init__(self, seconds: float) -> None:
        if not seconds > 0:
            raise ValueError(f"a time limit must be positive, not {seconds}")
        self.seconds = float(seconds)
        self._lock = threading.Lock()
        self._late: dict[int, _Call] = {}  # by id(bot): calls left running

    def busy(self, bot: object) -> bool:
        """Whether ``bot`` still runs a call that missed the limit."""
        with self._lock:
            return id(bot) in self._late


class _Run:
    """One run of steps under a clock: the watcher (the calling thread) and its table threads."""

    def __init__(self, clock: BotClock, steps: Steps[Any]) -> None:
        self.clock = clock
        self.steps = steps
        self.current: _Call | None = None
        self.stopped = False
        self.done = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None

    def result(self) -> Any:
        self._start(None)
        try:
            while not self.done.wait(self._until_check()):
                self._check()
        except BaseException:  # Ctrl-C: the table thread stops at its next call
            with self.clock._lock:
                self.stopped = True
            raise
        if self.error is not None:
            raise self.error
        return self.value

    def _start(self, first: Reply | None) -> None:
        threading.Thread(target=self._table, args=(first,), name="pokerlab-table", daemon=True).start()

    def _table(self, first: Reply | None) -> None:
        try:
            self.value = _drive(self.steps, self._perform, first)
        except _Abandoned:
            return
        except BaseException as exc:  # handed to the watcher, which raises it
            self.error = exc
        self.done.set()

    def _until_check(self) -> float:
        """Seconds to the current call's deadline, at most a quarter of the limit."""
        limit = self.clock.seconds
        with self.clock._lock:
            current = self.current
        if current is None:
            return limit / 4
        return min(limit / 4, max(current.start + limit - time.monotonic(), 0.001))

    def _check(self) -> None:
        clock = self.clock
        with clock._lock:
            current = self.current
            if current is None or current.returned or time.monotonic() - current.start <= clock.seconds:
                return
            current.abandoned = True
            clock._late[id(current.bot)] = current
            self.current = None
        self._start(Reply(False, note=f"no answer within {clock.seconds:g} s"))

    def _perform(self, request: BotCall) -> Reply:
        clock = self.clock
        key = id(request.bot)
        # No lock before the call: the watcher only ever leaves a call that has started (it
        # reads current, set in one step), and a bot enters _late only through the watcher.
        if self.stopped:
            raise _Abandoned
        if key in clock._late:
            return Reply(False, note=f"not asked: still running a call that missed the "
                                     f"{clock.seconds:g} s time limit")
        call = self.current = _Call(request.bot)
        try:
            reply = call_now(request)
        finally:
            with clock._lock:
                call.returned = True
                if call.abandoned:  # the table went on without this answer (or exception)
                    clock._late.pop(key, None)  # the bot is free again
                    raise _Abandoned
                self.current = None
        took = time.monotonic() - call.start
        if took > clock.seconds:  # it held the interpreter lock past its deadline
            return Reply(False, note=f"no answer within {clock.seconds:g} s (it took {took:.3g} s)")
        return reply


def clock_for(seconds: float | None) -> BotClock | None:
    """A :class:`BotClock` for a limit of ``seconds``, or ``None`` (no limit: bots are called
    directly) for ``None`` or 0.

    >>> clock_for(0) is None, clock_for(2.5).seconds
    (True, 2.5)
    """
    if seconds is None or seconds == 0:
        return None
    if seconds < 0:
        raise ValueError(f"--time-limit must be 0 (no limit) or a number of seconds, not {seconds:g}")
    return BotClock(seconds)
