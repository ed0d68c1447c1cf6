"""The odds of the actions that commit to a chance event (issue 16 item 3), from what the role may know.

* ``to:AREA`` of a move into enemy field forces: the field battle (6.7, 6.7.6, 6.7.7), the defender's terrain
  dice by the crossing (6.7.3), 9.7 when in play;
* ``siege:FORCE:assault`` (6.8.2), ``siege:FORCE:standard`` (6.8.3), ``siege:FORCE:hunger`` (6.8.1);
* ``intercept:FORCE`` / ``intercept_armies:FORCE`` (6.6.9: 2D6 + modifiers at least 7);
* ``evade:AREA`` / ``evade_hasty:AREA`` (6.6.10: 2D6 + modifiers at least 9, automatic evasion);
* ``raid`` (6.15, 9.7) and ``attack:N`` of the ``raider`` prompt (6.15: the one round against a Raid Box's
  occupant).

Each answer is ``{"kind", "rule", "method", "samples", "outcomes", "expected", "assumptions"}``
(:meth:`ashur.core.contract.Game.odds`); the outcomes are the role's view (``win`` is the role's side
winning).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.odds.known import Group, Known, seed_of
from ashur.games.assyrian_wars.odds.resolver import (
    CAVALRY,
    Battle,
    Fighter,
    Resolver,
    Side,
    Tally,
    TooBig,
    exact,
    simulate,
)
from ashur.games.assyrian_wars.rules.base.forces import cavalry_table

SAMPLES = 10_000
#: resolutions per draw of the unseen pieces of fogged stacks (9.5)
BATCH = 50
INTERCEPTION_TARGET = 7
EVASION_TARGET = 9
Answer = dict[str, Any]
#: the ``side`` parameter of the expected losses: message keys, so the table shows them translated
OWN, ENEMY = "aw.odds.side.own", "aw.odds.side.enemy"


def two_dice_at_least(target: int) -> float:
    """P(2D6 >= target)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= target) / 36


def _outcome(key: str, p: float, **params: Any) -> dict[str, Any]:
    return {"key": f"aw.odds.{key}", "params": params, "p": round(p, 6)}


def _expected(key: str, value: float, **params: Any) -> dict[str, Any]:
    return {"key": f"aw.odds.{key}", "params": params, "value": round(value, 4)}


def _assume(key: str, **params: Any) -> dict[str, Any]:
    return {"key": f"aw.odds.assume.{key}", "params": params}


# --- resolving a battle from known groups --------------------------------------------------------------
def resolve(known: Known, att: Group, defn: Group, build: Callable[[list[Fighter], list[bool], list[Fighter],
                                                                     list[bool]], Battle],
            seed_parts: list[Any]) -> tuple[Tally, str, int]:
    """Exact when nothing is unseen and the dice allow, else :data:`SAMPLES` simulated resolutions (each with
    its own draw of the unseen pieces), seeded from the question."""
    if not att.uncertain and not defn.uncertain:
        res = Resolver(build(list(att.seen), list(att.seen_red), list(defn.seen), list(defn.seen_red)))
        try:
            return exact(res), "exact", 0
        except TooBig:
            return simulate(res, SAMPLES, seed_of(*seed_parts)), "simulated", SAMPLES
    a, ar, apools = known.layout(att)
    d, dr, dpools = known.layout(defn)
    res = Resolver(build(a, ar, d, dr))
    current: list[tuple[Side, Side]] = []

    def starts(r: random.Random) -> tuple[Side, Side]:
        # a new draw of the unseen pieces every BATCH resolutions (SAMPLES // BATCH compositions)
        if len(current) % BATCH == 0:
            current.append((known.draw(att, apools, r), known.draw(defn, dpools, r)))
        else:
            current.append(current[-1])
        return current[-1]

    return simulate(res, SAMPLES, seed_of(*seed_parts), starts), "simulated", SAMPLES


def group_key(g: Group) -> list[Any]:
    return [[f.uid for f in g.seen], list(g.seen_red), [list(u) for u in g.unseen]]


