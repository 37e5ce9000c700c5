"""Local models: manifest, fetch and verification, GGUF checks, the llama.cpp runtime and test doubles."""
