"""MASIS Desktop: offline, self-correcting question answering over your own documents.

Importing the package sets the Hugging Face / transformers offline switches *first*, so no later import
(sentence-transformers, transformers, huggingface_hub) can ever reach a hub from this process.
"""

from masis_desktop.offline import enforce_offline_env

enforce_offline_env()

__version__ = "0.1.0"
