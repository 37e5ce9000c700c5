"""A minimal GGUF header reader: enough to tell a real GGUF from anything else and read ``general.name``.

We read only the fixed header and the key/value section (never tensors), so checking a multi-GB file is instant.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from masis_desktop.errors import ModelError

GGUF_MAGIC = b"GGUF"
_SCALARS = {
    0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d",
}
_STRING, _ARRAY = 8, 9
_MAX_KV = 100_000
_MAX_STR = 64 * 1024 * 1024


@dataclass
class GGUFHeader:
    version: int
    tensor_count: int
    kv_count: int
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str | None:
        value = self.metadata.get("general.name")
        return value if isinstance(value, str) else None

    @property
    def architecture(self) -> str | None:
        value = self.metadata.get("general.architecture")
        return value if isinstance(value, str) else None


def _read(fh: BinaryIO, n: int) -> bytes:
    data = fh.read(n)
    if len(data) != n:
        raise ModelError("truncated GGUF header")
    return data


def _read_string(fh: BinaryIO) -> str:
    (length,) = struct.unpack("<Q", _read(fh, 8))
    if length > _MAX_STR:
        raise ModelError("GGUF string too long (corrupt header)")
    return _read(fh, length).decode("utf-8", errors="replace")


def _read_value(fh: BinaryIO, vtype: int, keep: bool) -> Any:
    if vtype in _SCALARS:
        fmt = _SCALARS[vtype]
        return struct.unpack(fmt, _read(fh, struct.calcsize(fmt)))[0]
    if vtype == _STRING:
        return _read_string(fh)
    if vtype == _ARRAY:
        (itype,) = struct.unpack("<I", _read(fh, 4))
        (count,) = struct.unpack("<Q", _read(fh, 8))
        if itype in _SCALARS and not keep:  # skip big arrays (token tables) without decoding them
            fh.seek(struct.calcsize(_SCALARS[itype]) * count, 1)
            return None
        items = [_read_value(fh, itype, keep) for _ in range(count)]
        return items if keep else None
    raise ModelError(f"unknown GGUF value type {vtype} (corrupt header)")


def read_header(path: Path, wanted: tuple[str, ...] = ("general.name", "general.architecture")) -> GGUFHeader:
    """Parse the header of ``path``; raise ``ModelError`` with a reason if it is not a readable GGUF file."""
    try:
        with open(path, "rb") as fh:
            magic = fh.read(4)
            if magic != GGUF_MAGIC:
                raise ModelError(f"{path.name} is not a GGUF file (magic bytes {magic!r}, expected b'GGUF')")
            version, tensor_count, kv_count = struct.unpack("<IQQ", _read(fh, 20))
            if version not in (2, 3):
                raise ModelError(f"{path.name}: unsupported GGUF version {version}")
            if kv_count > _MAX_KV:
                raise ModelError(f"{path.name}: implausible GGUF key count {kv_count} (corrupt header)")
            header = GGUFHeader(version=version, tensor_count=tensor_count, kv_count=kv_count)
            for _ in range(kv_count):
                key = _read_string(fh)
                (vtype,) = struct.unpack("<I", _read(fh, 4))
                value = _read_value(fh, vtype, keep=key in wanted or key.startswith("general."))
                if key in wanted or key.startswith("general."):
                    header.metadata[key] = value
            return header
    except OSError as exc:
        raise ModelError(f"cannot read {path}: {exc.strerror or exc}") from exc