def battle_answer(tally: Tally, mine: str, method: str, samples: int, rule: str, kind: str, area: str,
                  assumptions: list[dict[str, Any]], *, draw: bool) -> Answer:
    """Win / overrun / loss / draw for the role's side ``mine`` and the expected losses of both sides."""
    theirs = "def" if mine == "att" else "att"
    win = tally.winner.get(mine, 0.0)
    outcomes = [_outcome("win_overrun", tally.overrun_of(mine), area=area),
                _outcome("win", win - tally.overrun_of(mine), area=area),
                _outcome("loss", tally.winner.get(theirs, 0.0), area=area)]
    if draw or tally.winner.get(None, 0.0) > 0:
        outcomes.append(_outcome("draw", tally.winner.get(None, 0.0), area=area))
    expected = []
    for side, who in ((mine, OWN), (theirs, ENEMY)):
        expected += [_expected("steps_lost", tally.steps[side], side=who),
                     _expected("units_lost", tally.units[side], side=who),
                     _expected("routed", tally.routed[side], side=who)]
    return {"kind": kind, "rule": rule, "method": method, "samples": samples, "outcomes": outcomes,
            "expected": expected, "assumptions": assumptions}


# --- field battles (6.7) ----------------------------------------------------------------------------------
def army_groups(known: Known) -> dict[str, str]:
    """Each army leader in an army group of the role's view, with the group's id (6.6.3)."""
    out = {}
    for gid, info in sorted(known.groups.items()):
        for lid in [info.get("commander"), *(info.get("armies") or [])]:
            if lid:
                out[lid] = gid
    return out


def heads(known: Known, g: Group) -> int:
    """Armies on a side (6.6.5, 6.7.5): leaders commanding units, an army group counting once; an unseen
    stack's top leader commands its stack."""
    view_groups = army_groups(known)
    found = set()
    units_of = {known.pieces[f.uid].get("army") for f in g.seen if not f.leader}
    tops = {st["top"] for st in known.stacks if st.get("count", 0) > 1}
    for f in g.seen:
        if f.leader and (f.uid in units_of or f.uid in tops):
            found.add(view_groups.get(f.uid, f.uid))
    return len(found)


def field_battle(ctx: Ctx, known: Known, area: str, att: Group, defn: Group, *, conn: str | None,
                 mine: str, action_id: str, interception: bool = False) -> Answer:
    """A field battle at `area` (6.7): `att` entered over connection `conn`, or intercepted (6.6.9: no
    terrain dice, a tie after two rounds has no winner)."""
    abilities = "field" if ctx.s["options"].get("special_abilities") else None
    terrain = 0 if interception else {"river": 1, "mountain": 2}.get(conn or "", 0)
    disorganized = {"att": heads(known, att) > 1, "def": heads(known, defn) > 1}
    order = tuple(ctx.s["track"])  # public: 6.7.5's excess losses

    def build(a: list[Fighter], ar: list[bool], d: list[Fighter], dr: list[bool]) -> Battle:
        return Battle("field", a, d, ar, dr, abilities=abilities, crossing=conn, sealand=area == "sealand",
                      terrain_dice=terrain, terrain_mede=conn == "mede" and not interception,
                      disorganized=disorganized, interception=interception, order=order,
                      groups=army_groups(known))

    tally, method, samples = resolve(known, att, defn, build, ["field", action_id, area, conn, group_key(att),
                                                               group_key(defn), abilities, interception])
    assumptions = [_assume("no_cards"), _assume("suggested_losses")]
    if not interception:
        assumptions[1:1] = [_assume("no_evasion"), _assume("no_interception")]
    if abilities:
        assumptions.append(_assume("chariots_heavy"))
    if att.uncertain or defn.uncertain:
        assumptions.append(_assume("fog_mix"))
    from ashur.games.assyrian_wars.rules.land.entry import MAX_DEFENDING_ARMIES

    if not interception and heads(known, defn) > MAX_DEFENDING_ARMIES:
        # 6.6.5: more than three armies split up, the first three fight first (the defenders' choice or a
        # draw) and the attacker may go on against the next; not modelled: they are taken as one battle
        assumptions.append(_assume("all_defenders_fight"))
    return battle_answer(tally, mine, method, samples, "6.7", "battle", area, assumptions, draw=interception)


