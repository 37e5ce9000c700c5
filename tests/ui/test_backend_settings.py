"""Settings, "Where each model runs": a role switched to an inference server and back, the connection tested against
real loopback servers (one up, one down), and the choice saved in settings and shown by the dialog again."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from masis_desktop.settings import ServerBackend, Settings, load_settings, save_settings
from masis_desktop.ui.settings_dialog import SettingsDialog
from masis_desktop.ui.widgets.backend_settings import BackendSettings
from masis_desktop.ui.workers import TaskQueue
from tests.serve.conftest import free_port


@pytest.fixture
def models_server() -> Iterator[str]:
    """A loopback server that lists one model, as ``GET /v1/models`` of an OpenAI-compatible server does."""

    class Models(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps({"object": "list", "data": [{"id": "qwen-7b", "object": "model", "created": 0,
                                                           "owned_by": "team"}]}).encode()
            self.send_response(200 if self.path == "/v1/models" else 404)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Models)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def queue(qtbot: Any) -> Iterator[TaskQueue]:
    q = TaskQueue("test-backends")
    yield q
    q.wait(10_000)


def test_roles_run_locally_until_a_server_is_chosen(qtbot: Any, queue: TaskQueue) -> None:
    widget = BackendSettings({}, queue)
    qtbot.addWidget(widget)
    assert widget.servers() == {}
    critic = widget.rows["critic"]
    assert not critic.url.isEnabled() and not critic.test.isEnabled()
    critic.kind.setCurrentIndex(critic.kind.findData("server"))
    assert critic.url.isEnabled() and "go to this server" in critic.state.text()
    critic.url.setText("http://10.1.2.3:8080")
    critic.model.setText("qwen-7b")
    critic.key_env.setText("TEAM_KEY")
    assert widget.servers() == {"critic": ServerBackend(url="http://10.1.2.3:8080/v1", model="qwen-7b",
                                                        api_key_env="TEAM_KEY")}
    critic.url.setText("10.1.2.3:8080")  # no scheme
    with pytest.raises(ValueError, match="Critic server: url"):
        widget.servers()
    widget.reset()
    assert widget.servers() == {}


def test_test_connection_says_whether_the_server_serves_the_model(qtbot: Any, queue: TaskQueue,
                                                                    models_server: str) -> None:
    widget = BackendSettings({"critic": ServerBackend(url=models_server, model="qwen-7b")}, queue)
    qtbot.addWidget(widget)
    critic = widget.rows["critic"]
    assert critic.on_server and critic.url.text() == models_server + "/v1"
    critic.test_connection()
    qtbot.waitUntil(lambda: not critic.busy, timeout=30_000)
    assert critic.state.text() == f"✓ {models_server}/v1 is up and serves qwen-7b"
    critic.model.setText("llama-70b")
    critic.test_connection()
    qtbot.waitUntil(lambda: not critic.busy, timeout=30_000)
    assert critic.state.text().startswith("✗") and "does not list model 'llama-70b'" in critic.state.text()
    critic.url.setText(f"http://127.0.0.1:{free_port()}")  # nothing listens there
    critic.test_connection()
    qtbot.waitUntil(lambda: not critic.busy, timeout=30_000)
    assert critic.state.text().startswith("✗") and "unreachable" in critic.state.text()


def test_the_dialog_saves_a_server_for_the_critic_and_switches_back(qtbot: Any, queue: TaskQueue,
                                                                      models_server: str) -> None:
    dialog = SettingsDialog(Settings(), queue)
    qtbot.addWidget(dialog)
    critic = dialog.backends.rows["critic"]
    critic.kind.setCurrentIndex(critic.kind.findData("server"))
    critic.url.setText(models_server)
    critic.model.setText("qwen-7b")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result_settings is not None
    save_settings(dialog.result_settings)
    assert load_settings().models.servers["critic"].model == "qwen-7b"

    again = SettingsDialog(load_settings(), queue)  # reopened: the server is shown, and can be switched off
    qtbot.addWidget(again)
    row = again.backends.rows["critic"]
    assert row.on_server and row.model.text() == "qwen-7b"
    row.kind.setCurrentIndex(row.kind.findData("local"))
    again.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert again.result_settings is not None and again.result_settings.models.servers == {}


def test_an_incomplete_server_row_blocks_saving_with_the_reason(qtbot: Any, queue: TaskQueue) -> None:
    dialog = SettingsDialog(Settings(), queue)
    qtbot.addWidget(dialog)
    row = dialog.backends.rows["evaluator"]
    row.kind.setCurrentIndex(row.kind.findData("server"))
    row.url.setText("http://127.0.0.1:8080/v1")  # no model name
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result_settings is None
    assert "Evaluator server: model" in dialog.error.text()


def test_the_trace_and_the_report_name_the_backend_of_each_role(qtbot: Any) -> None:
    from masis_desktop.ui.export import to_html, to_markdown
    from masis_desktop.ui.widgets.trace_view import TraceView

    server = "server:qwen-7b@http://10.0.0.5:8080/v1"
    response = {"question": "When?", "answer": "In 2027 [c1].", "status": "success", "confidence": 0.9,
                "trace": [{"node": "critic", "duration_ms": 12.0}],
                "metrics": {"models": {"synthesizer": "qwen2.5-coder-0.5b", "critic": server, "evaluator": server}}}
    view = TraceView()
    qtbot.addWidget(view)
    view.set_response(response)
    assert view.models.text() == f"Models: synthesizer qwen2.5-coder-0.5b · critic {server} · evaluator {server}"
    assert f"- Models: synthesizer qwen2.5-coder-0.5b; critic {server}; evaluator {server}" in to_markdown(response)
    assert f"Models: synthesizer qwen2.5-coder-0.5b; critic {server}; evaluator {server}" in to_html(response)
    view.clear()
    assert view.models.text() == ""
