"""Train the reply policy (companion/turn/policy.py) on the blind conversations' tuned splits
and store it as data: run after changing a blind conversation set or what the policy reads
(a test fails until you do)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from companion.turn import policy
from delight.ai.embeddings import OnnxMiniLMEmbedder
from delight.ai.engine import OfflineEngine

SURES = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01)


class Command(BaseCommand):
    help = "Train the reply policy (all-MiniLM-L6-v2) and store its weights."

    def handle(self, *args: Any, **options: Any) -> None:
        reader = OfflineEngine(OnnxMiniLMEmbedder())
        tuned = policy.situations(policy.conversations(), reader)
        kept = policy.situations(policy.conversations(untouched=True), reader)
        rules = [s.planned for s in tuned]
        share = policy.accuracy(rules, tuned)
        self.stdout.write(f"{len(tuned)} tuned messages; the rules alone {share:.1%}")
        for sure, share in policy.policy_folds(tuned, SURES).items():
            self.stdout.write(f"  folds, policy at {sure}: {share:.1%}")
        model = policy.policy_train(tuned)
        policy.policy_save(model, reader.embedder.name)
        on_kept = [policy.chosen_offline(model, s) for s in kept]
        self.stdout.write(
            f"untouched ({len(kept)} messages, figures only): rules "
            f"{policy.accuracy([s.planned for s in kept], kept):.1%}, "
            f"with the policy {policy.accuracy(on_kept, kept):.1%}; stored {policy.MODEL}"
        )
