"""REST API of the goals app: goals, milestones, missions, sessions and the daily triad.

Every view reads through selectors and writes through services with request.user, so another
person's object answers 404. Lists are paginated (?page=) and filterable.
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import path
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.text import TextField
from goals import selectors, services
from goals.models import (
    TEXT_MAX,
    TITLE_MAX,
    Category,
    Energy,
    Goal,
    Milestone,
    Mission,
    MissionSession,
)

# -- serializers --------------------------------------------------------------------------


class GoalSerializer(serializers.ModelSerializer):
    progress = serializers.SerializerMethodField()
    missions_total = serializers.IntegerField(read_only=True)
    missions_completed = serializers.IntegerField(read_only=True)
    missions_suggested = serializers.IntegerField(read_only=True)

    class Meta:
        model = Goal
        fields = [
            "id",
            "title",
            "description",
            "category",
            "target_date",
            "importance",
            "status",
            "decomposition_status",
            "decomposition_error",
            "decomposition_attempts",
            "plan_summary",
            "last_worked_at",
            "created_at",
            "missions_total",
            "missions_completed",
            "missions_suggested",
            "progress",
        ]
        read_only_fields = fields

    def get_progress(self, goal: Goal) -> int:
        return selectors.goal_progress(goal)


class GoalInput(serializers.Serializer):
    title = TextField(max_length=TITLE_MAX, noun="title")
    description = TextField(
        max_length=TEXT_MAX, noun="description", required=False, allow_blank=True
    )
    category = serializers.ChoiceField(choices=Category.choices)
    target_date = serializers.DateField(required=False, allow_null=True)
    importance = serializers.IntegerField(min_value=1, max_value=5, required=False)


class GoalStatusInput(serializers.Serializer):
    status = serializers.ChoiceField(choices=Goal.Status.choices)


class MissionSerializer(serializers.ModelSerializer):
    goal_title = serializers.CharField(source="goal.title", read_only=True)

    class Meta:
        model = Mission
        fields = [
            "id",
            "goal",
            "goal_title",
            "milestone",
            "position",
            "title",
            "description",
            "estimated_minutes",
            "energy",
            "category",
            "priority_score",
            "status",
            "due_date",
            "deferred_until",
            "defer_count",
            "is_special",
            "from_plan",
            "started_at",
            "completed_at",
        ]
        read_only_fields = fields


class MilestoneSerializer(serializers.ModelSerializer):
    missions = MissionSerializer(many=True, read_only=True)

    class Meta:
        model = Milestone
        fields = ["id", "position", "title", "description", "missions"]
        read_only_fields = fields


class MissionEditInput(serializers.Serializer):
    title = TextField(max_length=TITLE_MAX, noun="title", required=False)
    description = TextField(
        max_length=TEXT_MAX, noun="description", required=False, allow_blank=True
    )
    estimated_minutes = serializers.IntegerField(min_value=10, max_value=30, required=False)
    energy = serializers.ChoiceField(choices=Energy.choices, required=False)
    due_date = serializers.DateField(required=False, allow_null=True)
    priority_score = serializers.FloatField(min_value=0, max_value=1, required=False)
    milestone_id = serializers.IntegerField(required=False, allow_null=True)


class MissionCreateInput(MissionEditInput):
    goal = serializers.IntegerField()
    title = TextField(max_length=TITLE_MAX, noun="title")


class SessionSerializer(serializers.ModelSerializer):
    mission_title = serializers.CharField(source="mission.title", read_only=True)

    class Meta:
        model = MissionSession
        fields = [
            "id",
            "mission",
            "mission_title",
            "status",
            "started_at",
            "planned_minutes",
            "ended_at",
            "actual_minutes",
            "notes",
            "reflection",
        ]
        read_only_fields = fields


class SessionStartInput(serializers.Serializer):
    mission = serializers.IntegerField()
    planned_minutes = serializers.IntegerField(min_value=1, max_value=180, required=False)


class SessionExtendInput(serializers.Serializer):
    minutes = serializers.IntegerField(min_value=1, max_value=120, default=10)


class SessionCompleteInput(serializers.Serializer):
    actual_minutes = serializers.IntegerField(min_value=1, max_value=180, required=False)
    notes = TextField(max_length=TEXT_MAX, noun="note", required=False, allow_blank=True)
    reflection = TextField(max_length=TEXT_MAX, noun="reflection", required=False, allow_blank=True)
    complete_mission = serializers.BooleanField(default=True)


class TriadSerializer(serializers.Serializer):
    energy = serializers.CharField(allow_null=True)
    high = MissionSerializer(allow_null=True)
    medium = MissionSerializer(allow_null=True)
    low = MissionSerializer(allow_null=True)


def _valid(
    serializer_class: type[serializers.Serializer], data: Any, *, partial: bool = False
) -> dict[str, Any]:
    serializer = serializer_class(data=data, partial=partial)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _choice(request: Request, name: str, choices: list[str]) -> str | None:
    value = request.query_params.get(name) or None
    if value is not None and value not in choices:
        raise serializers.ValidationError({name: f"Use one of: {', '.join(choices)}."})
    return value


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if not value:
        return None
    # ASCII digits that fit an id: "²" is a digit to str.isdigit() but not to int().
    if not re.fullmatch(r"[0-9]{1,18}", value):
        raise serializers.ValidationError({name: "Must be an id (a whole number)."})
    return int(value)


# -- goals --------------------------------------------------------------------------------


class GoalListView(generics.ListAPIView):
    """GET: the person's goals (?status=, ?category=). POST: create one (planning starts)."""

    serializer_class = GoalSerializer

    def get_queryset(self) -> Any:
        return selectors.goal_list(
            user=self.request.user,
            status=_choice(self.request, "status", Goal.Status.values),
            category=_choice(self.request, "category", Category.values),
        )

    def post(self, request: Request) -> Response:
        goal = services.goal_create(user=request.user, **_valid(GoalInput, request.data))
        body = GoalSerializer(selectors.goal_get(user=request.user, goal_id=goal.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)


class GoalDetailView(APIView):
    def get(self, request: Request, goal_id: int) -> Response:
        return Response(GoalSerializer(selectors.goal_get(user=request.user, goal_id=goal_id)).data)

    def patch(self, request: Request, goal_id: int) -> Response:
        changes = _valid(GoalInput, request.data, partial=True)
        services.goal_update(user=request.user, goal_id=goal_id, **changes)
        return self.get(request, goal_id)


class GoalActionView(APIView):
    """POST /api/goals/<id>/<action>/: status, retry (planning), approve-all (suggestions)."""

    action_name = ""

    def post(self, request: Request, goal_id: int) -> Response:
        user = request.user
        if self.action_name == "status":
            new_status = _valid(GoalStatusInput, request.data)["status"]
            services.goal_set_status(user=user, goal_id=goal_id, status=new_status)
        elif self.action_name == "retry":
            services.goal_retry_decomposition(user=user, goal_id=goal_id)
        else:
            services.mission_approve_all(user=user, goal_id=goal_id)
        return Response(GoalSerializer(selectors.goal_get(user=user, goal_id=goal_id)).data)


class MilestoneListView(generics.ListAPIView):
    serializer_class = MilestoneSerializer

    def get_queryset(self) -> Any:
        return selectors.milestone_list(user=self.request.user, goal_id=self.kwargs["goal_id"])


# -- missions -----------------------------------------------------------------------------


class MissionListView(generics.ListAPIView):
    """GET: missions (?goal=, ?status=, ?category=, ?energy=, ?milestone=). POST: add one."""

    serializer_class = MissionSerializer

    def get_queryset(self) -> Any:
        request = self.request
        return selectors.mission_list(
            user=request.user,
            goal_id=_int_param(request, "goal"),
            status=_choice(request, "status", Mission.Status.values),
            category=_choice(request, "category", Category.values),
            energy=_choice(request, "energy", Energy.values),
            milestone_id=_int_param(request, "milestone"),
        )

    def post(self, request: Request) -> Response:
        data = _valid(MissionCreateInput, request.data)
        mission = services.mission_create(user=request.user, goal_id=data.pop("goal"), **data)
        body = MissionSerializer(selectors.mission_get(user=request.user, mission_id=mission.pk))
        return Response(body.data, status=status.HTTP_201_CREATED)


class MissionDetailView(APIView):
    def get(self, request: Request, mission_id: int) -> Response:
        mission = selectors.mission_get(user=request.user, mission_id=mission_id)
        return Response(MissionSerializer(mission).data)

    def patch(self, request: Request, mission_id: int) -> Response:
        changes = _valid(MissionEditInput, request.data)
        services.mission_edit(user=request.user, mission_id=mission_id, **changes)
        return self.get(request, mission_id)


class MissionActionView(APIView):
    """POST /api/missions/<id>/<action>/; reject answers 204 (the suggestion is gone)."""

    action_name = ""

    def post(self, request: Request, mission_id: int) -> Response:
        services.MISSION_ACTIONS[self.action_name](user=request.user, mission_id=mission_id)
        if self.action_name == "reject":
            return Response(status=status.HTTP_204_NO_CONTENT)
        mission = selectors.mission_get(user=request.user, mission_id=mission_id)
        return Response(MissionSerializer(mission).data)


# -- sessions -----------------------------------------------------------------------------


class SessionListView(generics.ListAPIView):
    """GET: sessions (?mission=, ?status=). POST {mission}: start a session (the timer)."""

    serializer_class = SessionSerializer

    def get_queryset(self) -> Any:
        return selectors.session_list(
            user=self.request.user,
            mission_id=_int_param(self.request, "mission"),
            status=_choice(self.request, "status", MissionSession.Status.values),
        )

    def post(self, request: Request) -> Response:
        data = _valid(SessionStartInput, request.data)
        session = services.session_start(
            user=request.user,
            mission_id=data["mission"],
            planned_minutes=data.get("planned_minutes"),
        )
        return Response(SessionSerializer(session).data, status=status.HTTP_201_CREATED)


class SessionDetailView(APIView):
    def get(self, request: Request, session_id: int) -> Response:
        session = selectors.session_get(user=request.user, session_id=session_id)
        return Response(SessionSerializer(session).data)


class SessionExtendView(APIView):
    def post(self, request: Request, session_id: int) -> Response:
        minutes = _valid(SessionExtendInput, request.data)["minutes"]
        session = services.session_extend(user=request.user, session_id=session_id, minutes=minutes)
        return Response(SessionSerializer(session).data)


class SessionCompleteView(APIView):
    def post(self, request: Request, session_id: int) -> Response:
        data = _valid(SessionCompleteInput, request.data)
        session = services.session_complete(user=request.user, session_id=session_id, **data)
        return Response(SessionSerializer(session).data)


# -- triad --------------------------------------------------------------------------------


class TriadView(APIView):
    """GET /api/triad/?energy=low|medium|high: today's high, medium and low missions."""

    def get(self, request: Request) -> Response:
        energy = _choice(request, "energy", Energy.values)
        triad = selectors.triad_for(user=request.user, energy=energy)
        return Response(TriadSerializer(triad).data)


urlpatterns = [
    path("goals/", GoalListView.as_view(), name="api-goals"),
    path("goals/<int:goal_id>/", GoalDetailView.as_view(), name="api-goal"),
    path("goals/<int:goal_id>/milestones/", MilestoneListView.as_view(), name="api-milestones"),
    *(
        path(
            f"goals/<int:goal_id>/{name}/",
            GoalActionView.as_view(action_name=name),
            name=f"api-goal-{name}",
        )
        for name in ("status", "retry", "approve-all")
    ),
    path("missions/", MissionListView.as_view(), name="api-missions"),
    path("missions/<int:mission_id>/", MissionDetailView.as_view(), name="api-mission"),
    *(
        path(
            f"missions/<int:mission_id>/{name}/",
            MissionActionView.as_view(action_name=name),
            name=f"api-mission-{name}",
        )
        for name in services.MISSION_ACTIONS
    ),
    path("sessions/", SessionListView.as_view(), name="api-sessions"),
    path("sessions/<int:session_id>/", SessionDetailView.as_view(), name="api-session"),
    path(
        "sessions/<int:session_id>/extend/", SessionExtendView.as_view(), name="api-session-extend"
    ),
    path(
        "sessions/<int:session_id>/complete/",
        SessionCompleteView.as_view(),
        name="api-session-complete",
    ),
    path("triad/", TriadView.as_view(), name="api-triad"),
]
