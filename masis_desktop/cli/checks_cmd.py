"""``masis checks``: every audit check with its id, effect, pack and rationale, and whether settings switch it on.

The registry (``core/checks/registry.py``) is the one place checks are declared; this prints it, so a user who sees
"flagged by: pack.prices.bands" under a sentence can find what the check does and switch it off
(``settings.checks.ignore`` or the pack in Settings).
"""

from __future__ import annotations

import argparse

from masis_desktop.cli.output import print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("checks", help="list the audit's checks (id, effect, pack, rationale)",
                       description="List every check of the audit: its id (as findings name it), its effect (refuse: "
                                   "forces a retry; lower: lowers confidence; hint: advice), its pack and rationale, "
                                   "and whether the current settings run it.")
    p.add_argument("prefix", nargs="?", default="", help="only ids starting with this (e.g. facts, pack.prices)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_checks)


def cmd_checks(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from masis_desktop.core.checks.registry import ALL_CHECKS, PACKS, Selection, describe, measured
    from masis_desktop.settings import load_settings

    settings = load_settings()
    selection = Selection.from_settings(settings.checks, settings.pipeline.strictness)
    data = measured()
    counts = data.get("checks", {})
    answer_mode = data.get("answer_mode", {}).get("checks", {})  # hand-judged answer-mode firings
    chosen = [c for c in ALL_CHECKS if c.id == args.prefix or c.id.startswith(args.prefix)]
    if args.json:
        print_json([{"id": c.id, "effect": selection.effect(c.id), "registered_effect": c.effect, "pack": c.pack,
                     "scope": c.scope, "rationale": c.rationale, "enabled": selection.enabled(c.id),
                     "measured": counts.get(c.id), "measured_answer_mode": answer_mode.get(c.id)}
                    for c in chosen])
        return 0
    for pack, title in PACKS.items():
        print(f"{pack}: {title} ({'on' if pack in selection.packs else 'off'})")
    print("effect: refuse = forces a retry; lower = only lowers confidence; hint = advice. "
          "'-' = switched off. [right/wrong] = measured firings on right/wrong answers (critic mode; "
          "[answer mode r/w]: judged by hand in answer-mode runs)")
    print()
    for check in sorted(chosen, key=lambda c: c.id):
        row = counts.get(check.id)
        tally = f" [{row['right']}/{row['wrong']}]" if row else ""
        if (seen := answer_mode.get(check.id)) is not None:
            tally += f" [answer mode {seen['right']}/{seen['wrong']}]"
        shown = replace(check, effect=selection.effect(check.id))
        print(("  " if selection.enabled(check.id) else "- ") + describe(shown) + tally)
    return 0
