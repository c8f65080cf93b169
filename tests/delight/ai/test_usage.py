"""One Usage per model call, priced by the config and handed to the sink."""

from __future__ import annotations

import time

import pytest

from delight.ai.config import AIConfig
from delight.ai.types import Usage
from delight.ai.usage import usage_report


def test_a_call_is_priced_timed_and_handed_to_the_sink() -> None:
    seen: list[Usage] = []
    config = AIConfig(prices={"m": (1.0, 2.0)})

    usage = usage_report(
        seen.append, config, provider="openai", model="m", purpose="chat",
        started=time.monotonic() - 0.5, attempts=2, ok=True,
        prompt_tokens=1_000_000, completion_tokens=500_000,
    )  # fmt: skip

    assert seen == [usage]
    assert usage.cost_usd == pytest.approx(1.0 + 1.0)
    assert usage.latency_ms >= 500
    assert (usage.attempts, usage.ok) == (2, True)


def test_a_failing_sink_is_logged_and_never_raised(caplog: pytest.LogCaptureFixture) -> None:
    def broken(usage: Usage) -> None:
        raise RuntimeError("metrics are down")

    usage = usage_report(
        broken, AIConfig(), provider="openai", model="m", purpose="embedding",
        started=time.monotonic(), attempts=1, ok=False, error="timed out",
    )  # fmt: skip

    assert usage.error == "timed out"
    assert "usage sink failed" in caplog.text
