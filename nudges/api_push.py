"""REST API of Web Push: the person's subscribed browsers and the key they subscribe with.

A browser subscribes with GET /api/push/key/ as its applicationServerKey, then POSTs what
PushSubscription.toJSON() gives; nudges.services.push sends to it from then on.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.requests import PersonApiRequest
from delight.vapid import b64url_decode
from nudges import selectors, services
from nudges.models import PushSubscription

ENDPOINT_MAX = PushSubscription._meta.get_field("endpoint").max_length
B64URL = re.compile(r"[A-Za-z0-9_-]+={0,2}")
P256DH_BYTES = 65  # an uncompressed P-256 point (RFC 8291 §3.1)
AUTH_BYTES = 16  # the auth secret (RFC 8291 §3.2)
NAME = re.compile(r"[a-z0-9._-]+\.[a-z][a-z0-9-]*", re.IGNORECASE)

# -- serializers --------------------------------------------------------------------------


class PushSubscriptionSerializer(serializers.ModelSerializer):
    class Meta:
        model = PushSubscription
        fields = ["id", "endpoint", "created_at", "last_ok_at"]
        read_only_fields = fields


def _decoded(value: str, *, size: int, what: str) -> bytes:
    """The bytes of a base64url value of exactly `size` bytes, or a message saying why not."""
    if not B64URL.fullmatch(value):
        raise serializers.ValidationError(f"The {what} must be base64url text.")
    try:
        data = b64url_decode(value.rstrip("="))
    except ValueError:
        raise serializers.ValidationError(f"The {what} must be base64url text.") from None
    if len(data) != size:
        raise serializers.ValidationError(f"The {what} must be {size} bytes, not {len(data)}.")
    return data


class PushKeysInput(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200, help_text="The browser's public key.")
    auth = serializers.CharField(max_length=100, help_text="The browser's auth secret.")

    def validate_p256dh(self, value: str) -> str:
        point = _decoded(value, size=P256DH_BYTES, what="browser's public key")
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        except ValueError:
            message = "The browser's public key is not a P-256 point."
            raise serializers.ValidationError(message) from None
        return value

    def validate_auth(self, value: str) -> str:
        _decoded(value, size=AUTH_BYTES, what="auth secret")
        return value


def _local_host(host: str) -> bool:
    """An address of this machine or its network, which a push service never is. A name
    has a dot and ends in a label that starts with a letter: anything else ("2130706433",
    "0x7f.1") is an address in a spelling the resolver still reads, so it counts as local."""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return not ipaddress.ip_address(host).is_global
    except ValueError:
        return not NAME.fullmatch(host)


class PushSubscriptionInput(serializers.Serializer):
    """The shape of the browser's PushSubscription.toJSON() (expirationTime is ignored)."""

    endpoint = serializers.CharField(max_length=ENDPOINT_MAX)
    keys = PushKeysInput()

    def validate_endpoint(self, value: str) -> str:
        """An https URL of a push service: Delight POSTs to it, so never one of this machine
        or its network (plain http and local addresses only with PUSH_ALLOW_INSECURE_ENDPOINTS,
        plain http also in DEBUG)."""
        try:
            url = urlsplit(value)
            host = url.hostname or ""
            url.port  # noqa: B018 - raises for a port that is not a number
        except ValueError:
            raise serializers.ValidationError("Enter the push service's address.") from None
        insecure_ok = settings.PUSH_ALLOW_INSECURE_ENDPOINTS
        schemes = {"https", "http"} if insecure_ok or settings.DEBUG else {"https"}
        if url.scheme not in schemes or not host or url.username or url.password:
            raise serializers.ValidationError("The push service's address must be https.")
        if _local_host(host) and not insecure_ok:
            raise serializers.ValidationError("The push service cannot be on a local address.")
        return value


class PushKeySerializer(serializers.Serializer):
    public_key = serializers.CharField(
        help_text="The VAPID public key: the uncompressed P-256 point in base64url, the "
        "browser's applicationServerKey."
    )


# -- views --------------------------------------------------------------------------------


@extend_schema_view(
    post=extend_schema(
        request=PushSubscriptionInput,
        responses={
            201: PushSubscriptionSerializer,
            200: OpenApiResponse(
                PushSubscriptionSerializer,
                description="An endpoint already known: it now belongs to this person, "
                "with the keys given.",
            ),
        },
    )
)
class PushSubscriptionListView(generics.ListAPIView):
    """GET: the person's browsers subscribed to pushes. POST: subscribe one (201; an
    endpoint already known is updated and moves to this person: 200)."""

    request: PersonApiRequest  # behind IsAuthenticated: a person

    serializer_class = PushSubscriptionSerializer

    def get_queryset(self) -> Any:
        return selectors.push_subscription_list(user=self.request.user)

    def post(self, request: PersonApiRequest) -> Response:
        serializer = PushSubscriptionInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        subscription, created = services.push_subscription_save(
            user=request.user,
            endpoint=data["endpoint"],
            p256dh=data["keys"]["p256dh"],
            auth=data["keys"]["auth"],
            user_agent=request.headers.get("User-Agent", ""),
        )
        answer = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(PushSubscriptionSerializer(subscription).data, status=answer)


class PushSubscriptionDetailView(APIView):
    @extend_schema(
        request=None,
        responses={204: OpenApiResponse(description="The browser gets no more pushes.")},
    )
    def delete(self, request: PersonApiRequest, subscription_id: int) -> Response:
        services.push_subscription_delete(user=request.user, subscription_id=subscription_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PushKeyView(APIView):
    """GET: the key a browser subscribes with (its applicationServerKey)."""

    @extend_schema(responses=PushKeySerializer)
    def get(self, request: Request) -> Response:
        return Response({"public_key": settings.VAPID_PUBLIC_KEY})
