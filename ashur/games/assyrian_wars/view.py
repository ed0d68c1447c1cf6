"""What a role may see (DESIGN: hidden information) and the scrambler that proves it.

A role sees: the public board (areas, pieces on the map and in public boxes, tracks, wars, tribute,
the discard piles and face-up cards, the number of cards in every hand and in the draw pile), the hands
of the countries it plays, its own secret log entries, and the current prompt with its legal actions.
It never sees: other hands, the order of the draw pile, face-down choices of others, future dice.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from ashur.core import log as corelog
from ashur.core import rng
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.fog import apply_fog, fog_plan, scramble_fog
from ashur.games.assyrian_wars.rules.base.naval import sea_control_map
from ashur.games.assyrian_wars.rules.base.players import countries_of_role
from ashur.games.assyrian_wars.rules.course.impulse import income_of
from ashur.games.assyrian_wars.rules.course.orders import scramble_orders
from ashur.games.assyrian_wars.rules.course.tribute import tribute_balances

State = dict[str, Any]
RECENT_LOG = 30
PUBLIC_BOXES = ("pool", "regroup", "gamepool", "merc:", "raid:", "trade:", "fw:", "homecard", "dead")


def card_info(ctx: Ctx, number: int) -> dict[str, Any]:
    card = ctx.card(number)
    return {"n": number, "name": card.name, "ap": card.ap, "plus": bool(card.plus),
            "home": card.owner is not None}


def public_country(ctx: Ctx, cid: str, balances: dict[str, int] | None = None) -> dict[str, Any]:
    """What everyone sees of a country; `balances`: every country's tribute balance (5.2.2), when known."""
    co = ctx.s["countries"][cid]
    home_in_hand = sum(1 for n in co["hand"] if ctx.is_home_card(n))
    return {
        "active": co["active"], "eco": co["eco"], "income": income_of(ctx, cid, balances),
        "vp": co["vp"], "saved": co["saved"], "borrowed": co.get("borrowed", 0), "camp": co.get("camp"),
        "cards": len(co["hand"]), "home_cards_in_hand": home_in_hand,
        "home_discard": list(co["home_discard"]), "ag_sold": co.get("ag_sold", False),
        "refused": ctx.s["refused"].get(cid),
    }


def _public_bytes(ctx: Ctx) -> bytes:
    """The part of every view that is the same for all roles (tracks, countries' public figures, sea
    control; not the pieces and areas, copied apart), serialised once per state: each view loads its own
    copy from these bytes."""
    s = ctx.s
    balances = tribute_balances(ctx)
    return orjson.dumps({
        "diplo": s["diplo"], "wars": s["wars"], "tribute": s["tribute"],
        "refused": s["refused"], "conquered": s["conquered"], "sieges": s["sieges"], "trade": s["trade"],
        "control": s["control"], "final": s.get("final"), "groups": dict(sorted(s.get("groups", {}).items())),
        "vp_battles": s.get("vp_battles", []),
        "countries": {cid: public_country(ctx, cid, balances) for cid in s["countries"]},
        "discard": s["discard"], "faceup": s["faceup"], "sea_control": sea_control_map(ctx),
        "foreign_wars": s.get("foreign_wars", []),
    })


def _pieces(s: State, drop: set[str] | frozenset[str] = frozenset()) -> dict[str, dict[str, Any]]:
    """A copy of the pieces in play but `drop` (a piece's fields are all scalars: one level of copying
    suffices)."""
    out = {}
    for pid, p in s["pieces"].items():
        if p["loc"] == "setup" or pid in drop:
            continue
        q = p.copy()
        if "kept" in q and not q["kept"]:
            del q["kept"]
        out[pid] = q
    return out


def _area_copy(a: dict[str, Any]) -> dict[str, Any]:
    """A copy of an area's record: scalars, and the one small record an area may hold (``revolt_from``, 7.5)
    copied one level down."""
    q = a.copy()
    inner = q.get("revolt_from")
    if inner is not None:
        q["revolt_from"] = dict(inner)
    return q


