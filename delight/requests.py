"""The request of a signed-in person: a page behind `login_required`, an API view behind
DRF's default `IsAuthenticated`. Its user is a person, never anonymous, and says so to the
type checker; at runtime these are Django's and DRF's own requests."""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.request import Request

from delight.models import User


class PersonRequest(HttpRequest):
    user: User


class PersonApiRequest(Request):
    user: User
