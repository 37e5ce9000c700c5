"""The desktop UI (PySide6, Qt Widgets): the only package that imports Qt."""
