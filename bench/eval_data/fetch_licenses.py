"""Genre 4, legal texts: the licences Debian ships in ``base-files`` as one folder of plain-text documents.

    .venv/bin/python bench/eval_data/fetch_licenses.py      # -> artifacts/eval-data/licenses/

Licences are the contract-like text a desktop user most often has at hand: long numbered sections, defined terms,
conditions and exceptions, and several versions of one licence that differ in exactly the details a question asks
about (GPL-2 against GPL-3, LGPL-2.1 against LGPL-3, MPL-1.1 against MPL-2.0). Both splits use the one folder, so
each version is the other's distractor; the questions differ by document: ``tests/data/eval/licenses/dev.jsonl``
asks about GPL-3, LGPL-2.1, Apache-2.0, Artistic, CC0-1.0 and GFDL-1.3, ``test.jsonl`` about GPL-2, LGPL-3,
MPL-2.0, MPL-1.1, GFDL-1.2, GPL-1, LGPL-2 and BSD.

Files get a ``.txt`` suffix (as a user saving them would; the app skips files without an extension). The three
version-less names (``GPL``, ``LGPL``, ``GFDL``) are symlinks to the latest version and are left out.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debs import ARTIFACTS, Package, describe, extract, fresh_folder, place

BASE_FILES = Package("base-files", "12.4+deb12u15", "amd64", "debian/pool/main/b/base-files",
                     "3eb1ea6d85488f488cc2a163b98ad640ef88cee4c79287cf14e361aaf6206f47")
LICENSES = ("Apache-2.0", "Artistic", "BSD", "CC0-1.0", "GFDL-1.2", "GFDL-1.3", "GPL-1", "GPL-2", "GPL-3", "LGPL-2",
            "LGPL-2.1", "LGPL-3", "MPL-1.1", "MPL-2.0")


def main() -> int:
    print("fetching and verifying the package")
    tree = extract(BASE_FILES)
    folder = fresh_folder(ARTIFACTS / "licenses")
    for name in LICENSES:
        place(tree / "usr/share/common-licenses" / name, folder / f"{name}.txt")
    print(describe(folder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
