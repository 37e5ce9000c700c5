"""Entry script of the frozen ``masis-desktop`` window (PyInstaller runs it as ``__main__``)."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen child process must not re-open the window
    from masis_desktop.ui.app import main

    sys.exit(main())
