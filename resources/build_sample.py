"""Regenerate the binary documents of the bundled sample workspace (the PDF and the DOCX).

The outputs are committed so the app needs neither reportlab nor this script at run time; run it again after
editing the text below: ``.venv/bin/python resources/build_sample.py``. Output is deterministic (fixed dates).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from docx import Document
from docx.shared import Pt
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

OUT = Path(__file__).resolve().parent / "sample_workspace"

REPORT_PAGES: list[list[tuple[str, str]]] = [
    [
        ("h1", "Halvorsen Marine Systems AS - Quarterly Report Q3 2026"),
        ("p", "Published 22 October 2026. All amounts in Norwegian kroner (NOK)."),
        ("h2", "Highlights"),
        ("p", "Revenue for the third quarter of 2026 was NOK 214.6 million, up 18 percent from NOK 181.9 million "
              "in the third quarter of 2025. EBITDA was NOK 31.2 million, an EBITDA margin of 14.5 percent."),
        ("p", "SeaScan drone shipments reached 184 units in the quarter, and 507 units in the first nine months "
              "of the year. The order backlog was NOK 612 million at 30 September 2026."),
        ("p", "Headcount was 486 full-time employees at the end of the quarter, of whom 64 work at the Oslo "
              "office and 371 at the Bergen headquarters and assembly plant."),
    ],
    [
        ("h2", "Revenue by segment"),
        ("table", ""),
        ("p", "Drone revenue grew because of larger fleet orders from offshore wind operators. Services revenue "
              "includes inspection-as-a-service contracts and spare parts."),
        ("h2", "Costs and cash"),
        ("p", "Operating expenses were NOK 71.4 million. Research and development spending was NOK 19.8 million, "
              "of which NOK 6.1 million went to the applied AI programme preparations. Cash and cash equivalents "
              "were NOK 142 million at the end of the quarter."),
    ],
    [
        ("h2", "Outlook"),
        ("p", "Management expects full-year 2026 revenue between NOK 820 million and NOK 840 million and SeaScan "
              "shipments of about 690 units. The second Bergen assembly line is planned to start production in "
              "May 2027."),
        ("p", "Two battery shipments were delayed in August 2026. The company is qualifying Nordcell AS as a second "
              "battery supplier, with first deliveries expected in the first quarter of 2027."),
        ("p", "The applied AI programme, approved by the board with a budget of NOK 48 million for 2027, is led by "
              "Dr. Tomas Lindqvist from the Oslo office."),
    ],
]

SEGMENTS = [
    ["Segment", "Q3 2026 (NOK m)", "Q3 2025 (NOK m)", "Change"],
    ["SeaScan drones", "148.2", "119.5", "+24%"],
    ["Inspection services", "52.7", "49.1", "+7%"],
    ["Spare parts", "13.7", "13.3", "+3%"],
    ["Total", "214.6", "181.9", "+18%"],
]


def build_report(path: Path) -> None:
    styles = getSampleStyleSheet()
    story: list[object] = []
    for number, page in enumerate(REPORT_PAGES):
        if number:
            story.append(PageBreak())
        for kind, text in page:
            if kind == "h1":
                story.append(Paragraph(text, styles["Title"]))
            elif kind == "h2":
                story.append(Paragraph(text, styles["Heading2"]))
            elif kind == "table":
                table = Table(SEGMENTS)
                table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                                           ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold")]))
                story.append(table)
            else:
                story.append(Paragraph(text, styles["BodyText"]))
            story.append(Spacer(1, 6))
    doc = SimpleDocTemplate(str(path), pagesize=A4, title="Quarterly Report Q3 2026",
                            author="Halvorsen Marine Systems AS", invariant=1)
    doc.build(story)  # type: ignore[arg-type]


def build_policy(path: Path) -> None:
    doc = Document()
    doc.styles["Normal"].font.size = Pt(11)
    doc.add_heading("Remote Work and Travel Policy", level=0)
    doc.add_paragraph("Policy HR-POL-014, version 3.1. Owner: People & Culture. Effective 1 August 2026.")
    doc.add_heading("1. Purpose", level=1)
    doc.add_paragraph("This policy sets out when employees of Halvorsen Marine Systems may work away from the "
                      "office and how business travel is approved.")
    doc.add_heading("2. Remote work", level=1)
    doc.add_paragraph("Employees may work remotely up to two days per week, agreed in advance with their manager. "
                      "Assembly-line and test-tank staff work on site on all scheduled shifts.")
    doc.add_paragraph("Remote work is not permitted during the first three months of employment.")
    doc.add_heading("3. Equipment and security", level=1)
    doc.add_paragraph("The company provides a laptop and a one-time home office allowance of NOK 6,000. Customer "
                      "inspection data must never be stored on personal devices or personal cloud accounts.")
    doc.add_heading("4. Eligibility by role", level=1)
    table = doc.add_table(rows=1, cols=3)
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, ["Role group", "Remote days per week", "Approval"], strict=True):
        cell.text = text
    for row in [("Engineering and software", "2", "Line manager"), ("Sales and service", "2", "Regional director"),
                ("Assembly and test", "0", "Not applicable")]:
        cells = table.add_row().cells
        for cell, text in zip(cells, row, strict=True):
            cell.text = text
    doc.add_heading("5. Business travel", level=1)
    doc.add_paragraph("Travel between offices must be approved by a department head. Flights longer than four "
                      "hours may be booked in premium economy.")
    props = doc.core_properties
    props.author = "People & Culture"
    props.title = "Remote Work and Travel Policy"
    fixed = dt.datetime(2026, 8, 1, 9, 0, 0)
    props.created = props.modified = fixed
    props.last_modified_by = "People & Culture"
    doc.save(str(path))


if __name__ == "__main__":
    build_report(OUT / "quarterly_report_q3_2026.pdf")
    build_policy(OUT / "remote_work_policy.docx")
    for f in sorted(OUT.iterdir()):
        print(f"{f.name:40} {f.stat().st_size:>8,} bytes")
