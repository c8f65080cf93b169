"""The intent classifier's cues: data for intent.py."""

from __future__ import annotations

import re

# (intent, weight, pattern) on normalised text. Weights near 3 are strong cues that decide
# alone; weights near 1 only tip a balance.
INTENT_FEATURES: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (intent, weight, re.compile(pattern))
    for intent, weight, pattern in (
        # create_goal
        ("create_goal", 3.5, r"\bnew goal\b"),
        (
            "create_goal",
            3.5,
            r"\b(?:create|make|set|add|start|register|setup|set up|track|open"
            r"|begin) (?:up )?(?:a |an |another |one more )?(?:new )?goal\b",
        ),
        (
            "create_goal",
            3.0,
            r"\b(?:create|make|set|add|start|track|set up) (?:a|an|another"
            r"|one more|new) (?:new )?\w+ goal\b",
        ),
        (
            "create_goal",
            3.0,
            r"\b(?:make|set) (?:it|that|this) (?:up )?(?:as )?(?:a|my) (?:new )?"
            r"goal\b|\bas a (?:new )?goal\b|\badd goal\b",
        ),
        ("create_goal", 2.5, r"\bmy (?:new )?goal (?:is|will be) to\b"),
        (
            "create_goal",
            1.5,
            r"\b(?:can you|could you|please) (?:add|create|set up|save)"
            r" (?:it|that|this)\b",
        ),
        (
            "create_goal",
            1.0,
            r"\bi (?:want|would like|have decided|decided|plan) to (?:start"
            r"|learn|run|lose|save|read|write|build|become|get|finish)\b",
        ),
        # goal_discussion
        ("goal_discussion", 2.5, r"\b(?:my|the|this|that|our) (?:\w+ ){0,2}goals?\b"),
        ("goal_discussion", 1.5, r"\bgoals\b"),
        ("goal_discussion", 2.0, r"\bprogress\b|\bon track\b|\bmilestones?\b"),
        (
            "goal_discussion",
            1.5,
            r"\bhow (?:am i|is my|are my) (?:\w+ )?(?:doing|going)\b"
            r"|\bhow is my\b",
        ),
        ("goal_discussion", 1.5, r"\b(?:talk|chat|talking) about\b|\bdiscuss\b|\breview\b"),
        (
            "goal_discussion",
            1.2,
            r"\b(?:struggling|stuck|behind|failing|falling behind|too"
            r" ambitious|realistic|deadline|pause|archive|give up on)\b",
        ),
        (
            "goal_discussion",
            1.0,
            r"\bbreak (?:\w+ ){0,3}down\b|\bupdate on\b|\bhalf marathon\b"
            r"|\bmarathon\b",
        ),
        # mission_request
        ("mission_request", 3.0, r"\bmissions?\b"),
        ("mission_request", 3.5, r"\bwhat should i (?:do|work on|start with|focus on|tackle)\b"),
        (
            "mission_request",
            3.0,
            r"\bwhat is next\b|\bwhat next\b|\bnext (?:task|mission|step"
            r"|thing|challenge)\b|\bwhat is on my (?:plate|list)\b",
        ),
        (
            "mission_request",
            3.0,
            r"\b(?:give|get|find|show) me (?:something|a mission|a task"
            r"|an? (?:easy|quick|small) (?:win|task|thing))\b",
        ),
        (
            "mission_request",
            3.0,
            r"\b(?:suggest|pick|recommend) (?:a task|something|a mission"
            r"|what)\b",
        ),
        (
            "mission_request",
            2.0,
            r"\b(?:i have|i have got|got|i got) (?:\d+|half an|an|a"
            r" few|twenty|ten|thirty|fifteen) (?:minutes|mins|min|hours?"
            r"|hour)\b|\bhalf an hour\b|\bin \d+ (?:minutes|mins|min)\b",
        ),
        (
            "mission_request",
            2.0,
            r"\bwhat can i do\b|\bsomething (?:small|quick|easy|to do|to"
            r" work on)\b|\beasy win\b|\bnext on my list\b|\bon my list\b"
            r"|\btasks?\b|\bto do list\b",
        ),
        ("mission_request", 3.0, r"\b(?:do|work on|tackle|focus on) next\b"),
        ("mission_request", 0.8, r"\b(?:today|tonight|this afternoon|this morning|now)\b"),
        # reflection
        (
            "reflection",
            3.5,
            r"\b(?:realized|realize|noticed|learned|learnt|discovered)\b"
            r"|\bcome to (?:realize|see|understand)\b|\boccurred to me\b"
            r"|\btaught me\b",
        ),
        (
            "reflection",
            3.5,
            r"\b(?:thinking|reflecting|reflected) (?:about|on)\b|\blooking back"
            r"\b|\bwhen i look back\b|\breflecting\b|\bthinking about it\b",
        ),
        (
            "reflection",
            3.0,
            r"\b(?:it )?(?:hit|struck|dawned on) me\b|\bturns out\b"
            r"|\bi see now\b|\blooking at (?:this|last|the last|the past)"
            r" (?:week|month|year|few)\b",
        ),
        ("reflection", 2.0, r"\b(?:more|less|better) than i (?:expected|thought)\b"),
        (
            "reflection",
            2.5,
            r"\bnoticing\b|\bi wonder (?:if|why|whether)\b|\bi think (?:i|my"
            r"|maybe)\b|\bmaybe (?:i|the|my)\b",
        ),
        (
            "reflection",
            1.2,
            r"\bi (?:always|tend to|usually|often|never) \w+"
            r"|\bbecause i\b|\bwhen i\b|\bholds? me back\b|\bmy best\b",
        ),
        ("reflection", 1.0, r"\binteresting\b|\bfunny how\b|\bit seems\b"),
        (
            "reflection",
            1.5,
            r"\bi (?:feel|am|get|work) (?:calmer|happier|better|more \w+|less"
            r" \w+)\b[^.!?]*\b(?:when|on days|if|after)\b",
        ),
        # small_talk
        (
            "small_talk",
            3.5,
            r"^(?:hi|hey|hello|hiya|heya|yo|sup|howdy|greetings|morning"
            r"|evening|good (?:morning|afternoon|evening|night|day))\b",
        ),
        (
            "small_talk",
            3.5,
            r"\bhow are you\b|\bhow is it going\b|\bhow are things\b|\bwhat is"
            r" up\b|\bhow have you been\b|\bhow is your day\b",
        ),
        ("small_talk", 3.5, r"\b(?:thanks|thank you|cheers|thank u|much appreciated)\b"),
        (
            "small_talk",
            3.5,
            r"\b(?:bye|goodbye|see you|see ya|good night|goodnight|talk later"
            r"|gotta go|ttyl|later)\b",
        ),
        (
            "small_talk",
            3.5,
            r"\bnice to meet you\b|\byou are (?:the best|funny|great|awesome"
            r"|amazing|sweet|kind|lovely|cool|a star)\b|\bhave a (?:great|nice"
            r"|good|lovely) (?:day|evening|night|weekend)\b",
        ),
        (
            "small_talk",
            2.5,
            r"^(?:ok|okay|cool|nice|great|sure|alright|k|yes|yeah|yep|no|nope"
            r"|lol|haha)(?: (?:ok|okay|cool|nice|great|thanks))?$",
        ),
        ("small_talk", 1.0, r"\b(?:lol|haha|hehe|lmao)\b|\beliza\b"),
        # memory_question: asked about what they told Eliza, never a request to remember
        # ("please remember…", "remind me to…") nor general knowledge ("do you know a recipe").
        (
            "memory_question",
            5.0,
            r"\b(?:you|u) (?:still |actually |really |even )?(?:remember|recall|know|have|got"
            r"|stored|saved|kept|collected|learned|learnt|gathered|noted|picked up)\b"
            r"(?: \w+){0,5}? (?:about |of |on |from )?(?:me|my|myself|mine)\b"
            r"|\bany idea (?:what|where|who|when|if|how \w+) (?:my|i)\b",
        ),
        (
            "memory_question",
            5.0,
            r"\b(?:you|u) (?:still )?(?:remember|recall|know)\b(?: \w+){0,3}? (?:what|where"
            r"|which|who|when|if|whether|how)(?: \w+)? i\b(?! can\b| could\b| should\b)",
        ),
        (
            "memory_question",
            5.0,
            r"\b(?:did|have|had) i (?:ever |already )?(?:tell|told|say|said|mention|mentioned"
            r"|share|shared)\b|^(?:what|where|which|who|when|how)\b.*\bi (?:told|mentioned"
            r"|said) (?:it|this|that|you|u)\b"
            r"|\b(?:what|where|which|who|when|how \w+) (?:did|have) i (?:just )?(?:say|said"
            r"|tell|told|mention|mentioned)\b|^remember (?:what|where|who|when|which) i\b",
        ),
        (
            "memory_question",
            5.0,
            r"\b(?:what|who) (?:is|was) (?:the name of )?my (?:\w+ ){0,3}?(?:\w+ s name|called"
            r"|name)\b|\bwhat (?:is |was |s )?(?:my )?(?:\w+ ){0,3}?(?:s|is|was) (?:called|named)\b"
            r"|\bwhat is my favou?rite\b|^(?:tell me|remember|remind me of) my (?:\w+ ){1,3}?"
            r"s (?:name|birthday|job|age)\b"
            r"|\bwhat is the name of my\b",
        ),
        (
            "memory_question",
            5.0,
            r"^(?:what|where|who|when|which|how)\b.*\b(?:i|my)\b.*\b(?:you|u) (?:still )?"
            r"(?:remember|recall)\W*$",
        ),
        (
            "memory_question",
            5.0,
            r"\bremind me,? (?:what|where|who|when|which|how \w+)\b(?: \w+){0,4}? (?:my|i)\b",
        ),
        (
            "memory_question",
            5.0,
            r"\b(?:you|u) (?:remember|recall)\b(?: \w+){0,3}? (?:our|last) (?:chat|talk"
            r"|conversation|session|time)\b",
        ),
        (
            "memory_question",
            5.0,
            r"^(?:and |so |ok |okay )?(?:where|what|who) (?:does|did|is|was) (?:she|he) "
            r"(?:live|living|based|called|named|work|working|do for (?:a )?(?:work|living))\b",
        ),
        (
            "memory_question",
            5.0,
            r"^do i have (?:any )?(?:pets?|animals?|kids|children|siblings|brothers?|sisters?"
            r"|allerg\w*|an? (?:dog|cat|partner|wife|husband|boyfriend|girlfriend|job))\b"
            r"|^(?:where|what city|what town) do i (?:live|work)\b|^what do i do for (?:a )?"
            r"(?:work|living)\b|^am i allergic\b|^how old am i\b|^what is my (?:job|name)\b"
            r"|^what (?:can not|cannot|should not|do not) i (?:eat|drink|have)\b"
            r"|^when is my (?:\w+ s )?(?:birthday|anniversary)\b"
            r"|^what (?:did|have) i (?:achieve|accomplish|win|won)\b|^what am i (?:allergic"
            r"|afraid|scared) (?:to|of)\b|\banything (?:that )?i (?:am |m )?(?:allergic|intolerant"
            r"|can ?not eat|can ?not have|do not eat|should not eat|should avoid|must avoid)\b",
        ),
        # question
        (
            "question",
            1.8,
            r"^(?:what|how|why|who|when|where|which|is|are|can|could|does|do"
            r"|should|will|would|did)\b",
        ),
        ("question", 1.0, r"\?$|\? "),
        (
            "question",
            3.0,
            r"\bhow (?:are|is|do|does|did) (?:\w+ ){1,3}(?:picked|chosen|work|works"
            r"|calculated|decided|computed|generated|made|counted|unlocked|selected"
            r"|scored)\b",
        ),
        (
            "question",
            1.5,
            r"\bwhat is (?:a|an|the)\b|\bhow (?:do|does|can|long|many|much|often)"
            r"\b|\bexplain\b|\bdifference between\b|\bstand for\b|\bwho (?:wrote"
            r"|is|was|invented)\b|\bwhat does\b|\bwhat time\b|\bwhy do\b",
        ),
        (
            "question",
            1.0,
            r"\b(?:streak|streaks|essence|zones?|dci|consistency index|hidden"
            r" quests?|quests?|notifications?|settings|account|export|data"
            r"|password|app)\b",
        ),
    )
)
