"""Pages of the companion app, included under /memories/."""

from __future__ import annotations

from django.urls import path

from companion import views

urlpatterns = [
    path("", views.memories, name="memories"),
    path("export/", views.memories_export, name="memory-export"),
    path("<int:memory_id>/edit/", views.memory_edit, name="memory-edit"),
    path("<int:memory_id>/delete/", views.memory_delete, name="memory-delete"),
]
