"""One small family of typed errors; the CLI and the UI each present them in exactly one place."""

from __future__ import annotations


class MasisError(Exception):
    """Base class: every error the user should see as a clear message (not a traceback)."""

    exit_code = 1


class ModelError(MasisError):
    """A model file is missing, unverified, not GGUF, or failed to load/generate."""

    exit_code = 3


class ModelMissingError(ModelError):
    pass


class ModelVerificationError(ModelError):
    pass


class WorkspaceError(MasisError):
    """Bad workspace name, missing workspace, or a workspace-level problem."""

    exit_code = 4


class IngestError(MasisError):
    """A single document could not be read; carried as a per-file result, never fatal for the batch."""


class IndexError_(MasisError):
    """The catalog / vector index is inconsistent or unreadable."""


class StructuredOutputError(ModelError):
    """The model did not produce a valid object for the requested schema within its retry budget."""


class CancelledError(MasisError):
    """The user cancelled; callers treat it as a normal, clean stop."""

    exit_code = 130


class SettingsError(MasisError):
    exit_code = 2
