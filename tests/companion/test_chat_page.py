"""The chat page: its history and access rules, and talking to Eliza in a real browser."""

from __future__ import annotations

import re
import uuid
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from companion import conversations
from companion.models import Turn
from goals.models import Goal
from tests.factories import PASSWORD, make_user
from tests.support.browser import live_app, live_daphne, log_in, page  # noqa: F401  (fixtures)
from tests.support.fixtures import openai_server  # noqa: F401  (a fixture)

GOAL_MESSAGE = "I want to set a goal to clear out the attic by May because I want more space"
CATEGORY_QUESTION = "Which part of your life does it serve: health, craft, growth or connection?"
WAITING_CATEGORY = "Which part of life is this goal about: health, craft, growth or connection?"

# Keeps every chat:event with the text of Eliza's last bubble once the page has handled it.
RECORD_EVENTS = """
window.chatEvents = [];
document.addEventListener("chat:event", (event) => {
  const bubbles = document.querySelectorAll(".bubble.eliza .text");
  const last = bubbles[bubbles.length - 1];
  window.chatEvents.push({ type: event.detail.type, bubble: last ? last.textContent : "" });
});
"""


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


def chat_url(session_id) -> str:
    return reverse("chat-session", kwargs={"session_id": session_id})


# -- the page ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_login_is_required(client, owner):
    session_id = conversations.message_send(user=owner, text="Hello")["session_id"]
    for url in (reverse("chat"), chat_url(session_id)):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


@pytest.mark.django_db
def test_owner_sees_the_history_the_sessions_and_what_eliza_waits_for(owner_client, owner):
    first = conversations.message_send(user=owner, text="Hello <b>there</b>")
    goal = conversations.message_send(user=owner, text=GOAL_MESSAGE)
    html = owner_client.get(chat_url(goal["session_id"])).content.decode()
    assert GOAL_MESSAGE in html
    assert CATEGORY_QUESTION in html
    assert WAITING_CATEGORY in html  # the question she asked, under the conversation
    assert "value_category" not in html
    assert "value category" not in html
    assert f'href="{chat_url(first["session_id"])}"' in html  # the other session, listed
    assert "Hello &lt;b&gt;there&lt;/b&gt;" in html  # its title, escaped
    assert f'href="{reverse("chat")}">New conversation' in html
    assert "Samaritans" not in html  # no crisis, no resources
    assert 'href="/chat/" aria-current="page">' in html  # the nav link, marked current


@pytest.mark.django_db
def test_a_past_crisis_keeps_its_resources_on_screen(owner_client, owner):
    crisis = conversations.message_send(user=owner, text="I want to kill myself")
    conversations.message_send(user=owner, text="thank you", session_id=crisis["session_id"])
    html = owner_client.get(chat_url(crisis["session_id"])).content.decode()
    start = html.index('id="chat-crisis"')
    panel = html[start : html.index("</section>", start)]
    assert 'role="alert"' in panel
    assert " hidden" not in panel
    assert "Samaritans on 116 123" in panel


@pytest.mark.django_db
def test_the_help_lines_leave_once_the_person_says_they_are_safe(owner_client, owner):
    crisis = conversations.message_send(user=owner, text="I want to kill myself")
    safe = conversations.message_send(
        user=owner, text="no im safe now, my sister is here", session_id=crisis["session_id"]
    )
    assert safe["crisis"]["resolved"]
    html = owner_client.get(chat_url(crisis["session_id"])).content.decode()
    start = html.index('id="chat-crisis"')
    assert " hidden>" in html[start : html.index(">", start) + 1]


@pytest.mark.django_db
def test_another_persons_or_an_unknown_session_is_a_404(client, owner, outsider):
    session_id = conversations.message_send(user=owner, text="Hello")["session_id"]
    client.force_login(outsider)
    assert client.get(chat_url(session_id)).status_code == 404
    assert client.post(chat_url(session_id), {"text": "hi"}).status_code == 404
    assert client.get(chat_url(uuid.uuid4())).status_code == 404
    assert Turn.objects.filter(user=outsider).count() == 0


