"""Chat completions against any OpenAI-compatible endpoint, with our own retries and usage.

The `openai` client is built with `max_retries=0`: our retry loop (retries.py) chooses the
backoff, counts attempts, keeps within a turn's budget and the circuit breaker (guard.py);
here each call reports one `Usage` whether it succeeded, failed, or was refused unsent.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

import jsonschema

from delight.ai.config import AIConfig
from delight.ai.guard import CircuitBreaker, current_budget
from delight.ai.retries import (
    AIError,
    AIRequestError,
    AIResponseError,
    AIUnavailableError,
    MalformedAnswer,
    call_with_retries,
    describe_error,
)
from delight.ai.types import ChatMessage, Usage
from delight.ai.usage import UsageSink, log_usage, usage_report
from delight.lazy import lazy_module, ready

if TYPE_CHECKING:
    import openai
    from openai.types.chat import ChatCompletionMessageParam
else:
    # Run at the first client built: a process on the offline engine never pays for it.
    openai = lazy_module("openai")

logger = logging.getLogger("delight.ai")

T = TypeVar("T")

PROVIDER = "openai"
# A classification or extraction answer is a few dozen tokens; the cap stops a model that
# runs on (small models repeat themselves until the server's limit without it).
JSON_MAX_TOKENS = 400


class OutOfBudget(Exception):
    """The turn's budget ran out while a stream was still coming."""


@dataclass(frozen=True)
class ChatResult:
    text: str
    usage: Usage


def build_client(config: AIConfig) -> openai.OpenAI:
    """An `openai.OpenAI` client with retries disabled (we retry ourselves)."""
    ready(openai)
    return openai.OpenAI(
        # Local OpenAI-compatible servers often need no key, but the client insists on one.
        api_key=config.openai_api_key or "unused",
        base_url=config.openai_base_url or None,
        timeout=config.timeout_seconds,
        max_retries=0,
    )


