"""Answer-level checks: an answer that states nothing, and what the question asks that the answer leaves out.

A small writer that cannot find the answer echoes the question, loops on a phrase, copies a passage heading first or
says the passages "partly cover" a question that asks one thing; every word is then "supported", so the sentence
checks pass and only these catch it (``answer.*``). Given a committed answer, the question's numbers and names the
cited passages never mention (``focus.*``), the kind of value the question asks for and the answer lacks
(``asked.*``, tried in registry order, first finding wins) and an answer sharing nothing with its question
(``answer.off_topic``) are ``incomplete``. Each runs only when the selection switches it on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import (
    bare_duration,
    missing_amount,
    missing_contact,
    missing_duration,
    missing_name,
    missing_person,
    missing_size,
    missing_time,
    other_day,
    outside_period,
    sibling_subject,
    subject_without_value,
)
from masis_desktop.core.checks.documents import other_document
from masis_desktop.core.checks.facts import ADDRESS
from masis_desktop.core.checks.findings import INCOMPLETE_FACTOR, Finding
from masis_desktop.core.checks.focus import (
    elsewhere_focus,
    elsewhere_priced,
    missing_focus,
    unasked_focus,
    unasked_names,
    unasked_numbers,
    unbound_names,
    unbound_numbers,
)
from masis_desktop.core.checks.packs.business_pages import ASKS_VALUE
from masis_desktop.core.checks.packs.case_bands import denies_band
from masis_desktop.core.checks.packs.people import person_name
from masis_desktop.core.checks.registry import Selection
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import NEGATION, OPENS_NO, Source, derived_forms
from masis_desktop.core.schemas import ClaimCheck, IssueType

FOCUS_FACTOR = 0.9  # the question's words missing from the cited passages: a hint, not a finding
NON_ANSWER_FACTOR = 0.0  # an answer that states nothing has nothing to be confident about
ANSWER_WORDS = frozenset({"yes", "no", "not", "none", "never", "nobody", "nothing"})
OFF_TOPIC_MIN_WORDS = 8  # a short factual answer ("100 MB") may share no word with its question
# what a question asks for, and the answer that gives one: an answer in other words than the question's still
# addresses it ("how much ... after work, like 7pm?" with "Pay and play after 17:00 costs £16 per hour")
_ASKS_PRICE = re.compile(r"\b(?:how\s+much|cost|costs|price|prices|fee|fees|charge|charges|rate|rates)\b", re.I)
_ASKS_ADDRESS = re.compile(r"\b(?:e-?mail|website|web\s+address)\b", re.I)
_ASKS_WHO = re.compile(r"\bwho(?:m|se)?\b", re.I)
_FULL_NAME = re.compile(r"\b[A-Z][a-z'’-]+\s+[A-Z][a-z'’-]+\b")
# a yes/no question (a clause of it opens with an auxiliary verb: "My daughter is 9 — can she join?") and an
# answer opening with its verdict
ASKS_YES_NO = re.compile(r"(?:^|[—–,;:?.!]\s*)(?:can|could|may|might|is|are|am|was|were|do|does|did|will|would"
                         r"|should|shall|has|have|had)\b", re.I)
OPENS_VERDICT = re.compile(r"^\s*(?:yes|no)\b\s*[,.;:!—–-]\s*", re.I)
_ASKS_TIME = re.compile(r"\b(?:when|what\s+time|how\s+long|how\s+late|how\s+early|until|till)\b", re.I)


def gives_asked_kind(question: str, answer: str) -> bool:
    """Whether ``answer`` gives the kind of thing ``question`` asks for: a price, an email or web address, a
    person's name, a time or duration, a verdict ("No. Under-10s are not admitted" for "My daughter is 9 — can
    she join us?", once refused). Right answers such as "Bookings are handled by Lena Voss ..." and
    "The owner is Isla Marchetti, at hello@..." share no content word with "Who do I speak to about booking ...?"
    or "who owns ... and what's their email?"; whether the value is the right one is every other check's business."""
    found = tx.quantities(answer)
    return bool(
        (_ASKS_PRICE.search(question) and any(q.kind == "currency" for q in found))
        or (_ASKS_ADDRESS.search(question) and ADDRESS.search(answer))
        or (_ASKS_WHO.search(question) and any(person_name(m.group(0)) and not bands.weekdays(m.group(0))
                                               for m in _FULL_NAME.finditer(answer)))
        or (_ASKS_TIME.search(question) and any(q.kind in ("clock", "time") for q in found))
        or (ASKS_YES_NO.search(question) and OPENS_VERDICT.search(answer)))


