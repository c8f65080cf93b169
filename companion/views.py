"""Pages of the companion app: "What Eliza remembers" (list by tier, search, create, edit,
delete), "About you" (what Eliza knows of the person, corrected or forgotten) and the chat
with Eliza."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from companion import conversations, selectors, services
from companion.about import about_you
from companion.chat_text import MEMORY_KINDS, link_table
from companion.dialogue import waiting_words
from companion.forms import MemoryForm, ProfileFieldForm, ProfileItemForm
from companion.models import Actor, Source, Tier, Turn
from companion.profile_data import STYLE_QUESTION, STYLES
from delight.requests import PersonRequest

SAVED_MESSAGES = {
    "created": "Eliza will remember it.",
    "reinforced": "Eliza already knew that; she is now more sure of it.",
    "superseded": "Eliza will remember it instead of what she knew before.",
}
ABOUT_SAVED = "Saved. Eliza will go by this from now on."
ABOUT_FORGOTTEN = "Eliza has forgotten it and will not use it again."
RECENT_SESSIONS = 20
# What an empty chat offers to say first (each fills the composer; it sends without JS).
STARTERS = (
    "I'd like to set a goal",
    "How is my day looking?",
    "I'm feeling a bit stuck",
)
MAX_PREFILL = 2000  # a ?text= longer than this is cut (it only fills the composer)


def _add_errors(form: MemoryForm, error: ValidationError) -> None:
    """Show each service error next to its field, or above the form if it has none."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for field, problems in error.message_dict.items():
        form.add_error(field if field in form.fields else None, problems)


# Each kind of memory, as the page names it (never the tier's name).
GROUPS = (
    (Tier.PERSONAL, "About you", "Who you are, what you like, how you feel."),
    (Tier.PROJECT, "Your goals and plans", "What you are working towards."),
    (Tier.TASK, "Missions and tasks", "Things to do; Eliza forgets them after 30 days."),
)


def _grouped(user) -> list[tuple[str, str, list]]:
    memories = list(selectors.memory_list(user=user))
    return [
        (title, about, [m for m in memories if m.tier == tier]) for tier, title, about in GROUPS
    ]


@login_required
@require_http_methods(["GET", "POST"])
def memories(request: PersonRequest) -> HttpResponse:
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
def memory_edit(request: PersonRequest, memory_id: int) -> HttpResponse:
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
def memory_delete(request: PersonRequest, memory_id: int) -> HttpResponse:
    memory = selectors.memory_get(user=request.user, memory_id=memory_id)
    if request.method == "POST":
        services.memory_delete(memory=memory, user=request.user, actor=Actor.USER)
        messages.success(request, "Eliza has forgotten it, along with its history.")
        return redirect("memories")
    return render(request, "companion/memory_delete.html", {"memory": memory})


@login_required
@require_safe
def memories_export(request: PersonRequest) -> JsonResponse:
    response = JsonResponse(selectors.memory_export(user=request.user))
    response["Content-Disposition"] = 'attachment; filename="memories.json"'
    return response


def _about_page(
    request: PersonRequest, *, failed: str = "", error: str = "", typed: str = ""
) -> HttpResponse:
    """The About you page; after a refused change, the form that failed (`failed`, an item's
    ref) shows the error and keeps what the person typed."""
    context = {
        "about": about_you(user=request.user),
        "styles": list(STYLES.items()),
        "style_question": STYLE_QUESTION,
        "failed": failed,
        "error": error,
        "typed": typed,
    }
    return render(request, "companion/about_you.html", context, status=400 if error else 200)


def _first_error(form: ProfileFieldForm | ProfileItemForm) -> str:
    return next(iter(form.errors.values()))[0]


@login_required
@require_http_methods(["GET", "POST"])
def about_you_page(request: PersonRequest) -> HttpResponse:
    """What Eliza knows about you. A POST sets or forgets one profile field (the forms work
    without JavaScript; about.js sends the same changes to the API)."""
    if request.method == "GET":
        return _about_page(request)
    form = ProfileFieldForm(request.POST)
    if not form.is_valid():
        failed, typed = f"field-{request.POST.get('field', '')}", request.POST.get("value", "")
        return _about_page(request, failed=failed, error=_first_error(form), typed=typed)
    field, value = form.cleaned_data["field"], form.cleaned_data["value"].strip()
    forget = form.cleaned_data["forget"] or not value
    try:
        if field == "interest":
            kept = selectors.profile_get(user=request.user).interests
            services.profile_update(user=request.user, interests=[i for i in kept if i != value])
        else:
            services.profile_update(user=request.user, **{field: "" if forget else value})
    except ValidationError as refused:
        return _about_page(
            request, failed=f"field-{field}", error=" ".join(refused.messages), typed=value
        )
    messages.success(request, ABOUT_FORGOTTEN if forget else ABOUT_SAVED)
    return redirect("about-you")


