"""Chat completions against any OpenAI-compatible endpoint, with our own retries and usage.

The `openai` client is built with `max_retries=0`: retrying here lets us choose the backoff,
count attempts, and report one `Usage` per call whether it succeeded or failed.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import jsonschema
import openai

from delight.ai.config import AIConfig
from delight.ai.types import ChatMessage, Usage

logger = logging.getLogger("delight.ai")

T = TypeVar("T")
UsageSink = Callable[[Usage], None]

PROVIDER = "openai"


class AIError(Exception):
    """Base class of every failure of the AI layer."""

    def __init__(self, message: str, *, attempts: int = 0, status: int | None = None) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.status = status


class AIUnavailableError(AIError):
    """The provider could not be reached or kept failing until the retries ran out."""


class AIRequestError(AIError):
    """The provider refused the request (a 4xx other than 429); retrying would not help."""


class AIResponseError(AIError):
    """The provider answered, but not with something we can use (bad JSON, wrong schema)."""


@dataclass(frozen=True)
class ChatResult:
    text: str
    usage: Usage


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


def build_client(config: AIConfig) -> openai.OpenAI:
    """An `openai.OpenAI` client with retries disabled (we retry ourselves)."""
    return openai.OpenAI(
        # Local OpenAI-compatible servers often need no key, but the client insists on one.
        api_key=config.openai_api_key or "unused",
        base_url=config.openai_base_url or None,
        timeout=config.timeout_seconds,
        max_retries=0,
    )


def is_retryable(exc: BaseException) -> bool:
    """429, 5xx, timeouts and connection failures are worth another try; other 4xx are not."""
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code == 429 or exc.status_code >= 500
    return False


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
    return wait


def describe_error(exc: BaseException) -> str:
    status = getattr(exc, "status_code", None)
    prefix = f"{type(exc).__name__}" + (f" {status}" if status else "")
    return f"{prefix}: {exc}"[:300]


def call_with_retries(
    call: Callable[[], T],
    *,
    config: AIConfig,
    sleep: Callable[[float], None] = time.sleep,
    rng: Callable[[], float] = random.random,
) -> tuple[T, int]:
    """Run `call` until it succeeds; return its result and the number of attempts.

    1. Call; on success return (result, attempts).
    2. On a retryable error, wait (exponential backoff with jitter) and go again, at most
       `config.max_retries` more times; then raise AIUnavailableError.
    3. On any other provider error raise AIRequestError at once.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            return call(), attempt
        except openai.OpenAIError as exc:
            status = getattr(exc, "status_code", None)
            if not is_retryable(exc):
                raise AIRequestError(describe_error(exc), attempts=attempt, status=status) from exc
            if attempt > config.max_retries:
                raise AIUnavailableError(
                    f"gave up after {attempt} attempts: {describe_error(exc)}",
                    attempts=attempt,
                    status=status,
                ) from exc
            wait = backoff_seconds(attempt, config, rng, _retry_after_seconds(exc))
            logger.warning(
                "ai call failed (%s); retry %d in %.2fs", describe_error(exc), attempt, wait
            )
            sleep(wait)


def _as_openai_messages(messages: Sequence[ChatMessage]) -> list[dict[str, str]]:
    return [{"role": m.role, "content": m.content} for m in messages]


