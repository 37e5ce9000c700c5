"""Checks written for one kind of document (price lists, schedules, business pages). They read that genre's
conventions, so each is registered under a pack id (``pack.prices``, ``pack.schedules``, ``pack.business``) that a
user can switch off in Settings; see ``core.checks.registry``."""