def _day_denied(name: str, answer: str, cited: Sequence[str]) -> bool:
    """Whether the question's weekday is answered by its absence: an answer opening "No" over passages that name
    the days something happens ("Is The Shipwreck open on Wednesdays?" over "open Friday to Sunday only";
    the right "No" was refused as never mentioning Wednesdays)."""
    return bool(OPENS_NO.match(answer)) and len(name) > 3 and name.lower().rstrip("s") in bands.DAYS and any(
        bands.days_in(text) for text in cited)


def restates_question(claims: Sequence[str], question: str) -> bool:
    """Whether the claims (citations stripped) say nothing the question did not already say.

    A small writer that cannot find the answer often echoes the question as a statement ("The bounty was paid to
    the researcher who reported INC-2024-021 [c27].", "The default codec in 3.2 is [c12].") or emits only
    citation markers. Every word is then "supported", so the fact checks pass; this rule catches it: no content
    word, number or yes/no beyond the question's own means no answer.
    """
    if tx.is_polar(question):
        return False  # "Does the Plus membership include 24-hour access?" - "It includes 24-hour access": yes
    said: set[str] = set()
    for text in claims:
        said |= tx.content_stems(text)
        said |= {w for w in tx.words(text) if w in ANSWER_WORDS}
        said |= new_literals(text, question)
    return not (said - tx.content_stems(question)) and not chooses_alternative(said, question)


# a quoted literal: a value in code or configuration ("(',', ': ')", "' [...]'"), which may hold no word at all
_LITERAL = re.compile(r"(?<!\w)(?:'[^'\n]{1,40}'|\"[^\"\n]{1,40}\"|`[^`\n]{1,40}`)(?!\w)")


# an unquoted token with an operator or path character: "%o", "**", "/var/lock", "a@b.org", "x != y"'s "!="
_SYMBOL = re.compile(r"[%*/\\<>=&|^~@#+]")
_WORD_PAIR = re.compile(r"[^\W\d_]+(?:/[^\W\d_]+)+")  # "and/or", "he/she": words, not a path
_OPENING = "([{\"'`"
_CLOSING = ".,;:!?)]}\"'`"


def new_literals(claim: str, question: str) -> set[str]:
    """The literals of a claim that its question does not write: what an answer about code or settings states when
    its value is punctuation or a symbol (json's separators, textwrap's placeholder, the octal format ``%o``, a
    path). Quoted, or an unquoted token holding an operator or path character; such a token has no word for the
    content stems to count, so without it "The octal conversion is %o" reads as the question restated."""
    found = {m.group(0) for m in _LITERAL.finditer(claim) if m.group(0) not in question}
    for raw in claim.split():
        token = raw.lstrip(_OPENING).rstrip(_CLOSING)
        if _SYMBOL.search(token) and not _WORD_PAIR.fullmatch(token) and token not in question:
            found.add(token)
    return found


_OR = re.compile(r"\bor\b", re.IGNORECASE)
_ALTERNATIVE_END = re.compile(r"[?,;:]")


