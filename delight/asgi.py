"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by daphne)."""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "delight.settings")
django.setup(set_prefix=False)  # what django.core.asgi.get_asgi_application does

from delight.asgi_handler import ASGIHandler  # noqa: E402

django_asgi_app = ASGIHandler()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from companion.consumers import CompanionConsumer  # noqa: E402
from delight.ws import auth_stack  # noqa: E402
from world.consumers import WorldConsumer  # noqa: E402

websocket_urlpatterns = [
    path("ws/world/", WorldConsumer.as_asgi()),
    path("ws/companion/", CompanionConsumer.as_asgi()),
]

application = ProtocolTypeRouter(
    {"http": django_asgi_app, "websocket": auth_stack(URLRouter(websocket_urlpatterns))}
)
