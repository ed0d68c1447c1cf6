"""Battle cards (6.7.1, 6.11.d), Battle Counter Measures (6.7.1, 6.11.e) and the city-damage cards (6.8).

Battle cards are chosen face down before the first roll and revealed together (``rules/course/windows.py``);
a revealed card resolves at once, but it only *records* its effect on the battle frame, so that the Battle
Counter Measures played right after can still cancel it (6.7.1):

* ``battle_dice``, ``combat_modifier``, ``leader_rating_modifier`` and ``rout_modifier`` add an entry to the
  battle frame's ``mods`` ({side: [..]}, tagged with the card); the combat code reads them in one place
  (``combat.card_mods``) and skips those of a cancelled card;
* ``mercenaries_defect`` and ``city_damage`` on the besieged city act on forces and walls: they are queued in
  the frame's ``card_actions`` and carried out by the battle once the card windows are closed, before the
  first roll, unless cancelled (``cards.battle_action``).

Battle cards affect only the forces of their battle (6.11.d) — "own" are the card player's ("you", 6.11) —
and are cumulative; they are never played on interceptions or evasions (they are played in the battle only).
Battle Counter Measures cancel one battle card revealed in this round of the battle: both cards end in the
discard pile (they are already there, 6.11). A Counter Measures card played on the announced Battle Counter
Measures event supersedes it, and the battle card takes effect (6.11.e; see ``cards/counter.py``).

Rebuilding the Walls answers ``city_damaged`` (opened by ``rules/land/siege.py`` after a standard siege and
here after Undermining the Walls).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder, has_city
from ashur.games.assyrian_wars.rules.base.forces import land_pieces_at, leaders_in, normalize, units_in
from ashur.games.assyrian_wars.rules.base.losses import eliminate
from ashur.games.assyrian_wars.rules.base.units import is_mercenary, name_of
from ashur.games.assyrian_wars.rules.course.card_effects import condition, op
from ashur.games.assyrian_wars.rules.course.events import cancel, card_rule
from ashur.games.assyrian_wars.rules.land import combat, siege
from ashur.games.assyrian_wars.rules.land.battle import cards_this_round
from ashur.games.assyrian_wars.rules.land.casualties import battle_frame
from ashur.games.assyrian_wars.rules.land.combat import alive, fighters, fits_filter, other
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]

#: the battle kinds a card's ``battle`` field admits (content effects ``BattleKind``)
BATTLE_KINDS: dict[str, tuple[str, ...]] = {
    "field": combat.FIELD_KINDS, "siege": combat.SIEGE_KINDS, "assault": ("assault",),
    "standard_siege": ("standard_siege",), "naval": ("naval",),
}
UNIT_WORDS = {"all": "units", "regulars": "regular units", "mercenaries": "mercenaries", "cavalry": "cavalry",
              "infantry": "infantry", "bow": "bow units", "heavy": "heavy units", "chariots": "chariots",
              "ships": "ships"}
BATTLE_WORDS = {"field": "field battles", "siege": "siege combat", "assault": "assaults",
                "standard_siege": "standard sieges", "naval": "naval battles"}


# --- the battle of a card ---------------------------------------------------------------------------
def battle_of(ctx: Ctx, frame: Frame) -> Frame | None:
    """The battle the card is played in (the window's context names it)."""
    return battle_frame(ctx, (frame.get("context") or {}).get("battle"))


def side_of(ctx: Ctx, bf: Frame, c: str) -> str | None:
    """The side country `c` fights on: its forces, or its city in siege combat (6.8)."""
    for side in ("att", "def"):
        if any(ctx.owner(p) == c for p in alive(ctx, bf, side)):
            return side
    city = bf.get("city")
    if city and city.get("owner") == c:
        return str(city["side"])
    return None


def _target_side(ctx: Ctx, bf: Frame, c: str, which: str) -> str | None:
    own = side_of(ctx, bf, c)
    if own is None:
        return None
    return own if which == "own" else other(own)


def _in_battle(ctx: Ctx, frame: Frame) -> tuple[str | None, Frame | None]:
    """(why a battle card cannot act now, the battle frame)."""
    if frame["how"] != "battle":
        return "a battle card is played before the first roll of a battle its forces fight (6.7.1, 6.11.d)", None
    bf = battle_of(ctx, frame)
    if bf is None:
        return "no battle is being fought (6.11.d)", None
    if side_of(ctx, bf, frame["c"]) is None:
        return "a battle card can be played only by a country whose forces take part in the battle (6.11.d)", None
    return None, bf


def _kind_refusal(bf: Frame, kind: str, rounds: str) -> str | None:
    if kind != "any" and bf["kind"] not in BATTLE_KINDS[kind]:
        return f"this card acts in {BATTLE_WORDS[kind]} only (6.11.d)"
    if rounds == "first" and bf["round"] != 1:
        return "this card acts in the first combat round only (6.7.1)"
    return None


def _add_mod(bf: Frame, side: str, frame: Frame, **entry: Any) -> None:
    bf.setdefault("mods", {"att": [], "def": []}).setdefault(side, []).append(
        {**entry, "card": frame["card"], "by": frame["c"]})


def _log(ctx: Ctx, key: str, frame: Frame, applies: str, **params: Any) -> None:
    ctx.log(key, card_rule(ctx, frame["card"]), country=frame["c"], card=frame["card"],
            name=ctx.card(frame["card"]).name, applies=applies, **params)


# --- battle dice and combat factors (6.7.2, 6.7.3) ---------------------------------------------------
def check_battle_dice(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why, bf = _in_battle(ctx, frame)
    if bf is None:
        return why
    return _kind_refusal(bf, o.battle, o.rounds)


@op("battle_dice", check_battle_dice)
def run_battle_dice(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.7.3: extra battle dice (strength 3, modified like units) for a side of this battle."""
    bf = battle_of(ctx, frame)
    assert bf is not None
    side = _target_side(ctx, bf, frame["c"], o.side)
    assert side is not None
    _add_mod(bf, side, frame, type="dice", amount=o.amount, rounds=o.rounds)
    _log(ctx, "aw.card_battle_dice", frame, "6.7.3", side=side, n=o.amount, rounds=o.rounds, area=bf["area"])


def _modified_units(ctx: Ctx, bf: Frame, c: str, side: str, which: str, units: str) -> list[str]:
    """The units a combat modifier acts on: the card player's own (6.11 "your"), or all of the enemy side."""
    return [p for p in fighters(ctx, alive(ctx, bf, side))
            if (which != "own" or ctx.owner(p) == c) and fits_filter(ctx, bf, p, units)]


def check_combat_modifier(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why, bf = _in_battle(ctx, frame)
    if bf is None:
        return why
    why = _kind_refusal(bf, o.battle, o.rounds)
    if why:
        return why
    side = _target_side(ctx, bf, frame["c"], o.side)
    assert side is not None
    if not _modified_units(ctx, bf, frame["c"], side, o.side, o.units):
        whose = "of yours" if o.side == "own" else "of the enemy"
        return f"no {UNIT_WORDS[o.units]} {whose} fight in this battle (6.11.d)"
    return None


@op("combat_modifier", check_combat_modifier)
def run_combat_modifier(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.7.2: the combat factor of some units of a side is modified (own: the card player's units)."""
    bf = battle_of(ctx, frame)
    assert bf is not None
    side = _target_side(ctx, bf, frame["c"], o.side)
    assert side is not None
    _add_mod(bf, side, frame, type="combat", amount=o.amount, units=o.units, rounds=o.rounds,
             country=frame["c"] if o.side == "own" else None)
    _log(ctx, "aw.card_combat_modifier", frame, "6.7.2", side=side, amount=o.amount, units=o.units,
         rounds=o.rounds, area=bf["area"])


# --- leaders and routs (6.7.3, 6.7.4.a) ---------------------------------------------------------------
def _leaders(ctx: Ctx, bf: Frame, c: str, which: str) -> list[str]:
    """The leaders a rating card may pick, the ones giving battle dice and the best rated first."""
    side = _target_side(ctx, bf, c, which)
    if side is None:
        return []
    found = [lid for lid in leaders_in(ctx, alive(ctx, bf, side)) if which != "own" or ctx.owner(lid) == c]
    commanding = set(combat.commanding_leaders(ctx, bf, side))
    return sorted(found, key=lambda lid: (lid not in commanding, -combat.leader_action(ctx, bf, lid), lid))


def check_leader_rating(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why, bf = _in_battle(ctx, frame)
    if bf is None:
        return why
    if not _leaders(ctx, bf, frame["c"], o.side):
        return f"no {'leader of yours' if o.side == 'own' else 'enemy leader'} takes part in this battle (6.11.d)"
    return None


@op("leader_rating_modifier", check_leader_rating)
def run_leader_rating(ctx: Ctx, frame: Frame, o: Any) -> None:
    """The card player picks a leader of the battle whose action rating changes for this battle."""
    bf = battle_of(ctx, frame)
    assert bf is not None
    choices = _leaders(ctx, bf, frame["c"], o.side)
    if len(choices) == 1:
        _rate_leader(ctx, bf, frame["card"], frame["c"], choices[0], o.action)
        return
    flow.push(ctx.s, "battle_card_pick", what="leader", card=frame["card"], c=frame["c"], bid=bf["id"],
              choices=choices, amount=o.action)


def _rate_leader(ctx: Ctx, bf: Frame, card: int, c: str, lid: str, amount: int) -> None:
    side = "att" if lid in bf["sides"]["att"]["pieces"] else "def"
    bf["mods"].setdefault(side, []).append({"type": "leader", "leader": lid, "amount": amount, "card": card,
                                            "by": c})
    ctx.log("aw.card_leader_rating", card_rule(ctx, card), country=c, card=card, name=ctx.card(card).name,
            applies="6.7.3", piece=lid, leader=name_of(ctx, lid), amount=amount)


def check_rout_modifier(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why, bf = _in_battle(ctx, frame)
    if bf is None:
        return why
    if not bf.get("routs"):
        return "no routs are suffered in this kind of battle (6.8)"
    return None


@op("rout_modifier", check_rout_modifier)
def run_rout_modifier(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.7.4.a: a side suffers extra routs after the battle (beyond its leaders' rally)."""
    bf = battle_of(ctx, frame)
    assert bf is not None
    side = _target_side(ctx, bf, frame["c"], o.side)
    assert side is not None
    _add_mod(bf, side, frame, type="routs", amount=o.amount)
    _log(ctx, "aw.card_rout_modifier", frame, "6.7.4.a", side=side, n=o.amount, area=bf["area"])


# --- mercenaries (6.11.d, 10.4.e) -----------------------------------------------------------------------
def _enemy_mercenaries(ctx: Ctx, bf: Frame, c: str, exempt: list[str] | tuple[str, ...]) -> list[str]:
    """10.4.e: every enemy mercenary of the battle, in the city too; nomad mercenaries the card exempts stay."""
    side = _target_side(ctx, bf, c, "enemy")
    if side is None:
        return []
    return [p for p in alive(ctx, bf, side) if is_mercenary(ctx, p) and ctx.piece(p)["nation"] not in exempt]


def check_defect(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    why, bf = _in_battle(ctx, frame)
    if bf is None:
        return why
    if not _enemy_mercenaries(ctx, bf, frame["c"], o.exempt):
        return "no enemy mercenary this card affects fights in this battle (6.11.d, 10.4.e)"
    return None


@op("mercenaries_defect", check_defect)
def run_defect(ctx: Ctx, frame: Frame, o: Any) -> None:
    """Queued: the mercenaries roll once the card windows are closed, unless the card is cancelled (6.7.1)."""
    bf = battle_of(ctx, frame)
    assert bf is not None
    bf.setdefault("card_actions", []).append(
        {"card": frame["card"], "by": frame["c"], "op": "mercenaries_defect", "done": False,
         "side": side_of(ctx, bf, frame["c"]), "success_on": list(o.success_on), "result": o.result,
         "exempt": list(o.exempt)})


def _defect_now(ctx: Ctx, bf: Frame, entry: dict[str, Any]) -> None:
    """Every enemy mercenary rolls a die: on a success it joins the card player for this battle (then goes
    to the game pool), or leaves at once for the game pool (6.11.d, 10.4.e)."""
    c, card = entry["by"], entry["card"]
    rule = card_rule(ctx, card)
    mine = entry["side"]
    enemy = other(mine)
    mercs = [p for p in alive(ctx, bf, enemy) if is_mercenary(ctx, p) and ctx.piece(p)["nation"] not in entry["exempt"]]
    if not mercs:
        ctx.log("aw.card_battle_no_effect", rule, country=c, card=card, name=ctx.card(card).name,
                why="no enemy mercenary is left in the battle")
        return
    values = ctx.dice(len(mercs), rule=rule, why="aw.why.mercenaries_defect", card=card, pieces=mercs)
    for pid, v in zip(mercs, values, strict=True):
        if v not in entry["success_on"]:
            continue
        p = ctx.piece(pid)
        applies = "10.4.e" if p["city"] else "6.7.4"  # in a city as in a field battle; to the game pool
        if entry["result"] == "join_you":
            was = ctx.owner(pid)
            p.update(hired=c, army=None, city=False)
            bf["sides"][enemy]["pieces"].remove(pid)
            bf["sides"][mine]["pieces"] = sorted([*bf["sides"][mine]["pieces"], pid])
            bf.setdefault("turncoats", []).append(pid)
            ctx.log("aw.turncoat", rule, country=c, card=card, piece=pid, was=was, area=bf["area"], applies=applies)
        else:
            ctx.log("aw.bought_off", rule, country=c, card=card, piece=pid, was=ctx.owner(pid), area=bf["area"],
                    applies=applies)
            eliminate(ctx, pid, rule)
    normalize(ctx)


# --- city damage (6.8, 6.8.3) ---------------------------------------------------------------------------
def _printed(ctx: Ctx, aid: str) -> int:
    return int(siege.city(ctx, aid).defence)


def _repair_area(ctx: Ctx, frame: Frame) -> str | None:
    aid = (frame.get("context") or {}).get("area")
    if aid and has_city(ctx, aid) and city_holder(ctx, aid) == frame["c"]:
        return str(aid)
    return None


def check_city_damage(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if o.target == "besieged_city":
        why, bf = _in_battle(ctx, frame)
        if bf is None:
            return why
        city = bf.get("city")
        if not city or bf["kind"] not in combat.SIEGE_KINDS or side_of(ctx, bf, frame["c"]) == city["side"]:
            return "this card is played by the besiegers in siege combat (6.8)"
        if int(ctx.area(bf["area"])["damage"]) + o.amount >= _printed(ctx, bf["area"]):
            return "the last level of a city's defences falls only to a siege (6.8.3)"
        return None
    aid = _repair_area(ctx, frame)
    if aid is None:
        return "this card repairs a city of yours that has just been damaged (6.11.e)"
    if int(ctx.area(aid)["damage"]) <= 0:
        return "the city has no damage to repair (6.8)"
    return None


@op("city_damage", check_city_damage)
def run_city_damage(ctx: Ctx, frame: Frame, o: Any) -> None:
    """Damage the besieged city before the siege combat (queued until the card windows close), or repair
    your damaged city at once."""
    if o.target == "besieged_city":
        bf = battle_of(ctx, frame)
        assert bf is not None
        bf.setdefault("card_actions", []).append({"card": frame["card"], "by": frame["c"], "op": "city_damage",
                                                  "done": False, "amount": o.amount})
        return
    aid = _repair_area(ctx, frame)
    assert aid is not None
    st = ctx.area(aid)
    levels = min(-o.amount, int(st["damage"]))
    st["damage"] = int(st["damage"]) - levels
    sync_city_dice(ctx, aid)
    _log(ctx, "aw.card_city_repaired", frame, "6.8", area=aid, levels=levels, damage=st["damage"])


def sync_city_dice(ctx: Ctx, aid: str) -> None:
    """6.8: a city fights with its present defence; battles pending in its area follow its damage."""
    for f in ctx.s["stack"]:
        if f["step"] == "battle" and f["area"] == aid and f.get("city"):
            f["city"]["dice"] = siege.defence(ctx, aid)


def _damage_now(ctx: Ctx, bf: Frame, entry: dict[str, Any]) -> None:
    c, card = entry["by"], entry["card"]
    aid = bf["area"]
    st = ctx.area(aid)
    levels = max(0, min(int(entry["amount"]), _printed(ctx, aid) - 1 - int(st["damage"])))
    if not levels:
        ctx.log("aw.card_battle_no_effect", card_rule(ctx, card), country=c, card=card, name=ctx.card(card).name,
                why="the city's defences are down to their last level")
        return
    st["damage"] = int(st["damage"]) + levels
    sync_city_dice(ctx, aid)
    ctx.log("aw.card_city_damage", card_rule(ctx, card), country=c, card=card, name=ctx.card(card).name,
            applies="6.8", area=aid, levels=levels, damage=st["damage"])
    siege.city_damaged(ctx, aid, "6.8")


def battle_action(ctx: Ctx, bf: Frame, entry: dict[str, Any]) -> None:
    """``cards.battle_action``: the battle carries out a queued card effect before the first roll."""
    if entry["op"] == "mercenaries_defect":
        _defect_now(ctx, bf, entry)
    elif entry["op"] == "city_damage":
        _damage_now(ctx, bf, entry)
    else:
        raise ValueError(f"unknown battle card action {entry['op']!r}")


# --- Battle Counter Measures (6.7.1, 6.11.e) -------------------------------------------------------------
def _fits(ctx: Ctx, number: int, card_types: Any) -> bool:
    return card_types == "any" or any(t in card_types for t in ctx.card(number).types)


def _cancellable(ctx: Ctx, frame: Frame, o: Any) -> tuple[Frame | None, list[dict[str, Any]]]:
    """The battle cards revealed in this round of the battle that are not cancelled yet, the enemy's first."""
    bf = battle_of(ctx, frame)
    if bf is None:
        return None, []
    found = [e for e in cards_this_round(bf) if not e["cancelled"] and _fits(ctx, e["card"], o.card_types)]
    own = side_of(ctx, bf, frame["c"])
    return bf, sorted(found, key=lambda e: side_of(ctx, bf, e["by"]) == own)


def battle_cancel_check(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    bf, found = _cancellable(ctx, frame, o)
    if bf is None:
        return "Battle Counter Measures are played in a battle (6.7.1)"
    if not found:
        return "no battle card revealed in this battle is left to cancel (6.7.1)"
    return None


def battle_cancel(ctx: Ctx, frame: Frame, o: Any) -> None:
    """The player cancels one revealed battle card; its effects do not apply (6.7.1, 6.11)."""
    bf, found = _cancellable(ctx, frame, o)
    if bf is None or not found:  # another Battle Counter Measures card took the last one
        ctx.log("aw.card_battle_no_effect", "6.7.1", country=frame["c"], card=frame["card"],
                name=ctx.card(frame["card"]).name, why="no battle card is left to cancel")
        return
    if len(found) == 1:
        _cancel_card(ctx, bf, found[0]["card"], frame["c"], frame["card"])
        return
    flow.push(ctx.s, "battle_card_pick", what="cancel", card=frame["card"], c=frame["c"], bid=bf["id"],
              choices=[e["card"] for e in found], amount=0)


def _cancel_card(ctx: Ctx, bf: Frame, target: int, by: str, card: int) -> None:
    entry = next(e for e in bf["cards"] if e["card"] == target)
    cancel(ctx, entry, by, card, rule="6.7.1")


HOOKS.provide("cards.battle_cancel_check", battle_cancel_check)
HOOKS.provide("cards.battle_cancel", battle_cancel)
HOOKS.provide("cards.battle_action", battle_action)


@FLOW.register
class BattleCardPick(Step[Ctx]):
    """The card's player picks what a battle card acts on: a leader (Heroic Leader) or the battle card that
    Battle Counter Measures cancel (6.7.1)."""

    kind = "battle_card_pick"
    rule = "6.11.d"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        rule = card_rule(ctx, frame["card"])
        if frame["what"] == "leader":
            return [action(f"leader:{lid}", "aw.act.card_leader", rule, piece=lid, leader=name_of(ctx, lid))
                    for lid in frame["choices"]]
        bf = battle_frame(ctx, frame["bid"])
        by = {e["card"]: e["by"] for e in (bf or {}).get("cards", [])}
        return [action(f"cancel:{n}", "aw.act.card_cancel", rule, card=n, name=ctx.card(n).name, country=by.get(n))
                for n in frame["choices"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": f"aw.prompt.card_{frame['what']}",
                "params": {"country": actor, "card": frame["card"], "name": ctx.card(frame["card"]).name}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if frame["what"] == "leader":
            return ("pick one of the leaders of this battle the card may act on", "6.11.d")
        return ("pick one of the battle cards revealed in this battle", "6.7.1")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        bf = battle_frame(ctx, frame["bid"])
        if bf is None:
            return
        if frame["what"] == "leader":
            _rate_leader(ctx, bf, frame["card"], frame["c"], act["params"]["piece"], frame["amount"])
        else:
            _cancel_card(ctx, bf, act["params"]["card"], frame["c"], frame["card"])


# --- conditions -----------------------------------------------------------------------------------------
def _besieges(ctx: Ctx, c: str, aid: str) -> bool:
    """`c` has units outside the besieged city of `aid`, at war with its holder (6.8)."""
    holder = city_holder(ctx, aid)
    return aid in ctx.s["sieges"] and holder is not None and any(
        ctx.owner(p) == c and ctx.at_war(c, holder) for p in units_in(ctx, land_pieces_at(ctx, aid, False)))


@condition("besieging")
def besieging(ctx: Ctx, frame: Frame) -> bool:
    """6.8: the card's player besieges — in a battle: it fights this siege combat against the city;
    otherwise the city of the window's area, or any city."""
    bf = battle_of(ctx, frame)
    c = frame["c"]
    if bf is not None:
        city = bf.get("city")
        side = side_of(ctx, bf, c)
        return bool(city) and bf["kind"] in combat.SIEGE_KINDS and side is not None and side != city["side"]
    aid = (frame.get("context") or {}).get("area")
    areas = [aid] if aid else sorted(ctx.s["sieges"])
    return any(_besieges(ctx, c, a) for a in areas)


@condition("own_city_besieged")
def own_city_besieged(ctx: Ctx, frame: Frame) -> bool:
    """6.8: a city the card's player holds is under siege — the city of this siege combat, of the window's
    area, or any."""
    bf = battle_of(ctx, frame)
    c = frame["c"]
    if bf is not None:
        return bool(bf.get("city")) and bf["kind"] in combat.SIEGE_KINDS and city_holder(ctx, bf["area"]) == c
    aid = (frame.get("context") or {}).get("area")
    areas = [aid] if aid else sorted(ctx.s["sieges"])
    return any(a in ctx.s["sieges"] and city_holder(ctx, a) == c for a in areas)


@condition("defending_in_own_home_area")
def defending_in_own_home_area(ctx: Ctx, frame: Frame) -> bool:
    """The card's player defends in this battle, in one of its home areas (1.3)."""
    bf = battle_of(ctx, frame)
    return bf is not None and side_of(ctx, bf, frame["c"]) == "def" and bf["area"] in ctx.c.home_areas(frame["c"])