def chooses_alternative(said: set[str], question: str) -> bool:
    """Whether an answer built from the question's own words picks one of the alternatives the question offers
    ("Which magazine was started first, Arthur's Magazine or First for Women?" - "Arthur's Magazine"): the words
    after the last "or" (up to the question mark or a comma) are one alternative, as many words before it the
    other (at most: the question's frame may precede it); the answer shares words with exactly one of them, once
    the words both share and the frame's words ("Which magazine was started") are set aside. That is an answer,
    right or wrong, not an echo; which alternative is right is for the other checks to judge."""
    found = list(_OR.finditer(question))
    if not found:
        return False
    last = found[-1]
    after = _ALTERNATIVE_END.split(question[last.end():], maxsplit=1)[0]
    right_words = tx.words(after)
    if not right_words:
        return False
    before = tx.words(_ALTERNATIVE_END.split(question[:last.start()])[-1])
    left_words, frame_words = before[-len(right_words):], before[:-len(right_words)]
    right, left = tx.content_stems(" ".join(right_words)), tx.content_stems(" ".join(left_words))
    frame = tx.content_stems(" ".join(frame_words))
    right, left = right - left - frame, left - right - frame
    return bool(said & left) != bool(said & right)


# a question asking two things ("What are the prices, and how do I book?"), which a partial answer may serve;
# a follow-up on the same thing ("Will I have to pay to park, and how much?") asks one
_TWO_ASKS = re.compile(r"\?.*\?|\b(?:and|also|plus)\s+(?:what|when|where|who|whom|which|whether|is|are|do|does|can|"
                       r"could|should|will|would|how\s+(?:do|does|can|could|should|would|to|often|far|old))\b",
                       re.IGNORECASE | re.DOTALL)


def partial_non_answer(question: str, answer: str) -> bool:
    """Whether the writer says the passages only partly cover a question that asks one thing. What it writes
    around that statement is often related text rather than the answer (the socks' price for "How much are the
    teddy bears?"), but in answer mode about two hedged drafts in five carried the right answer after the hedge
    (``measured.json``, ``answer_mode``), so by default the finding only lowers confidence."""
    return "partially cover" in answer.lower() and not _TWO_ASKS.search(question)


COPIED_MIN = 3  # claims copied word for word, the passage's heading line among them, that make a dump


def _folded(text: str) -> str:
    return " ".join(re.sub(r"[^\w£$€%:–-]+", " ", text.lower()).split())


def copies_passage(claims: Sequence[str], sources: Sequence[Source]) -> str | None:
    """The id of the passage an answer copies sentence by sentence, its heading line first, instead of answering:
    "Emberwick Glass Studio – Weekend Courses [c27]. Beginners' Gather & Shape: two consecutive Saturdays, ...
    [c27]. Intermediate Colour & Cane: ... [c27]." for "Is there a student discount on the Beginners' course?"
    (or a made-up heading before copied opening hours: the 0.5B writer's way of not knowing).
    At least ``COPIED_MIN`` claims are an evidence passage's sentences word for word, one of them its heading
    line, whatever they cite (the writer copying one passage may cite its neighbour's id)."""
    copied: dict[str, int] = {}
    headed: set[str] = set()
    folded = {src.id: [_folded(line) for line in src.lines] for src in sources}
    for plain in claims:
        said = _folded(plain)
        for src in sources:
            lines = folded[src.id]
            if said and said in lines:
                copied[src.id] = copied.get(src.id, 0) + 1
                if said == lines[0]:
                    headed.add(src.id)
    return next((cid for cid, n in copied.items() if n >= COPIED_MIN and cid in headed), None)


def _bridged(asked: set[str], said: set[str], lines: Sequence[str]) -> bool:
    """Whether a cited sentence joins the answer's words to the question's: one writing at least half of the answer's
    content words and one of the question's. "Natural fibres (cotton or wool), long trousers and leather boots"
    shares no word with "What should I wear?", but its passage writes "Wear natural-fibre clothing (cotton or wool),
    long trousers and leather boots" (two right answers were refused as not addressing the question)."""
    for line in lines:
        stems = tx.content_stems(line)
        if asked & stems and 2 * len(said & stems) >= len(said):
            return True
    return False


