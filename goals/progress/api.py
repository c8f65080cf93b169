"""REST API of progress: GET /api/progress/ (streaks now; the Daily Consistency Index joins
it in a later step and is null until then)."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from goals.models import Category
from goals.progress import selectors


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


urlpatterns = [path("", ProgressView.as_view(), name="api-progress")]
