"""Workspaces: the SQLite catalog (documents, pages, chunks, FTS5), the FAISS index, reconciliation, hybrid search.

Public entry point: ``masis_desktop.core.store.workspace`` (``Workspace``, ``create_workspace``, ...).
"""
