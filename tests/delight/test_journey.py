"""A new person's whole first visit in real Chromium, on a desktop and on a phone: landing →
sign up → onboarding (the browser's timezone found) → Home → a goal made by talking to Eliza
→ her missions approved → Today → a focus session (pause, resume) → done → the day
finished; then the account: a new password, logging out, a forgotten password set again from
an email (a real SMTP server), all their data downloaded, and the account deleted. Every
page on the way passes axe-core with no serious or critical violation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from delight.models import User
from goals.models import Goal, Mission
from tests.factories import PASSWORD
from tests.support.browser import accessibility_problems, live_app_with_mail  # noqa: F401
from tests.support.browser import page as page
from tests.support.smtp import Inbox

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


class Journey:
    """The page, the server, and the accessibility problems found on every page visited."""

    def __init__(self, page, base_url: str, inbox: Inbox) -> None:
        self.page = page
        self.base_url = base_url
        self.inbox = inbox
        self.problems: list[str] = []

    def check(self) -> None:
        self.page.wait_for_load_state("networkidle")
        self.problems += accessibility_problems(self.page)

    def tab(self, name: str) -> None:
        """Go to a section the way a person does: the top bar or the tab bar, whichever shows."""
        self.page.locator("nav:visible").get_by_role("link", name=name, exact=True).first.click()
        self.page.wait_for_load_state()

    def say(self, text: str) -> str:
        """Send Eliza a message and wait for her whole reply."""
        replies = self.page.locator(".bubble.eliza .text:not(.pending)")
        before = replies.count()
        self.page.locator("#chat-text").fill(text)
        self.page.locator("#chat-text").press("Enter")
        self.page.wait_for_function(
            "n => document.querySelectorAll('.bubble.eliza .text:not(.pending)').length > n "
            "&& !document.querySelector('#chat-form button[type=submit]').disabled",
            arg=before,
        )
        return replies.nth(before).inner_text()


@pytest.fixture(params=sorted(SIZES))
def journey(request, page, live_app_with_mail) -> Journey:  # noqa: F811
    page.set_viewport_size(SIZES[request.param])
    page.context.set_default_timeout(30_000)
    return Journey(page, *live_app_with_mail)


def test_a_new_person_goes_from_the_landing_page_to_a_finished_day(journey):
    page, base = journey.page, journey.base_url
    browser_zone = page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")

    # Landing: what Delight is, with a way in.
    page.goto(f"{base}/")
    assert page.get_by_role("heading", level=1).inner_text().startswith("Big goals")
    journey.check()
    page.get_by_role("link", name="Start free").click()

    # Sign up.
    page.get_by_label("Username").fill("bea")
    page.get_by_label("Email").fill("bea@example.org")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    journey.check()
    page.get_by_role("button", name="Sign up").click()

    # Onboarding: no app menu; the browser's timezone is found and chosen.
    page.get_by_label("What should Eliza call you?").fill("Bea")
    assert page.locator(".tabbar, .topnav").count() == 0
    journey.check()
    page.get_by_role("button", name="Continue").click()
    assert page.get_by_label("Timezone").input_value() == browser_zone
    journey.check()
    page.get_by_role("button", name="Continue").click()
    journey.check()
    page.get_by_role("button", name="Finish").click()

    # Home greets a newcomer and offers the first conversation.
    page.wait_for_url(re.compile(rf"{re.escape(base)}/(\?.*)?$"))
    assert "Welcome, Bea" in page.content()
    journey.check()

    # Chat: a goal made by talking.
    journey.tab("Chat")
    journey.check()
    offer = journey.say("I'd like a goal to run 5 km so I can feel strong by June")
    assert "Run 5 km" in offer
    made = journey.say("yes")
    assert "Run 5 km" in made
    goal = Goal.objects.get(user__username="bea")
    journey.check()

    # Goals: Eliza's plan arrives live; approve it all.
    journey.tab("Goals")
    page.get_by_role("link", name=re.compile("Run 5 km")).first.click()
    page.locator("#decomposition-status[data-status='done']").wait_for(timeout=60_000)
    journey.check()
    page.locator("#approve-all").click()
    page.wait_for_load_state()
    assert not Mission.objects.filter(goal=goal, status=Mission.Status.SUGGESTED).exists()

    # Today: three missions; the first gets a focus session with a pause.
    journey.tab("Today")
    journey.check()
    page.locator("#triad [data-action='session']").first.click()
    page.locator("#session-start").click()
    page.locator("#session-pause").click()
    page.locator("#session-resume").wait_for()
    page.reload()
    assert page.locator("#session-resume").is_visible()  # paused, even after a reload
    journey.check()
    page.locator("#session-resume").click()
    page.locator("#session-complete").click()
    page.locator("#session-finished").wait_for()
    journey.check()

    # The other two are done from Today; then the day is finished and celebrated.
    for _ in range(2):
        journey.tab("Today")
        page.locator("#triad button[data-action='complete']").first.click()
        page.wait_for_load_state()
    journey.tab("Today")
    page.locator("#day-finished").wait_for()
    assert page.locator("#one-more").is_visible()  # one more offered, not three
    journey.check()

    user = User.objects.get(username="bea")
    assert (user.first_name, user.timezone, user.onboarded) == ("Bea", browser_zone, True)
    assert Mission.objects.filter(goal=goal, status=Mission.Status.COMPLETED).count() == 3

    # Progress: the streak the day began, how it is counted, and a way to bring the past.
    page.goto(f"{base}/progress/")
    assert "1 day in a row" in page.locator("#streak-overall").inner_text()
    assert page.locator("#consistency").is_visible()
    journey.check()
    page.get_by_role("link", name="Bring your history").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", level=1).inner_text() == "Bring your past"
    journey.check()
    assert journey.problems == []

    the_account(journey, goal_title=goal.title)


def the_account(journey: Journey, *, goal_title: str) -> None:
    """Settings → a new password → log out → a forgotten password set again by email →
    everything downloaded → the account deleted."""
    page, base = journey.page, journey.base_url
    second, third = "a-second-long-pass-7", "a-third-long-pass-5"
    page.goto(f"{base}/settings/")
    page.get_by_role("link", name="Change your password").click()
    journey.check()
    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill(second)
    page.get_by_label("New password confirmation").fill(second)
    page.get_by_role("button", name="Change password").click()
    page.get_by_text("Your password is changed.").wait_for()

    page.goto(f"{base}/more/")
    page.get_by_role("button", name="Log out").click()
    page.get_by_role("heading", name="You're logged out").wait_for()
    journey.check()
    page.get_by_role("link", name="Log in again").click()
    page.get_by_role("link", name="Forgot your password?").click()
    journey.check()
    page.get_by_label("Your email address").fill("bea@example.org")
    page.get_by_role("button", name="Send me a link").click()
    page.get_by_role("heading", name="Check your email").wait_for()
    journey.check()
    (email,) = journey.inbox.wait_for(1, timeout=60)
    page.goto(re.search(r"http://\S+/accounts/password/reset/\S+/", email.get_content())[0])
    page.get_by_label("New password", exact=True).fill(third)
    page.get_by_label("New password confirmation").fill(third)
    journey.check()
    page.get_by_role("button", name="Set my new password").click()
    page.get_by_text("Your new password is set").wait_for()
    page.get_by_label("Username").fill("bea")
    page.get_by_label("Password").fill(third)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")

    page.goto(f"{base}/settings/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download all your data").click()
    data = json.loads(Path(download.value.path()).read_text())
    assert data["you"]["first_name"] == "Bea"
    assert [goal["title"] for goal in data["data"]["goals"]] == [goal_title]
    page.get_by_role("link", name="Delete your account").click()
    journey.check()
    page.get_by_label("Your password").fill(third)
    page.get_by_role("button", name="Delete my account").click()
    page.get_by_role("heading", name="Your account is deleted").wait_for()
    journey.check()
    assert not User.objects.filter(username="bea").exists()
    assert journey.problems == []
