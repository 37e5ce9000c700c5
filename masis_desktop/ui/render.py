"""Turn an answer and its audit into safe rich text: citation chips, flagged sentences, highlighted spans.

Every piece of text that came from a document or a model is HTML-escaped here, before it reaches a Qt rich-text
widget; the only markup in the output is the markup this module writes. Pure functions over the response dict, so
they are tested without widgets.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from masis_desktop.ui.theme import Tones

CITE_GROUP = re.compile(r"\[([^\[\]\n]{1,120})\]")
CHUNK_ID = re.compile(r"^c\d+$")
_SPLIT_IDS = re.compile(r"[,;\s]+")

RED_ISSUES = {"hallucination", "unsupported_claim", "incorrect_citation", "factual_error", "contradiction"}
RED_VERDICTS = RED_ISSUES | {"invalid_citation"}
CLEAN_VERDICTS = {"supported", "hedge", ""}
VERDICT_LABELS = {"invalid_citation": "Invalid citation", "uncited": "No citation", **{k: v for k, v in (
    ("hallucination", "Hallucination"), ("unsupported_claim", "Unsupported claim"),
    ("incorrect_citation", "Incorrect citation"), ("contradiction", "Contradiction"), ("incomplete", "Incomplete"),
    ("factual_error", "Factual error"))}}
ISSUE_LABELS = {
    "hallucination": "Hallucination",
    "unsupported_claim": "Unsupported claim",
    "incorrect_citation": "Incorrect citation",
    "contradiction": "Contradiction",
    "incomplete": "Incomplete",
    "factual_error": "Factual error",
}

Level = Literal["unsupported", "uncited"]


def doc_name(document: object) -> str:
    """The file name of a document (evidence carries the full path)."""
    text = str(document or "")
    return text.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or text


def esc(text: object) -> str:
    """HTML-escape anything shown as rich text (quotes included, so it is safe inside attributes too)."""
    return html.escape("" if text is None else str(text), quote=True)


def tooltip(text: object) -> str:
    """Tooltip text shown exactly as typed. Qt renders a tooltip as rich text whenever it looks like HTML (a tag on
    its first line), so one holding document, file-name or model text with a ``<`` is escaped (line breaks kept)."""
    s = "" if text is None else str(text)
    return f'<p style="white-space:pre-wrap">{esc(s)}</p>' if "<" in s else s


def get(obj: Any, key: str, default: Any = None) -> Any:
    """Read ``key`` from a dict or an object (history records and core objects arrive in both shapes)."""
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    return getattr(obj, key, default)


def as_dict(obj: Any) -> dict[str, Any]:
    if obj is None:
        return {}
    if isinstance(obj, Mapping):
        return dict(obj)
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        return dict(dump())
    return dict(vars(obj))


@dataclass
class Flag:
    start: int
    end: int
    level: Level
    reasons: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)  # ids of the audit checks behind the reasons ("facts.number")

    def explanation(self) -> str:
        """The reasons, one a line, then which checks raised them ("flagged by: facts.number")."""
        return "\n".join([*self.reasons, *([flagged_by(self.checks)] if self.checks else [])])


def flagged_by(checks: Sequence[str]) -> str:
    """How a report and a tooltip name the checks behind a finding, so a reader can find the rule that fired."""
    return "flagged by: " + ", ".join(checks)


@dataclass
class Claim:
    index: int
    start: int
    end: int
    citations: list[str]
    support_span: dict[str, Any] | None


def evidence_by_id(response: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for hit in (response or {}).get("evidence") or []:
        d = as_dict(hit)
        if d.get("chunk_id"):
            out[str(d["chunk_id"])] = d
    return out


def citation_audit(response: Mapping[str, Any] | None) -> dict[str, Any]:
    metrics = (response or {}).get("metrics") or {}
    return as_dict(metrics.get("last_citation_audit"))


def _locate(answer: str, text: str, start: int | None, end: int | None, after: int = 0) -> tuple[int, int] | None:
    """Where ``text`` sits in ``answer``: the recorded offsets if they still match, else the first occurrence."""
    if not text:
        return None
    if (start is not None and end is not None and 0 <= start < end <= len(answer)
            and answer[start:end].strip() == text.strip()):
        return start, end
    pos = answer.find(text, after)
    if pos < 0:
        pos = answer.find(text)
    if pos < 0:
        stripped = text.strip()
        pos = answer.find(stripped) if stripped else -1
        if pos < 0:
            return None
        return pos, pos + len(stripped)
    return pos, pos + len(text)


def claims_in(answer: str, response: Mapping[str, Any] | None) -> list[Claim]:
    """The audited sentences located in ``answer`` (the chip → supporting-span lookup uses these)."""
    out: list[Claim] = []
    cursor = 0
    for i, raw in enumerate(citation_audit(response).get("claims") or []):
        c = as_dict(raw)
        where = _locate(answer, str(c.get("text") or ""), c.get("start"), c.get("end"), cursor)
        if where is None:
            continue
        cursor = where[1]
        span = c.get("support_span")
        out.append(Claim(i, where[0], where[1], [str(x) for x in c.get("citations") or []],
                         as_dict(span) if span else None))
    return out


def sentence_flags(answer: str, response: Mapping[str, Any] | None) -> list[Flag]:
    """Red for sentences the audit found unsupported or hallucinated, amber for uncited ones; reasons as text."""
    if not response:
        return []
    flags: dict[tuple[int, int], Flag] = {}
    evidence = evidence_by_id(response)
    audit = citation_audit(response)
    cursor = 0

    def flag(where: tuple[int, int], level: Level, reason: str, check: object = None) -> None:
        current = flags.get(where)
        if current is None:
            current = flags[where] = Flag(where[0], where[1], level, [reason])
        else:
            if level == "unsupported":
                current.level = "unsupported"
            if reason not in current.reasons:
                current.reasons.append(reason)
        if check and str(check) not in current.checks:
            current.checks.append(str(check))

    for raw in audit.get("claims") or []:
        c = as_dict(raw)
        where = _locate(answer, str(c.get("text") or ""), c.get("start"), c.get("end"), cursor)
        if where is None:
            continue
        cursor = where[1]
        verdict = str(c.get("verdict") or "")
        if verdict not in CLEAN_VERDICTS:  # the audit's own one-line verdict and note for this sentence
            label = VERDICT_LABELS.get(verdict, verdict.replace("_", " ").capitalize())
            note = str(c.get("note") or "").strip()
            flag(where, "unsupported" if verdict in RED_VERDICTS else "uncited",
                 f"{label}: {note}" if note and note.lower() != label.lower() else label, c.get("check_id"))
        invalid = [str(x) for x in c.get("invalid_citations") or []]
        invalid += [x for x in (str(y) for y in c.get("citations") or []) if evidence and x not in evidence
                    and x not in invalid]
        if "verdict" in c and verdict in CLEAN_VERDICTS | {"uncited"} and not invalid:
            continue  # the verdict above says it all
        if invalid:
            flag(where, "unsupported", f"Cites {', '.join(invalid)}, which {'is' if len(invalid) == 1 else 'are'} "
                                       "not among the retrieved evidence")
        if c.get("supported") is False:
            missing = [str(t) for t in c.get("unsupported_tokens") or []]
            detail = f" (not found: {', '.join(missing)})" if missing else ""
            flag(where, "unsupported", f"Not supported by the cited evidence{detail}")
        if not c.get("citations") and not c.get("hedge"):
            flag(where, "uncited", "No citation: this sentence is not backed by any source")

    if not audit.get("claims"):  # older records: only the lists of sentences
        for text in audit.get("unsupported_claims") or []:
            where = _locate(answer, str(text), None, None)
            if where:
                flag(where, "unsupported", "Not supported by the cited evidence")
        for text in audit.get("uncited_claims") or []:
            where = _locate(answer, str(text), None, None)
            if where:
                flag(where, "uncited", "No citation: this sentence is not backed by any source")

    sentence_ranges = sorted(flags) or []
    claims = claims_in(answer, response)
    uncited = {(c.start, c.end) for c in claims if not c.citations}
    for raw in as_dict(response.get("critique")).get("issues") or []:
        issue = as_dict(raw)
        kind = str(issue.get("issue_type") or "")
        text = str(issue.get("problematic_text") or "").strip()
        if not text:
            continue
        where = _locate(answer, text, None, None)
        if where is None:
            continue
        # Widen to the enclosing audited sentence so the mark and its tooltip cover the whole claim.
        for claim in claims:
            if claim.start <= where[0] < claim.end:
                where = (claim.start, claim.end)
                break
        else:
            for s, e in sentence_ranges:
                if s <= where[0] < e:
                    where = (s, e)
                    break
        label = ISSUE_LABELS.get(kind, kind.replace("_", " ").capitalize() or "Issue")
        reason = f"{label}: {issue.get('description') or ''}".strip().rstrip(":")
        if issue.get("suggestion"):
            reason += f" — Suggestion: {issue['suggestion']}"
        # A missing citation alone is amber; red is for what the evidence contradicts or does not contain.
        red = kind in RED_ISSUES and not (kind == "unsupported_claim" and where in uncited)
        flag(where, "unsupported" if red else "uncited", reason, issue.get("check_id"))

    out: list[Flag] = []
    for f in sorted(flags.values(), key=lambda f: (f.start, -f.end)):
        if out and f.start < out[-1].end:  # overlapping marks: keep the first, merge its reasons
            last = out[-1]
            if f.level == "unsupported":
                last.level = "unsupported"
            last.reasons += [r for r in f.reasons if r not in last.reasons]
            last.checks += [c for c in f.checks if c not in last.checks]
            continue
        out.append(f)
    return out


def _snap(answer: str, flags: list[Flag]) -> None:
    """Never split a ``[c1]`` marker between a flagged and an unflagged segment."""
    groups = [(m.start(), m.end()) for m in CITE_GROUP.finditer(answer)]
    for f in flags:
        for s, e in groups:
            if s < f.start < e:
                f.start = s
            if s < f.end < e:
                f.end = e


Href = Callable[[str, int | None], str]


def app_href(chunk_id: str, claim: int | None) -> str:
    return f"cite:{chunk_id}" + (f"?claim={claim}" if claim is not None else "")


def chip_html(chunk_id: str, evidence: Mapping[str, Mapping[str, Any]], tones: Tones, claim: int | None,
              href_for: Href = app_href) -> str:
    hit = evidence.get(chunk_id)
    href = href_for(chunk_id, claim)
    if hit is None and evidence:
        title = f"{chunk_id} is not among the retrieved evidence (fabricated citation)"
        bg, fg = tones.unsupported_bg, tones.unsupported_fg
    else:
        if hit is not None:
            page = f" · page {hit['page']}" if hit.get("page") else ""
            title = f"{doc_name(hit.get('document'))}{page}\n{_excerpt(str(hit.get('text') or ''), 160)}"
        else:
            title = f"Source {chunk_id}"
        bg, fg = tones.chip_bg, tones.chip_fg
    return (f'<a href="{esc(href)}" title="{esc(title)}" style="background-color:{bg}; color:{fg}; '
            f'text-decoration:none; font-weight:600;">&#8239;{esc(chunk_id)}&#8239;</a>')


def _excerpt(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _inline(text: str, evidence: Mapping[str, Mapping[str, Any]], tones: Tones, claim: int | None,
            href_for: Href = app_href) -> str:
    """Escape ``text`` and turn citation groups into chips; everything else stays literal."""
    out: list[str] = []
    pos = 0
    for m in CITE_GROUP.finditer(text):
        ids = [x for x in _SPLIT_IDS.split(m.group(1).strip()) if x]
        if not ids or not all(CHUNK_ID.match(x) for x in ids):
            continue
        out.append(_md(esc(text[pos:m.start()])))
        out.append("&#8202;".join(chip_html(x, evidence, tones, claim, href_for) for x in ids))
        pos = m.end()
    out.append(_md(esc(text[pos:])))
    return "".join(out)


_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")


def _md(escaped: str) -> str:
    """The little Markdown small models emit (bold, bullets, line breaks), applied to already-escaped text."""
    escaped = _BOLD.sub(r"<b>\1</b>", escaped)
    lines = escaped.split("\n")
    lines = [("&#8226;&nbsp;" + ln.lstrip()[2:]) if ln.lstrip().startswith(("- ", "* ")) else ln for ln in lines]
    return "<br/>".join(lines)


def render_answer_html(answer: str, response: Mapping[str, Any] | None, tones: Tones, *,
                       flags: bool = True, href_for: Href = app_href) -> str:
    """The answer as rich text: chips for citations, red/amber sentence marks with the reasons as tooltips."""
    evidence = evidence_by_id(response)
    marks = sentence_flags(answer, response) if flags else []
    _snap(answer, marks)
    claims = claims_in(answer, response)

    def claim_at(pos: int) -> int | None:
        for c in claims:
            if c.start <= pos < c.end:
                return c.index
        return None

    pieces: list[str] = []
    cursor = 0
    boundaries: list[tuple[int, int, Flag | None]] = []
    for f in marks:
        if f.start > cursor:
            boundaries.append((cursor, f.start, None))
        boundaries.append((max(f.start, cursor), f.end, f))
        cursor = max(cursor, f.end)
    if cursor < len(answer):
        boundaries.append((cursor, len(answer), None))
    for start, end, mark in boundaries:
        # Split unflagged stretches at claim boundaries so each chip links to the sentence that cites it.
        cuts = sorted({start, end, *[c.start for c in claims if start < c.start < end],
                       *[c.end for c in claims if start < c.end < end]})
        body = "".join(_inline(answer[a:b], evidence, tones, claim_at(a), href_for)
                       for a, b in itertools.pairwise(cuts))
        if mark is None:
            pieces.append(body)
            continue
        bg, fg = (tones.unsupported_bg, tones.unsupported_fg) if mark.level == "unsupported" else (
            tones.uncited_bg, tones.uncited_fg)
        tip = mark.explanation()
        pieces.append(f'<span class="{mark.level}" title="{esc(tip)}" style="background-color:{bg}; color:{fg};">'
                      f"{body}</span>")
    return f'<p style="line-height:140%;">{"".join(pieces)}</p>'


def highlighted_text_html(text: str, start: int | None, end: int | None, tones: Tones) -> str:
    """Chunk text with ``[start, end)`` highlighted; the whole text when no valid span is given."""
    n = len(text)
    if start is None or end is None or not (0 <= start < end <= n):
        start, end = 0, n
    mark = (f'<span style="background-color:{tones.span_bg}; color:{tones.span_fg};">'
            f"{esc(text[start:end])}</span>")
    return f'<p style="white-space:pre-wrap;">{esc(text[:start])}{mark}{esc(text[end:])}</p>'


def pct(value: Any) -> str:
    try:
        return f"{float(value) * 100:.0f}%"
    except (TypeError, ValueError):
        return "–"


def score_tone(value: float, tones: Tones, good: float = 0.75, fair: float = 0.55) -> str:
    return tones.good if value >= good else tones.fair if value >= fair else tones.poor


def stage_label(stage: str) -> str:
    return {
        "loading": "Loading models",
        "researching": "Researching",
        "writing": "Writing",
        "auditing": "Auditing",
        "scoring": "Scoring",
        "deciding": "Deciding",
    }.get(stage, stage.capitalize())


def clarification(response: Mapping[str, Any]) -> str:
    return str(response.get("clarification_question") or "The answer needs a human review.")


def join_nonempty(parts: Sequence[str], sep: str = " · ") -> str:
    return sep.join(p for p in parts if p)
