"""The Essence ledger: earned once per key, never spent below zero, its sum the balance."""

from __future__ import annotations

import datetime as dt
import logging
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from narrative import ledger, selectors
from narrative.models import EssenceAccount, EssenceEntry, EssenceKind, EssenceMismatch
from tests.factories import make_user

pytestmark = pytest.mark.django_db

MISSION = EssenceKind.EARNED_MISSION


def test_the_same_key_earns_once(owner):
    first = ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION, note="Run")
    again = ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION)

    assert first is not None
    assert again is None
    assert selectors.essence_balance(user=owner) == 10
    assert [e.key for e in selectors.essence_ledger(user=owner)] == ["mission:1"]


def test_earnings_are_the_earners_own(owner, outsider):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION)

    assert selectors.essence_balance(user=outsider) == 0
    assert not selectors.essence_ledger(user=outsider).exists()


def test_a_spend_within_the_balance_lowers_it_and_is_kept_once_per_key(owner):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION)

    spent = ledger.essence_spend(user=owner, key="choice:bridge", amount=7, note="The bridge")
    retried = ledger.essence_spend(user=owner, key="choice:bridge", amount=7)

    assert retried == spent
    assert spent.amount == -7
    assert spent.kind == EssenceKind.SPENT_CHOICE
    assert selectors.essence_balance(user=owner) == 3


def test_a_spend_beyond_the_balance_is_refused_and_changes_nothing(owner):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION)

    with pytest.raises(ValidationError, match="needs 11 Essence and you have 10"):
        ledger.essence_spend(user=owner, key="choice:tower", amount=11)

    assert selectors.essence_balance(user=owner) == 10
    assert list(EssenceEntry.objects.values_list("key", flat=True)) == ["mission:1"]


def test_a_person_with_nothing_earned_cannot_spend(owner):
    with pytest.raises(ValidationError, match="you have 0"):
        ledger.essence_spend(user=owner, key="choice:tower", amount=1)

    assert not EssenceEntry.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"amount": 0}, "above zero"),
        ({"amount": -5}, "above zero"),
        ({"key": ""}, "key of 1 to"),
        ({"kind": EssenceKind.SPENT_CHOICE}, "not a way to earn"),
    ],
)
def test_a_malformed_earning_is_refused_and_changes_nothing(owner, fields, message):
    arguments = {"user": owner, "key": "mission:1", "amount": 10, "kind": MISSION, **fields}

    with pytest.raises(ValidationError, match=message):
        ledger.essence_earn(**arguments)

    assert not EssenceEntry.objects.exists()


def test_a_spend_cannot_reuse_the_key_of_an_earning(owner):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION)

    with pytest.raises(ValidationError, match="names an earning"):
        ledger.essence_spend(user=owner, key="mission:1", amount=1)

    assert selectors.essence_balance(user=owner) == 10


def test_a_streak_milestone_earns_two_a_day_once(owner):
    reached = dt.date(2026, 3, 1)
    ledger.essence_earn_milestone(user=owner, category="", days=7, reached_on=reached)
    ledger.essence_earn_milestone(user=owner, category="", days=7, reached_on=reached)

    entry = EssenceEntry.objects.get()
    assert (entry.key, entry.amount, entry.kind, entry.note) == (
        "milestone:overall:7:2026-03-01",
        14,
        EssenceKind.EARNED_MILESTONE,
        "A 7-day streak",
    )


def test_a_values_streak_milestone_is_named_apart_from_the_overall_one(owner):
    ledger.essence_earn_milestone(
        user=owner, category="health", days=7, reached_on=dt.date(2026, 3, 1)
    )
    assert EssenceEntry.objects.get().note == "A 7-day health streak"


def test_the_daily_check_finds_nothing_when_the_books_agree(owner, outsider):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION)
    ledger.essence_spend(user=owner, key="choice:a", amount=4)
    ledger.essence_earn(user=outsider, key="mission:2", amount=10, kind=MISSION)

    assert ledger.essence_check() == 0
    assert not EssenceMismatch.objects.exists()


def test_the_daily_check_logs_and_records_a_balance_that_differs(owner, outsider, caplog):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=MISSION)
    ledger.essence_earn(user=outsider, key="mission:2", amount=10, kind=MISSION)
    EssenceAccount.objects.filter(user=owner).update(balance=25)  # as a faulty write would

    with caplog.at_level(logging.ERROR, logger="narrative"):
        assert ledger.essence_check() == 1
        assert ledger.essence_check() == 1  # found again the same day: recorded once

    mismatch = EssenceMismatch.objects.get()
    assert (mismatch.user, mismatch.balance_kept, mismatch.entries_sum) == (owner, 25, 10)
    assert "balance 25, entries sum to 10" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_the_sum_equals_the_balance_under_concurrent_earnings_and_spends():
    person = make_user("busy")
    ledger.essence_earn(user=person, key="start", amount=20, kind=MISSION)
    barrier = threading.Barrier(8)
    refused: list[str] = []

    def work(worker: int) -> None:
        try:
            barrier.wait(timeout=10)
            for step in range(10):
                ledger.essence_earn(user=person, key=f"m:{worker}:{step}", amount=3, kind=MISSION)
                ledger.essence_earn(user=person, key=f"m:{step}", amount=5, kind=MISSION)
                try:
                    ledger.essence_spend(user=person, key=f"c:{worker}:{step}", amount=9)
                except ValidationError:
                    refused.append(f"{worker}:{step}")
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    entries = EssenceEntry.objects.filter(user=person)
    total = sum(entries.values_list("amount", flat=True))
    spends = entries.filter(kind=EssenceKind.SPENT_CHOICE).count()
    assert entries.filter(key__regex=r"^m:\d+$").count() == 10  # the shared keys earned once
    assert total == selectors.essence_balance(user=person) >= 0
    assert total == 20 + 8 * 10 * 3 + 10 * 5 - 9 * spends
    assert spends + len(refused) == 80
    assert ledger.essence_check() == 0