def _as_openai_messages(messages: Sequence[ChatMessage]) -> list[ChatCompletionMessageParam]:
    # A ChatMessage's role is one of the SDK's roles (delight.ai.types), as a plain str.
    plain = ({"role": m.role, "content": m.content} for m in messages)
    return [cast("ChatCompletionMessageParam", message) for message in plain]


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
        breaker: CircuitBreaker | None = None,
    ) -> None:
        self.config = config
        self.on_usage: UsageSink = on_usage or log_usage
        self._client = client or build_client(config)
        self._sleep = sleep
        self._rng = rng
        self.breaker = breaker or CircuitBreaker.from_config(config)
        self._json_schema_accepted = True  # until the server refuses it once
        # The model each configured name was served by, as the server's answers say
        # ("gpt-4o-mini-2024-07-18", or a local server's own model under any name).
        self._served: dict[str, str] = {}

    # -- public API -------------------------------------------------------------------------

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        purpose: str = "chat",
        max_tokens: int | None = None,
    ) -> ChatResult:
        """One whole answer. Raises AIUnavailableError, AIRequestError or AIResponseError
        (reason "too long" for an answer cut off at `max_tokens`: it ends mid-sentence)."""
        extra: dict[str, Any] = {}
        if max_tokens is not None:
            extra["max_tokens"] = max_tokens
        answer = self._complete_once(messages, purpose=purpose, extra=extra)
        if answer.cut:
            raise AIResponseError(_TOO_LONG.format(max_tokens), reason="too long")
        return ChatResult(text=answer.text, usage=answer.usage)

    def served(self, purpose: str) -> str:
        """The model that answered for `purpose`, as the server last said; the configured
        name until it has answered."""
        model = self.config.model_for(purpose)
        return self._served.get(model, model)

    def source(self, purpose: str) -> str:
        """Who wrote words used for `purpose`: "model:" and the model that answered."""
        return f"model:{self.served(purpose)}"

    def _heard_from(self, model: str, response: Any) -> str:
        """The model the server says answered (remembered for `served`), else `model`."""
        said = getattr(response, "model", None)
        if isinstance(said, str) and said.strip():
            self._served[model] = said.strip()
            return said.strip()
        return model

    def stream(
        self,
        messages: Sequence[ChatMessage],
        *,
        purpose: str = "chat",
        max_tokens: int | None = None,
    ) -> Iterator[str]:
        """Yield the answer's text chunks in order; usage is recorded when the stream ends.

        Retries cover only opening the stream: once a chunk was yielded, a failure raises
        AIUnavailableError (the caller already showed part of the answer). A stream that
        ends without a finish_reason, breaks, or outlives the turn's budget is such a
        failure (reason "stream cut", or "timed out"): its text is not a whole answer. One
        cut off at `max_tokens` ends mid-sentence: AIResponseError (reason "too long"), which
        counts against no breaker (the server is fine; its model rambled).
        """
        model = self.config.model_for(purpose)
        started = time.monotonic()
        stats = {"attempts": 0, "prompt": 0, "completion": 0}

        def open_stream(timeout: float) -> Any:
            stats["attempts"] += 1
            return self._client.chat.completions.create(
                model=model,
                messages=_as_openai_messages(messages),
                stream=True,
                stream_options={"include_usage": True},
                timeout=timeout,
                max_tokens=openai.omit if max_tokens is None else max_tokens,
            )

        try:
            response, _ = self._retried(open_stream)
        except AIError as exc:
            self._emit(model, purpose, started, stats["attempts"], ok=False, error=str(exc))
            raise

        budget = current_budget()
        served = model
        finished = cut = False
        ok, error = True, ""
        try:
            for chunk in response:
                served = self._heard_from(model, chunk)
                if chunk.usage is not None:
                    stats["prompt"] = chunk.usage.prompt_tokens or 0
                    stats["completion"] = chunk.usage.completion_tokens or 0
                for choice in chunk.choices or ():
                    finished = finished or bool(choice.finish_reason)
                    cut = cut or choice.finish_reason == "length"
                    piece = choice.delta.content if choice.delta else None
                    if piece:
                        yield piece
                if budget is not None and budget.expired and not finished:
                    raise OutOfBudget("the turn's model budget ran out mid-stream")
            if not finished:
                raise MalformedAnswer("the stream ended without a finish_reason")
            if cut:
                ok, error = False, _TOO_LONG.format(max_tokens)
        except GeneratorExit:
            ok, error = True, "stopped by caller"
            raise
        except Exception as exc:  # transport errors surface here as raw httpx errors too
            self.breaker.failed()
            timed_out = isinstance(exc, (openai.APITimeoutError, OutOfBudget))
            reason = "timed out" if timed_out else "stream cut"
            ok, error = False, f"{reason}: {describe_error(exc)}"
            logger.warning("ai stream failed, %s", error)
            raise AIUnavailableError(error, attempts=stats["attempts"], reason=reason) from exc
        finally:
            close = getattr(response, "close", None)
            if close is not None:
                close()
            self._emit(
                served,
                purpose,
                started,
                stats["attempts"],
                ok=ok,
                error=error,
                prompt_tokens=stats["prompt"],
                completion_tokens=stats["completion"],
            )
        if cut:
            raise AIResponseError(error, attempts=stats["attempts"], reason="too long")

    def complete_json(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: dict[str, Any],
        purpose: str = "extraction",
        max_tokens: int = JSON_MAX_TOKENS,
        temperature: float = 0.0,
    ) -> dict[str, Any]:
        """A JSON object that validates against `schema`, or AIResponseError.

        1. Ask for a JSON object with the schema in a system message, bounded: at most
           `max_tokens` tokens, at `temperature` (0 by default: the same message is
           classified the same way). The schema also goes as response_format json_schema
           (strict when the schema allows it), which servers that support it enforce while
           generating; a server that refuses it (400) is asked with json_object from then on.
        2. Parse and validate the answer against the schema.
        3. If invalid, ask again with the same messages and only the validation error, at most
           `config.json_retries` more times. The invalid answer is not sent back: resending it
           made each round's prompt longer and small models repeat what they see. An answer
           cut off at `max_tokens` is not asked again (reason "too long"): at temperature 0
           a small model that rambled in a string rambles again (18 of 28 readings of a
           135M model were cut, and each retry cost ~18 s of a turn's budget).
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
        problem = ""
        for attempt in range(self.config.json_retries + 1):
            asked = conversation
            if attempt:
                asked = [
                    *conversation,
                    ChatMessage(
                        "user",
                        f"Your last answer was invalid: {problem}. Reply again with only a JSON "
                        "object that matches the schema.",
                    ),
                ]
            answer = self._json_answer(
                asked, schema=schema, validator=validator, purpose=purpose,
                bounds={"max_tokens": max_tokens, "temperature": temperature},
            )  # fmt: skip
            data, problem = _parse_and_validate(answer.text, validator)
            if data is not None:
                return data
            if answer.cut:
                raise AIResponseError(
                    f"{_TOO_LONG.format(max_tokens)}: {problem}", reason="too long"
                )
        raise AIResponseError(
            f"no valid JSON after {self.config.json_retries + 1} answers: {problem}",
            reason="invalid output",
        )

    # -- internals --------------------------------------------------------------------------

    def _json_answer(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: dict[str, Any],
        validator: Any,
        purpose: str,
        bounds: dict[str, Any],
    ) -> Answer:
        """One answer, asked with json_schema while this server takes it (step 1)."""
        check = self._json_checker(validator)
        if self._json_schema_accepted:
            extra = {**bounds, "response_format": _schema_format(schema, purpose)}
            try:
                return self._complete_once(messages, purpose=purpose, extra=extra, check=check)
            except AIRequestError as exc:
                if exc.status != 400:
                    raise
                logger.info("the model server refused json_schema (%s); using json_object", exc)
                self._json_schema_accepted = False
        extra = {**bounds, "response_format": {"type": "json_object"}}
        return self._complete_once(messages, purpose=purpose, extra=extra, check=check)

    @staticmethod
    def _json_checker(validator: Any) -> Callable[[str], str]:
        def check(text: str) -> str:
            return _parse_and_validate(text, validator)[1]

        return check

    def _retried(self, call: Callable[[float], T]) -> tuple[T, int]:
        return call_with_retries(
            call, config=self.config, breaker=self.breaker, sleep=self._sleep, rng=self._rng
        )

    def _complete_once(
        self,
        messages: Sequence[ChatMessage],
        *,
        purpose: str,
        extra: dict[str, Any],
        check: Callable[[str], str] | None = None,
    ) -> Answer:
        """One request (with transport retries) and exactly one Usage for it.

        A body that is no completion (not JSON, no choices, no message) is retried like a
        transport failure. `check` returns a problem description for an unusable answer,
        which marks the usage as failed without raising (the caller decides whether to ask
        again).
        """
        model = self.config.model_for(purpose)
        started = time.monotonic()
        attempts = 0

        def send(timeout: float) -> tuple[Any, str]:
            nonlocal attempts
            attempts += 1
            try:
                response = self._client.chat.completions.create(
                    model=model, messages=_as_openai_messages(messages), timeout=timeout, **extra
                )
            except ValueError as exc:  # the body was not JSON (json.JSONDecodeError)
                raise MalformedAnswer(f"the body is not JSON: {exc}") from exc
            return response, _completion_text(response)

        try:
            (response, text), attempts = self._retried(send)
        except AIError as exc:
            self._emit(model, purpose, started, attempts, ok=False, error=str(exc))
            raise
        prompt, completion = _token_counts(response)
        problem = check(text) if check else ""
        usage = self._emit(
            self._heard_from(model, response),
            purpose,
            started,
            attempts,
            ok=not problem,
            error=f"invalid output: {problem}" if problem else "",
            prompt_tokens=prompt,
            completion_tokens=completion,
        )
        return Answer(text, usage, cut=_finish_reason(response) == "length")

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
        return usage_report(
            self.on_usage,
            self.config,
            provider=self.provider,
            model=model,
            purpose=purpose,
            started=started,
            attempts=attempts,
            ok=ok,
            error=error,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
        )


_TOO_LONG = "too long: the answer reached its limit of {} tokens"


class Answer(NamedTuple):
    """One answer's text, its usage, and whether it was cut off at the token limit."""

    text: str
    usage: Usage
    cut: bool


