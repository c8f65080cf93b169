"""REST API of the goals app: goals, milestones, missions, sessions and the daily triad.

Every view reads through selectors and writes through services with request.user, so another
person's object answers 404. Lists are paginated (?page=) and filterable.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from delight.api_params import ID_SCHEMA, DateField, choice_param, id_field, id_param
from delight.requests import PersonApiRequest
from delight.text import TextField
from goals import api_habits, selectors, services
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
    target_date = DateField(required=False, allow_null=True)
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
    due_date = DateField(required=False, allow_null=True)
    priority_score = serializers.FloatField(min_value=0, max_value=1, required=False)
    milestone_id = id_field(required=False, allow_null=True)


class MissionCreateInput(MissionEditInput):
    goal = id_field()
    title = TextField(max_length=TITLE_MAX, noun="title")


class MissionSessionSerializer(serializers.ModelSerializer):
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
    mission = id_field()
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


# -- goals --------------------------------------------------------------------------------


def _goal_body(request: PersonApiRequest, goal_id: int) -> dict[str, Any]:
    return GoalSerializer(selectors.goal_get(user=request.user, goal_id=goal_id)).data


@extend_schema_view(
    get=extend_schema(
        parameters=[
            OpenApiParameter("status", enum=Goal.Status.values),
            OpenApiParameter("category", enum=Category.values),
        ]
    ),
    post=extend_schema(request=GoalInput, responses={201: GoalSerializer}),
)
class GoalListView(generics.ListAPIView):
    """GET: the person's goals (?status=, ?category=). POST: create one (planning starts)."""

    request: PersonApiRequest  # behind IsAuthenticated: a person

    serializer_class = GoalSerializer

    def get_queryset(self) -> Any:
        return selectors.goal_list(
            user=self.request.user,
            status=choice_param(self.request, "status", Goal.Status.values),
            category=choice_param(self.request, "category", Category.values),
        )

    def post(self, request: PersonApiRequest) -> Response:
        goal = services.goal_create(user=request.user, **_valid(GoalInput, request.data))
        return Response(_goal_body(request, goal.pk), status=status.HTTP_201_CREATED)


class GoalDetailView(APIView):
    @extend_schema(responses=GoalSerializer)
    def get(self, request: Request, goal_id: int) -> Response:
        return Response(_goal_body(request, goal_id))

    @extend_schema(request=GoalInput, responses=GoalSerializer)
    def patch(self, request: PersonApiRequest, goal_id: int) -> Response:
        changes = _valid(GoalInput, request.data, partial=True)
        services.goal_update(user=request.user, goal_id=goal_id, **changes)
        return Response(_goal_body(request, goal_id))


class GoalStatusView(APIView):
    """POST /api/goals/<id>/status/ {status}: pause, resume, complete or abandon a goal."""

    @extend_schema(request=GoalStatusInput, responses=GoalSerializer)
    def post(self, request: PersonApiRequest, goal_id: int) -> Response:
        new_status = _valid(GoalStatusInput, request.data)["status"]
        services.goal_set_status(user=request.user, goal_id=goal_id, status=new_status)
        return Response(_goal_body(request, goal_id))


class GoalActionView(APIView):
    """POST /api/goals/<id>/<action>/: retry (planning) or approve-all (suggestions)."""

    ACTIONS = {
        "retry": services.goal_retry_decomposition,
        "approve-all": services.plan_approve,
    }
    action_name = ""

    @extend_schema(request=None, responses=GoalSerializer)
    def post(self, request: PersonApiRequest, goal_id: int) -> Response:
        self.ACTIONS[self.action_name](user=request.user, goal_id=goal_id)
        return Response(_goal_body(request, goal_id))


class MilestoneListView(generics.ListAPIView):
    request: PersonApiRequest  # behind IsAuthenticated: a person
    serializer_class = MilestoneSerializer

    def get_queryset(self) -> Any:
        return selectors.milestone_list(user=self.request.user, goal_id=self.kwargs["goal_id"])


# -- missions -----------------------------------------------------------------------------


@extend_schema_view(
    get=extend_schema(
        parameters=[
            OpenApiParameter("goal", ID_SCHEMA),
            OpenApiParameter("status", enum=Mission.Status.values),
            OpenApiParameter("category", enum=Category.values),
            OpenApiParameter("energy", enum=Energy.values),
            OpenApiParameter("milestone", ID_SCHEMA),
        ]
    ),
    post=extend_schema(request=MissionCreateInput, responses={201: MissionSerializer}),
)
class MissionListView(generics.ListAPIView):
    """GET: missions (?goal=, ?status=, ?category=, ?energy=, ?milestone=). POST: add one."""

    request: PersonApiRequest  # behind IsAuthenticated: a person

    serializer_class = MissionSerializer

    def get_queryset(self) -> Any:
        request = self.request
        return selectors.mission_list(
            user=request.user,
            goal_id=id_param(request, "goal"),
            status=choice_param(request, "status", Mission.Status.values),
            category=choice_param(request, "category", Category.values),
            energy=choice_param(request, "energy", Energy.values),
            milestone_id=id_param(request, "milestone"),
        )

    def post(self, request: PersonApiRequest) -> Response:
        data = _valid(MissionCreateInput, request.data)
        mission = services.mission_create(user=request.user, goal_id=data.pop("goal"), **data)
        body = MissionSerializer(selectors.mission_get(user=request.user, mission_id=mission.pk))
        return Response(body.data, status=status.HTTP_201_CREATED)


