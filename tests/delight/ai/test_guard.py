"""The turn's model budget and the circuit breaker, on a clock the tests move by hand."""

from __future__ import annotations

import threading

import pytest

from delight.ai.config import AIConfig
from delight.ai.guard import CircuitBreaker, current_budget, model_budget


class Clock:
    """A monotonic clock that only moves when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


# -- budget ---------------------------------------------------------------------------------


def test_outside_a_turn_there_is_no_budget() -> None:
    assert current_budget() is None


def test_a_budget_counts_down_and_ends_with_its_block(clock: Clock) -> None:
    with model_budget(6.0, clock=clock) as budget:
        assert current_budget() is budget
        clock.advance(2.5)
        assert budget.left() == pytest.approx(3.5)
        clock.advance(10)
        assert budget.left() == 0.0
        assert budget.spent
    assert current_budget() is None


def test_a_budget_inside_a_budget_never_outlasts_the_outer_one(clock: Clock) -> None:
    with model_budget(2.0, clock=clock):
        with model_budget(10.0, clock=clock) as inner:
            assert inner.left() == pytest.approx(2.0)
        with model_budget(1.0, clock=clock) as shorter:
            assert shorter.left() == pytest.approx(1.0)


def test_one_attempt_may_wait_at_most_a_third_of_the_budget(clock: Clock) -> None:
    with model_budget(6.0, clock=clock) as budget:
        assert budget.attempt_timeout(30.0) == pytest.approx(2.0)
        assert budget.attempt_timeout(1.0) == pytest.approx(1.0)  # its own timeout is shorter
        clock.advance(5.0)
        assert budget.attempt_timeout(30.0) == pytest.approx(1.0)  # only 1 s is left
        with model_budget(30.0, clock=clock) as inner:
            assert inner.attempt_timeout(30.0) == pytest.approx(1.0)


def test_a_budget_can_count_from_an_earlier_start(clock: Clock) -> None:
    with model_budget(6.0, clock=clock, started=clock() - 4.5) as budget:
        assert budget.left() == pytest.approx(1.5)
        assert budget.attempt_timeout(30.0) == pytest.approx(1.5)


def test_a_budget_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"), model_budget(0):
        pass


# -- breaker --------------------------------------------------------------------------------


def test_the_breaker_opens_after_n_consecutive_failures(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=3, cooldown_seconds=30, clock=clock)

    for _ in range(2):
        assert breaker.allow()
        breaker.failed()
    assert breaker.state == "closed"
    assert breaker.allow()
    breaker.failed()

    assert breaker.state == "open"
    assert not breaker.allow()


def test_a_success_resets_the_count_of_consecutive_failures(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=2, cooldown_seconds=30, clock=clock)

    breaker.failed()
    breaker.succeeded()
    breaker.failed()

    assert breaker.state == "closed"


def test_after_the_cool_down_one_trial_call_is_let_through(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=1, cooldown_seconds=30, clock=clock)
    breaker.failed()
    clock.advance(29.9)
    assert not breaker.allow()

    clock.advance(0.2)

    assert breaker.allow()  # the trial
    assert breaker.state == "half-open"
    assert not breaker.allow()  # everyone else waits for its outcome


def test_a_successful_trial_closes_the_breaker(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=1, cooldown_seconds=30, clock=clock)
    breaker.failed()
    clock.advance(31)
    assert breaker.allow()

    breaker.succeeded()

    assert breaker.state == "closed"
    assert breaker.allow()
    assert breaker.allow()


def test_a_failed_trial_opens_the_breaker_for_another_cool_down(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=3, cooldown_seconds=30, clock=clock)
    for _ in range(3):
        breaker.failed()
    clock.advance(31)
    assert breaker.allow()

    breaker.failed()  # one failed trial is enough, whatever the threshold

    assert breaker.state == "open"
    clock.advance(29)
    assert not breaker.allow()
    clock.advance(2)
    assert breaker.allow()


def test_a_trial_that_never_reports_back_is_replaced_after_a_cool_down(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=1, cooldown_seconds=30, clock=clock)
    breaker.failed()
    clock.advance(31)
    assert breaker.allow()  # this trial's caller dies without a word

    clock.advance(31)

    assert breaker.allow()


def test_the_breaker_counts_failures_from_many_threads_exactly(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=400, cooldown_seconds=30, clock=clock)
    start = threading.Barrier(8)

    def fail_50_times() -> None:
        start.wait()
        for _ in range(50):
            breaker.failed()

    threads = [threading.Thread(target=fail_50_times) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert breaker.state == "open"  # 8 x 50 = 400 failures, none lost


def test_only_one_of_many_threads_gets_the_trial(clock: Clock) -> None:
    breaker = CircuitBreaker(failures=1, cooldown_seconds=30, clock=clock)
    breaker.failed()
    clock.advance(31)
    start = threading.Barrier(8)
    allowed: list[bool] = []

    def ask() -> None:
        start.wait()
        allowed.append(breaker.allow())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(allowed) == [False] * 7 + [True]


def test_the_breaker_takes_its_thresholds_from_the_config() -> None:
    config = AIConfig(breaker_failures=7, breaker_cooldown_seconds=12.5)

    breaker = CircuitBreaker.from_config(config)

    assert (breaker.failures, breaker.cooldown_seconds) == (7, 12.5)


@pytest.mark.parametrize(
    ("failures", "cooldown"), [(0, 30.0), (5, 0.0), (5, -1.0)], ids=["no-failures", "zero", "neg"]
)
def test_breaker_thresholds_must_be_positive(failures: int, cooldown: float) -> None:
    with pytest.raises(ValueError, match="breaker"):
        AIConfig(breaker_failures=failures, breaker_cooldown_seconds=cooldown)