# a clause that denies or restricts: "spirits aren't allowed", "the lead wall is closed until 2pm", "but not
# medicines", "for wedding cakes only"
_DENIAL = re.compile(NEGATION.pattern + r"|\bno\b|\bnone\b|\bonly\b|\bexcept\b|\bcannot\b|\bclosed\b|"
                     r"\bunavailable\b|\bexcluding\b|\bbanned\b|\bforbidden\b|\bprohibited\b", re.IGNORECASE)


def denial_confirms(question: str, claim: str, cited: Sequence[Source]) -> str | None:
    """The cited clause a claim opening "No" rests on, if any, one that denies or restricts what the question asks
    about: the clause writes a denial and shares a content word with the claim, and its sentence shares a focus word
    with the question ("... bring their own wine, but spirits aren't allowed"). The passage then speaks to the question,
    and its answer is a denial the critic model's reading task would not write: past evaluation sets refused 18 of
    23 right "No" answers, 7 of them as not answering the question at all (P(yes) 0.10-0.37) and others by the
    likelihood of their words (-9 to -37)."""
    if not OPENS_NO.match(claim):
        return None
    focus = tx.question_focus(question)
    said = tx.content_stems(OPENS_VERDICT.sub("", claim))
    for src in cited:
        for line in src.lines:
            for clause in bands.clauses(line):
                if not _DENIAL.search(clause):
                    continue
                if focus & tx.content_stems(line) and said & tx.content_stems(clause):
                    return clause
    return None



# a table-of-contents or index entry: dot leaders, or a section number and a page number with no sentence end
_LEADERS = re.compile(r"(?:\s*\.){4,}|…")
_SECTION_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+\S")
_PAGE_NUMBER = re.compile(r"\s+\d{1,4}\s*$")
_SENTENCE_END = (".", "!", "?", ":", ";")
TITLE_MAX_WORDS = 12


def label_lines(src: Source) -> set[str]:
    """The lines of a chunk that label rather than state, folded: table-of-contents and index entries (their page
    number dropped) and a short first line without a sentence end (a title or heading) followed by more text. A
    first line whose next line goes on in lower case is the start of a wrapped sentence, not a title: a chunk may
    begin at a command set on its own line ("dpkg-source -x foo.dsc" / "will extract the package ..."), which is
    then the answer, not a heading."""
    raw = [line.strip() for line in src.text.splitlines() if line.strip()]
    out: set[str] = set()
    for i, line in enumerate(raw):
        leaders = _LEADERS.search(line)
        if leaders or (_SECTION_NUMBER.match(line) and _PAGE_NUMBER.search(line)
                       and not line.rstrip().endswith(_SENTENCE_END)):
            entry = line[:leaders.start()] if leaders else _PAGE_NUMBER.sub("", line)
            out.add(_folded(entry))
        elif i == 0 and len(raw) > 1 and not line.endswith(_SENTENCE_END) and len(line.split()) <= TITLE_MAX_WORDS \
                and not raw[1][:1].islower():
            out.add(_folded(line))
    out.discard("")
    return out


# a colon that ends a line: what it introduces (a command, a value, a list) stands on the lines after it
_INTRODUCES = r"\s*:[ \t\u00a0]*\n"
_TOKEN = re.compile(r"[\w'’-]+")


def stops_before_value(claim: str, cited: Sequence[str]) -> bool:
    """Whether a claim sentence (citations stripped) ends where a cited passage goes on, after a colon and a line
    break, to what it introduces: "To list the files of a package, run [c4]." copied from "run:" over a command on
    its own indented line. Manuals set commands, values and lists apart so; a writer copying the sentence stops at
    the line break, and every word it wrote is in the passage, so only this reading sees that it states nothing."""
    words = _TOKEN.findall(claim)
    if len(words) < 2:
        return False
    tail = re.compile(r"(?<![\w-])" + r"\W+".join(re.escape(w) for w in words[-2:]) + _INTRODUCES, re.IGNORECASE)
    return any(tail.search(text) for text in cited)


