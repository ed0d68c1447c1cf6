"""Response cards (6.11.e) and the card effects on interceptions, evasions and hunger sieges (6.6.9,
6.6.10, 6.8.1).

A response is played right after its condition, interrupts the phasing country's action and takes effect
before that action goes on (6.11.e). The rules open the windows (``rules/land/entry.py``,
``rules/land/siege.py``); the effects here change the pending procedure through its frame, which the rules
consult:

* the ``entry`` frame of a force entering an area (6.6.9, 6.6.10): ``int_auto`` (an army intercepts
  without a roll), ``int_mods`` (a modifier of one interception roll), ``evasions`` + ``eva_auto`` (a
  declared evasion without a roll), ``eva_mods`` (a modifier of one force's evasion roll), ``eva_blocked``
  (an evasion that fails without a roll);
* the ``siege_action`` frame of a hunger siege advance (6.8.1): ``raised`` is the increase just made, which
  the ``hunger_siege_advanced`` window may cancel before the city's surrender is checked;
  :func:`siege.advance_hunger` raises the number by a card (the garrison may sortie first, 6.8).

Cards: 13 Hezekiah's Tunnel, 18 Mountain Refuge, 69 Hunger in the City, 74 Scouts, 76 Cut Off the Retreat,
77 Ambush, 78 Feigned Flight. Two events that contradict each other: the later one prevails (6.11), so an
automatic evasion and a failed one replace each other, and an automatic interception is not stopped by an
earlier "cannot be intercepted".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder
from ashur.games.assyrian_wars.rules.base.forces import force, forces_at
from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged
from ashur.games.assyrian_wars.rules.course.card_effects import effects_frame, op
from ashur.games.assyrian_wars.rules.course.events import IMPULSE, card_rule
from ashur.games.assyrian_wars.rules.land import evasion, interception, siege
from ashur.games.assyrian_wars.rules.land.entry import present
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
Option = tuple[str, dict[str, Any]]  # (the value chosen, the parameters of its label)


# --- the situation a response answers ---------------------------------------------------------------
def _trigger(frame: Frame) -> str | None:
    """The response trigger: in the window it is the frame's, once announced it is in the context."""
    return frame.get("trigger") or frame["context"].get("trigger")


def _response_to(frame: Frame, trigger: str) -> bool:
    return frame["how"] == "response" and _trigger(frame) == trigger


def _entry(ctx: Ctx, frame: Frame, phase: str) -> Frame | None:
    """The entry (6.6.9, 6.6.10) whose window this is: the innermost one, into the window's area, waiting
    in `phase` (``declare`` before the declarations, ``intercepts`` after them)."""
    entry = flow.find(ctx.s, "entry")
    if entry is None or entry["area"] != frame["context"].get("area") or entry["phase"] != phase:
        return None
    return entry


def _attacking(ctx: Ctx, entry: Frame, cid: str) -> bool:
    """`cid` is the entering country or has pieces in the entering force ("your attack")."""
    return cid == entry["c"] or any(ctx.owner(p) == cid for p in present(ctx, entry))


def _log_rule(ctx: Ctx, frame: Frame) -> str:
    return card_rule(ctx, frame["card"])


# --- the player's choices ----------------------------------------------------------------------------
#: what -> the continuation run with the chosen value (ctx, the effects frame, value, the choice's frame)
CHOSEN: dict[str, Callable[[Ctx, Frame, str, Frame], None]] = {}


def _choose(ctx: Ctx, frame: Frame, what: str, options: list[Option], **extra: Any) -> None:
    """Carry out the only option at once, or ask the card's player to pick one (the first is the default)."""
    if len(options) == 1:
        CHOSEN[what](ctx, frame, options[0][0], {"what": what, **extra})
        return
    flow.push(ctx.s, "response_choice", what=what, c=frame["c"], card=frame["card"],
              options=[[value, params] for value, params in options], rule=_log_rule(ctx, frame), **extra)