@pytest.mark.django_db
def test_the_form_works_without_javascript(owner_client, owner):
    response = owner_client.post(reverse("chat"), {"text": "   "})
    assert response.status_code == 200
    assert "A message cannot be empty." in response.content.decode()
    assert not Turn.objects.filter(user=owner).exists()

    form = {"text": GOAL_MESSAGE, "idempotency_key": "page-key-1"}
    response = owner_client.post(reverse("chat"), form)
    turn = Turn.objects.get(user=owner)
    assert response.status_code == 302
    assert response.url == chat_url(turn.conversation_id)
    owner_client.post(reverse("chat"), form)  # a double submit runs the turn once
    assert Turn.objects.filter(user=owner).count() == 1
    response = owner_client.post(response.url, {"text": "health"})
    assert response.url == chat_url(turn.conversation_id)
    assert "Shall I set it up?" in owner_client.get(response.url).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\u200b\u200b\u2060", "A message needs at least one visible character"),
        ("hi\x00", "A message cannot contain a control character (U+0000, at character 3)."),
    ],
)
def test_invisible_or_broken_text_is_refused_on_the_page_too(owner_client, owner, text, message):
    response = owner_client.post(reverse("chat"), {"text": text})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Turn.objects.filter(user=owner).exists()


# -- in a real browser -------------------------------------------------------------------------


