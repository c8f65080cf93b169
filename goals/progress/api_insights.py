"""REST API of insights: GET /api/progress/insights/ (what Eliza noticed, newest first)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.requests import PersonApiRequest
from goals.models import ProgressInsight
from goals.progress.insights import progress_insights


class InsightSerializer(serializers.ModelSerializer):
    facts = serializers.DictField(
        help_text='The numbers the text quotes, by name (e.g. {"done": 9, "offered": 12}).'
    )

    class Meta:
        model = ProgressInsight
        fields = ("kind", "text", "facts", "created_at")


class ProgressInsightsView(APIView):
    """GET /api/progress/insights/: the patterns Eliza noticed in the person's progress, in
    plain words, the newest first (at most 20)."""

    @extend_schema(responses=InsightSerializer(many=True))
    def get(self, request: PersonApiRequest) -> Response:
        insights = progress_insights(user=request.user)
        return Response(InsightSerializer(insights, many=True).data)
