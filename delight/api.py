"""The profile API (/api/me/) and the token exchange (/api/auth/token/)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from delight import lockout, services
from delight.models import User


class MeSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ("id", "username", *services.PROFILE_FIELDS, "onboarding_step", "date_joined")
        read_only_fields = ("id", "username", "onboarding_step", "date_joined")


class MeView(APIView):
    @extend_schema(responses=MeSerializer)
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(request.user).data)

    @extend_schema(request=MeSerializer, responses=MeSerializer)
    def patch(self, request: Request) -> Response:
        serializer = MeSerializer(request.user, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        user = services.user_update_profile(user=request.user, **serializer.validated_data)
        return Response(MeSerializer(user).data)


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"})


class TokenResponseSerializer(serializers.Serializer):
    token = serializers.CharField()


class TokenView(ObtainAuthToken):
    """Exchange a username and password for an API token (for API and WebSocket clients)."""

    permission_classes = (AllowAny,)
    throttle_classes = ()  # guessing is limited by the sign-in lockouts (delight.lockout)

    @extend_schema(request=TokenRequestSerializer, responses=TokenResponseSerializer)
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            # authenticate() was given this request: axes flags it when it refused the sign-in.
            if lockout.is_locked_out(request):
                raise lockout.LoginLocked
            raise serializers.ValidationError(serializer.errors)
        token, _ = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})
