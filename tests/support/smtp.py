"""A real SMTP server for the email tests (aiosmtpd in a thread): it keeps every message
that arrived, and refuses recipients at REFUSED_DOMAIN as a server refuses an unknown one."""

from __future__ import annotations

import threading
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

REFUSED_DOMAIN = "@nowhere.test"
# The site address the email tests give SITE_URL, so links in emails can be checked.
SITE_URL = "https://delight.example"


class Inbox:
    """aiosmtpd's handler: what arrived, and a way to wait for it without sleeping."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self._arrived = threading.Condition()

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: list
    ) -> str:
        if address.endswith(REFUSED_DOMAIN):
            return "550 5.1.1 No such person here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.original_content, policy=policy.default)
        with self._arrived:
            self.messages.append(message)
            self._arrived.notify_all()
        return "250 Message accepted for delivery"

    def wait_for(self, count: int = 1, timeout: float = 10.0) -> list[EmailMessage]:
        """The messages once at least `count` arrived; AssertionError if they never do."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: len(self.messages) >= count, timeout):
                raise AssertionError(f"{len(self.messages)} of {count} emails arrived")
            return list(self.messages)
