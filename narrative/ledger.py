"""Essence: every write of the append-only ledger and its daily check.

An entry is never changed or removed; the balance kept on the person's `EssenceAccount` moves
with each entry in the same transaction, under that row's lock, so two earnings at once both
count and a spend never takes the balance below zero.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, F, IntegerField, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from delight.models import User
from narrative.models import (
    EARNED_KINDS,
    EssenceAccount,
    EssenceEntry,
    EssenceKind,
    EssenceMismatch,
)
from narrative.words import streak_words

if TYPE_CHECKING:  # a mission or habit is handed in by the receivers; none is read here
    from goals.models import Habit, Mission

logger = logging.getLogger("narrative")

NOTE_MAX = EssenceEntry._meta.get_field("note").max_length
KEY_MAX = EssenceEntry._meta.get_field("key").max_length


@transaction.atomic
def essence_earn(
    *, user: User, key: str, amount: int, kind: str, note: str = ""
) -> EssenceEntry | None:
    """Add `amount` Essence for `key`, once: the entry made, or None when `key` earned before."""
    if kind not in EARNED_KINDS:
        raise ValidationError({"kind": f"{kind!r} is not a way to earn Essence."})
    _check(key=key, amount=amount)
    account = _account_locked(user=user)
    if EssenceEntry.objects.owned_by(user).filter(key=key).exists():
        return None
    return _entry_add(account=account, key=key, amount=amount, kind=kind, note=note)


@transaction.atomic
def essence_spend(*, user: User, key: str, amount: int, note: str = "") -> EssenceEntry:
    """Take `amount` Essence for `key` (a choice in the story), once per key.

    1. Lock the person's account row: earnings and spends of this person wait in turn.
    2. A key already spent answers with its entry (a retried request spends nothing more).
    3. A balance short of `amount` is refused with the balance in the message; nothing changes.
    4. Otherwise add the entry (minus `amount`) and lower the balance kept.
    """
    _check(key=key, amount=amount)
    account = _account_locked(user=user)
    spent = EssenceEntry.objects.owned_by(user).filter(key=key).first()
    if spent is not None:
        if spent.kind != EssenceKind.SPENT_CHOICE:
            raise ValidationError({"key": "This key names an earning, not a choice."})
        return spent
    if account.balance < amount:
        raise ValidationError(
            f"This needs {amount} Essence and you have {account.balance}: "
            "a few more missions will get you there."
        )
    return _entry_add(
        account=account, key=key, amount=-amount, kind=EssenceKind.SPENT_CHOICE, note=note
    )


def _check(*, key: str, amount: int) -> None:
    if not key or len(key) > KEY_MAX:
        raise ValidationError({"key": f"A key of 1 to {KEY_MAX} characters is needed."})
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise ValidationError({"amount": "The amount is a whole number above zero."})


def _account_locked(*, user: User) -> EssenceAccount:
    # Nearly every entry finds the account there: locked in one read. The first entry of a
    # person makes it; two at once make one (ON CONFLICT), then it is locked.
    locked = EssenceAccount.objects.owned_by(user).select_for_update()
    if account := locked.first():
        return account
    EssenceAccount.objects.bulk_create([EssenceAccount(user=user)], ignore_conflicts=True)
    return locked.get()


def _entry_add(
    *, account: EssenceAccount, key: str, amount: int, kind: str, note: str
) -> EssenceEntry:
    entry = EssenceEntry.objects.create(
        user_id=account.user_id, key=key, amount=amount, kind=kind, note=note[:NOTE_MAX]
    )
    EssenceAccount.objects.filter(pk=account.pk).update(
        balance=F("balance") + amount, updated_at=timezone.now()
    )
    return entry


@transaction.atomic
def essence_check(*, today: dt.date | None = None) -> int:
    """The daily check: every person's balance kept equals the sum of their entries.

    1. One statement compares each account's balance with the sum of its person's entries
       (and finds entries with no account at all, as a balance of 0).
    2. Each mismatch is logged as an error and recorded for staff (once per person a day).
    Returns the number of people whose figures differ.
    """
    today = today or timezone.localdate()
    total = Subquery(
        EssenceEntry.objects.filter(user=OuterRef("user"))
        .values("user")
        .annotate(total=Sum("amount"))
        .values("total"),
        output_field=IntegerField(),
    )
    accounts = (
        EssenceAccount.objects.annotate(total=Coalesce(total, Value(0)))
        .exclude(balance=F("total"))
        .values_list("user_id", "balance", "total")
    )
    orphans = (
        EssenceEntry.objects.exclude(user__essence_account__isnull=False)
        .values("user_id")
        .annotate(total=Sum("amount"))
        .values_list("user_id", "total")
    )
    mismatches = [*accounts, *((user_id, 0, summed) for user_id, summed in orphans)]
    for user_id, kept, summed in mismatches:
        logger.error("Essence of person %s: balance %s, entries sum to %s", user_id, kept, summed)
    EssenceMismatch.objects.bulk_create(
        [
            EssenceMismatch(
                user_id=user_id, checked_on=today, balance_kept=kept, entries_sum=summed
            )
            for user_id, kept, summed in mismatches
        ],
        ignore_conflicts=True,
    )
    return len(mismatches)


# -- what earns -----------------------------------------------------------------------------

MISSION_REWARD = 10
MILESTONE_REWARD_PER_DAY = 2


def mission_key(mission: Mission, completion: int | None = None) -> str:
    """The key of a mission's completion: "mission:7" for the first, "mission:7:2" for the
    one after its second reopening (a completion taken back and done again earns again)."""
    completion = mission.reopened if completion is None else completion
    return f"mission:{mission.pk}" + (f":{completion}" if completion else "")


def essence_earn_mission(*, mission: Mission) -> EssenceEntry | None:
    """Essence for a mission done, once per completion."""
    return essence_earn(
        user=mission.user,
        key=mission_key(mission),
        amount=MISSION_REWARD,
        kind=EssenceKind.EARNED_MISSION,
        note=mission.title,
    )


@transaction.atomic
def essence_take_back_mission(*, mission: Mission) -> EssenceEntry | None:
    """Take back what the completion just reopened earned, once."""
    key = mission_key(mission, mission.reopened - 1)
    return _take_back(user=mission.user, key=key, note=mission.title)


def _take_back(*, user: User, key: str, note: str) -> EssenceEntry | None:
    """Take back what `key` earned, once; never below a zero balance (Essence already spent
    on a choice stays spent)."""
    earned = EssenceEntry.objects.owned_by(user).filter(key=key).first()
    back = f"{key}:back"
    if earned is None or EssenceEntry.objects.owned_by(user).filter(key=back).exists():
        return None
    account = _account_locked(user=user)
    amount = min(earned.amount, account.balance)
    if amount <= 0:
        return None
    return _entry_add(
        account=account, key=back, amount=-amount, kind=EssenceKind.TAKEN_BACK, note=note
    )


HABIT_DAY_REWARD = 3
HABIT_MILESTONE_REWARD = 15


def habit_day_key(habit: Habit, day: dt.date, times: int = 0) -> str:
    """The key of a habit's day done: "habit:4:2026-12-01", then ":1", ":2"… for each time it
    is done again after being taken back."""
    return f"habit:{habit.pk}:{day.isoformat()}" + (f":{times}" if times else "")


def _habit_day_counts(*, habit: Habit, day: dt.date) -> tuple[int, int]:
    """(earned, taken back): the entries of the habit's day so far, counted in one read."""
    counts = (
        EssenceEntry.objects.owned_by(habit.user)
        .filter(key__startswith=habit_day_key(habit, day))
        .aggregate(every=Count("id"), backs=Count("id", filter=Q(key__endswith=":back")))
    )
    return counts["every"] - counts["backs"], counts["backs"]


