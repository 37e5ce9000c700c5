"""Where each model runs: on this computer (a GGUF file) or on an OpenAI-compatible inference server.

One row per role: the choice, the server's URL, the model name it serves, the environment variable that holds its
API key (the key itself is never stored), and "Test connection", which asks the server for its model list off the
GUI thread and says in one line whether it is up and serves that model. The local choice is the default: an
air-gapped laptop never sees a server field filled in.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from masis_desktop.settings import LLM_ROLES, LLMRole, ServerBackend
from masis_desktop.ui import theme
from masis_desktop.ui.workers import GeneratorWorker, TaskQueue

ROLE_LABELS = {"synthesizer": "Writer (synthesizer)", "critic": "Critic", "evaluator": "Evaluator"}
LOCAL, SERVER = "local", "server"
Checker = Callable[[ServerBackend, str], str]


def check_connection(backend: ServerBackend, role: str) -> str:
    from masis_desktop.core.llm.openai_backend import check_server

    return check_server(backend, role)


class RoleBackend(QWidget):
    """The backend of one role."""

    def __init__(self, role: LLMRole, current: ServerBackend | None, queue: TaskQueue, check: Checker,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self._current = current  # keeps timeout and parallel calls, which are set from the command line
        self._queue = queue
        self._check = check
        self._worker: GeneratorWorker | None = None
        label = ROLE_LABELS[role]
        self.kind = QComboBox(self)
        self.kind.addItem("This computer (GGUF)", LOCAL)
        self.kind.addItem("Inference server (OpenAI-compatible)", SERVER)
        self.kind.setAccessibleName(f"Where the {label.lower()} runs")
        self.url = QLineEdit(self)
        self.url.setPlaceholderText("http://10.0.0.5:8080/v1")
        self.url.setAccessibleName(f"{label} server URL")
        self.model = QLineEdit(self)
        self.model.setPlaceholderText("model name the server lists")
        self.model.setAccessibleName(f"{label} server model")
        self.key_env = QLineEdit(self)
        self.key_env.setPlaceholderText("API key variable (optional)")
        self.key_env.setAccessibleName(f"{label} server API key environment variable")
        self.key_env.setToolTip("The name of an environment variable holding the key, e.g. MASIS_SERVER_KEY; "
                                "the key itself is never written to the settings file.")
        self.test = QPushButton("Test connection", self)
        self.test.setAccessibleName(f"Test the {label.lower()} server connection")
        self.test.clicked.connect(self.test_connection)
        self.state = QLabel(self)
        self.state.setTextFormat(Qt.TextFormat.PlainText)
        self.state.setWordWrap(True)
        self.state.setAccessibleName(f"{label} backend status")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.kind)
        row.addWidget(self.url, 2)
        row.addWidget(self.model, 1)
        row.addWidget(self.key_env, 1)
        row.addWidget(self.test)
        col = QVBoxLayout(self)
        col.setContentsMargins(0, 0, 0, 0)
        col.addLayout(row)
        col.addWidget(self.state)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.show_backend(current)

    @property
    def busy(self) -> bool:
        return self._worker is not None

    @property
    def on_server(self) -> bool:
        return self.kind.currentData() == SERVER

    def show_backend(self, backend: ServerBackend | None) -> None:
        self._current = backend
        self.url.setText(backend.url if backend else "")
        self.model.setText(backend.model if backend else "")
        self.key_env.setText(backend.api_key_env or "" if backend else "")
        self.kind.setCurrentIndex(self.kind.findData(SERVER if backend else LOCAL))
        self._kind_changed()

    def _kind_changed(self) -> None:
        server = self.on_server
        for field in (self.url, self.model, self.key_env, self.test):
            field.setEnabled(server)
        if server:
            self._set_state("The prompts (question and evidence passages) go to this server; documents, index and "
                            "history stay on this computer.", ok=None)
        else:
            self._set_state("Runs on this computer (the model file chosen above).", ok=None)

    def _set_state(self, text: str, ok: bool | None) -> None:
        tones = theme.current()
        colour = tones.muted if ok is None else tones.good if ok else tones.poor
        self.state.setStyleSheet(f"color: {colour};")
        self.state.setText(text)

    def backend(self) -> ServerBackend | None:
        """The server for this role, or None for the local model; ``ValueError`` naming the role if invalid."""
        if not self.on_server:
            return None
        kept = {"timeout_s": self._current.timeout_s, "max_concurrent": self._current.max_concurrent} \
            if self._current else {}
        try:
            return ServerBackend(url=self.url.text(), model=self.model.text().strip(),
                                 api_key_env=self.key_env.text().strip() or None, **kept)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise ValueError(f"{ROLE_LABELS[self.role]} server: {problems}") from exc

    def test_connection(self) -> GeneratorWorker | None:
        """Ask the server for its models in the background; the answer is one line under the row."""
        try:
            backend = self.backend()
        except ValueError as exc:
            self._set_state(f"✗ {exc}", ok=False)
            return None
        if backend is None:
            return None
        self._set_state(f"Connecting to {backend.url}…", ok=None)
        self.test.setEnabled(False)
        worker = GeneratorWorker(lambda _tok: self._check(backend, self.role), name=f"check-{self.role}")
        worker.signals.item.connect(lambda message: self._set_state(f"✓ {message}", ok=True))
        worker.signals.failed.connect(lambda exc: self._set_state(f"✗ {exc}", ok=False))
        worker.signals.finished.connect(self._done)
        self._worker = worker
        return self._queue.submit(worker)

    def _done(self, _cancelled: bool) -> None:
        self._worker = None
        self.test.setEnabled(self.on_server)


class BackendSettings(QGroupBox):
    """The group of role rows shown in Settings."""

    def __init__(self, servers: dict[LLMRole, ServerBackend], queue: TaskQueue, parent: QWidget | None = None,
                 check: Checker = check_connection) -> None:
        super().__init__("Where each model runs", parent)
        self.setAccessibleName("Where each model runs")
        form = QFormLayout(self)
        self.rows: dict[LLMRole, RoleBackend] = {}
        for role in LLM_ROLES:
            row = RoleBackend(role, servers.get(role), queue, check, self)
            self.rows[role] = row
            form.addRow(ROLE_LABELS[role], row)

    @property
    def busy(self) -> bool:
        return any(row.busy for row in self.rows.values())

    def servers(self) -> dict[LLMRole, ServerBackend]:
        """The roles set to a server (``ValueError`` with the role's problem if one is incomplete)."""
        out: dict[LLMRole, ServerBackend] = {}
        for role, row in self.rows.items():
            backend = row.backend()
            if backend is not None:
                out[role] = backend
        return out

    def reset(self) -> None:
        """Every role back on this computer (Restore Defaults)."""
        for row in self.rows.values():
            row.show_backend(None)
