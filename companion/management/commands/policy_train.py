"""Train the reply policy (companion/turn/policy.py) on the blind conversations' tuned splits
and store it as data: run after changing a blind conversation set or what the policy reads
(a test fails until you do)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from companion.turn.policy import policy_retrain
from delight.ai.embeddings import OnnxMiniLMEmbedder
from delight.ai.engine import OfflineEngine

SURES = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01)


class Command(BaseCommand):
    help = "Train the reply policy (all-MiniLM-L6-v2) and store its weights."

    def handle(self, *args: Any, **options: Any) -> None:
        for line in policy_retrain(OfflineEngine(OnnxMiniLMEmbedder()), SURES):
            self.stdout.write(line)
