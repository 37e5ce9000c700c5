"""Settings and models: the Settings dialog, saving what it returns, and loading the models in the background.

Models load on the ``models`` queue a moment after start-up (unless ``--no-preload``) and again when Settings
changed them; a reload asked for while a question runs waits for it to end, since saving closes the model pool the
question is using. Progress and failures show in the status bar's model label.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from masis_desktop.ui.backend import ModelLoad
from masis_desktop.ui.controllers.session import Session
from masis_desktop.ui.layout import WindowLayout
from masis_desktop.ui.render import tooltip
from masis_desktop.ui.settings_dialog import SettingsDialog

PRELOAD_DELAY_MS = 800  # models start loading this long after start-up (see preload())


class SettingsController(QObject):
    models_loaded = Signal()  # background loading ended (each role ready or failed)

    def __init__(self, session: Session, view: WindowLayout) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        self.models_state: dict[str, ModelLoad] = {}
        self.pending_reload = False
        self._preload_timer = QTimer(self)
        self._preload_timer.setSingleShot(True)
        self._preload_timer.setInterval(PRELOAD_DELAY_MS)
        self._preload_timer.timeout.connect(self.load_models)
        session.closing.connect(self._preload_timer.stop)

    def preload(self, enabled: bool) -> None:
        """Load the models in the background soon after start-up (``enabled``), or only when a question needs them.

        Importing torch and creating the encoder hold the GIL for up to ~0.7 s at a time (bench/startup.py); starting
        a moment later keeps the first paint and the workspace listing smooth.
        """
        self.session.preload = enabled
        if enabled:
            self._preload_timer.start()

    def load_models(self) -> None:
        self.models_state.clear()
        self.view.models_label.setText("Models: loading…")
        self.session.job("models", lambda tok: self.session.backend.load_models(tok), on_event=self._on_model_load,
                         on_done=lambda _cancelled: self.models_loaded.emit(), context="Loading models",
                         name="load-models")

    def _on_model_load(self, event: ModelLoad) -> None:
        self.models_state[event.role] = event
        states = list(self.models_state.values())
        loading = [e for e in states if e.state == "loading"]
        failed = [e for e in states if e.state == "failed"]
        ready = [e for e in states if e.state == "ready"]
        if event.state == "failed":
            self.session.errors.message(f"The {event.role} model cannot be used: {event.error}", "warning")
        if loading:
            text = f"Models: loading {loading[-1].role} ({loading[-1].name})…"
        elif failed:
            text = f"Models: {', '.join(e.role for e in failed)} unavailable"
        else:
            text = f"Models ready ({len(ready)})"
        label = self.view.models_label
        label.setText(text)
        label.setToolTip(tooltip("\n".join(
            f"{e.role}: {e.name} — {e.state}{f' in {e.seconds:.1f} s' if e.seconds else ''}"
            f"{f' ({e.error})' if e.error else ''}" for e in states)))

    def open_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.session.backend.settings, self.session.queues["io"], self.view)
        dialog.accepted.connect(lambda: self.apply(dialog))
        dialog.open()
        return dialog

    def apply(self, dialog: SettingsDialog) -> None:
        """Save what the dialog returned; reload the models if they changed (after the running question)."""
        new = dialog.result_settings
        if new is None:
            return
        session = self.session
        models_changed = new.models != session.backend.settings.models
        running = session.run is not None

        def saved(_none: object) -> None:
            session.errors.note("Settings saved.")
            if not models_changed:
                return
            if not session.preload:
                self.view.models_label.setText("Models: load when needed")
            elif running:
                self.pending_reload = True
                session.errors.note("Settings saved; models reload after the current question.")
            else:
                self.load_models()

        # Saving closes the old model pool: run it behind the current question on the llm queue.
        session.job("llm", lambda _t: session.backend.save_settings(new), on_event=saved,
                    context="Could not save the settings")

    def after_run(self, _workspace: str) -> None:
        """A question ended: models changed in Settings meanwhile load now."""
        if self.pending_reload:
            self.pending_reload = False
            self.load_models()
