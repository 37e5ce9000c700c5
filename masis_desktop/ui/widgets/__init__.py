"""Widgets of the main window, one concern per module."""
