"""A small OpenAI-compatible HTTP server for tests, scriptable per test.

    with OpenAIServer() as server:
        server.plan_chat("Hello!")                       # next /v1/chat/completions answer
        server.plan_error(429)                           # ... or a failure
        server.plan_stream(["Hel", "lo"])                # ... or an SSE stream
        server.plan_hang()                               # ... or no answer until stop()
        server.plan_malformed("{not json")               # ... or a 200 that is no completion
        server.plan_stream(["Hel"], ending="cut")        # ... or a stream that breaks off
        client = openai.OpenAI(base_url=server.base_url, api_key="test")

Planned responses are used in order, per endpoint. With nothing planned, chat answers
"ok" and embeddings answer deterministic vectors of the requested width, in the requested
encoding (float or base64). Every request is recorded in `server.requests`.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import struct
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CHAT = "/v1/chat/completions"
EMBEDDINGS = "/v1/embeddings"


# How a planned SSE stream ends: "done" sends [DONE]; "cut" closes the connection cleanly
# without a finish_reason or [DONE]; "break" closes it short of the Content-Length it
# announced (a transport error for the client); "stall" sends nothing more until stop().
STREAM_ENDINGS = ("done", "cut", "break", "stall")


@dataclass
class Planned:
    """One scripted answer: a status and JSON body, or a list of SSE chunks."""

    status: int = 200
    body: Any = None  # dict -> JSON; str/bytes sent as is (for broken answers)
    delay: float = 0.0  # seconds before the answer starts
    hang: bool = False  # never answer: hold the connection until the server stops
    chunks: list[Any] | None = None  # SSE payloads (dicts or raw strings)
    chunk_delay: float = 0.0
    ending: str = "done"  # one of STREAM_ENDINGS
    headers: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.ending not in STREAM_ENDINGS:
            raise ValueError(f"ending must be one of {STREAM_ENDINGS}, not {self.ending!r}")


@dataclass(frozen=True)
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any  # parsed JSON, or the raw text when it was not JSON


# A planned answer says it came from the model the request asked for, as OpenAI's servers do,
# unless it names another (a local server serving its own model under any name).
ASKED = "(the model asked for)"


def _as_asked(answer: Any, payload: Any) -> Any:
    """`answer` with ASKED as its model replaced by the model `payload` asked for."""
    asked = payload.get("model") if isinstance(payload, dict) else None
    if isinstance(answer, dict) and answer.get("model") == ASKED:
        return {**answer, "model": asked or "test-model"}
    return answer


def chat_body(
    text: str, *, model: str = ASKED, prompt_tokens: int = 10, completion_tokens: int = 5
) -> dict[str, Any]:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def stream_chunks(
    pieces: list[str],
    *,
    model: str = ASKED,
    prompt_tokens: int = 10,
    completion_tokens: int | None = None,
) -> list[dict[str, Any]]:
    """SSE payloads the way OpenAI sends them: role, content deltas, finish, then usage."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": "chatcmpl-test",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    completion = len(pieces) if completion_tokens is None else completion_tokens
    return [
        chunk({"role": "assistant", "content": ""}),
        *(chunk({"content": piece}) for piece in pieces),
        chunk({}, "stop"),
        {
            "id": "chatcmpl-test",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": model,
            "choices": [],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion,
                "total_tokens": prompt_tokens + completion,
            },
        },
    ]


def model_plan(missions_minutes: int = 20) -> dict:
    """A model's answer to a planning request: three milestones of one mission each."""

    def mission(n: int) -> dict:
        return {
            "title": f"Do part {n} of the thing",
            "description": "",
            "estimated_minutes": missions_minutes,
            "energy": "low",
        }

    return {
        "summary": "A good plan.",
        "milestones": [
            {"title": f"Step {n}", "description": "", "missions": [mission(n)]} for n in range(3)
        ],
    }


