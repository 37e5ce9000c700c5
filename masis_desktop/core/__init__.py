"""The Qt-free core: ingestion, index, retrieval, models and the MASIS pipeline.

Nothing under this package may import PySide6 (checked by import-linter and by a test).
"""
