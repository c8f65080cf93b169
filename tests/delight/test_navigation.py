"""The top bar, the tab bar and the More page: what a person can reach from every page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from delight.models import User
from tests.factories import make_user


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def newcomer(db) -> User:
    return make_user("nina", onboarding_step=User.Onboarding.WELCOME)


def test_every_tab_is_on_every_page_and_the_current_one_is_marked(owner):
    html = _client(owner).get(reverse("today")).content.decode()
    tabbar = re.search(r'<nav class="tabbar".*?</nav>', html, re.S).group(0)
    labels = re.findall(r"</svg>\s*(\w+)(?:<span class=\"badge\".*?</span></span>)?</a>", tabbar)
    assert labels == ["Home", "Today", "Chat", "Goals", "More"]
    assert re.search(r'href="/today/" aria-current="page">', tabbar)
    assert tabbar.count('aria-current="page"') == 1


def test_a_page_under_more_marks_more_on_the_phone(owner):
    html = _client(owner).get(reverse("memories")).content.decode()
    tabbar = re.search(r'<nav class="tabbar".*?</nav>', html, re.S).group(0)
    assert re.search(rf'href="{reverse("more")}" aria-current="page">', tabbar)


def test_more_lists_the_pages_the_tab_bar_has_no_room_for(owner):
    html = _client(owner).get(reverse("more")).content.decode()
    for name in (
        "notifications",
        "progress",
        "story",
        "world",
        "memories",
        "about-you",
        "password_change",
    ):
        assert f'href="{reverse(name)}"' in html
    assert f'action="{reverse("logout")}"' in html


def test_the_story_is_in_the_top_bar_and_under_more_on_the_phone(owner):
    html = _client(owner).get(reverse("story")).content.decode()
    topnav = re.search(r'<nav class="topnav".*?</nav>', html, re.S).group(0)
    tabbar = re.search(r'<nav class="tabbar".*?</nav>', html, re.S).group(0)
    assert re.search(rf'href="{reverse("story")}" aria-current="page">', topnav)
    assert re.search(rf'href="{reverse("more")}" aria-current="page">', tabbar)


def test_progress_is_in_the_top_bar_and_under_more_on_the_phone(owner):
    html = _client(owner).get(reverse("progress")).content.decode()
    topnav = re.search(r'<nav class="topnav".*?</nav>', html, re.S).group(0)
    tabbar = re.search(r'<nav class="tabbar".*?</nav>', html, re.S).group(0)
    assert re.search(rf'href="{reverse("progress")}" aria-current="page">', topnav)
    assert re.search(rf'href="{reverse("more")}" aria-current="page">', tabbar)


def test_no_app_menu_while_onboarding(newcomer):
    html = _client(newcomer).get(reverse("onboarding-step", args=[1])).content.decode()
    assert 'class="tabbar"' not in html
    assert 'class="topnav"' not in html
    assert f'href="{reverse("goals")}"' not in html
    assert "Log out" in html  # a way out stays


def test_a_visitor_gets_no_app_menu_and_no_live_socket(db):
    html = Client().get(reverse("login")).content.decode()
    assert 'class="tabbar"' not in html
    assert "data-live=" not in html


def test_more_needs_a_signed_in_person(db):
    response = Client().get(reverse("more"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
