"""The genre-free base every check reads: cited chunks and claims with their offsets (``claims``), quantities,
clauses, days and bands (``bands``; a claim's values against the band holding the question's number in
``band_fit``; ``cases``, ``terms``), figures computed from stated ones (``arithmetic``, over the ``counts`` and
``products`` a question or claim gives), the evidence shown to the models with its provenance (``evidence``) and the
support span the UI highlights (``support``). Imports only ``core.text`` below it."""
