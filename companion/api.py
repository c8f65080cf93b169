"""REST endpoints for a person's memories under /api/companion/memories/, what Eliza knows
about them under /api/companion/profile/, and their conversations.

Every queryset is scoped to request.user; another user's id answers 404. Size limits are
the services' (Django ValidationError -> JSON 400 by the project exception handler).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from companion import conversations, selectors, services
from companion.about import AboutYou, ProfileItem, about_you
from companion.models import (
    CONTENT_MAX_CHARS,
    IDEMPOTENCY_KEY_MAX_CHARS,
    KEY_MAX_CHARS,
    MESSAGE_MAX_CHARS,
    TAG_MAX_CHARS,
    Actor,
    CompanionProfile,
    Conversation,
    Memory,
    Source,
    Tier,
    Turn,
)
from companion.profile_data import STYLES
from companion.services.learning import INTERESTS_MAX
from delight.api_params import id_field
from delight.requests import PersonApiRequest
from delight.text import TextField
from delight.throttles import MessageThrottle


class MemorySerializer(serializers.ModelSerializer):
    # Kept on MemoryUse (models.py says why); read through the memory's properties.
    access_count = serializers.IntegerField(read_only=True)
    last_accessed_at = serializers.DateTimeField(read_only=True, allow_null=True)
    # "" when the memory tells no time (the enum would not admit it).
    happened_span = serializers.CharField(
        read_only=True, help_text="How exactly happened_on is known: day, week, month, year or ''."
    )

    class Meta:
        model = Memory
        fields = selectors.EXPORT_FIELDS
        read_only_fields = fields


def _tags(**options: Any) -> serializers.ListField:
    # Blank tags are dropped by the service; the list's length is the service's to check.
    tag = TextField(max_length=TAG_MAX_CHARS, noun="tag", allow_blank=True)
    return serializers.ListField(child=tag, **options)


class MemoryCreateSerializer(serializers.Serializer):
    # The same text rule as the service's (delight.text); metadata is checked by the service.
    content = TextField(max_length=CONTENT_MAX_CHARS, noun="memory", trim_whitespace=False)
    tier = serializers.ChoiceField(choices=Tier.choices, default=Tier.PERSONAL)
    key = TextField(
        max_length=KEY_MAX_CHARS, noun="key", required=False, allow_blank=True, default=""
    )
    tags = _tags(default=list)
    metadata = serializers.DictField(required=False, default=dict)
    confidence = serializers.FloatField(required=False, default=0.9, min_value=0, max_value=1)
    goal_id = id_field(required=False, allow_null=True)
    mission_id = id_field(required=False, allow_null=True)


class MemoryUpdateSerializer(serializers.Serializer):
    content = TextField(
        max_length=CONTENT_MAX_CHARS, noun="memory", required=False, trim_whitespace=False
    )
    tier = serializers.ChoiceField(choices=Tier.choices, required=False)
    tags = _tags(required=False)


class MemoryWriteSerializer(MemorySerializer):
    outcome = serializers.CharField(read_only=True)

    class Meta(MemorySerializer.Meta):
        fields = (*MemorySerializer.Meta.fields, "outcome")
        read_only_fields = fields


class RecalledSerializer(serializers.Serializer):
    memory = MemorySerializer()
    score = serializers.FloatField()
    reasons = serializers.ListField(child=serializers.CharField())


def _filter(choices: list[str]) -> serializers.ChoiceField:
    invalid = f'"{{input}}" is not one of: {", ".join(choices)}.'
    return serializers.ChoiceField(
        choices=choices,
        required=False,
        allow_blank=True,
        error_messages={"invalid_choice": invalid},
    )


class MemoryFilterSerializer(serializers.Serializer):
    """The list's filters: an unknown value answers 400 rather than an empty list."""

    tier = _filter(Tier.values)
    source = _filter(Source.values)


class MemoryChangeSerializer(serializers.Serializer):
    kind = serializers.CharField()
    old_content = serializers.CharField()
    new_content = serializers.CharField()
    actor = serializers.CharField()
    created_at = serializers.DateTimeField()


class ExportedMemorySerializer(MemorySerializer):
    history = MemoryChangeSerializer(many=True, read_only=True)

    class Meta(MemorySerializer.Meta):
        fields = (*MemorySerializer.Meta.fields, "history")
        read_only_fields = fields


class MemoryExportSerializer(serializers.Serializer):
    """The body of /export/ (selectors.memory_export): every memory with its history."""

    user = serializers.CharField()
    exported_at = serializers.DateTimeField()
    memories = ExportedMemorySerializer(many=True)


class SearchQuerySerializer(serializers.Serializer):
    q = TextField(max_length=500, noun="search")
    tier = serializers.MultipleChoiceField(choices=Tier.choices, required=False)
    k = serializers.IntegerField(min_value=1, max_value=50, default=10)


class MemoryViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """List, search, create, edit, delete and export one's own memories."""

    request: PersonApiRequest  # behind IsAuthenticated: a person

    serializer_class = MemorySerializer
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        params = MemoryFilterSerializer(data=self.request.query_params)
        params.is_valid(raise_exception=True)
        return selectors.memory_list(
            user=self.request.user,
            tier=params.validated_data.get("tier") or None,
            source=params.validated_data.get("source") or None,
        )

    def get_object(self) -> Memory:
        return selectors.memory_get(user=self.request.user, memory_id=self.kwargs["pk"])

    @extend_schema(
        parameters=[
            OpenApiParameter("tier", enum=Tier.values),
            OpenApiParameter("source", enum=Source.values),
        ]
    )
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        request=MemoryCreateSerializer,
        responses={
            201: MemoryWriteSerializer,
            200: OpenApiResponse(MemoryWriteSerializer, description="Already known: reinforced."),
        },
    )
    def create(self, request: PersonApiRequest) -> Response:
        incoming = MemoryCreateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        write = services.memory_create(
            user=request.user, source=Source.USER, actor=Actor.USER, **incoming.validated_data
        )
        write.memory.outcome = write.outcome
        created = write.outcome != "reinforced"
        return Response(
            MemoryWriteSerializer(write.memory).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )

    @extend_schema(request=MemoryUpdateSerializer, responses=MemorySerializer)
    def partial_update(self, request: PersonApiRequest, pk: str) -> Response:
        memory = self.get_object()
        incoming = MemoryUpdateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        updated = services.memory_update(
            memory=memory, user=request.user, actor=Actor.USER, **incoming.validated_data
        )
        return Response(MemorySerializer(updated).data)

    def destroy(self, request: PersonApiRequest, pk: str) -> Response:
        services.memory_delete(memory=self.get_object(), user=request.user, actor=Actor.USER)
        return Response(status=status.HTTP_204_NO_CONTENT)

    # The k best matches, never more than 50: a plain list, not a page.
    @extend_schema(parameters=[SearchQuerySerializer], responses=RecalledSerializer(many=True))
    @action(detail=False, pagination_class=None)
    def search(self, request: PersonApiRequest) -> Response:
        params = SearchQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        found = selectors.memory_recall(
            user=request.user,
            query=params.validated_data["q"],
            k=params.validated_data["k"],
            tiers=sorted(params.validated_data.get("tier", ())) or None,
        )
        return Response(RecalledSerializer(found, many=True).data)

    @extend_schema(responses=MemoryExportSerializer)
    @action(detail=False)
    def export(self, request: PersonApiRequest) -> Response:
        response = Response(selectors.memory_export(user=request.user))
        response["Content-Disposition"] = 'attachment; filename="memories.json"'
        return response


# -- what Eliza knows about you ---------------------------------------------------------------


class ProfileItemSerializer(serializers.Serializer):
    """One thing Eliza knows, in plain words; `id` is the memory behind it (null when only
    the profile holds it) and `field` the profile field it is ("" for a plain memory)."""

    id = serializers.IntegerField(source="memory_id", allow_null=True)
    field = serializers.CharField(allow_blank=True)
    text = serializers.CharField()
    value = serializers.CharField()
    editable = serializers.BooleanField()
    learned_at = serializers.DateTimeField(allow_null=True)
    updated_at = serializers.DateTimeField(allow_null=True)


class ProfileSectionSerializer(serializers.Serializer):
    section = serializers.CharField(source="slug")
    title = serializers.CharField()
    field = serializers.CharField(allow_blank=True)
    items = ProfileItemSerializer(many=True)


class ProfileSerializer(serializers.Serializer):
    """What Eliza knows about the person (companion.about.about_you)."""

    sections = ProfileSectionSerializer(many=True)
    communication_style = ProfileItemSerializer(source="style", allow_null=True)
    style_chosen = serializers.BooleanField(
        help_text="The person set or cleared the style: Eliza does not guess it."
    )
    updated_at = serializers.DateTimeField(allow_null=True)


def _profile_text(max_length: int, noun: str) -> TextField:
    # Blank makes Eliza forget the field.
    return TextField(max_length=max_length, noun=noun, required=False, allow_blank=True)


