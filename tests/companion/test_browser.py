"""The About you page in a real browser: corrections and forgetting go through the API and
the page updates in place."""

from __future__ import annotations

import pytest

from companion.models import CompanionProfile, Memory
from tests.factories import PASSWORD
from tests.support.browser import log_in, page  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_correct_and_forget_on_about_you_without_reloading(page, live_server, owner, known_profile):  # noqa: F811
    log_in(page, live_server.url, "olivia", PASSWORD)
    page.goto(f"{live_server.url}/about-you/")
    home = page.locator("#about-home")
    home.get_by_text("Edit").click()
    home.get_by_label("Where do you live?").fill("York")
    home.get_by_role("button", name="Save").click()
    page.get_by_role("status").get_by_text("Saved.").wait_for()
    assert home.locator(".about-text").inner_text().startswith("York")
    assert Memory.objects.get(pk=known_profile["home"].pk).content == "Lives in York"

    sister = page.locator(f"#memory-{known_profile['sister'].pk}")
    sister.get_by_text("Forget", exact=True).click()
    sister.get_by_role("button", name="Forget it").click()
    page.get_by_role("status").get_by_text("Eliza has forgotten it").wait_for()
    assert page.locator(f"#memory-{known_profile['sister'].pk}").count() == 0
    assert not Memory.objects.filter(pk=known_profile["sister"].pk).exists()

    people = page.locator("#about-people")
    assert "Nobody yet" in people.inner_text()
    assert CompanionProfile.objects.get(user=owner).location == "York"


def test_the_add_a_memory_forms_fields_sit_one_under_the_other_without_a_gap(
    page,  # noqa: F811
    live_server,
    owner,
):
    log_in(page, live_server.url, "olivia", PASSWORD)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/memories/")

    about = page.get_by_label("What is it about?").bounding_box()
    tags_label = page.get_by_text("Tags", exact=True).bounding_box()

    # The next label follows the select by a field's margin, not a 10rem-tall empty field.
    assert 0 <= tags_label["y"] - (about["y"] + about["height"]) < 40
