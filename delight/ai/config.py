"""Settings for the AI provider layer, as one immutable value.

Django settings build an `AIConfig` from environment variables; everything in `delight.ai`
receives it explicitly, so tests can pass their own without touching settings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

EMBEDDING_MODES = ("auto", "openai", "minilm", "minilm-torch", "hashing")
# What reading a message is for (each call's purpose, as staff filter AI calls by it): the
# extraction model's work.
EXTRACTION_PURPOSES = frozenset(
    {"extraction", "classification", "reading", "safety", "emotion", "intent", "facts"}
)

# USD per 1M tokens: (input, output). Public list prices; override via settings when they move.
DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5": (1.25, 10.00),
    "text-embedding-3-small": (0.02, 0.0),
    "text-embedding-3-large": (0.13, 0.0),
}


@dataclass(frozen=True)
class AIConfig:
    """Everything the AI layer needs to know; `openai_api_key == ""` means offline mode."""

    openai_api_key: str = ""
    openai_base_url: str = ""  # "" = the client's default endpoint
    chat_model: str = "gpt-4o-mini"
    extraction_model: str = "gpt-4o-mini"
    narrative_model: str = "gpt-4o-mini"
    embedding_model: str = "text-embedding-3-small"
    embeddings: str = "auto"  # one of EMBEDDING_MODES
    timeout_seconds: float = 30.0
    max_retries: int = 3  # retries after the first attempt
    backoff_base_seconds: float = 0.5
    max_backoff_seconds: float = 8.0  # cap for one wait, including a server's Retry-After
    json_retries: int = 2  # extra attempts when a structured answer is invalid
    breaker_failures: int = 3  # failed attempts in a row that open the circuit breaker
    breaker_cooldown_seconds: float = 30.0  # how long it stays open before a trial call
    prices: dict[str, tuple[float, float]] = field(default_factory=lambda: dict(DEFAULT_PRICES))

    def __post_init__(self) -> None:
        if self.embeddings not in EMBEDDING_MODES:
            raise ValueError(
                f"embeddings must be one of {EMBEDDING_MODES}, not {self.embeddings!r}"
            )
        if self.max_retries < 0 or self.json_retries < 0:
            raise ValueError("retry counts cannot be negative")
        if self.timeout_seconds <= 0:
            raise ValueError("timeout_seconds must be positive")
        if self.breaker_failures < 1 or self.breaker_cooldown_seconds <= 0:
            raise ValueError("breaker_failures must be at least 1 and its cool-down positive")

    @property
    def online(self) -> bool:
        return bool(self.openai_api_key)

    def model_for(self, purpose: str) -> str:
        """The chat model for a purpose: reading a message (EXTRACTION_PURPOSES) is the
        extraction model's, a story passage the narrative model's, anything else the chat
        model's."""
        if purpose in EXTRACTION_PURPOSES:
            return self.extraction_model
        return self.narrative_model if purpose == "narrative" else self.chat_model

    def cost_usd(self, model: str, prompt_tokens: int, completion_tokens: int) -> float:
        """Cost of one call; dated snapshots ("gpt-4o-mini-2024-07-18") use their base price."""
        price = self.prices.get(model)
        if price is None:
            # Longest matching prefix, so "gpt-4o-mini-…" is not priced as "gpt-4o".
            matches = [name for name in self.prices if model.startswith(name)]
            if not matches:
                return 0.0
            price = self.prices[max(matches, key=len)]
        usd_in, usd_out = price
        return (prompt_tokens * usd_in + completion_tokens * usd_out) / 1_000_000
