"""Builders shared by the tests of several apps: people, authenticated API clients, and one
object of each kind a person can reach by an address."""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass

from django.db.backends.postgresql.psycopg_any import DateRange
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from companion import services as companion_services
from companion.models import Actor, Conversation, Memory, Source, Turn
from delight.models import User
from goals.models import Goal, Habit, HighlightReel, Milestone, Mission, MissionSession
from narrative.models import Beat
from narrative.services import story_start
from nudges.models import Notification, PushSubscription
from tests.goals.factories import make_goal, make_mission

PASSWORD = "correct-horse-battery-staple"


def make_user(username: str, **fields) -> User:
    """A person who finished onboarding (unless told otherwise), with PASSWORD."""
    fields.setdefault("onboarding_step", User.Onboarding.DONE)
    user = User(username=username, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user


def token_client(user: User) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@dataclass(frozen=True)
class OwnedWorld:
    """One object of each kind a person can reach by an address, each naming `marker`."""

    goal: Goal
    milestone: Milestone
    mission: Mission
    session: MissionSession
    memory: Memory
    conversation: Conversation
    turn: Turn
    reel: HighlightReel
    notification: Notification
    push_subscription: PushSubscription
    beat: Beat
    habit: Habit


def make_owned_world(user: User, *, marker: str) -> OwnedWorld:
    """A goal with a milestone and a mission being worked on (a running session), a memory,
    a conversation with one answered turn, a highlight reel, a notification, a browser
    subscribed to pushes, a passage of their story offering a choice and a habit ticked
    today; every text names `marker`."""
    goal = make_goal(user, title=f"{marker} goal", description=f"{marker} matters")
    milestone = Milestone.objects.create(goal=goal, position=1, title=f"{marker} milestone")
    mission = make_mission(goal, milestone=milestone, title=f"{marker} mission")
    session = MissionSession.objects.create(
        user=user, mission=mission, started_at=timezone.now(), planned_minutes=20
    )
    memory = companion_services.memory_create(
        user=user,
        content=f"{marker} loves quiet mornings",
        tier="personal",
        key="likes:quiet_mornings",  # keyed: one of the About you page's items too
        source=Source.USER,
        actor=Actor.USER,
    ).memory
    conversation = Conversation.objects.create(id=uuid.uuid4(), user=user, title=f"{marker} chat")
    turn = Turn.objects.create(
        id=uuid.uuid4(),
        conversation=conversation,
        user=user,
        idempotency_key=uuid.uuid4().hex,
        text=f"{marker} says hello",
        reply=f"Hello, {marker}.",
        status=Turn.Status.DONE,
    )
    today = user.local_day(timezone.now())
    reel = HighlightReel.objects.create(
        user=user,
        trigger=HighlightReel.Trigger.MILESTONE,
        key="milestone:overall:7:" + today.isoformat(),
        title=f"{marker} week",
        starts_on=today,
        ends_on=today,
    )
    notification = Notification.objects.create(
        user=user, kind=Notification.Kind.NUDGE, key=f"{marker}:note", title=f"{marker} note"
    )
    push_subscription = PushSubscription.objects.create(
        user=user,
        endpoint=f"https://push.example.net/{marker}",
        p256dh="B" + "A" * 86,  # never pushed to here
        auth="A" * 22,
    )
    beat = Beat.objects.create(
        user=user,
        story=story_start(user=user),
        status=Beat.Status.WRITTEN,
        kind="milestone",
        requested_at=timezone.now(),
        written_at=timezone.now(),
        title=f"{marker} passage",
        text=f"{marker} lit a lantern.",
        choice={"key": f"choice:{marker}", "label": f"Sit with {marker}", "cost": 20},
    )
    habit = Habit.objects.create(
        user=user,
        title=f"{marker} habit",
        category="health",
        start_date=today - dt.timedelta(days=10),
        pauses=[DateRange(today - dt.timedelta(days=8), today - dt.timedelta(days=6), "[)")],
    )
    habit.checkins.create(user=user, day=today, note=f"{marker} felt good")
    return OwnedWorld(
        goal,
        milestone,
        mission,
        session,
        memory,
        conversation,
        turn,
        reel,
        notification,
        push_subscription,
        beat,
        habit,
    )
