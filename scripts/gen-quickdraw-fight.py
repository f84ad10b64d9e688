#!/usr/bin/env python3
"""Writes assets/fights/quickdraw.fight.json: the demo showdown with Lead
and Chrome's Quick-Draw allowed, every character given Reflexes and a
Quick-Draw skill."""
import json, pathlib

root = pathlib.Path(__file__).resolve().parent.parent
fight = json.loads((root / "assets/fights/demo.fight.json").read_text())
fight["name"] = "Showdown on Main Street, with the Quick-Draw"
fight.setdefault("options", {})["quick_draw"] = True
skills = {"cyril": (6, 2), "miranda": (7, 3), "zeke": (5, 1), "jeb": (5, 1)}
for c in fight["characters"]:
    r, q = skills.get(c["id"], (5, 0))
    c["lead_chrome"] = {"reflexes": r, "quick_draw": q}
(root / "assets/fights/quickdraw.fight.json").write_text(json.dumps(fight, indent=1) + "\n")
