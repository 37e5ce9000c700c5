"""Evidence for the prompts: sanitised, then trimmed extractively (code, no LLM) to a token budget, ids kept.

Why extractive and tight: prefill is the user's wait on a CPU (0.5B ≈ 75 tok/s, 1.5B ≈ 36 tok/s). The seed
compresses with an LLM above 6,000 characters; here a 6,000-character block would cost ~20 s of 0.5B prefill
before the first answer token, and the same again (x2) in the 1.5B critic. So every prompt gets only the
sentences most related to the question, from the best chunks, within ``budget_tokens``; the chunk ids stay
attached, and the audit still checks claims against the full chunk text.

The models read each chunk's reading text (``reading.py``: a word hyphenated across a line break is rejoined), since
a small writer copies what it sees ("be-tween") into its answer; the chunk's stored text and offsets are untouched.

Documents are data: the text shown to models is sanitised. Chat control tokens ("<|im_start|>") are removed,
bracketed id-like markers inside documents ("[c999]") become "(c999)" so no model copies a fake citation,
prompt-section labels lose their colon, and sentences that address the AI ("ignore previous instructions",
"rate this 1.0", fake JSON scores) are replaced by a neutral marker. What was removed is reported per chunk so
the trace shows it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from masis_desktop.core import text as tx
from masis_desktop.core.grounding.reading import reading_text
from masis_desktop.core.grounding.support import Encoder
from masis_desktop.core.schemas import SearchHit

REMOVED = "(instruction-like text removed)"
MARKER_REMOVED = "(citation marker removed)"
MIN_SENTENCE_SCORE = 0.08  # a sentence sharing nothing with the question is not worth its prefill
RELATIVE_FLOOR = 0.25  # ... nor one scoring under a quarter of the best sentence
SMALL_ENOUGH = 120  # evidence this short is shown whole: selecting from it saves nothing
_INJECTION = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|prompts?|rules?|guidelines|"
        r"the above|previous|prior)\b",
        r"\b(you are now|act as (an?|the) (ai|assistant|auditor|model)|new instructions?|system prompt|"
        r"system message|developer message)\b",
        r"\b(rate|score|grade|mark|evaluate)\b.{0,40}\b(1\.0|100 ?%|10/10|perfect|maximum|highest|full marks)",
        r"\b(set|output|return|report|give)\b.{0,25}\b(confidence|faithfulness|overall_score|score)\b.{0,15}"
        r"(1\.0|100|\d\.\d+)",
        r"[\"']?(confidence|faithfulness|hallucination_detected|needs_retry|overall_score|relevance)[\"']?\s*:\s*"
        r"(true|false|\d)",
        r"\b(to|dear|attention)\b.{0,10}\b(ai|assistant|auditor|language model|llm|chatbot)\b",
        r"\b(as an ai|ai auditor|the auditor must|the assistant must|the model must)\b",
    )
]
# Chat-template control tokens (ChatML, Llama/Mistral): llama-cpp-python tokenizes the formatted prompt with
# special=True, so this text in a document would become real turn boundaries ("<|im_start|>system ...").
_CONTROL_TOKEN = re.compile(r"<\|[^<>|\n]{1,40}\|>|</?s>|\[/?INST\]|<</?SYS>>", re.IGNORECASE)
_SECTION_LABEL = re.compile(r"(?im)^(\s*)(task|answer|question|evidence|code checks|system|assistant|user)\s*:")
_FAKE_CITE = re.compile(r"\[([^\[\]\n]{1,40})\]")


def sanitize(text: str) -> tuple[str, list[str]]:
    """Neutralise instruction-like sentences, fake citation markers and prompt labels in document text."""
    notes: list[str] = []
    tokens = [m.group(0) for m in _CONTROL_TOKEN.finditer(text)]
    if tokens:
        notes.append(f"chat control tokens removed: {', '.join(dict.fromkeys(tokens))}")
        text = _CONTROL_TOKEN.sub(" ", text)
    out: list[str] = []
    last = 0
    for sent in tx.split_sentences(text):
        if any(p.search(sent.text) for p in _INJECTION):
            out.append(text[last:sent.start])
            out.append(REMOVED)
            last = sent.end
            notes.append(f"instruction-like text removed: {sent.text[:80]!r}")
    out.append(text[last:])
    clean = "".join(out)
    faked = [m.group(0) for m in _FAKE_CITE.finditer(clean) if tx.find_citations(m.group(0))]
    if faked:
        notes.append(f"citation-like markers neutralised: {', '.join(dict.fromkeys(faked))}")
        # without its id: a model shown "(c999)" beside "(GPL-2)" source labels may copy it into an answer
        clean = _FAKE_CITE.sub(lambda m: MARKER_REMOVED if tx.find_citations(m.group(0)) else m.group(0), clean)
    if _SECTION_LABEL.search(clean):
        clean = _SECTION_LABEL.sub(r"\1\2 -", clean)
    return clean, notes


@dataclass
class Context:
    """What the synthesizer (and, through the shared prefix, the critic and evaluator) may see and cite."""

    hits: list[SearchHit]  # chunks shown, best first: their ids are the only valid citations
    passages: dict[str, str]  # chunk id -> the (trimmed, sanitised) text shown to the models
    compressed: bool
    raw_chars: int
    chars: int
    tokens: int
    sanitized: dict[str, list[str]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # chunk id -> ``source_label``, computed once per context

    @property
    def ids(self) -> list[str]:
        return [h.chunk_id for h in self.hits]

    def block(self) -> str:
        """The evidence block, one passage per line, each opened by its id in brackets and where it comes from."""
        return "\n".join(f"[{h.chunk_id}] ({self.labels[h.chunk_id]}) {self.passages[h.chunk_id]}" for h in self.hits)

    def trace(self) -> dict[str, object]:
        return {"context_compressed": self.compressed, "context_chars_raw": self.raw_chars,
                "context_chars": self.chars, "context_tokens": self.tokens, "chunks_shown": self.ids,
                "evidence_sanitized": {k: v for k, v in self.sanitized.items() if v}}


LABEL_CHARS = 60  # a long heading path costs prefill; its innermost part and the file name say enough


def source_label(hit: SearchHit) -> str:
    """Where a passage comes from, as the models see it: the document's file name without its extension, and the
    innermost heading over the chunk when the format has headings ("GPL-2", "queue › Queue Objects"). Without it,
    two near-identical documents (two versions of a licence, two businesses' price lists, two modules' reference
    pages) give the models passages they cannot tell apart, and the writer answers from the wrong one."""
    stem = tx.file_stem(hit.document)
    heading = (hit.heading or "").split(" > ")[-1].replace("\u00b6", "").strip()
    label = f"{stem} › {heading}" if heading and heading.casefold() != stem.casefold() else stem
    label = sanitize(label)[0]  # a file name is the user's text like the document's: no instructions reach a prompt
    return " ".join(re.sub(r"[\[\]()]", " ", label).split())[:LABEL_CHARS].strip()


_HEADING = re.compile(r"(?:#{1,6}\s*)?(?:\d{1,2}\.\s*)?(?:[A-Za-z&/'’-]+\s*){1,6}")


def _units(text: str) -> list[tx.Span]:
    """Sentences of a chunk, with consecutive table rows ("a | b | c") kept together as one unit."""
    spans = tx.split_sentences(text) or [tx.Span(text, 0, len(text))]
    out: list[tx.Span] = []
    for span in spans:
        if _HEADING.fullmatch(span.text.strip()):
            continue  # a heading is structure: a small writer copies it into the answer ("## 3. Baltic ...")
        if out and "|" in span.text and "|" in out[-1].text:
            prev = out[-1]
            out[-1] = tx.Span(text[prev.start:span.end], prev.start, span.end)
        else:
            out.append(span)
    return out


def _squash(text: str) -> str:
    """Whitespace runs to single spaces, table rows kept on their own lines (fewer prompt tokens)."""
    lines = [re.sub(r"[ \t]+", " ", re.sub(r"^\s*#{1,6}\s+", "", ln)).strip() for ln in text.splitlines()]
    out: list[str] = []
    for ln in lines:
        if not ln:
            continue
        if out and "|" not in ln and "|" not in out[-1]:
            out[-1] += " " + ln
        else:
            out.append(ln)
    return "\n".join(out)


def _approx_tokens(text: str) -> int:
    return max(1, len(text) // 4)


def build_context(
    question: str,
    hits: Sequence[SearchHit],
    *,
    budget_tokens: int,
    count_tokens: Callable[[str], int] | None = None,
    embedder: Encoder | None = None,
    max_chunks: int = 5,
    pinned: Sequence[str] = (),
) -> Context:
    """Choose the passages for the prompt: the sentences that matter most, within ``budget_tokens``.

    Sentences are ranked by how much of the question they cover (content-word recall, blended with MiniLM
    similarity when an embedder is given) plus a small prior for the chunk's retrieval rank; the best sentence of
    the best chunk always goes in. ``pinned`` chunk ids (cited by a draft being revised) are kept first so the
    revision can still cite them.
    """
    count = count_tokens or _approx_tokens
    order = sorted(hits, key=lambda h: (h.chunk_id not in pinned, -h.relevance))
    raw_chars = sum(len(h.text) for h in hits)
    clean: dict[str, str] = {}
    notes: dict[str, list[str]] = {}
    for h in order:
        clean[h.chunk_id], notes[h.chunk_id] = sanitize(reading_text(h.text))

    labels = {h.chunk_id: source_label(h) for h in order}

    def line(cid: str, body: str) -> str:
        return f"[{cid}] ({labels[cid]}) {body}\n"

    chosen = order[:max_chunks]
    full_tokens = sum(count(line(h.chunk_id, clean[h.chunk_id])) for h in chosen)
    if full_tokens <= SMALL_ENOUGH and len(chosen) == len(order):
        passages = {h.chunk_id: _squash(clean[h.chunk_id]) for h in chosen}
        chars = sum(len(p) for p in passages.values())
        return Context(list(chosen), passages, False, raw_chars, chars, full_tokens, notes,
                       {h.chunk_id: labels[h.chunk_id] for h in chosen})

    q_stems = tx.content_stems(question)
    candidates: list[tuple[float, int, int, tx.Span]] = []  # (score, chunk rank, sentence index, span)
    sentences: dict[str, list[tx.Span]] = {}
    for rank, h in enumerate(chosen):
        spans = _units(clean[h.chunk_id])
        sentences[h.chunk_id] = spans
        for i, s in enumerate(spans):
            if s.text == REMOVED:
                continue
            recall = len(q_stems & tx.content_stems(s.text)) / len(q_stems) if q_stems else 0.0
            candidates.append((recall, rank, i, s))
    if embedder is not None and candidates:
        try:
            vectors = embedder.encode([question] + [c[3].text for c in candidates])
            sims = np.asarray(vectors[1:]) @ np.asarray(vectors[0])
            candidates = [(0.5 * c[0] + 0.5 * max(0.0, float(sim)), *c[1:]) for c, sim in
                          zip(candidates, sims, strict=True)]
        except Exception:  # a broken embedder degrades ranking to lexical only
            pass
    prior = {h.chunk_id: 0.1 * (1.0 - rank / max(1, len(chosen))) for rank, h in enumerate(chosen)}
    for cid in pinned:
        prior[cid] = prior.get(cid, 0.0) + 0.2
    ranked = sorted(candidates, key=lambda c: (-(c[0] + prior[chosen[c[1]].chunk_id]), c[1], c[2]))

    best = max((c[0] + prior[chosen[c[1]].chunk_id] for c in candidates), default=0.0)
    floor = max(MIN_SENTENCE_SCORE, RELATIVE_FLOOR * best)
    picked: dict[str, set[int]] = {}
    used = 0
    for score, rank, idx, span in ranked:
        cid = chosen[rank].chunk_id
        if picked and score + prior[cid] < floor:
            break
        cost = count(span.text + " ") + (count(line(cid, "")) if cid not in picked else 0)
        if used + cost > budget_tokens and picked:
            continue
        picked.setdefault(cid, set()).add(idx)
        used += cost
    for _score, rank, idx, _span in ranked:  # a pinned chunk is shown, by its best sentence, even over budget:
        cid = chosen[rank].chunk_id           # the draft being revised cites it
        if cid in pinned and cid not in picked:
            picked[cid] = {idx}

    shown = [h for h in chosen if h.chunk_id in picked]
    passages = {}
    for h in shown:
        spans = sentences[h.chunk_id]
        idxs = sorted(picked[h.chunk_id])
        parts: list[str] = []
        prev = -2
        for i in idxs:
            if parts and i != prev + 1:
                parts.append("…")
            parts.append(spans[i].text)
            prev = i
        passages[h.chunk_id] = _squash(" ".join(parts))
    tokens = sum(count(line(h.chunk_id, passages[h.chunk_id])) for h in shown)
    chars = sum(len(p) for p in passages.values())
    return Context(shown, passages, True, raw_chars, chars, tokens, {h.chunk_id: notes[h.chunk_id] for h in shown},
                   {h.chunk_id: labels[h.chunk_id] for h in shown})
