"""JSON that cannot blow up the process: bodies and frames bounded in size and in depth.

Python's json module recurses once per nested array or object, so 5,000 brackets raise
RecursionError (a 500, or a WebSocket closed with 1011). :func:`json_loads` measures the
nesting with a flat scan first and refuses anything deeper than the limit; the parsers below
read at most ``API_MAX_BODY_BYTES`` of a request before parsing it.

And JSON's escapes can spell text that is no text: a lone surrogate (``"\ud800"`` with no
partner) cannot be stored in PostgreSQL nor written back as UTF-8, so a field holding one,
echoed into an error, failed as a 500 (and in development leaked a database connection).
:func:`json_loads` refuses it where it arrives, naming the field and never echoing it.

- REST: a body over the size limit answers **413** ``body_too_large``; nesting deeper than
  ``API_MAX_JSON_DEPTH`` answers **400** ``json_too_deep``; a lone surrogate answers **400**
  ``invalid`` with the field's path in ``errors`` (all the usual error JSON).
- WebSocket frames go through :func:`json_loads` in ``delight.ws``.
"""

from __future__ import annotations

import re
from typing import IO, Any

from django.conf import settings
from django.http import QueryDict
from rest_framework import exceptions, parsers, status
from rest_framework.utils import json

# A JSON string (escapes included) or one bracket; possessive, so a long string is one step.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')
_OPENING = frozenset("[{")


# "\ud800" to "\udfff" in any case: the only way a surrogate gets into decoded JSON.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONTooDeep(ValueError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"JSON nested more than {limit} levels deep.")


class BrokenText(ValueError):
    """A string holding a lone surrogate; `path` names where ("events[0].category")."""

    def __init__(self, path: str) -> None:
        self.path = path or "body"
        super().__init__(f"{self.path}: {BROKEN_TEXT}")


BROKEN_TEXT = "This text holds a character that is not valid Unicode (a lone surrogate)."


def broken_text_at(value: Any, path: str = "") -> str | None:
    """Where in decoded JSON a string holds a lone surrogate (a valid pair decodes to one
    character, so any surrogate left is lone); None when nowhere. A key that holds one is
    named by its parent's path."""
    if isinstance(value, str):
        return path if _SURROGATE.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if _SURROGATE.search(key):
                return path or "body"
            found = broken_text_at(item, f"{path}.{key}" if path else key)
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = broken_text_at(item, f"{path}[{index}]")
            if found is not None:
                return found
    return None


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
    """Strict JSON (no NaN or Infinity), refused with JSONTooDeep past `max_depth` and with
    BrokenText where a string holds a lone surrogate."""
    if nesting_exceeds(text, max_depth):
        raise JSONTooDeep(max_depth)
    value = json.loads(text, parse_constant=json.strict_constant)
    if _SURROGATE_ESCAPE.search(text) and (path := broken_text_at(value)) is not None:
        raise BrokenText(path)
    return value


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
        except BrokenText as broken:
            raise exceptions.ValidationError({broken.path: [BROKEN_TEXT]}) from broken
        except ValueError as invalid:  # also UnicodeDecodeError
            raise exceptions.ParseError(f"JSON parse error - {invalid}") from invalid


class FormParser(parsers.FormParser):
    def parse(
        self, stream: IO[bytes], media_type: str | None = None, parser_context: dict | None = None
    ) -> QueryDict:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        return QueryDict(read_body(stream, parser_context), encoding=encoding)
