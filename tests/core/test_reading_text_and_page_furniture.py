"""The rules behind a PDF read as a reader sees it, one by one: the reading text and its offset map, a line-end
hyphen decided with the document as evidence, running lines and contents/index pages found by structure."""

from __future__ import annotations

from masis_desktop.core.grounding.reading import SOFT_HYPHEN, read, reading_text
from masis_desktop.core.ingest.furniture import furniture_spans, is_navigation_page, readable_pages
from masis_desktop.core.ingest.hyphens import settle_hyphens
from masis_desktop.core.ingest.types import PageText

# --- reading text ------------------------------------------------------------------------------------------------


def test_soft_hyphen_is_dropped_and_offsets_map_back_exactly() -> None:
    raw = f"Changes be{SOFT_HYPHEN}tween versions of policy."
    reading = read(raw)
    assert reading.text == "Changes between versions of policy."
    start = reading.text.index("between")
    a, b = reading.raw_span(start, start + len("between"))
    assert raw[a:b] == f"be{SOFT_HYPHEN}tween"
    a, b = reading.raw_span(0, len(reading.text))
    assert (a, b) == (0, len(raw))
    assert reading.quote(a, b) == reading.text


def test_lowercase_word_broken_at_a_line_end_is_rejoined() -> None:
    assert reading_text("the packages are up-\n  dated nightly") == "the packages are updated nightly"
    reading = read("be-\ntween")
    assert reading.text == "between"
    assert reading.raw_span(0, 7) == (0, 9)  # the whole stored word, hyphen and line break included


def test_compound_broken_at_its_own_hyphen_keeps_the_hyphen() -> None:
    # capitalised right side: a name, not a syllable
    assert reading_text("a Non-\nMaintainer upload") == "a Non-Maintainer upload"
    # the same text writes the pair hyphenated on one line
    assert reading_text("a well-known rule; the well-\nknown cycle") == "a well-known rule; the well-known cycle"


def test_text_without_breaks_reads_as_stored() -> None:
    raw = "A pre-release build, 3 - 4 days.\nNext line."
    reading = read(raw)
    assert reading.text == raw and reading.origin is None
    assert reading.raw_span(2, 13) == (2, 13)


# --- line-end hyphens of a PDF ----------------------------------------------------------------------------------


def test_document_decides_each_line_end_hyphen() -> None:
    s = SOFT_HYPHEN
    pages = [
        f"pack{s}age uploads; the pseudo{s}package is filed; Non{s}Maintainer uploads; a gettext{s}based tool",
        "Every package has a pseudo-package for bugs. It is gettext and based on files. The UTF" + s + "8 text.",
        f"The delay is be{s}tween two and ten days.",
    ]
    settled = settle_hyphens(pages)
    assert [len(t) for t in settled] == [len(t) for t in pages]  # one character for one: offsets unchanged
    assert f"pack{s}age" in settled[0]  # "package" is written elsewhere: one word
    assert "pseudo-package" in settled[0]  # written hyphenated elsewhere: a compound
    assert "Non-Maintainer" in settled[0]  # capitalised right side: a compound
    assert "gettext-based" in settled[0]  # both fragments are words of the document: a compound
    assert "UTF-8" in settled[1]  # not between two letters: a hyphen the text writes
    assert f"be{s}tween" in settled[2]  # lowercase fragments that are not both words: one word


# --- running headers, footers, page numbers ---------------------------------------------------------------------


BODIES = ["The widget weighs 4 kg.", "Its battery lasts two days.", "Clean the lens with a dry cloth.",
          "Charge it before first use.", "The case is waterproof to 3 m.", "Spare parts ship within a week.",
          "Recycle it at a collection point."]


def _manual_pages(n: int) -> list[str]:
    """Pages with a running header, a distinct body and a footer "<chapter>. Widget care <page>"."""
    return [f"Widget Guide, Release 4.2 \nBody text: {BODIES[i - 1]} \n{BODIES[i].upper()} \n"
            f"{i + 2}. Widget care {i}" for i in range(1, n + 1)]


def test_running_header_and_numbered_footer_are_found_on_every_page() -> None:
    pages = _manual_pages(6)
    spans = furniture_spans(pages)
    for text, found in zip(pages, spans, strict=True):
        lines = [text[a:b] for a, b in found]
        assert lines[0] == "Widget Guide, Release 4.2"
        assert lines[1].endswith("Widget care " + lines[1].split()[-1])
        assert len(lines) == 2


