from __future__ import annotations

import pytest

from companion.dialogue.shortfalls import breaks_without, falls_short, put_off_today


@pytest.mark.parametrize(
    ("text", "title", "short"),
    [
        ("squats. well. did one set. knee wasnae having it", "Do 3 sets of 10 squats", True),
        ("i did 2 hand studies, third one is a mess", "Draw 3 hand studies in charcoal", True),
        ("I tried to call Ewa two times but she did not answer", "Call your friend Ewa", True),
        ("got to 12 and my arms gave up", "Do 20 push-ups", True),
        ("did 3 sets of 10", "Do 3 sets of 10 squats", False),
        ("tried the new recipe, loved it", "Cook one new recipe", False),
        ("wrote 500 words", "Write 300 words of chapter 7", False),
        ("only 4 cigarette today", "Smoke no more than 5 cigarettes today", False),
        (
            "listened to the podcast on the MTR home. fell asleep halfway",
            "Listen to a podcast",
            True,
        ),
        ("finished the other 8 push ups so thats 20 total", "Do 20 push-ups", False),
        ("tried the past paper q, it destroyed me but i finished it", "Do a past paper", False),
        ("practised for like 10 min", "Make a cup of chamomile tea at 10:30", False),
        ("portfolio... i added it but forgot to save and the site crashed", "Add a project", True),
        ("the thumbnails i started but only got like 4 panels out of 12", "Sketch panels", True),
        ("today i did the reading test, i get 22 of 30", "Do one reading test", False),
        ("coffee 4", "Max 3 cups of coffee", True),
        ("drank 2 cups, in bed by 10", "Max 3 cups of coffee", False),
        (
            "put money in the jar now. well 3k, he owes me the other 2",
            "Put 5,000 tenge in the savings jar",
            True,
        ),
        ("put 5k in the jar, done", "Put 5,000 tenge in the savings jar", False),
        ("did it well, 20 reps", "Do 20 push-ups", False),
        (
            "rows done. 3 sets. felt like a young man for about four seconds",
            "Do 3 sets of 8 dumbbell rows",
            False,
        ),
        ("got like 12 and stopped", "Do 20 push-ups", True),
        ("ok read 12 pages of the new one. not 20. does that count", "Read 20 pages", True),
        ("did the seated ones but only half the sheet", "Do the seated leg exercises", True),
        ("did half the past paper questions", "Do one past paper question set", True),
        ("read 20 pages, not 12 like yesterday", "Read 20 pages", False),
    ],
)
def test_a_deed_told_as_less_than_the_mission_or_a_failed_try_falls_short(text, title, short):
    assert falls_short(text, title) is short


@pytest.mark.parametrize(
    ("text", "title", "broken"),
    [
        ("I took coffee at 5am to stay awake, so that one has failed", "No coffee after 3am", True),
        (
            "ok ok i lied i had some rice from my officemate's plate",
            "No rice on my break meal",
            True,
        ),
        ("no coffee after 3 today!", "No coffee after 3am", False),
        ("had tea instead of coffee", "No coffee after 3am", False),
        ("took my blood pressure", "Take blood pressure and write it down", False),
        ("beer: one.", "No beer on weekdays", True),
        ("2 beers at the pub", "No beer on weekdays", True),
        ("zero beer, one tea", "No beer on weekdays", False),
    ],
)
def test_having_the_thing_breaks_a_mission_of_doing_without(text, title, broken):
    assert breaks_without(text, title) is broken


def test_a_distance_in_a_title_is_no_thousands():
    assert not falls_short(
        "did it. cried for like half of week 4 day 2 but i finished it",
        "Do week 4 day 2 of couch to 5k",
    )


@pytest.mark.parametrize(
    ("text", "title", "broken"),
    [
        ("and i ordered koshary on talabat.. i know i know", "Don't order delivery today", True),
        ("Lunch, I bought rice from mama put", "Eat home food instead of buying lunch", True),
        ("today lunch i buy empanada", "Cook lunch at home instead of buying", True),
        ("didn't buy anything, leftovers ftw", "Eat home food instead of buying lunch", False),
        ("cooked rice and beans at home", "Cook lunch at home instead of buying", False),
        ("coffee smelled amazing this morning", "No coffee after 3am", False),
    ],
)
def test_doing_what_a_mission_is_instead_of_or_its_dont_breaks_it(text, title, broken):
    assert breaks_without(text, title) is broken


@pytest.mark.parametrize(
    ("text", "title", "put_off"),
    [
        ("so no run today. no way.", "Run/walk 25 minutes with the buggy", True),
        ("run no today", "Run 3 km slow", True),
        ("the strumming i don't do today. maybe never lol", "Learn the strumming pattern", True),
        ("no soda today!", "No soda today", False),
        ("ran 3k, no stopping today", "Run 3 km slow", False),
        ("did the run, no excuses today", "Run 3 km slow", False),
    ],
)
def test_a_mission_said_not_done_today_in_its_own_words_is_put_off(text, title, put_off):
    assert put_off_today(text, title) is put_off
