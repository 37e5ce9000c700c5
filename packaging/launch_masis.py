"""Entry script of the frozen ``masis`` command (PyInstaller runs it as ``__main__``)."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen child process must not re-run the CLI
    from masis_desktop.cli.main import main

    sys.exit(main())
