"""Whether, and for how long, a model call may run: a turn's budget and the circuit breaker.

- Budget: a conversation turn gives all of its model calls one deadline (`model_budget`,
  kept in a context variable; the turn's tool threads inherit it). Inside it, each attempt's
  timeout is what is left of the budget, and at most a third of the whole (ATTEMPT_SHARE),
  a retry starts only if the budget still covers its
  backoff and a useful attempt, and once it is spent calls fail at once without a request,
  so the offline engine answers. Outside a budget (jobs such as planning) calls keep their
  configured timeout and retries.
- Breaker: one per endpoint of an engine (chat completions, embeddings: they fail apart,
  e.g. per-model rate limits or two servers), so per process for the process's default
  engine. After `failures` consecutive failed attempts (timeouts, connection errors, 429,
  5xx, malformed answers) it opens for `cooldown_seconds`: calls fail at once, without a
  request. Then it lets one trial attempt through (half-open); a success closes it, a
  failure opens it again.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from delight.ai.config import AIConfig

logger = logging.getLogger("delight.ai")

Clock = Callable[[], float]

# Less than this left of a budget is not worth a request: even a healthy model rarely
# answers a classification faster.
MIN_ATTEMPT_SECONDS = 0.5
# One attempt inside a budget waits at most this share of it. A healthy model answers a
# classification, or sends the next chunk of a reply, well within it; a hung server's
# attempts then fail early, so the breaker opens for every turn of the process while the
# first turns can still answer within their budget. (Measured, 200 people at once against a
# server that never answers: with one attempt allowed the whole 6 s, the first ~16 turns
# held their connections 6 s while the others queued: replies took up to 10 s.)
ATTEMPT_SHARE = 1 / 3
# An attempt to a server known to be slow may wait this much longer than its slowest answer.
SLOW_MARGIN = 1.25


@dataclass(frozen=True)
class Budget:
    """The deadline of the model calls of one unit of work (a turn)."""

    deadline: float
    clock: Clock = time.monotonic
    attempt_cap: float = float("inf")  # the longest one attempt may wait

    def left(self) -> float:
        return max(0.0, self.deadline - self.clock())

    def attempt_timeout(self, configured: float) -> float:
        """How long the next attempt may wait: its configured timeout, within what is left
        and within its share of the budget."""
        return min(configured, self.left(), self.attempt_cap)

    def covers(self, wait: float) -> bool:
        """Whether waiting `wait` seconds still leaves time for a useful attempt."""
        return self.left() >= wait + MIN_ATTEMPT_SECONDS

    @property
    def spent(self) -> bool:
        return not self.covers(0.0)

    @property
    def expired(self) -> bool:
        return self.left() == 0.0


_budget: ContextVar[Budget | None] = ContextVar("model_budget", default=None)


def current_budget() -> Budget | None:
    """The budget of the unit of work in progress in this context, if any."""
    return _budget.get()


@contextlib.contextmanager
def model_budget(
    seconds: float, *, clock: Clock = time.monotonic, started: float | None = None
) -> Iterator[Budget]:
    """Give the model calls made inside the block `seconds` in all, counted from `started`
    (a `clock` reading: when the person's message arrived) or from now; never more than an
    enclosing budget has left."""
    if seconds <= 0:
        raise ValueError("a model budget must be positive")
    deadline = (clock() if started is None else started) + seconds
    attempt_cap = seconds * ATTEMPT_SHARE
    outer = _budget.get()
    if outer is not None:
        deadline = min(deadline, outer.deadline)
        attempt_cap = min(attempt_cap, outer.attempt_cap)
    budget = Budget(deadline=deadline, clock=clock, attempt_cap=attempt_cap)
    token = _budget.set(budget)
    try:
        yield budget
    finally:
        _budget.reset(token)


class CircuitBreaker:
    """Stops calling a model server that keeps failing; thread-safe."""

    def __init__(
        self, *, failures: int = 3, cooldown_seconds: float = 30.0, clock: Clock = time.monotonic
    ) -> None:
        if failures < 1 or cooldown_seconds <= 0:
            raise ValueError("a breaker needs failures >= 1 and a positive cool-down")
        self.failures = failures
        self.cooldown_seconds = cooldown_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._consecutive = 0
        self._opened_at: float | None = None  # None: closed
        self._trial_at: float | None = None  # when the half-open trial was let through
        self._slowest = 0.0  # the longest an answer of this server has taken, in seconds

    @classmethod
    def from_config(cls, config: AIConfig, *, clock: Clock = time.monotonic) -> CircuitBreaker:
        return cls(
            failures=config.breaker_failures,
            cooldown_seconds=config.breaker_cooldown_seconds,
            clock=clock,
        )

    @property
    def state(self) -> str:
        """ "closed", "open" or "half-open" (a trial attempt is out)."""
        with self._lock:
            if self._opened_at is None:
                return "closed"
            return "open" if self._trial_at is None else "half-open"

    def allow(self) -> bool:
        """Whether an attempt may go to the server now.

        1. Closed: yes.
        2. Open, within the cool-down: no.
        3. Open, cool-down over: yes for one caller, the trial (half-open); no for the others
           until the trial reports, or until another cool-down has passed without a word
           from it (its caller died), when a new trial is let through.
        """
        with self._lock:
            if self._opened_at is None:
                return True
            now = self._clock()
            waiting_since = self._opened_at if self._trial_at is None else self._trial_at
            if now - waiting_since < self.cooldown_seconds:
                return False
            self._trial_at = now
            return True

    def paced(self, share: float, left: float, configured: float) -> float:
        """An attempt's timeout within a budget: its `share`, or, for a server known to be
        slow, as long as its slowest answer took and a quarter more (SLOW_MARGIN), within
        what is `left` and the `configured` timeout: one attempt that can finish beats three
        that cannot."""
        with self._lock:
            learned = self._slowest * SLOW_MARGIN
        return min(max(share, learned), left, configured)

    def takes_longer_than(self, seconds: float) -> bool:
        """Whether this server has answered after more than `seconds`: an attempt cut off
        sooner (by a turn's budget) says it is slow, not that it is down."""
        with self._lock:
            return self._slowest > seconds

    def succeeded(self, seconds: float = 0.0) -> None:
        """Count an answer, which took `seconds`."""
        with self._lock:
            self._slowest = max(self._slowest, seconds)
            if self._opened_at is not None:
                logger.info("model circuit closed: the server answered again")
            self._consecutive = 0
            self._opened_at = None
            self._trial_at = None

    def failed(self) -> None:
        """Count a failed attempt; open after `failures` in a row, or on a failed trial."""
        with self._lock:
            self._consecutive += 1
            trial_failed = self._trial_at is not None
            if trial_failed or (self._opened_at is None and self._consecutive >= self.failures):
                self._opened_at = self._clock()
                self._trial_at = None
                logger.warning(
                    "model circuit open for %.0f s after %d failed attempts in a row",
                    self.cooldown_seconds,
                    self._consecutive,
                )
