"""MASIS beyond one process: a local HTTP API (``masis serve``, seed 003's route) and an MCP server (``masis mcp``,
seed 004's ``critique_answer`` tool), both over the same core. Qt-free, like the rest of the core.

    auth.py      the bearer token (generated once, stored 0600 in the user's config)
    queue.py     bounded FIFO admission of model work, cancellable requests
    runtime.py   what both servers ask of the core: workspaces, models, ask, search, critique, history
    app.py       the FastAPI app (``/masis/...``, OpenAPI page at ``/docs``)
    mcp_tools.py the MCP server (official ``mcp`` SDK): ``critique_answer``, ``ask``, ``search``
"""
