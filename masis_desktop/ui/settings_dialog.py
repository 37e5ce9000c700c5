"""Settings: a GGUF model per role (validated file pickers), threads, context size, thresholds, retries, strictness.

The dialog edits a copy of the settings and returns it on OK; the window saves it and rebuilds the model pool.
A picked GGUF is validated off the GUI thread (header check, then a sha256 of the whole file, which takes seconds
for a 1 GB model) and only a file that passed can be kept; the recorded hash lets the registry verify it later.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from masis_desktop.settings import LLM_ROLES, RoleOverride, Settings
from masis_desktop.ui import icons, theme
from masis_desktop.ui.widgets.backend_settings import BackendSettings
from masis_desktop.ui.widgets.check_packs import CheckPacksBox
from masis_desktop.ui.workers import GeneratorWorker, TaskQueue

ROLE_LABELS = {"synthesizer": "Writer (synthesizer)", "critic": "Critic", "evaluator": "Evaluator"}


def validate_user_model(path: Path) -> tuple[str, RoleOverride]:
    """Check a user's GGUF and hash it; returns its model name and the override to store. Raises ``ModelError``."""
    from masis_desktop.core.llm import registry
    from masis_desktop.core.llm.manifest import sha256_file

    path = path.expanduser().resolve()
    name = registry.check_gguf(path)
    return name, RoleOverride(path=str(path), sha256=sha256_file(path), bytes=path.stat().st_size)


def default_model_name(role: str) -> str:
    try:
        from masis_desktop.core.llm.manifest import load_manifest

        return load_manifest().by_role(role).name
    except Exception:  # a broken manifest is reported where models load; here it only labels the default
        return "bundled default"


