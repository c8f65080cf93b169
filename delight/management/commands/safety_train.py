"""Train the semantic crisis screen on its examples and store the weights as data: run
after editing delight/ai/data/safety_exemplars.jsonl, safety_training.jsonl or
acts_examples.jsonl (a test fails until you do)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from delight.ai.classifiers.safety_semantic import MODEL, read_examples, save, trained_for
from delight.ai.embeddings import OnnxMiniLMEmbedder


class Command(BaseCommand):
    help = "Train the semantic crisis screen (all-MiniLM-L6-v2) and store its weights."

    def handle(self, *args: Any, **options: Any) -> None:
        save(trained_for(OnnxMiniLMEmbedder()))
        self.stdout.write(f"Trained on {len(read_examples())} examples: {MODEL}")