def send(browser_page, text: str) -> str:
    """Type a message, press Enter, and return Eliza's reply once it has arrived."""
    replies = browser_page.locator(".bubble.eliza .text")
    count = replies.count()
    browser_page.get_by_label("Your message").fill(text)
    browser_page.keyboard.press("Enter")
    browser_page.locator("#chat-form[aria-busy='false']").wait_for()
    assert replies.count() == count + 1
    return replies.last.inner_text()


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_goal_is_set_up_by_talking_with_the_reply_streamed(page, live_app):  # noqa: F811
    maya = make_user("maya", timezone="UTC")
    page.add_init_script(RECORD_EVENTS)
    log_in(page, live_app, "maya", PASSWORD)
    page.goto(f"{live_app}/chat/")
    assert page.evaluate("document.activeElement.id") == "chat-text"
    page.get_by_role("link", name="I'd like to set a goal").click()  # a starter fills it
    assert page.get_by_label("Your message").input_value() == "I'd like to set a goal"

    assert send(page, GOAL_MESSAGE) == CATEGORY_QUESTION
    events = page.evaluate("window.chatEvents")
    kinds = [event["type"] for event in events]
    assert kinds.index("state") < kinds.index("token") < kinds.index("reply")
    partial = [e["bubble"] for e in events if e["type"] == "token"]
    assert len(partial) > 3
    assert 0 < len(partial[0]) < len(CATEGORY_QUESTION)
    assert all(CATEGORY_QUESTION.startswith(text) for text in partial)  # it grew word by word
    assert page.locator(".bubble.person .text").last.inner_text() == GOAL_MESSAGE
    # Named by its first message at once, as after a reload ("A new conversation" stayed).
    assert page.locator(".chat-sub").inner_text() == f"{GOAL_MESSAGE[:59]}…"
    assert page.locator("#chat-waiting").inner_text() == f"Eliza asked: {WAITING_CATEGORY}"
    session_id = Turn.objects.get(user=maya).conversation_id
    assert page.url == f"{live_app}{chat_url(session_id)}"

    assert send(page, "growth").endswith("Shall I set it up?")
    assert page.locator("#chat-waiting").inner_text() == (
        "Eliza asked: Shall I go ahead? Say yes, or tell me what to change."
    )

    assert send(page, "yes").startswith("Done: “Clear out the attic” is set up.")
    assert page.locator("#chat-waiting").is_hidden()
    goals_link = page.locator(".bubble.eliza").last.get_by_role("link", name="goals page")
    assert goals_link.get_attribute("href") == "/goals/"  # the page she names is a link
    assert Goal.objects.filter(user=maya, title="Clear out the attic").exists()
    assert Turn.objects.filter(user=maya, conversation_id=session_id).count() == 3

    # A flow's replies are its own; a free reply carries memories, listed under it.
    send(page, "What do you remember about my attic?")
    page.locator("details.memories summary").last.focus()
    page.keyboard.press("Enter")  # the memories she used open from the keyboard
    assert page.locator("details.memories").last.get_attribute("open") is not None


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_crisis_shows_the_resources_on_a_phone_without_websockets(page, live_app):  # noqa: F811
    make_user("noah", timezone="UTC")
    page.set_viewport_size({"width": 375, "height": 667})
    page.add_init_script("delete window.WebSocket;")  # the fetch fallback answers instead
    log_in(page, live_app, "noah", PASSWORD)
    page.goto(f"{live_app}/chat/")
    assert page.evaluate("'WebSocket' in window") is False
    assert page.locator("#chat-crisis").is_hidden()

    assert "Samaritans" in send(page, "I want to kill myself")
    panel = page.get_by_role("alert")
    assert "call or text 988" in panel.inner_text()
    conversation = page.locator("#chat-scroll").bounding_box()
    assert panel.bounding_box()["y"] < conversation["y"]  # above the conversation, which scrolls
    assert page.locator(".bubble.eliza").last.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert page.evaluate("document.documentElement.scrollHeight") <= 667  # the page stays put
    composer = page.get_by_label("Your message").bounding_box()
    assert composer["y"] + composer["height"] <= page.locator(".tabbar").bounding_box()["y"]

    send(page, "thanks, I will call them")
    assert panel.is_visible()  # it stays
    assert page.get_by_label("Your message").input_value() == ""
    assert panel.bounding_box()["height"] <= 667 * 0.25  # never a wall over the conversation
    page.get_by_role("button", name="Close the help lines").click()
    assert panel.is_hidden()
    page.reload()
    assert page.locator("#chat-crisis").is_hidden()  # closed stays closed in this conversation


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_message_delight_was_too_busy_to_take_is_sent_again_by_the_page(page):  # noqa: F811
    make_user("omar", timezone="UTC")
    page.add_init_script("delete window.WebSocket;")  # through POST, where a 503 can come
    refusals = []

    def busy_once(route) -> None:
        if refusals:
            route.continue_()
            return
        refusals.append(route.request.post_data_json)
        route.fulfill(
            status=503,
            headers={"Retry-After": "1"},
            json={"detail": "Delight is busy right now; please try again in 1 s.", "code": "busy"},
        )

    with live_daphne() as url:
        log_in(page, url, "omar", PASSWORD)
        page.goto(f"{url}/chat/")
        page.route("**/api/companion/messages/", busy_once)
        page.get_by_label("Your message").fill("hi eliza, long day")
        page.keyboard.press("Enter")
        status = page.locator("#chat-status")
        status.filter(has_text="Delight is busy: sending your message again in 1 s").wait_for()
        assert page.get_by_label("Your message").input_value() == "hi eliza, long day"
        page.locator("#chat-form[aria-busy='false']").wait_for()

    assert len(refusals) == 1
    turn = Turn.objects.get(user__username="omar")  # answered once, with the same key
    assert turn.text == "hi eliza, long day"
    assert turn.idempotency_key == refusals[0]["idempotency_key"]
    assert page.locator(".bubble.eliza .text").last.inner_text() == turn.reply
    assert page.locator("#chat-error").is_hidden()
    assert page.get_by_label("Your message").input_value() == ""


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_model_reply_cut_short_is_replaced_on_screen_by_the_complete_one(
    page,  # noqa: F811
    openai_server,  # noqa: F811
):
    make_user("iris", timezone="UTC")
    openai_server.plan_reading()
    openai_server.plan_stream(["MODEL-REPLY: ", "I hear"], ending="cut")
    model = {"OPENAI_API_KEY": "test", "OPENAI_BASE_URL": openai_server.base_url}
    # A loaded machine's first turn can outlast the default budget and be answered offline;
    # this test is about the stream cut short, not the budget.
    with live_daphne(**model, OPENAI_TIMEOUT="3", ELIZA_MODEL_BUDGET_SECONDS="60") as url:
        page.add_init_script(RECORD_EVENTS)
        log_in(page, url, "iris", PASSWORD)
        page.goto(f"{url}/chat/")

        shown = send(page, "What should I try first?")

    events = page.evaluate("window.chatEvents")
    assert "MODEL-REPLY: I hear" in [e["bubble"] for e in events if e["type"] == "token"]
    assert "MODEL-REPLY" not in shown
    assert shown == Turn.objects.get(user__username="iris").reply


