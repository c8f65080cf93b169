"""How a beat picks its phrases: each slot's phrase by a hash of the beat's seed, never one
used in the beat while another is left, and of the rest the one this person's story told
least (its `told` counts, by phrase_id); the phrase's facts filled in."""

from __future__ import annotations

import functools
import hashlib
import string
from collections.abc import Mapping, Sequence

from narrative.prose.facts import phrase_id

_FORMATTER = string.Formatter()


@functools.cache
def fields_of(phrase: str) -> frozenset[str]:
    """The facts a phrase writes, by their lower-case name ("{Place}" writes "place")."""
    return frozenset(
        name[:1].lower() + name[1:] for _, name, _, _ in _FORMATTER.parse(phrase) if name
    )


class _Words(dict[str, str]):
    """Known facts by name; "{Name}" reads "{name}" with its first letter capitalised."""

    def __missing__(self, key: str) -> str:
        value = self[key[:1].lower() + key[1:]]
        return value[:1].upper() + value[1:]


def _stable(seed: int, slot: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}|{slot}".encode()).digest()[:8], "big")


class Chooser:
    """Picks and fills a slot's phrase for one beat: stable for its seed, varied across, and
    never the same phrase twice in a beat while another is awake; of the rest, the one this
    person's story told least (`told`), so every phrase is told before any is told again."""

    def __init__(
        self, seed: int, words: Mapping[str, str], told: Mapping[str, int] | None = None
    ) -> None:
        self.seed = seed
        self.words = _Words(words)
        self.told = told or {}
        self.used: set[str] = set()
        self.said: dict[str, str] = {}  # each phrase picked, as filled in

    def awake(self, options: Sequence[str], more: Mapping[str, str] | None = None) -> list[str]:
        """The options whose facts are all known (a phrase sleeps while one is not)."""
        known = self.words.keys() | (more or {}).keys()
        return [option for option in options if fields_of(option) <= known]

    def times_told(self, phrase: str) -> int:
        return self.told.get(phrase_id(phrase), 0)

    def all_told(self, options: Sequence[str], **more: str) -> bool:
        """Whether the story told every awake option at least once (then a slot told often
        composes its words of parts instead: composed.py)."""
        return all(self.times_told(option) for option in self.awake(options, more))

    def pick(self, slot: str, options: Sequence[str], **more: str) -> str:
        """An awake option not used yet in this beat and told least in the story, chosen
        among those by a hash of (seed, slot), filled in."""
        return self._choose(slot, options, more)[1]

    def _choose(
        self, slot: str, options: Sequence[str], more: Mapping[str, str]
    ) -> tuple[str, str]:
        """The option `pick` chooses, and its words filled in."""
        awake = self.awake(options, more)
        if not awake:
            raise ValueError(f"no phrase for {slot} is awake")
        fresh = [option for option in awake if option not in self.used] or awake
        least = min(self.times_told(option) for option in fresh)
        fresh = [option for option in fresh if self.times_told(option) == least]
        option = fresh[_stable(self.seed, slot) % len(fresh)]
        self.used.add(option)
        words = self.said[option] = self.fill(option, **more)
        self.said[words] = words  # the words as well: the same line filled alike is told
        return option, words

    def pick_after(self, slot: str, options: Sequence[str], *, before: str, **more: str) -> str:
        """Like `pick`, for words that follow `before` in the text: of the options not used
        in this beat, one whose meeting with it (`before` + the option, as written: the
        same meeting with another place filled in is the same meeting) the story never
        told, while one is left; the meeting is remembered as told with the words."""
        unused = [option for option in options if option not in self.used] or list(options)
        untold = [option for option in unused if not self.times_told(before + option)]
        option, words = self._choose(slot, untold or unused, more)
        self.said[before + option] = before + words
        return words

    def fresh(self, slot: str, options: Sequence[str], **more: str) -> str:
        """Like `pick`, for a line a beat can do without: "" when its words, filled in,
        were told before in the story ("After “A Brighter Lantern”, the story walks on." is
        new after each title; a fixed line is told once)."""
        words = self.pick(slot, options, **more)
        return "" if self.times_told(words) else words

    def once(self, slot: str, options: Sequence[str], **more: str) -> str:
        """Like `pick`, for a line told once in a story whatever fills it ("After “A
        Brighter Lantern”, the story walks on." reads as a refrain by its third telling):
        an option never told, "" when every one was."""
        untold = [option for option in self.awake(options, more) if not self.times_told(option)]
        return self.pick(slot, untold, **more) if untold else ""

    def told_in(self, text: str) -> set[str]:
        """The phrase_id of each phrase picked that `text` says (a paragraph picked but
        left out of the beat is not told)."""
        said = text.lower()
        return {phrase_id(option) for option, words in self.said.items() if words.lower() in said}

    def fill(self, phrase: str, **more: str) -> str:
        return phrase.format_map(_Words({**self.words, **more}))

    def order(self, slot: str, options: Sequence[str]) -> list[str]:
        """`options` in an order of this beat's own, the ones told least first."""
        return sorted(
            options,
            key=lambda option: (self.times_told(option), _stable(self.seed, f"{slot}|{option}")),
        )