def move_odds(ctx: Ctx, known: Known, frame: dict[str, Any], action_id: str) -> Answer | None:
    """``to:AREA`` of a move step: the battle with the enemy forces outside the city there (6.7)."""
    from ashur.games.assyrian_wars.rules.base.terrain import connection
    from ashur.games.assyrian_wars.rules.land.movement import moving

    dest = action_id.split(":", 1)[1]
    mover = frame["c"]
    pieces = moving(ctx, frame)
    if not pieces:
        return None
    enemies = {c for c in ctx.s["countries"] if ctx.at_war(c, mover)}
    defn = known.group(dest, city=False, owners=enemies)
    if not defn.seen and not defn.uncertain:
        return None
    att = Group(tuple(known.fighter(p) for p in sorted(pieces)),
                tuple(bool(known.pieces[p]["red"]) for p in sorted(pieces)), ())
    return field_battle(ctx, known, dest, att, defn, conn=connection(ctx, frame["at"], dest), mine="att",
                        action_id=action_id)


# --- sieges (6.8) ----------------------------------------------------------------------------------------
def siege_odds(ctx: Ctx, known: Known, action_id: str) -> Answer | None:
    """``siege:FORCE:KIND``: an assault (6.8.2), a standard siege (6.8.3) or the hunger siege's advance
    (6.8.1) by the role's own force."""
    from ashur.games.assyrian_wars.rules.base.forces import force, land_view
    from ashur.games.assyrian_wars.rules.land.siege import city, defence, surrender_level

    _, fid, kind = action_id.split(":")
    f = force(ctx, fid)
    if f is None:
        return None
    aid = f["loc"]
    level = defence(ctx, aid)
    if kind == "hunger":
        siege = ctx.s["sieges"].get(aid)
        lays = siege is None or siege.get("level") is None or siege["besieger"] != f["country"]
        new = 0 if lays else int(siege["level"]) + 1  # type: ignore[index]
        falls = 0.0 if lays else float(new >= surrender_level(ctx, aid))
        return {"kind": "hunger_siege", "rule": "6.8.1", "method": "exact", "samples": 0,
                "outcomes": [_outcome("city_surrenders", falls, area=aid),
                             _outcome("city_holds", 1 - falls, area=aid)],
                "expected": [_expected("hunger_level", new, area=aid, surrender_at=surrender_level(ctx, aid))],
                "assumptions": [_assume("no_cards"), _assume("no_sortie")]}
    spec = city(ctx, aid)
    pieces = sorted(p for p in f["pieces"] if known.pieces.get(p, {}).get("loc") == aid)
    att = Group(tuple(known.fighter(p) for p in pieces), tuple(bool(known.pieces[p]["red"]) for p in pieces), ())
    defn = known.group(aid, city=True)
    abilities = "siege" if ctx.s["options"].get("special_abilities") else None
    city_info = {"side": "def", "dice": level, "fortress": bool(spec.fortress)}
    battle_kind = "assault" if kind == "assault" else "standard_siege"

    quick = frozenset(p for p in land_view(ctx)["quick"] if p in pieces)  # the role's own record
    order = tuple(ctx.s["track"])

    def build(a: list[Fighter], ar: list[bool], d: list[Fighter], dr: list[bool]) -> Battle:
        return Battle(battle_kind, a, d, ar, dr, abilities=abilities, city=city_info,
                      dice_factor={"def": 2} if kind == "assault" else {}, quick=quick, order=order)

    tally, method, samples = resolve(known, att, defn, build, [kind, action_id, aid, level, group_key(att),
                                                               group_key(defn), abilities])
    assumptions = [_assume("no_cards"), _assume("suggested_losses")]
    if defn.uncertain:
        assumptions.append(_assume("fog_mix"))
    expected = [_expected("steps_lost", tally.steps["att"], side=OWN),
                _expected("steps_lost", tally.steps["def"], side=ENEMY)]
    if kind == "assault":
        taken = tally.winner.get("att", 0.0)
        outcomes = [_outcome("city_taken", taken, area=aid), _outcome("assault_repulsed", 1 - taken, area=aid)]
        return {"kind": "assault", "rule": "6.8.2", "method": method, "samples": samples, "outcomes": outcomes,
                "expected": expected, "assumptions": assumptions}
    printed = int(spec.defence)
    falls = damaged = levels = 0.0
    for hits, p in tally.city_hits.items():
        n, taken = city_levels(printed, printed - level, max(hits, 0))
        levels += p * n
        if taken and hits >= 0:
            falls += p
        elif n:
            damaged += p
    outcomes = [_outcome("city_taken", falls, area=aid), _outcome("city_damaged", damaged, area=aid),
                _outcome("no_effect", max(0.0, 1 - falls - damaged), area=aid)]
    expected.insert(0, _expected("levels_removed", levels, area=aid, level=level))
    assumptions.append(_assume("hits_on_city"))
    return {"kind": "standard_siege", "rule": "6.8.3", "method": method, "samples": samples,
            "outcomes": outcomes, "expected": expected, "assumptions": assumptions}