class ProfileUpdateSerializer(serializers.Serializer):
    """A change to the profile: only the fields sent change ({} changes nothing); "" forgets
    one. Any other field is refused, so a typo cannot pass for a change that was made."""

    name = _profile_text(CompanionProfile._meta.get_field("name").max_length, "name")
    location = _profile_text(CompanionProfile._meta.get_field("location").max_length, "place")
    occupation = _profile_text(
        CompanionProfile._meta.get_field("occupation").max_length, "occupation"
    )
    communication_style = serializers.ChoiceField(
        choices=["", *STYLES],
        required=False,
        allow_blank=True,
        error_messages={"invalid_choice": f'"{{input}}" is not one of: {", ".join(STYLES)}.'},
    )
    interests = serializers.ListField(
        child=TextField(max_length=100, noun="interest"),
        max_length=INTERESTS_MAX,
        required=False,
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                {name: "Not something Eliza keeps about you." for name in unknown}
            )
        return attrs


class ProfileUpdateSchema(OpenApiSerializerExtension):
    """drf-spectacular: the change names no field but its own (validate() refuses others)."""

    target_class = ProfileUpdateSerializer

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}


class ProfileItemUpdateSerializer(serializers.Serializer):
    text = TextField(max_length=CONTENT_MAX_CHARS, noun="memory", trim_whitespace=False)


def _item_of(about: AboutYou, memory_id: int) -> ProfileItem:
    # Every memory the profile endpoints accept is one of its items.
    items = (item for section in about.sections for item in section.items)
    return next(item for item in items if item.memory_id == memory_id)


class ProfileView(APIView):
    """What Eliza knows about you, and your corrections to it."""

    @extend_schema(responses=ProfileSerializer)
    def get(self, request: PersonApiRequest) -> Response:
        return Response(ProfileSerializer(about_you(user=request.user)).data)

    @extend_schema(request=ProfileUpdateSerializer, responses=ProfileSerializer)
    def patch(self, request: PersonApiRequest) -> Response:
        incoming = ProfileUpdateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        services.profile_update(user=request.user, **incoming.validated_data)
        return Response(ProfileSerializer(about_you(user=request.user)).data)


class ProfileMemoryView(APIView):
    """One thing Eliza knows (a memory the profile shows): correct it or make her forget it;
    any other memory, another person's included, answers 404."""

    @extend_schema(
        request=ProfileItemUpdateSerializer,
        responses={200: ProfileItemSerializer, 404: OpenApiResponse(description="Not yours.")},
    )
    def patch(self, request: PersonApiRequest, memory_id: int) -> Response:
        memory = selectors.profile_memory_get(user=request.user, memory_id=memory_id)
        incoming = ProfileItemUpdateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        services.profile_item_update(
            user=request.user, memory=memory, content=incoming.validated_data["text"]
        )
        return Response(
            ProfileItemSerializer(_item_of(about_you(user=request.user), memory.pk)).data
        )

    @extend_schema(responses={204: None, 404: OpenApiResponse(description="Not yours.")})
    def delete(self, request: PersonApiRequest, memory_id: int) -> Response:
        memory = selectors.profile_memory_get(user=request.user, memory_id=memory_id)
        services.profile_item_forget(user=request.user, memory=memory)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- conversations -----------------------------------------------------------------------------


class MessageInSerializer(serializers.Serializer):
    """A message to Eliza, over REST and over ws/companion/ alike."""

    text = TextField(max_length=MESSAGE_MAX_CHARS, noun="message", trim_whitespace=False)
    session_id = serializers.UUIDField(required=False, allow_null=True)
    idempotency_key = TextField(
        max_length=IDEMPOTENCY_KEY_MAX_CHARS, noun="idempotency key", required=False
    )


class IntentSerializer(serializers.Serializer):
    label = serializers.CharField()
    confidence = serializers.FloatField()


class EmotionSerializer(serializers.Serializer):
    label = serializers.CharField()
    scores = serializers.DictField(child=serializers.FloatField())


class CrisisSerializer(serializers.Serializer):
    triggered = serializers.BooleanField()
    level = serializers.IntegerField()
    reason = serializers.CharField(allow_blank=True)
    resources = serializers.ListField(child=serializers.CharField())
    resolved = serializers.BooleanField(
        required=False, help_text="The person said they are safe (the help lines may go)."
    )


class TraceStepSerializer(serializers.Serializer):
    node = serializers.CharField()
    ms = serializers.FloatField()
    ok = serializers.BooleanField()
    note = serializers.CharField(required=False)
    error = serializers.CharField(required=False)


class UsedMemorySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    content = serializers.CharField()
    tier = serializers.ChoiceField(choices=Tier.choices)
    score = serializers.FloatField()
    reasons = serializers.ListField(child=serializers.CharField())


class PromptSerializer(serializers.Serializer):
    budget = serializers.IntegerField(help_text="Tokens of context the reply prompt may carry.")
    used = serializers.IntegerField()
    kept = serializers.IntegerField(help_text="Context lines kept.")
    cut = serializers.ListField(child=serializers.CharField(), help_text="Lines cut (start).")


