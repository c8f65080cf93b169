"""The profile API (/api/me/, its export and deletion) and the token exchange
(/api/auth/token/)."""

from __future__ import annotations

from typing import Any

from django.db import models
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from delight import lockout, selectors, services
from delight.models import PROFILE_FIELDS, User, timezone_names, validate_timezone
from delight.requests import PersonApiRequest


@extend_schema_field(
    {"type": "string", "pattern": r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?$"}
)
class LocalTimeField(serializers.TimeField):
    """A time on the person's own clock, with no offset: "09:00" in, "09:00:00" out.

    OpenAPI's `time` format is RFC 3339's, which requires an offset these times do not have.
    """


class TimezoneSchema(OpenApiSerializerFieldExtension):
    """drf-spectacular: the timezone is one of the IANA names this machine knows, listed."""

    target_class = "delight.api.TimezoneField"

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "enum": sorted(timezone_names())}


class TimezoneField(serializers.CharField):
    """A person's timezone (the model's validator refuses an unknown name)."""


class MeSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.TimeField: LocalTimeField,
    }
    timezone = TimezoneField(max_length=64, required=False, validators=[validate_timezone])

    class Meta:
        model = User
        fields = ("id", "username", *PROFILE_FIELDS, "onboarding_step", "date_joined")
        read_only_fields = ("id", "username", "onboarding_step", "date_joined")


class MeView(APIView):
    @extend_schema(responses=MeSerializer)
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(request.user).data)

    @extend_schema(request=MeSerializer, responses=MeSerializer)
    def patch(self, request: PersonApiRequest) -> Response:
        serializer = MeSerializer(request.user, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        user = services.user_update_profile(user=request.user, **serializer.validated_data)
        return Response(MeSerializer(user).data)


class AccountExportView(APIView):
    """Everything the person owns, as one JSON document (the Settings page's download)."""

    @extend_schema(responses={200: {"type": "object"}})
    def get(self, request: PersonApiRequest) -> Response:
        return Response(selectors.account_export(request.user))


class AccountDeleteSerializer(serializers.Serializer):
    password = serializers.CharField(max_length=4096, trim_whitespace=False, write_only=True)


class RemovedSerializer(serializers.Serializer):
    removed = serializers.DictField(child=serializers.IntegerField(), read_only=True)


class AccountDeleteView(APIView):
    """Delete the account and everything the person owns, given their password; answers
    what was removed, counted by kind. A wrong password: 400, nothing removed."""

    @extend_schema(request=AccountDeleteSerializer, responses=RemovedSerializer)
    def post(self, request: PersonApiRequest) -> Response:
        serializer = AccountDeleteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        removed = services.account_delete(
            user=request.user, password=serializer.validated_data["password"]
        )
        return Response({"removed": dict(removed.most_common())})


class TokenExchangeSerializer(AuthTokenSerializer):
    # Bounded as the model is: a longer name cannot exist, nor be recorded as a failure.
    username = serializers.CharField(
        max_length=User._meta.get_field("username").max_length, write_only=True
    )


class TokenResponseSerializer(serializers.Serializer):
    token = serializers.CharField()


class TokenView(ObtainAuthToken):
    """Exchange a username and password for an API token (for API and WebSocket clients)."""

    permission_classes = (AllowAny,)
    serializer_class = TokenExchangeSerializer
    throttle_classes = ()  # guessing is limited by the sign-in lockouts (delight.lockout)

    @extend_schema(request=TokenExchangeSerializer, responses=TokenResponseSerializer)
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            # authenticate() was given this request: axes flags it when it refused the sign-in.
            if lockout.is_locked_out(request):
                raise lockout.LoginLocked
            raise serializers.ValidationError(serializer.errors)
        token, _ = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})
