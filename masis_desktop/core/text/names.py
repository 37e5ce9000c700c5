"""Names and codes a claim commits to, and what a question asks about.

A name absent from the cited chunk is found by code, not by asking the 1.5B critic (see MODELS.md). Names are
capitalised words not opening a sentence, acronyms, CamelCase and codes such as "Q3" or "HR-POL-014", compared
case-insensitively against the evidence's words (plural and possessive tolerant, a numbered label inside a run of
them: "Under-10s" in "Under-9s to Under-12s"). A question's focus is its content words less the names it is about,
its numbers and the words that only frame a question ("how much", "these days").
"""

from __future__ import annotations

import re
from functools import lru_cache

from masis_desktop.core.text.dates import MONTHS, RELATIVE_TIME, WEEKDAYS
from masis_desktop.core.text.quantities import DOTTED_CODE, UNITS
from masis_desktop.core.text.words import NUMBER_WORDS, STOPWORDS, stem, wordlist, words

_COMMON_CAPITALISED = wordlist("""
the a an this that these those it its in on at for to of by with from as and or but if when while after before
however overall additionally also therefore thus furthermore moreover meanwhile finally first second third according
based both each some most many all any every several currently previously today yes no note notably specifically in-
addition yet still although though because since so there here their they we our you your he she his her i my me one
two three four five six seven eight nine ten total between during under over about around approximately roughly
nearly almost only just even per other another such given key main summary answer evidence source sources question
documents document policy report memo ok okay
""")
_NAME_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9'’]*(?:[-/][A-Za-z0-9]+)*")


# Verbs and quantifiers of how questions are asked, not of what they ask about.
_QUESTION_FRAME = wordlist("""
get gets got much many long often far use uses used need needs have has do does happen take takes give gives make
makes say says report reports plan plans new current currently exactly actually kind type
difference differ total combined sum change changed increase increased decrease decreased grow grew growth rise
rose fall fell ratio average compare compared longer shorter higher lower bigger smaller
name named date dated firm company price priced cost costs worth due carry carries amount value figure period
duration length
""")
# The last two lines: words naming the kind of value asked for ("which firm", "what date", "the name of"); a passage
# states the value itself ("Calder Civils", "3 February 2025"), rarely the word.


_CONTRACTION = re.compile(r"['’](?:s|m|re|ll|d|ve)$")
# an age is the question's condition, not what it asks about: "my 9 year old", "a 13-year-old" (their "year"
# and "old", which no passage writing "ages 8 to 11" uses, would send right answers to the answerability check)
AGE_PHRASE = re.compile(r"\b(?:\d{1,3}|[a-z]+)[- ](?:year|yr)s?[- ]olds?\b|\b\d{1,3}\s+years?\s+old\b", re.IGNORECASE)


def question_focus(question: str) -> set[str]:
    """Stems of what a question asks about ("net profit", "list price"): its content words minus the names it
    is about (companies, products, places), numbers, the words that only frame a question and when it is asked
    ("these days", "last year")."""
    named = {stem(w) for n in names(question) for w in words(n)}
    out: set[str] = set()
    for w in words(AGE_PHRASE.sub(" ", RELATIVE_TIME.sub(" ", question))):
        # "what's", "we're", "I'm" are stopwords; "per-head" is its parts, which ``words`` also gives
        base = _CONTRACTION.sub("", w)
        if base in STOPWORDS or w in _QUESTION_FRAME or w in NUMBER_WORDS or len(w) < 3 or "-" in w or any(
                c.isdigit() for c in w):
            continue
        st = stem(w)
        if st not in named and st not in _QUESTION_FRAME:
            out.add(st)
    return out


# A person-like name: two or more capitalised words ("Maren Solbak", "Teodoro Valcárcel Imaz"); places and
# products match too ("Wharf Lane"), so callers that need a person compare these among themselves only.
PERSON = re.compile(r"\b[A-ZÀ-ÖØ-Þ][^\W\d_]+(?:[ -][A-ZÀ-ÖØ-Þ][^\W\d_]+)+\b")


