"""OpenAIChat against a real HTTP server speaking the OpenAI protocol."""

from __future__ import annotations

import dataclasses
import json
import time

import pytest

from delight.ai.chat import JSON_MAX_TOKENS, OpenAIChat
from delight.ai.config import AIConfig
from delight.ai.guard import CircuitBreaker, model_budget
from delight.ai.retries import (
    AIError,
    AIRequestError,
    AIResponseError,
    AIUnavailableError,
    backoff_seconds,
)
from delight.ai.types import ChatMessage, Usage
from tests.support.openai_server import CHAT, OpenAIServer, Planned, chat_body

HELLO = [ChatMessage("user", "Hello")]
SCHEMA = {
    "type": "object",
    "properties": {"intent": {"enum": ["question", "other"]}, "confidence": {"type": "number"}},
    "required": ["intent", "confidence"],
}


@pytest.fixture
def usages() -> list[Usage]:
    return []


@pytest.fixture
def chat(ai_config: AIConfig, usages: list[Usage]) -> OpenAIChat:
    return OpenAIChat(ai_config, on_usage=usages.append)


def test_completion_returns_text_and_records_usage_with_cost(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_chat("Hi there!", prompt_tokens=1000, completion_tokens=500)

    result = chat.complete(HELLO)

    assert result.text == "Hi there!"
    (usage,) = usages
    assert usage == result.usage
    assert (usage.provider, usage.model, usage.purpose) == ("openai", "gpt-4o-mini", "chat")
    assert (usage.prompt_tokens, usage.completion_tokens) == (1000, 500)
    assert usage.cost_usd == pytest.approx((1000 * 0.15 + 500 * 0.60) / 1_000_000)
    assert usage.ok
    assert usage.attempts == 1
    assert usage.latency_ms > 0
    sent = openai_server.requests_to(CHAT)[0].body
    assert sent["messages"] == [{"role": "user", "content": "Hello"}]


def test_purpose_selects_the_model_from_config(
    chat: OpenAIChat, openai_server: OpenAIServer
) -> None:
    chat.complete(HELLO, purpose="narrative", max_tokens=50)

    sent = openai_server.requests_to(CHAT)[0].body
    assert sent["model"] == "gpt-4o"
    assert sent["max_tokens"] == 50


def test_the_model_a_server_says_it_served_is_the_one_recorded_and_named(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    assert chat.source("chat") == "model:gpt-4o-mini"  # nothing answered yet
    openai_server.plan_chat("Hi", model="qwen2.5-coder-1.5b-instruct-q4_k_m")
    openai_server.plan_stream(["Hi"], model="qwen2.5-coder-1.5b-instruct-q4_k_m")

    chat.complete(HELLO)
    list(chat.stream(HELLO))

    assert [usage.model for usage in usages] == ["qwen2.5-coder-1.5b-instruct-q4_k_m"] * 2
    assert usages[0].cost_usd == 0  # no price known for it: none is made up
    assert chat.source("chat") == "model:qwen2.5-coder-1.5b-instruct-q4_k_m"
    assert chat.source("narrative") == "model:gpt-4o"  # another name, not answered yet


def test_streaming_yields_chunks_in_order_and_records_usage_at_the_end(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    pieces = ["Let", "'s", " take", " one", " small", " step", "."]
    openai_server.plan_stream(pieces, prompt_tokens=42, completion_tokens=7, chunk_delay=0.01)

    received = list(chat.stream(HELLO))

    assert received == pieces
    sent = openai_server.requests_to(CHAT)[0].body
    assert sent["stream"] is True
    assert sent["stream_options"] == {"include_usage": True}
    (usage,) = usages
    assert (usage.prompt_tokens, usage.completion_tokens, usage.ok) == (42, 7, True)


def test_stream_that_cannot_open_raises_unavailable_and_records_failure(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_error(503, times=3)

    with pytest.raises(AIUnavailableError):
        list(chat.stream(HELLO))

    assert [(u.ok, u.attempts) for u in usages] == [(False, 3)]


def test_rate_limited_call_is_retried_then_succeeds(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_error(429, "slow down")
    openai_server.plan_chat("made it")

    result = chat.complete(HELLO)

    assert result.text == "made it"
    assert result.usage.attempts == 2
    assert [u.attempts for u in usages] == [2]
    assert len(openai_server.requests_to(CHAT)) == 2


def test_server_errors_until_retries_run_out_raise_unavailable(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_error(500, times=5)

    with pytest.raises(AIUnavailableError) as caught:
        chat.complete(HELLO)

    # max_retries=2 in the test config: one attempt plus two retries.
    assert caught.value.attempts == 3
    assert len(openai_server.requests_to(CHAT)) == 3
    (usage,) = usages
    assert not usage.ok
    assert usage.attempts == 3
    assert "500" in usage.error


def test_client_error_other_than_429_is_not_retried(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_error(400, "bad request")

    with pytest.raises(AIRequestError) as caught:
        chat.complete(HELLO)

    assert caught.value.status == 400
    assert len(openai_server.requests_to(CHAT)) == 1
    assert [(u.ok, u.attempts) for u in usages] == [(False, 1)]


def test_timeout_is_retried_then_reported_as_unavailable(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    config = AIConfig(**{**ai_config.__dict__, "timeout_seconds": 0.2, "max_retries": 1})
    chat = OpenAIChat(config, on_usage=usages.append)
    openai_server.plan_delay(2.0)
    openai_server.plan_delay(2.0)

    with pytest.raises(AIUnavailableError, match="Timeout"):
        chat.complete(HELLO)

    assert [(u.ok, u.attempts) for u in usages] == [(False, 2)]


def test_timeout_then_success_is_retried(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    config = AIConfig(**{**ai_config.__dict__, "timeout_seconds": 0.2})
    chat = OpenAIChat(config, on_usage=usages.append)
    openai_server.plan_delay(2.0)
    openai_server.plan_chat("second time lucky")

    assert chat.complete(HELLO).text == "second time lucky"
    assert usages[-1].attempts == 2


def test_connection_refused_is_unavailable(ai_config: AIConfig, usages: list[Usage]) -> None:
    with OpenAIServer() as server:
        base_url = server.base_url  # a port nobody listens on once the server stops
    config = AIConfig(**{**ai_config.__dict__, "openai_base_url": base_url})

    with pytest.raises(AIUnavailableError):
        OpenAIChat(config, on_usage=usages.append).complete(HELLO)

    assert usages[-1].ok is False


def test_json_answer_is_parsed_and_validated(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_json({"intent": "question", "confidence": 0.9})

    data = chat.complete_json([ChatMessage("user", "What is a streak?")], schema=SCHEMA)

    assert data == {"intent": "question", "confidence": 0.9}
    sent = openai_server.requests_to(CHAT)[0].body
    assert sent["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "extraction", "schema": SCHEMA, "strict": False},
    }
    assert (sent["temperature"], sent["max_tokens"]) == (0.0, JSON_MAX_TOKENS)
    assert sent["messages"][0]["role"] == "system"
    assert "schema" in sent["messages"][0]["content"]
    assert [(u.purpose, u.ok) for u in usages] == [("extraction", True)]


def test_invalid_json_is_retried_with_the_error_fed_back(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_chat("sure! intent is question")
    openai_server.plan_json({"intent": "question", "confidence": 0.8})

    data = chat.complete_json(HELLO, schema=SCHEMA)

    assert data["confidence"] == 0.8
    first, retry = (r.body["messages"] for r in openai_server.requests_to(CHAT))
    assert retry[:-1] == first  # the invalid answer itself is not sent back
    assert "not valid JSON" in retry[-1]["content"]
    assert [u.ok for u in usages] == [False, True]


def test_schema_violations_until_retries_run_out_raise_response_error(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    for _ in range(3):
        openai_server.plan_json({"intent": "dancing", "confidence": 0.5})

    with pytest.raises(AIResponseError, match="intent"):
        chat.complete_json(HELLO, schema=SCHEMA)

    # json_retries=2: three answers, each asked with only the previous validation error, so
    # the prompt does not grow from round to round.
    requests = openai_server.requests_to(CHAT)
    assert len(requests) == 3
    assert "schema violation at intent" in requests[2].body["messages"][-1]["content"]
    assert len(requests[2].body["messages"]) == len(requests[1].body["messages"])
    assert [u.ok for u in usages] == [False, False, False]
    assert all("invalid output" in u.error for u in usages)


def test_an_answer_cut_off_at_the_token_limit_is_not_asked_again(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    cut = chat_body('{"intent": "question", "confidence": 0.9, "reason": "because the user')
    cut["choices"][0]["finish_reason"] = "length"
    openai_server.plan(Planned(body=cut))

    with pytest.raises(AIResponseError, match="limit of 40 tokens") as raised:
        chat.complete_json(HELLO, schema=SCHEMA, max_tokens=40)

    assert raised.value.reason == "too long"
    assert len(openai_server.requests_to(CHAT)) == 1
    assert [u.ok for u in usages] == [False]


def test_a_schema_strict_mode_accepts_is_sent_strict(
    chat: OpenAIChat, openai_server: OpenAIServer
) -> None:
    closed = {**SCHEMA, "additionalProperties": False}
    openai_server.plan_json({"intent": "other", "confidence": 0.5})

    chat.complete_json(HELLO, schema=closed, purpose="classification")

    sent = openai_server.requests_to(CHAT)[0].body["response_format"]
    assert sent["json_schema"]["strict"] is True
    assert sent["json_schema"]["name"] == "classification"


def test_a_server_refusing_json_schema_is_asked_for_json_objects_from_then_on(
    chat: OpenAIChat, openai_server: OpenAIServer
) -> None:
    openai_server.plan_error(400, "response_format json_schema is not supported")
    openai_server.plan_json({"intent": "question", "confidence": 0.9})
    openai_server.plan_json({"intent": "other", "confidence": 0.4})

    first = chat.complete_json(HELLO, schema=SCHEMA)
    second = chat.complete_json(HELLO, schema=SCHEMA)

    assert (first["intent"], second["intent"]) == ("question", "other")
    formats = [r.body["response_format"]["type"] for r in openai_server.requests_to(CHAT)]
    assert formats == ["json_schema", "json_object", "json_object"]


def test_other_refusals_are_not_taken_for_a_missing_json_schema(
    chat: OpenAIChat, openai_server: OpenAIServer
) -> None:
    openai_server.plan_error(401, "bad key")

    with pytest.raises(AIRequestError):
        chat.complete_json(HELLO, schema=SCHEMA)

    assert len(openai_server.requests_to(CHAT)) == 1


def test_json_array_is_not_accepted_as_an_object(
    chat: OpenAIChat, openai_server: OpenAIServer
) -> None:
    for _ in range(3):
        openai_server.plan_json([{"intent": "question", "confidence": 1}])

    with pytest.raises(AIResponseError, match="object"):
        chat.complete_json(HELLO, schema=SCHEMA)


def test_usage_sink_failure_does_not_break_the_call(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    def broken_sink(usage: Usage) -> None:
        raise RuntimeError("metrics are down")

    assert OpenAIChat(ai_config, on_usage=broken_sink).complete(HELLO).text == "ok"


def test_backoff_grows_exponentially_with_jitter_and_honours_retry_after() -> None:
    config = AIConfig(backoff_base_seconds=0.5, max_backoff_seconds=8)

    lows = [backoff_seconds(n, config, rng=lambda: 0.0) for n in (1, 2, 3, 4, 6)]
    highs = [backoff_seconds(n, config, rng=lambda: 1.0) for n in (1, 2, 3)]

    assert lows == [0.25, 0.5, 1.0, 2.0, 4.0]
    assert highs == [0.5, 1.0, 2.0]
    assert backoff_seconds(1, config, rng=lambda: 0.0, hint=3.0) == 3.0
    assert backoff_seconds(1, config, rng=lambda: 0.0, hint=60.0) == 8.0


def test_retry_after_header_is_respected(openai_server: OpenAIServer, ai_config: AIConfig) -> None:
    waits: list[float] = []
    chat = OpenAIChat(ai_config, on_usage=lambda u: None, sleep=waits.append)
    openai_server.plan_error(429, headers={"retry-after-ms": "40"})

    chat.complete(HELLO)

    assert waits == [pytest.approx(0.04)]


def test_messages_are_sent_as_role_and_content(
    chat: OpenAIChat, openai_server: OpenAIServer
) -> None:
    messages = [ChatMessage("system", "be kind"), ChatMessage("user", "hi")]
    chat.complete(messages)

    body = openai_server.requests_to(CHAT)[0].body
    assert json.dumps(body["messages"]) == json.dumps(
        [{"role": "system", "content": "be kind"}, {"role": "user", "content": "hi"}]
    )


def test_stream_closed_early_by_the_caller_still_records_usage_once(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_stream(["a", "b", "c"])

    stream = chat.stream(HELLO)
    assert next(stream) == "a"
    stream.close()

    (usage,) = usages
    assert usage.ok
    assert usage.error == "stopped by caller"


# -- faults: malformed answers, broken streams, the budget and the breaker -------------------


def test_a_200_that_is_not_json_is_retried_like_a_transport_failure(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage], caplog
) -> None:
    openai_server.plan_malformed("{not json")
    openai_server.plan_chat("second answer")

    assert chat.complete(HELLO).text == "second answer"

    assert len(openai_server.requests_to(CHAT)) == 2
    assert [(u.ok, u.attempts) for u in usages] == [(True, 2)]
    assert "malformed answer" in caplog.text


@pytest.mark.parametrize(
    "body",
    [
        {"id": "x", "object": "chat.completion"},
        {"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": []},
        [],
        {"choices": [{"message": None}]},
    ],
    ids=["no-choices", "empty-choices", "a-list", "no-message"],
)
def test_a_200_that_is_no_completion_is_retried_then_a_response_error(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage], body
) -> None:
    openai_server.plan_malformed(body, times=3)

    with pytest.raises(AIResponseError) as caught:
        chat.complete(HELLO)

    assert caught.value.reason == "malformed answer"
    assert len(openai_server.requests_to(CHAT)) == 3  # one attempt and max_retries=2
    assert [(u.ok, u.attempts) for u in usages] == [(False, 3)]


@pytest.mark.parametrize("ending", ["cut", "break"])
def test_a_stream_that_stops_before_it_finished_is_a_failure(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage], ending: str
) -> None:
    openai_server.plan_stream(["MODEL-REPLY: ", "I hear"], ending=ending)
    received: list[str] = []

    with pytest.raises(AIUnavailableError) as caught:
        received.extend(chat.stream(HELLO))

    assert received == ["MODEL-REPLY: ", "I hear"]
    assert caught.value.reason == "stream cut"
    (usage,) = usages
    assert not usage.ok
    assert "stream cut" in usage.error


def test_a_hung_server_costs_an_attempt_a_third_of_the_budget_and_the_call_the_budget(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    # Attempts that fail early tell the breaker early: for concurrent turns of a process
    # that is what keeps a hung server from holding them all for their whole budget.
    breaker = CircuitBreaker(failures=3, cooldown_seconds=30)
    chat = OpenAIChat(ai_config, on_usage=usages.append, breaker=breaker)
    openai_server.plan_hang(times=3)
    started = time.monotonic()

    with model_budget(3.0), pytest.raises(AIUnavailableError) as caught:
        chat.complete(HELLO)

    assert time.monotonic() - started < 3.0 + 1.0
    assert caught.value.reason == "timed out"
    assert len(openai_server.requests_to(CHAT)) == 3  # three attempts of about 1 s each
    assert [(u.ok, u.attempts) for u in usages] == [(False, 3)]
    assert breaker.state == "open"


def test_no_retry_is_started_that_the_budget_cannot_wait_for(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    config = dataclasses.replace(ai_config, backoff_base_seconds=8.0, max_backoff_seconds=8.0)
    waits: list[float] = []
    chat = OpenAIChat(config, on_usage=usages.append, sleep=waits.append)
    openai_server.plan_error(500, times=3)

    with model_budget(3.0), pytest.raises(AIUnavailableError) as caught:
        chat.complete(HELLO)

    assert caught.value.reason == "server error (500)"
    assert waits == []  # a 4-8 s backoff does not fit in what is left of 3 s
    assert len(openai_server.requests_to(CHAT)) == 1


def test_once_the_budget_is_spent_no_request_is_made(
    chat: OpenAIChat, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    now = [100.0]
    with model_budget(2.0, clock=lambda: now[0]):
        now[0] += 2.0
        with pytest.raises(AIUnavailableError) as caught:
            chat.complete(HELLO)
        with pytest.raises(AIUnavailableError):
            list(chat.stream(HELLO))

    assert caught.value.reason == "budget spent"
    assert openai_server.requests == []
    assert [(u.ok, u.attempts) for u in usages] == [(False, 0), (False, 0)]
    assert all("no request sent" in u.error for u in usages)


def test_outside_a_budget_a_call_keeps_its_own_timeout_and_retries(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    chat = OpenAIChat(dataclasses.replace(ai_config, timeout_seconds=0.3), on_usage=usages.append)
    openai_server.plan_hang(times=3)

    with pytest.raises(AIUnavailableError):
        chat.complete(HELLO)

    assert len(openai_server.requests_to(CHAT)) == 3


def guarded(
    config: AIConfig, *, failures: int, usages: list[Usage], clock=time.monotonic
) -> OpenAIChat:
    """A chat client whose breaker opens after `failures` and cools down for 30 s."""
    breaker = CircuitBreaker(failures=failures, cooldown_seconds=30, clock=clock)
    return OpenAIChat(config, on_usage=usages.append, breaker=breaker)


def test_an_open_breaker_fails_calls_at_once_without_a_request(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    chat = guarded(ai_config, failures=2, usages=usages)
    openai_server.plan_error(500, times=2)

    with pytest.raises(AIUnavailableError):
        chat.complete(HELLO)  # two failures open it before the second retry
    with pytest.raises(AIUnavailableError) as caught:
        chat.complete(HELLO)
    with pytest.raises(AIUnavailableError):
        list(chat.stream(HELLO))

    assert len(openai_server.requests_to(CHAT)) == 2
    assert caught.value.reason == "circuit open"
    assert [(u.ok, u.attempts) for u in usages] == [(False, 2), (False, 0), (False, 0)]
    assert "no request sent" in usages[1].error


def test_a_successful_call_after_the_cool_down_closes_the_breaker(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    now = [100.0]
    chat = guarded(ai_config, failures=1, usages=usages, clock=lambda: now[0])
    openai_server.plan_error(500)
    with pytest.raises(AIError):
        chat.complete(HELLO)
    now[0] += 31

    assert chat.complete(HELLO).text == "ok"

    assert chat.breaker.state == "closed"


def test_malformed_answers_count_as_failures_for_the_breaker(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    chat = guarded(ai_config, failures=3, usages=usages)
    openai_server.plan_malformed(times=3)

    with pytest.raises(AIResponseError):
        chat.complete(HELLO)

    assert chat.breaker.state == "open"


def test_a_refused_request_shows_the_server_is_up(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    chat = guarded(ai_config, failures=2, usages=usages)
    openai_server.plan_error(500)
    openai_server.plan_error(400)
    openai_server.plan_error(500, times=2)

    with pytest.raises(AIRequestError):
        chat.complete(HELLO)
    with pytest.raises(AIUnavailableError):
        chat.complete(HELLO)  # the 400 reset the count: two more 500s to open it

    assert len(openai_server.requests_to(CHAT)) == 4


def test_a_slow_server_cut_short_by_the_turns_budget_opens_no_breaker(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    config = AIConfig(**{**ai_config.__dict__, "timeout_seconds": 30.0, "breaker_failures": 2})
    chat = OpenAIChat(config, on_usage=usages.append)
    openai_server.plan_delay(1.5)  # it answers, slowly, when given the time (a job)
    chat.complete(HELLO)
    for _ in range(4):
        openai_server.plan_delay(5.0)

    for _ in range(2):  # turns whose budget (0.9 s) ends before its answers come
        with model_budget(0.9), pytest.raises(AIUnavailableError):
            chat.complete(HELLO)

    assert chat.breaker.state == "closed"  # slow, not broken: the next turn still asks it


def test_a_server_known_to_be_slow_is_given_the_time_its_answers_take(
    openai_server: OpenAIServer, ai_config: AIConfig, usages: list[Usage]
) -> None:
    config = AIConfig(**{**ai_config.__dict__, "timeout_seconds": 30.0})
    chat = OpenAIChat(config, on_usage=usages.append)
    openai_server.plan_delay(1.0, "first")
    chat.complete(HELLO)  # outside a turn: it took 1 s
    openai_server.plan_delay(1.0, "second")

    with model_budget(2.4):  # a third is 0.8 s: too short for this server
        assert chat.complete(HELLO).text == "second"

    assert usages[-1].attempts == 1
