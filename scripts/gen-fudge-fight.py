#!/usr/bin/env python3
"""Writes assets/fights/fudge.fight.json: a Fudge brawl on the demo street's
map with every Combat Options module on."""
import json, pathlib

root = pathlib.Path(__file__).resolve().parent.parent
demo = json.loads((root / "assets/fights/demo.fight.json").read_text())
traits = {"quickness": 3, "coordination": 3, "acuity": 3, "fortitude": 3, "bravery": 3}

def person(id, name, fu):
    return {"id": id, "name": name, "traits": traits, "move": 6, "run": 12, "size": 6, "fudge": fu}

fight = {
    "format": "hexslinger/fight", "version": 1,
    "name": "Fudge: the Brawl at the Lucky Nugget", "rules": "fudge",
    "options": {"fudge": {"armor_coverage": True, "shield_checks": True, "shield_damage": True,
                          "wound_track": True, "damage_checks": True, "recovery_in_combat": True}},
    "map": demo["map"],
    "characters": [
        person("sheriff", "Sheriff Bart", {"melee": "Great", "ranged": "Good", "damage_capacity": "Good",
                                            "weapon_damage": 2, "armor": {"name": "leather vest", "av": 1, "cv": 1}}),
        person("bruiser", "Big Ned", {"melee": "Good", "ranged": "Poor", "damage_capacity": "Great",
                                      "weapon_damage": 1, "shield": "Fair", "has_shield": True, "shield_points": 6}),
    ],
    "figures": [
        {"id": "sheriff", "character": "sheriff", "side": "posse", "at": "J8", "facing": "E"},
        {"id": "bruiser", "character": "bruiser", "side": "outlaws", "at": "K8", "facing": "W"},
    ],
}
(root / "assets/fights/fudge.fight.json").write_text(json.dumps(fight, indent=1) + "\n")
