"""Generators of hostile inputs. Every file is made by the tests, from a seed; nothing binary is committed.

``build_hostile_folder`` writes one folder mixing good documents with everything an analyst's share may contain
and returns, per file name, what the ingest must say about it (``Expect``). The owners' bad-input test
(tests/core/test_ingest_bad_input.py) already covers one truncated/garbled/encrypted/scanned PDF, an ELF renamed
``.txt``, a self-looping symlink and a folder loop; this folder adds what it does not: fuzzed PDF variants, DOCX
bombs (decompression, entity expansion, external entities), UTF-16/UTF-8 byte-order marks, invalid UTF-8, odd and
undecodable file names, FIFOs, device links, a two-link symlink cycle, a sparse over-limit file, a base64 "word"
longer than any chunk, and real permission errors (the ingest runs without ``CAP_DAC_OVERRIDE`` when root).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tests.core.ingest_fixtures import make_docx, make_encrypted_pdf, make_pdf, make_scanned_pdf

SEED = 8
XXE_SECRET = "XXE-SENTINEL-7f3a9c"  # written to a file an external entity points at: must never be indexed
BOMB_BYTES = 256 * 1024 * 1024  # what the DOCX bomb's document.xml expands to (about 250 kB compressed)

# Facts only the good files state; the search must find each after the hostile run.
GOOD_FACTS = {
    "good_report.pdf": ("Kestrel depot ships 4,812 parcels per week.", "How many parcels does the Kestrel depot ship?"),
    "good_policy.docx": ("", "How far ahead must employees book flights?"),
    "plain notes.md": ("The Osprey vault code rotates every 19 days.", "How often does the Osprey vault code rotate?"),
    "utf16le.txt": ("The Heron relay sits on mast 31.", "Which mast holds the Heron relay?"),
    "utf16be.txt": ("The Plover bridge carries 7 lanes.", "How many lanes does the Plover bridge carry?"),
    "utf8-bom.md": ("The Gannet archive closes at 17:45.", "When does the Gannet archive close?"),
    "cp1252-invalid-utf8.txt": ("Müller café pays 23 € per order.", ""),
}


@dataclass(frozen=True)
class Expect:
    """What the ingest must report for one file: one of ``statuses`` and, if given, ``reason`` in the message."""

    statuses: tuple[str, ...]
    reason: str = ""
    group: str = ""


_CONTENT_TYPES = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                  b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                  b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                  b'<Default Extension="xml" ContentType="application/xml"/>'
                  b'<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
                  b'officedocument.wordprocessingml.document.main+xml"/></Types>')
_RELS = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
         b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
         b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
         b'officeDocument" Target="word/document.xml"/></Relationships>')


def _docx_with(document_xml: bytes, path: Path) -> Path:
    """A minimal but valid DOCX package around the given ``word/document.xml``."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", _CONTENT_TYPES)
        zf.writestr("_rels/.rels", _RELS)
        zf.writestr("word/document.xml", document_xml)
    return path


W_NS = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _paragraph_xml(*texts: bytes, doctype: bytes = b"") -> bytes:
    body = b"".join(b"<w:p><w:r><w:t>" + t + b"</w:t></w:r></w:p>" for t in texts)
    return (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' + doctype
            + b"<w:document " + W_NS + b"><w:body>" + body + b"</w:body></w:document>")


def make_docx_bomb(path: Path, expanded: int = BOMB_BYTES) -> Path:
    """A DOCX whose document.xml honestly declares ``expanded`` bytes (one text run of 'A's), ~1000:1 deflated;
    streamed, so the test itself never holds it in memory."""
    head = b'<?xml version="1.0" encoding="UTF-8"?><w:document ' + W_NS + b"><w:body><w:p><w:r><w:t>"
    tail = b"</w:t></w:r></w:p></w:body></w:document>"
    block = b"A" * (1 << 20)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("[Content_Types].xml", _CONTENT_TYPES)
        zf.writestr("_rels/.rels", _RELS)
        with zf.open("word/document.xml", "w", force_zip64=True) as fh:
            fh.write(head)
            remaining = expanded - len(head) - len(tail)
            while remaining > 0:
                piece = block[: min(len(block), remaining)]
                fh.write(piece)
                remaining -= len(piece)
            fh.write(tail)
    return path