def city_levels(printed: int, damage: int, hits: int) -> tuple[int, bool]:
    """6.8.3: the levels `hits` remove from a city of printed defence `printed` with `damage` markers (each
    level needs as many hits as the present defence) and whether the city is then taken."""
    n = 0
    while hits > 0 and damage < printed and hits >= printed - damage:
        hits -= printed - damage
        damage += 1
        n += 1
    return n, damage >= printed


# --- interception and evasion (6.6.9, 6.6.10, 9.7) -------------------------------------------------------
def cavalry_counts(fighters: list[Fighter]) -> tuple[int, int]:
    """(cavalry units, other units) of fighters, leaders left out (as ``forces.cavalry_count``)."""
    units = [f for f in fighters if not f.leader]
    cav = sum(1 for f in units if f.type in CAVALRY)
    return cav, len(units) - cav


def cavalry_modifier(mine: list[Fighter], theirs: list[Fighter]) -> int:
    """The rules' 9.7 table (``forces.cavalry_table``) over fighters."""
    return cavalry_table(cavalry_counts(mine), cavalry_counts(theirs))


def roll_chance(known: Known, mine: list[Fighter], theirs: Group, base: int, target: int, special: bool,
                parts: list[Any]) -> tuple[float, str, int]:
    """P(2D6 + base + the 9.7 cavalry modifier >= target): exact when the other force is fully seen, else
    averaged over :data:`SAMPLES` draws of its unseen pieces."""
    if not special:
        return two_dice_at_least(target - base), "exact", 0
    if not theirs.uncertain:
        return two_dice_at_least(target - base - cavalry_modifier(mine, list(theirs.seen))), "exact", 0
    r = random.Random(seed_of(*parts))
    static, _red, pools = known.layout(theirs)
    memo: dict[Side, float] = {}
    total = 0.0
    for _ in range(SAMPLES):
        drawn = known.draw(theirs, pools, r)
        p = memo.get(drawn)
        if p is None:
            p = memo[drawn] = two_dice_at_least(target - base - cavalry_modifier(mine, [static[i] for i, _ in drawn]))
        total += p
    return total / SAMPLES, "simulated", SAMPLES


def best_action(fighters: list[Fighter]) -> int | None:
    leaders = [f.action for f in fighters if f.leader]
    return max(leaders) if leaders else None


