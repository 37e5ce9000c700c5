"""Query terms for BM25 and the term-coverage feature of the relevance model.

The FTS5 query is an OR of the quoted content words of the question (stopwords dropped), so any phrasing of a
question works and FTS5 syntax characters in user text can never raise. Coverage is the share of those words that
occur in a chunk, after a light suffix-stripping stem, which makes it comparable across queries and workspaces.
"""

from __future__ import annotations

import re
from functools import lru_cache

_STOPWORD_TEXT = """
a about above after again against all am an and any are aren as at be because been before being below between both
but by can cannot could did do does doing don down during each few for from further had has have having he her here
hers herself him himself his how i if in into is isn it its itself just me more most my myself no nor not now of off
on once only or other our ours ourselves out over own same she should so some such than that the their theirs them
themselves then there these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves also may might must shall us please tell
give show list describe explain
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

_WORD = re.compile(r"\w+", re.UNICODE)
MAX_TERMS = 32


@lru_cache(maxsize=131072)  # chunk words repeat a lot; this keeps coverage cheap per search
def stem(word: str) -> str:
    """A light English stemmer (plural and -ing/-ed/-ly endings); enough to match "employees" with "employee"."""
    w = word.lower()
    if len(w) <= 3:
        return w
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith(("sses", "ches", "shes", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suffix in ("edly", "ing", "ed", "ly"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            return w[: len(w) - len(suffix)]
    return w


def query_terms(query: str) -> list[str]:
    """Distinct content words of the query, in order (lower-cased)."""
    seen: set[str] = set()
    out: list[str] = []
    for match in _WORD.finditer(query.lower()):
        word = match.group(0)
        if word in STOPWORDS or (len(word) < 2 and not word.isdigit()) or word in seen:
            continue
        seen.add(word)
        out.append(word)
        if len(out) >= MAX_TERMS:
            break
    return out


def fts_match(terms: list[str]) -> str | None:
    """An FTS5 MATCH expression ORing the quoted terms, or None when the query has no content words."""
    if not terms:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)


def coverage(terms: list[str], text: str) -> float:
    """Share of query terms (stemmed) present in ``text``; 0 when the query has no content words."""
    if not terms:
        return 0.0
    words = {stem(w) for w in _WORD.findall(text.lower())}
    return sum(1 for t in terms if stem(t) in words) / len(terms)
