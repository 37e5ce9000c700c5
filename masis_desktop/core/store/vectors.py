"""The FAISS index of a workspace: ids are catalog chunk rowids, vectors are L2-normalised, metric inner product.

Exact search (``IndexIDMap2`` over ``IndexFlatIP``) until ``ANN_MIN_VECTORS``; above it an ``IndexIVFFlat`` (inner
product, ids stored natively, hashtable direct map so vectors can be removed and reconstructed). bench/retrieval.py
measured exact search at ~0.7 ms (10k) and ~8.5 ms (100k) p50 for one query on this 2-core machine: fine alone, but
the hybrid search also runs BM25 and an embedding, so the switch happens at 50k where exact search passes ~4 ms.
The IVF list count follows ``4 * sqrt(n)``; it is retrained when the index grows 4x past its training size, and
an index that shrinks below half the threshold goes back to exact search.

Saving is atomic: write to a temp file in the same folder, fsync, ``os.replace``, fsync the folder. The catalog is
the source of truth; the index file may lag it after a crash and is reconciled on open (see ``workspace.py``).
"""

from __future__ import annotations

import math
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

import faiss as _faiss
import numpy as np

faiss: Any = _faiss  # the bundled type stubs lag the SWIG API (DirectMap, get_xb, ...)

# One query at a time gains nothing from OpenMP, and on a busy 2-core laptop OpenMP threads waiting on each other
# made a 20k exact search take 48 ms instead of 1.4 ms (measured under load). Searches run single-threaded; IVF
# training (a batch job) temporarily uses every core.
SEARCH_THREADS = 1
faiss.omp_set_num_threads(SEARCH_THREADS)

ANN_MIN_VECTORS = 50_000
IVF_NPROBE_FRACTION = 16  # nprobe = nlist / 16 (at least 8): recall@10 >= 0.97 in bench/retrieval.py


def _ivf_nlist(n: int) -> int:
    return int(min(4096, max(64, 4 * math.sqrt(n))))


