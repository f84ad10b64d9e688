#!/usr/bin/env python3
"""Writes assets/fights/savage.fight.json: a Savage Worlds shootout on the
demo street's map, two Wild Cards against two Extras."""
import json, pathlib

root = pathlib.Path(__file__).resolve().parent.parent
demo = json.loads((root / "assets/fights/demo.fight.json").read_text())
traits = {"quickness": 3, "coordination": 3, "acuity": 3, "fortitude": 3, "bravery": 3}
colt = {"name": "Colt Peacemaker", "short": 12, "medium": 24, "long": 48, "rof": 1, "damage": [6, 6]}
rifle = {"name": "Winchester '73", "short": 24, "medium": 48, "long": 96, "rof": 1, "damage": [8, 6]}

def person(id, name, sw, reflexes=6, quick=0):
    lc = {"reflexes": reflexes}
    if quick:
        lc["quick_draw"] = quick
    return {"id": id, "name": name, "traits": traits, "move": 6, "run": 12, "size": 6, "savage": sw, "lead_chrome": lc}

fight = {
    "format": "hexslinger/fight", "version": 1,
    "name": "Savage Worlds: Shootout on Main Street", "rules": "savage",
    "map": demo["map"],
    "characters": [
        person("marshal", "Marshal Dane", {"wild_card": True, "agility": 8, "spirit": 8, "strength": 8, "vigor": 8,
                                           "fighting": 8, "shooting": 8, "athletics": 6, "melee": 6, "gun": colt}),
        person("doc", "Doc Harlan", {"wild_card": True, "agility": 10, "spirit": 6, "strength": 6, "vigor": 6,
                                     "fighting": 4, "shooting": 10, "athletics": 6, "gun": colt}),
        person("bandit", "Bandit", {"agility": 6, "spirit": 6, "strength": 6, "vigor": 6,
                                    "fighting": 6, "shooting": 6, "athletics": 4, "melee": 4, "gun": rifle}),
    ],
    "figures": [
        {"id": "marshal", "character": "marshal", "side": "posse", "at": "J8", "facing": "E"},
        {"id": "doc", "character": "doc", "side": "posse", "at": "C10", "facing": "E"},
        {"id": "bandit-1", "character": "bandit", "side": "outlaws", "at": "K8", "facing": "W"},
        {"id": "bandit-2", "character": "bandit", "side": "outlaws", "at": "T8", "facing": "W"},
    ],
}
(root / "assets/fights/savage.fight.json").write_text(json.dumps(fight, indent=1) + "\n")
