"""Domain errors: what went wrong, in the app's own words, for every way in to map.

Selectors and services raise these, never HTTP exceptions; each way in maps them once:
the DRF exception handler (delight.api_errors) to a JSON answer in the one error body, the
middleware (delight.middleware.DomainErrorMiddleware) to a page for Django views, and the
socket consumers (delight.ws) to an `error` frame. Invalid input stays Django's
ValidationError (a 400 / a form error / `invalid_message`), which every way in maps already.
"""

from __future__ import annotations


class DomainError(Exception):
    """Base of the domain errors: a message a person can read and a code a program can."""

    code = "error"
    default_message = "Something went wrong; nothing was changed."

    def __init__(self, message: str | None = None, *, code: str | None = None) -> None:
        self.message = message or self.default_message
        if code is not None:
            self.code = code
        super().__init__(self.message)


class NotFound(DomainError):
    """No such object among the person's own: unknown, malformed, or someone else's (they
    are told apart for nobody, so another person's ids reveal nothing)."""

    code = "not_found"
    default_message = "There is no such thing among yours."


class Conflict(DomainError):
    """The object is busy or in a state that refuses this now; trying later may work."""

    code = "conflict"
    default_message = "This cannot be done right now; nothing was changed."


class Busy(DomainError):
    """Too much is under way to take this now, and nothing was kept: trying again after
    `retry_after` seconds will work (a 503 with Retry-After on the API)."""

    code = "busy"
    default_message = "Delight is busy right now; nothing was kept. Please try again shortly."

    def __init__(self, message: str | None = None, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