# words that cannot end a statement: a preposition, copula, article or possessive still owes its complement
_OWES_COMPLEMENT = frozenset(("a", "an", "the", "is", "are", "was", "were", "be", "by", "of", "to", "from", "with",
                              "than", "as", "via", "per", "for", "at", "called", "named", "its", "their", "his",
                              "her", "our", "your"))


def ends_owing_value(claim: str) -> bool:
    """Whether a claim sentence (citations stripped) stops on a word that still owes its complement: "... a film
    directed by [c91].", "The tag that reports it is [c592]." The writer let the citation marker stand where the
    value belongs, so the sentence states nothing, however many of its words the passage holds. Particles that can
    end a statement ("switched on", "opted in") are not in the list, and a verdict is a statement ("Yes, it is.")."""
    words = _TOKEN.findall(claim)  # as written: "20 A" and "dB(A)" end on a unit, not an article
    return len(words) >= 2 and words[-1] in _OWES_COMPLEMENT and not ANSWER_WORDS.intersection(
        w.lower() for w in words)


def has_substance(claim: str, question: str, labels: set[str]) -> bool:
    """Whether a claim sentence (citations stripped) states anything: a content word, a number or a yes/no beyond a
    restatement of a non-polar question, and is not a copy of a title, heading or contents line."""
    said = tx.content_stems(claim)
    verdict = {w for w in tx.words(claim) if w in ANSWER_WORDS}
    if not said and not verdict and not tx.quantities(claim) and not new_literals(claim, question):
        return False
    folded = _folded(_PAGE_NUMBER.sub("", _LEADERS.split(claim)[0]))
    if folded and folded in labels:
        return False
    return tx.is_polar(question) or bool(verdict) or bool(said - tx.content_stems(question)) or bool(
        tx.quantities(claim)) or chooses_alternative(said, question) or bool(new_literals(claim, question))


# --- running them ------------------------------------------------------------------------------------------------


@dataclass
class AnswerGaps:
    """What the answer-level checks read: the question, the answer's claim sentences and what they cite."""

    question: str
    answer: str
    plains: list[str]  # the claim sentences without citation markers
    cited_texts: list[str]
    cited_about: list[str]  # the cited chunks' titles ("about" lines)
    cited_lines: list[str]
    uncited_texts: list[str]  # evidence chunks no claim cites
    by_id: dict[str, Source]
    claims: list[ClaimCheck]
    plain_of: dict[int, str]
    sources: list[Source]

    @property
    def claimed(self) -> str:
        return " ".join(self.plains)


@dataclass
class AnswerOutcome:
    non_answer: bool
    findings: list[Finding] = field(default_factory=list)


def loop_finding(looped: str, answer: str) -> Finding:
    return Finding(IssueType.INCOMPLETE, 0.9, f'the answer writes "{looped}" over and over: it states no answer',
                   answer[:200], f'state what the passages say, or write only: "{tx.ABSTAIN}"', None,
                   NON_ANSWER_FACTOR, True, False, check="answer.loop")


