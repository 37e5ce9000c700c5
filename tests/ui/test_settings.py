"""Settings persist across restarts; model files are validated before use; window geometry is restored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from masis_desktop.settings import load_settings
from masis_desktop.ui.backend import Backend
from masis_desktop.ui.main_window import MainWindow


def _new_window(qtbot: Any) -> MainWindow:
    w = MainWindow(Backend())
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_settings_persist_across_restarts(qtbot: Any, tiny_model_path: Path, tmp_path: Path) -> None:
    window = _new_window(qtbot)
    dialog = window.open_settings()
    dialog.threads.setValue(3)
    dialog.n_ctx.setCurrentIndex(dialog.n_ctx.findData(8192))
    dialog.max_retries.setValue(1)
    dialog.strictness.setCurrentIndex(dialog.strictness.findData("strict"))
    dialog.threshold_first.setValue(0.7)
    assert dialog.restate.isChecked()
    dialog.restate.setChecked(False)
    assert dialog.admit.isChecked()
    dialog.admit.setChecked(False)
    assert dialog.calculator.isChecked()
    dialog.calculator.setChecked(False)
    dialog.low_conf.setValue(0.7)
    # a real GGUF is validated (header + hash) off the GUI thread before it can be kept
    picker = dialog.pickers["critic"]
    picker.pick(tiny_model_path)
    qtbot.waitUntil(lambda: not picker.busy, timeout=60_000)
    assert picker.override is not None and picker.override.path == str(tiny_model_path.resolve())
    assert picker.state.text().startswith("✓")
    # a file that is not a model is refused with the reason, and the previous choice stays
    bogus = tmp_path / "notes.gguf"
    bogus.write_bytes(b"not a model" * 400)
    dialog.pickers["synthesizer"].pick(bogus)
    qtbot.waitUntil(lambda: not dialog.pickers["synthesizer"].busy, timeout=30_000)
    assert dialog.pickers["synthesizer"].override is None
    assert dialog.pickers["synthesizer"].state.text().startswith("✗")

    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: load_settings().models.n_threads == 3, timeout=30_000)
    saved = load_settings()
    assert saved.models.n_threads == 3 and saved.models.n_ctx == 8192
    assert saved.pipeline.max_retries == 1 and saved.pipeline.strictness == "strict"
    assert saved.retrieval.threshold_first == 0.7 and saved.pipeline.low_conf_threshold == 0.7
    assert saved.retrieval.restate_when_filtered is False and saved.retrieval.admit_by_reading is False
    assert saved.pipeline.calculator is False
    assert saved.models.overrides["critic"].sha256 == picker.override.sha256
    assert "synthesizer" not in saved.models.overrides
    # The offscreen test screen is 800x800 and the window needs ~830 px, so Qt keeps the restored width at its
    # minimum; the height and the panes' proportions are what can be checked here.
    window.resize(window.minimumSizeHint().width(), 640)
    window.main_splitter.setSizes([300, 400, 300])
    sizes = window.main_splitter.sizes()
    window.close()

    again = _new_window(qtbot)
    assert again.size().height() == 640  # geometry restored
    assert again.main_splitter.sizes() == sizes
    reopened = again.open_settings()
    assert reopened.threads.value() == 3
    assert reopened.n_ctx.currentData() == 8192
    assert reopened.max_retries.value() == 1
    assert not reopened.restate.isChecked() and not reopened.admit.isChecked() and not reopened.calculator.isChecked()
    assert reopened.strictness.currentData() == "strict"
    assert reopened.pickers["critic"].field.text() == str(tiny_model_path.resolve())
    reopened.reject()


def test_cancelled_dialog_changes_nothing(qtbot: Any) -> None:
    window = _new_window(qtbot)
    dialog = window.open_settings()
    dialog.max_retries.setValue(7)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert load_settings().pipeline.max_retries == 2
    dialog = window.open_settings()
    dialog.max_retries.setValue(7)
    dialog.restate.setChecked(False)
    dialog.admit.setChecked(False)
    dialog.calculator.setChecked(False)
    dialog.restore_defaults()
    assert dialog.max_retries.value() == 2 and dialog.restate.isChecked() and dialog.calculator.isChecked()
    assert dialog.admit.isChecked()
    dialog.reject()


def test_check_packs_switch_off_and_unknown_ids_are_refused(qtbot: Any) -> None:
    """Packs are on by default: one switched off and an id ignored are saved and read back; an id no check has is a
    clear error; restoring the defaults ticks every pack again."""
    window = _new_window(qtbot)
    dialog = window.open_settings()
    assert all(box.isChecked() for box in dialog.checks_box.boxes.values())
    dialog.checks_box.boxes["pack.prices"].setChecked(False)
    dialog.checks_box.ignore.setText("focus.unasked_words, answer")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: "pack.prices" not in load_settings().checks.packs, timeout=30_000)
    saved = load_settings().checks
    assert saved.packs == ["pack.schedules", "pack.business"]
    assert saved.ignore == ["focus.unasked_words", "answer"]
    dialog = window.open_settings()
    assert not dialog.checks_box.boxes["pack.prices"].isChecked()
    dialog.checks_box.ignore.setText("no.such.check")
    dialog.accept()
    assert "no.such.check" in dialog.error.text()
    dialog.restore_defaults()
    assert dialog.checks_box.boxes["pack.prices"].isChecked() and dialog.checks_box.ignore.text() == ""
    dialog.reject()
