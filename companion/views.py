"""The page "What Eliza remembers": list by tier, search, create, edit and delete."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from companion import selectors, services
from companion.forms import MemoryForm
from companion.models import Actor, Source, Tier

SAVED_MESSAGES = {
    "created": "Eliza will remember it.",
    "reinforced": "Eliza already knew that; she is now more sure of it.",
    "superseded": "Eliza will remember it instead of what she knew before.",
}


def _add_errors(form: MemoryForm, error: ValidationError) -> None:
    """Show each service error next to its field, or above the form if it has none."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for field, problems in error.message_dict.items():
        form.add_error(field if field in form.fields else None, problems)


def _grouped(user) -> list[tuple[str, list]]:
    memories = list(selectors.memory_list(user=user))
    return [(label, [m for m in memories if m.tier == value]) for value, label in Tier.choices]


@login_required
@require_http_methods(["GET", "POST"])
def memories(request: HttpRequest) -> HttpResponse:
    form = MemoryForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            write = services.memory_create(
                user=request.user,
                content=form.cleaned_data["content"],
                tier=form.cleaned_data["tier"],
                tags=form.tag_list(),
                source=Source.USER,
                actor=Actor.USER,
                confidence=0.9,
            )
        except ValidationError as error:
            _add_errors(form, error)
        else:
            messages.success(request, SAVED_MESSAGES[write.outcome])
            return redirect("memories")
    query = request.GET.get("q", "").strip()
    found = selectors.memory_recall(user=request.user, query=query, k=10) if query else None
    context = {"form": form, "groups": _grouped(request.user), "query": query, "found": found}
    return render(request, "companion/memories.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def memory_edit(request: HttpRequest, memory_id: int) -> HttpResponse:
    memory = selectors.memory_get(user=request.user, memory_id=memory_id)
    initial = {"content": memory.content, "tier": memory.tier, "tags": ", ".join(memory.tags)}
    form = MemoryForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.memory_update(
                memory=memory,
                user=request.user,
                content=form.cleaned_data["content"],
                tier=form.cleaned_data["tier"],
                tags=form.tag_list(),
                actor=Actor.USER,
            )
        except ValidationError as error:
            _add_errors(form, error)
        else:
            messages.success(request, "Memory updated.")
            return redirect("memories")
    return render(request, "companion/memory_edit.html", {"form": form, "memory": memory})


@login_required
@require_http_methods(["GET", "POST"])
def memory_delete(request: HttpRequest, memory_id: int) -> HttpResponse:
    memory = selectors.memory_get(user=request.user, memory_id=memory_id)
    if request.method == "POST":
        services.memory_delete(memory=memory, user=request.user, actor=Actor.USER)
        messages.success(request, "Eliza has forgotten it, along with its history.")
        return redirect("memories")
    return render(request, "companion/memory_delete.html", {"memory": memory})


@login_required
def memories_export(request: HttpRequest) -> JsonResponse:
    response = JsonResponse(selectors.memory_export(user=request.user))
    response["Content-Disposition"] = 'attachment; filename="memories.json"'
    return response
