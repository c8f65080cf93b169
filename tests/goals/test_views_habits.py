"""The Habits pages: a habit added by form (a clear error for a weekly habit with no
number), today ticked from the list, a past day ticked and unticked from the calendar;
another person's habit is a 404."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from goals import services
from goals.models import Habit, HabitCheckIn
from tests.goals.factories import make_goal, make_habit

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(client, owner):
    client.force_login(owner)
    return client


def test_a_habit_is_added_by_form_and_a_bad_one_says_why(browser):
    refused = browser.post(
        reverse("habits"), {"title": "Swim", "category": "health", "schedule": "weekly"}
    )
    assert refused.status_code == 200
    assert "Say how many times a week" in refused.content.decode()
    assert not Habit.objects.exists()
    added = browser.post(
        reverse("habits"),
        {"title": "Swim", "category": "health", "schedule": "weekly", "times_per_week": "2"},
        follow=True,
    )
    assert "“Swim” is one of your habits now." in added.content.decode()
    assert Habit.objects.get().times_per_week == 2


def test_every_few_days_is_a_number_from_2_to_30_and_1_says_why(browser):
    form = {"title": "Water the plants", "category": "health", "schedule": "every"}
    refused = browser.post(reverse("habits"), {**form, "every_days": "1"})
    assert "Every 2 days at least: for each day, choose “Every day”." in refused.content.decode()
    assert not Habit.objects.exists()
    browser.post(reverse("habits"), {**form, "every_days": "3"})
    assert Habit.objects.get().every_days == 3


def test_today_is_ticked_from_the_list_and_a_past_day_from_the_calendar(browser, owner):
    habit = services.habit_create(user=owner, title="Walk", category="health")
    today = owner.local_day(timezone.now())
    page = browser.post(
        reverse("habit-day", args=[habit.pk, today.isoformat()]), {"next": "list"}, follow=True
    )
    assert "Done today" in page.content.decode()
    assert "1 day in a row" in page.content.decode()
    yesterday = (today - dt.timedelta(days=1)).isoformat()
    url = reverse("habit-day", args=[habit.pk, yesterday])
    browser.post(url)
    assert HabitCheckIn.objects.filter(habit=habit).count() == 2
    detail = browser.post(url, follow=True).content.decode()  # tapped again: unticked
    assert "Unticked: Walk" in detail
    assert HabitCheckIn.objects.filter(habit=habit).count() == 1
    assert 'id="habit-calendar"' in detail
    # Today ticked; yesterday, ticked before the start, moved it there and was unticked.
    assert "The last year: done on 1 day, of the 2 it asked for." in detail
    assert "Strength: grows each time you keep it" in detail


def test_the_calendars_say_each_day_and_only_the_last_30_can_be_tapped(browser, owner):
    today = owner.local_day(timezone.now())
    habit = make_habit(owner, title="Walk", start_date=today - dt.timedelta(days=60))
    ticked = today - dt.timedelta(days=2)
    services.habit_checkin(user=owner, habit_id=habit.pk, day=ticked)
    page = browser.get(reverse("habit-detail", args=[habit.pk])).content.decode()
    tap = reverse("habit-day", args=[habit.pk, ticked.isoformat()])
    assert f'<form method="post" action="{tap}">' in page
    assert f'aria-pressed="true" aria-label="{ticked:%A %-d %B}: done"' in page
    assert f'aria-label="{today:%A %-d %B}: not ticked"' in page
    too_old = reverse("habit-day", args=[habit.pk, (today - dt.timedelta(days=31)).isoformat()])
    assert too_old not in page
    # The year: a cell a day, the ticked one done and titled by its date.
    assert page.count('<span class="habit-cell') == today.weekday() + 1 + 7 * 52
    assert f'<span class="habit-cell is-done" title="{ticked:%a %-d %b %Y}"></span>' in page


def test_a_day_too_far_back_changes_nothing_and_says_why(browser, owner):
    habit = services.habit_create(user=owner, title="Walk", category="health")
    old = (owner.local_day(timezone.now()) - dt.timedelta(days=40)).isoformat()
    page = browser.post(reverse("habit-day", args=[habit.pk, old]), follow=True)
    assert "more than 30 days back" in page.content.decode()
    assert not HabitCheckIn.objects.exists()


def test_another_persons_habit_is_a_404(client, owner, outsider):
    habit = services.habit_create(user=owner, title="Walk", category="health")
    client.force_login(outsider)
    assert client.get(reverse("habit-detail", args=[habit.pk])).status_code == 404
    today = owner.local_day(timezone.now()).isoformat()
    assert client.post(reverse("habit-day", args=[habit.pk, today])).status_code == 404
    assert not HabitCheckIn.objects.exists()


def test_home_and_today_show_todays_habits_ticked_with_one_tap(browser, owner):
    habit = services.habit_create(user=owner, title="Stretch", category="health")
    today = owner.local_day(timezone.now()).isoformat()
    home = browser.get(reverse("home")).content.decode()
    assert "Your habits today" in home
    assert "Tick today: Stretch" in home

    back_home = browser.post(
        reverse("habit-day", args=[habit.pk, today]), {"next": reverse("home")}, follow=True
    )

    assert back_home.redirect_chain[-1][0] == reverse("home")
    assert "Done today: Stretch" in back_home.content.decode()
    today_page = browser.get(reverse("today")).content.decode()
    assert 'id="habits-today"' in today_page
    assert "Done today: Stretch" in today_page


def test_a_tap_never_sends_the_person_to_another_site(browser, owner):
    habit = services.habit_create(user=owner, title="Stretch", category="health")
    today = owner.local_day(timezone.now()).isoformat()
    answer = browser.post(
        reverse("habit-day", args=[habit.pk, today]), {"next": "https://evil.example/"}
    )
    assert answer.url == reverse("habit-detail", args=[habit.pk])


def test_home_has_no_habits_panel_for_a_person_without_habits(browser):
    assert "Your habits today" not in browser.get(reverse("home")).content.decode()


def test_a_reminder_is_set_said_plainly_and_turned_off(browser, owner):
    owner.quiet_hours_end = dt.time(8, 0)
    owner.save(update_fields=["quiet_hours_end"])
    habit = services.habit_create(user=owner, title="Walk", category="health")
    url = reverse("habit-reminder", args=[habit.pk])

    page = browser.post(url, {"reminder_time": "07:30"}, follow=True).content.decode()
    assert "A reminder at 07:30 on the days it asks for" in page
    assert "That&#x27;s in your quiet hours: it comes when they end, at 08:00." in page
    habit.refresh_from_db()
    assert habit.reminder_time == dt.time(7, 30)

    browser.post(url, {"reminder_time": "07:30", "off": "1"})
    habit.refresh_from_db()
    assert habit.reminder_time is None


def test_a_reminder_time_that_cannot_be_read_changes_nothing(browser, owner):
    habit = services.habit_create(
        user=owner, title="Walk", category="health", reminder_time=dt.time(19, 0)
    )
    page = browser.post(
        reverse("habit-reminder", args=[habit.pk]), {"reminder_time": "25:99"}, follow=True
    )
    assert "That time could not be read" in page.content.decode()
    habit.refresh_from_db()
    assert habit.reminder_time == dt.time(19, 0)


def test_another_persons_reminder_is_not_found(client, owner, outsider):
    habit = services.habit_create(user=outsider, title="Walk", category="health")
    client.force_login(owner)
    answer = client.post(reverse("habit-reminder", args=[habit.pk]), {"reminder_time": "07:30"})
    assert answer.status_code == 404
    habit.refresh_from_db()
    assert habit.reminder_time is None


def test_a_day_of_habits_and_no_missions_shows_the_habits_first_and_counts_them(browser, owner):
    services.habit_create(user=owner, title="Stretch", category="health")
    services.habit_create(user=owner, title="Read", category="growth")

    page = browser.get(reverse("today")).content.decode()

    assert "0 of 2 habits done" in page
    assert page.index('id="habits-today"') < page.index('id="no-missions"')
    assert "0/3" not in page


def test_the_weekdays_are_a_fieldset_named_by_its_legend_its_script_can_hide(browser):
    page = browser.get(reverse("habits")).content.decode()
    assert '<fieldset class="field choices"' in page
    assert "<legend>Weekdays</legend>" in page


def test_a_habit_not_asked_for_today_promises_no_start_today(browser, owner):
    today = owner.local_day(timezone.now())
    services.habit_create(
        user=owner, title="Gym", category="health", schedule="weekdays",
        weekdays=[(today.weekday() + 1) % 7],
    )  # fmt: skip
    page = browser.get(reverse("habits")).content.decode()
    assert "No streak yet." in page
    assert "today can start one" not in page


def test_a_goals_page_offers_its_plans_habit_to_take_on_or_turn_down(browser, owner):
    goal = make_goal(owner, title="Read 12 books")
    read = make_habit(owner, goal=goal, title="Read", target=20, unit="pages", status="suggested")
    write = make_habit(owner, goal=goal, title="Write", status="suggested")
    page = reverse("goal-detail", args=[goal.pk])

    shown = browser.get(page).content.decode()
    assert "2 habits are waiting for your review" in shown
    assert "Habits for this goal" in shown
    assert "20 pages each time" in shown

    took = browser.post(reverse("habit-take", args=[read.pk]), {"next": page}, follow=True)
    browser.post(reverse("habit-take", args=[write.pk]), {"next": page, "no": "1"})

    assert "“Read” is one of your habits now." in took.content.decode()
    assert list(Habit.objects.values_list("title", "status")) == [("Read", "active")]
    again = browser.post(reverse("habit-take", args=[read.pk]), follow=True).content.decode()
    assert "This habit is yours already." in again
    assert "Read" in browser.get(reverse("habits")).content.decode()


def test_another_persons_suggested_habit_is_a_404_and_stays(client, owner, outsider):
    habit = make_habit(owner, goal=make_goal(owner, title="Run"), status="suggested")
    client.force_login(outsider)
    for data in ({}, {"no": "1"}):
        assert client.post(reverse("habit-take", args=[habit.pk]), data).status_code == 404
    habit.refresh_from_db()
    assert habit.status == Habit.Status.SUGGESTED


def test_the_habits_page_lists_no_habit_that_is_only_suggested(browser, owner):
    make_habit(owner, title="Journal", status="suggested")
    assert "Journal" not in browser.get(reverse("habits")).content.decode()
