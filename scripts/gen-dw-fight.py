#!/usr/bin/env python3
"""Writes assets/fights/dragonwarriors.fight.json: Dragon Warriors II's
worked example, Sir Rolf against Squire Lennox, on the demo street's map."""
import json, pathlib

root = pathlib.Path(__file__).resolve().parent.parent
demo = json.loads((root / "assets/fights/demo.fight.json").read_text())
traits = {"quickness": 3, "coordination": 3, "acuity": 3, "fortitude": 3, "bravery": 3}
fight = {
    "format": "hexslinger/fight",
    "version": 1,
    "name": "Sir Rolf and Squire Lennox",
    "rules": "dragonwarriors",
    "map": demo["map"],
    "characters": [
        {"id": "rolf", "name": "Sir Rolf", "traits": traits, "move": 5, "run": 10, "size": 6,
         "dragon_warriors": {"attack": 14, "defence": 14, "toughness": 13, "reflexes": 10},
         "lead_chrome": {"reflexes": 10}},
        {"id": "lennox", "name": "Squire Lennox", "traits": traits, "move": 5, "run": 10, "size": 6,
         "dragon_warriors": {"attack": 11, "defence": 10, "toughness": 10, "reflexes": 11},
         "lead_chrome": {"reflexes": 11}},
    ],
    "figures": [
        {"id": "rolf", "character": "rolf", "side": "posse", "at": "J8", "facing": "E"},
        {"id": "lennox", "character": "lennox", "side": "outlaws", "at": "K8", "facing": "W"},
    ],
}
(root / "assets/fights/dragonwarriors.fight.json").write_text(json.dumps(fight, indent=1) + "\n")
