"""What a question asks for that code can hold an answer to: a kind of contact detail, and one of several
mutually exclusive cases named by a common word.

Unanswerable questions were answered from the passage next to the answer: "the email address of the
Market Row manager" with the branch's phone number, "the site manager's phone number" with the manager's name,
"canoe hire for a full day" with the half-day price, "regulation of a grand piano" with the upright's rate, "the
monthly rental price" with the retail price. Every value is in its cited passage, so the fact checks pass and the
1.5B critic accepts them. Two narrow rules catch them without a model call:

- an answer to a question asking for an email address, a phone number or a website must contain one;
- a value read from a sentence that names another case of a closed set ("half day" where the question says
  "full day") and not the question's own case is not the answer to it.

The case sets are a short list of words that name alternatives in price lists, timetables and rules; a word
outside them never triggers the rule, so paraphrase ("the weekend" for "Saturday") is not judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.grounding import bands

# kind -> (the question asks for it, a value of that kind)
_CONTACTS: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "an email address": (
        re.compile(r"\be-?mail\s+address|\b(?:what|which)\s+e-?mail\b|\be-?mail\s+(?:should|do|can)\s+I\b",
                   re.IGNORECASE),
        re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")),
    "a phone number": (
        re.compile(r"\b(?:tele)?phone\s+(?:number|no\b)|\b(?:contact|mobile|emergency|helpline)\s+number"
                   r"|\b(?:what|which)\s+number\b[^?]*\b(?:call|ring|dial|phone|text)\b", re.IGNORECASE),
        re.compile(r"(?<![\w.])\+?\(?\d[\d ()./-]{4,}\d(?![\w.]\d)")),
    "a website": (
        # not "a website project": the question asks what that costs
        re.compile(r"\bweb\s*site\b(?!\s+(?:project|package|build|design|redesign|hosting|work|job|plan|launch|"
                   r"quote|budget|update)s?\b)|\bweb\s*(?:address|page)\b|\bURL\b|\bwhich\s+site\b", re.IGNORECASE),
        re.compile(r"\bhttps?://\S+|\bwww\.\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|edu|gov|io|info|co|"
                   r"uk|de|fr|nl|no|se|dk|ch|at|it|es|eu|ie|be|pl|fi)\b(?:/\S*)?", re.IGNORECASE)),
}
_MIN_PHONE_DIGITS = 6


def missing_contact(question: str, said: str) -> str | None:
    """Why the answer's text ``said`` does not answer ``question`` when the question asks for a kind of contact
    detail ("a phone number") and ``said`` contains none, else None. Only questions naming the detail count ("who
    do I call" asks for a person)."""
    for kind, (asks, _) in _CONTACTS.items():
        if asks.search(question) and not _gives(kind, said):
            return f"the question asks for {kind}; the answer gives none"
    return None


def asked_contact(question: str) -> str | None:
    """The kind of contact detail ``question`` asks for by name ("a phone number"), or None."""
    return next((kind for kind, (asks, _) in _CONTACTS.items() if asks.search(question)), None)


def contact_values(kind: str, text: str) -> list[str]:
    """The contact details of ``kind`` written in ``text`` (a phone number needs ``_MIN_PHONE_DIGITS``)."""
    found = [m.group(0).strip() for m in _CONTACTS[kind][1].finditer(text)]
    if kind == "a phone number":
        found = [f for f in found if sum(ch.isdigit() for ch in f) >= _MIN_PHONE_DIGITS]
    return found


def _gives(kind: str, said: str) -> bool:
    """Whether ``said`` contains a contact detail of ``kind``."""
    return bool(contact_values(kind, said))


# "how much is ...", "what did we pay": a question for a price. Not "how much notice / storage / headroom", which
# ask for other quantities, nor "what is the refrigerant charge".
_NOT_MONEY = (r"(?!\s+(?:usable\s+|free\s+|extra\s+|more\s+|advance\s+)?(?:space|storage|room|headroom|notice|time|"
              r"warning|weight|data|memory|water|power|energy|luggage|baggage|capacity|capital|revenue|profit|"
              r"longer|earlier|later)\b)")
_ASKS_PRICE = re.compile(
    rf"\bhow\s+much\b{_NOT_MONEY}(?:\s+(?:is|are|was|were|will|would|does|do|did|to|for|extra|more|less)\b"
    rf"(?![^?]*\bweigh)|[^?]*\b(?:cost|pay|paid|charged?|charges|price|fee|fare|rent|spend)\b)"
    r"|\bwhat\s+(?:will|would|does|did|do|should|must|shall)\s+(?:\w+\s+){0,3}(?:pay|cost|charge)\b", re.IGNORECASE)
# a share of a price is an amount too: "only half of its legal fee", "no legal fee at all"
_PRICE_WORDS = re.compile(r"\d\s*(?:p|pence|c|cents?|ct)\b|\b(?:free|no\s+(?:[a-z]+\s+)?(?:charge|cost|fee)|included|"
                          r"complimentary|waived|nothing|(?:half|a\s+third|a\s+quarter|twice|double)\s+(?:of\s+)?"
                          r"(?:the|its|their|our|your|his|her)\b)\b|%|\bper\s*cent\b", re.IGNORECASE)


def missing_amount(question: str, said: str) -> str | None:
    """Why ``said`` does not answer a question asking what something costs: it states no amount of money, no
    price in pence or cents, no percentage and no "free". The pipeline committed "[2 adults + 2 children]" for
    "what did we pay for a family ticket" and "[42.00] Claybourne Pottery Studio" for "how much is a taster
    session"; offline it flags none of the 532 right answers of past evaluation sets (73 to price questions)
    and none of the right answers the app committed in recorded runs."""
    if not _ASKS_PRICE.search(question):
        return None
    if any(q.kind == "currency" for q in tx.quantities(said)) or _PRICE_WORDS.search(said):
        return None
    return "the question asks what it costs; the answer states no amount"


# "how long does the trek last", "how long is the warranty", "how long do I have to cancel"; not "how long ago",
# nor "how long is the queue" (a count: "41 names")
_ASKS_DURATION = re.compile(r"\bhow\s+long\b(?!\s+(?:ago|(?:is|are)\s+(?:the|your)\s+"
                            r"(?:queue|waiting\s+list|list|line)s?)\b)", re.IGNORECASE)
_DURATION_WORDS = re.compile(r"\b(?:seconds?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|fortnights?|months?|"
                             r"years?|overnight|all\s+day|morning|afternoon|evening|metres?|meters?|feet|foot|ft|"
                             r"miles?|km|kilomet(?:re|er)s?|inches|cm|until|till|no\s+limit|unlimited|"
                             r"indefinitely|since\s+(?:(?:[A-Z][a-z]+|early|late|mid)\s+)?(?:1[89]|20)\d\d)\b",
                             re.IGNORECASE)  # "since 2009": how long they have been going


def missing_duration(question: str, said: str) -> str | None:
    """Why ``said`` does not answer a question asking how long: it states no duration or length (no "90
    minutes", "2 weeks", "10:00-16:00", "until 5pm", "20 metres"). The pipeline finalized a trek's price, minimum
    age and start times for "How long does the Private Picnic Trek last?"."""
    if not _ASKS_DURATION.search(question) or _DURATION_WORDS.search(said) or bands.time_ranges(said):
        return None
    return "the question asks how long; the answer states no duration"


# "how much space does the horsebox need": a question for a size ("how big" asks for counts, sums and weights too:
# "how big are the classes", "how big is the deposit")
_ASKS_SIZE = re.compile(r"\bhow\s+much\s+(?:floor\s+)?(?:space|room|headroom)\b", re.IGNORECASE)
_SIZE_WORDS = re.compile(r"\d(?:[\d.,]*)\s*(?:m|metres?|meters?|ft|feet|foot|inch(?:es)?|in|cm|mm|sq|square|yards?|"
                         r"acres?|hectares?|m2|m²|litres?)\b|\d\s*(?:[x×]|by)\s*\d|\bparking\s+spaces?\b|\b(?:small|"
                         r"medium|large|standard|single|double|king|queen)\b|\b(?:a|one|two|three)\s+(?:metres?|feet|"
                         r"foot)\b|\bsizes?\b", re.IGNORECASE)


def missing_size(question: str, said: str) -> str | None:
    """Why ``said`` does not answer a question asking how much space or how big: it states no size. The
    writer answered "How much space does the horsebox need?" with "around 120 drinks an hour"."""
    if not _ASKS_SIZE.search(question) or _SIZE_WORDS.search(said):
        return None
    return "the question asks for a size; the answer states none"


# "which brand of airbrush foundation", "what courier company": a question for a proper name of a maker or firm
_ASKS_NAME = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?(?:brand|make|manufacturer|courier|carrier|company|firm|"
                        r"supplier|label|breed|variety)s?\b", re.IGNORECASE)
_CAPITAL = re.compile(r"(?<![\w'’])[A-Z][\w'’&-]*")
# a page's title line: "Lilybank Water Gardens, Taunton – Mail-Order Plant Delivery."
_TITLE = re.compile(r"[^.]{1,100}?\s[–—-]\s[^.]{1,80}\.")


def missing_name(question: str, said: str, cited: Sequence[str]) -> str | None:
    """Why ``said`` does not answer a question for a brand, maker or firm: it names nothing the question and the
    cited pages' title lines do not. The writer answered "Which courier company does Lilybank Water
    Gardens use?" with the page's heading ("uses Mail-Order Plant Delivery") and "Which brand of airbrush
    foundation ...?" by restating the package."""
    if not _ASKS_NAME.search(question):
        return None
    known = tx.content_stems(question) | set(re.findall(r"(?<![\w'’])[a-z][a-z'’-]*", " ".join((said, *cited))))
    for text in cited:
        title = _TITLE.match(text)
        known |= tx.content_stems(title.group(0)) if title else set()
    named = [m.group(0) for m in _CAPITAL.finditer(said)  # (a sentence's first word is named only by its capital)
             if not all(w.lower() in tx.STOPWORDS or w.lower() in known or tx.content_stems(w) <= known
                        for w in tx.words(m.group(0)))]
    return None if named else "the question asks which one by name; the answer names none the question does not"


# "takes 95", "lasts 3": a duration verb followed by a bare number, no unit, no range ("takes 2-3 hours")
_BARE_DURATION = re.compile(r"\b(?:takes?|took|lasts?|lasted|runs?\s+for|ran\s+for)\s+(?:(?:about|around|roughly|"
                            r"approximately|up\s+to|at\s+least|over|under|just)\s+)?\d+(?:[.,]\d+)?"
                            r"(?!\s*(?:-|–|to)?\s*\d)(?!\d*(?:[.,]\d+)?\s*[A-Za-z%£$€'’:/-])", re.IGNORECASE)


def bare_duration(said: str) -> str | None:
    """Why ``said`` gives no duration although it says how long: a bare number after "takes" or "lasts" (no
    minutes, no hours). The pipeline finalized "The standard tuning of an upright piano takes 95" from a price
    list's "£95" for "How long does a standard upright tuning take?"; the rest of its answer, a pasted price list,
    carried "48 hours' notice", so the duration check passed. No gold answer, right or wrong, of past evaluation
    sets writes one."""
    m = _BARE_DURATION.search(said)
    return f'"{m.group(0)}" states no unit: it is no duration' if m else None


# "what time does it close": a clock time is the answer; "what time of year", "what time period" ask for others
# ("within what time" asks a duration)
_ASKS_TIME = re.compile(r"(?<!within )(?<!in )\bwhat\s+time\b(?!\s+(?:of\s+(?:the\s+)?(?:year|month|week|season)|"
                        r"period|frame|limit|scale|zone)\b)", re.IGNORECASE)
_CLOCK_WORDS = re.compile(r"\b(?:noon|midday|midnight)\b", re.IGNORECASE)


# "It doesn't open on Tuesdays", "closed on Mondays", "No; ...": an answer saying the asked case does not happen owes
# no time for it; "Saturdays only" also says why another day is named (two right answers were refused without this)
_CLOSED = re.compile(r"^\W*no\b|\b(?:closed|shut)\b|\b(?:does|do|is|are|will|wo)\s*n(?:o|')t\s+(?:\w+\s+)?(?:open|run|"
                     r"operate|held|take\s+place)\b|\bnot\s+open\b", re.IGNORECASE)
_ONLY_DAYS = re.compile(r"\b\w+days?\s+only\b|\bonly\s+(?:on\s+)?\w+days?\b", re.IGNORECASE)


def denies(said: str) -> bool:
    """Whether ``said`` answers by saying the asked case does not happen: "It doesn't open on Tuesdays"."""
    return bool(_CLOSED.search(said))


def missing_time(question: str, said: str) -> str | None:
    """Why ``said`` does not answer a question asking what time something happens: it states no time of day.
    The pipeline committed "The Potting Shed cafe closes 45 minutes before the centre on a weekday in January" for
    the centre's closing time. Every gold answer to a "what time" question of past evaluation sets writes one,
    or says the place is closed then ("It doesn't open on Tuesdays")."""
    if not _ASKS_TIME.search(question) or _kind_in("clock", said) or denies(said):
        return None
    return "the question asks what time; the answer states no time of day"


# "who teaches ...", "who do I speak to ...": a question for a person. Not "who can join / is eligible / pays",
# nor "who does it cover / is it for" ("two adults and up to three children"), which ask for a group
# or a rule.
_ASKS_WHO = re.compile(r"(?:^|[,;:.?!—–-]\s*|\b(?:and|but|so)\s+)who(?:'s|'d|m)?\b(?!\s+(?:can|may|could|is\s+eligible|"
                       r"are\s+eligible|qualif\w*|pays?|needs?|gets?|counts?|else|exactly|covers?|is\s+covered|"
                       # "who has to show photo ID": a rule's group, "anyone who looks younger than 21"
                       r"(?:has|have|had)\s+to|must|should|(?:is|are)\s+(?:required|asked|allowed|entitled)|"
                       r"(?:does|do|will|would)\s+(?:it|this|that|they)\s+(?:cover|include|suit|apply\s+to)|"
                       r"(?:is|are)\s+(?:it|this|that|they)\s+(?:for|aimed\s+at|suitable\s+for))\b)", re.IGNORECASE)


def missing_person(question: str, said: str) -> str | None:
    """Why ``said`` does not answer a question asking who: it names no person or organisation beyond the
    question's own names, and no role ("the practice director"). The pipeline answered "Who would be my teacher
    if I joined Adult Jazz?" with the class timetable, which names no teacher for it. Of the 76 right answers to
    "who" questions of past evaluation sets, 75 write a capitalised name and the other a role."""
    if not _ASKS_WHO.search(question) or _gives("an email address", said) or _gives("a phone number", said):
        return None  # "who do I call": a number or an address is an answer
    if any(not tx.name_in(m.group(0), question) for m in tx.PERSON.finditer(said)):
        return None  # a name the question does not already write ("Adult Jazz" is not the teacher)
    if any(w in tx.ROLE_WORDS or w.rstrip("s") in tx.ROLE_WORDS for w in tx.words(said)):
        return None
    return "the question asks who; the answer names no person and no role"


DAY_NAMES = tuple(d.capitalize() for d in bands.DAYS)


# a question whose answer is itself a day: "the order deadline for Friday collection" is "Tuesday 5pm"
_ASKS_DAY = re.compile(r"\b(?:deadlines?|cut-?offs?|(?:which|what)\s+day|by\s+when|how\s+(?:early|"
                       r"far\s+ahead|long\s+before)|order\s+by|book\s+by|latest)\b", re.IGNORECASE)


def other_day(question: str, said: str) -> str | None:
    """Why ``said`` does not answer a question about one day of the week: it names other days only, singly, and
    no range or group holding the asked one ("staffed on Saturdays 09:00-13:00" for when the line is staffed on
    Sundays, committed once for an unanswerable question). An answer naming no day is not judged."""
    asked = bands.asked_numbers(question).get("day")
    if asked is None or _ASKS_DAY.search(question):
        return None
    day = DAY_NAMES[int(asked) - 1]
    named = bands.weekdays(said)
    if not named or bands.names_day(day, said) or denies(said) or _ONLY_DAYS.search(said):
        return None  # "No; from November it opens on Saturdays only" answers a Thursday visit
    return (f"the question asks about {day}; the answer gives what applies on "
            f"{' and '.join(DAY_NAMES[d - 1] for d in named)}")


_ASKS_EXTENSION = re.compile(r"\bextension\b|\bext\b", re.IGNORECASE)
_EXTENSION = re.compile(r"\b(?:extension|ext\.?)\s*(?:no\.?\s*)?\d+", re.IGNORECASE)


_ASKS_AGE = re.compile(r"\bhow\s+old\b|\b(?:minimum|maximum|lowest|youngest)\s+age\b|\bage\s+(?:limit|restriction|"
                       r"requirement)s?\b|\bwhat\s+age\b|\bold\s+enough\b|\btoo\s+(?:young|old)\b", re.IGNORECASE)
_AGE = re.compile(r"\b(?:aged?|ages)\s+(?:of\s+)?\d+|\b\d+\s*(?:\+|-?\s*years?(?:[- ]olds?)?\b|yrs?\b|"
                  r"(?:and|or)\s+(?:over|up|above|older|under|younger)\b)|\b(?:under|over)[- ]?\d+s?\b", re.IGNORECASE)


def asked_kind(question: str) -> str | None:
    """The kind of value a question asks for, where code can tell: "extension" (a phone extension), "clock" (what
    time), "currency" (a price) or "age" (an age limit)."""
    if _ASKS_EXTENSION.search(question):
        return "extension"
    if _ASKS_AGE.search(question):
        return "age"
    if _ASKS_TIME.search(question):
        return "clock"
    if _ASKS_PRICE.search(question):
        return "currency"
    return None


def _kind_in(kind: str, text: str) -> bool:
    if kind == "extension":
        return bool(_EXTENSION.search(text))
    if kind == "clock":
        return any(q.unit == "hh:mm" for q in tx.quantities(text)) or bool(_CLOCK_WORDS.search(text))
    if kind == "age":
        return bool(_AGE.search(text))
    return any(q.kind == "currency" for q in tx.quantities(text))


_CONTINUES = re.compile(r"^(?:it|its|it's|they|their|this|these|there|he|she|his|her)\b", re.IGNORECASE)


def subject_without_value(question: str, said: str, passages: Sequence[Sequence[str]]) -> str | None:
    """Why passages cannot answer what time (or what price, or what phone extension) applies to a subject the
    question names: every sentence naming it states no value of that kind, and the answer's values come from
    sentences about something else. "What time does the Potting Shed cafe open?" over opening hours of the garden
    centre whose only word on the cafe is "The Potting Shed cafe closes 45 minutes before the centre" (the
    whole timetable was committed, copied out); "What is Lowri Pellow's phone extension?" over a team page giving only
    the studio manager's ("extension 5" was committed); the touch pool's age limit for the Octopus
    Encounter. ``passages`` gives each cited passage's
    sentences, heading line first: a name in a heading line is what every sentence is about, and a sentence
    opening with a pronoun continues the one before."""
    kind = asked_kind(question)
    # an extension is often answered as a bare number ("her extension is 5")
    if kind is None or not (_kind_in(kind, said) or (kind == "extension" and re.search(r"\b\d{1,5}\b", said))):
        return None
    for name in tx.question_names(question):
        if any(lines and tx.name_in(name, lines[0]) for lines in passages):
            continue  # the heading's subject: every sentence is about it
        about: list[bool] = []  # per sentence naming the subject (or continuing one that does): has a value
        values_elsewhere = False
        topic = tx.question_focus(question) - {tx.stem(w) for w in tx.words(name)}
        for lines in passages:
            previous: set[str] | None = None  # the question's words in the sentence before, when it is about the name
            for line in lines[1:]:
                words = tx.content_stems(line)
                # a sentence opening with a pronoun continues the one before, and so does one going on with the
                # question's own topic: "We deliver from the Bath shop only ..." then "Delivery costs £4.95 ..."
                # (the Bath delivery price was refused without this)
                names_it = tx.name_in(name, line) or (previous is not None and (
                    bool(_CONTINUES.match(line)) or bool(previous & words)))
                if names_it:
                    about.append(_kind_in(kind, line) or (kind == "currency" and _rate_used(line, said)))
                elif _kind_in(kind, line):
                    values_elsewhere = True
                previous = topic & words if names_it else None
        if about and not any(about) and values_elsewhere and not _general_values(name, said, passages):
            what = {"clock": "time", "currency": "price", "age": "age limit"}.get(kind, kind)
            whole = re.search(rf"(?:[A-Z][\w'’-]*\s+)*{re.escape(name)}(?:\s+[A-Z][\w'’-]*)*", question)
            subject = re.sub(r"['’]s$", "", whole.group(0)) if whole else name  # "Ondine Vennicombe's extension"
            return (f"the cited passages name {subject} but give no {what} for it; the "
                    "answer's come from other sentences")
    return None


_PERCENT = re.compile(r"(\d{1,2}(?:\.\d+)?)\s*%")


def _rate_used(line: str, said: str) -> bool:
    """Whether a sentence naming the subject states a percentage the answer applies: "A 20% discount on membership
    is offered to NHS staff" prices an NHS nurse's membership as "£68, after the 20% discount on the £85 adult
    membership" (it was refused as a price from other sentences)."""
    return bool({m.group(1) for m in _PERCENT.finditer(line)} & {m.group(1) for m in _PERCENT.finditer(said)})


def _general_values(name: str, said: str, passages: Sequence[Sequence[str]]) -> bool:
    """Whether the answer's values come from sentences naming none of the cases listed beside ``name``: "We have
    three rooms: The Alchemist's Attic (...), The Sunken Signal (...) and The Nursery (...)" then "Prices are per
    room: ... 6 players £102" prices every room alike (the right answer for The Sunken Signal was refused).
    A list of at least two other cases; a price sentence naming one of them is that case's, not a general one."""
    values = tx.quantities(said)
    siblings = {n for lines in passages for line in lines[1:] if tx.name_in(name, line)
                for n in tx.names(line) if not tx.name_in(n, name) and not tx.name_in(name, n)
                and not (lines and tx.name_in(n, lines[0]))}
    stating = [line for lines in passages for line in lines[1:] if not tx.name_in(name, line)
               and any(o.unit and tx.same_quantity(v, o) for v in values for o in tx.quantities(line))]
    return len(siblings) >= 2 and bool(stating) and not any(tx.name_in(n, line) for n in siblings for line in stating)


_WHEN = rf"(?:(\d{{1,2}})\s+)?({tx.MONTH_RE})\s+(\d{{4}})"
_ASKED_BEFORE = re.compile(rf"\b(?:before|prior\s+to)\s+(?:the\s+)?{_WHEN}", re.IGNORECASE)
_APPLIES_FROM = re.compile(rf"\b(?:from|effective(?:\s+from)?|valid\s+from|as\s+of|since|starting|in\s+force\s+from)"
                           rf"\s+{_WHEN}", re.IGNORECASE)

def _when(m: re.Match[str]) -> tuple[int, int, int]:
    return int(m.group(3)), tx.MONTHS.index(m.group(2).lower()) + 1, int(m.group(1) or 1)


_ASKED_AT = re.compile(rf"\b(?:from|in|during|after|starting|as\s+of)\s+(?:the\s+)?{_WHEN}", re.IGNORECASE)
_APPLIES_UNTIL = re.compile(rf"\b(?:to|until|till|through|ends?|ending)\s+{_WHEN}", re.IGNORECASE)


def _after_period(question: str, cited: Sequence[str]) -> str | None:
    """Why passages cannot answer a question about a month after the period each one's heading line says it
    covers: "What will adult tickets cost from October 2026?" over "Stargazing Evenings, winter season (1 October
    2025 to 31 March 2026)" (the winter price was committed). Only the first sentence counts: later ones
    speak of other things ("vouchers can be redeemed until 30 June 2026")."""
    asked = _ASKED_AT.search(question)
    if asked is None:
        return None
    ends = []
    for text in cited:
        head = next(iter(tx.split_sentences(text)), None)
        found = [_when(m) for m in _APPLIES_UNTIL.finditer(head.text)] if head else []
        if not found or max(found) >= _when(asked):
            return None
        ends.append(max(found))
    last = max(ends)
    return (f"the cited passages cover the time up to {last[2]} {tx.MONTHS[last[1] - 1].title()} {last[0]}; the "
            f'question asks about {" ".join(asked.group(0).split())}')


# "27 July to Friday 21 August", "1 October 2025 to 31 March 2026": the months a heading's date range covers
_DAY_NAME = rf"(?:(?:{'|'.join(tx.WEEKDAYS)})\s+)?"
_HEAD_RANGE = re.compile(rf"\b(\d{{1,2}})\s+({tx.MONTH_RE})(?:\s+\d{{4}})?\s*(?:[-–—]|to|until|till)\s*{_DAY_NAME}"
                         rf"\d{{1,2}}\s+({tx.MONTH_RE})\b", re.IGNORECASE)
# a month the question names on its own ("the October half-term camp"), not as part of a date (capitalised: "may"
# is a verb)
_LONE_MONTH = re.compile(rf"(?<!\d\s)\b({'|'.join(m.title() for m in tx.MONTHS)})\b(?!\s+\d)")


def _head_months(text: str) -> set[int]:
    """The months the first sentence of a passage says it covers, by a date range or a run of months ("Summer
    camps: Monday 27 July to Friday 21 August", "boat dives April to October"); empty when it names none."""
    head = next(iter(tx.split_sentences(text)), None)
    if head is None:
        return set()
    months = {int(m) for run, _, _ in bands.month_runs(head.text) for m in run}
    for m in _HEAD_RANGE.finditer(head.text):
        a, b = tx.MONTHS.index(m.group(2).lower()), tx.MONTHS.index(m.group(3).lower())
        months |= {(a + i) % 12 + 1 for i in range((b - a) % 12 + 1)}
    return months


def _other_months(question: str, cited: Sequence[str]) -> str | None:
    """Why passages cannot answer a question about a month none of their heading lines covers: "When do bookings
    open for the October half-term camp?" over "holiday camps, summer 2026: Monday 27 July to Friday 21 August"
    (the summer camp's booking date was committed). Every cited passage must name the months it covers."""
    asked = {m.group(1).lower() for m in _LONE_MONTH.finditer(question)}
    if len(asked) != 1:
        return None
    month = tx.MONTHS.index(next(iter(asked))) + 1
    covered = [_head_months(text) for text in cited]
    if not covered or not all(covered) or any(month in c for c in covered):
        return None
    names = sorted({tx.MONTHS[m - 1].title() for c in covered for m in c}, key=lambda n: tx.MONTHS.index(n.lower()))
    return (f"the cited passages cover {', '.join(names)}; the question asks about "
            f"{tx.MONTHS[month - 1].title()}")


def outside_period(question: str, cited: Sequence[str]) -> str | None:
    """Why the cited passages cannot answer a question about the time before a date, when every one of them
    applies only from that date or later: "What did a 60-minute lesson cost before February 2025?" answered
    from "Lesson Prices (from 1 February 2025)". The earlier figures are another case the documents may not hold;
    a cited passage without a start date, or starting earlier, clears it."""
    if not cited:
        return None
    if (later := _after_period(question, cited) or _other_months(question, cited)) is not None:
        return later
    asked = _ASKED_BEFORE.search(question)
    if asked is None:
        return None
    starts = [min((_when(m) for m in _APPLIES_FROM.finditer(text)), default=None) for text in cited]
    if any(start is None or start < _when(asked) for start in starts):
        return None
    first = next(m for m in _APPLIES_FROM.finditer(cited[0]))
    return (f'the cited passages apply {" ".join(first.group(0).split())}; the question asks about '
            f'{" ".join(asked.group(0).split())}')


# Each set lists alternatives; each alternative lists the words and phrases that name it. A phrase matches as whole
# words ("peak" is not in "off-peak").
CASE_SETS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("full day", "full-day", "whole day", "all day", "all-day"), ("half day", "half-day")),
    (("upright", "uprights"), ("grand", "grands", "grand piano")),
    (("rental", "rent", "renting", "rented", "lease", "leasing"),
     ("retail price", "purchase", "purchasing", "buy", "buying", "sale price", "buy outright")),
    (("adult", "adults"), ("child", "children", "child's", "children's", "kid", "kids", "junior", "juniors"),
     ("senior", "seniors", "pensioner", "pensioners"), ("student", "students")),
    (("weekday", "weekdays", "midweek", "monday to friday", "monday-friday", "monday–friday", "monday through friday",
      "mon-fri", "mon–fri"),
     ("weekend", "weekends", "saturday and sunday", "saturdays and sundays", "sat-sun", "sat–sun")),
    (("peak", "high season", "high-season"), ("off-peak", "low season", "low-season")),
    (("single room", "single rooms"), ("double room", "double rooms"), ("twin room", "twin rooms"),
     ("family room", "family rooms")),
    (("one-way", "single ticket", "single fare"), ("return", "round trip", "round-trip", "return ticket")),
    (("manual",), ("automatic",)),
    (("indoor", "indoors"), ("outdoor", "outdoors")),
    (("member", "members"), ("non-member", "non-members")),
    (("per hour", "hourly", "an hour", "each hour", "every hour"),
     ("per day", "daily", "a day", "each day", "every day"),
     ("per week", "weekly", "a week", "each week", "every week"),
     ("per month", "monthly", "a month", "each month", "every month", "per calendar month"),
     ("per year", "annual", "annually", "yearly", "a year", "each year", "every year", "per annum", "per calendar year",
      "a calendar year", "per financial year", "per school year", "per academic year")),
    (("summer",), ("winter",)),
    (("domestic",), ("international",)),
    (("first class", "first-class"), ("second class", "second-class", "standard class")),
)


