"""What the world app announces (delight.events): sent once the change has committed."""

from __future__ import annotations

from django.dispatch import Signal

# The person was active outside their productive hours this many days in a row, the first
# time. Facts: user (User), days (int).
off_hours_streak = Signal()
