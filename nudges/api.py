"""REST API of the notification centre: GET /api/notifications/ ({unread_count, results}, by
state), POST …/<id>/read|archive|snooze/ and POST …/read-all/ — every one the person's own."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.api_params import choice_param
from delight.requests import PersonApiRequest
from nudges import selectors, services
from nudges.models import Notification
from nudges.selectors import shown_state


class NotificationSerializer(serializers.ModelSerializer):
    state = serializers.SerializerMethodField(
        help_text="unread, read, archived or snoozed (a snooze that ended reads unread)."
    )

    class Meta:
        model = Notification
        fields = [
            "id",
            "kind",
            "title",
            "body",
            "url",
            "state",
            "snoozed_until",
            "created_at",
            "read_at",
        ]

    def get_state(self, notification: Notification) -> str:
        return shown_state(notification, now=self.context["now"])


class InboxSerializer(serializers.Serializer):
    unread_count = serializers.IntegerField(help_text="Unread, counted with this very list.")
    results = NotificationSerializer(many=True)


class SnoozeInput(serializers.Serializer):
    until = serializers.DateTimeField(required=False, help_text="When it comes back (ISO 8601).")
    for_ = serializers.ChoiceField(
        choices=["hour", "tonight", "tomorrow"],
        required=False,
        help_text="Or a preset, in the person's zone: an hour, tonight (19:00), tomorrow 09:00.",
    )

    def get_fields(self) -> dict:
        fields = super().get_fields()
        fields["for"] = fields.pop("for_")
        return fields

    def validate(self, data: dict) -> dict:
        if ("until" in data) == ("for" in data):
            raise serializers.ValidationError("Give either “until” or “for”.")
        return data


class ReadAllSerializer(serializers.Serializer):
    changed = serializers.IntegerField()
    unread_count = serializers.IntegerField()


def _inbox_body(request: PersonApiRequest, state: str = "inbox") -> dict:
    now = timezone.now()
    inbox = selectors.notifications_inbox(user=request.user, state=state, now=now)
    return InboxSerializer(inbox, context={"now": now}).data


class NotificationListView(APIView):
    """The person's notifications, newest first, with the number unread."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "state",
                str,
                enum=list(selectors.FILTERS),
                description="inbox (default: unread and read), unread, read, snoozed, archived.",
            )
        ],
        responses=InboxSerializer,
    )
    def get(self, request: Request) -> Response:
        state = choice_param(request, "state", list(selectors.FILTERS)) or "inbox"
        return Response(_inbox_body(request, state))


class NotificationActionView(APIView):
    """POST /api/notifications/<id>/read/ or /archive/: the notification afterwards."""

    action_name = ""

    @extend_schema(request=None, responses=NotificationSerializer)
    def post(self, request: PersonApiRequest, notification_id: int) -> Response:
        if self.action_name == "read":
            notification = services.notification_read(
                user=request.user, notification_id=notification_id
            )
        else:
            notification = services.notification_archive(
                user=request.user, notification_id=notification_id
            )
        return Response(_one(notification))


class NotificationSnoozeView(APIView):
    """POST /api/notifications/<id>/snooze/ {until} or {for: hour|tonight|tomorrow}."""

    @extend_schema(request=SnoozeInput, responses=NotificationSerializer)
    def post(self, request: PersonApiRequest, notification_id: int) -> Response:
        selectors.notification_get(user=request.user, notification_id=notification_id)  # 404 first
        body = SnoozeInput(data=request.data)
        body.is_valid(raise_exception=True)
        until = body.validated_data.get("until") or services.snooze_until(
            body.validated_data["for"], user=request.user
        )
        notification = services.notification_snooze(
            user=request.user, notification_id=notification_id, until=until
        )
        return Response(_one(notification))


class NotificationReadAllView(APIView):
    """POST /api/notifications/read-all/: every unread one read."""

    @extend_schema(request=None, responses=ReadAllSerializer)
    def post(self, request: PersonApiRequest) -> Response:
        changed = services.notifications_read_all(user=request.user)
        count = selectors.notifications_unread_count(user=request.user)
        return Response({"changed": changed, "unread_count": count})


def _one(notification: Notification) -> dict:
    return NotificationSerializer(notification, context={"now": timezone.now()}).data
