"""JSON that cannot blow up the process: bodies and frames bounded in size and in depth.

Python's json module recurses once per nested array or object, so 5,000 brackets raise
RecursionError (a 500, or a WebSocket closed with 1011). :func:`json_loads` measures the
nesting with a flat scan first and refuses anything deeper than the limit; the parser below
read at most ``API_MAX_BODY_BYTES`` of a request before parsing it.

- REST: a body over the size limit answers **413** ``body_too_large``; nesting deeper than
  ``API_MAX_JSON_DEPTH`` answers **400** ``json_too_deep`` (both the usual error JSON).
- WebSocket frames go through :func:`json_loads` in ``delight.ws``.
"""

from __future__ import annotations

import re
from typing import IO, Any

from django.conf import settings
from rest_framework import exceptions, parsers, status
from rest_framework.utils import json

# A JSON string (escapes included) or one bracket; possessive, so a long string is one step.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')
_OPENING = frozenset("[{")


class JSONTooDeep(ValueError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"JSON nested more than {limit} levels deep.")


def nesting_exceeds(text: str, limit: int) -> bool:
    """True when arrays and objects in `text` nest deeper than `limit`.

    1. Scan the strings and brackets in order (a string is skipped whole, so brackets inside
       it do not count).
    2. An opening bracket goes one level down, a closing one up; stop at the first level past
       the limit. Malformed JSON is left for the parser to report.
    """
    depth = 0
    for token in _TOKEN.finditer(text):
        char = token.group()
        if char in _OPENING:
            depth += 1
            if depth > limit:
                return True
        elif char[0] != '"':
            depth -= 1
    return False


def json_loads(text: str, *, max_depth: int) -> Any:
    """Strict JSON (no NaN or Infinity), refused with JSONTooDeep past `max_depth`."""
    if nesting_exceeds(text, max_depth):
        raise JSONTooDeep(max_depth)
    return json.loads(text, parse_constant=json.strict_constant)


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body_too_large"


def read_body(stream: IO[bytes], parser_context: dict[str, Any] | None) -> bytes:
    """The request body, refused with 413 past API_MAX_BODY_BYTES: by its Content-Length
    before anything is read, else after reading one byte more than the limit."""
    limit = settings.API_MAX_BODY_BYTES
    too_large = BodyTooLarge(f"The request body is larger than {limit:,} bytes.")
    request = (parser_context or {}).get("request")
    declared = request.META.get("CONTENT_LENGTH", "") if request is not None else ""
    if declared.isdecimal() and int(declared) > limit:
        raise too_large
    body = stream.read(limit + 1)
    if len(body) > limit:
        raise too_large
    return body


class JSONParser(parsers.JSONParser):
    def parse(
        self, stream: IO[bytes], media_type: str | None = None, parser_context: dict | None = None
    ) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        text = read_body(stream, parser_context)
        try:
            return json_loads(text.decode(encoding), max_depth=settings.API_MAX_JSON_DEPTH)
        except JSONTooDeep as deep:
            raise exceptions.ParseError(str(deep), code="json_too_deep") from deep
        except ValueError as invalid:  # also UnicodeDecodeError
            raise exceptions.ParseError(f"JSON parse error - {invalid}") from invalid
