"""`manage.py reembed_memories`: re-embed vectors made by another embedder than the current."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from companion import services
from delight.ai.runtime import default_engine


class Command(BaseCommand):
    help = "Re-embed every memory whose vector was made by another embedder than the current one."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--batch-size", type=int, default=500)

    def handle(self, *args: Any, batch_size: int, **options: Any) -> None:
        engine = default_engine()
        count = services.memories_reembed(engine=engine, batch_size=batch_size)
        self.stdout.write(f"Re-embedded {count} memories with {engine.embedder.name}.")
