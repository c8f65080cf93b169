"""GET /api/progress/highlights/ (the person's highlight reels) and
GET /api/progress/highlights/<id>/ (one reel with its wins)."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.requests import PersonApiRequest
from goals.models import HighlightReel
from goals.progress import highlights


class ReelSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(help_text="The reel's page.")

    class Meta:
        model = HighlightReel
        fields = ["id", "trigger", "title", "starts_on", "ends_on", "created_at", "url"]

    def get_url(self, reel: HighlightReel) -> str:
        return reverse("progress-highlight", args=[reel.pk])


class WinSerializer(serializers.Serializer):
    date = serializers.DateField()
    title = serializers.CharField()
    category = serializers.CharField(help_text="The value category's label; empty: none.")


class HabitKeptSerializer(serializers.Serializer):
    title = serializers.CharField()
    days = serializers.IntegerField(help_text="The days of the period it was done.")
    category = serializers.CharField(help_text="The value category's label.")


class ReflectionSerializer(serializers.Serializer):
    date = serializers.DateField()
    mission = serializers.CharField()
    text = serializers.CharField(help_text="What the person wrote after the session.")


class ReelDaySerializer(serializers.Serializer):
    date = serializers.DateField()
    active = serializers.BooleanField()
    frozen = serializers.BooleanField()
    dci = serializers.FloatField(allow_null=True)


class ReelContentSerializer(serializers.Serializer):
    reel = ReelSerializer()
    wins = WinSerializer(many=True)
    habits = HabitKeptSerializer(many=True, help_text="Habits done in the period, most first.")
    minutes = serializers.IntegerField(help_text="Focus minutes in the period.")
    reflections = ReflectionSerializer(many=True)
    days = ReelDaySerializer(many=True)


class HighlightsView(APIView):
    """The person's highlight reels, the newest first (at most 20)."""

    @extend_schema(responses=ReelSerializer(many=True))
    def get(self, request: PersonApiRequest) -> Response:
        reels = highlights.progress_highlights(user=request.user)
        return Response(ReelSerializer(reels, many=True).data)


class HighlightView(APIView):
    """One of the person's reels with its wins; another person's answers 404."""

    @extend_schema(responses=ReelContentSerializer)
    def get(self, request: PersonApiRequest, reel_id: int) -> Response:
        content = highlights.progress_highlight(user=request.user, reel_id=reel_id)
        return Response(ReelContentSerializer(content).data)
