"""Political card events (6.11.f): grace periods (7.1), camps and wars (7.4.1, 7.4.2), truces, revolts
(7.5.2.d), nomad control (10.1.1) and tribute (5.2).

* ``cancel_grace_period``: every grace period of a power ends ("Opposing Party Takes Command" — a power
  its player picks — and "Priests of Marduk"), or the one between two named countries ("Incite
  Hostilities", Elam and Persia) (7.1, ``grace.cancel_grace``).
* ``allow_camp_change``: the power may change camp at once, declaring war without AP cost (7.4.1): its
  player is offered a free declaration on any power of a camp it may now declare war on, or none.
* ``declare_war``: each of the two named countries, in impulse-track order, may declare war on the other
  without AP cost (its player is asked; a minor played under 7.4.5 cannot be made to).
* ``truce``: the two may not declare war on each other (and so not attack each other, 7.4.2) while the
  card lies face up (``state["truces"]``, read by ``war.can_declare``); the card keeps an existing peace.
* ``revolt``: a revolt marker on an unoccupied city, not a capital, of a country at war with the player
  (7.5.2.d: the next force to enter takes city and area).
* ``nomad_control``: the player plays the unallied tribes for the rest of the impulse round instead of the
  control roll (10.1.1); the card lies face up until the round ends.
* ``tribute_status``: a minor paying Assyria tribute by a tribute check (below pro status with Assyria)
  stops paying and is marked a refuser (5.2, 5.2.3).
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.cards.diplomacy import NONE, continuation, pick
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.course.card_effects import effects_frame, op
from ashur.games.assyrian_wars.rules.course.events import (
    IMPULSE,
    add_effect,
    card_rule,
    effects_of,
    lasting_cards,
    pay_event,
    remove_lasting,
)
from ashur.games.assyrian_wars.rules.course.tribute import end_tribute
from ashur.games.assyrian_wars.rules.politics import camps, grace
from ashur.games.assyrian_wars.rules.politics import secret_diplomacy as sd
from ashur.games.assyrian_wars.rules.politics.declarations import may_declare_for
from ashur.games.assyrian_wars.rules.politics.markers import PRO
from ashur.games.assyrian_wars.rules.politics.nomads import entered, on_map_pieces
from ashur.games.assyrian_wars.rules.politics.war import can_declare, declare_war, dow_cost
from ashur.games.assyrian_wars.rules.registry import HOOKS

Frame = dict[str, Any]
ASSYRIA = "assyria"


def _name(ctx: Ctx, frame: Frame) -> str:
    return str(ctx.card(frame["card"]).name)


def _no_effect(ctx: Ctx, frame: Frame, rule: str) -> None:
    ctx.log("aw.card_no_effect", rule, country=frame["c"], card=frame["card"], name=_name(ctx, frame))


def _impulse_only(frame: Frame) -> str | None:
    return None if frame["how"] == IMPULSE else "this card is played in the player's own impulse (6.11.f)"


def _standing(ctx: Ctx, cid: str) -> bool:
    """In the game and not eliminated (7.1 Elimination)."""
    return cid in ctx.s["countries"] and ctx.in_play(cid) and not ctx.s.get("eliminated", {}).get(cid)


def _powers(ctx: Ctx) -> list[str]:
    return [p for p in ctx.powers() if _standing(ctx, p)]


# --- cancel_grace_period (7.1) -----------------------------------------------------------------------------
def check_cancel_grace(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why = _impulse_only(frame)
    if why:
        return why
    if o.subject == "target_power":
        return None if _powers(ctx) else "no power is in the game (7.1)"
    for cid in (o.subject, o.other):
        if cid != "any" and not _standing(ctx, cid):
            return f"{cid} takes no part in the game now (7.1)"
    return None


@op("cancel_grace_period", check_cancel_grace)
def run_cancel_grace(ctx: Ctx, frame: Frame, o: Any) -> None:
    other = None if o.other == "any" else o.other
    if o.subject != "target_power":
        _cancel(ctx, {"who": frame["c"], "card": frame["card"], "other": other}, o.subject)
        return
    pick(ctx, frame["c"], "power", _powers(ctx), "cancel_grace", card=frame["card"], rule="7.1", other=other)


@continuation("cancel_grace")
def _cancel(ctx: Ctx, data: Frame, subject: str) -> None:
    effects_frame(ctx)["vars"]["target_power"] = subject
    ended = grace.cancel_grace(ctx, subject, data.get("other"), "7.1")
    ctx.log("aw.card_grace", "7.1", country=data["who"], card=data["card"], subject=subject,
            other=data.get("other"), n=ended)


# --- allow_camp_change (7.4.1) ------------------------------------------------------------------------------
def _camp_targets(ctx: Ctx, power: str) -> list[str]:
    """Powers of a camp `power` may declare war on now (changing or joining a camp, 7.4.1)."""
    return [p for p in _powers(ctx) if p != power and camps.camp_of(ctx, p) is not None
            and can_declare(ctx, power, p)[0]]


def _changer(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if o.who == "self":
        return str(frame["c"])
    if o.who == "target_power":
        return frame["vars"].get("target_power")
    return str(o.who)


def _may_change(ctx: Ctx, power: str) -> bool:
    """Some power of a camp, other than `power`, is not at war with it (a war to declare)."""
    return _standing(ctx, power) and ctx.is_power(power) and any(
        p != power and camps.camp_of(ctx, p) is not None and not ctx.at_war(power, p) for p in _powers(ctx))


def check_camp_change(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why = _impulse_only(frame)
    if why:
        return why
    power = _changer(ctx, frame, o)
    candidates = [power] if power is not None else _powers(ctx)
    if not any(_may_change(ctx, p) for p in candidates):
        return "no camp could be joined or left by a declaration of war (7.4.1)"
    return None


@op("allow_camp_change", check_camp_change)
def run_camp_change(ctx: Ctx, frame: Frame, o: Any) -> None:
    power = _changer(ctx, frame, o)
    if power is None:
        pick(ctx, frame["c"], "power", [p for p in _powers(ctx) if _may_change(ctx, p)], "camp_change",
             card=frame["card"], rule="7.4.1", free=o.free_declaration_of_war)
        return
    _camp_change(ctx, {"who": frame["c"], "card": frame["card"], "free": o.free_declaration_of_war}, power)


@continuation("camp_change")
def _camp_change(ctx: Ctx, data: Frame, power: str) -> None:
    """7.4.1: the card allows the power to change camp during the turn; with a free declaration the change
    is made at once (its player declares war on a power of a camp, or declines)."""
    had = power in ctx.s.get("camp_change_allowed", [])
    camps.allow_camp_change(ctx, power, "7.4.1")
    if not data["free"]:
        return
    targets = _camp_targets(ctx, power)
    if not targets or role_of(ctx, power) is None:
        _revoke(ctx, power, had)
        return
    pick(ctx, power, "war", [*targets, NONE], "camp_war", card=data["card"], rule="7.4.1", had=had)


def _revoke(ctx: Ctx, power: str, had: bool) -> None:
    allowed = ctx.s.get("camp_change_allowed", [])
    if not had and power in allowed:
        allowed.remove(power)


@continuation("camp_war")
def _camp_war(ctx: Ctx, data: Frame, target: str) -> None:
    power = data["who"]
    if target == NONE or not can_declare(ctx, power, target)[0]:
        _revoke(ctx, power, data["had"])
        ctx.log("aw.card_camp_kept", "7.4.1", country=power, card=data["card"])
        return
    ctx.log("aw.card_free_war", "7.4.1", country=power, target=target, card=data["card"])
    declare_war(ctx, power, target, "7.4.1")
    _revoke(ctx, power, data["had"])


# --- declare_war (7.4.2) --------------------------------------------------------------------------------------
def _pair(frame: Frame, o: Any) -> tuple[str, str] | None:
    return tuple(o.between) if o.between != "self_and_target" else None  # type: ignore[return-value]


def _could_declare(ctx: Ctx, a: str, b: str) -> bool:
    """`a` could declare war on `b` once this card's grace cancellation is done (7.1, 7.4.2)."""
    if not may_declare_for(ctx, a):
        return False
    ok, _reason, rule = can_declare(ctx, a, b)
    return ok or (rule == "7.1" and grace.grace_between(ctx, a, b) is not None)


