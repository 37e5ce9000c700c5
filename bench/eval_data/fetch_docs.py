"""Genre 3, technical documentation as whole files: fetch the Debian packages and lay out two document folders.

    .venv/bin/python bench/eval_data/fetch_docs.py      # -> artifacts/eval-data/docs/{dev,test}/

Each split has its own folder, so dev and test questions are about different documents:

- ``dev/``: 32 pages of the Python 3.11 library reference (HTML, from ``python3.11-doc``, what the ``python3-doc``
  package installs), the Debian Developer's Reference as a PDF (Sphinx/LaTeX: a table of contents, running headers
  and footers, hyphenated line ends, footnotes) and the Debian New Maintainers' Guide as plain text;
- ``test/``: 30 other pages of the Python library reference, "An Introduction to R" as a PDF (Texinfo/TeX: the
  same hazards in another style, from ``r-doc-pdf``) and the Debian FAQ as plain text.

The Debian Policy Manual (``debian-policy``) is deliberately not used: it is reserved for an independent check.
Questions: ``tests/data/eval/docs/dev.jsonl`` and ``test.jsonl`` (evidence paths are relative to these folders).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debs import ARTIFACTS, Package, describe, extract, fresh_folder, place

PYTHON_DOC = Package("python3.11-doc", "3.11.2-6+deb12u9", "all", "debian-security/pool/updates/main/p/python3.11",
                     "5b3594189d6ef9a6963ce0347fd307a1cc67620ad697e144db366070e2e146be")
DEVREF = Package("developers-reference", "12.18", "all", "debian/pool/main/d/developers-reference",
                 "0dba82f6fa16e373f2a84ad07e7971aa9264ad2e7d2ae46b37edbc9c5fd57e2e")
MAINT_GUIDE = Package("maint-guide", "1.2.53", "all", "debian/pool/main/m/maint-guide",
                      "762c8a400a36668d2eb814a3ba356b06488fd889dfce478eb11d5cfb189a47b5")
DEBIAN_FAQ = Package("debian-faq", "11.1", "all", "debian/pool/main/d/debian-faq",
                     "427426e0cfa6888622fc1d72631071cb4b5a1f86ccde722e7820bcef284de5d0")
R_DOC_PDF = Package("r-doc-pdf", "4.2.2.20221110-2", "all", "debian/pool/main/r/r-base",
                    "beb104ad5818d261f280a868294645ca31d7c63365f2c9a55aa3ca9aad5aa71d")

PYTHON_LIBRARY = "usr/share/doc/python3.11/html/library"
DEV_PAGES = (
    "atexit", "base64", "bisect", "bz2", "calendar", "copy", "csv", "fnmatch", "fractions", "getpass", "glob",
    "gzip", "hashlib", "heapq", "hmac", "json", "platform", "pprint", "queue", "sched", "secrets", "shlex",
    "shutil", "statistics", "tempfile", "textwrap", "timeit", "tomllib", "uuid", "webbrowser", "zipapp", "zlib",
)
TEST_PAGES = (
    "array", "cmath", "colorsys", "compileall", "configparser", "dbm", "difflib", "errno", "filecmp", "fileinput",
    "getopt", "graphlib", "linecache", "lzma", "math", "mimetypes", "netrc", "plistlib", "py_compile", "random",
    "reprlib", "shelve", "stat", "struct", "tabnanny", "tarfile", "venv", "warnings", "zipfile", "zoneinfo",
)


def main() -> int:
    print("fetching and verifying the packages")
    python_doc = extract(PYTHON_DOC)
    devref = extract(DEVREF)
    maint = extract(MAINT_GUIDE)
    faq = extract(DEBIAN_FAQ)
    rdoc = extract(R_DOC_PDF)
    assert not set(DEV_PAGES) & set(TEST_PAGES)

    dev = fresh_folder(ARTIFACTS / "docs" / "dev")
    for page in DEV_PAGES:
        place(python_doc / PYTHON_LIBRARY / f"{page}.html", dev / "python" / "library" / f"{page}.html")
    place(devref / "usr/share/developers-reference/developers-reference.pdf", dev / "developers-reference.pdf")
    place(maint / "usr/share/doc/maint-guide/maint-guide.en.txt.gz", dev / "maint-guide.en.txt")

    test = fresh_folder(ARTIFACTS / "docs" / "test")
    for page in TEST_PAGES:
        place(python_doc / PYTHON_LIBRARY / f"{page}.html", test / "python" / "library" / f"{page}.html")
    place(rdoc / "usr/share/R/doc/manual/R-intro.pdf", test / "R-intro.pdf")
    place(faq / "usr/share/doc/debian/FAQ/debian-faq.en.txt.gz", test / "debian-faq.en.txt")

    print(describe(dev))
    print(describe(test))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
