"""What each model call cost: one Usage per call, handed to a sink (the admin's AI calls, or
a log line by default). A failing sink is logged and never raised: accounting must never
break a reply."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from delight.ai.config import AIConfig
from delight.ai.types import Usage

logger = logging.getLogger("delight.ai")

UsageSink = Callable[[Usage], None]


def log_usage(usage: Usage) -> None:
    """Default usage sink: one structured log line per call."""
    logger.info(
        "ai call provider=%s model=%s purpose=%s ok=%s attempts=%d tokens=%d+%d "
        "cost_usd=%.6f latency_ms=%.0f error=%s",
        usage.provider,
        usage.model,
        usage.purpose,
        usage.ok,
        usage.attempts,
        usage.prompt_tokens,
        usage.completion_tokens,
        usage.cost_usd,
        usage.latency_ms,
        usage.error,
    )


def usage_report(
    sink: UsageSink,
    config: AIConfig,
    *,
    provider: str,
    model: str,
    purpose: str,
    started: float,
    attempts: int,
    ok: bool,
    error: str = "",
    prompt_tokens: int = 0,
    completion_tokens: int = 0,
) -> Usage:
    """The call's Usage (cost by `config`'s prices, latency since the monotonic `started`),
    handed to `sink`."""
    usage = Usage(
        provider=provider,
        model=model,
        purpose=purpose,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        cost_usd=config.cost_usd(model, prompt_tokens, completion_tokens),
        latency_ms=(time.monotonic() - started) * 1000,
        attempts=attempts,
        ok=ok,
        error=error,
    )
    try:
        sink(usage)
    except Exception:
        logger.exception("usage sink failed")
    return usage
