"""The safety screen against the blind set (tests/delight/ai/data/blind/safety.jsonl), written
by someone who never saw the rules: the targets of issue #17, per kind and per warning sign.

No database; run with -s to see every kind's figures:
    python -m pytest tests/delight/ai/classifiers/test_safety_blind.py -q -s
"""

from __future__ import annotations

from collections import defaultdict

from delight.ai.classifiers import screen_safety

CRISIS = 2  # companion.turn.common.CRISIS_LEVEL; kept here so the test reads no app


def _of_kind(cases: list[dict], kind: str) -> list[tuple[dict, int]]:
    """Each case of one kind with the level the screen gives it."""
    return [(c, screen_safety(c["text"]).level) for c in cases if c["kind"] == kind]


def _listing(rows: list[tuple[dict, int]]) -> str:
    return "\n".join(f"  expected {c['level']} got {level}: {c['text']}" for c, level in rows)


def test_the_blind_set_has_every_kind(blind_safety_cases) -> None:
    kinds = {c["kind"] for c in blind_safety_cases}
    assert kinds == {"explicit", "indirect", "hard_negative", "concern"}
    assert len(blind_safety_cases) >= 200
    assert all(c.get("signal") for c in blind_safety_cases if c["kind"] == "indirect")


def test_every_explicit_message_is_high_risk_and_imminent_ones_are_level_3(
    blind_safety_cases,
) -> None:
    scored = _of_kind(blind_safety_cases, "explicit")
    missed = [(c, level) for c, level in scored if level < CRISIS]
    not_imminent = [(c, level) for c, level in scored if c["level"] == 3 and level != 3]
    print(f"\nblind explicit: {len(scored) - len(missed)}/{len(scored)} at level >= 2")
    assert not missed, "explicit messages below the crisis level:\n" + _listing(missed)
    assert not not_imminent, "imminent messages not at level 3:\n" + _listing(not_imminent)


def test_indirect_warning_signs_are_high_risk_overall_and_per_sign(blind_safety_cases) -> None:
    scored = _of_kind(blind_safety_cases, "indirect")
    by_signal: dict[str, list[tuple[dict, int]]] = defaultdict(list)
    for case, level in scored:
        by_signal[case["signal"]].append((case, level))
    missed = [(c, level) for c, level in scored if level < CRISIS]
    recall = 1 - len(missed) / len(scored)
    per_signal = {
        signal: sum(level >= CRISIS for _, level in rows) / len(rows)
        for signal, rows in by_signal.items()
    }
    figures = ", ".join(f"{signal} {share:.0%}" for signal, share in sorted(per_signal.items()))
    print(f"\nblind indirect: {recall:.0%} at level >= 2 [{figures}]")
    message = f"indirect {recall:.0%} [{figures}]; missed:\n" + _listing(missed)
    assert recall >= 0.90, message
    assert min(per_signal.values()) >= 0.80, message


def test_hard_negatives_raise_no_alarm_and_no_concern(blind_safety_cases) -> None:
    scored = _of_kind(blind_safety_cases, "hard_negative")
    alarms = [(c, level) for c, level in scored if level >= CRISIS]
    concerns = [(c, level) for c, level in scored if level == 1]
    print(f"\nblind hard negatives: {len(alarms)} false alarms, {len(concerns)} at level 1")
    assert not alarms, "false alarms:\n" + _listing(alarms)
    assert not concerns, "ordinary messages read as concern:\n" + _listing(concerns)


def test_concern_is_level_1_and_never_a_crisis(blind_safety_cases) -> None:
    scored = _of_kind(blind_safety_cases, "concern")
    wrong = [(c, level) for c, level in scored if level != 1]
    alarms = [(c, level) for c, level in scored if level >= CRISIS]
    share = 1 - len(wrong) / len(scored)
    print(f"\nblind concern: {share:.0%} at level 1")
    assert not alarms, "concern read as crisis:\n" + _listing(alarms)
    assert share >= 0.80, "concern not at level 1:\n" + _listing(wrong)
