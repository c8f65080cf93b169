"""API rate limits: per person (never per address), 429 with Retry-After, in a shared cache."""

from __future__ import annotations

import uuid

import pytest

from companion.models import Turn
from goals.models import Goal
from tests.support.processes import REDIS_TEST_URL, redis_available, run_script

pytestmark = pytest.mark.django_db

MESSAGES = "/api/companion/messages/"
GOALS = "/api/goals/"
ONE_ADDRESS = {"REMOTE_ADDR": "10.1.1.1"}  # a load test or an office: many people, one address


@pytest.fixture
def low_rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"messages": "3/minute", "writes": "2/minute"},
    }


def send(client, text: str):
    return client.post(MESSAGES, {"text": text}, format="json", **ONE_ADDRESS)


def new_goal(client, title: str):
    body = {"title": title, "category": "growth"}
    return client.post(GOALS, body, format="json", **ONE_ADDRESS)


def test_messages_beyond_the_rate_answer_429_with_retry_after(low_rates, owner_api):
    codes = [send(owner_api, f"Message {n}").status_code for n in range(3)]
    refused = send(owner_api, "One too many")

    assert codes == [200, 200, 200]
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) in range(1, 61)
    assert refused["Content-Type"] == "application/json"
    body = refused.json()
    assert body["code"] == "throttled"
    assert f"Expected available in {refused['Retry-After']} second" in body["detail"]
    assert Turn.objects.count() == 3  # the refused message changed nothing


def test_the_rate_is_per_person_not_per_address(low_rates, owner_api, outsider_api):
    for n in range(3):
        send(owner_api, f"Message {n}")

    assert send(owner_api, "Again").status_code == 429
    assert send(outsider_api, "Hello from the same address").status_code == 200


def test_writes_beyond_the_rate_answer_429_and_reads_go_on(low_rates, owner_api):
    codes = [new_goal(owner_api, f"Goal {n}").status_code for n in range(3)]

    assert codes == [201, 201, 429]
    assert Goal.objects.count() == 2
    assert owner_api.get(GOALS, **ONE_ADDRESS).status_code == 200


def test_messages_and_other_writes_have_separate_rates(low_rates, owner_api):
    for n in range(2):
        new_goal(owner_api, f"Goal {n}")

    assert send(owner_api, "Still allowed to talk").status_code == 200


def test_the_default_rates_let_a_busy_person_through(owner_api):
    codes = {send(owner_api, f"Quick message {n}").status_code for n in range(10)}

    assert codes == {200}


@pytest.mark.parametrize("backend", ["postgres", "redis"])
def test_throttle_counts_live_in_a_cache_every_process_shares(backend):
    redis_url = REDIS_TEST_URL if backend == "redis" else ""
    if redis_url and not redis_available():
        pytest.skip(f"no Redis answers at {REDIS_TEST_URL}")
    key = f"shared-{uuid.uuid4().hex}"
    run_script(
        f"from delight import throttles\nthrottles.cache.set({key!r}, [1.5], 60)",
        redis_url=redis_url,
    )

    seen = run_script(
        f"from delight import throttles\nprint(throttles.cache.get({key!r}))", redis_url=redis_url
    )
    assert seen.strip() == "[1.5]"
