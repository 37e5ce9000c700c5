"""The Settings group that switches the audit's genre packs on and off and lists check ids to ignore.

Packs are checks written for one kind of document (price lists, schedules, business pages). They are on by default
(their measured firings on other kinds of document are rare, and a check that fired on right answers only lowers
confidence); a user whose documents are of another kind can switch them off. Ids come from the
registry (``core/checks/registry.py``), the same ids the answer's tooltips and the exported report name.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from masis_desktop.core.checks.registry import BY_ID, PACKS
from masis_desktop.settings import CheckSettings


class CheckPacksBox(QGroupBox):
    def __init__(self, checks: CheckSettings, parent: QWidget | None = None) -> None:
        super().__init__("Document checks", parent)
        self.lowered = checks.lower  # not edited here: kept as the settings file has it
        layout = QVBoxLayout(self)
        intro = QLabel("Checks written for one kind of document, on by default. Switch a pack off if it refuses "
                       "right answers on your documents.", self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.boxes: dict[str, QCheckBox] = {}
        for pack, title in PACKS.items():
            count = sum(1 for c in BY_ID.values() if c.pack == pack)
            box = QCheckBox(f"{title} ({count} checks)", self)
            box.setAccessibleName(f"Check pack {pack}")
            box.setToolTip(f"{pack}: " + ", ".join(c.id for c in BY_ID.values() if c.pack == pack))
            box.setChecked(pack in checks.packs)
            self.boxes[pack] = box
            layout.addWidget(box)
        self.ignore = QLineEdit(", ".join(checks.ignore), self)
        self.ignore.setPlaceholderText("check ids or prefixes to switch off, e.g. focus.unasked_words, "
                                       "pack.prices.bands")
        self.ignore.setAccessibleName("Checks to switch off")
        layout.addWidget(self.ignore)

    def restore(self, checks: CheckSettings) -> None:
        self.lowered = checks.lower
        for pack, box in self.boxes.items():
            box.setChecked(pack in checks.packs)
        self.ignore.setText(", ".join(checks.ignore))

    def value(self) -> CheckSettings:
        """The edited selection; an id that names no check or prefix is a clear error (``ValueError``)."""
        ignore = [i.strip() for i in self.ignore.text().replace(";", ",").split(",") if i.strip()]
        unknown = [i for i in ignore if not any(c == i or c.startswith(i + ".") for c in BY_ID)]
        if unknown:
            raise ValueError(f"no check has the id or prefix {', '.join(unknown)}")
        return CheckSettings(packs=[p for p, box in self.boxes.items() if box.isChecked()], ignore=ignore,
                             lower=self.lowered)