def test_furniture_is_taken_from_the_edge_inward_only() -> None:
    # the same sentence stands near the top of every page, but a body line stands between it and the header:
    # it is body text (a repeated line right under the header would be a second header line)
    pages = [f"Widget Guide \n{BODIES[i]} \nSafety first: unplug the widget. \n{BODIES[i + 1]} \n{i}"
             for i in range(1, 6)]
    spans = furniture_spans(pages)
    for text, found in zip(pages, spans, strict=True):
        kept = "".join(text[a:b] for a, b in found)
        assert "Widget Guide" in kept
        assert "unplug" not in kept


def test_lone_page_numbers_at_the_edge_are_furniture_but_a_footnote_number_is_not() -> None:
    pages = [f"{i}\n{BODIES[i]}\n1\nA footnote on {BODIES[i - 1].lower()}" for i in range(1, 5)]
    spans = furniture_spans(pages)
    for i, (text, found) in enumerate(zip(pages, spans, strict=True), start=1):
        assert [text[a:b] for a, b in found] == [str(i)]


def test_chapter_heading_starting_with_its_page_number_is_kept() -> None:
    # printed page i on page i: "1 Introduction" opens page 1 by coincidence, the footers carry the page numbers
    pages = [("1 Introduction \n" if i == 1 else "") + f"{BODIES[i]} \n{BODIES[i + 1]} \nWidget Guide {i}"
             for i in range(1, 6)]
    spans = furniture_spans(pages)
    assert [pages[0][a:b] for a, b in spans[0]] == ["Widget Guide 1"]
    assert all(len(found) == 1 for found in spans)


def test_single_page_document_has_no_furniture() -> None:
    assert furniture_spans(["Title\nBody.\n1"]) == [[]]


def test_two_different_pages_keep_all_their_lines() -> None:
    pages = ["Quarterly report Q3\nRevenue grew 12% to 4.2 million.\nOutlook is stable.",
             "Risks\nThe main risk is a single cloud provider.\nMitigation: a second region in 2026."]
    assert furniture_spans(pages) == [[], []]


def test_readable_pages_keep_lengths_and_numbers() -> None:
    pages = [PageText(i, t) for i, t in enumerate(_manual_pages(5), start=1)]
    readable = readable_pages(pages)
    assert [(p.number, len(p.text)) for p in readable] == [(p.number, len(p.text)) for p in pages]
    assert all("Widget Guide" not in p.text and "Body text" in p.text for p in readable)
    flowing = [PageText(None, "Widget Guide\nBody.")]
    assert readable_pages(flowing) == flowing


# --- contents and index pages -----------------------------------------------------------------------------------


def test_contents_page_with_a_title_or_with_rising_dot_leaders_is_navigation() -> None:
    titled = "Table of Contents\n1 Scope 3\n2 Applying 5\n2.1 Getting started 5\n3 Duties 9\ni"
    assert is_navigation_page(titled)
    leaders = "\n".join(f"{i}.1 Section {i} . . . . . . . . . . {10 + 2 * i}" for i in range(8))
    assert is_navigation_page(leaders)


def test_index_page_with_alphabetical_entries_is_navigation() -> None:
    entries = ["array . . . . . . . . 20", "attach . . . . . . . 35", "boxplot . . . . . . . 40",
               "c . . . . . . . . . 8, 11, 27", "cbind . . . . . . . 26", "coef . . . . . . . 58"]
    assert is_navigation_page("\n".join(entries))


def test_price_list_with_dot_leaders_is_not_navigation() -> None:
    integers = ["Espresso . . . . . . . . 3", "Cake . . . . . . . . . 5", "Tea . . . . . . . . . . 2",
                "Sandwich . . . . . . . 9", "Juice . . . . . . . . . 4", "Bagel . . . . . . . . 3"]
    assert not is_navigation_page("\n".join(integers))
    decimals = ["Prices", *(f"Item {i} . . . . . . . . {i}.50" for i in range(1, 8))]
    assert not is_navigation_page("\n".join(decimals))
    currency = [f"Kayak {i} hours . . . . . . £{20 + i}" for i in range(1, 8)]
    assert not is_navigation_page("\n".join(currency))


def test_body_page_with_numbers_is_not_navigation() -> None:
    body = ("The pump runs at 40 kPa.\nThe valve closes at 65 kPa.\nService every 2,000 hours.\n"
            "Weight: 12 kg.\nIt ships in 3 boxes.")
    assert not is_navigation_page(body)
