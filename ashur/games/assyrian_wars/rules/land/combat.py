"""The dice of a battle round (6.7.2, 6.7.3, 6.8 siege combat, 9.7 special abilities).

Pure computations on a battle frame (see :mod:`rules.battle`): which dice each side rolls, at what
modified strength, which of them may kill, and how many enemy bow hits heavy troops absorb.

* One die per participating unit hits on a roll at or below its modified strength; a unit modified to 0 or
  less cannot fight (6.7.2, "Modifying to 0").
* Battle dice are strength 3 and modified like units (6.7.3): leaders (their action rating, only with
  units or in a city with battle dice, none for a disorganized side, 6.6.5), terrain for the defender in
  the first round (river 1, mountain 2, a Mede connection 1 for defending Mede regulars; none after an
  interception, 6.6.9), Assyrian regulars 1 (2 in siege combat, 6.8), the city's defence (6.8), cards.
* 9.7 in field battles: bow units fire first in round 1; heavy troops kill (2 hits) on an unmodified 2
  while their modified strength is 2 or more and absorb enemy bow hits; heavy infantry and chariots lose 1
  when attacking over a river, chariots also over a mountain and in Sealand. In siege combat only the
  defending bow units gain 1 (6.8, 9.7 "Siege").
* Battle cards (6.11.d) act through the battle frame's ``mods`` ({side: [..]}), each entry tagged with its
  ``card`` and skipped once that card is cancelled by Battle Counter Measures (6.7.1): ``combat`` (a
  combat factor modifier, optionally for one ``country``'s units), ``dice`` (battle dice), ``leader`` (a
  leader's action rating, for battle dice and rallying routs) and ``routs`` (extra routs after the
  battle). :func:`card_mods` is the one place that reads them.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import armies_among, group_of, land_view, leaders_in
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.base.units import (
    BOW,
    CAVALRY,
    HEAVY,
    is_mercenary,
    is_regular,
    ratings,
    strength,
    unit_type,
)

Frame = dict[str, Any]
BATTLE_DIE = 3
SIEGE_KINDS = ("assault", "standard_siege")
FIELD_KINDS = ("field", "sortie", "raid", "amphibious")
INFANTRY = frozenset({"LI", "HI", "B"})


def fighters(ctx: Ctx, pids: list[str]) -> list[str]:
    """Combat units among `pids`: land units, or ships in a naval battle (6.16.f)."""
    return [p for p in pids if ctx.piece(p)["kind"] in ("unit", "merc", "ship")]


def ptype(ctx: Ctx, pid: str) -> str:
    """The unit type (9.7), ``SHIP`` for ships."""
    return "SHIP" if ctx.piece(pid)["kind"] == "ship" else unit_type(ctx, pid)


def other(side: str) -> str:
    return "def" if side == "att" else "att"


def alive(ctx: Ctx, bf: Frame, side: str) -> list[str]:
    """Pieces of a side still fighting in the battle area (not eliminated, routed or gone)."""
    area = bf["area"]
    out = []
    for pid in bf["sides"][side]["pieces"]:
        p = ctx.piece(pid)
        if p["loc"] == area:
            out.append(pid)
    return out


def abilities(bf: Frame) -> str | None:
    """``field`` (all of 9.7), ``siege`` (defending bows +1 only) or None."""
    return bf.get("abilities")


def chariot_mode(bf: Frame, ctx: Ctx, pid: str) -> str:
    return bf.get("chariots", {}).get(ctx.owner(pid), "heavy")


def is_bow(ctx: Ctx, bf: Frame, pid: str) -> bool:
    t = ptype(ctx, pid)
    if t not in BOW:
        return False
    return t != "CH" or chariot_mode(bf, ctx, pid) == "bow"


def is_heavy(ctx: Ctx, bf: Frame, pid: str) -> bool:
    t = ptype(ctx, pid)
    if t not in HEAVY:
        return False
    return t != "CH" or chariot_mode(bf, ctx, pid) == "heavy"


def fits_filter(ctx: Ctx, bf: Frame, pid: str | None, units: str) -> bool:
    """Unit filters of card modifiers (content effects ``UnitFilter``); battle dice count as light infantry."""
    if units == "all":
        return True
    if pid is None:
        return units == "infantry"
    t = ptype(ctx, pid)
    if t == "SHIP":
        return units == "ships"
    return {
        "regulars": is_regular(ctx, pid), "mercenaries": is_mercenary(ctx, pid), "cavalry": t in CAVALRY,
        "infantry": t in INFANTRY, "bow": t in BOW, "heavy": t in HEAVY, "chariots": t == "CH",
        "ships": False,
    }.get(units, False)


def card_cancelled(bf: Frame, card: int | None) -> bool:
    """A battle card revealed in this battle was cancelled (6.7.1, 6.11.e): its effects do not apply."""
    return card is not None and any(e["card"] == card and e.get("cancelled") for e in bf.get("cards", ()))


def card_mods(bf: Frame, side: str, kind: str) -> list[dict[str, Any]]:
    """The modifiers of type `kind` on `side` in force (6.11.d): fixed ones (an amphibious assault) and those
    of battle cards not cancelled (6.7.1); ``rounds: first`` ones only in the first combat round."""
    out = []
    default = "first" if kind == "dice" else "all"
    for m in bf.get("mods", {}).get(side, []):
        if m.get("type") != kind or card_cancelled(bf, m.get("card")):
            continue
        if m.get("rounds", default) == "first" and bf["round"] != 1:
            continue
        out.append(m)
    return out


def card_modifier(ctx: Ctx, bf: Frame, side: str, pid: str | None) -> int:
    """Combat modifiers from cards (``type: combat``); one with a ``country`` modifies that country's units only
    ("your units", 6.11), not the side's battle dice."""
    total = 0
    for m in card_mods(bf, side, "combat"):
        if m.get("country") and (pid is None or ctx.owner(pid) != m["country"]):
            continue
        if fits_filter(ctx, bf, pid, m.get("units", "all")):
            total += int(m["amount"])
    return total


