"""The ``masis`` command line: readable text for people, ``--json`` for scripts. No Qt here."""
