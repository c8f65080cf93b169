from __future__ import annotations

import copy

import pytest
from django.core.exceptions import ValidationError

from narrative.models import Scenario
from narrative.scenario import ZONES, scenario_default, scenario_problems
from narrative.services import scenario_install_default


def broken(change) -> dict:
    data = copy.deepcopy(scenario_default())
    change(data)
    return data


def test_the_default_scenario_is_valid():
    assert scenario_problems(scenario_default()) == []


def test_the_default_scenario_has_three_acts_the_three_zones_and_more_places():
    data = scenario_default()
    zones = {place["zone"] for place in data["places"] if place.get("zone")}

    assert [act["number"] for act in data["acts"]] == [1, 2, 3]
    assert all(len(act["chapters"]) >= 2 for act in data["acts"])
    assert zones == set(ZONES)
    assert len(data["places"]) > len(ZONES)
    assert data["people"]
    assert data["items"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.pop("title"), 'needs "title"'),
        (lambda d: d["people"][0].update(key="commons"), 'The key "commons" is used twice'),
        (lambda d: d["items"][0].update(description=""), "Entry 1 of items needs description"),
        (lambda d: d["items"][0].update(origin="moon"), 'names the place "moon"'),
        (lambda d: d["acts"][0]["chapters"][0]["places"].append("moon"), "Arrival"),
        (lambda d: d.update(start={"place": "nowhere"}), 'The start names the place "nowhere"'),
        (lambda d: d["acts"].reverse(), "acts are numbered 1, 2, 3"),
        (lambda d: d["acts"][1]["chapters"].pop(0), "chapters are numbered 1, 2, 3"),
        (lambda d: d["places"][0].update(zone="moon"), 'names the zone "moon"'),
        (lambda d: d.update(acts=[]), "at least one act"),
    ],
)
def test_a_broken_scenario_is_rejected_with_the_reason(change, reason):
    problems = scenario_problems(broken(change))

    assert any(reason in problem for problem in problems), problems


def test_something_that_is_not_an_object_is_no_scenario():
    assert scenario_problems(["acts"]) == ["A scenario must be a JSON object."]


def test_saving_a_broken_scenario_is_refused_and_stores_nothing(db):
    data = broken(lambda d: d["people"][0].update(home="moon"))

    with pytest.raises(ValidationError, match='names the place "moon"'):
        Scenario.objects.create(key="broken", title="Broken", data=data)
    assert not Scenario.objects.filter(key="broken").exists()


def test_the_default_scenario_is_installed_once_and_staff_edits_are_kept(db):
    scenario = scenario_install_default()
    scenario.title = "Edited by staff"
    scenario.save()

    again = scenario_install_default()

    assert again.pk == scenario.pk
    assert again.title == "Edited by staff"
    assert Scenario.objects.filter(is_default=True).count() == 1