def _non_answer(g: AnswerGaps, sel: Selection) -> tuple[bool, Finding | None]:
    looped = tx.repeated_phrase(g.answer) if sel.enabled("answer.loop") else None
    restates = sel.enabled("answer.restates") and restates_question(g.plains, g.question)
    # a dump of a passage missing what a yes/no question asks about ("Is there a student discount?"), or most of
    # any question's words, answers nothing; one using them may be the answer ("Which weekend courses are there?")
    dump = copies_passage(g.plains, g.sources) if sel.enabled("answer.copies_passage") else None
    if dump and not (((tx.is_polar(g.question) or ASKS_VALUE.search(g.question))
                      and missing_focus(g.question, [g.by_id[dump].text]))
                     or unasked_focus(g.question, [g.by_id[dump].text])):
        dump = None
    partial = sel.enabled("answer.partial") and partial_non_answer(g.question, g.answer)
    labels = {line for src in g.sources for line in label_lines(src)}
    # a hedge states no content even when the writer cites it ("The evidence partially covers this question. [c19]")
    empty = sel.enabled("answer.no_content") and not any(
        has_substance(p, g.question, labels) and not stops_before_value(p, g.cited_texts)
        and not ends_owing_value(p)
        for p in g.plains if not tx.is_hedge(p))
    non_answer = restates or dump is not None or partial or empty
    if not (looped or non_answer):
        return False, None
    if looped:
        return non_answer, loop_finding(looped, g.answer)
    # the checks that never ship come first: a hedge (which may only lower confidence) must not hide them
    description, check = (
        (f"the answer copies [{dump}] sentence by sentence: it states no answer", "answer.copies_passage") if dump
        else ("the answer only restates the question: it states no answer", "answer.restates") if restates
        else ("the answer has no sentence of content (only citation markers, a restated question, a copied "
              "title, heading or contents line, a sentence that stops where the passage's value begins after a "
              "colon, or one that ends on a word owing its value): it states no answer", "answer.no_content") if empty
        else ("the answer says the passages only partly cover a question that asks one thing: it states no answer "
              "to it", "answer.partial"))
    return non_answer, Finding(IssueType.INCOMPLETE, 0.9, description, g.answer[:200],
                               f'state what the passages say, or write only: "{tx.ABSTAIN}"', None,
                               NON_ANSWER_FACTOR, True, False, check=check)


def _missed(g: AnswerGaps, sel: Selection) -> list[tuple[str, list[str]]]:
    """The question's numbers, names and focus words the cited passages never mention, per check."""
    found: list[tuple[str, Callable[[], list[str]]]] = [
        ("focus.unasked_numbers", lambda: unasked_numbers(g.question, g.cited_texts)),
        ("focus.unasked_names", lambda: [n for n in unasked_names(g.question, g.cited_texts, g.cited_about)
                                         if not _day_denied(n, g.claimed, g.cited_texts)]),
        ("focus.unbound_names", lambda: unbound_names(g.question, g.claims, g.plain_of, g.by_id)),
        ("focus.unbound_numbers", lambda: unbound_numbers(g.question, g.claims, g.plain_of, g.by_id)),
        ("focus.other_document", lambda: other_document(
            g.question, [g.by_id[cid].document for c in g.claims for cid in c.citations if cid in g.by_id],
            g.cited_texts, [s.document for s in g.sources])),
        ("focus.elsewhere", lambda: elsewhere_focus(g.question, g.cited_texts + g.cited_about, g.uncited_texts)),
        ("pack.prices.elsewhere_priced", lambda: elsewhere_priced(g.question, g.plains, g.cited_texts + g.cited_about,
                                                                  g.uncited_texts)),
    ]
    return [(cid, items) for cid, run in found if sel.enabled(cid) and (items := run())]


def _gap(g: AnswerGaps, sel: Selection) -> tuple[str, str] | None:
    """The first asked-for kind of value the answer lacks, in registry order."""
    claimed = g.claimed
    chain: list[tuple[str, Callable[[], str | None]]] = [
        ("asked.missing_contact", lambda: missing_contact(g.question, claimed)),
        ("asked.missing_amount", lambda: missing_amount(g.question, claimed)),
        ("asked.missing_time", lambda: missing_time(g.question, claimed)),
        ("pack.schedules.other_day", lambda: other_day(g.question, claimed)),
        ("asked.missing_duration", lambda: missing_duration(g.question, claimed)),
        ("asked.bare_duration", lambda: next(filter(None, (bare_duration(p) for p in g.plains)), None)),
        ("asked.missing_person", lambda: missing_person(g.question, claimed)),
        ("asked.missing_size", lambda: missing_size(g.question, claimed)),
        ("asked.missing_name", lambda: missing_name(g.question, claimed, g.cited_texts)),
        ("asked.outside_period", lambda: outside_period(g.question, g.cited_texts)),
        ("asked.subject_without_value", lambda: subject_without_value(
            g.question, claimed, [s.lines for s in g.sources if s.text in g.cited_texts])),
        ("asked.sibling_subject", lambda: sibling_subject(g.question, g.plains)),
        ("pack.prices.beyond_bands", lambda: None if denies_band(g.question, claimed)
         else bands.beyond_bands(g.question, g.cited_lines)),
        ("pack.prices.missing_label", lambda: bands.missing_label(g.question, g.cited_lines)),
    ]
    for cid, run in chain:
        if sel.enabled(cid) and (gap := run()):
            return cid, gap
    return None