class OpenAIChat:
    """Chat, streaming and structured JSON answers from an OpenAI-compatible endpoint."""

    provider = PROVIDER

    def __init__(
        self,
        config: AIConfig,
        *,
        on_usage: UsageSink | None = None,
        client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: Callable[[], float] = random.random,
    ) -> None:
        self.config = config
        self.on_usage: UsageSink = on_usage or log_usage
        self._client = client or build_client(config)
        self._sleep = sleep
        self._rng = rng

    # -- public API -------------------------------------------------------------------------

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        purpose: str = "chat",
        max_tokens: int | None = None,
    ) -> ChatResult:
        """One whole answer. Raises AIUnavailableError, AIRequestError or AIResponseError."""
        extra: dict[str, Any] = {}
        if max_tokens is not None:
            extra["max_tokens"] = max_tokens
        text, usage = self._complete_once(messages, purpose=purpose, extra=extra)
        return ChatResult(text=text, usage=usage)

    def stream(self, messages: Sequence[ChatMessage], *, purpose: str = "chat") -> Iterator[str]:
        """Yield the answer's text chunks in order; usage is recorded when the stream ends.

        Retries cover only opening the stream: once a chunk was yielded, a failure raises
        AIUnavailableError (the caller already showed part of the answer).
        """
        model = self.config.model_for(purpose)
        started = time.monotonic()
        stats = {"attempts": 0, "prompt": 0, "completion": 0}

        def open_stream() -> Any:
            stats["attempts"] += 1
            return self._client.chat.completions.create(
                model=model,
                messages=_as_openai_messages(messages),
                stream=True,
                stream_options={"include_usage": True},
            )

        try:
            response, _ = call_with_retries(
                open_stream, config=self.config, sleep=self._sleep, rng=self._rng
            )
        except AIError as exc:
            self._emit(model, purpose, started, stats["attempts"], ok=False, error=str(exc))
            raise

        ok, error = True, ""
        try:
            for chunk in response:
                if chunk.usage is not None:
                    stats["prompt"] = chunk.usage.prompt_tokens or 0
                    stats["completion"] = chunk.usage.completion_tokens or 0
                for choice in chunk.choices or ():
                    piece = choice.delta.content if choice.delta else None
                    if piece:
                        yield piece
        except GeneratorExit:
            ok, error = True, "stopped by caller"
            raise
        except Exception as exc:  # transport errors surface here as raw httpx errors too
            ok, error = False, f"stream interrupted: {describe_error(exc)}"
            raise AIUnavailableError(error, attempts=stats["attempts"]) from exc
        finally:
            close = getattr(response, "close", None)
            if close is not None:
                close()
            self._emit(
                model,
                purpose,
                started,
                stats["attempts"],
                ok=ok,
                error=error,
                prompt_tokens=stats["prompt"],
                completion_tokens=stats["completion"],
            )

    def complete_json(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: dict[str, Any],
        purpose: str = "extraction",
        max_tokens: int | None = None,
    ) -> dict[str, Any]:
        """A JSON object that validates against `schema`, or AIResponseError.

        1. Ask for a JSON object (response_format json_object), with the schema in a system
           message.
        2. Parse and validate the answer against the schema.
        3. If invalid, show the model its answer and the validation error, and ask again, at
           most `config.json_retries` more times.
        4. Then raise AIResponseError: half-valid data is never returned.
        """
        validator_cls = jsonschema.validators.validator_for(schema)
        validator_cls.check_schema(schema)
        validator = validator_cls(schema)
        conversation = [
            ChatMessage(
                "system",
                "Answer with one JSON object only, no prose, matching this JSON schema:\n"
                + json.dumps(schema, separators=(",", ":")),
            ),
            *messages,
        ]
        extra: dict[str, Any] = {"response_format": {"type": "json_object"}}
        if max_tokens is not None:
            extra["max_tokens"] = max_tokens
        problem = ""
        for _ in range(self.config.json_retries + 1):
            text, _usage = self._complete_once(
                conversation, purpose=purpose, extra=extra, check=self._json_checker(validator)
            )
            data, problem = _parse_and_validate(text, validator)
            if data is not None:
                return data
            conversation = [
                *conversation,
                ChatMessage("assistant", text),
                ChatMessage(
                    "user",
                    f"That answer was invalid: {problem}. Reply again with only a JSON object "
                    "that matches the schema.",
                ),
            ]
        raise AIResponseError(
            f"no valid JSON after {self.config.json_retries + 1} answers: {problem}"
        )

    # -- internals --------------------------------------------------------------------------

    @staticmethod
    def _json_checker(validator: Any) -> Callable[[str], str]:
        def check(text: str) -> str:
            return _parse_and_validate(text, validator)[1]

        return check

    def _complete_once(
        self,
        messages: Sequence[ChatMessage],
        *,
        purpose: str,
        extra: dict[str, Any],
        check: Callable[[str], str] | None = None,
    ) -> tuple[str, Usage]:
        """One request (with transport retries) and exactly one Usage for it.

        `check` returns a problem description for an unusable answer, which marks the
        usage as failed without raising (the caller decides whether to ask again).
        """
        model = self.config.model_for(purpose)
        started = time.monotonic()
        attempts = 0

        def send() -> Any:
            nonlocal attempts
            attempts += 1
            return self._client.chat.completions.create(
                model=model, messages=_as_openai_messages(messages), **extra
            )

        try:
            response, attempts = call_with_retries(
                send, config=self.config, sleep=self._sleep, rng=self._rng
            )
        except AIError as exc:
            self._emit(model, purpose, started, attempts, ok=False, error=str(exc))
            raise
        prompt, completion = _token_counts(response)
        text = _first_text(response)
        problem = "empty answer" if text is None else (check(text) if check else "")
        usage = self._emit(
            model,
            purpose,
            started,
            attempts,
            ok=not problem,
            error=f"invalid output: {problem}" if problem else "",
            prompt_tokens=prompt,
            completion_tokens=completion,
        )
        if text is None:
            raise AIResponseError("the model returned no text", attempts=attempts)
        return text, usage

    def _emit(
        self,
        model: str,
        purpose: str,
        started: float,
        attempts: int,
        *,
        ok: bool,
        error: str = "",
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
    ) -> Usage:
        usage = Usage(
            provider=self.provider,
            model=model,
            purpose=purpose,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            cost_usd=self.config.cost_usd(model, prompt_tokens, completion_tokens),
            latency_ms=(time.monotonic() - started) * 1000,
            attempts=max(attempts, 1),
            ok=ok,
            error=error,
        )
        try:
            self.on_usage(usage)
        except Exception:  # accounting must never break a reply
            logger.exception("usage sink failed")
        return usage


def _token_counts(response: Any) -> tuple[int, int]:
    usage = getattr(response, "usage", None)
    if usage is None:
        return 0, 0
    return usage.prompt_tokens or 0, usage.completion_tokens or 0


def _first_text(response: Any) -> str | None:
    choices = getattr(response, "choices", None) or []
    if not choices or choices[0].message is None:
        return None
    return choices[0].message.content


def _parse_and_validate(text: str, validator: Any) -> tuple[dict[str, Any] | None, str]:
    """(data, "") when `text` is a JSON object valid for the schema, else (None, problem)."""
    try:
        data = json.loads(_strip_code_fence(text))
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON ({exc.msg} at position {exc.pos})"
    if not isinstance(data, dict):
        return None, f"expected a JSON object, got {type(data).__name__}"
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or "(root)"
        return None, f"schema violation at {where}: {error.message}"
    return data, ""


def _strip_code_fence(text: str) -> str:
    # Some compatible servers wrap JSON in ```json fences despite response_format.
    stripped = text.strip()
    if stripped.startswith("```") and stripped.endswith("```"):
        stripped = stripped.strip("`")
        if stripped.startswith("json"):
            stripped = stripped[4:]
    return stripped.strip()