def interception_odds(ctx: Ctx, known: Known, frame: dict[str, Any], action_id: str) -> Answer | None:
    """``intercept:FORCE``: the role's force tries to intercept into the entered area (6.6.9)."""
    from ashur.games.assyrian_wars.rules.base.forces import action_rating

    fid = action_id.split(":", 1)[1]
    cand = next((c for c in frame.get("cands", []) if c["fid"] == fid), None)
    if cand is None:
        return None
    area = frame["area"]
    mine = [known.fighter(p) for p in sorted(cand["pieces"]) if p in known.pieces]
    base = action_rating(ctx, cand["commander"]) if cand.get("commander") else -2
    ctrl = ctx.area_ctrl(area)
    if ctrl is not None and ctx.at_war(ctrl, cand["country"]):
        base -= 1
    base += int(cand.get("card_mod", 0))
    enemies = {c for c in ctx.s["countries"] if ctx.at_war(c, cand["country"])}
    theirs = known.group(area, city=False, owners=enemies)
    special = bool(ctx.s["options"].get("special_abilities"))
    if cand.get("auto"):
        p, method, samples = 1.0, "exact", 0
    else:
        p, method, samples = roll_chance(known, mine, theirs, base, INTERCEPTION_TARGET, special,
                                         ["intercept", action_id, area, base, group_key(theirs)])
    outcomes = [_outcome("intercept_fail", 1 - p, area=area)]
    expected = [_expected("roll_modifier", base, area=area)]
    assumptions = [_assume("no_cards"), *([_assume("fog_mix")] if theirs.uncertain and special else [])]
    if mine and (theirs.seen or theirs.uncertain):
        # the battle that follows a success (6.6.9): chances and losses weighted by the success
        own = Group(tuple(mine), tuple(bool(known.pieces[f.uid]["red"]) for f in mine), ())
        att, defn, side = own, theirs, "att"
        if special and mobility(list(own.seen)) > mobility(list(theirs.seen)):
            att, defn, side = theirs, own, "def"  # 9.7: the more mobile side defends (seen pieces)
        fight = field_battle(ctx, known, area, att, defn, conn=None, mine=side, action_id=action_id,
                             interception=True)
        outcomes += [{**o, "p": round(o["p"] * p, 6)} for o in fight["outcomes"]]
        expected += [{**e, "value": round(e["value"] * p, 4)} for e in fight["expected"]]
        assumptions += [a for a in fight["assumptions"] if a not in assumptions]
        if fight["method"] == "simulated":
            method, samples = "simulated", max(samples, fight["samples"])
    else:
        outcomes.insert(0, _outcome("intercept_success", p, area=area))
    return {"kind": "interception", "rule": "6.6.9", "method": method, "samples": samples,
            "outcomes": outcomes, "expected": expected, "assumptions": assumptions}


def mobility(fighters: list[Fighter]) -> int:
    """9.7: cavalry units less the other units."""
    cav, other = cavalry_counts(fighters)
    return cav - other


def evasion_odds(ctx: Ctx, known: Known, frame: dict[str, Any], action_id: str, how: str) -> Answer | None:
    """``evade:DEST`` / ``evade_hasty:DEST``: the role's forces try to evade the entering force (6.6.10)."""
    queue = frame.get("queue") or []
    if not queue or queue[0].get("q") != "evade":
        return None
    q = queue[0]
    dest = action_id.split(":", 1)[1]
    hasty = action_id.startswith("evade_hasty:")
    area = frame["area"]
    pieces = sorted(p for p in q["pieces"] if p in known.pieces)
    mine = [known.fighter(p) for p in pieces]
    country = q["c"]
    enemies = {c for c in ctx.s["countries"] if ctx.at_war(c, country)}
    theirs = known.group(area, city=False, owners=enemies)
    if dest == "city" and (len(pieces) == 1 or theirs.size() >= 3 * max(1, len(pieces))):
        p, method, samples, base = 1.0, "exact", 0, 0
    else:
        base = 3 if dest == "city" else 1 if how == "friendly" else 0
        own = best_action(mine)
        base += -2 if own is None else own
        base -= best_action(list(theirs.seen)) or 0
        base += 2 if hasty else 0
        p, method, samples = roll_chance(known, mine, theirs, base, EVASION_TARGET,
                                         bool(ctx.s["options"].get("special_abilities")),
                                         ["evade", action_id, area, base, group_key(theirs)])
    return {"kind": "evasion", "rule": "6.6.10", "method": method, "samples": samples,
            "outcomes": [_outcome("evade_success", p, area=dest), _outcome("evade_fail", 1 - p, area=dest)],
            "expected": [_expected("roll_modifier", base, area=dest)],
            "assumptions": [_assume("no_cards"), *([_assume("fog_mix")] if theirs.uncertain else [])]}


