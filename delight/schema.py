"""The OpenAPI schema documents every answer, errors included, in one place.

Every operation can answer the same errors (invalid input, no or bad credentials, refused,
unknown object or page, a rate limit, a server too busy), all with one body:
{"detail", "code", "errors"?} (delight.api_errors). Rather than repeating them on every view,
a postprocessing hook adds them to every operation, and gives any error a view documents
itself (a 409, say) that same body.
"""

from __future__ import annotations

from typing import Any

ERROR_REF = {"$ref": "#/components/schemas/Error"}

ERROR_SCHEMA = {
    "type": "object",
    "description": "Every error under /api/.",
    "properties": {
        "detail": {"type": "string", "description": "What went wrong, for a person to read."},
        "code": {
            "type": "string",
            "description": "What went wrong, for a program: not_found, invalid, throttled ...",
        },
        "errors": {
            "type": "object",
            "additionalProperties": {},
            "description": "Invalid input only: the messages for each field.",
        },
    },
    "required": ["detail", "code"],
}

RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "required": True,
        "schema": {"type": "integer", "minimum": 0},
    }
}

ERRORS = {
    "400": "Invalid input; nothing was changed. `errors` has the messages for each field.",
    "401": "No credentials, or a token or session that is not valid.",
    "403": "Not allowed (for a browser session: a missing CSRF token).",
    "404": "No such object among yours, or no such page of a list.",
    "429": "Too many requests (a rate limit or a sign-in lockout); retry after Retry-After.",
    "503": "The server is too busy right now; retry after Retry-After.",
}
UNSUPPORTED = "The body is not JSON (the import also takes multipart): see Content-Type."
TOO_LARGE = "The body is larger than API_MAX_BODY_BYTES; nothing was read or changed."


def _error(description: str, status: str) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": ERROR_REF}},
    }
    if status in ("429", "503"):
        answer["headers"] = RETRY_AFTER
    return answer


def document_errors(result: dict, generator: Any, **kwargs: Any) -> dict:
    """POSTPROCESSING_HOOKS: add the Error component and every operation's error answers.

    1. Add the one Error component.
    2. For each operation, add each common error it does not document yet, and 413 and 415
       where it takes a body.
    3. An error it documents without a body (a 409, say) gets the Error body.
    """
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    for item in result.get("paths", {}).values():
        for operation in item.values():
            responses = operation["responses"]
            for status, description in ERRORS.items():
                responses.setdefault(status, _error(description, status))
            if "requestBody" in operation:
                responses.setdefault("413", _error(TOO_LARGE, "413"))
                responses.setdefault("415", _error(UNSUPPORTED, "415"))
            for status, answer in responses.items():
                if int(status) >= 400 and "content" not in answer:
                    answer.update(_error(answer.get("description", ""), status))
    return result