@transaction.atomic
def essence_earn_habit_day(*, habit: Habit, day: dt.date) -> EssenceEntry | None:
    """Essence for a day of a habit done, once for as long as it stays done. The account is
    locked first, so the counts are read in turn with other writes; the key made from them
    is new by construction (one more than the times earned)."""
    account = _account_locked(user=habit.user)
    earned, backs = _habit_day_counts(habit=habit, day=day)
    if earned > backs:
        return None
    return _entry_add(
        account=account,
        key=habit_day_key(habit, day, earned),
        amount=HABIT_DAY_REWARD,
        kind=EssenceKind.EARNED_HABIT,
        note=habit.title,
    )


@transaction.atomic
def essence_take_back_habit_day(*, habit: Habit, day: dt.date) -> EssenceEntry | None:
    """Take back a day of a habit that is no longer done, once; never below a zero balance
    (Essence already spent on a choice stays spent)."""
    account = _account_locked(user=habit.user)
    earned, backs = _habit_day_counts(habit=habit, day=day)
    amount = min(HABIT_DAY_REWARD, account.balance)
    if earned <= backs or amount <= 0:
        return None
    key = habit_day_key(habit, day, earned - 1)
    return _entry_add(
        account=account,
        key=f"{key}:back",
        amount=-amount,
        kind=EssenceKind.TAKEN_BACK,
        note=habit.title,
    )


def essence_earn_habit_milestone(
    *, habit: Habit, length: int, unit: str, started_on: dt.date
) -> EssenceEntry | None:
    """Essence for a milestone of a habit's own streak, once per streak and length."""
    return essence_earn(
        user=habit.user,
        key=habit_milestone_key(habit, length=length, started_on=started_on),
        amount=HABIT_MILESTONE_REWARD,
        kind=EssenceKind.EARNED_HABIT,
        note=f"{habit.title}: {length} {unit} in a row",
    )


def habit_milestone_key(habit: Habit, *, length: int, started_on: dt.date) -> str:
    return f"habit-streak:{habit.pk}:{length}:{started_on.isoformat()}"


def essence_earn_milestone(
    *, user: User, category: str, days: int, reached_on: dt.date
) -> EssenceEntry | None:
    """Essence for a streak milestone (two a day of the streak), once per milestone."""
    return essence_earn(
        user=user,
        key=f"milestone:{category or 'overall'}:{days}:{reached_on.isoformat()}",
        amount=days * MILESTONE_REWARD_PER_DAY,
        kind=EssenceKind.EARNED_MILESTONE,
        note=streak_words(days, category),
    )
