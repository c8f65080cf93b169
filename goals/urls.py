"""Page URLs of the goals app (its API routes live in goals/api.py, under /api/)."""

from __future__ import annotations

from django.urls import path

from goals import views, views_habits
from goals.progress import views as progress_views
from goals.progress import views_import

urlpatterns = [
    path("goals/", views.goal_list, name="goals"),
    path("goals/new/", views.goal_create, name="goal-create"),
    path("goals/<int:goal_id>/", views.goal_detail, name="goal-detail"),
    path("goals/<int:goal_id>/edit/", views.goal_edit, name="goal-edit"),
    path("goals/<int:goal_id>/status/", views.goal_status, name="goal-status"),
    path("goals/<int:goal_id>/retry/", views.goal_retry, name="goal-retry"),
    path("goals/<int:goal_id>/approve-all/", views.goal_approve_all, name="goal-approve-all"),
    path("goals/<int:goal_id>/missions/new/", views.mission_create, name="mission-create"),
    path("goals/<int:goal_id>/state/", views.goal_state, name="goal-state"),
    path("missions/<int:mission_id>/edit/", views.mission_edit, name="mission-edit"),
    path("missions/<int:mission_id>/session/", views.session_page, name="mission-session"),
    path("missions/<int:mission_id>/<slug:action>/", views.mission_action, name="mission-action"),
    path("today/", views.today, name="today"),
    path("habits/", views_habits.habit_list, name="habits"),
    path("habits/<int:habit_id>/", views_habits.habit_detail, name="habit-detail"),
    path("habits/<int:habit_id>/days/<str:day>/", views_habits.habit_day, name="habit-day"),
    path("habits/<int:habit_id>/reminder/", views_habits.habit_reminder, name="habit-reminder"),
    path("habits/<int:habit_id>/take/", views_habits.habit_take, name="habit-take"),
    path("progress/", progress_views.progress_page, name="progress"),
    path(
        "progress/highlights/<int:reel_id>/",
        progress_views.highlight_page,
        name="progress-highlight",
    ),
    path("progress/import/", views_import.progress_import_page, name="progress-import"),
]