# A capitalised role ("Principal Dentist", "French Coordinator") matches the name pattern but is no rival to a
# person: offered as an option, it crowds out the right name ("Dr. Tomasz Ellery, Principal Dentist").
ROLE_WORDS = frozenset({
    "dentist", "hygienist", "endodontist", "orthodontist", "surgeon", "doctor", "physician", "nurse", "therapist",
    "pharmacist", "optician", "manager", "coordinator", "director", "lead", "leader", "head", "officer", "consultant",
    "assistant", "secretary", "chair", "chairman", "chairperson", "president", "treasurer", "administrator",
    "supervisor", "engineer", "technician", "teacher", "instructor", "coach", "trainer", "tutor", "lecturer",
    "professor", "principal", "dean", "registrar", "receptionist", "accountant", "controller", "analyst", "advisor",
    "adviser", "specialist", "mechanic", "chef", "captain", "warden", "editor", "founder", "owner", "partner",
    "member", "representative", "agent", "clerk", "inspector", "auditor", "counsel", "attorney", "solicitor",
    "architect", "designer", "developer", "scientist", "researcher", "curator", "librarian", "steward", "ranger",
    "guide", "planner", "organiser", "organizer", "producer", "conductor",
    # trades of the small businesses users ask about ("which resident artist")
    "artist", "stylist", "barber", "groomer", "framer", "surveyor", "driver", "farrier", "plumber", "electrician",
    "cleaner", "arborist", "upholsterer", "caterer", "photographer", "vet", "veterinarian", "nutritionist"
})


def names(text: str) -> list[str]:
    """Proper names and codes a claim commits to: capitalised words not opening the sentence, acronyms,
    CamelCase and letter-digit codes ("Q3", "HR-POL-014"). Sentence-initial words count only when they cannot
    be ordinary words (acronym, CamelCase, code, weekday), or when the claim is that one word."""
    out: list[str] = []
    sentence_start = True
    for m in _NAME_TOKEN.finditer(text):
        tok = m.group(0).rstrip("'’").removesuffix("'s").removesuffix("’s")
        prev = text[: m.start()].rstrip()
        if prev.endswith((".", "!", "?", ":", "\n", "•", "-", "*", '"', "(")) or not prev:
            sentence_start = True
        low = tok.lower()
        if low in UNITS or (m.start() > 0 and text[m.start() - 1].isdigit()):
            sentence_start = False
            continue  # units ("MB", "NOK") are checked as quantities, not names
        if tok.islower() and "-" in tok and tok.split("-")[0] in STOPWORDS:
            sentence_start = False
            continue  # "to-10-mile" of "the 4-to-10-mile zone": a range's words, no code
        has_digit = any(c.isdigit() for c in tok)
        acronym = len(tok) >= 2 and tok.isupper() and tok.isalpha() and low != "ok"  # "Is that OK?" names nothing
        camel = bool(re.search(r"[a-z][A-Z]", tok))
        capital = tok[0].isupper()
        # a weekday is never an ordinary word: "Wednesday noon." commits to Wednesday
        strong = (has_digit and any(c.isalpha() for c in tok)) or acronym or camel or (capital and low in WEEKDAYS)
        if strong or (capital and not sentence_start and low not in _COMMON_CAPITALISED):
            out.append(tok)
        sentence_start = False
    out.extend(m.group(0) for m in DOTTED_CODE.finditer(text))
    if not out:  # a one-word claim ("Concur.") is the name it commits to, even though it opens the sentence
        tokens = [m.group(0).rstrip("'’") for m in _NAME_TOKEN.finditer(text)]
        if len(tokens) == 1 and tokens[0][0].isupper() and tokens[0].lower() not in _COMMON_CAPITALISED \
                and tokens[0].lower() not in UNITS:
            out.append(tokens[0])
    return out


@lru_cache(maxsize=4096)
def _word_set(text: str) -> frozenset[str]:
    base = set(words(text))
    return frozenset(base | {stem(w) for w in base})


def name_in(name: str, text: str) -> bool:
    """Whether ``name`` occurs in ``text`` as words (case-insensitive, plural/possessive tolerant)."""
    pool = _word_set(text)
    parts = [p for p in re.split(r"[-/\s]", name.lower()) if p]
    if not parts:
        return True
    if len(parts) > 1 and name.lower() in text.lower():
        return True
    if len(parts) > 1 and name.lower().endswith("s") and re.search(
            r"(?<![\w-])" + r"[-\s]".join(re.escape(p) for p in re.split(r"[-\s]", name.lower()[:-1])) + r"(?![\w-])",
            text.lower()):
        return True  # "under-13s" in "our under-11, under-13 and under-15 teams", "under-8s" in "children under 8"
    if re.fullmatch(r"(?=\w*\d)(?=\w*[^\W\d_])\w+", name):
        # a code such as "X2" or "R290": the word index splits letters from digits, so match the code whole
        # ("X3" must not pass on a page that says "X2" and "3 kW")
        return re.search(rf"(?<![^\W_]){re.escape(name.lower())}(?![^\W_])", text.lower()) is not None
    if all(p in pool or stem(p) in pool or p + "s" in pool for p in parts):  # "DJ" in "Velvet Needle DJs"
        return True
    return in_label_range(name, text)


