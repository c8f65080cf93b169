"""What a request to change a goal says (companion/dialogue/adjustments.py)."""

from __future__ import annotations

from companion.dialogue.adjustments import adjustment_read
from companion.dialogue.choices import Choice
from companion.dialogue.parsing import DialogueContext, SlotEnv
from tests.companion.factories import TODAY

SLEEP = DialogueContext(goals=(Choice(7, "Get my sleep sorted"),))


def test_a_new_name_in_a_clause_of_its_own_is_the_new_title_and_the_rest_the_head():
    values, head = adjustment_read(
        "can u change the goal name, just call it sort my sleep out", SlotEnv(TODAY, SLEEP)
    )

    assert values == {"field": "title", "new_value": "sort my sleep out"}
    assert head == "can u change the goal name, "


def test_a_date_named_after_the_goal_is_its_new_target_date():
    values, _ = adjustment_read("move my sleep goal to april", SlotEnv(TODAY, SLEEP))

    assert values["field"] == "move"  # the field's word, read by parse_field
    assert values["new_value"] == "april"