def leader_action(ctx: Ctx, bf: Frame, lid: str) -> int:
    """A leader's action rating in this battle (6.7.3 battle dice, 6.7.4.a rallying), cards included."""
    n = ratings(ctx, lid)[0]
    for side in ("att", "def"):
        n += sum(int(m["amount"]) for m in card_mods(bf, side, "leader") if m["leader"] == lid)
    return max(0, n)


def extra_routs(bf: Frame, side: str) -> int:
    """Routs that cards add to a side's rout results after the battle (6.7.4.a, 6.11.d)."""
    return sum(int(m["amount"]) for m in card_mods(bf, side, "routs"))


def unit_modifier(ctx: Ctx, bf: Frame, side: str, pid: str) -> int:
    """The modifiers of one unit's combat factor in this round."""
    mod = card_modifier(ctx, bf, side, pid)
    kind = bf["kind"]
    t = ptype(ctx, pid)
    city = bf.get("city")
    if kind in SIEGE_KINDS and city and side != city["side"]:
        if city.get("fortress") and pid not in bf.get("turncoats", ()):
            mod -= 1  # 10.4.e: mercenaries who turned inside a fortress do not suffer the besiegers' -1
        if pid in land_view(ctx)["quick"]:
            mod -= 1
    ab = abilities(bf)
    if ab == "siege" and city and side == city["side"] and t in BOW:
        mod += 1
    if ab == "field" and side == "att" and not bf.get("interception"):
        crossing = bf.get("crossing")
        if t == "HI" and crossing == "river":
            mod -= 1
        if t == "CH" and (crossing in ("river", "mountain") or bf["area"] == "sealand"):
            mod -= 1
    return mod


def battle_die_modifier(ctx: Ctx, bf: Frame, side: str) -> int:
    mod = card_modifier(ctx, bf, side, None)
    city = bf.get("city")
    if bf["kind"] in SIEGE_KINDS and city and side != city["side"] and city.get("fortress"):
        mod -= 1
    return mod


def garrison_disorganized(ctx: Ctx, bf: Frame) -> bool:
    """6.6.5: a garrison that joined the attack for its relief with more than one leader is disorganized:
    the garrison's leaders give no battle dice (the relieving force keeps its own)."""
    return len(leaders_in(ctx, list(bf.get("garrison_joined", [])))) > 1


def disorganized(ctx: Ctx, bf: Frame, side: str) -> bool:
    """6.6.5, 6.7.5: a side with two or more armies that are not one army group gets no leader dice and
    cannot use its leaders against routs. A garrison relieved by the attack (6.6.5) does not count: with one
    leader it causes no disorganization, with more only its own leaders lose their dice
    (:func:`garrison_disorganized`; with ``pre14_readings`` the whole side was disorganized)."""
    if bf.get("organized", {}).get(side):
        return False
    pieces = alive(ctx, bf, side)
    armies = armies_among(ctx, pieces)
    heads = {group_of(ctx, lid) or lid for lid in armies}
    garrison = set(bf.get("garrison_joined", []))
    heads -= {lid for lid in armies if lid in garrison
              and (len(leaders_in(ctx, list(garrison))) <= 1 or not pre14(ctx))}
    city = bf.get("city")
    if city and side == city["side"]:
        in_city = leaders_in(ctx, [pid for pid in pieces if ctx.piece(pid)["city"]])
        if len({group_of(ctx, lid) or lid for lid in in_city}) > 1:
            return True
    return len(heads) > 1


