"""REST API of progress: GET /api/progress/ (streaks now and the newest Daily Consistency
Index with its parts and trends) and GET /api/progress/days/ (one row per local date)."""

from __future__ import annotations

import datetime as dt

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.api_params import DATE_SCHEMA, date_param
from delight.requests import PersonApiRequest
from goals.models import Category
from goals.progress import api_highlights, selectors
from goals.progress.api_import import ProgressImportView
from goals.progress.api_insights import ProgressInsightsView
from goals.progress.consistency import used_weights
from goals.progress.selectors import TRENDS


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


class ComponentsSerializer(serializers.Serializer):
    strength = serializers.FloatField(help_text="Streak strength at the day's end.")
    completion = serializers.FloatField(
        allow_null=True, help_text="Missions done / offered, last 7 days; null: none offered."
    )
    engagement = serializers.FloatField(help_text="Focus minutes and talks, last 7 days.")
    nudge_response = serializers.FloatField(
        allow_null=True, help_text="Nudges answered / sent, last 30 days; null: none sent."
    )


class TrendSerializer(serializers.Serializer):
    mean = serializers.FloatField(allow_null=True)
    slope = serializers.FloatField(allow_null=True, help_text="Change per day.")


# The schema of the trends by window: {"7": Trend, "30": Trend, "90": Trend}. Declared as a
# serializer (its field names are the windows) so the schema has the Trend component too.
TrendsSerializer = type(
    "TrendsSerializer",
    (serializers.Serializer,),
    {str(days): TrendSerializer(required=True) for days in TRENDS},
)


@extend_schema_field(TrendsSerializer)
class TrendsField(serializers.Field):
    def to_representation(self, trends: dict) -> dict:
        return {str(days): TrendSerializer(value).data for days, value in trends.items()}


class ConsistencySerializer(serializers.Serializer):
    date = serializers.DateField(help_text="The local date it is for (the last ended day).")
    value = serializers.FloatField(help_text="0 to 1.")
    components = ComponentsSerializer()
    weights = serializers.DictField(
        child=serializers.FloatField(),
        help_text="The weights used, renormalised without the parts left out.",
    )
    trend = TrendsField(help_text="Mean and slope over the last 7, 30 and 90 days.")


class ProgressSerializer(serializers.Serializer):
    streaks = StreaksSerializer()
    dci = ConsistencySerializer(
        allow_null=True, help_text="Null until the person's first day has ended."
    )


class ProgressView(APIView):
    """GET /api/progress/: the person's streaks, overall and per value category, and their
    newest Daily Consistency Index."""

    @extend_schema(responses=ProgressSerializer)
    def get(self, request: PersonApiRequest) -> Response:
        streaks = selectors.progress_streaks(user=request.user)
        consistency = selectors.progress_consistency(user=request.user)
        body = {"streaks": streaks, "dci": _consistency(consistency)}
        return Response(ProgressSerializer(body).data)


def _consistency(consistency: selectors.Consistency) -> dict | None:
    snapshot = consistency.latest
    if snapshot is None:
        return None
    components = snapshot.components
    return {
        "date": snapshot.date,
        "value": snapshot.value,
        "components": components,
        "weights": used_weights(components),
        "trend": consistency.trends,
    }


class DayRowSerializer(serializers.Serializer):
    date = serializers.DateField(help_text="The person's local date.")
    active = serializers.BooleanField(help_text="At least one mission finished that day.")
    freeze_used = serializers.BooleanField(help_text="A freeze kept the streak that day.")
    missions_done = serializers.IntegerField()
    minutes = serializers.IntegerField(help_text="Minutes of focus sessions finished.")
    dci = serializers.FloatField(
        allow_null=True, help_text="The date's consistency index; null until its day ended."
    )


class ProgressDaysView(APIView):
    """GET /api/progress/days/?from=YYYY-MM-DD&to=YYYY-MM-DD: one row per local date
    (default: the 90 days up to today; at most 400 days)."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "from", DATE_SCHEMA, description="First local date (default: 89 days ago)."
            ),
            OpenApiParameter("to", DATE_SCHEMA, description="Last local date (default: today)."),
        ],
        responses=DayRowSerializer(many=True),
    )
    def get(self, request: PersonApiRequest) -> Response:
        end = date_param(request, "to") or selectors.progress_today(user=request.user)
        start = date_param(request, "from") or end - dt.timedelta(days=89)
        if start > end:
            raise serializers.ValidationError({"from": "Must not be after “to”."})
        if (end - start).days >= selectors.DAYS_MAX:
            raise serializers.ValidationError(
                {"from": f"At most {selectors.DAYS_MAX} days at a time."}
            )
        streak = selectors.progress_streaks(user=request.user).overall
        rows = selectors.progress_day_rows(user=request.user, start=start, end=end, streak=streak)
        return Response(DayRowSerializer(rows, many=True).data)


urlpatterns = [
    path("", ProgressView.as_view(), name="api-progress"),
    path("days/", ProgressDaysView.as_view(), name="api-progress-days"),
    path("highlights/", api_highlights.HighlightsView.as_view(), name="api-progress-highlights"),
    path(
        "highlights/<int:reel_id>/",
        api_highlights.HighlightView.as_view(),
        name="api-progress-highlight",
    ),
    path("insights/", ProgressInsightsView.as_view(), name="api-progress-insights"),
    path("import/", ProgressImportView.as_view(), name="api-progress-import"),
]