@login_required
@require_POST
def about_item(request: PersonRequest, memory_id: int) -> HttpResponse:
    """Correct one thing Eliza knows (another person's memory is a 404)."""
    memory = selectors.profile_memory_get(user=request.user, memory_id=memory_id)
    form = ProfileItemForm(request.POST)
    typed = request.POST.get("content", "")
    if not form.is_valid():
        return _about_page(
            request, failed=f"memory-{memory.pk}", error=_first_error(form), typed=typed
        )
    try:
        services.profile_item_update(
            user=request.user, memory=memory, content=form.cleaned_data["content"]
        )
    except ValidationError as refused:
        return _about_page(
            request, failed=f"memory-{memory.pk}", error=" ".join(refused.messages), typed=typed
        )
    messages.success(request, ABOUT_SAVED)
    return redirect("about-you")


@login_required
@require_POST
def about_item_forget(request: PersonRequest, memory_id: int) -> HttpResponse:
    """Make Eliza forget one thing (the page asked to confirm first)."""
    memory = selectors.profile_memory_get(user=request.user, memory_id=memory_id)
    services.profile_item_forget(user=request.user, memory=memory)
    messages.success(request, ABOUT_FORGOTTEN)
    return redirect("about-you")


def _reminder(question: str, turns: list) -> str:
    """The question Eliza waits on, unless her last reply just asked it (no echo)."""
    last = turns[-1].reply if turns else ""
    return "" if last and last.rstrip().endswith(question) else question


def _waiting_for(state: dict[str, Any]) -> str:
    """What a flow waits to hear, in words; "" when no flow waits (a turn's result carries
    the same words for chat.js)."""
    return waiting_words(state["conversation_state"], state["pending_slot"])


def _crisis(turns: list[Turn]) -> dict[str, Any] | None:
    """The session's latest crisis answer, its help lines on screen until the person said
    they are safe (a later turn that closed it)."""
    for turn in reversed(turns):
        crisis = turn.result.get("crisis") or {}
        if crisis.get("resolved"):
            return None
        if crisis.get("triggered"):
            return crisis
    return None


@login_required
@require_http_methods(["GET", "POST"])
def chat(request: PersonRequest, session_id: uuid.UUID | None = None) -> HttpResponse:
    """Talk to Eliza. chat.js streams replies over ws/companion/; a plain POST (no
    JavaScript) runs the turn here and comes back to the session."""
    conversation = None
    if session_id is not None:
        conversation = selectors.conversation_get(user=request.user, conversation_id=session_id)
    # Home's "talk to Eliza" box opens the chat with ?text= in the composer.
    draft = request.GET.get("text", "")[:MAX_PREFILL]
    if request.method == "POST":
        draft = request.POST.get("text", "")
        try:
            result = conversations.message_send(
                user=request.user,
                text=draft,
                session_id=session_id,
                idempotency_key=request.POST.get("idempotency_key") or None,
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        except conversations.SessionBusy as busy:
            messages.error(request, str(busy))
        else:
            return redirect("chat-session", session_id=result["session_id"])
    turns, state = [], None
    if conversation is not None:
        turns = selectors.conversation_turns(user=request.user, conversation_id=conversation.pk)
        state = selectors.agent_state_for(user=request.user, session_id=conversation.pk)
    context = {
        "conversation": conversation,
        "turns": turns,
        "sessions": selectors.conversation_list(user=request.user)[:RECENT_SESSIONS],
        "waiting_for": _reminder(_waiting_for(state) if state else "", turns),
        "crisis": _crisis(turns),
        "draft": draft,
        "starters": STARTERS,
        # The same words chat.js uses for live replies: page links and memory kinds.
        "chat_words": {"links": link_table(), "kinds": MEMORY_KINDS},
        # A fresh key per page: a no-JavaScript double submit runs the turn once.
        "idempotency_key": uuid.uuid4().hex,
    }
    return render(request, "companion/chat.html", context)
