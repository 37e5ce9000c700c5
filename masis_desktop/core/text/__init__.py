"""Pure-code language helpers: sentences with offsets, bracket citations, words and stems, quantities, dates and
names.

Everything here is deterministic and fast (regular expressions, no model), because the code audit must carry the
load that a 1.5B critic cannot (see MODELS.md): a number, date or name absent from the cited chunk is found by
code, not by asking the model. The package is read as one namespace (``from masis_desktop.core import text as tx;
tx.quantities(...)``); its modules split it by what they read:

* ``sentences``: sentences with offsets, citations, hedges and the writer's abstention;
* ``words``: word tokens, stopwords, number words and the crude stemmer the matching relies on;
* ``quantities``: numbers with units, multipliers, rates and times of day, normalised for comparison;
* ``dates``: dates, date ranges, months, weekdays and when a question is asked;
* ``names``: names and codes a claim commits to, and what a question asks about.
"""

from masis_desktop.core.text.dates import (
    DATE,
    DATE_RANGE,
    MONTH_RE,
    MONTHS,
    RELATIVE_TIME,
    WEEKDAYS,
    date_key,
    in_date_range,
    states_date,
)
from masis_desktop.core.text.names import (
    AGE_PHRASE,
    PERSON,
    ROLE_WORDS,
    file_stem,
    in_label_range,
    name_in,
    name_stated,
    names,
    question_focus,
    question_names,
)
from masis_desktop.core.text.quantities import (
    CURRENCY_CODES,
    DOTTED_CODE,
    EACH,
    UNITS,
    Quantity,
    compatible,
    is_unit,
    number_words_in,
    quantities,
    rate_of,
    same_quantity,
    spoken_times,
)
from masis_desktop.core.text.sentences import (
    ABSTAIN,
    EXTRA_HEDGES,
    HEDGES,
    POLAR_QUESTION,
    SEED_HEDGES,
    CitationGroup,
    Span,
    citation_ids,
    find_citations,
    is_heading,
    is_hedge,
    is_polar,
    repeated_phrase,
    split_sentences,
    strip_citations,
)
from masis_desktop.core.text.words import (
    NUMBER_WORDS,
    STOPWORDS,
    content_stems,
    fmt_number,
    stem,
    verb_stems,
    wordlist,
    words,
)

__all__ = [
    "ABSTAIN",
    "AGE_PHRASE",
    "CURRENCY_CODES",
    "DATE",
    "DATE_RANGE",
    "DOTTED_CODE",
    "EACH",
    "EXTRA_HEDGES",
    "HEDGES",
    "MONTHS",
    "MONTH_RE",
    "NUMBER_WORDS",
    "PERSON",
    "POLAR_QUESTION",
    "RELATIVE_TIME",
    "ROLE_WORDS",
    "SEED_HEDGES",
    "STOPWORDS",
    "UNITS",
    "WEEKDAYS",
    "CitationGroup",
    "Quantity",
    "Span",
    "citation_ids",
    "compatible",
    "content_stems",
    "date_key",
    "file_stem",
    "find_citations",
    "fmt_number",
    "in_date_range",
    "in_label_range",
    "is_heading",
    "is_hedge",
    "is_polar",
    "is_unit",
    "name_in",
    "name_stated",
    "names",
    "number_words_in",
    "quantities",
    "question_focus",
    "question_names",
    "rate_of",
    "repeated_phrase",
    "same_quantity",
    "split_sentences",
    "spoken_times",
    "states_date",
    "stem",
    "strip_citations",
    "verb_stems",
    "wordlist",
    "words",
]