def _finish_reason(response: Any) -> str:
    choices = getattr(response, "choices", None) or [None]
    return str(getattr(choices[0], "finish_reason", "") or "")


def _token_counts(response: Any) -> tuple[int, int]:
    usage = getattr(response, "usage", None)
    if usage is None:
        return 0, 0
    return usage.prompt_tokens or 0, usage.completion_tokens or 0


def _completion_text(response: Any) -> str:
    """The text of a completion's first choice; MalformedAnswer when there is none."""
    choices = getattr(response, "choices", None)
    if not isinstance(choices, list) or not choices:
        raise MalformedAnswer("the answer has no choices")
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None)
    if not isinstance(content, str):
        raise MalformedAnswer("the answer's first choice has no text")
    return content


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


def _schema_format(schema: dict[str, Any], name: str) -> dict[str, Any]:
    """response_format json_schema; strict only for a schema strict mode accepts."""
    return {
        "type": "json_schema",
        "json_schema": {"name": name, "schema": schema, "strict": _strict_compatible(schema)},
    }


def unbounded(schema: Any, path: str = "") -> list[str]:
    """Where `schema` lets an answer grow without end: a string with no maxLength, an array
    with no maxItems. A bounded schema's answer fits its token limit, so a server that turns
    the schema into a grammar can never be cut off inside it."""
    if not isinstance(schema, dict):
        return []
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    found = []
    if "string" in kinds and "maxLength" not in schema and "enum" not in schema:
        found.append(path or "(root)")
    if "array" in kinds and "maxItems" not in schema:
        found.append(path or "(root)")
    for name, child in (schema.get("properties") or {}).items():
        found += unbounded(child, f"{path}/{name}")
    return found + unbounded(schema.get("items"), f"{path}[]")


def _strict_compatible(schema: Any) -> bool:
    """Whether every object in `schema` closes its properties and requires them all, as
    OpenAI's strict mode demands (it refuses other schemas)."""
    if isinstance(schema, list):
        return all(_strict_compatible(item) for item in schema)
    if not isinstance(schema, dict):
        return True
    properties = schema.get("properties")
    if properties is not None and (
        schema.get("additionalProperties") is not False
        or set(schema.get("required", ())) != set(properties)
    ):
        return False
    return all(_strict_compatible(value) for value in schema.values())


def _strip_code_fence(text: str) -> str:
    # Some compatible servers wrap JSON in ```json fences despite response_format.
    stripped = text.strip()
    if stripped.startswith("```") and stripped.endswith("```"):
        stripped = stripped.strip("`")
        if stripped.startswith("json"):
            stripped = stripped[4:]
    return stripped.strip()
