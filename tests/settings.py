"""The test suite's settings: the app's own, with a fast password hasher.

Django's default PBKDF2 costs about a second a password on two cores, and nearly every test
makes people; hashing them slowly proves nothing. Child processes the tests start (daphne,
qcluster, scripts) inherit DJANGO_SETTINGS_MODULE, so they verify those passwords too.
"""

from __future__ import annotations

from delight.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Story passages are written at once, as each test expects of the thing it did; the tests of
# gathering a burst, or a day's missions, into one passage set it themselves.
STORY_GATHER_SECONDS = 0
STORY_DAILY = False