class VectorIndex:
    def __init__(self, dimension: int, path: Path) -> None:
        self.dimension = dimension
        self.path = path
        self._lock = threading.RLock()
        self._index: Any = self._new_flat()
        self._trained_on = 0
        self.file_signature: tuple[int, int, int] | None = None  # (inode, size, mtime_ns) of the file we loaded

    # --- construction -----------------------------------------------------------------------------------------
    def _new_flat(self) -> Any:
        return faiss.IndexIDMap2(faiss.IndexFlatIP(self.dimension))

    def _new_ivf(self, vectors: np.ndarray) -> Any:
        nlist = _ivf_nlist(len(vectors))
        quantizer = faiss.IndexFlatIP(self.dimension)
        index = faiss.IndexIVFFlat(quantizer, self.dimension, nlist, faiss.METRIC_INNER_PRODUCT)
        index.own_fields = True
        quantizer.this.disown()
        rng = np.random.default_rng(0)
        sample = vectors if len(vectors) <= nlist * 64 else vectors[rng.choice(len(vectors), nlist * 64, False)]
        index.train(np.ascontiguousarray(sample, dtype=np.float32))
        index.set_direct_map_type(faiss.DirectMap.Hashtable)
        index.nprobe = max(8, nlist // IVF_NPROBE_FRACTION)
        return index

    @property
    def kind(self) -> str:
        return "ivf" if isinstance(self._index, faiss.IndexIVF) else "flat"

    @property
    def ntotal(self) -> int:
        with self._lock:
            return int(self._index.ntotal)

    # --- persistence ------------------------------------------------------------------------------------------
    def load(self) -> bool:
        """Load the saved index; False (and an empty index) if the file is missing, unreadable or of another size."""
        with self._lock:
            self._index = self._new_flat()
            self._trained_on = 0
            self.file_signature = None
            if not self.path.exists():
                return False
            try:
                index = faiss.read_index(str(self.path))
            except RuntimeError:
                return False
            if index.d != self.dimension:
                return False
            if isinstance(index, faiss.IndexIVF):  # read_index returns the owning, already downcast object
                index.set_direct_map_type(faiss.DirectMap.Hashtable)
                self._trained_on = index.ntotal
            self._index = index
            self.file_signature = self._signature()
            return True

    def _signature(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def changed_on_disk(self) -> bool:
        """True when another process replaced the file since we loaded or saved it."""
        return self._signature() != self.file_signature

    def save(self) -> None:
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".faiss.", suffix=".tmp", dir=self.path.parent)
            os.close(fd)
            try:
                faiss.write_index(self._index, tmp)
                with open(tmp, "rb+") as fh:
                    os.fsync(fh.fileno())
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            dir_fd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
            self.file_signature = self._signature()

    # --- content ----------------------------------------------------------------------------------------------
    def ids(self) -> np.ndarray:
        with self._lock:
            index = self._index
            if isinstance(index, faiss.IndexIVF):
                lists = index.invlists
                parts = [faiss.rev_swig_ptr(lists.get_ids(i), lists.list_size(i)).copy()
                         for i in range(index.nlist) if lists.list_size(i)]
                return np.concatenate(parts).astype(np.int64) if parts else np.zeros(0, dtype=np.int64)
            return faiss.vector_to_array(index.id_map).astype(np.int64)

    def add(self, ids: np.ndarray | list[int], vectors: np.ndarray) -> None:
        if len(ids) == 0:
            return
        ids_arr = np.ascontiguousarray(ids, dtype=np.int64)
        vecs = np.ascontiguousarray(vectors, dtype=np.float32)
        with self._lock:
            self._index.add_with_ids(vecs, ids_arr)

    def remove(self, ids: np.ndarray | list[int]) -> int:
        if len(ids) == 0:
            return 0
        with self._lock:
            return int(self._index.remove_ids(np.ascontiguousarray(ids, dtype=np.int64)))

    def reconstruct(self, ids: list[int]) -> dict[int, np.ndarray]:
        """Stored vectors of the given ids (absent ids are skipped)."""
        out: dict[int, np.ndarray] = {}
        with self._lock:
            for chunk_id in ids:
                try:
                    out[chunk_id] = self._index.reconstruct(int(chunk_id))
                except RuntimeError:
                    continue
        return out

    def search(self, query: np.ndarray, k: int) -> list[tuple[int, float]]:
        with self._lock:
            if self._index.ntotal == 0 or k <= 0:
                return []
            q = np.ascontiguousarray(query.reshape(1, -1), dtype=np.float32)
            scores, ids = self._index.search(q, min(k, int(self._index.ntotal)))
        return [(int(i), float(s)) for s, i in zip(scores[0], ids[0], strict=True) if i >= 0]

    # --- maintenance ------------------------------------------------------------------------------------------
    def _all_vectors(self) -> tuple[np.ndarray, np.ndarray]:
        ids = self.ids()
        if isinstance(self._index, faiss.IndexIVF):
            vecs = np.vstack([self._index.reconstruct(int(i)) for i in ids]) if len(ids) else np.zeros(
                (0, self.dimension), dtype=np.float32)
        else:
            flat = faiss.downcast_index(self._index.index)
            vecs = faiss.rev_swig_ptr(flat.get_xb(), flat.ntotal * self.dimension).reshape(-1, self.dimension).copy()
        return ids, vecs

    def maintain(self) -> str | None:
        """Switch exact <-> approximate or retrain when the size calls for it; returns what was done, if anything."""
        with self._lock:
            n = int(self._index.ntotal)
            kind = self.kind
            if kind == "flat" and n >= ANN_MIN_VECTORS:
                action = "switched to IVF"
            elif kind == "ivf" and n < ANN_MIN_VECTORS // 2:
                action = "switched to exact"
            elif kind == "ivf" and self._trained_on and n > 4 * self._trained_on:
                action = "retrained IVF"
            else:
                return None
            ids, vecs = self._all_vectors()
            faiss.omp_set_num_threads(os.cpu_count() or 1)
            try:
                index = self._new_flat() if action == "switched to exact" else self._new_ivf(vecs)
                index.add_with_ids(np.ascontiguousarray(vecs, dtype=np.float32), ids)
            finally:
                faiss.omp_set_num_threads(SEARCH_THREADS)
            self._index = index
            self._trained_on = 0 if action == "switched to exact" else n
            return action

    def reset(self) -> None:
        with self._lock:
            self._index = self._new_flat()
            self._trained_on = 0
