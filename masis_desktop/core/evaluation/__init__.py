"""Evaluation harness: measure retrieval, the critic and whole answers on a JSONL question set.

The pure parts (dataset, metrics, bootstrap, report, resumable run log) have no heavy imports, so tests and the
CLI load them cheaply; the modes that need a workspace or models import the store and the pipeline lazily.
"""
