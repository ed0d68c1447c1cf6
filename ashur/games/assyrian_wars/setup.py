"""Setting up a game from the scenario data (4.1, 4.2, 6.17, 1.1 B).

Everything comes from the content files; nothing here knows a particular scenario.
"""

from __future__ import annotations

from typing import Any

from ashur.core import rng
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.players import role_table

State = dict[str, Any]


class SetupDataError(ValueError):
    """The scenario asks for counters that the counter sheet does not hold."""


def _countries(c: Any, sc: Any) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for nid, n in c.nations.items():
        if n.kind == "power" and nid not in sc.powers:
            continue
        if n.kind in ("mercenary",):
            continue
        out[nid] = {
            "active": False,
            "eco": int(sc.eco.get(nid, n.fixed_eco or 0)),
            "saved": 0,
            "borrowed": 0,
            "hand": [],
            "home_discard": [],
            "vp": int(sc.vp.get(nid, 0)),
            "camp": None,
            "ag_sold": False,
            "mulligan": False,
            "income_round": None,
            "conquered_turns": [],
            "ever_conquered": False,
        }
        if n.kind == "power":
            camp = sc.camps.get(nid, "neutral")
            out[nid]["camp"] = None if camp == "neutral" else camp
            out[nid]["active"] = True
    return out


def _pieces(c: Any) -> dict[str, dict[str, Any]]:
    pieces: dict[str, dict[str, Any]] = {}

    def add(pid: str, kind: str, nation: str, loc: str, **extra: Any) -> None:
        pieces[pid] = {"kind": kind, "nation": nation, "loc": loc, "red": False, "army": None, "city": False,
                       "hired": None, **extra}

    for pid, u in c.units.items():
        nomadic = c.nations[u.nation].kind in ("nomad", "nomad_mercenary")
        add(pid, "unit", u.nation, "pool" if u.initially_available and not nomadic else "setup")
    for pid, lead in c.leaders.items():
        add(pid, "leader", lead.nation, "pool" if lead.entry == "force_pool" else "setup")
    for pid, k in c.king_counters.items():
        add(pid, "king", k.nation, "setup", side="front")
    for pid, sh in c.ships.items():
        add(pid, "ship", sh.nation, "pool" if sh.initially_available else "setup")
    for pid in c.mercenary_units:
        add(pid, "merc", "mercenaries", "gamepool")
    return pieces


def place_force(ctx: Ctx, force: Any, rule: str) -> list[str]:
    """Put a resolved scenario force (counter ids, 4.1/6.17) on the map; its units march with its
    leaders, each up to its command rating of regulars and as many mercenaries (6.6.2)."""
    from ashur.games.assyrian_wars.rules.base.units import is_mercenary, ratings

    s = ctx.s
    reduced = set(force.reduced)
    for pid in force.units:
        if s["pieces"][pid]["loc"] not in ("pool", "setup", "homecard"):
            raise SetupDataError(f"{force.nation}: counter {pid} is placed twice")
        ctx.move_piece(pid, force.area)
        s["pieces"][pid]["red"] = pid in reduced
        s["pieces"][pid]["city"] = bool(force.in_city)
    leaders: list[str] = []
    for king_id in force.kings:
        king = ctx.c.kings[king_id]
        ctx.move_piece(king.counter, force.area)
        s["pieces"][king.counter]["side"] = king.side
        s["pieces"][king.counter]["city"] = bool(force.in_city)
        leaders.append(king.counter)
    for lid in force.leaders:
        ctx.move_piece(lid, force.area)
        s["pieces"][lid]["city"] = bool(force.in_city)
        s["pieces"][lid]["red"] = bool(s["options"].get("reduced_leaders")) and rule != "4.1"
        leaders.append(lid)
    regs = [u for u in force.units if not is_mercenary(ctx, u)]
    mercs = [u for u in force.units if is_mercenary(ctx, u)]
    for lid in leaders:
        command = ratings(ctx, lid)[1]
        for pid in regs[:command] + mercs[:command]:
            s["pieces"][pid]["army"] = lid
        regs, mercs = regs[command:], mercs[command:]
    return [*force.units, *leaders]


def place_fleet(ctx: Ctx, fleet: Any) -> list[str]:
    reduced = set(fleet.reduced)
    for pid in fleet.ships:
        ctx.move_piece(pid, fleet.zone)
        ctx.s["pieces"][pid]["red"] = pid in reduced
    return list(fleet.ships)


def _diplomacy(ctx: Ctx, sc: Any) -> None:
    """The diplomatic markers of the scenario (4.1); option ``setup_revision`` puts back those of an earlier
    version of the set-up (saved games)."""
    s = ctx.s
    rev = sc.earlier.get(int(s["options"].get("setup_revision") or 0))
    earlier = dict(rev.diplomacy) if rev is not None else {}
    for nid, n in ctx.c.nations.items():
        if n.kind not in ("minor", "minor_city", "nomad"):
            continue
        entry: dict[str, Any] = {"power": None, "value": 0, "war": [], "conquest": [], "pact": False}
        st = earlier.get(nid, sc.diplomacy.get(nid))
        if st is not None:
            if st.track is not None:
                entry["power"], entry["value"] = st.track, int(st.value)
            elif st.box == "war":
                entry["war"] = [st.power]
                _war(s, nid, st.power)
            elif st.box == "conquest":
                entry["conquest"] = [st.power]
                s["conquered"].setdefault(nid, []).append({"by": st.power, "turn": 0, "grace_until": sc.first_turn})
            elif st.box == "pact":
                entry["power"], entry["pact"] = st.power, True
        s["diplo"][nid] = entry