def build_view(ctx: Ctx, role: str, prompt: dict[str, Any] | None, actions: list[Any],
               deciding: str | None) -> dict[str, Any]:
    s = ctx.s
    mine = countries_of_role(ctx, role) if role != "observer" else set()
    impulse = None
    for frame in reversed(s["stack"]):
        if frame["step"] == "impulse" and "ap2" in frame:
            impulse = {"country": frame["c"], "kind": frame["kind"], "ap_left": (frame["ap2"] - frame["spent2"]) / 2,
                       "cards": list(frame["cards"]), "passing": frame["passing"]}
            break
    windows = []
    for frame in s["stack"]:
        if frame["step"] == "window":
            windows.append({"kind": frame["kind"], "chosen_count": {c: len(v) for c, v in frame["chosen"].items()},
                            "mine": {c: v for c, v in frame["chosen"].items() if c in mine}})
    recent = recent_log(ctx, mine, RECENT_LOG)
    # Everything taken from the state (and the log's entries) is copied: a view is the caller's to keep or
    # edit, and editing it must never change the game. The public part is loaded from bytes made once per
    # state; the rest is copied by one JSON round trip.
    public = orjson.loads(ctx.memoised(("view.public",), _public_bytes))
    plan = fog_plan(ctx, mine)
    own = orjson.loads(orjson.dumps({"log": recent, "windows": windows, "impulse": impulse, "prompt": prompt}))
    view = {
        "game": "assyrian-wars", "scenario": s["scenario"], "turn": s["turn"], "round": s["round"],
        "role": role, "controls": sorted(mine), "deciding": deciding,
        "prompt": own["prompt"], "actions": actions,
        "countries": public["countries"],
        "hands": {cid: [card_info(ctx, n) for n in s["countries"][cid]["hand"]] for cid in sorted(mine)
                  if cid in s["countries"]},
        "deck": len(s["deck"]), "discard": public["discard"], "faceup": public["faceup"],
        "areas": {aid: _area_copy(a) for aid, a in s["areas"].items()},
        "pieces": _pieces(s, plan[0] if plan else frozenset()),
        "diplo": public["diplo"], "wars": public["wars"],
        "tribute": public["tribute"], "refused": public["refused"], "conquered": public["conquered"],
        "sieges": public["sieges"], "trade": public["trade"], "impulse": own["impulse"],
        "windows": own["windows"], "control": public["control"], "log": own["log"], "final": public["final"],
        "groups": public["groups"],
        "vp_battles": public["vp_battles"],
        "sea_control": public["sea_control"],
        "foreign_wars": public["foreign_wars"],
    }
    if plan is not None:
        apply_fog(ctx, view, mine, plan)
    return view


def recent_log(ctx: Ctx, mine: set[str], n: int) -> list[dict[str, Any]]:
    """The last `n` log entries these countries may read, oldest first: read backwards from the newest,
    so the cost does not grow with the game."""
    out: list[dict[str, Any]] = []
    lg = getattr(ctx.s, "log", None)
    items = lg.reverse() if lg is not None else reversed(list(enumerate(corelog.entries(ctx.s))))
    for _, entry in items:
        if corelog.visible(entry, mine):
            out.append(entry)
            if len(out) >= n:
                break
    out.reverse()
    return out


def scramble_state(ctx: Ctx, role: str, seed: int, *, keep_rng: bool = False) -> State:
    """Change at random everything `role` may not know (the fuzzer's leak check; the search bot's
    determinizations, so the outcome is a function of the seed and of what `role` knows only); with `keep_rng` the
    random generator is left as it is (the same dice come out of the next action), and so are the other
    roles' standing orders: answers already given, like the dice already fixed, whose effect must look
    exactly like the same answer given by hand (the log check compares the outcome of one action)."""
    s = ctx.s
    r = random.Random(seed)
    mine = countries_of_role(ctx, role) if role != "observer" else set()
    seed_word = r.getrandbits(128)
    if not keep_rng:
        rng.rekey(s, seed_word)
    hidden = [cid for cid in sorted(s["countries"]) if cid not in mine]
    pool = list(s["deck"])
    sizes: dict[str, int] = {}
    for cid in hidden:
        hand = s["countries"][cid]["hand"]
        random_cards = [n for n in hand if not ctx.is_home_card(n)]
        sizes[cid] = len(random_cards)
        pool += random_cards
        s["countries"][cid]["hand"] = sorted((n for n in hand if ctx.is_home_card(n)), key=str)
    pool.sort(key=str)  # canonical: the outcome depends on the seed and what `role` knows only (ISMCTS)
    r.shuffle(pool)
    for cid in hidden:
        take, pool = pool[: sizes[cid]], pool[sizes[cid]:]
        s["countries"][cid]["hand"].extend(take)
        r.shuffle(s["countries"][cid]["hand"])
    s["deck"] = pool
    for frame in s["stack"]:
        if frame["step"] == "window":
            for cid, chosen in frame["chosen"].items():
                if cid not in mine:
                    hand = s["countries"][cid]["hand"]
                    frame["chosen"][cid] = hand[: len(chosen)]
        if frame["step"] == "secret_diplomacy_phase":
            for key, value in list(frame.get("placed", {}).items()):
                if key not in mine and value is not None:
                    frame["placed"][key] = [f"scrambled{r.random()}" for _ in value]
    def hide(entry: dict[str, Any]) -> dict[str, Any]:
        if "to" in entry and not any(a in mine for a in entry["to"]):
            entry["params"] = {"scrambled": r.random()}
        return entry

    corelog.rewrite(s, hide)
    scramble_fog(ctx, mine, r)
    if not keep_rng:
        scramble_orders(s, {role}, r)  # other roles' standing orders (issue 14) are theirs alone
    return s


def track_markers(total: int, maximum: int = 15) -> dict[str, int | bool]:
    """2.2: how a total shows on a track of `maximum` spaces: the position of the marker, its '+' side
    (one more lap) and the number marker beneath it (the further laps). 50 VP: the VP+ marker on 5 with
    a number marker 2 (2 × 15 + 15 + 5)."""
    laps, position = divmod(total, maximum)
    if laps == 0:
        return {"position": position, "plus": False, "number": 0}
    return {"position": position, "plus": True, "number": laps - 1}
