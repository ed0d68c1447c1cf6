"""Odds before committing (issue 16 item 3): the chances of the outcomes of a legal action that commits to a
chance event, computed from what the acting role may know (:mod:`.known`) by a fast resolver of the rules as
the engine applies them (:mod:`.resolver`); :mod:`.questions` says which actions and how."""

from __future__ import annotations

from typing import Any

from ashur.core.contract import State
from ashur.games.assyrian_wars.ctx import Ctx


def odds(state: State, role: str, action_id: str, view: dict[str, Any], content: Any) -> dict[str, Any] | None:
    """:meth:`ashur.core.contract.Game.odds` for Assyrian Wars: None unless `action_id` is legal for `role` now
    and leads to a battle (6.7), a siege action (6.8), an interception (6.6.9), an evasion (6.6.10), a sortie
    (6.8), a raid or the attack on a Raid Box's occupant (6.15).
    `view` is the role's view of `state` (all it may know of the pieces), `content` the game's data."""
    from ashur.games.assyrian_wars.odds import questions
    from ashur.games.assyrian_wars.odds.known import Known

    act = next((a for a in view.get("actions") or [] if a["id"] == action_id), None)
    if act is None or not state["stack"]:
        return None
    ctx = Ctx(state, content)
    known = Known(ctx, view)
    frame = state["stack"][-1]
    step = frame.get("step")
    if step == "move" and action_id.startswith("to:"):
        return questions.move_odds(ctx, known, frame, action_id)
    if step == "raid_place" and frame.get("stage") == "displace" and action_id.startswith("attack:"):
        return questions.displace_odds(ctx, known, frame, action_id)
    if action_id == "raid" and step == "impulse":
        return questions.raid_odds(ctx, known, frame)
    if (action_id.startswith("sortie:") and step == "impulse") or (action_id == "sortie" and step == "siege_action"):
        return questions.sortie_odds(ctx, known, frame, action_id, str(frame.get("c") if step == "impulse"
                                                                        else frame["queue"][0]["c"]))
    if action_id.startswith("siege:"):
        return questions.siege_odds(ctx, known, action_id)
    if step == "entry" and action_id.startswith(("intercept:", "intercept_armies:")):
        return questions.interception_odds(ctx, known, frame, action_id.replace("intercept_armies:", "intercept:"))
    if step == "entry" and action_id.startswith(("evade:", "evade_hasty:")):
        return questions.evasion_odds(ctx, known, frame, action_id, str(act.get("params", {}).get("how", "")))
    if step == "entry" and action_id == "stay" and (frame.get("queue") or [{}])[0].get("q") == "evade":
        return questions.stay_odds(ctx, known, frame)
    return None
