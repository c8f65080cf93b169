"""Train the dialogue-act classifier on its examples and store the weights as data: run after
editing delight/ai/data/acts_examples.jsonl (a test fails until you do)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from delight.ai.classifiers.acts import MODEL, held_out, read_examples, save, trained_for
from delight.ai.embeddings import OnnxMiniLMEmbedder


class Command(BaseCommand):
    help = "Train the dialogue-act classifier (all-MiniLM-L6-v2) and store its weights."

    def handle(self, *args: Any, **options: Any) -> None:
        save(trained_for(OnnxMiniLMEmbedder()))
        trained = sum(not held_out(example.text) for example in read_examples())
        self.stdout.write(f"Trained on {trained} examples (the rest held out): {MODEL}")
