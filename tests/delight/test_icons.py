"""The design system's icons: each name draws its own strokes, read from icons.txt once."""

from __future__ import annotations

from django.template import engines
from django_cotton.compiler_regex import CottonCompiler

from delight.icons import ICON_PATHS, UNKNOWN, icon_paths


def test_every_icon_in_the_table_has_strokes_of_its_own():
    assert len(ICON_PATHS) >= 30
    assert all(paths.startswith("<") and paths.endswith("/>") for paths in ICON_PATHS.values())
    assert len(set(ICON_PATHS.values())) == len(ICON_PATHS)


def test_a_name_not_drawn_yet_shows_a_plain_circle():
    assert icon_paths("no-such-icon") == UNKNOWN
    assert icon_paths("bell") == ICON_PATHS["bell"] != UNKNOWN


def test_the_component_draws_the_named_icon_in_an_svg_of_its_size():
    source = CottonCompiler().process('<c-icon name="bell" size="20" />')
    html = engines["django"].from_string(source).render({})
    assert html.count("<svg") == 1
    assert 'width="20" height="20"' in html
    assert ICON_PATHS["bell"] in html
    assert UNKNOWN not in html


def test_the_fast_tag_draws_what_the_component_draws():
    component = CottonCompiler().process('<c-icon name="moon" size="20" />')
    drawn = engines["django"].from_string(component).render({}).strip()
    tag = "{% load delight_ui %}{% icon name 20 %}"
    assert engines["django"].from_string(tag).render({"name": "moon"}) == drawn


def test_attributes_given_to_the_component_reach_its_svg():
    source = CottonCompiler().process('<c-icon name="clock" class="soft" />')
    html = engines["django"].from_string(source).render({})
    assert 'focusable="false" class="soft">' in html
    assert " width=" not in html  # no size given: the stylesheet sizes it
