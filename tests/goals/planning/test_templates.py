"""The offline planner's templates: every one makes a plan within a plan's bounds."""

from __future__ import annotations

import re

import pytest

from goals.planning import (
    CATEGORIES,
    ENERGIES,
    MAX_MILESTONES,
    MAX_MINUTES,
    MAX_MISSIONS,
    MIN_MILESTONES,
    MIN_MINUTES,
    MIN_MISSIONS,
)
from goals.planning.plans import Stage
from goals.planning.templates import CATEGORY_DEFAULTS, TEMPLATES

ALL_STAGES = [(t.name, t.stages) for t in TEMPLATES] + list(CATEGORY_DEFAULTS.items())


@pytest.mark.parametrize(("name", "stages"), ALL_STAGES, ids=[name for name, _ in ALL_STAGES])
def test_every_template_fits_the_bounds_of_a_plan(name: str, stages: tuple[Stage, ...]) -> None:
    assert MIN_MILESTONES <= len(stages) <= MAX_MILESTONES
    for _, _, steps in stages:
        assert MIN_MISSIONS <= len(steps) <= MAX_MISSIONS
        for title, minutes, energy in steps:
            assert len(title) >= 3
            assert MIN_MINUTES <= minutes <= MAX_MINUTES
            assert energy in ENERGIES


def test_templates_have_unique_names_known_categories_and_valid_cues() -> None:
    assert len({t.name for t in TEMPLATES}) == len(TEMPLATES)
    assert {t.category for t in TEMPLATES} <= set(CATEGORIES)
    assert set(CATEGORY_DEFAULTS) == set(CATEGORIES)
    for template in TEMPLATES:
        assert template.cues
        for cue in template.cues:
            re.compile(cue)