def commanding_leaders(ctx: Ctx, bf: Frame, side: str) -> list[str]:
    """Leaders whose action rating gives battle dice (6.7.3): leaders of armies with units in the battle
    (all army leaders of an army group, 6.6.3), or a garrison's leader in a city with battle dice (6.8)."""
    if disorganized(ctx, bf, side):
        return []
    pieces = alive(ctx, bf, side)
    out = list(armies_among(ctx, pieces))
    if garrison_disorganized(ctx, bf):
        garrison = set(bf.get("garrison_joined", []))
        out = [lid for lid in out if lid not in garrison]
    city = bf.get("city")
    if city and side == city["side"] and city.get("dice", 0) > 0:
        for lid in leaders_in(ctx, pieces):
            if ctx.piece(lid)["city"] and lid not in out:
                out.append(lid)
    return sorted(out)


def extra_dice(ctx: Ctx, bf: Frame, side: str) -> list[tuple[str, int]]:
    """The battle dice of a side this round, by source: (source, number)."""
    if not bf.get("extra_dice", True):
        out: list[tuple[str, int]] = []
    else:
        out = []
        if fighters(ctx, alive(ctx, bf, side)) or (bf.get("city") and bf["city"]["side"] == side):
            for lid in commanding_leaders(ctx, bf, side):
                n = leader_action(ctx, bf, lid)
                if n:
                    out.append((f"leader:{lid}", n))
        terrain = bf.get("terrain")
        if side == "def" and terrain and bf["round"] == 1 and not bf.get("interception"):
            n = terrain.get("dice", 0)
            if terrain.get("mede") and any(ctx.piece(p)["nation"] == "mede" and is_regular(ctx, p)
                                           for p in alive(ctx, bf, side)):
                n += 1
            if n:
                out.append(("terrain", n))
        if any(is_regular(ctx, p) and ctx.piece(p)["nation"] == "assyria" for p in alive(ctx, bf, side)):
            out.append(("assyria", 2 if bf["kind"] in SIEGE_KINDS else 1))
    for m in card_mods(bf, side, "dice"):
        out.append((f"card:{m['card']}" if m.get("card") else "card", int(m["amount"])))
    city = bf.get("city")
    if city and city["side"] == side and city.get("dice", 0) > 0:
        out.append(("city", int(city["dice"])))
    return out


def dice_pool(ctx: Ctx, bf: Frame, side: str, phase: str) -> list[dict[str, Any]]:
    """The dice a side rolls in a phase (``bow``, ``melee`` or ``all``): one entry per die with its source,
    modified strength and whether it may kill (9.7)."""
    factor = int(bf.get("dice_factor", {}).get(side, 1))
    field_ab = abilities(bf) == "field"
    first = bf["round"] == 1
    pool: list[dict[str, Any]] = []
    for pid in fighters(ctx, alive(ctx, bf, side)):
        bow = field_ab and first and is_bow(ctx, bf, pid)
        if phase == "bow" and not bow:
            continue
        if phase == "melee" and bow:
            continue
        s = strength(ctx, pid) + unit_modifier(ctx, bf, side, pid)
        if s <= 0:
            continue
        kill = field_ab and is_heavy(ctx, bf, pid) and s >= 2
        pool.extend({"src": pid, "str": s, "kill": kill} for _ in range(factor))
    if phase in ("melee", "all"):
        s = BATTLE_DIE + battle_die_modifier(ctx, bf, side)
        if s > 0:
            for src, n in extra_dice(ctx, bf, side):
                pool.extend({"src": src, "str": s, "kill": False} for _ in range(n * factor))
    return pool


def score(pool: list[dict[str, Any]], values: list[int]) -> int:
    """Hits of rolled dice: a roll at or below the modified strength hits; a kill is 2 hits (9.7)."""
    hits = 0
    for die, v in zip(pool, values, strict=True):
        if v <= die["str"]:
            hits += 2 if die["kill"] and v == 2 else 1
    return hits


def absorption(ctx: Ctx, bf: Frame, side: str) -> int:
    """9.7: heavy troops cancel enemy bow hits: 2 with five or more heavy units present, 1 with two to four
    (decision for three and four, docs/rules-decisions.md)."""
    heavy = sum(1 for p in fighters(ctx, alive(ctx, bf, side)) if is_heavy(ctx, bf, p))
    if heavy >= 5:
        return 2
    return 1 if heavy >= 2 else 0
