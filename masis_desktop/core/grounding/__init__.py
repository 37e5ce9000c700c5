"""The genre-free base every check reads: cited chunks and claims with their offsets (``claims``), quantities,
clauses, days and bands (``bands``, ``cases``, ``terms``), figures computed from stated ones (``arithmetic``), the
evidence shown to the models with its provenance (``evidence``) and the support span the UI highlights
(``support``). Imports only ``core.text`` below it."""
