"""REST API of habits: GET/POST /api/habits/, GET/PATCH/DELETE /api/habits/<id>/,
POST/DELETE /api/habits/<id>/checkins/<YYYY-MM-DD>/ and GET /api/habits/<id>/calendar/.

Reads through selectors, writes through services, with request.user: another person's habit
answers 404. Bad input (a day to come or too far back, a number on a yes/no habit, a weekly
habit of 0 times) is a 400 naming the field, and changes nothing."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.urls import path
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.api_params import (
    DATE_SCHEMA,
    DateField,
    WallTimeField,
    choice_param,
    date_param,
    id_field,
    parse_day,
)
from delight.requests import PersonApiRequest
from delight.text import TextField
from goals import selectors, services
from goals.models import TITLE_MAX, Category, Habit, HabitCheckIn
from goals.models.habits import HABIT_STATUSES_SET

DEFAULT_CALENDAR_DAYS = 30


class HabitStreakSerializer(serializers.Serializer):
    current = serializers.IntegerField()
    best = serializers.IntegerField()
    unit = serializers.ChoiceField(choices=["days", "weeks"])
    rate = serializers.FloatField(allow_null=True)
    strength = serializers.FloatField(min_value=0, max_value=1)


class HabitSerializer(serializers.ModelSerializer):
    """A habit, with its streak when the view read them (`context["streaks"]`)."""

    streak = serializers.SerializerMethodField()
    reminder_time = WallTimeField(read_only=True, allow_null=True)

    class Meta:
        model = Habit
        fields = [
            "id",
            "title",
            "category",
            "goal",
            "schedule",
            "times_per_week",
            "weekdays",
            "every_days",
            "target",
            "unit",
            "status",
            "start_date",
            "reminder_time",
            "created_at",
            "streak",
        ]
        read_only_fields = fields

    @extend_schema_field(HabitStreakSerializer)
    def get_streak(self, habit: Habit) -> dict[str, Any]:
        streak = self.context["streaks"][habit.pk]
        return HabitStreakSerializer(streak).data


class HabitInput(serializers.Serializer):
    title = TextField(max_length=TITLE_MAX, noun="title")
    category = serializers.ChoiceField(choices=Category.choices)
    goal_id = id_field(required=False, allow_null=True)
    schedule = serializers.ChoiceField(choices=Habit.Schedule.choices, required=False)
    times_per_week = serializers.IntegerField(
        min_value=1, max_value=7, required=False, allow_null=True
    )
    weekdays = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=6), max_length=7, required=False
    )
    every_days = serializers.IntegerField(
        min_value=2, max_value=30, required=False, allow_null=True
    )
    target = serializers.IntegerField(
        min_value=1, max_value=1_000_000, required=False, allow_null=True
    )
    unit = TextField(max_length=30, noun="unit", required=False, allow_blank=True)
    status = serializers.ChoiceField(choices=HABIT_STATUSES_SET, required=False)
    start_date = DateField(required=False)
    reminder_time = WallTimeField(required=False, allow_null=True)


class CheckInInput(serializers.Serializer):
    state = serializers.ChoiceField(choices=HabitCheckIn.State.choices, required=False)
    value = serializers.IntegerField(
        min_value=0, max_value=1_000_000, required=False, allow_null=True
    )
    note = TextField(max_length=200, noun="note", required=False, allow_blank=True)


class CheckInSerializer(serializers.ModelSerializer):
    class Meta:
        model = HabitCheckIn
        fields = ["day", "state", "value", "note"]
        read_only_fields = fields


class HabitDaySerializer(serializers.Serializer):
    day = serializers.DateField()
    due = serializers.BooleanField()
    state = serializers.CharField()
    value = serializers.IntegerField(allow_null=True)


def _shown(user: Any, habits: list[Habit]) -> dict[str, Any]:
    """The serializer context that gives each habit its streak (one read for them all)."""
    today = user.local_day(timezone.now())
    return {"streaks": selectors.habit_streaks(user=user, habits=habits, today=today)}


def _habit_body(user: Any, habit: Habit) -> Any:
    return HabitSerializer(habit, context=_shown(user, [habit])).data


def _valid(serializer_class: type[serializers.Serializer], data: Any, **options: Any) -> dict:
    serializer = serializer_class(data=data, **options)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _day(raw: str) -> dt.date:
    try:
        return parse_day(raw)
    except ValueError as refused:
        raise serializers.ValidationError({"day": str(refused)}) from None


class HabitListView(generics.ListAPIView):
    """GET: the person's habits (?status=). POST: a new one."""

    request: PersonApiRequest
    serializer_class = HabitSerializer

    def get_queryset(self) -> Any:
        wanted = choice_param(self.request, "status", Habit.Status.values)
        return selectors.habit_list(user=self.request.user, status=wanted)

    def get_serializer_context(self) -> dict[str, Any]:
        if getattr(self, "swagger_fake_view", False):  # the schema's own look: no person
            return super().get_serializer_context()
        habits = list(self.get_queryset())  # a person keeps a few: their streaks in one read
        return {**super().get_serializer_context(), **_shown(self.request.user, habits)}

    @extend_schema(request=HabitInput, responses={201: HabitSerializer})
    def post(self, request: PersonApiRequest) -> Response:
        habit = services.habit_create(user=request.user, **_valid(HabitInput, request.data))
        return Response(_habit_body(request.user, habit), status=status.HTTP_201_CREATED)


