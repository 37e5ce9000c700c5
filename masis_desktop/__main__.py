"""``python -m masis_desktop``: the desktop app (``python -m masis_desktop.cli.main`` is the CLI)."""

import sys

from masis_desktop.ui.app import main

sys.exit(main())
