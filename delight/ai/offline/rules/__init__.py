"""Eliza's keyword table: data, in the shape Weizenbaum's ELIZA gave it.

Each keyword has a rank and a trigger; each of its decompositions is a pattern over one
sentence with the reassembly templates that answer it. "{0}", "{1}" are the pattern's
groups, reflected; "{n}" is ", <name>" when the person's name is known. How the table is
used is in compose.py; `match.check_rules` keeps it sound.

The table is data in two modules (feelings.py, topics.py), in match order; words.py holds
the words they share.
"""

from __future__ import annotations

from delight.ai.offline.keywords import Keyword
from delight.ai.offline.rules.feelings import FEELINGS
from delight.ai.offline.rules.topics import TOPICS
from delight.ai.offline.rules.words import ANY, NOT_NAMES

KEYWORDS: tuple[Keyword, ...] = FEELINGS + TOPICS

__all__ = ["ANY", "KEYWORDS", "NOT_NAMES"]