class HabitDetailView(APIView):
    @extend_schema(responses=HabitSerializer)
    def get(self, request: PersonApiRequest, habit_id: int) -> Response:
        habit = selectors.habit_get(user=request.user, habit_id=habit_id)
        return Response(_habit_body(request.user, habit))

    @extend_schema(request=HabitInput, responses=HabitSerializer)
    def patch(self, request: PersonApiRequest, habit_id: int) -> Response:
        changes = _valid(HabitInput, request.data, partial=True)
        habit = services.habit_update(user=request.user, habit_id=habit_id, **changes)
        return Response(_habit_body(request.user, habit))

    @extend_schema(responses={204: None})
    def delete(self, request: PersonApiRequest, habit_id: int) -> Response:
        services.habit_delete(user=request.user, habit_id=habit_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


DAY_PARAM = OpenApiParameter("day", DATE_SCHEMA, OpenApiParameter.PATH)


class CheckInView(APIView):
    """POST: tick the habit on the person's day (done, or skipped with a note; a number for
    a measurable habit). DELETE: untick it."""

    @extend_schema(parameters=[DAY_PARAM], request=CheckInInput, responses=CheckInSerializer)
    def post(self, request: PersonApiRequest, habit_id: int, day: str) -> Response:
        checkin = services.habit_checkin(
            user=request.user,
            habit_id=habit_id,
            day=_day(day),
            **_valid(CheckInInput, request.data),
        )
        return Response(CheckInSerializer(checkin).data)

    @extend_schema(parameters=[DAY_PARAM], responses={204: None})
    def delete(self, request: PersonApiRequest, habit_id: int, day: str) -> Response:
        services.habit_checkin_clear(user=request.user, habit_id=habit_id, day=_day(day))
        return Response(status=status.HTTP_204_NO_CONTENT)


class CalendarView(APIView):
    """GET: each of the habit's days from ?from= to ?to= (the last 30 days by default, at
    most 400), with whether its schedule asks for it and what was ticked."""

    @extend_schema(
        parameters=[
            OpenApiParameter("from", DATE_SCHEMA),
            OpenApiParameter("to", DATE_SCHEMA),
        ],
        responses=HabitDaySerializer(many=True),
    )
    def get(self, request: PersonApiRequest, habit_id: int) -> Response:
        user = request.user
        habit = selectors.habit_get(user=user, habit_id=habit_id)
        end = date_param(request, "to") or user.local_day(timezone.now())
        start = date_param(request, "from") or end - dt.timedelta(days=DEFAULT_CALENDAR_DAYS - 1)
        if start > end:
            raise serializers.ValidationError({"from": "Must not be after to."})
        if (end - start).days >= selectors.CALENDAR_DAYS_MAX:
            raise serializers.ValidationError(
                {"to": f"At most {selectors.CALENDAR_DAYS_MAX} days at once."}
            )
        days = selectors.habit_calendar(user=user, habit=habit, start=start, end=end)
        return Response(HabitDaySerializer(days, many=True).data)


urlpatterns = [
    path("habits/", HabitListView.as_view(), name="api-habits"),
    path("habits/<int:habit_id>/", HabitDetailView.as_view(), name="api-habit"),
    path(
        "habits/<int:habit_id>/checkins/<str:day>/",
        CheckInView.as_view(),
        name="api-habit-checkin",
    ),
    path("habits/<int:habit_id>/calendar/", CalendarView.as_view(), name="api-habit-calendar"),
]