def fake_vector(text: str, dimensions: int) -> list[float]:
    """A deterministic unit vector for `text` (not meaningful, just stable)."""
    raw = b""
    counter = 0
    while len(raw) < dimensions * 4:
        raw += hashlib.sha256(f"{counter}:{text}".encode()).digest()
        counter += 1
    values = [(byte - 127.5) / 127.5 for byte in raw[:dimensions]]
    norm = sum(v * v for v in values) ** 0.5 or 1.0
    return [v / norm for v in values]


def embeddings_body(payload: dict[str, Any]) -> dict[str, Any]:
    inputs = payload.get("input", [])
    if isinstance(inputs, str):
        inputs = [inputs]
    dimensions = int(payload.get("dimensions") or 1536)
    encoding = payload.get("encoding_format") or "float"
    data = []
    for index, text in enumerate(inputs):
        vector = fake_vector(str(text), dimensions)
        if encoding == "base64":
            embedding: Any = base64.b64encode(struct.pack(f"<{dimensions}f", *vector)).decode()
        else:
            embedding = vector
        data.append({"object": "embedding", "index": index, "embedding": embedding})
    tokens = sum(len(str(text).split()) for text in inputs)
    return {
        "object": "list",
        "data": data,
        "model": payload.get("model", "test-embedding"),
        "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
    }