# --- raids (6.15) ------------------------------------------------------------------------------------------
def raid_odds(ctx: Ctx, known: Known, frame: dict[str, Any]) -> Answer | None:
    """``raid``: all the phasing country's raiders attack the Trade Box (6.15): a D6, 6 fails, 1-5 names a
    power (another is chosen when it names the own or one without markers); any raider's die at or below its
    factor removes a marker; each removal brings an own removed marker back on an even D6; with 9.7 the
    cavalry raids a second time after a success. Exact over these dice."""
    from ashur.games.assyrian_wars.rules.base.units import strength, unit_type
    from ashur.games.assyrian_wars.rules.naval.raids import raiders_of, side_power

    c = frame["c"]
    raiders = [p for p in raiders_of(ctx, c) if p in known.pieces]
    if not raiders:
        return None
    mine = side_power(ctx, c)
    trade = {p: dict(ctx.s["trade"].get(p) or {"box": 0, "out": 0}) for p in ctx.powers()}

    def hit(pieces: list[str]) -> float:
        miss = 1.0
        for p in pieces:
            miss *= 1 - min(max(strength(ctx, p), 0), 6) / 6
        return 1 - miss

    def targets(box: dict[str, int]) -> bool:
        return any(p != mine and n > 0 for p, n in box.items())

    cav = [p for p in raiders if unit_type(ctx, p) in CAVALRY]
    second = bool(cav) and bool(ctx.s["options"].get("special_abilities"))
    boxes = {p: int(t.get("box", 0)) for p, t in trade.items()}
    out0 = int(trade.get(mine or "", {}).get("out", 0)) if mine else 0
    p1 = 5 / 6 * hit(raiders) if targets(boxes) else 0.0
    # a success removes one marker of some other power: whether a second target is left does not depend on
    # which (the choice is the raider's, decision: the one named, else the first the raider picks)
    left = sum(n for p, n in boxes.items() if p != mine) - 1
    p2 = 5 / 6 * hit(cav) if second and left > 0 else 0.0
    two = p1 * p2
    one = p1 - two
    back = 0.0
    if mine:
        # each removal: an even D6 brings one own removed marker back while any is out
        back = one * (0.5 if out0 > 0 else 0.0)
        back += two * ((0.5 if out0 > 0 else 0.0) + (0.5 * (1.0 if out0 > 1 else 0.5) if out0 > 0 else 0.0))
    outcomes = [_outcome("raid_none", 1 - p1), _outcome("raid_one", one)]
    if second:
        outcomes.append(_outcome("raid_two", two))
    return {"kind": "raid", "rule": "6.15", "method": "exact", "samples": 0, "outcomes": outcomes,
            "expected": [_expected("markers_removed", one + 2 * two), _expected("markers_back", back)],
            "assumptions": [_assume("no_cards")]}


def displace_odds(ctx: Ctx, known: Known, frame: dict[str, Any], action_id: str) -> Answer | None:
    """``attack:N`` of the ``raider`` prompt: the new raider fights Raid Box N's occupant one round of a field
    battle (battle kind ``raid``: 6.7 dice, 9.7 when in play, routs, no terrain) (6.15). A lone unit that takes
    a hit always leaves the box (reduced or eliminated, and routed: no leader rallies it), so the box goes by
    who is left: only the raider (it takes the box), only the occupant (it keeps it), both (no hit: the raider
    goes back where it came from) or neither (the box is left empty). Both units are open to all (9.5)."""
    n = int(action_id.split(":", 1)[1])
    box = f"raid:{n}"
    pid = frame.get("pid")
    holders = sorted(p for p, info in known.pieces.items() if info.get("loc") == box)
    if not pid or pid not in known.pieces or len(holders) != 1:
        return None
    att, hold = known.fighter(pid), known.fighter(holders[0])
    abilities = "field" if ctx.s["options"].get("special_abilities") else None
    res = Resolver(Battle("raid", [att], [hold], [bool(known.pieces[pid]["red"])],
                          [bool(known.pieces[holders[0]]["red"])], abilities=abilities))
    tally = exact(res)  # two units: a handful of dice
    j = tally.joint
    outcomes = [_outcome("raid_box_taken", j.get((True, False), 0.0), n=n),
                _outcome("raid_box_back", j.get((True, True), 0.0), n=n),
                _outcome("raid_box_emptied", j.get((False, False), 0.0), n=n),
                _outcome("raid_box_held", j.get((False, True), 0.0), n=n)]
    expected = []
    for side, who in (("att", OWN), ("def", ENEMY)):
        expected += [_expected("steps_lost", tally.steps[side], side=who),
                     _expected("units_lost", tally.units[side], side=who),
                     _expected("routed", tally.routed[side], side=who)]
    assumptions = [_assume("no_cards"), *([_assume("chariots_heavy")] if abilities else [])]
    return {"kind": "raid_displace", "rule": "6.15", "method": "exact", "samples": 0, "outcomes": outcomes,
            "expected": expected, "assumptions": assumptions}


