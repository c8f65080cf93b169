"""A call to a model server, tried again when that is worth it: the AI layer's errors, what
a failed attempt amounts to, the backoff between attempts and the retry loop, within a
turn's budget and the circuit breaker (guard.py). Chat and embeddings both call through it.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from delight.ai.config import AIConfig
from delight.ai.guard import Budget, CircuitBreaker, current_budget
from delight.lazy import lazy_module

if TYPE_CHECKING:
    import openai
else:
    # The same module delight.ai.chat runs at its first client (delight.lazy): a failure
    # classified here came from that client, so it has run by then.
    openai = lazy_module("openai")

logger = logging.getLogger("delight.ai")

T = TypeVar("T")


class AIError(Exception):
    """Base class of every failure of the AI layer.

    `reason` says what went wrong in a few words, for traces and notes ("timed out",
    "rate limited (429)", "server error (500)", "unreachable", "malformed answer",
    "stream cut", "circuit open", "budget spent", "invalid output" …); `attempts` is the
    number of requests made (0: refused before any request).
    """

    def __init__(
        self,
        message: str,
        *,
        attempts: int = 0,
        status: int | None = None,
        reason: str = "failed",
    ) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.status = status
        self.reason = reason


class AIUnavailableError(AIError):
    """The provider could not be reached or kept failing until the retries ran out."""


class AIRequestError(AIError):
    """The provider refused the request (a 4xx other than 429); retrying would not help."""


class AIResponseError(AIError):
    """The provider answered, but not with something we can use (bad JSON, wrong schema)."""


class MalformedAnswer(Exception):
    """A 200 whose body is no answer (not JSON, no choices): retried like a transport failure."""


def is_retryable(exc: BaseException) -> bool:
    """429, 5xx, timeouts, connection failures and malformed answers are worth another try;
    other 4xx are not."""
    if isinstance(exc, (openai.APIConnectionError, MalformedAnswer)):  # incl. APITimeoutError
        return True
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code == 429 or exc.status_code >= 500
    return False


def failure_reason(exc: BaseException) -> str:
    """What a failed attempt amounts to, in a few words (see AIError.reason)."""
    if isinstance(exc, openai.APITimeoutError):
        return "timed out"
    if isinstance(exc, openai.APIConnectionError):
        return "unreachable"
    if isinstance(exc, MalformedAnswer):
        return "malformed answer"
    if isinstance(exc, openai.APIStatusError):
        if exc.status_code == 429:
            return "rate limited (429)"
        if exc.status_code >= 500:
            return f"server error ({exc.status_code})"
        return f"refused ({exc.status_code})"
    return "failed"


def _retry_after_seconds(exc: BaseException) -> float | None:
    """The server's own hint (`retry-after-ms` or `retry-after` in seconds), if any."""
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if not headers:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return max(0.0, float(value) * scale)
        except ValueError:
            return None  # an HTTP date: ignore it, our own backoff is fine
    return None


def backoff_seconds(
    attempt: int, config: AIConfig, rng: Callable[[], float], hint: float | None = None
) -> float:
    """Wait before retry number `attempt` (1-based).

    1. Exponential: base * 2 ** (attempt - 1), capped at max_backoff_seconds.
    2. "Equal jitter": half fixed, half random, so clients that failed together spread out.
    3. A server Retry-After hint raises the wait (still capped), never lowers it.
    """
    ceiling = min(config.max_backoff_seconds, config.backoff_base_seconds * 2 ** (attempt - 1))
    wait = ceiling / 2 + rng() * ceiling / 2
    if hint is not None:
        wait = max(wait, min(hint, config.max_backoff_seconds))
    return float(wait)


def describe_error(exc: BaseException) -> str:
    status = getattr(exc, "status_code", None)
    prefix = f"{type(exc).__name__}" + (f" {status}" if status else "")
    return f"{prefix}: {exc}"[:300]