class OpenAIServer:
    """The server; a context manager that listens on 127.0.0.1 at a free port.

    `responder`, when given, answers a chat request that nothing planned fits, from the
    request itself (a scripted model: by what it is asked, not in which order); None from it
    leaves the default answer."""

    def __init__(self, responder: Callable[[dict[str, Any]], Planned | None] | None = None) -> None:
        self.responder = responder
        self.requests: list[Recorded] = []
        self._plans: dict[str, deque[Planned]] = {CHAT: deque(), EMBEDDINGS: deque()}
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle --------------------------------------------------------------------------

    def start(self) -> OpenAIServer:
        handler = type("Handler", (_Handler,), {"server_state": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # cut planned delays short
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> OpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # -- scripting --------------------------------------------------------------------------

    def plan(self, planned: Planned, *, path: str = CHAT, times: int = 1) -> None:
        with self._lock:
            self._plans[path].extend([planned] * times)

    def plan_chat(self, text: str, **usage: Any) -> None:
        self.plan(Planned(body=chat_body(text, **usage)))

    def plan_json(self, data: Any, **usage: Any) -> None:
        self.plan_chat(json.dumps(data), **usage)

    def plan_stream(
        self, pieces: list[str], *, chunk_delay: float = 0.0, ending: str = "done", **usage: Any
    ) -> None:
        """An SSE stream of `pieces`; any ending but "done" stops after the last piece, with
        no finish_reason, usage or [DONE] (see STREAM_ENDINGS)."""
        chunks = stream_chunks(pieces, **usage)
        if ending != "done":
            chunks = chunks[: 1 + len(pieces)]  # the role chunk and the content deltas
        self.plan(Planned(chunks=chunks, chunk_delay=chunk_delay, ending=ending))

    def plan_error(
        self,
        status: int,
        message: str = "planned failure",
        *,
        times: int = 1,
        path: str = CHAT,
        headers: dict[str, str] | None = None,
    ) -> None:
        body = {"error": {"message": message, "type": "test_error", "code": str(status)}}
        self.plan(Planned(status=status, body=body, headers=headers or {}), path=path, times=times)

    def plan_delay(self, seconds: float, text: str = "late", *, path: str = CHAT) -> None:
        self.plan(Planned(body=chat_body(text), delay=seconds), path=path)

    def plan_reading(
        self,
        *,
        facts: list[dict[str, Any]] | None = None,
        intent: str = "question",
        level: int = 0,
        **usage: Any,
    ) -> None:
        """What a turn asks the model first, answered in one reading (Engine.read_message):
        the safety screen (`level`), the emotion (neutral), the intent and the `facts`."""
        scores = {"joy": 0.1, "anger": 0, "sadness": 0, "fear": 0, "love": 0, "surprise": 0}
        reading = {
            "safety": {"level": level, "reason": "", "quote": ""},
            "emotion": {**scores, "neutral": 0.9},
            "intent": {"intent": intent, "confidence": 0.9},
            "facts": facts or [],
        }
        self.plan_json(reading, **({"prompt_tokens": 60, "completion_tokens": 40} | usage))

    def plan_hang(self, *, path: str = CHAT, times: int = 1) -> None:
        """Accept the request and never answer it (until the server stops)."""
        self.plan(Planned(hang=True), path=path, times=times)

    def plan_malformed(self, body: Any = "{not json", *, path: str = CHAT, times: int = 1) -> None:
        """A 200 whose body is not a valid answer (bad JSON, or JSON of the wrong shape)."""
        self.plan(Planned(body=body), path=path, times=times)

    def requests_to(self, path: str) -> list[Recorded]:
        return [request for request in self.requests if request.path == path]

    # -- used by the handler ----------------------------------------------------------------

    def _next(self, path: str, payload: Any) -> Planned:
        """The first answer planned for `path` that fits the request: a planned stream waits
        for a request that asks to stream (the calls before it may be more or fewer than a
        test or bench counted), anything else is given in order."""
        streaming = isinstance(payload, dict) and bool(payload.get("stream"))
        with self._lock:
            queue = self._plans.get(path, deque())
            fits = next((p for p in queue if streaming or p.chunks is None), None)
            if fits is not None:
                queue.remove(fits)
                return fits
        if path == EMBEDDINGS and isinstance(payload, dict):
            return Planned(body=embeddings_body(payload))
        if path == CHAT and self.responder is not None and isinstance(payload, dict):
            answered = self.responder(payload)
            if answered is not None:
                return answered
        if path == CHAT:
            if streaming:
                return Planned(chunks=stream_chunks(["ok"]))
            return Planned(body=chat_body("ok"))
        return Planned(status=404, body={"error": {"message": f"no route {path}"}})

    def _wait(self, seconds: float) -> bool:
        """Sleep unless the server is stopping; False when it is."""
        return not self._stopping.wait(seconds) if seconds > 0 else True


class _Handler(BaseHTTPRequestHandler):
    server_state: OpenAIServer  # set on the subclass built in start()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep test output quiet

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode() if length else ""
        try:
            payload: Any = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            payload = raw
        path = self.path.split("?")[0]
        state = self.server_state
        with state._lock:
            state.requests.append(Recorded("POST", path, dict(self.headers.items()), payload))
        planned = state._next(path, payload)
        planned = dataclasses.replace(
            planned,
            body=_as_asked(planned.body, payload),
            chunks=None
            if planned.chunks is None
            else [_as_asked(chunk, payload) for chunk in planned.chunks],
        )
        if planned.hang:
            state._stopping.wait()
            return
        if not state._wait(planned.delay):
            return
        try:
            if planned.chunks is not None:
                self._send_stream(planned)
            else:
                self._send_body(planned)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test); nothing to do

    def _send_body(self, planned: Planned) -> None:
        body = planned.body
        if isinstance(body, (dict, list)):
            data = json.dumps(body).encode()
        elif isinstance(body, str):
            data = body.encode()
        else:
            data = body or b""
        self.send_response(planned.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in planned.headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _send_stream(self, planned: Planned) -> None:
        events = [
            f"data: {chunk if isinstance(chunk, str) else json.dumps(chunk)}\n\n".encode()
            for chunk in planned.chunks or []
        ]
        if planned.ending == "done":
            events.append(b"data: [DONE]\n\n")
        self.send_response(planned.status)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        if planned.ending == "break":
            # Announce more than will come, so closing early is a broken body, not an end.
            self.send_header("Content-Length", str(sum(map(len, events)) + 1000))
        for name, value in planned.headers.items():
            self.send_header(name, value)
        self.end_headers()
        for event in events:
            self.wfile.write(event)
            self.wfile.flush()
            if not self.server_state._wait(planned.chunk_delay):
                return
        if planned.ending == "stall":
            self.server_state._stopping.wait()
        self.close_connection = True
