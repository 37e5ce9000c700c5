"""Document generators for the ingest/store tests: every file is made here, no binary blobs are committed."""

from __future__ import annotations

import io
from pathlib import Path


def make_pdf(path: Path, pages: list[list[str]], font_size: int = 11) -> Path:
    """A real text PDF (reportlab), one list of lines per page."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    for lines in pages:
        c.setFont("Helvetica", font_size)
        y = 800
        for line in lines:
            c.drawString(72, y, line)
            y -= font_size + 6
        c.showPage()
    c.save()
    return path


def make_scanned_pdf(path: Path) -> Path:
    """An image-only page, like a scan without OCR: pixels, no text objects."""
    from PIL import Image, ImageDraw
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    image = Image.new("RGB", (400, 200), "white")
    draw = ImageDraw.Draw(image)
    draw.text((10, 10), "This text is only pixels", fill="black")
    draw.rectangle((10, 60, 390, 190), outline="black")
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    buf.seek(0)
    c = canvas.Canvas(str(path), pagesize=A4)
    c.drawImage(ImageReader(buf), 72, 500, width=400, height=200)
    c.showPage()
    c.save()
    return path


def make_encrypted_pdf(path: Path, source: Path, password: str = "secret") -> Path:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(str(source)).pages:
        writer.add_page(page)
    writer.encrypt(user_password=password, owner_password=password + "-owner")
    with open(path, "wb") as fh:
        writer.write(fh)
    return path


def make_docx(path: Path) -> Path:
    """Headings, paragraphs and a table (python-docx)."""
    import docx

    document = docx.Document()
    document.add_heading("Travel Policy", level=1)
    document.add_paragraph("Employees must book flights through the approved agency at least 14 days ahead.")
    document.add_heading("Per diem rates", level=2)
    document.add_paragraph("Meals are reimbursed at the city rate listed below, with receipts for anything above it.")
    table = document.add_table(rows=3, cols=2)
    for row, (city, rate) in zip(table.rows, [("City", "Daily rate"), ("Oslo", "95 EUR"), ("Lisbon", "60 EUR")],
                                 strict=True):
        row.cells[0].text = city
        row.cells[1].text = rate
    document.add_paragraph("Alcohol is never reimbursed.")
    document.save(str(path))
    return path


LONG_MARKDOWN = """# Incident response handbook

This handbook describes how the operations team responds to production incidents. It applies to every service
the company runs, including the billing platform and the public API.

## Severity levels

A severity one incident means customers cannot use the product at all. The on-call engineer pages the incident
commander within five minutes and a status page update is posted within fifteen minutes. Severity two covers a
degraded service where a workaround exists. Severity three is a minor defect with no customer impact.

## Communication

All incident communication happens in a dedicated channel named after the incident number. The incident commander
posts an update every thirty minutes, even when there is nothing new to report. Customer-facing messages are
reviewed by the support lead before they are published.

## Post-incident review

Within five working days of a severity one or two incident, the team writes a blameless review. The review lists
the timeline, the root cause, what went well, what went badly, and concrete follow-up actions with owners and due
dates. Reviews are stored in the shared knowledge base and discussed at the monthly reliability meeting.

### Follow-up actions

Every follow-up action is tracked as a ticket. Actions that are not closed within ninety days are escalated to the
engineering director, who decides whether to fund them or accept the risk explicitly.
"""