class RolePicker(QWidget):
    """Path field + Browse + Use default, with the validation state next to it."""

    def __init__(self, role: str, current: RoleOverride | None, queue: TaskQueue,
                 validate: Callable[[Path], tuple[str, RoleOverride]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.override = current
        self._queue = queue
        self._validate = validate
        self._worker: GeneratorWorker | None = None
        self.field = QLineEdit(self)
        self.field.setReadOnly(True)
        self.field.setAccessibleName(f"{ROLE_LABELS[role]} model file")
        self.browse = QPushButton("Browse…", self)
        self.browse.setAccessibleName(f"Choose a GGUF file for the {role}")
        self.browse.clicked.connect(self._browse)
        self.reset = QPushButton("Use default", self)
        self.reset.setAccessibleName(f"Use the default model for the {role}")
        self.reset.clicked.connect(self.reset_to_default)
        self.state = QLabel(self)
        self.state.setTextFormat(Qt.TextFormat.PlainText)
        self.state.setWordWrap(True)
        self.state.setAccessibleName(f"{ROLE_LABELS[role]} model status")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.field, 1)
        row.addWidget(self.browse)
        row.addWidget(self.reset)
        col = QVBoxLayout(self)
        col.setContentsMargins(0, 0, 0, 0)
        col.addLayout(row)
        col.addWidget(self.state)
        self._show_current()

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def _show_current(self) -> None:
        if self.override is None:
            self.field.setText("")
            self.field.setPlaceholderText(f"Default: {default_model_name(self.role)}")
            self._set_state("Uses the verified default model.", ok=True)
        else:
            self.field.setText(self.override.path)
            self._set_state(f"Your file ({self.override.bytes / 1e6:,.0f} MB), verified by hash when loaded.", ok=True)
        self.reset.setEnabled(self.override is not None)

    def _set_state(self, text: str, ok: bool | None) -> None:
        tones = theme.current()
        colour = tones.muted if ok is None else tones.good if ok else tones.poor
        self.state.setStyleSheet(f"color: {colour};")
        self.state.setText(text)

    def _browse(self) -> None:
        start = str(Path(self.override.path).parent) if self.override else str(Path.home())
        chosen, _ = QFileDialog.getOpenFileName(self, f"GGUF model for the {self.role}", start,
                                                "GGUF models (*.gguf);;All files (*)")
        if chosen:
            self.pick(Path(chosen))

    def pick(self, path: Path) -> GeneratorWorker:
        """Validate ``path`` in the background; the override changes only if it passes."""
        self.field.setText(str(path))
        self._set_state("Checking the file (reading the GGUF header and hashing it)…", ok=None)
        self.browse.setEnabled(False)
        worker = GeneratorWorker(lambda _tok: self._validate(path), name=f"validate-{self.role}")
        worker.signals.item.connect(self._validated)
        worker.signals.failed.connect(self._invalid)
        worker.signals.finished.connect(self._done)
        self._worker = worker
        return self._queue.submit(worker)

    def _validated(self, result: tuple[str, RoleOverride]) -> None:
        name, override = result
        self.override = override
        self.field.setText(override.path)
        self._set_state(f"✓ {name} ({override.bytes / 1e6:,.0f} MB)", ok=True)
        self.reset.setEnabled(True)

    def _invalid(self, exc: BaseException) -> None:
        self._set_state(f"✗ {exc}", ok=False)
        self.field.setText(self.override.path if self.override else "")

    def _done(self, _cancelled: bool) -> None:
        self._worker = None
        self.browse.setEnabled(True)

    def reset_to_default(self) -> None:
        self.override = None
        self._show_current()


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, queue: TaskQueue, parent: QWidget | None = None,
                 validate: Callable[[Path], tuple[str, RoleOverride]] = validate_user_model) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setWindowIcon(icons.icon("settings"))
        self.setAccessibleName("Settings")
        self.original = settings
        self.result_settings: Settings | None = None

        models_box = QGroupBox("Models", self)
        models_form = QFormLayout(models_box)
        self.pickers: dict[str, RolePicker] = {}
        for role in LLM_ROLES:
            picker = RolePicker(role, settings.models.overrides.get(role), queue, validate, models_box)
            self.pickers[role] = picker
            models_form.addRow(ROLE_LABELS[role], picker)
        self.backends = BackendSettings(settings.models.servers, queue, self)  # local GGUF or a server, per role

        runtime_box = QGroupBox("Runtime", self)
        runtime = QFormLayout(runtime_box)
        self.threads = QSpinBox(runtime_box)
        self.threads.setRange(0, 256)
        self.threads.setSpecialValueText("Automatic (all cores)")
        self.threads.setValue(settings.models.n_threads or 0)
        self.threads.setAccessibleName("CPU threads")
        self.n_ctx = QComboBox(runtime_box)
        self.n_ctx.setAccessibleName("Context size")
        sizes = sorted({2048, 4096, 8192, 16384, 32768, settings.models.n_ctx})
        for size in sizes:
            self.n_ctx.addItem(f"{size:,} tokens", size)
        self.n_ctx.setCurrentIndex(sizes.index(settings.models.n_ctx))
        runtime.addRow("CPU threads", self.threads)
        runtime.addRow("Context size", self.n_ctx)

        retrieval_box = QGroupBox("Retrieval", self)
        retrieval = QGridLayout(retrieval_box)
        r = settings.retrieval
        self.k_first = self._spin(r.k_first, 1, 200, "Passages fetched on the first pass")
        self.k_retry = self._spin(r.k_retry, 1, 400, "Passages fetched on a retry")
        self.threshold_first = self._dspin(r.threshold_first, "Relevance threshold, first pass")
        self.threshold_retry = self._dspin(r.threshold_retry, "Relevance threshold, retry")
        retrieval.addWidget(QLabel("Passages fetched", retrieval_box), 0, 0)
        retrieval.addWidget(QLabel("first pass", retrieval_box), 0, 1)
        retrieval.addWidget(self.k_first, 0, 2)
        retrieval.addWidget(QLabel("retry", retrieval_box), 0, 3)
        retrieval.addWidget(self.k_retry, 0, 4)
        retrieval.addWidget(QLabel("Minimum relevance", retrieval_box), 1, 0)
        retrieval.addWidget(QLabel("first pass", retrieval_box), 1, 1)
        retrieval.addWidget(self.threshold_first, 1, 2)
        retrieval.addWidget(QLabel("retry", retrieval_box), 1, 3)
        retrieval.addWidget(self.threshold_retry, 1, 4)
        self.restate = self._check(
            retrieval_box, "When nothing is relevant enough, restate the question in the documents' words and "
            "search once more", r.restate_when_filtered, "Restate the question when nothing is relevant enough",
            "One short call to the writer model (a second or two on a laptop CPU) before saying that nothing in the "
            "workspace is relevant.")
        retrieval.addWidget(self.restate, 2, 0, 1, 5)
        self.admit = self._check(
            retrieval_box, "When still nothing is relevant enough, let the critic model read the closest passages",
            r.admit_by_reading, "Let the critic model read the closest passages when nothing is relevant enough",
            "The critic model reads the three closest passages (a few seconds) and keeps one it reads as answering "
            "the question; the answer is then written and checked as usual.")
        retrieval.addWidget(self.admit, 3, 0, 1, 5)

        pipeline_box = QGroupBox("Self-correction", self)
        pipeline = QFormLayout(pipeline_box)
        p = settings.pipeline
        self.max_retries = self._spin(p.max_retries, 0, 10, "Maximum retries")
        self.low_conf = self._dspin(p.low_conf_threshold, "Confidence needed to accept an answer")
        self.strictness = QComboBox(pipeline_box)
        self.strictness.setAccessibleName("Strictness")
        for value, label in (("lenient", "Lenient"), ("moderate", "Moderate"), ("strict", "Strict")):
            self.strictness.addItem(label, value)
        self.strictness.setCurrentIndex(["lenient", "moderate", "strict"].index(p.strictness))
        self.max_file_mb = QDoubleSpinBox(pipeline_box)
        self.max_file_mb.setRange(1, 10_000)
        self.max_file_mb.setSuffix(" MB")
        self.max_file_mb.setValue(settings.ingest.max_file_mb)
        self.max_file_mb.setAccessibleName("Largest file to ingest")
        pipeline.addRow("Maximum retries", self.max_retries)
        pipeline.addRow("Accept answers from confidence", self.low_conf)
        pipeline.addRow("Critic strictness", self.strictness)
        self.calculator = self._check(
            pipeline_box, "Work out totals and discounts with a calculator", p.calculator,
            "Work out totals and discounts with a calculator",
            "For a question that asks for a total or a change, or gives counts, quantities or a sum of money, the "
            "writer model writes the calculation from the documents' figures and the app does the arithmetic and "
            "shows it in the answer (one short model call).")
        pipeline.addRow("", self.calculator)
        pipeline.addRow("Largest file to ingest", self.max_file_mb)

        self.checks_box = CheckPacksBox(settings.checks, self)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {theme.current().poor};")

        layout = QVBoxLayout(self)
        layout.addWidget(models_box)
        layout.addWidget(self.backends)
        layout.addWidget(runtime_box)
        layout.addWidget(retrieval_box)
        layout.addWidget(pipeline_box)
        layout.addWidget(self.checks_box)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(720, self.sizeHint().height())

    def _spin(self, value: int, lo: int, hi: int, name: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setRange(lo, hi)
        box.setValue(value)
        box.setAccessibleName(name)
        box.setToolTip(name)
        return box

    def _check(self, parent: QWidget, text: str, checked: bool, name: str, tip: str) -> QCheckBox:
        box = QCheckBox(text, parent)
        box.setChecked(checked)
        box.setAccessibleName(name)
        box.setToolTip(tip)
        return box

    def _dspin(self, value: float, name: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox(self)
        box.setRange(0.0, 1.0)
        box.setSingleStep(0.05)
        box.setDecimals(2)
        box.setValue(value)
        box.setAccessibleName(name)
        box.setToolTip(name)
        return box

    def restore_defaults(self) -> None:
        d = Settings()
        self.threads.setValue(0)
        self.n_ctx.setCurrentIndex(max(0, self.n_ctx.findData(d.models.n_ctx)))
        self.k_first.setValue(d.retrieval.k_first)
        self.k_retry.setValue(d.retrieval.k_retry)
        self.threshold_first.setValue(d.retrieval.threshold_first)
        self.threshold_retry.setValue(d.retrieval.threshold_retry)
        self.restate.setChecked(d.retrieval.restate_when_filtered)
        self.admit.setChecked(d.retrieval.admit_by_reading)
        self.max_retries.setValue(d.pipeline.max_retries)
        self.low_conf.setValue(d.pipeline.low_conf_threshold)
        self.strictness.setCurrentIndex(1)
        self.calculator.setChecked(d.pipeline.calculator)
        self.max_file_mb.setValue(d.ingest.max_file_mb)
        self.checks_box.restore(d.checks)
        for picker in self.pickers.values():
            picker.reset_to_default()
        self.backends.reset()

    def build(self) -> Settings:
        """The edited settings (validated by pydantic; raises ``ValidationError`` on an impossible combination)."""
        s = self.original.model_copy(deep=True)
        s.models.n_threads = self.threads.value() or None
        s.models.n_ctx = int(self.n_ctx.currentData())
        s.models.overrides = {role: p.override for role, p in self.pickers.items()  # type: ignore[misc]
                              if p.override is not None}
        s.models.servers = self.backends.servers()
        s.retrieval.k_first = self.k_first.value()
        s.retrieval.k_retry = self.k_retry.value()
        s.retrieval.threshold_first = round(self.threshold_first.value(), 4)
        s.retrieval.threshold_retry = round(self.threshold_retry.value(), 4)
        s.retrieval.restate_when_filtered = self.restate.isChecked()
        s.retrieval.admit_by_reading = self.admit.isChecked()
        s.pipeline.max_retries = self.max_retries.value()
        s.pipeline.low_conf_threshold = round(self.low_conf.value(), 4)
        s.pipeline.strictness = self.strictness.currentData()
        s.pipeline.calculator = self.calculator.isChecked()
        s.ingest.max_file_mb = self.max_file_mb.value()
        s.checks = self.checks_box.value()
        return s

    def accept(self) -> None:
        if any(p.busy for p in self.pickers.values()):
            self.error.setText("A model file is still being checked; wait for it to finish.")
            return
        try:
            self.result_settings = self.build()
        except ValueError as exc:
            self.error.setText(f"These values cannot be saved: {exc}")
            return
        super().accept()
