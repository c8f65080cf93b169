"""REST API of imported history: POST /api/progress/import/ takes a person's past (Loop Habit
Tracker's CSV export, or a JSON list of events) and adds it to their days, all or nothing:
Loop's habits, and events naming a habit, become the person's habits with their days."""

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
    ImportedHistory,
    ImportProblems,
    Problem,
    parse_events_json,
)
from goals.progress.importing_loop import parse_upload

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
    habit = serializers.CharField(
        required=False,
        max_length=200,
        help_text="Optional: a habit's name. The event is then a day done of the person's "
        "habit of that name (any case), or of a new habit of every day in its category.",
    )


class ImportEventsSerializer(serializers.Serializer):
    events = ImportEventSerializer(many=True, help_text=f"At most {MAX_EVENTS:,}.")


class ImportUploadSerializer(serializers.Serializer):
    file = serializers.FileField(
        help_text="Loop Habit Tracker's export as a zip (its Habits.csv gives each habit's "
        "schedule, number, unit and whether it is archived), its Checkmarks.csv alone (each "
        "habit column a habit of every day), one habit's own Checkmarks.csv (days of no "
        "habit), or a JSON file as the JSON body; at most "
        f"{MAX_UPLOAD_BYTES // (1024 * 1024)} MB. Each Loop habit continues the person's "
        "habit of that name (any case, not archived) or becomes a new one; a day marked done "
        "(for a numeric habit, a day with an amount) is a day done, a skipped day a day "
        "skipped. Days Loop filled in by itself, no and unknown do not come across."
    )
    category = serializers.ChoiceField(
        choices=Category.choices, required=False, help_text="Required for Loop's CSV."
    )


class HabitImportedSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="habit_id", help_text="The habit, at /api/habits/<id>/.")
    title = serializers.CharField()
    created = serializers.BooleanField(
        help_text="Made by this import; false: the person's habit of that name, continued."
    )
    archived = serializers.BooleanField()
    days_done = serializers.IntegerField(help_text="Days done this import added to it.")


class ImportResultSerializer(serializers.Serializer):
    added = serializers.IntegerField(
        help_text="Habit days (done or skipped) and events new to the person's history."
    )
    already = serializers.IntegerField(
        help_text="Left as they were: a habit's day it already had, or an event identical to "
        "one imported before (same time, category and title)."
    )
    first_date = serializers.DateField(
        allow_null=True, help_text="The earliest local date added; null when nothing was."
    )
    habits_created = serializers.IntegerField(help_text="Habits this import made.")
    habits_continued = serializers.IntegerField(
        help_text="The person's habits this import went on with (same name, any case)."
    )
    habits = HabitImportedSerializer(many=True)


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
                            "habit": "Read",
                        },
                    ]
                },
            )
        ],
        description="All or nothing: one bad row and nothing is imported; the 400 names "
        "every bad row. Importing the same history again adds nothing twice: a habit's day "
        "it already has is left as it is.",
    )
    def post(self, request: PersonApiRequest) -> Response:
        user = request.user
        try:
            history = _history(request, user=user)
        except ImportProblems as refused:
            return Response(_problems_body(refused.problems), status=400)
        result = services.progress_import(user=user, history=history)
        return Response(ImportResultSerializer(result).data, status=201)


def _history(request: Request, *, user: User) -> ImportedHistory:
    """The history of the request: an uploaded file (a form), or the JSON body."""
    now = timezone.now()
    if not request.content_type.startswith("multipart/"):
        return parse_events_json(
            request.data, zone=user.timezone, day_start_hour=user.day_start_hour, now=now
        )
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
