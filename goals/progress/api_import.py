"""REST API of imported history: POST /api/progress/import/ takes a person's past (Loop Habit
Tracker's CSV export, or a JSON list of events) and adds it to their days, all or nothing."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.models import User
from delight.parsers import JSONParser
from delight.requests import PersonApiRequest
from goals import services
from goals.models import Category
from goals.progress.importing import (
    FILE_TOO_LARGE,
    MAX_EVENTS,
    MAX_UPLOAD_BYTES,
    ImportedEvent,
    ImportProblems,
    Problem,
    parse_events_json,
    parse_upload,
)

PROBLEMS = (
    "Nothing was imported. Besides `detail` and `code`, `problems` lists every bad row, up to "
    "50, as `{where, message}`: `where` is a CSV line as a spreadsheet numbers it (the header "
    "is line 1), a JSON field such as `events[3].occurred_at`, `file` or `category`; when more "
    "were found, a last item with an empty `where` says how many."
)
# A multipart body carries its boundaries and the category besides the file.
FORM_OVERHEAD_BYTES = 64 * 1024


class ImportEventSerializer(serializers.Serializer):
    occurred_at = serializers.CharField(
        help_text="ISO 8601 date and time. With an offset (or Z) it is dated on that offset's "
        "clock; without one, on the person's clock. Not in the future."
    )
    category = serializers.ChoiceField(choices=Category.choices)
    title = serializers.CharField(required=False, max_length=200, help_text="Optional.")


class ImportEventsSerializer(serializers.Serializer):
    events = ImportEventSerializer(many=True, help_text=f"At most {MAX_EVENTS:,}.")


class ImportUploadSerializer(serializers.Serializer):
    file = serializers.FileField(
        help_text="Loop Habit Tracker's Checkmarks.csv (the whole export, one habit per column, "
        "or one habit's own file), the export's zip, or a JSON file as the JSON body; at most "
        f"{MAX_UPLOAD_BYTES // (1024 * 1024)} MB. From Loop, only the days marked done count "
        "(for a numeric habit, a day with an amount), each at the middle of that day."
    )
    category = serializers.ChoiceField(
        choices=Category.choices, required=False, help_text="Required for Loop's CSV."
    )


class ImportResultSerializer(serializers.Serializer):
    added = serializers.IntegerField(help_text="Events new to the person's days.")
    already = serializers.IntegerField(
        help_text="Events identical to one imported before (same time, category and title)."
    )
    first_date = serializers.DateField(
        allow_null=True, help_text="The earliest local date added; null when nothing was."
    )


class ProgressImportView(APIView):
    """POST /api/progress/import/: add past history to the person's days."""

    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        request={
            "application/json": ImportEventsSerializer,
            "multipart/form-data": ImportUploadSerializer,
        },
        responses={201: ImportResultSerializer, 400: OpenApiResponse(description=PROBLEMS)},
        examples=[
            OpenApiExample(
                "Two events",
                request_only=True,
                media_type="application/json",
                value={
                    "events": [
                        {"occurred_at": "2024-05-01T07:30:00+02:00", "category": "health"},
                        {
                            "occurred_at": "2024-05-02T21:00:00",
                            "category": "growth",
                            "title": "Read 20 pages",
                        },
                    ]
                },
            )
        ],
        description="All or nothing: one bad row and nothing is imported; the 400 names "
        "every bad row. Importing the same history again adds nothing twice.",
    )
    def post(self, request: PersonApiRequest) -> Response:
        user = request.user
        try:
            events = _events(request, user=user)
        except ImportProblems as refused:
            return Response(_problems_body(refused.problems), status=400)
        result = services.progress_import(user=user, events=events)
        return Response(ImportResultSerializer(result).data, status=201)


def _events(request: Request, *, user: User) -> list[ImportedEvent]:
    """The events of the request: an uploaded file (a form), or the JSON body."""
    now = timezone.now()
    if not request.content_type.startswith("multipart/"):
        return parse_events_json(request.data, zone=user.timezone, now=now)
    # Refuse an upload declared too large before its body is read.
    declared = request.META.get("CONTENT_LENGTH", "")
    if declared.isdecimal() and int(declared) > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES:
        raise ImportProblems([Problem("file", FILE_TOO_LARGE)])
    upload = request.FILES.get("file")
    if upload is None:
        raise ImportProblems([Problem("file", "Choose a file: Loop's CSV or a JSON list.")])
    return parse_upload(
        upload,
        category=request.data.get("category", ""),
        zone=user.timezone,
        day_start_hour=user.day_start_hour,
        now=now,
    )


def _problems_body(problems: list[Problem]) -> dict[str, object]:
    first = problems[0]
    return {
        "detail": f"Nothing was imported: fix each problem listed and try again. The first: "
        f"{first.where}: {first.message}",
        "code": "invalid",
        "problems": [{"where": problem.where, "message": problem.message} for problem in problems],
    }
