"""REST API of Essence and hidden quests, under /api/story/: GET essence/ (the balance and
the newest entries of the ledger) and GET quests/ (the quests unlocked; the rest stay hidden,
only counted)."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from narrative import selectors
from narrative.models import EssenceEntry, EssenceKind, QuestUnlock
from narrative.quests import QUESTS, QUESTS_BY_KEY

ENTRIES_SHOWN = 100


class EssenceEntrySerializer(serializers.ModelSerializer):
    kind = serializers.ChoiceField(choices=EssenceKind.choices)
    label = serializers.CharField(source="get_kind_display", help_text="The kind, in words.")

    class Meta:
        model = EssenceEntry
        fields = ["id", "amount", "kind", "label", "note", "created_at"]


class EssenceSerializer(serializers.Serializer):
    balance = serializers.IntegerField(help_text="Never below zero.")
    entries_count = serializers.IntegerField(help_text="Every entry of the ledger.")
    entries = EssenceEntrySerializer(
        many=True, help_text=f"The newest {ENTRIES_SHOWN}, newest first: + earned, - spent."
    )


class QuestSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    message = serializers.CharField(help_text="Eliza's words when it unlocked.")
    reward = serializers.IntegerField(help_text="The Essence it gave.")
    unlocked_at = serializers.DateTimeField()
    mission_id = serializers.IntegerField(
        allow_null=True, help_text="The special mission it gave (none without an active goal)."
    )


class QuestsSerializer(serializers.Serializer):
    unlocked = QuestSerializer(many=True, help_text="Newest first.")
    hidden_count = serializers.IntegerField(help_text="Quests still hidden: not named until met.")


def _quest(unlock: QuestUnlock) -> dict:
    quest = QUESTS_BY_KEY[unlock.quest_key]
    return {
        "key": quest.key,
        "title": quest.title,
        "message": quest.message,
        "reward": quest.reward,
        "unlocked_at": unlock.unlocked_at,
        "mission_id": unlock.mission_id,
    }


class EssenceView(APIView):
    """Your Essence: the balance and the ledger."""

    @extend_schema(operation_id="story_essence", responses=EssenceSerializer)
    def get(self, request: Request) -> Response:
        ledger = selectors.essence_ledger(user=request.user)
        body = {
            "balance": selectors.essence_balance(user=request.user),
            "entries_count": ledger.count(),
            "entries": ledger[:ENTRIES_SHOWN],
        }
        return Response(EssenceSerializer(body).data)


class QuestsView(APIView):
    """The hidden quests you unlocked, and how many are still hidden."""

    @extend_schema(operation_id="story_quests", responses=QuestsSerializer)
    def get(self, request: Request) -> Response:
        unlocks = [
            unlock
            for unlock in selectors.quests_unlocked(user=request.user)
            if unlock.quest_key in QUESTS_BY_KEY  # a quest taken out of the table is not shown
        ]
        hidden = len(QUESTS) - len(unlocks)
        body = {"unlocked": [_quest(unlock) for unlock in unlocks], "hidden_count": hidden}
        return Response(QuestsSerializer(body).data)


urlpatterns = [
    path("essence/", EssenceView.as_view(), name="api-story-essence"),
    path("quests/", QuestsView.as_view(), name="api-story-quests"),
]
