"""Django's ASGI handler, with every request's database connection given back whatever
happens to the request.

Django sends ``request_finished`` (whose receiver gives pooled connections back) when the
response is closed after sending. When making or sending the response raises instead — in
development the debug page itself failed on text it could not encode, and a client can go
away mid-send — the signal was never sent: the request's connection stayed taken, and ten
such requests left a process answering every request 503 for good. Here the signal is sent
on the way out of a failed request, in the request's own thread-sensitive context (the
thread that holds the connection).
"""

from __future__ import annotations

from typing import Any

from django.core import signals
from django.core.handlers.asgi import ASGIHandler as DjangoASGIHandler


class ASGIHandler(DjangoASGIHandler):
    async def handle(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        try:
            await super().handle(scope, receive, send)
        except BaseException:
            await signals.request_finished.asend(sender=self.__class__)
            raise