def call_with_retries(
    call: Callable[[float], T],
    *,
    config: AIConfig,
    breaker: CircuitBreaker | None = None,
    sleep: Callable[[float], None] = time.sleep,
    rng: Callable[[], float] = random.random,
) -> tuple[T, int]:
    """Run `call(timeout)` until it succeeds; return its result and the number of attempts.

    1. Before each attempt: outside a budget the timeout is `config.timeout_seconds`; inside
       one (a turn), what is left of it (at most its attempt share: Budget.attempt_timeout,
       or as long as a slow server is known to take: CircuitBreaker.paced),
       and with too little left no request is made
       (reason "budget spent"). An open breaker refuses the attempt too (reason "circuit
       open"). A call refused before its first request raises with attempts=0.
    2. Call; on success tell the breaker and return (result, attempts).
    3. A retryable failure (429, 5xx, timeout, connection, malformed answer) counts against
       the breaker, unless it is a timeout a budget set shorter than the configured one
       from a server that has answered after longer (a slow server is not a broken one, and
       a hung one still opens it); wait (exponential backoff with jitter) and go
       again, at most `config.max_retries` more times and only while the budget covers the
       wait and another attempt. Then raise AIUnavailableError (AIResponseError for a
       malformed answer) with the last failure's reason.
    4. Any other provider error (a 4xx) raises AIRequestError at once; the server did answer,
       so the breaker counts it as a success.
    """
    budget = current_budget()
    attempt = 0
    failure: BaseException | None = None
    while True:
        refusal = _refusal(budget, breaker)
        if refusal and failure is not None:  # the breaker opened while this call retried
            raise _gave_up(attempt, failure) from failure
        if refusal:
            raise AIUnavailableError(f"no request sent: {refusal}", reason=refusal)
        attempt += 1
        timeout = config.timeout_seconds
        if budget is not None:
            timeout = budget.attempt_timeout(timeout)
            if breaker is not None:
                timeout = breaker.paced(timeout, budget.left(), config.timeout_seconds)
        started = time.monotonic()
        try:
            result = call(timeout)
        except (openai.OpenAIError, MalformedAnswer) as exc:
            status = getattr(exc, "status_code", None)
            if not is_retryable(exc):
                if breaker is not None:
                    breaker.succeeded()
                raise AIRequestError(
                    describe_error(exc), attempts=attempt, status=status, reason=failure_reason(exc)
                ) from exc
            if breaker is not None and not _only_slow(exc, timeout, config, breaker):
                breaker.failed()
            failure = exc
            wait = backoff_seconds(attempt, config, rng, _retry_after_seconds(exc))
            if attempt > config.max_retries or (budget is not None and not budget.covers(wait)):
                raise _gave_up(attempt, exc) from exc
            logger.warning(
                "ai call failed, %s (%s); retry %d in %.2fs",
                failure_reason(exc),
                describe_error(exc),
                attempt,
                wait,
            )
            sleep(wait)
        else:
            if breaker is not None:
                breaker.succeeded(time.monotonic() - started)
            return result, attempt


def _only_slow(
    exc: BaseException, timeout: float, config: AIConfig, breaker: CircuitBreaker
) -> bool:
    """Whether a failed attempt only says the server is slow: a timeout a budget set shorter
    than the configured one, from a server that has answered after longer than that."""
    cut_short = isinstance(exc, openai.APITimeoutError) and timeout < config.timeout_seconds
    return cut_short and breaker.takes_longer_than(timeout)


def _refusal(budget: Budget | None, breaker: CircuitBreaker | None) -> str:
    """Why the next attempt must not be made ("" when it may)."""
    if budget is not None and budget.spent:
        return "budget spent"
    if breaker is not None and not breaker.allow():
        return "circuit open"
    return ""


def _gave_up(attempts: int, exc: BaseException) -> AIError:
    reason = failure_reason(exc)
    error = AIResponseError if isinstance(exc, MalformedAnswer) else AIUnavailableError
    return error(
        f"gave up after {attempts} attempts: {reason}: {describe_error(exc)}",
        attempts=attempts,
        status=getattr(exc, "status_code", None),
        reason=reason,
    )
