"""The shapes of the safety rules: the kinds of signal, the Rule record, shared fragments."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Kinds of safety signal. Weights only matter for IDEATION / SELF_HARM / HINT (and SIGN next
# to a hint), summed per person.
IDEATION = "ideation"  # explicit or strong implicit suicidal thinking (weight 2)
SELF_HARM = "self_harm"  # self-injury (weight 2)
HINT = "hint"  # an indirect warning sign (weight 1); two of them make high risk
# A strong indirect warning sign (weight 2): high risk alone, but never explicit, so the turn
# asks about it first ("i don't think i'll make it to christmas").
WARNING = "warning"
ACT = "act"  # something is happening now (overdose taken, engine running): level 3 alone
MEANS = "means"  # lethal means ready at hand ("pills in front of me"): level 3 alone
ESCALATOR = "escalator"  # plan, means, place: turns high risk into imminent
CONCERN = "concern"  # hopelessness, worthlessness, acute distress: level 1
# A warning sign that means little alone ("bye", giving a thing away, affairs in order, "i
# am sorry"): next to a hint, signs (and concern) add one to its weight.
SIGN = "sign"

SELF = r"(?:myself|himself|herself|themselves|themself)"
POSS = r"(?:my|his|her|their)"
DRUGS = (
    r"(?:pills|tablets|meds|medication|medicine|painkillers|pain killers|sleeping pills"
    r"|paracetamol|acetaminophen|tylenol|ibuprofen|aspirin|insulin|sertraline|fluoxetine"
    r"|citalopram|prozac|zoloft|lithium|antidepressants|xanax|valium|diazepam|codeine"
    r"|tramadol|oxycodone|morphine|opioids|benzos|sleeping tablets|mirtazapine|co codamol"
    r"|codamol|amitriptyline|quetiapine|pregabalin|gabapentin|zopiclone|propranolol"
    r"|venlafaxine|naproxen|prescription|heart medication|blood pressure tablets)"
)
# Parts of the body people injure on purpose (not hair or nails).
BODY = (
    r"(?:arms?|wrists?|thighs?|legs?|skin|stomach|belly|hips?|head|hands?|face|chest|knuckles"
    r"|fingers?|ankles?|shoulders?|neck|body|forearms?)"
)
# Lethal means a person can hold or keep.
MEANS_NOUNS = (
    r"(?:gun|pistol|rifle|shotgun|firearm|knife|blade|blades|razor|razors|razor blades|rope"
    r"|noose|belt|cord|pills|tablets|meds|poison|bleach)"
)
# High places and other places people go to end their life.
PLACES = (
    r"(?:bridge|ledge|edge|roof|rooftop|tracks|train tracks|railway|railway line|cliff|cliffs"
    r"|top floor|car park roof|overpass)"
)

# Heights to fall from: the places, and the buildings people name instead.
HEIGHTS = (
    rf"(?:{PLACES}|building|block|balcony|window|car park|parking garage|multi storey"
    r"|motorway|parking structure|tower|flats)"
)


@dataclass(frozen=True)
class Rule:
    name: str
    kind: str
    pattern: re.Pattern[str]
    negatable: bool = True  # False when the pattern already contains its own negation
    # True when the sign is always the speaker's, whoever it names ("none of this is her
    # fault", "i love my mum"): its pronouns do not make it third person.
    speaker: bool = False


def rule_table(
    kind: str, *specs: tuple[str, str] | tuple[str, str, bool], speaker: bool = False
) -> list[Rule]:
    out = []
    for spec in specs:
        name, pattern = spec[0], spec[1]
        negatable = spec[2] if len(spec) > 2 else True
        out.append(Rule(name, kind, re.compile(pattern), negatable, speaker))
    return out
