"""REST API of progress: GET /api/progress/ (streaks now; the Daily Consistency Index joins
it in a later step and is null until then) and GET /api/progress/days/ (one row per local
date)."""

from __future__ import annotations

import datetime as dt

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from goals.models import Category
from goals.progress import selectors
from goals.progress.api_import import ProgressImportView


class StreakSerializer(serializers.Serializer):
    current = serializers.IntegerField(help_text="Days in the streak alive now (0: none).")
    longest = serializers.IntegerField()
    started_on = serializers.DateField(allow_null=True)
    last_day = serializers.DateField(allow_null=True, help_text="The last local date credited.")
    strength = serializers.FloatField(
        help_text="0 to 1, Loop Habit Tracker's habit strength (13-day half-life); one miss "
        "never makes it 0; days covered by a freeze leave it unchanged."
    )
    freezes_held = serializers.IntegerField(help_text="0 to 2; one earned per 7 streak days.")
    frozen = serializers.ListField(
        child=serializers.DateField(), help_text="Local dates a freeze covered."
    )
    next_milestone = serializers.IntegerField(allow_null=True)


class StreaksSerializer(serializers.Serializer):
    overall = StreakSerializer()
    by_category = serializers.DictField(
        child=StreakSerializer(), help_text=f"One per value category: {', '.join(Category.values)}."
    )


class ProgressSerializer(serializers.Serializer):
    streaks = StreaksSerializer()
    dci = serializers.JSONField(allow_null=True, help_text="Not computed yet: null.")


class ProgressView(APIView):
    """GET /api/progress/: the person's streaks, overall and per value category."""

    @extend_schema(responses=ProgressSerializer)
    def get(self, request: Request) -> Response:
        streaks = selectors.progress_streaks(user=request.user)
        return Response(ProgressSerializer({"streaks": streaks, "dci": None}).data)


class DayRowSerializer(serializers.Serializer):
    date = serializers.DateField(help_text="The person's local date.")
    active = serializers.BooleanField(help_text="At least one mission finished that day.")
    freeze_used = serializers.BooleanField(help_text="A freeze kept the streak that day.")
    missions_done = serializers.IntegerField()
    minutes = serializers.IntegerField(help_text="Minutes of focus sessions finished.")
    dci = serializers.FloatField(allow_null=True, help_text="Not computed yet: null.")


class ProgressDaysView(APIView):
    """GET /api/progress/days/?from=YYYY-MM-DD&to=YYYY-MM-DD: one row per local date
    (default: the 90 days up to today; at most 400 days)."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "from", dt.date, description="First local date (default: 89 days ago)."
            ),
            OpenApiParameter("to", dt.date, description="Last local date (default: today)."),
        ],
        responses=DayRowSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        end = _date(request, "to") or selectors.progress_today(user=request.user)
        start = _date(request, "from") or end - dt.timedelta(days=89)
        if start > end:
            raise serializers.ValidationError({"from": "Must not be after “to”."})
        if (end - start).days >= selectors.DAYS_MAX:
            raise serializers.ValidationError(
                {"from": f"At most {selectors.DAYS_MAX} days at a time."}
            )
        streak = selectors.progress_streaks(user=request.user).overall
        rows = selectors.progress_day_rows(user=request.user, start=start, end=end, streak=streak)
        data = [{**row.__dict__, "dci": None} for row in rows]
        return Response(DayRowSerializer(data, many=True).data)


def _date(request: Request, name: str) -> dt.date | None:
    raw = request.query_params.get(name)
    if not raw:
        return None
    try:
        return dt.date.fromisoformat(raw)
    except ValueError:
        raise serializers.ValidationError({name: "Must be a date as YYYY-MM-DD."}) from None


urlpatterns = [
    path("", ProgressView.as_view(), name="api-progress"),
    path("days/", ProgressDaysView.as_view(), name="api-progress-days"),
    path("import/", ProgressImportView.as_view(), name="api-progress-import"),
]
