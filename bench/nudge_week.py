"""A week and a half away, on a simulated clock: what one person receives, when and how.

    .venv/bin/python bench/nudge_week.py

Olivia (Europe/Berlin, quiet hours 22:00-08:00, emails on, this browser's notifications on)
tells Eliza about her goal and her sister, brings three weeks of history (mostly evenings
around 20:00), then stops. Her browser is subscribed to a local push service (the tests'
tests/nudges/push_server.py, which checks the VAPID signature and decrypts each push). The
jobs run every 15 simulated minutes for ten days (`nudges_plan`, `nudges_deliver` with
`now=`); every nudge given is printed on her clock with its channel and words, and every
email that left. Then she comes back (now, through the API): Eliza's reply and today's
three show the welcome and the ease-back-in mission. Its own database:
delight_bench_nudge_week, the person made afresh each run.
"""

from __future__ import annotations

import datetime as dt
import os

from common import bench_database_url, django_setup

BENCH_DB = "delight_bench_nudge_week"
USERNAME = "olivia-week"
ZONE = "Europe/Berlin"
STEP = dt.timedelta(minutes=15)
AWAY_DAYS = 10


def person(push_service):
    from rest_framework.test import APIClient

    from delight.models import User

    User.objects.filter(username=USERNAME).delete()
    user = User.objects.create_user(USERNAME, password="week-pass-123")
    user.onboarding_step = User.Onboarding.DONE
    user.save()
    client = APIClient()
    client.force_authenticate(user)
    client.patch(
        "/api/me/",
        {
            "first_name": "Olivia",
            "email": "olivia@example.org",
            "timezone": ZONE,
            "email_opt_in": True,
            "second_channel_opt_in": True,
        },
        format="json",
    )
    browser = push_service.browser()
    subscribed = client.post("/api/push/subscriptions/", browser.subscription_json(), format="json")
    assert subscribed.status_code == 201, subscribed.content
    goal = client.post(
        "/api/goals/",
        {"title": "Speak Spanish with my nieces", "category": "growth", "importance": 4},
        format="json",
    )
    assert goal.status_code == 201, goal.content
    client.post(
        "/api/companion/messages/",
        {"text": "My sister Ana lives in Madrid and I want to talk with her kids in Spanish."},
        format="json",
    )
    return User.objects.get(pk=user.pk), client


def history(client, last: dt.datetime) -> None:
    """Three weeks of evenings (and a few mornings) before `last`."""
    events = []
    for back in range(1, 22):
        day = last - dt.timedelta(days=back)
        hour = 7 if back % 5 == 0 else 20
        local = day.replace(hour=hour, minute=10)
        events.append(
            {"occurred_at": local.isoformat(), "category": "growth", "title": "Spanish flashcards"}
        )
    answer = client.post("/api/progress/import/", {"events": events}, format="json")
    assert answer.status_code in (200, 201), answer.content


def simulate(user, start: dt.datetime, push_service) -> None:
    from django.core import mail

    from nudges import services
    from nudges.models import ScheduledSend

    zone = user.zone
    print(
        f"Last here {start.astimezone(zone):%a %d %b %H:%M} ({ZONE}); the jobs run every"
        f" {STEP.seconds // 60} simulated minutes for {AWAY_DAYS} days.\n"
    )
    mail.outbox = []
    shown = set()
    now = start
    while now < start + dt.timedelta(days=AWAY_DAYS):
        services.nudges_plan(now=now)
        services.nudges_deliver(now=now)
        for send in ScheduledSend.objects.owned_by(user).select_related("notification"):
            if send.pk in shown or send.state not in ("sent", "skipped", "failed"):
                continue
            shown.add(send.pk)
            away = (send.sent_at or now) - start
            print(
                f"{(send.sent_at or now).astimezone(zone):%a %d %b %H:%M}"
                f"  day {away.days}, {send.get_channel_display().lower()}: {send.state}"
                f" (due {send.due_at.astimezone(zone):%H:%M})"
            )
            if send.notification:
                print(f"    “{send.notification.title}”\n    {send.notification.body}")
            if send.reason:
                print(f"    ({send.reason})")
        now += STEP
    print(f"\nEmails that left: {len(mail.outbox)}")
    for message in mail.outbox:
        way_out = "with" if message.extra_headers.get("List-Unsubscribe") else "WITHOUT"
        print(f"  to {message.to[0]}: “{message.subject}” ({way_out} List-Unsubscribe)")

    print(f"Pushes that arrived: {len(push_service.received)}")
    for push in push_service.received:
        payload = push.payload or {}
        print(f"  “{payload.get('title')}” (VAPID signed by {push.claims.get('sub')}) {push.error}")


def come_back(client) -> None:
    reply = client.post("/api/companion/messages/", {"text": "Hi Eliza, I'm back."}, format="json")
    print(f"\nShe comes back. Eliza: {reply.json()['reply']}")
    triad = client.get("/api/triad/").json()
    print("Today's three:")
    for slot in ("high", "medium", "low"):
        mission = triad.get(slot)
        if mission:
            print(
                f"  {slot}: {mission['title']} ({mission['estimated_minutes']} min,"
                f" {mission['energy']} energy)"
            )


def main() -> None:
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    os.environ["PUSH_ALLOW_INSECURE_ENDPOINTS"] = "true"  # the local push service is http
    django_setup(bench_database_url(BENCH_DB))
    from tests.nudges.push_server import PushService

    with PushService() as push_service:
        week(push_service)


def week(push_service) -> None:
    from django.utils import timezone

    from nudges.models import Presence

    user, client = person(push_service)
    # She stops on an evening AWAY_DAYS + 1 days ago (so her return is now).
    last = (timezone.now() - dt.timedelta(days=AWAY_DAYS + 1)).astimezone(user.zone)
    last = last.replace(hour=20, minute=30, second=0, microsecond=0)
    history(client, last)
    Presence.objects.filter(user=user).update(last_active_at=last, nudges_planned=0)
    simulate(user, last, push_service)
    come_back(client)


if __name__ == "__main__":
    main()