def make_billion_laughs_docx(path: Path) -> Path:
    """Entity expansion ("billion laughs"): 10 levels of 10x; a parser that expands it needs gigabytes."""
    ents = [b'<!ENTITY lol0 "lol">']
    for i in range(1, 10):
        ents.append(b"<!ENTITY lol%d \"" % i + b"".join(b"&lol%d;" % (i - 1) for _ in range(10)) + b'">')
    doctype = b"<!DOCTYPE w:document [" + b"".join(ents) + b"]>"
    return _docx_with(_paragraph_xml(b"Laughs: &lol9;", b"The Egret hangar holds 12 drones.", doctype=doctype),
                      path)


def make_xxe_docx(path: Path, secret_file: Path) -> Path:
    """An external entity pointing at a local file: its content must never reach the index."""
    doctype = b'<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file://' + str(secret_file).encode() + b'">]>'
    return _docx_with(_paragraph_xml(b"Leak: &xxe;", b"The Crane depot opens at 06:00.", doctype=doctype), path)


def pdf_variants(good: bytes, rng: random.Random, count: int) -> list[tuple[str, bytes]]:
    """Seeded corruptions of a good PDF: truncations, byte flips, zeroed ranges, lost xref/trailer."""
    out: list[tuple[str, bytes]] = []
    n = len(good)
    for i in range(count):
        kind = i % 6
        data = bytearray(good)
        if kind == 0:
            cut = rng.randint(16, n - 1)
            out.append((f"fuzz-{i:02d}-truncated-at-{cut}.pdf", bytes(data[:cut])))
            continue
        if kind == 1:
            for _ in range(rng.randint(1, 40)):
                data[rng.randrange(n)] = rng.randrange(256)
            label = "flipped"
        elif kind == 2:
            a = rng.randrange(n)
            b = min(n, a + rng.randint(1, 2048))
            data[a:b] = bytes(b - a)
            label = "zeroed"
        elif kind == 3:
            pos = good.rfind(b"xref")
            data = bytearray(good[:pos] + b"%%EOF\n") if pos > 0 else data
            label = "no-xref"
        elif kind == 4:
            a = rng.randrange(n // 2)
            b = a + rng.randint(1, n // 2)
            data = bytearray(good[:a] + good[b:])
            label = "hole"
        else:
            a = rng.randrange(n)
            data = bytearray(good[:a] + rng.randbytes(512) + good[a:])
            label = "spliced"
        out.append((f"fuzz-{i:02d}-{label}.pdf", bytes(data)))
    return out


def _odd_names() -> dict[str, str]:
    """File name -> text. Names a user's share really contains; each must index and keep its name."""
    return {
        "café-ñandú.txt": "The Ibis kiosk sells 40 maps.",
        "cafe\u0301-decomposed.md": "The Swift pier is 300 metres long.",
        "名前 メモ.txt": "The Rook tower has 9 floors.",
        "📄 report.md": "The Wren garage fits 14 vans.",
        "  spaces  around  .txt": "The Lark hall seats 220 people.",
        "two\nlines.txt": "The Tern ferry leaves at 08:10.",
        "tab\there.txt": "The Finch lab runs 5 furnaces.",
        "-rf --no-preserve-root.txt": "The Snipe dock has 3 cranes.",
        "<img src=x onerror=alert(1)>.txt": "The Shrike gate opens at dawn.",
        "it's \"quoted\" & $HOME.txt": "The Dipper pool is 25 metres.",
        "back\\slash.txt": "The Stilt mill grinds 8 tonnes.",
        ("L" * 240) + ".txt": "The Avocet school has 31 classes.",
    }


def build_hostile_folder(root: Path, *, seed: int = SEED, drop_permissions: bool = True) -> dict[str, Expect]:
    """Write the hostile folder under ``root`` and return the expected outcome per file name."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    expect: dict[str, Expect] = {}

    # --- good documents (the rest of the folder must index) ---------------------------------------------------
    good_pdf = make_pdf(root / "good_report.pdf", [["Kestrel depot ships 4,812 parcels per week."],
                                                   ["Second page: the depot opened in 2019."]])
    make_docx(root / "good_policy.docx")
    (root / "plain notes.md").write_text("# Notes\n\nThe Osprey vault code rotates every 19 days.\n", "utf-8")
    for name in ("good_report.pdf", "good_policy.docx", "plain notes.md"):
        expect[name] = Expect(("indexed",), group="good documents")

    # --- PDFs: fuzzed variants of a good one, and password cases ----------------------------------------------
    pdf_dir = root / "pdf"
    pdf_dir.mkdir()
    for name, data in pdf_variants(good_pdf.read_bytes(), rng, 24):
        (pdf_dir / name).write_bytes(data)
        expect[name] = Expect(("indexed", "failed"), group="fuzzed PDFs (truncated, flipped, zeroed, no xref, "
                                                           "holes, spliced)")
    make_encrypted_pdf(pdf_dir / "empty-user-password.pdf", good_pdf, password="")
    expect["empty-user-password.pdf"] = Expect(("indexed",), group="PDF encrypted with an empty user password")
    make_encrypted_pdf(pdf_dir / "locked-aes.pdf", good_pdf, password="s3cret")
    expect["locked-aes.pdf"] = Expect(("failed",), "encrypted PDF", group="PDF encrypted with a password")
    make_scanned_pdf(pdf_dir / "image-only.pdf")
    expect["image-only.pdf"] = Expect(("failed",), "scanned", group="PDF without a text layer")
    (pdf_dir / "header-only.pdf").write_bytes(b"%PDF-1.7\n")
    expect["header-only.pdf"] = Expect(("failed",), "PDF", group="truncated PDFs (header only)")
    (pdf_dir / "pdf-named.txt").write_bytes(good_pdf.read_bytes())
    expect["pdf-named.txt"] = Expect(("indexed",), group="PDF content under a .txt name")

    # --- DOCX bombs and broken packages -----------------------------------------------------------------------
    docx_dir = root / "docx"
    docx_dir.mkdir()
    make_docx_bomb(docx_dir / "zip-bomb.docx")
    expect["zip-bomb.docx"] = Expect(("failed",), "decompress", group="DOCX zip bomb")
    make_billion_laughs_docx(docx_dir / "billion-laughs.docx")
    expect["billion-laughs.docx"] = Expect(("indexed", "failed"), group="DOCX entity expansion (billion laughs)")
    secret = root.parent / "xxe-secret.txt"
    secret.write_text(XXE_SECRET, "utf-8")
    make_xxe_docx(docx_dir / "xxe.docx", secret)
    expect["xxe.docx"] = Expect(("indexed", "failed"), group="DOCX external entity (XXE)")
    policy = (root / "good_policy.docx").read_bytes()
    (docx_dir / "truncated.docx").write_bytes(policy[: len(policy) // 2])
    expect["truncated.docx"] = Expect(("failed",), "DOCX", group="truncated DOCX")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("hello.txt", "not a word document")
    (docx_dir / "plain-zip.docx").write_bytes(buf.getvalue())
    expect["plain-zip.docx"] = Expect(("failed",), "DOCX", group="zip that is not a DOCX")
    (docx_dir / "ole-header.docx").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + rng.randbytes(4000))
    expect["ole-header.docx"] = Expect(("failed",), "encrypted", group="password-protected (OLE) DOCX")

    # --- encodings ----------------------------------------------------------------------------------------------
    enc = root / "encodings"
    enc.mkdir()
    (enc / "utf16le.txt").write_bytes(b"\xff\xfe" + "The Heron relay sits on mast 31.\n".encode("utf-16-le"))
    (enc / "utf16be.txt").write_bytes(b"\xfe\xff" + "The Plover bridge carries 7 lanes.\n".encode("utf-16-be"))
    (enc / "utf8-bom.md").write_bytes(b"\xef\xbb\xbf# Gannet\n\nThe Gannet archive closes at 17:45.\n")
    for name in ("utf16le.txt", "utf16be.txt", "utf8-bom.md"):
        expect[name] = Expect(("indexed",), group="UTF-16 / UTF-8 with BOM")
    (enc / "cp1252-invalid-utf8.txt").write_bytes("Müller café pays 23 € per order. ".encode("cp1252") * 40)
    expect["cp1252-invalid-utf8.txt"] = Expect(("indexed",), group="invalid UTF-8 (legacy 8-bit text)")
    broken = b"The Curlew sluice opens at high tide. " * 30
    mangled = bytearray(broken)
    for pos in rng.sample(range(len(mangled)), 12):
        mangled[pos] = rng.choice([0x80, 0xBF, 0xC0, 0xFE, 0xFF])
    (enc / "utf8-with-bad-bytes.txt").write_bytes(bytes(mangled))
    expect["utf8-with-bad-bytes.txt"] = Expect(("indexed", "failed", "skipped"), group="invalid UTF-8 (stray bytes)")
    (enc / "bom-lies.txt").write_bytes(b"\xff\xfe" + b"\x00\xd8" + b"A")  # lone surrogate, odd length
    expect["bom-lies.txt"] = Expect(("failed",), "byte-order mark", group="UTF-16 BOM with invalid content")

    # --- binaries under text names ------------------------------------------------------------------------------
    binary = root / "binary"
    binary.mkdir()
    (binary / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + rng.randbytes(3000))
    (binary / "archive.md").write_bytes(b"\x1f\x8b\x08\x00" + rng.randbytes(3000))
    (binary / "sqlite.csv").write_bytes(b"SQLite format 3\x00" + bytes(4080))
    for name in ("image.txt", "archive.md", "sqlite.csv"):
        expect[name] = Expect(("skipped", "failed"), group="binary renamed .txt/.md/.csv")

    # --- sizes and giant tokens -----------------------------------------------------------------------------
    blob = rng.randbytes(512 * 1024).hex()  # 1 MB without whitespace or punctuation: one [UNK] "token"
    (root / "hex-dump.txt").write_text("Payload follows. " + blob + " End of payload.", "utf-8")
    expect["hex-dump.txt"] = Expect(("indexed",), group="1 MB 'word' without whitespace (hex dump)")
    long_md = "# " + "# " * 25_000 + "end\n" + " ".join(rng.randbytes(rng.randint(200, 3000)).hex()
                                                       for _ in range(700))
    (root / "one-line.md").write_text(long_md, "utf-8")  # heading regexes must stay linear on such lines
    expect["one-line.md"] = Expect(("indexed",), group="Markdown with 50 kB and 1 MB lines")
    with open(root / "sparse.log", "wb") as fh:
        fh.truncate(101 * 1024 * 1024)  # over the 100 MB default limit, without using the disk
    expect["sparse.log"] = Expect(("skipped",), "too large", group="sparse file over the size limit")

    # --- names ------------------------------------------------------------------------------------------------
    names = root / "names"
    names.mkdir()
    for name, text in _odd_names().items():
        (names / name).write_text(text + "\n", "utf-8")
        expect[name] = Expect(("indexed",), group="odd file names (unicode, spaces, newline, markup, 244 bytes)")
    undecodable = os.fsencode(names) + b"/latin1-\xe9t\xe9.txt"
    with open(undecodable, "wb") as fh:
        fh.write(b"The Pipit cellar stores 80 barrels.\n")
    # reported under a printable form of its name (the bytes shown as \xe9), never as a crash
    expect[b"latin1-\xe9t\xe9.txt".decode("utf-8", "backslashreplace")] = Expect(
        ("skipped",), "not valid UTF-8", group="file name that is not valid UTF-8")

    # --- special files and links -------------------------------------------------------------------------------
    special = root / "special"
    special.mkdir()
    os.mkfifo(special / "pipe.txt")
    expect["pipe.txt"] = Expect(("skipped",), "not a regular file", group="named pipe (FIFO) named .txt")
    (special / "zero.txt").symlink_to("/dev/zero")
    expect["zero.txt"] = Expect(("skipped",), "not a regular file", group="symlink to /dev/zero")
    (special / "loop-a.txt").symlink_to(special / "loop-b.txt")
    (special / "loop-b.txt").symlink_to(special / "loop-a.txt")
    for name in ("loop-a.txt", "loop-b.txt"):
        expect[name] = Expect(("failed",), "symlink loop", group="two-link symlink cycle")

    # --- permissions ------------------------------------------------------------------------------------------
    if drop_permissions:
        perm = root / "perm"
        perm.mkdir()
        (perm / "locked.txt").write_text("The Merlin safe holds 6 ledgers.\n", "utf-8")
        (perm / "locked.txt").chmod(0)
        expect["locked.txt"] = Expect(("failed",), "permission denied", group="permission denied (file, folder)")
        closed = perm / "closed-folder"
        closed.mkdir()
        (closed / "inside.txt").write_text("unreachable\n", "utf-8")
        closed.chmod(0)
        expect["closed-folder"] = Expect(("failed",), "permission denied", group="permission denied (file, folder)")
    return expect


def restore_permissions(root: Path) -> None:
    """Let pytest's tmp_path clean-up delete what the test locked (folders first, so their files are reachable)."""
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            if not p.is_symlink():
                with contextlib.suppress(OSError):
                    p.chmod(0o755 if p.is_dir() else 0o644)


def write_single_line(path: Path, size: int, *, seed: int = SEED) -> dict[str, int]:
    """``size`` bytes of text on one line (no newline at all), streamed in 64 kB pieces from a seeded pool;
    returns the bytes of each kind of content.

    The pool mixes what single-line files hold: hex dumps (words of 200-8,000 characters, each one over-long
    "token" for the tokenizer), prose sentences and separator-only runs (a CSV without line breaks), so every
    splitting path of the chunker runs: sentences, word boundaries inside an over-long sentence, cuts inside a
    token longer than a chunk, and windows. Hex dominates the bytes: the tokenizer reads ~1 MB/s of prose on this
    CPU, and 50 MB of prose would make this one test take minutes without testing anything more.
    """
    rng = random.Random(seed)
    words = ["depot", "sector", "parcel", "ledger", "harbour", "convoy", "relay", "quota", "audit", "vessel",
             "tariff", "crate", "manifest", "berth", "freight", "signal", "border", "permit", "tanker", "pallet"]
    pool: list[tuple[bytes, Counter[str]]] = []
    for i in range(24):
        parts: list[str] = []
        kinds: Counter[str] = Counter()
        length = 0
        while length < 64 * 1024:
            roll = rng.random()
            if roll < 0.165:
                kind = "hex"
                piece = rng.randbytes(rng.randint(100, 4000)).hex() + " "
            elif roll < 0.935:
                kind = "prose"
                piece = " ".join(rng.choice(words) for _ in range(rng.randint(6, 18))).capitalize() + \
                    f" {rng.randint(1, 99999)}. "
            else:
                kind = "csv"
                piece = ";".join(str(rng.randint(0, 9999)) for _ in range(rng.randint(20, 120))) + " "
            parts.append(piece)
            kinds[kind] += len(piece)
            length += len(piece)
        pool.append((f"[segment {i}] ".encode() + "".join(parts).encode(), kinds))
    written = 0
    share: Counter[str] = Counter()
    with open(path, "wb") as fh:
        while written < size:
            data, kinds = pool[rng.randrange(len(pool))]
            piece = data[: size - written]
            fh.write(piece)
            written += len(piece)
            for kind, n in kinds.items():
                share[kind] += n * len(piece) // len(data)
    return dict(share)
