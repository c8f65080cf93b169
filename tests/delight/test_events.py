"""delight.events: news is sent once its transaction commits, and a failing receiver never
undoes or interrupts the announcer nor the other receivers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import transaction
from django.dispatch import Signal

from delight.events import announce

pytestmark = pytest.mark.django_db(transaction=True)

news = Signal()


@pytest.fixture
def heard() -> Iterator[list[dict]]:
    facts: list[dict] = []

    def hear(sender: type, signal: Signal, **received: object) -> None:
        facts.append(received)

    news.connect(hear, dispatch_uid="test-heard")
    yield facts
    news.disconnect(dispatch_uid="test-heard")


def test_news_is_sent_once_the_transaction_commits(heard):
    with transaction.atomic():
        announce(news, sender=object, what="saved")
        assert heard == []
    assert heard == [{"what": "saved"}]


def test_news_of_a_rolled_back_change_is_never_sent(heard):
    def change_that_fails() -> None:
        with transaction.atomic():
            announce(news, sender=object, what="saved")
            raise RuntimeError("the change failed")

    with pytest.raises(RuntimeError):
        change_that_fails()
    assert heard == []


def test_a_failing_receiver_is_logged_and_the_others_still_hear(heard, caplog):
    def broken(sender: type, **received: object) -> None:
        raise ValueError("cannot cope")

    news.connect(broken, dispatch_uid="test-broken")
    try:
        announce(news, sender=object, what="saved")  # outside a transaction: at once
    finally:
        news.disconnect(dispatch_uid="test-broken")

    assert heard == [{"what": "saved"}]
    assert "failed to react" in caplog.text
    assert "cannot cope" in caplog.text
