"""MASIS Desktop: offline, self-correcting question answering over your own documents.

Importing the package sets the Hugging Face / transformers offline switches *first*, so no later import
(sentence-transformers, transformers, huggingface_hub) can ever reach a hub from this process, and libgomp's spin
count (``threads_env``) before faiss or llama.cpp loads it.
"""

from masis_desktop.offline import enforce_offline_env
from masis_desktop.threads_env import set_thread_spin

enforce_offline_env()
set_thread_spin()  # before faiss or llama.cpp loads libgomp

__version__ = "0.1.0"