def _war(s: State, a: str, b: str) -> None:
    pair = sorted([a, b])
    if pair not in s["wars"]:
        s["wars"].append(pair)


def new_state(c: Any, scenario_id: str, seed: int, options: dict[str, Any]) -> State:
    """The state at the start of a scenario, before the first decision."""
    sc = c.scenarios[scenario_id]
    roles = role_table(sc, int(options["players"]))
    s: State = {
        "game": "assyrian-wars",
        "scenario": scenario_id,
        "options": dict(options),
        "rng": rng.seed_state(seed),
        "log": [],
        "stack": [],
        "reveals": 0,
        "turn": sc.first_turn,
        "first_turn": sc.first_turn,
        "last_turn": sc.last_turn,
        "round": int(sc.impulse_round),
        "track": list(c.impulse_order()),
        "roles": roles,
        "power_role": {p: r for r, ps in roles.items() for p in ps},
        "countries": _countries(c, sc),
        "pieces": _pieces(c),
        "areas": {aid: {"ctrl": a.nation, "pillage": 0, "damage": 0, "eco_plus": 0, "eco_minus": 0,
                        "revolt": False, "province": None} for aid, a in c.areas.items()},
        "diplo": {},
        "wars": [],
        "tribute": [],
        "refused": {},
        "conquered": {},
        "control": {},
        "sieges": {},
        "groups": {},
        "land": {},
        "vp_battles": [],
        "deck": [],
        "discard": [],
        "faceup": [],
        "card_effects": [],
        "home_held": {},
        "trade": {p: {"box": int(sc.trade_box.get(p, 0)), "out": 0} for p in sc.powers},
        "eco_base": {p: int(sc.eco_base.get(p, 0)) for p in sc.powers},
        "last_card_player": None,
        "skipped_events": list(getattr(sc, "skipped_events", ())),
        "ended": False,
        "end_reason": None,
        "final": None,
    }
    ctx = Ctx(s, c)
    for a, b in sc.wars:
        _war(s, a, b)
    _diplomacy(ctx, sc)
    # 5.2: the scenario says who has paid tribute and who has refused
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute

    for nid, status in sorted(sc.tribute.items()):
        if status == "paid" and "assyria" in s["countries"]:
            add_tribute(ctx, nid, "assyria", "scenario", "5.2")
        elif status == "refused":
            s["refused"][nid] = "black"
        elif status == "refused_last_turn":
            s["refused"][nid] = "white"
    # active countries: powers, minors allied or at war (3.4, 6.17), nomads on the map
    for nid in s["countries"]:
        kind = c.nations[nid].kind
        if kind == "minor":
            s["countries"][nid]["active"] = ctx.ally_power(nid) is not None or any(nid in w for w in s["wars"])
    placed = c.setups[scenario_id]
    for force in placed.forces:
        place_force(ctx, force, "4.1")
        if c.nations[force.nation].kind == "nomad":
            s["countries"][force.nation]["active"] = True
    for fleet in placed.fleets:
        place_fleet(ctx, fleet)
    for minor, (forces, fleets) in sorted(placed.activation.items()):
        if minor in s["countries"] and s["countries"][minor]["active"]:
            for force in forces:
                place_force(ctx, force, "6.17")
            for fleet in fleets:
                place_fleet(ctx, fleet)
            s["countries"][minor]["set_up"] = True
    for siege in sc.sieges:
        s["sieges"][siege.area] = {"besieger": siege.besieger, "kind": siege.kind, "level": int(siege.level),
                                   "start_defence": int(c.areas[siege.area].city.defence), "impulses": 0}
        s["areas"][siege.area]["damage"] = int(siege.city_damage)
    # cards (4.1): home cards to their owners, the rest shuffled into one draw pile, hands dealt
    deck: list[int] = []
    for number, card in sorted(c.cards.items()):
        if card.kind == "army_group":
            continue
        if card.owner is None:
            deck.append(number)
        elif card.owner in s["countries"] and s["countries"][card.owner]["active"]:
            s["countries"][card.owner]["hand"].append(number)
    rng.shuffle(s, deck)
    s["deck"] = deck
    ctx.log("aw.setup", "4.1", scenario=scenario_id, turn=sc.first_turn, players=int(options["players"]))
    for nid in s["track"]:
        if nid in s["countries"] and s["countries"][nid]["active"] and c.nations[nid].kind != "nomad":
            ctx.draw(nid, int(sc.hands.get(nid, 0)), "4.1")
    from ashur.games.assyrian_wars.rules.course.mercenaries import setup_mercenaries

    setup_mercenaries(ctx)
    return s