def stay_odds(ctx: Ctx, known: Known, frame: dict[str, Any]) -> Answer | None:
    """``stay`` at an evasion prompt: the battle the role's forces then fight as defenders (6.7), the entering
    force crossing ``frame["conn"]``."""
    area, mover = frame["area"], frame["c"]
    defenders = {c for c in ctx.s["countries"] if ctx.at_war(c, mover)}
    attackers = {c for c in ctx.s["countries"] if c == mover or ctx.allied(c, mover)} - defenders
    att = known.group(area, city=False, owners=attackers)
    defn = known.group(area, city=False, owners=defenders)
    if not (att.seen or att.uncertain) or not (defn.seen or defn.uncertain):
        return None
    return field_battle(ctx, known, area, att, defn, conn=frame.get("conn"), mine="def", action_id="stay")


def sortie_odds(ctx: Ctx, known: Known, frame: dict[str, Any], action_id: str, actor: str) -> Answer | None:
    """``sortie:AREA`` (in the impulse) or ``sortie`` (in response to a hunger siege advance): the garrison
    fights the besiegers one round, without the city's dice and without routs; equal or more hits lift the
    siege (6.8 "Sortie"). In the city holder's impulse or in response the whole garrison goes out, otherwise
    only `actor`'s pieces."""
    from ashur.games.assyrian_wars.rules.base.control_areas import city_holder

    aid = action_id.split(":", 1)[1] if ":" in action_id else frame["area"]
    holder = city_holder(ctx, aid)
    owners = None if (action_id == "sortie" or actor == holder) else {actor}
    garrison = known.group(aid, city=True, owners=owners)
    out = {known.owner(known.pieces[f.uid]) for f in garrison.seen} or {actor}
    enemies = known.group(aid, city=False, owners={c for c in ctx.s["countries"]
                                                   if any(ctx.at_war(c, o) for o in out)})
    if not (garrison.seen or garrison.uncertain) or not (enemies.seen or enemies.uncertain):
        return None
    abilities = "field" if ctx.s["options"].get("special_abilities") else None
    disorganized = {"att": heads(known, garrison) > 1, "def": heads(known, enemies) > 1}
    order = tuple(ctx.s["track"])

    def build(a: list[Fighter], ar: list[bool], d: list[Fighter], dr: list[bool]) -> Battle:
        return Battle("sortie", a, d, ar, dr, abilities=abilities, disorganized=disorganized, order=order,
                      groups=army_groups(known))

    tally, method, samples = resolve(known, garrison, enemies, build, ["sortie", action_id, aid, group_key(garrison),
                                                                        group_key(enemies), abilities])
    lifted = tally.winner.get("att", 0.0)
    assumptions = [_assume("no_cards"), _assume("suggested_losses")]
    if abilities:
        assumptions.append(_assume("chariots_heavy"))
    if garrison.uncertain or enemies.uncertain:
        assumptions.append(_assume("fog_mix"))
    return {"kind": "sortie", "rule": "6.8", "method": method, "samples": samples,
            "outcomes": [_outcome("siege_lifted", lifted, area=aid), _outcome("sortie_fails", 1 - lifted, area=aid)],
            "expected": [_expected("steps_lost", tally.steps["att"], side=OWN),
                         _expected("steps_lost", tally.steps["def"], side=ENEMY)],
            "assumptions": assumptions}