def _off_topic(g: AnswerGaps) -> bool:
    if len(tx.content_stems(g.answer)) < OFF_TOPIC_MIN_WORDS:
        return False
    asked = tx.content_stems(g.question)
    plain = " ".join(tx.strip_citations(c.text) for c in g.claims)
    said = tx.content_stems(plain)
    return bool(asked) and not asked & said and not derived_forms(asked, said) and not gives_asked_kind(
        g.question, plain) and not _bridged(asked, said, [line for s in g.sources if s.text in g.cited_texts
                                                          for line in s.lines])


def _incomplete(description: str, answer: str, suggestion: str, check: str) -> Finding:
    return Finding(IssueType.INCOMPLETE, 0.7, description, answer[:200], suggestion, None, INCOMPLETE_FACTOR,
                   True, False, check=check)


def _focus_findings(g: AnswerGaps, sel: Selection) -> list[Finding]:
    """The first of missed focus, an asked-for gap or off-topic: what an answer that states something can miss."""
    if missed := _missed(g, sel):
        names = list(dict.fromkeys(item for _cid, items in missed for item in items))
        found = _incomplete(
            f"the cited passages never mention {', '.join(names)}, which the question asks about", g.answer,
            f'answer from a passage that states it, or write only: "{tx.ABSTAIN}"', missed[0][0])
        found.also = tuple(cid for cid, _items in missed[1:])
        return [found]
    if gap := _gap(g, sel):
        return [_incomplete(gap[1], g.answer, f'answer only with what a passage states for what was asked, or write '
                            f'only: "{tx.ABSTAIN}"', gap[0])]
    if sel.enabled("answer.off_topic") and _off_topic(g):
        return [_incomplete("the answer does not address the question", g.answer, "answer the question that was asked",
                            "answer.off_topic")]
    return []


def answer_findings(g: AnswerGaps, sel: Selection, prior: Sequence[Finding] = ()) -> AnswerOutcome:
    """The answer-level findings: a non-answer, else the first of missed focus, an asked-for gap or off-topic;
    then, unless something incomplete (here or in ``prior``, the sentence checks' findings) already forces a retry,
    the advisory hint about the question's words.

    A non-answer finding whose check only lowers confidence (a hedged draft, "The evidence partially covers this
    question." and then an answer) ends nothing: the rest of the answer meets the focus checks as any answer does."""
    non_answer, finding = _non_answer(g, sel)
    out = AnswerOutcome(non_answer)
    if finding is not None:
        out.findings.append(finding)
    ends = finding is not None and sel.refuses(finding.check)
    if not ends:
        out.findings.extend(_focus_findings(g, sel))
    out.findings = [sel.shape(f) for f in out.findings]
    if finding is not None and not ends:
        out.non_answer = non_answer = False  # a non-answer check that only lowers confidence does not end the answer
    if not non_answer and sel.enabled("focus.unasked_words") and not any(
            f.type is IssueType.INCOMPLETE and f.forces_retry for f in [*prior, *out.findings]) \
            and (unasked := unasked_focus(g.question, g.cited_texts)):
        # Advisory only (x0.9, no retry): asked in users' own words, the rule refused far more right answers than
        # it caught wrong ones.
        out.findings.append(Finding(
            IssueType.UNSUPPORTED_CLAIM, 0.3,
            f"the cited passages never use the question's words {', '.join(unasked)}: check that the answer is "
            "what was asked", g.answer[:200], f'answer from a passage that states it, or write only: "{tx.ABSTAIN}"',
            None, FOCUS_FACTOR, False, False, check="focus.unasked_words"))
    return out
