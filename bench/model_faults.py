"""Full Eliza turns against a sick model server: `.venv/bin/python bench/model_faults.py`.

1. Create (or reuse) the database `bench_model_faults` on the embedded PostgreSQL (or use
   --database-url) and migrate it.
2. For each fault (a hung server, 429, 500, a malformed 200, a stream cut short), start the
   test OpenAI-compatible server (tests/support/openai_server.py) failing that way, and
   build a model engine against it as `OPENAI_TIMEOUT=--timeout` and `OPENAI_MAX_RETRIES=3`
   would (a new engine per fault, so a new circuit breaker).
3. Send --turns messages through the real `companion.conversations.message_send` and print, per
   turn, how long the person waited, how many requests reached the server and what the
   trace says of the reply. The turn budget is ELIZA_MODEL_BUDGET_SECONDS from the
   environment. Not a test: it never fails on speed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from common import ROOT, bench_database_url, django_setup  # bench/ is on sys.path

DATABASE = "bench_model_faults"
MESSAGE = "I feel a bit stuck with my running goal"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=3.0, help="OPENAI_TIMEOUT (seconds)")
    parser.add_argument("--database-url", default="", help="default: embedded, bench_model_faults")
    return parser.parse_args()


def faults() -> dict[str, Callable]:
    """How each fault is planned on the server before each turn."""

    from tests.support.openai_server import CHAT, EMBEDDINGS, Planned

    error = {"error": {"message": "planned failure", "type": "bench", "code": "x"}}

    def always(planned: Planned) -> Callable:
        def plan(server) -> None:
            for path in (CHAT, EMBEDDINGS):
                server.plan(planned, path=path, times=100)

        return plan

    def stream_cut(server) -> None:
        server.plan_reading()
        server.plan_stream(["MODEL-REPLY: ", "I hear"], ending="cut")

    return {
        "hung": always(Planned(hang=True)),
        "429": always(Planned(status=429, body=error)),
        "500": always(Planned(status=500, body=error)),
        "malformed": always(Planned(body="{not json")),
        "stream-cut": stream_cut,
    }


def main() -> None:
    args = parse_args()
    django_setup(bench_database_url(DATABASE, args.database_url))
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from companion.conversations import message_send
    from delight.ai.config import AIConfig
    from delight.ai.engine import build_engine
    from delight.ai.runtime import record_usage
    from tests.support.openai_server import OpenAIServer

    user, _ = get_user_model().objects.get_or_create(username="model-faults-bench")
    print(
        f"OPENAI_TIMEOUT={args.timeout:g} OPENAI_MAX_RETRIES=3 "
        f"ELIZA_MODEL_BUDGET_SECONDS={settings.ELIZA_MODEL_BUDGET_SECONDS:g} ({ROOT.name})"
    )
    for name, plan in faults().items():
        with OpenAIServer() as server:
            config = AIConfig(
                openai_api_key="bench",
                openai_base_url=server.base_url,
                timeout_seconds=args.timeout,
                max_retries=3,
            )
            engine = build_engine(config, on_usage=record_usage)
            for turn in range(1, args.turns + 1):
                plan(server)
                before = len(server.requests)
                started = time.monotonic()
                result = message_send(user=user, text=MESSAGE, engine=engine)
                waited = time.monotonic() - started
                note = next(
                    (e.get("note", "") for e in result["trace"] if e["node"] == "respond"), ""
                )
                sent = len(server.requests) - before
                print(
                    f"{name:10} turn {turn}: {waited:5.1f} s  requests {sent:2}  "
                    f"respond: {note or '-'}  reply: {result['reply'][:40]!r}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
