"""The window's behaviour, one controller per feature: workspaces, documents and ingestion, history, ask, export,
settings. Each acts on the widgets of ``ui/layout.py`` and shares state only through ``session.Session``."""