@FLOW.register
class ResponseChoice(Step[Ctx]):
    """The card's player picks the army, force, area or country the effect applies to (6.11: the
    decisions a card gives are its player's)."""

    kind = "response_choice"
    rule = "6.11.e"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"pick:{value}", f"aw.act.pick_{frame['what']}", frame["rule"], card=frame["card"],
                       **params) for value, params in frame["options"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": f"aw.prompt.pick_{frame['what']}",
                "params": {"country": actor, "card": frame["card"], "name": ctx.card(frame["card"]).name}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return (f"#{frame['card']} applies to one of the choices offered", frame["rule"])

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        CHOSEN[frame["what"]](ctx, effects_frame(ctx), act["id"].split(":", 1)[1], frame)


def chosen(what: str) -> Callable[[Callable[[Ctx, Frame, str, Frame], None]], Callable[..., None]]:
    def deco(fn: Callable[[Ctx, Frame, str, Frame], None]) -> Callable[..., None]:
        CHOSEN[what] = fn
        return fn
    return deco


# --- 77 Ambush: automatic interception (6.6.9) -------------------------------------------------------
def _ambushers(ctx: Ctx, entry: Frame, cid: str) -> list[dict[str, Any]]:
    """`cid`'s armies and army groups that may intercept into the entry's area (6.6.9: units with a leader,
    not Used, no blocking units, a crossing they may make). An automatic interception by a card declares no
    war (decision, as an automatic evasion): an army that could enter only by declaring war (8.1) keeps its
    ordinary interception with the declaration."""
    cands = interception.candidates(ctx, entry["area"], entry["c"], present(ctx, entry), entry["exclude"])
    return [a for a in cands if a["country"] == cid and a.get("commander") and a["fid"] not in entry["int_auto"]
            and not a.get("dow")]


def check_automatic_interception(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not _response_to(frame, "enemy_enters_adjacent_area"):
        return "an automatic interception answers an enemy force entering an area next to your army (6.11.e)"
    entry = _entry(ctx, frame, "declare")
    if entry is None or not present(ctx, entry):
        return "no enemy force is entering an area next to your armies now (6.6.9)"
    if not _ambushers(ctx, entry, frame["c"]):
        return f"none of your armies next to {entry['area']} can intercept into it (6.6.9)"
    return None


@op("automatic_interception", check_automatic_interception)
def automatic_interception(ctx: Ctx, frame: Frame, o: Any) -> None:
    entry = _entry(ctx, frame, "declare")
    armies = _ambushers(ctx, entry, frame["c"]) if entry is not None else []
    if not armies:
        ctx.log("aw.resp.no_effect", _log_rule(ctx, frame), country=frame["c"], card=frame["card"], applies="6.6.9")
        return
    _choose(ctx, frame, "ambush", [(a["fid"], {"force": a["fid"], "src": a["src"]}) for a in armies])


@chosen("ambush")
def _ambush(ctx: Ctx, frame: Frame, fid: str, choice: Frame) -> None:
    entry = _entry(ctx, frame, "declare")
    army = next((a for a in (_ambushers(ctx, entry, frame["c"]) if entry else []) if a["fid"] == fid), None)
    if entry is None or army is None:
        return
    entry["int_auto"].append(fid)
    log_fogged(ctx, "aw.resp.ambush", _log_rule(ctx, frame), list(army["pieces"]), country=frame["c"],
               card=frame["card"], force=fid, area=entry["area"], src=army["src"], applies="6.6.9",
               public="aw.resp.ambush_public",
               public_params={"country": frame["c"], "card": frame["card"], "area": entry["area"],
                              "src": army["src"], "applies": "6.6.9"})


# --- 18 Mountain Refuge, 78 Feigned Flight: automatic evasion (6.6.10) -------------------------------
def _own_field_forces(ctx: Ctx, entry: Frame, cid: str) -> list[str]:
    """`cid`'s forces outside the city of the entry's area, facing the entering enemy (6.6.10: a country's
    forces evade together)."""
    entering = set(present(ctx, entry))
    return [f["id"] for f in forces_at(ctx, entry["area"], city=False)
            if f["country"] == cid and ctx.at_war(cid, entry["c"]) and not entering & set(f["pieces"])]


def _pieces_of(ctx: Ctx, fids: list[str]) -> list[str]:
    out: list[str] = []
    for fid in fids:
        f = force(ctx, fid)
        out += f["pieces"] if f else []
    return out


def _auto_destinations(ctx: Ctx, entry: Frame, cid: str, where: str) -> list[tuple[str, str]]:
    """(destination, kind) of an automatic evasion: the city, an adjacent friendly area, or any destination
    of 6.6.10 (an evasion by a card declares no war, decision)."""
    pieces = _pieces_of(ctx, _own_field_forces(ctx, entry, cid))
    kinds = {"city": ("city",), "adjacent_friendly": ("friendly",),
             "any_legal": ("city", "friendly", "open", "enemy")}[where]
    return [(dest, kind) for dest, _mod, kind in evasion.destinations(ctx, cid, pieces, entry["area"],
                                                                      present(ctx, entry)) if kind in kinds]


def check_automatic_evasion(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not _response_to(frame, "enemy_enters_your_area"):
        return "an automatic evasion answers an enemy force entering an area with your forces (6.11.e)"
    entry = _entry(ctx, frame, "declare")
    if entry is None or entry["kind"] not in ("move", "reinforce") or not present(ctx, entry):
        return "no enemy force is entering an area with your forces now (6.6.10)"
    c = frame["c"]
    if not _own_field_forces(ctx, entry, c):
        return f"you have no forces outside a city in {entry['area']} (6.6.10)"
    if any(ev["c"] == c for ev in entry["evasions"]):
        return "your forces there have already declared their evasion (6.6.10)"
    if not _auto_destinations(ctx, entry, c, o.destination):
        return f"your forces in {entry['area']} have nowhere to evade to this way (6.6.10)"
    return None


@op("automatic_evasion", check_automatic_evasion)
def automatic_evasion(ctx: Ctx, frame: Frame, o: Any) -> None:
    entry = _entry(ctx, frame, "declare")
    dests = _auto_destinations(ctx, entry, frame["c"], o.destination) if entry is not None else []
    if not dests or any(ev["c"] == frame["c"] for ev in entry["evasions"]):  # type: ignore[index]
        ctx.log("aw.resp.no_effect", _log_rule(ctx, frame), country=frame["c"], card=frame["card"], applies="6.6.10")
        return
    _choose(ctx, frame, "evade_to", [(dest, {"area": dest}) for dest, _kind in dests], where=o.destination)


@chosen("evade_to")
def _evade_to(ctx: Ctx, frame: Frame, dest: str, choice: Frame) -> None:
    entry = _entry(ctx, frame, "declare")
    if entry is None:
        return
    c = frame["c"]
    kinds = dict(_auto_destinations(ctx, entry, c, choice["where"]))
    if dest not in kinds:
        ctx.log("aw.resp.no_effect", _log_rule(ctx, frame), country=c, card=frame["card"], applies="6.6.10")
        return
    fids = _own_field_forces(ctx, entry, c)
    entry["evasions"].append({"c": c, "dest": dest, "hasty": False, "kind": kinds[dest], "forces": fids,
                              "pieces": _pieces_of(ctx, fids)})
    entry["eva_auto"].append(c)
    if c in entry["eva_blocked"]:
        entry["eva_blocked"].remove(c)
    ctx.log("aw.resp.auto_evasion", _log_rule(ctx, frame), country=c, card=frame["card"], area=entry["area"],
            dest=dest, applies="6.6.10")


# --- 76 Cut Off the Retreat: an evasion fails (6.6.10) -----------------------------------------------
def _evaders_against(ctx: Ctx, entry: Frame, cid: str) -> list[str]:
    return [ev["c"] for ev in entry["evasions"] if ctx.at_war(ev["c"], cid)]


def check_prevent_evasion(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not _response_to(frame, "evasion_declared"):
        return "an evasion is cut off right after it is declared (6.11.e)"
    entry = _entry(ctx, frame, "intercepts")
    if entry is None:
        return "no evasion has been declared now (6.6.10)"
    if not _attacking(ctx, entry, frame["c"]):
        return "only an attacking country cuts off the evasion from its attack (6.6.10)"
    if not _evaders_against(ctx, entry, frame["c"]):
        return "no enemy force has declared an evasion from your attack (6.6.10)"
    return None


@op("prevent_evasion", check_prevent_evasion)
def prevent_evasion(ctx: Ctx, frame: Frame, o: Any) -> None:
    entry = _entry(ctx, frame, "intercepts")
    targets = [c for c in _evaders_against(ctx, entry, frame["c"]) if c not in entry["eva_blocked"]] \
        if entry is not None else []
    if not targets:
        ctx.log("aw.resp.no_effect", _log_rule(ctx, frame), country=frame["c"], card=frame["card"], applies="6.6.10")
        return
    _choose(ctx, frame, "cut_off", [(c, {"target": c}) for c in targets])


@chosen("cut_off")
def _cut_off(ctx: Ctx, frame: Frame, target: str, choice: Frame) -> None:
    entry = _entry(ctx, frame, "intercepts")
    if entry is None or target not in _evaders_against(ctx, entry, frame["c"]):
        return
    entry["eva_blocked"].append(target)
    if target in entry["eva_auto"]:
        entry["eva_auto"].remove(target)
    ctx.log("aw.resp.cut_off", _log_rule(ctx, frame), country=frame["c"], card=frame["card"], target=target,
            area=entry["area"], applies="6.6.10")


# --- 74 Scouts: modifiers of one interception or evasion roll (6.6.9, 6.6.10) -------------------------
def _int_targets(ctx: Ctx, entry: Frame, cid: str, side: str) -> list[Option]:
    """Interception rolls to modify: one of your attempts (by force), or an enemy country's attempts from
    one area (public: who tries from where)."""
    out: list[Option] = []
    for a in entry["attempts"]:
        if a["fid"] in entry["int_auto"]:
            continue
        if side == "own" and a["country"] == cid:
            out.append((a["fid"], {"force": a["fid"], "src": a["src"]}))
        elif side == "enemy" and ctx.at_war(a["country"], cid):
            value = f"{a['country']}@{a['src']}"
            if value not in [v for v, _p in out]:
                out.append((value, {"force": a["country"], "src": a["src"]}))
    return out


def _eva_targets(ctx: Ctx, entry: Frame, cid: str, side: str) -> list[Option]:
    """Evasion rolls to modify: one of your evading forces, or an enemy country's evasion (public)."""
    out: list[Option] = []
    for ev in entry["evasions"]:
        if ev["c"] in entry["eva_auto"]:
            continue
        if side == "own" and ev["c"] == cid:
            out += [(fid, {"force": fid, "dest": ev["dest"]}) for fid in ev["forces"]]
        elif side == "enemy" and ctx.at_war(ev["c"], cid):
            out.append((ev["c"], {"force": ev["c"], "dest": ev["dest"]}))
    return out


def _roll_modifier(trigger: str, targets: Callable[[Ctx, Frame, str, str], list[Option]], what: str,
                   roll: str, rule: str) -> tuple[Callable[[Ctx, Frame, Any], str | None],
                                                  Callable[[Ctx, Frame, Any], None]]:
    """The check and the handler of a card that modifies one declared interception or evasion roll (74
    Scouts): offered after the declaration (`trigger`), for a roll of the card player's side `applies_to`;
    the player picks which, and the choice `what` records the modifier."""

    def check(ctx: Ctx, frame: Frame, o: Any) -> str | None:
        if not _response_to(frame, trigger):
            return f"an {roll} roll is modified after the {roll}s are declared ({rule}, 6.11.e)"
        entry = _entry(ctx, frame, "intercepts")
        if entry is None or not targets(ctx, entry, frame["c"], o.applies_to):
            who = "your" if o.applies_to == "own" else "an enemy's"
            return f"no {roll} roll of {who} forces has been declared ({rule})"
        return None

    def run(ctx: Ctx, frame: Frame, o: Any) -> None:
        entry = _entry(ctx, frame, "intercepts")
        found = targets(ctx, entry, frame["c"], o.applies_to) if entry is not None else []
        if not found:
            ctx.log("aw.resp.no_effect", _log_rule(ctx, frame), country=frame["c"], card=frame["card"], applies=rule)
            return
        _choose(ctx, frame, what, [(v, {**p, "amount": o.amount}) for v, p in found], amount=o.amount)

    return check, run


check_interception_modifier, _interception_modifier = _roll_modifier(
    "interception_declared", _int_targets, "int_mod", "interception", "6.6.9")
op("interception_modifier", check_interception_modifier)(_interception_modifier)
check_evasion_modifier, _evasion_modifier = _roll_modifier(
    "evasion_declared", _eva_targets, "eva_mod", "evasion", "6.6.10")
op("evasion_modifier", check_evasion_modifier)(_evasion_modifier)


@chosen("int_mod")
def _int_mod(ctx: Ctx, frame: Frame, value: str, choice: Frame) -> None:
    entry = _entry(ctx, frame, "intercepts")
    if entry is None:
        return
    amount = int(choice.get("amount", 0))
    if "@" in value:
        country, src = value.split("@", 1)
        hit = [a for a in entry["attempts"] if a["country"] == country and a["src"] == src]
    else:
        hit = [a for a in entry["attempts"] if a["fid"] == value]
    for a in hit:
        entry["int_mods"][a["fid"]] = entry["int_mods"].get(a["fid"], 0) + amount
    if hit:
        a = hit[0]
        log_fogged(ctx, "aw.resp.interception_mod", _log_rule(ctx, frame), [p for h in hit for p in h["pieces"]],
                   country=frame["c"], card=frame["card"], target=a["country"], force=a["fid"], src=a["src"],
                   area=entry["area"], amount=amount, applies="6.6.9", public="aw.resp.interception_mod_public",
                   public_params={"country": frame["c"], "card": frame["card"], "target": a["country"],
                                  "src": a["src"], "area": entry["area"], "amount": amount, "applies": "6.6.9"})


@chosen("eva_mod")
def _eva_mod(ctx: Ctx, frame: Frame, value: str, choice: Frame) -> None:
    entry = _entry(ctx, frame, "intercepts")
    if entry is None:
        return
    amount = int(choice.get("amount", 0))
    evs = [ev for ev in entry["evasions"] if ev["c"] == value or value in ev["forces"]]
    if not evs:
        return
    fids = list(evs[0]["forces"]) if evs[0]["c"] == value else [value]
    for fid in fids:
        entry["eva_mods"][fid] = entry["eva_mods"].get(fid, 0) + amount
    log_fogged(ctx, "aw.resp.evasion_mod", _log_rule(ctx, frame), _pieces_of(ctx, fids), country=frame["c"],
               card=frame["card"], target=evs[0]["c"], force=value, area=entry["area"], amount=amount,
               applies="6.6.10", public="aw.resp.evasion_mod_public",
               public_params={"country": frame["c"], "card": frame["card"], "target": evs[0]["c"],
                              "area": entry["area"], "amount": amount, "applies": "6.6.10"})


# --- 13 Hezekiah's Tunnel, 69 Hunger in the City: the hunger siege number (6.8.1) ----------------------
def _raised(ctx: Ctx, area: str | None) -> Frame | None:
    """The hunger siege advance of `area` whose increase the ``hunger_siege_advanced`` window answers."""
    action_frame = flow.find(ctx.s, "siege_action")
    if action_frame is None or action_frame["area"] != area or action_frame["phase"] != "surrender" \
            or int(action_frame.get("raised", 0)) <= 0 or ctx.s["sieges"].get(area) is None:
        return None
    return action_frame


def check_hunger_siege_advance(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if o.amount == "cancel_increase":
        if not _response_to(frame, "hunger_siege_advanced"):
            return "the increase is cancelled right after a hunger siege number is raised (6.11.e)"
        area = frame["context"].get("area")
        if area is None or city_holder(ctx, area) != c:
            return "the city whose hunger siege number was raised is not yours (6.8.1)"
        if _raised(ctx, area) is None:
            return "there is no increase of its hunger siege number to cancel (6.8.1)"
        return None
    if frame["how"] != IMPULSE:
        return "the hunger siege number is raised by a card in your own impulse (6.11.k)"
    if not siege.hunger_sieges_of(ctx, c):
        return "you pursue no hunger siege that can advance now (6.8.1: a port only while blockaded)"
    return None


@op("hunger_siege_advance", check_hunger_siege_advance)
def hunger_siege_advance(ctx: Ctx, frame: Frame, o: Any) -> None:
    c = frame["c"]
    if o.amount == "cancel_increase":
        area = frame["context"].get("area")
        action_frame = _raised(ctx, area)
        if action_frame is None or city_holder(ctx, str(area)) != c:
            ctx.log("aw.resp.no_effect", _log_rule(ctx, frame), country=c, card=frame["card"], applies="6.8.1")
            return
        state = ctx.s["sieges"][area]
        state["level"] = max(0, int(state["level"]) - int(action_frame["raised"]))
        action_frame["raised"] = 0
        ctx.log("aw.resp.hunger_cancelled", _log_rule(ctx, frame), country=c, card=frame["card"], area=area,
                level=state["level"], surrender_at=siege.surrender_level(ctx, str(area)), applies="6.8.1")
        return
    areas = siege.hunger_sieges_of(ctx, c)
    if not areas:
        ctx.log("aw.resp.no_effect", _log_rule(ctx, frame), country=c, card=frame["card"], applies="6.8.1")
        return
    _choose(ctx, frame, "hunger", [(aid, {"area": aid, "amount": o.amount}) for aid in areas], amount=o.amount)


@chosen("hunger")
def _hunger(ctx: Ctx, frame: Frame, area: str, choice: Frame) -> None:
    if area not in siege.hunger_sieges_of(ctx, frame["c"]):
        return
    amount = int(choice["amount"])
    ctx.log("aw.resp.hunger_raised", _log_rule(ctx, frame), country=frame["c"], card=frame["card"], area=area,
            amount=amount, applies="6.8.1")
    siege.advance_hunger(ctx, area, frame["c"], amount, frame["card"])
