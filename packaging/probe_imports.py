"""List the modules the app really imports at run time (for build.spec).

transformers resolves model classes lazily by name, and PyInstaller's static analysis follows every
``if TYPE_CHECKING`` import, so it either misses what the embedder needs or drags in all 500+ model families.
This probe runs the code paths that import lazily (load the embedder and embed, a grammar-constrained completion
on the tiny model, ingest and search of the sample workspace when those commands exist) in a throw-away
MASIS_HOME, with the verified models standing in for the bundled ones, and prints the sorted module names as JSON
on the last line of stdout.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import pkgutil
import shutil
import sys
import tempfile
from pathlib import Path


def main() -> int:
    store = os.environ.get("MASIS_MODELS_DIR")
    import masis_desktop
    from masis_desktop import paths

    # Like a first run of the installed app: the verified models are "bundled" (read-only), the user's store and
    # MASIS_HOME are empty, so first-run work (e.g. the ONNX int8 export of the embedder) happens and is probed.
    os.environ["MASIS_BUNDLED_MODELS"] = store or str(paths.models_dir())
    home = tempfile.mkdtemp(prefix="masis-probe-")
    os.environ["MASIS_HOME"] = home
    os.environ["MASIS_MODELS_DIR"] = str(Path(home) / "models")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for info in pkgutil.walk_packages(masis_desktop.__path__, "masis_desktop."):
        if info.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(info.name)
        except Exception as exc:  # a module another engineer is still writing: report, keep probing
            print(f"probe: cannot import {info.name}: {exc}", file=sys.stderr)

    from pydantic import BaseModel

    from masis_desktop.core.embed import load_embedder
    from masis_desktop.core.llm import registry
    from masis_desktop.core.llm.llama import LlamaLLM

    load_embedder().encode(["The Oslo office opened in March 2018."])

    class Fact(BaseModel):
        city: str
        year: int

    llm = LlamaLLM(registry.require("test").path, name="probe", n_ctx=512)
    try:
        llm.structured([{"role": "user", "content": "Oslo office opened 2018. Give city and year."}], Fact,
                       max_tokens=24)
    except Exception as exc:  # the tiny model may not fill the schema; the imports happened anyway
        print(f"probe: structured call: {exc}", file=sys.stderr)
    finally:
        llm.close()

    from masis_desktop.cli.main import build_parser
    from masis_desktop.cli.main import main as cli

    commands = set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    sample = paths.sample_workspace_dir()
    if {"workspace", "ingest", "search"} <= commands and sample.is_dir():
        with contextlib.redirect_stdout(io.StringIO()):
            cli(["workspace", "create", "probe"])
            cli(["ingest", "probe", str(sample)])
            cli(["search", "probe", "remote work"])
    # Aliases (a deprecated name registered in sys.modules for another module) are not importable by name.
    real = [name for name, module in list(sys.modules.items())
            if getattr(getattr(module, "__spec__", None), "name", None) == name]
    shutil.rmtree(home, ignore_errors=True)
    print(json.dumps(sorted(real)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