@pytest.mark.django_db
def test_links_in_her_replies_are_safe_and_times_are_in_the_persons_zone(owner_client, owner):
    owner.timezone = "Asia/Kathmandu"
    owner.save(update_fields=["timezone"])
    sent = conversations.message_send(user=owner, text="Hello")
    turn = Turn.objects.get(user=owner)
    Turn.objects.filter(pk=turn.pk).update(
        reply="See your goals page, https://example.org/a?b=1&c=<x> and About you. <b>hi</b>"
    )
    turn.refresh_from_db()
    html = owner_client.get(chat_url(sent["session_id"])).content.decode()
    assert '<a href="/goals/">goals page</a>' in html
    assert '<a href="https://example.org/a?b=1&amp;c=" rel="noopener noreferrer"' in html
    assert '<a href="/about-you/">About you</a>' in html
    assert "&lt;b&gt;hi&lt;/b&gt;" in html
    assert "<b>hi</b>" not in html
    local = turn.created_at.astimezone(ZoneInfo("Asia/Kathmandu"))
    assert f">{local:%H:%M}</time>" in html
    assert 'data-timezone="Asia/Kathmandu"' in html


@pytest.mark.django_db
def test_an_empty_chat_greets_offers_starters_and_takes_text_from_home(owner_client):
    html = owner_client.get(reverse("chat") + "?text=I+want+to+run").content.decode()
    assert ">I want to run</textarea>" in html
    assert 'href="?text=I%27d%20like%20to%20set%20a%20goal"' in html  # works without JS too
    assert "I'm Eliza" in html


@pytest.mark.django_db
def test_the_memories_she_used_say_what_they_are_about_not_their_tier(owner_client, owner):
    sent = conversations.message_send(user=owner, text="Hello")
    turn = Turn.objects.get(user=owner)
    used = [{"id": 1, "content": "Has a sister, Ana", "tier": "personal"}]
    Turn.objects.filter(pk=turn.pk).update(result={**turn.result, "memories_used": used})
    html = owner_client.get(chat_url(sent["session_id"])).content.decode()
    assert "Has a sister, Ana <small>(about you)</small>" in html
    shown = html.split("<main", 1)[1].split('id="chat-words"', 1)[0]  # the page, not its JSON
    assert "personal" not in shown.lower()


@pytest.mark.django_db
def test_the_reminder_does_not_echo_the_question_she_just_asked(owner_client, owner):
    offer = conversations.message_send(user=owner, text="I want to learn the piano")
    asked = conversations.message_send(user=owner, text="sure", session_id=offer["session_id"])
    assert asked["reply"].endswith(asked["waiting_for"])  # the same words, just said

    html = owner_client.get(chat_url(asked["session_id"])).content.decode()

    assert re.search(r'id="chat-waiting" hidden', html)