def _pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    alts = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alts})(?![\w-])", re.IGNORECASE)


_SETS = tuple(tuple((alt[0], _pattern(alt)) for alt in case_set) for case_set in CASE_SETS)


_NOT_MEMBER = re.compile(r"\b(?:not|n't|never\s+been)\s+(?:yet\s+)?(?:a\s+|an\s+)?(?:[\w-]+\s+)?members?\b",
                         re.IGNORECASE)


_ASIDE = re.compile(r"\([^()]*\)")
# "twice a week", "three times a month": how often the user goes, not the period a price is asked for
_HOW_OFTEN = re.compile(r"\b(?:once|twice|thrice|(?:\w+|\d+)\s+times)\s+(?:a|an|per|each|every)\s+\w+", re.IGNORECASE)


def _asked_cases(question: str) -> str:
    """The question as the case sets read it: "I'm not a member" names the non-members' case, and
    "twice a week" no period."""
    return _HOW_OFTEN.sub(" ", _NOT_MEMBER.sub("non-member", question))


def names_other_case(question: str, text: str) -> bool:
    """Whether ``text`` names another alternative of a ``CASE_SETS`` set of which the question names exactly one,
    and not the question's: "... £640 for a midweek break in low season" for a question about high season."""
    question = _asked_cases(question)
    for case_set in _SETS:
        asked = [pat for _, pat in case_set if pat.search(question)]
        if len(asked) == 1 and not asked[0].search(text) and any(
                pat.search(text) for _, pat in case_set if pat is not asked[0]):
            return True
    return False


