"""What the kernel announces (delight.events): sent once the change has committed."""

from __future__ import annotations

from django.dispatch import Signal

# The person said what Eliza should call them (onboarding, settings). Facts: user (User),
# name (str, "" when they cleared it).
user_named = Signal()
