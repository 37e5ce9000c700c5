"""Ingestion: readers (one protocol, one module per format), the token-aware chunker, the ingestion generator.

Data path: file bytes -> reader -> ``PageText`` (the exact text every offset refers to) -> chunker -> ``ChunkSpan``
(page, char_start, char_end, heading) -> the workspace catalog (``core/store``).
"""