class MissionDetailView(APIView):
    @extend_schema(responses=MissionSerializer)
    def get(self, request: PersonApiRequest, mission_id: int) -> Response:
        mission = selectors.mission_get(user=request.user, mission_id=mission_id)
        return Response(MissionSerializer(mission).data)

    @extend_schema(request=MissionEditInput, responses=MissionSerializer)
    def patch(self, request: PersonApiRequest, mission_id: int) -> Response:
        changes = _valid(MissionEditInput, request.data)
        services.mission_edit(user=request.user, mission_id=mission_id, **changes)
        return self.get(request, mission_id)


class MissionActionView(APIView):
    """POST /api/missions/<id>/<action>/; reject answers 204 (the suggestion is set aside;
    restore brings it back)."""

    action_name = ""

    @extend_schema(
        request=None,
        responses={
            200: MissionSerializer,
            204: OpenApiResponse(description="reject: the suggestion is set aside."),
        },
    )
    def post(self, request: PersonApiRequest, mission_id: int) -> Response:
        services.MISSION_ACTIONS[self.action_name](user=request.user, mission_id=mission_id)
        if self.action_name == "reject":
            return Response(status=status.HTTP_204_NO_CONTENT)
        mission = selectors.mission_get(user=request.user, mission_id=mission_id)
        return Response(MissionSerializer(mission).data)


# -- sessions -----------------------------------------------------------------------------


@extend_schema_view(
    get=extend_schema(
        parameters=[
            OpenApiParameter("mission", ID_SCHEMA),
            OpenApiParameter("status", enum=MissionSession.Status.values),
        ]
    ),
    post=extend_schema(request=SessionStartInput, responses={201: MissionSessionSerializer}),
)
class SessionListView(generics.ListAPIView):
    """GET: sessions (?mission=, ?status=). POST {mission}: start a session (the timer)."""

    request: PersonApiRequest  # behind IsAuthenticated: a person

    serializer_class = MissionSessionSerializer

    def get_queryset(self) -> Any:
        return selectors.session_list(
            user=self.request.user,
            mission_id=id_param(self.request, "mission"),
            status=choice_param(self.request, "status", MissionSession.Status.values),
        )

    def post(self, request: PersonApiRequest) -> Response:
        data = _valid(SessionStartInput, request.data)
        session = services.session_start(
            user=request.user,
            mission_id=data["mission"],
            planned_minutes=data.get("planned_minutes"),
        )
        return Response(MissionSessionSerializer(session).data, status=status.HTTP_201_CREATED)


class SessionDetailView(APIView):
    @extend_schema(responses=MissionSessionSerializer)
    def get(self, request: PersonApiRequest, session_id: int) -> Response:
        session = selectors.session_get(user=request.user, session_id=session_id)
        return Response(MissionSessionSerializer(session).data)


class SessionExtendView(APIView):
    @extend_schema(request=SessionExtendInput, responses=MissionSessionSerializer)
    def post(self, request: PersonApiRequest, session_id: int) -> Response:
        minutes = _valid(SessionExtendInput, request.data)["minutes"]
        session = services.session_extend(user=request.user, session_id=session_id, minutes=minutes)
        return Response(MissionSessionSerializer(session).data)


class SessionCompleteView(APIView):
    @extend_schema(request=SessionCompleteInput, responses=MissionSessionSerializer)
    def post(self, request: PersonApiRequest, session_id: int) -> Response:
        data = _valid(SessionCompleteInput, request.data)
        session = services.session_complete(user=request.user, session_id=session_id, **data)
        return Response(MissionSessionSerializer(session).data)


# -- triad --------------------------------------------------------------------------------


class TriadView(APIView):
    """GET /api/triad/?energy=low|medium|high: today's high, medium and low missions."""

    @extend_schema(
        parameters=[OpenApiParameter("energy", enum=Energy.values)], responses=TriadSerializer
    )
    def get(self, request: PersonApiRequest) -> Response:
        energy = choice_param(request, "energy", Energy.values)
        triad = selectors.triad_for(user=request.user, energy=energy)
        return Response(TriadSerializer(triad).data)


urlpatterns = [
    *api_habits.urlpatterns,
    path("goals/", GoalListView.as_view(), name="api-goals"),
    path("goals/<int:goal_id>/", GoalDetailView.as_view(), name="api-goal"),
    path("goals/<int:goal_id>/milestones/", MilestoneListView.as_view(), name="api-milestones"),
    path("goals/<int:goal_id>/status/", GoalStatusView.as_view(), name="api-goal-status"),
    *(
        path(
            f"goals/<int:goal_id>/{name}/",
            GoalActionView.as_view(action_name=name),
            name=f"api-goal-{name}",
        )
        for name in GoalActionView.ACTIONS
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
