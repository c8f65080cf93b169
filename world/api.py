"""The world API: the user's zone states, for clients polling when WebSockets are down."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.requests import PersonApiRequest
from world import selectors


class ZoneSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    description = serializers.CharField()
    categories = serializers.ListField(child=serializers.CharField())
    state = serializers.ChoiceField(choices=["open", "closed"])
    is_open = serializers.BooleanField()
    reason = serializers.CharField()
    next_change_at = serializers.DateTimeField(allow_null=True)
    next_change_label = serializers.CharField()


SnapshotSerializer = inline_serializer(
    "WorldSnapshot",
    fields={
        "type": serializers.CharField(),
        "zones": ZoneSerializer(many=True),
        "at": serializers.DateTimeField(),
    },
)


class ZoneListView(APIView):
    """Every zone's current state for you (the same body as the ``world.snapshot`` event)."""

    @extend_schema(operation_id="world_zones_list", responses=SnapshotSerializer)
    def get(self, request: PersonApiRequest) -> Response:
        return Response(selectors.world_snapshot(user=request.user))


class ZoneDetailView(APIView):
    """One zone's current state for you; an unknown slug answers 404."""

    @extend_schema(responses=ZoneSerializer)
    def get(self, request: PersonApiRequest, slug: str) -> Response:
        zone = selectors.zone_get(slug=slug)
        return Response(selectors.zone_state(user=request.user, zone=zone))