_NUMBERED = re.compile(r"([A-Za-z]+)[- ]?(\d{1,3})s?")


def in_label_range(name: str, text: str) -> bool:
    """Whether ``text`` names a run of numbered labels holding ``name``: "Under-10s" in "Under-9s to Under-12s"
    (without it, right answers were refused as never mentioning the age group the question named)."""
    m = _NUMBERED.fullmatch(name)
    if m is None:
        return False
    prefix, number = re.escape(m.group(1)), int(m.group(2))
    run = re.compile(rf"(?<![\w-]){prefix}[- ]?(\d{{1,3}})s?\s*(?:[-–—]|to|through)\s*(?:{prefix}[- ]?)?(\d{{1,3}})s?"
                     rf"(?![\w-])", re.IGNORECASE)
    return any(int(r.group(1)) <= number <= int(r.group(2)) for r in run.finditer(text))


# A version or release code the question names whole: "v5.1", "9.x", "R2.3" (the word tokens would split it).
_VERSION_CODE = re.compile(r"(?<![\w.])[A-Za-z]{0,3}\d+(?:\.(?:\d+|x))+(?![\w]|\.\d)")
_FISCAL = re.compile(r"^FY\s?(\d{2}|\d{4})$", re.IGNORECASE)


_FIRST_PERSON = re.compile(r"I(?:['’](?:ll|m|ve|d))?")  # "I'll end up paying": the asker, no name


# "Italian-language tours", "London-based": the name is its capitalised part ("Italian-language" is in no
# passage that offers "Italian tours")
_NAME_COMPOUND = re.compile(r"([A-Z][a-z]+)(?:-[a-z]+)+")


def question_names(question: str) -> list[str]:
    """The names and codes a question is about, whole: "Northgate", "Plus", "v5.1", "FY2024" (months are dates,
    which ``states_date`` checks; a bare number such as "4.0" is a quantity)."""
    codes = [m.group(0) for m in _VERSION_CODE.finditer(question) if any(c.isalpha() for c in m.group(0))]
    found = [m.group(1) if (m := _NAME_COMPOUND.fullmatch(n)) else n for n in names(question)]
    out = codes + [n for n in found if n.lower() not in MONTHS and not _FIRST_PERSON.fullmatch(n)
                   and not any(c.startswith(n) and c != n for c in codes)]
    return list(dict.fromkeys(out))


def name_stated(name: str, text: str) -> bool:
    """Whether ``text`` writes ``name`` as a name: a capitalised name must occur capitalised ("Plus" is not the
    "plus" of "plus partner spas"); codes occur whole; "FY2024" is also "fiscal year 2024"."""
    if fiscal := _FISCAL.match(name):
        year = fiscal.group(1)
        long = year if len(year) == 4 else "20" + year
        return re.search(rf"\b(?:FY\s?(?:{long}|{long[2:]})|fiscal\s+year\s+{long})\b", text, re.IGNORECASE) is not None
    if _VERSION_CODE.fullmatch(name):
        return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w]|\.\d)", text, re.IGNORECASE) is not None
    if not name_in(name, text):
        return False
    if not name[:1].isupper() or name.isupper() or in_label_range(name, text):
        return True
    core = name[:-1] if name.endswith("s") and len(name) > 3 else name  # "DVDs" is stated by "DVD"
    return re.search(rf"\b{re.escape(core[:1])}(?i:{re.escape(core[1:])})", text) is not None


def file_stem(document: str) -> str:
    """A document's file name without its folder and extension ("licenses/GFDL-1.3.txt" -> "GFDL-1.3"): the name a
    passage's title gives its document."""
    name = re.split(r"[\\/]", document)[-1]
    return name.rsplit(".", 1)[0] if "." in name.strip(".") else name