def _war_targets(ctx: Ctx, c: str) -> list[str]:
    return [t for t in ctx.track() if t != c and ctx.kind(t) in ("power", "minor") and can_declare(ctx, c, t)[0]]


def check_declare(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why = _impulse_only(frame)
    if why:
        return why
    pair = _pair(frame, o)
    if pair is None:
        if not may_declare_for(ctx, frame["c"]) or not _war_targets(ctx, frame["c"]):
            return "no country the player may declare war on now (7.4.2)"
        return None
    a, b = pair
    if not (_standing(ctx, a) and _standing(ctx, b)):
        return f"{a} and {b} are not both in the game (7.4.2)"
    if ctx.at_war(a, b):
        return f"{a} and {b} are already at war (7.4.2)"
    if not (_could_declare(ctx, a, b) or _could_declare(ctx, b, a)):
        return f"neither {a} nor {b} may declare war on the other now (7.4.2)"
    return None


@op("declare_war", check_declare)
def run_declare(ctx: Ctx, frame: Frame, o: Any) -> None:
    pair = _pair(frame, o)
    if pair is None:
        targets = _war_targets(ctx, frame["c"])
        if not targets:
            _no_effect(ctx, frame, "7.4.2")
            return
        pick(ctx, frame["c"], "war", targets, "own_war", card=frame["card"], rule="7.4.2", free=o.free)
        return
    order = [x for x in ctx.track() if x in pair]
    queue = [[x, pair[1] if x == pair[0] else pair[0]] for x in order]
    _ask_next(ctx, {"card": frame["card"], "free": o.free, "by": frame["c"], "queue": queue})


@continuation("own_war")
def _own_war(ctx: Ctx, data: Frame, target: str) -> None:
    c = data["who"]
    if not data["free"]:
        pay_event(ctx, c, data["card"], dow_cost(ctx, c, target))
    ctx.log("aw.card_free_war", "7.4.2", country=c, target=target, card=data["card"])
    declare_war(ctx, c, target, "7.4.2")


def _ask_next(ctx: Ctx, data: Frame) -> None:
    """Ask the next of the two whether it declares war on the other (its player decides)."""
    while data["queue"]:
        who, target = data["queue"].pop(0)
        if ctx.at_war(who, target):
            return
        if may_declare_for(ctx, who) and can_declare(ctx, who, target)[0] and role_of(ctx, who) is not None:
            ask(ctx, "card_war", who, rule="7.4.2", target=target, **{k: v for k, v in data.items() if k != "target"})
            return


def _answer_card_war(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    target = data["target"]
    if choice == "declare" and not ctx.at_war(who, target) and can_declare(ctx, who, target)[0]:
        if not data["free"]:
            pay_event(ctx, who, data["card"], dow_cost(ctx, who, target))
        ctx.log("aw.card_free_war", "7.4.2", country=who, target=target, card=data["card"])
        declare_war(ctx, who, target, "7.4.2")
        return
    ctx.log("aw.card_war_declined", "7.4.2", country=who, target=target, card=data["card"])
    _ask_next(ctx, {k: v for k, v in data.items() if k != "target"})


register_question("card_war", ("declare", "decline"), _answer_card_war)


# --- truce (6.11.f) -------------------------------------------------------------------------------------------
#: a truce's duration -> how long the framework's lasting effect holds
TRUCE_UNTIL = {"this_impulse": "impulse", "next_impulse": "next_impulse", "this_turn": "turn", "permanent": "open"}


def check_truce(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why = _impulse_only(frame)
    if why:
        return why
    a, b = o.between
    if not (_standing(ctx, a) and _standing(ctx, b)):
        return f"{a} and {b} are not both in the game (6.11.f)"
    if ctx.at_war(a, b):
        return f"the card keeps a peace: {a} and {b} are at war (6.11.f)"
    if sorted([a, b]) in ctx.s.get("truces", []):
        return f"a truce between {a} and {b} is already in effect (6.11.f)"
    return None


@op("truce", check_truce)
def run_truce(ctx: Ctx, frame: Frame, o: Any) -> None:
    pair = sorted(o.between)
    add_effect(ctx, "truce", frame["c"], frame["card"], TRUCE_UNTIL[o.duration], pair=pair)
    sync_truces(ctx)
    ctx.log("aw.card_truce", card_rule(ctx, frame["card"]), card=frame["card"], a=pair[0], b=pair[1])


def sync_truces(ctx: Ctx) -> None:
    """``state["truces"]`` (read by ``war.can_declare``) holds the truces of the cards still in effect; a
    truce card whose truce is over leaves the table (6.11.l)."""
    live = effects_of(ctx, "truce")
    pairs: list[list[str]] = []
    for e in live:
        if e["pair"] not in pairs:
            pairs.append(list(e["pair"]))
    if pairs or "truces" in ctx.s:
        ctx.s["truces"] = pairs
    cards = {e["card"] for e in live}
    for entry in list(ctx.s["faceup"]):
        if entry["card"] not in cards and any(x.op == "truce" for x in ctx.card(entry["card"]).effect):
            remove_lasting(ctx, entry["card"], "6.11.f")


HOOKS.add_impulse_end(97, "truce cards", lambda ctx, impulse: sync_truces(ctx))
HOOKS.add_turn_start(2, "truce cards", sync_truces)


# --- revolt (7.5.2.d) -------------------------------------------------------------------------------------------
def revolt_areas(ctx: Ctx, frame: Frame, o: Any) -> list[str]:
    c = frame["c"]
    if o.target == "enemy_city":
        owners = [x for x in sorted(ctx.s["countries"]) if x != c and not ctx.is_nomad(x) and ctx.in_play(x)
                  and ctx.at_war(c, x)]
    else:
        owners = [p for p in _powers(ctx) if p != c]
    areas: list[str] = []
    for x in owners:
        areas += [a for a in sd.revolt_cities(ctx, x) if a not in areas]
    return sorted(areas)


def check_revolt(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why = _impulse_only(frame)
    if why:
        return why
    if not revolt_areas(ctx, frame, o):
        return "no unoccupied city, not a capital, of a country at war with the player (7.5.2.d)"
    return None


@op("revolt", check_revolt)
def run_revolt(ctx: Ctx, frame: Frame, o: Any) -> None:
    areas = revolt_areas(ctx, frame, o)
    if not areas:
        _no_effect(ctx, frame, "7.5.2.d")
        return
    pick(ctx, frame["c"], "revolt", areas, "revolt", card=frame["card"], rule="7.5.2.d")


@continuation("revolt")
def _revolt(ctx: Ctx, data: Frame, area: str) -> None:
    ctx.log("aw.card_revolt", "6.11.f", country=data["who"], card=data["card"], area=area)
    sd.place_revolt(ctx, area, "7.5.2.d")


# --- nomad_control (10.1.1) ---------------------------------------------------------------------------------------
def free_tribes(ctx: Ctx, o: Any) -> list[str]:
    """The named tribes in play on the map and allied to nobody (10.1.1 applies to them)."""
    return [n for n in o.nations if n in ctx.s["countries"] and ctx.in_play(n) and entered(ctx, n)
            and ctx.active(n) and on_map_pieces(ctx, n) and ctx.ally_power(n) is None
            and n not in ctx.s.get("substitutes", {})]


def check_nomad_control(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why = _impulse_only(frame)
    if why:
        return why
    if not ctx.is_power(frame["c"]):
        return "only a power takes control of the nomads (10.1.1)"
    if not free_tribes(ctx, o):
        return "no tribe allied to nobody is on the map (10.1.1)"
    return None


@op("nomad_control", check_nomad_control)
def run_nomad_control(ctx: Ctx, frame: Frame, o: Any) -> None:
    tribes = free_tribes(ctx, o)
    for n in tribes:
        ctx.s["control"][n] = frame["c"]
        ctx.log("aw.card_nomad_control", "10.1.1", country=frame["c"], nation=n, card=frame["card"])
    if not tribes:
        _no_effect(ctx, frame, "10.1.1")


def nomad_cards_expire(ctx: Ctx) -> None:
    """The impulse round is over: the nomad control cards leave the table (6.11.l); the round's control
    roll (10.1.1, next hook) decides again."""
    for entry in list(lasting_cards(ctx)):
        if any(x.op == "nomad_control" for x in ctx.card(entry["card"]).effect):
            remove_lasting(ctx, entry["card"], "10.1.1")


HOOKS.add_round_end(5, "nomad control cards", nomad_cards_expire)
HOOKS.add_turn_start(3, "nomad control cards", nomad_cards_expire)


# --- tribute_status (5.2) -----------------------------------------------------------------------------------------
def withholders(ctx: Ctx, frame: Frame, o: Any) -> list[str]:
    """Minors paying Assyria by a tribute check this turn (the scenario's first-turn tribute counts),
    below pro status on Assyria's row (5.2)."""
    from ashur.games.assyrian_wars.cards.diplomacy import subjects_of

    out = []
    for m in subjects_of(ctx, o.subjects):
        if not ctx.is_minor(m) or ctx.status(m, ASSYRIA) >= PRO:
            continue
        if any(t["payer"] == m and t["to"] == ASSYRIA and t["why"] in ("check", "scenario") for t in ctx.s["tribute"]):
            out.append(m)
    return out


def check_tribute(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why = _impulse_only(frame)
    if why:
        return why
    if frame["c"] == ASSYRIA:
        return "Assyria does not persuade its own tributaries to refuse (5.2)"
    if not withholders(ctx, frame, o):
        return "no minor pays Assyria tribute by a tribute check below pro status (5.2)"
    return None


@op("tribute_status", check_tribute)
def run_tribute(ctx: Ctx, frame: Frame, o: Any) -> None:
    minors = withholders(ctx, frame, o)
    if not minors:
        _no_effect(ctx, frame, "5.2")
        return
    pick(ctx, frame["c"], "minor", minors, "withhold", card=frame["card"], rule="5.2")


@continuation("withhold")
def _withhold(ctx: Ctx, data: Frame, minor: str) -> None:
    """5.2 / 5.2.3: the minor stops paying at once and is marked a (black) tribute refuser."""
    end_tribute(ctx, minor, ASSYRIA, "5.2.2")
    ctx.s["refused"][minor] = "black"
    ctx.log("aw.card_tribute_withheld", "6.11.f", country=data["who"], minor=minor, card=data["card"])
