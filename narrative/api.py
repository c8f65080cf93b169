"""REST API of the story: GET /api/story/ (where the person is in it), /beats/ (its passages),
/world/?at=YYYY-MM-DD (the world as it stood), /essence/, /quests/; POST /choices/ (spend
Essence on a side chapter). Times answer in UTC, like every /api/ answer (clients show
them in the person's zone)."""

from __future__ import annotations

import datetime as dt

from django.urls import path
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.api_params import DATE_SCHEMA, date_param
from delight.models import User
from delight.requests import PersonApiRequest
from narrative import selectors, services
from narrative.beats import services as beats
from narrative.invariants import HERO, World
from narrative.models import (
    Beat,
    BeatKind,
    Entity,
    EssenceEntry,
    EssenceKind,
    Fact,
    QuestUnlock,
    Story,
)
from narrative.quests import QUESTS, Quest, quests_found
from narrative.words import provenance_words


class WorldEntitySerializer(serializers.Serializer):
    key = serializers.CharField()
    kind = serializers.ChoiceField(choices=Entity.Kind.choices)
    name = serializers.CharField()
    introduced_at = serializers.DateTimeField()
    left = serializers.BooleanField(help_text="It had left the story by then.")


class WorldFactSerializer(serializers.Serializer):
    subject = serializers.CharField(help_text="An entity's key.")
    relation = serializers.ChoiceField(choices=Fact.Relation.choices)
    object = serializers.CharField(help_text="An entity's key.")
    since = serializers.DateTimeField(help_text="When it became true.")
    text = serializers.CharField(help_text='In plain words: "Mira the Lamplighter is at …".')


class StoryWorldSerializer(serializers.Serializer):
    at = serializers.DateTimeField(help_text="The instant shown: the end of the date asked for.")
    entities = WorldEntitySerializer(many=True)
    facts = WorldFactSerializer(many=True)


class StoryWorldView(APIView):
    """GET /api/story/world/?at=YYYY-MM-DD: the person's story world as it stood at the end
    of that local date (default: now): who and what had entered it, and what was true."""

    @extend_schema(
        parameters=[
            OpenApiParameter("at", DATE_SCHEMA, description="A local date (default: now).")
        ],
        responses=StoryWorldSerializer,
    )
    def get(self, request: PersonApiRequest) -> Response:
        user = request.user
        day = date_param(request, "at")
        at = _end_of(day, user) if day is not None else timezone.now()
        services.story_start(user=user)
        world = selectors.world_at(user=user, at=at)
        return Response(StoryWorldSerializer(_body(world, at)).data)


def _end_of(day: dt.date, user: User) -> dt.datetime:
    """The last instant of ``day`` in the person's timezone."""
    midnight = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tzinfo=user.zone)
    return midnight - dt.timedelta(microseconds=1)


def _body(world: World, at: dt.datetime) -> dict:
    names = {key: entity.name for key, entity in world.entities.items()}
    return {
        "at": at,
        "entities": [
            {
                "key": e.key,
                "kind": e.kind,
                "name": e.name,
                "introduced_at": e.introduced_at,
                "left": e.left_at is not None,
            }
            for e in world.entities.values()
        ],
        "facts": [
            {
                "subject": f.subject,
                "relation": f.relation,
                "object": f.object,
                "since": f.valid_from,
                "text": f"{names[f.subject]} {_verb(f.subject, f.relation)} {names[f.object]}",
            }
            for f in world.facts
        ],
    }


# The hero is "You": "You hold a small lantern", not "You holds".
HERO_VERBS = {"at": "are at", "holds": "hold", "knows": "know"}


def _verb(subject: str, relation: str) -> str:
    if subject == HERO and relation in HERO_VERBS:
        return HERO_VERBS[relation]
    return str(Fact.Relation(relation).label)


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


def _quest(quest: Quest, unlock: QuestUnlock) -> dict:
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
    def get(self, request: PersonApiRequest) -> Response:
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
    def get(self, request: PersonApiRequest) -> Response:
        found = quests_found(user=request.user)  # a quest taken out of the table is not shown
        hidden = len(QUESTS) - len(found)
        body = {"unlocked": [_quest(*pair) for pair in found], "hidden_count": hidden}
        return Response(QuestsSerializer(body).data)


class ChoiceSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField(help_text="What the person reads on the button.")
    cost = serializers.IntegerField(help_text="Essence.")
    taken = serializers.BooleanField(help_text="Chosen already (its side chapter follows).")


class BeatSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=BeatKind.choices)
    kind_label = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField(help_text="200 to 400 words; paragraphs split by blank lines.")
    act = serializers.IntegerField()
    chapter = serializers.IntegerField()
    chapter_name = serializers.CharField()
    place = serializers.CharField(help_text="The key of the place the scene happens at.")
    written_at = serializers.DateTimeField(help_text="The scene's instant.")
    told = serializers.ListField(
        child=serializers.CharField(), help_text="The real progress it tells, in plain words."
    )
    provenance = serializers.ListField(
        child=serializers.DictField(), help_text="The same, with the ids of what it cites."
    )
    choice = ChoiceSerializer(allow_null=True)


def _beats_body(story: Story, beats_shown: list[Beat]) -> list[dict]:
    taken = selectors.choices_taken(user=story.user)
    return [
        {
            "id": beat.pk,
            "kind": beat.kind,
            "kind_label": beat.get_kind_display(),
            "title": beat.title,
            "text": beat.text,
            "act": beat.act,
            "chapter": beat.chapter,
            "chapter_name": selectors.story_chapter(story=story, beat=beat).name,
            "place": beat.place,
            "written_at": beat.written_at,
            "told": provenance_words(beat.provenance),
            "provenance": beat.provenance,
            "choice": {**beat.choice, "taken": beat.choice["key"] in taken}
            if beat.choice
            else None,
        }
        for beat in beats_shown
    ]


def _choice(beat: Beat, taken: set[str]) -> dict | None:
    return {**beat.choice, "taken": beat.choice["key"] in taken} if beat.choice else None


class StorySerializer(serializers.Serializer):
    title = serializers.CharField(help_text="The scenario's title.")
    summary = serializers.CharField()
    act = serializers.IntegerField()
    act_name = serializers.CharField()
    chapter = serializers.IntegerField()
    chapter_name = serializers.CharField()
    chapter_description = serializers.CharField()
    essence_balance = serializers.IntegerField()
    beats_count = serializers.IntegerField()
    being_written = serializers.BooleanField(help_text="A new passage is on its way.")
    latest_beat = BeatSerializer(allow_null=True)


class StoryView(APIView):
    """Your story: where you are in it, your Essence, and its latest passage."""

    @extend_schema(operation_id="story", responses=StorySerializer)
    def get(self, request: PersonApiRequest) -> Response:
        story = services.story_start(user=request.user)
        data = story.scenario.data
        chapter = selectors.story_chapter(story=story)
        latest = selectors.beat_latest(user=request.user)
        body = {
            "title": data["title"],
            "summary": data.get("summary", ""),
            "act": story.act,
            "act_name": chapter.act_name,
            "chapter": story.chapter,
            "chapter_name": chapter.name,
            "chapter_description": chapter.description,
            "essence_balance": selectors.essence_balance(user=request.user),
            "beats_count": selectors.beats_written(user=request.user).count(),
            "being_written": selectors.beat_on_its_way(user=request.user),
            "latest_beat": _beats_body(story, [latest])[0] if latest else None,
        }
        return Response(StorySerializer(body).data)


BEATS_SHOWN = 50


class BeatsView(APIView):
    """Your story's passages, newest first (the latest 50)."""

    @extend_schema(operation_id="story_beats", responses=BeatSerializer(many=True))
    def get(self, request: PersonApiRequest) -> Response:
        story = services.story_start(user=request.user)
        shown = list(selectors.beats_written(user=request.user)[:BEATS_SHOWN])
        return Response(BeatSerializer(_beats_body(story, shown), many=True).data)


class ChoiceRequestSerializer(serializers.Serializer):
    beat = serializers.IntegerField(help_text="The passage whose offer you take.")


class ChoiceMadeSerializer(serializers.Serializer):
    beat = serializers.IntegerField()
    essence_balance = serializers.IntegerField(help_text="After the spend.")
    detail = serializers.CharField()


class ChoicesView(APIView):
    """Spend Essence on the side chapter a passage offers (once: a repeat spends nothing
    more). 400 when the balance is short, 404 for a passage not yours."""

    @extend_schema(
        operation_id="story_choice",
        request=ChoiceRequestSerializer,
        responses={202: ChoiceMadeSerializer},
    )
    def post(self, request: PersonApiRequest) -> Response:
        asked = ChoiceRequestSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        beat = beats.story_choice_take(user=request.user, beat_id=asked.validated_data["beat"])
        body = {
            "beat": beat.pk,
            "essence_balance": selectors.essence_balance(user=request.user),
            "detail": "Your choice is made. The next passage is being written.",
        }
        return Response(ChoiceMadeSerializer(body).data, status=202)


urlpatterns = [
    path("", StoryView.as_view(), name="api-story"),
    path("beats/", BeatsView.as_view(), name="api-story-beats"),
    path("choices/", ChoicesView.as_view(), name="api-story-choices"),
    path("world/", StoryWorldView.as_view(), name="api-story-world"),
    path("essence/", EssenceView.as_view(), name="api-story-essence"),
    path("quests/", QuestsView.as_view(), name="api-story-quests"),
]