def other_cases(question: str, claims: Sequence[Sequence[Sequence[str]]], plains: Sequence[str] = ()
                ) -> dict[int, tuple[str, str]]:
    """For each claim of an answer that answers another case than the question's, (the case the question names,
    the case its passage names). ``claims`` gives, per claim, per value it states, the passage sentences stating
    that value: "What does canoe hire cost for a full day?" answered "Canoe hire: EUR 18 per half day" from the
    sentence "Canoe hire: EUR 18 per half day" -> {0: ("full day", "half day")}.

    Per set of ``CASE_SETS`` of which the question names exactly one alternative: a claim is flagged when every
    sentence stating one of its values names another alternative, unless a sentence stating any value of the
    answer names the question's alternative (an answer listing the upright's rate beside the grand's, or "3 days
    per week" beside "20 working days per calendar year", answers the question with its other value). A question
    naming two alternatives of a set asks about both and is not judged on that set. A price claim (``plains``: the
    claims' texts) that itself names another alternative, outside brackets, and not the question's, with a value of
    a sentence naming it, is flagged whatever the passage sentences name, unless a claim of the answer names the
    question's: "£195, the £210 weekend price less the £15 over-65 discount" for weekday hire, though the discount's
    sentence says "weekday"."""
    out: dict[int, tuple[str, str]] = {}
    question = _asked_cases(question)
    for case_set in _SETS:
        asked = [(name, pat) for name, pat in case_set if pat.search(question)]
        if len(asked) != 1:
            continue
        name, mine = asked[0]
        others = [(n, p) for n, p in case_set if n != name]
        for index, plain in enumerate(plains if not any(mine.search(p) for p in plains) else ()):
            if not any(q.kind == "currency" for q in tx.quantities(plain)):
                continue  # "Yes, juniors ... are welcome on adult nights" names a case as who may come
            own = _ASIDE.sub(" ", plain)  # "£5 per session (members pay £3)": the other case as an aside
            said = next(((n, p) for n, p in others if p.search(own)), None)
            if said and not mine.search(plain) and any(said[1].search(s) for sentences in claims[index]
                                                       for s in sentences):
                out.setdefault(index, (name, said[0]))
        if any(mine.search(s) for values in claims for sentences in values for s in sentences):
            continue
        for index, values in enumerate(claims):
            for sentences in values:
                named = [next((n for n, p in others if p.search(s)), None) for s in sentences]
                if index not in out and named and all(named):
                    out[index] = (name, str(named[0]))
    # "Yes, on Saturday mornings until 12 noon" answers a weekend question from "Monday to Friday, plus Saturday
    # mornings": a claim naming a day of the asked case answers that case
    return {i: case for i, case in out.items()
            if not (i < len(plains) and (days := _CASE_DAYS.get(case[0])) and days.search(plains[i]))}