class TurnResultSerializer(serializers.Serializer):
    """The whole turn (companion.turn.turn_result): the REST answer and the `reply` event."""

    session_id = serializers.UUIDField()
    message_id = serializers.UUIDField()
    reply = serializers.CharField()
    intent = IntentSerializer(allow_null=True)
    emotion = EmotionSerializer(allow_null=True)
    crisis = CrisisSerializer()
    strategy = serializers.CharField(allow_blank=True)
    act = serializers.CharField(
        allow_blank=True,
        required=False,
        help_text="What the reply does: greet, sympathy, checkin, crisis, mission_done, …",
    )
    conversation_state = serializers.CharField()
    pending_slot = serializers.CharField(allow_null=True)
    waiting_for = serializers.CharField(
        allow_blank=True, required=False, help_text="What Eliza waits to hear, in words."
    )
    trace = TraceStepSerializer(many=True)
    memories_used = UsedMemorySerializer(many=True)
    tool_outputs = serializers.DictField(help_text="Each tool's output, by tool name.")
    prompt = PromptSerializer(allow_null=True, help_text="Null when no prompt was written.")


class MessageView(APIView):
    """Send Eliza a message; the answer is the whole turn's result.

    A retry with the same idempotency key (body field or `Idempotency-Key` header) returns
    the first answer instead of running a second turn.
    """

    throttle_classes = (MessageThrottle,)

    @extend_schema(
        request=MessageInSerializer,
        responses={
            200: TurnResultSerializer,
            409: OpenApiResponse(description="session_busy: the session is still answering."),
        },
    )
    def post(self, request: PersonApiRequest) -> Response:
        incoming = MessageInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        key = data.get("idempotency_key") or request.headers.get("Idempotency-Key")
        # A busy session (conversations.SessionBusy, a Conflict) answers 409 session_busy.
        result = conversations.message_send(
            user=request.user,
            text=data["text"],
            session_id=data.get("session_id"),
            idempotency_key=key,
            arrived_at=getattr(request, "arrived_at", None),
        )
        return Response(result)


class SessionSerializer(serializers.ModelSerializer):
    session_id = serializers.UUIDField(source="id")
    messages = serializers.IntegerField()
    tool_success_rate = serializers.FloatField(allow_null=True)
    average_response_ms = serializers.FloatField(allow_null=True)

    class Meta:
        model = Conversation
        fields = (
            "session_id",
            "title",
            "created_at",
            "last_message_at",
            "turns",
            "messages",
            "tokens",
            "cost_usd",
            "tool_calls",
            "tool_success_rate",
            "average_response_ms",
            "crisis_turns",
        )
        read_only_fields = fields


class TurnSerializer(serializers.ModelSerializer):
    message_id = serializers.UUIDField(source="id")

    class Meta:
        model = Turn
        fields = ("message_id", "text", "reply", "status", "created_at", "finished_at", "result")
        read_only_fields = fields


class AgentStateSerializer(serializers.Serializer):
    """Where Eliza is in a session (selectors.agent_state_for)."""

    conversation_state = serializers.CharField()
    pending_slot = serializers.CharField(allow_null=True)
    current_node = serializers.CharField(allow_null=True)
    flow = serializers.CharField(allow_null=True, required=False)
    slots = serializers.DictField(required=False)
    current_turn = serializers.CharField(allow_null=True, required=False)
    schema_version = serializers.IntegerField(required=False)
    updated_at = serializers.DateTimeField(required=False)


class SessionDetailSerializer(SessionSerializer):
    """A session's figures, its state and its messages (not its message count)."""

    state = AgentStateSerializer()
    messages = TurnSerializer(many=True)

    class Meta(SessionSerializer.Meta):
        fields = (*SessionSerializer.Meta.fields, "state")
        read_only_fields = fields


class SessionViewSet(viewsets.ReadOnlyModelViewSet):
    """One's own sessions with Eliza; a session's detail has its state and its messages."""

    request: PersonApiRequest  # behind IsAuthenticated: a person

    serializer_class = SessionSerializer
    lookup_field = "session_id"
    lookup_value_regex = r"[0-9a-fA-F-]{32,36}"

    def get_queryset(self):
        return selectors.conversation_list(user=self.request.user)

    def get_object(self) -> Conversation:
        return selectors.conversation_get(
            user=self.request.user, conversation_id=self.kwargs["session_id"]
        )

    @extend_schema(responses=SessionDetailSerializer)
    def retrieve(self, request: PersonApiRequest, session_id: str) -> Response:
        conversation = self.get_object()
        state = selectors.agent_state_for(user=request.user, session_id=conversation.pk)
        turns = selectors.conversation_turns(user=request.user, conversation_id=conversation.pk)
        return Response(
            {
                **SessionSerializer(conversation).data,
                "state": state,
                "messages": TurnSerializer(turns, many=True).data,
            }
        )
