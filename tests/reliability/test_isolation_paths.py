"""Isolation and paths: workspace names and model paths cannot leave their folders, and one workspace never sees
another's chunks, through every entry point (CLI commands, the store, the pipeline, the manifest).

The owners' tests cover the name validator on a few names and search/get_chunk isolation in the store; here every
CLI command gets hostile names (and must create nothing outside the workspaces folder), a symlinked workspace
folder pointing elsewhere is refused (never deleted through), Windows device names are refused, tampered
manifests cannot place model files outside the model store, ``masis models use`` refuses devices, pipes and
non-GGUF files without blocking, and a question asked in one workspace is answered from that workspace only.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
from pathlib import Path

import pytest

from masis_desktop import paths
from masis_desktop.cli.main import main
from masis_desktop.core.history import History
from masis_desktop.core.llm import manifest as manifest_module
from masis_desktop.core.llm import registry
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.pipeline import Models, ask, run_to_end
from masis_desktop.core.store.workspace import Workspace, create_workspace, list_workspaces
from masis_desktop.errors import ModelError, WorkspaceError
from masis_desktop.settings import Settings
from tests.reliability.support import record

BAD_NAMES = ["../outside", "../../etc", "/etc", "/tmp/x", "a/b", "a\\b", "..", ".", ".hidden", "", " ", "a\x00b",
             "a\nb", "name.", "name ", "．．", "ｗｏｒｋ", "CON", "nul", "com1", "LPT9.backup", "x" * 65]


def _cli(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def test_hostile_workspace_names_are_refused_by_every_command(tmp_path: Path, masis_home: Path) -> None:
    doc = tmp_path / "a.txt"
    doc.write_text("The Teal lock opens at 06:00.", "utf-8")
    create_workspace("good")
    before_home, before_tmp = _tree(masis_home), _tree(tmp_path)
    commands = [
        ["workspace", "create", "{n}"], ["workspace", "delete", "{n}", "--yes"], ["workspace", "rename", "good", "{n}"],
        ["workspace", "rename", "{n}", "other"], ["workspace", "check", "{n}"], ["ingest", "{n}", str(doc), "--create"],
        ["search", "{n}", "lock"], ["ask", "{n}", "When does the lock open?"], ["history", "{n}"], ["stats", "{n}"],
    ]
    refused = 0
    for name in BAD_NAMES:
        for template in commands:
            argv = [part.replace("{n}", name) for part in template]
            code, err = _cli(argv)
            assert code == 4, (argv, code, err)
            assert "Traceback" not in err and ("invalid workspace name" in err or "no workspace named" in err), err
            refused += 1
    # nothing created anywhere (loading settings may create the empty config folder)
    assert _tree(masis_home) - before_home <= {"config"} and _tree(tmp_path) == before_tmp
    assert list_workspaces() == ["good"]
    record("workspace_names", names=len(BAD_NAMES), commands=len(commands), refusals=refused)


def test_a_symlinked_workspace_folder_is_refused_and_never_deleted_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("not the app's to delete", "utf-8")
    Workspace  # noqa: B018  (the store module is imported: the workspaces folder exists)
    create_workspace("real")
    real_catalog = paths.workspace_dir("real") / "catalog.sqlite3"
    (outside / "catalog.sqlite3").write_bytes(real_catalog.read_bytes())  # looks like a workspace
    link = paths.workspaces_dir() / "evil"
    link.symlink_to(outside, target_is_directory=True)
    assert list_workspaces() == ["real"]
    for argv in (["workspace", "delete", "evil", "--yes"], ["workspace", "check", "evil"], ["search", "evil", "x"],
                 ["workspace", "rename", "evil", "fine"]):
        code, err = _cli(argv)
        assert code == 4 and "would leave" in err, (argv, err)
    with pytest.raises(WorkspaceError):
        Workspace.open("evil")
    assert (outside / "precious.txt").read_text("utf-8") == "not the app's to delete"
    assert sorted(p.name for p in outside.iterdir()) == ["catalog.sqlite3", "precious.txt"]


def _tampered(tmp_path: Path, **changes: str) -> Path:
    data = json.loads(paths.manifest_path().read_text("utf-8"))
    for entry in data["models"]:
        if entry["role"] == "test" and "file" in changes:
            entry["file"] = changes["file"]
        if entry["kind"] == "sentence-transformers" and "folder_path" in changes:
            entry["files"][0]["path"] = changes["folder_path"]
    out = tmp_path / f"manifest-{len(list(tmp_path.glob('manifest-*')))}.json"
    out.write_text(json.dumps(data), "utf-8")
    return out


@pytest.mark.parametrize("change", [
    {"file": "../../outside.gguf"}, {"file": "/etc/passwd"}, {"file": "sub/dir.gguf"}, {"file": ".."},
    {"folder_path": "../../../outside/config.json"}, {"folder_path": "/etc/hostname"},
], ids=["file-dotdot", "file-absolute", "file-subdir", "file-parent", "folder-dotdot", "folder-absolute"])
def test_a_tampered_manifest_cannot_place_models_outside_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   change: dict[str, str]) -> None:
    monkeypatch.setenv("MASIS_MANIFEST", str(_tampered(tmp_path, **change)))
    with pytest.raises(ModelError, match="manifest"):
        manifest_module.load_manifest()
    code, err = _cli(["models", "list"])
    assert code == 3 and "manifest" in err and "Traceback" not in err, err


def _blocked(signum: int, frame: object) -> None:
    raise AssertionError("`masis models use` blocked on a non-regular file")


def test_models_use_refuses_what_is_not_a_gguf_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.gguf"
    os.mkfifo(fifo)
    (tmp_path / "folder.gguf").mkdir()
    (tmp_path / "zero.gguf").symlink_to("/dev/zero")
    (tmp_path / "text.gguf").write_text("GGUF? no.\n" * 200, "utf-8")
    outcomes: dict[str, str] = {}
    for target in ["/etc/passwd", str(fifo), str(tmp_path / "folder.gguf"), str(tmp_path / "zero.gguf"),
                   str(tmp_path / "text.gguf"), str(tmp_path / "missing.gguf")]:
        previous = signal.signal(signal.SIGALRM, _blocked)
        signal.alarm(20)  # opening a FIFO for reading blocks until a writer comes: it must never be opened
        try:
            code, err = _cli(["models", "use", "critic", target])
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        assert code == 3 and "Traceback" not in err and err.startswith("error: "), (target, code, err)
        outcomes[Path(target).name] = err.strip()[:160]
    assert "critic" not in Settings().models.overrides and registry.resolve("critic").source != "user"
    record("model_paths_refused", outcomes=outcomes)


def test_a_workspace_answers_only_from_itself(tmp_path: Path, encoder) -> None:  # type: ignore[no-untyped-def]
    """Ask in "alpha" about what only "beta" holds: zero passages, no answer written (only the question's
    restatement for a second search and the critic model's reading of alpha's closest passage), nothing of beta in
    the response; ask in "beta": beta's chunks only; each history holds its own run only."""
    for name, text in (("alpha", "Project Falcon launches its satellite in June from Andøya."),
                       ("beta", "Project Heron launches its satellite in October from Kiruna.")):
        folder = tmp_path / name
        folder.mkdir()
        (folder / f"{name}.txt").write_text(text, "utf-8")
        create_workspace(name)
        with Workspace.open(name, Settings(), encoder) as ws:
            list(ws.ingest([folder]))
    question = "When and from where does Project Heron launch its satellite?"
    restater = ScriptedLLM("restater").enqueue("Project Heron satellite launch date and site")
    reader = ScriptedLLM("reader").enqueue([-3.0, -3.0, -0.1, -0.1])  # log P of yes, Yes, no, No: not answered
    with Workspace.open("alpha", Settings(), encoder) as ws:
        r_alpha = run_to_end(ask(question, workspace=ws, models=Models(restater, reader, reader))).response
    assert [c.kind for c in restater.calls] == ["complete"] and [c.kind for c in reader.calls] == ["score"]
    assert "Falcon" in reader.calls[0].messages[-1]["content"] and r_alpha["evidence"] == []
    assert r_alpha["status"] == "needs_clarification" and "Kiruna" not in json.dumps(r_alpha)
    writer, judge = ScriptedLLM("w"), ScriptedLLM("j")
    with Workspace.open("beta", Settings(), encoder) as ws:
        writer.enqueue(lambda m: "Project Heron launches in October from Kiruna [c1].")
        judge.enqueue({"unsupported_claims": [], "conflicting_evidence": [], "logical_gaps": [],
                       "hallucination_detected": False, "needs_retry": False, "confidence": 0.9},
                      {"faithfulness": 0.9, "relevance": 0.9, "completeness": 0.9, "reasoning_quality": 0.9,
                       "improvement_suggestions": []})
        r_beta = run_to_end(ask(question, workspace=ws, models=Models(writer, judge, judge))).response
    assert {Path(e["document"]).name for e in r_beta["evidence"]} == {"beta.txt"}
    assert "Falcon" not in json.dumps(r_beta["evidence"])
    assert [h["id"] for h in History("alpha").list()] == [r_alpha["id"]]
    assert [h["id"] for h in History("beta").list()] == [r_beta["id"]]