_CASE_DAYS = {"weekend": re.compile(r"\b(?:saturday|sunday)s?\b", re.IGNORECASE),
              "weekday": re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday)s?\b", re.IGNORECASE)}


_DENIES = re.compile(r"^\s*no\b|\bonly\b|\bnot\b|n't\b|\bnever\b|\bno\s+\w+", re.IGNORECASE)


def sibling_subject(question: str, claims: Sequence[str]) -> str | None:
    """Why an answer does not answer for the place or thing the question names: what it says about the question's
    topic it says of a sibling the passages set beside it ("the Frome shop" for "the Bath shop"), and no sentence
    naming the asked one touches that topic. "Is there anywhere to park at the Bath shop?" answered with "... Free
    parking is available behind the Frome shop" (the passage, copied out, was committed). A sentence denying
    or restricting ("only the Bath shop has a café") may name the sibling on purpose and is not judged."""
    for m in re.finditer(r"\b([A-Z][a-z]+)\s+([a-z]{3,})\b", question):
        name, noun = m.group(1), m.group(2)
        if name.lower() in tx.MONTHS or name.lower().rstrip("s") in bands.DAYS or m.start() == 0:
            continue
        topic = tx.question_focus(question) - {tx.stem(noun), tx.stem(name.lower())}
        own = {w for c in claims if tx.name_in(name, c) for w in tx.content_stems(c) & topic}
        for claim in claims:
            sibling = re.search(rf"\b(?!{re.escape(name)}\b)([A-Z][a-z]+)\s+{re.escape(noun)}\b", claim)
            told = tx.content_stems(claim) & topic - own
            if sibling and sibling.group(1) in tx.names(claim) and not tx.name_in(sibling.group(1), question) \
                    and told and not tx.name_in(name, claim) \
                    and not _DENIES.search(claim):  # a name, not a sentence's first word ("Spring workshop places")
                return (f"the answer says {', '.join(sorted(told))} of the {sibling.group(1)} {noun}, not the {name} "
                        f"{noun} the question asks about")
    return None
