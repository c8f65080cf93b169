"""How a notification leaves Delight besides the in-app centre: email (`email.py`) and Web
Push (`push.py`). A channel raises ChannelError when a send fails; the caller retries it
with backoff and records the attempt."""

from __future__ import annotations


class ChannelError(Exception):
    """A send failed; `retry` says whether trying again later may succeed."""

    def __init__(self, message: str, *, retry: bool = True) -> None:
        super().__init__(message)
        self.retry = retry
