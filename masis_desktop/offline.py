"""The offline switches. Kept dependency-free so it can run before anything else is imported."""

import os

OFFLINE_ENV = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "HF_HUB_DISABLE_IMPLICIT_TOKEN": "1",
    "DO_NOT_TRACK": "1",
    "TOKENIZERS_PARALLELISM": "false",
}


def enforce_offline_env() -> None:
    """Force every hub-related library into offline mode for this process and its children."""
    for key, value in OFFLINE_ENV.items():
        os.environ[key] = value
