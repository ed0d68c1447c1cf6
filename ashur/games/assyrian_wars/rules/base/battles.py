"""Reading the battle records of the land and naval rules for politics (6.11.c VP battles, 7.1.B
surrender after a 3 VP battle, 7.4.4 punishment by a battle won).

The battle rules append a record per battle to ``state["battles"]`` (every battle) and per VP battle to
``state["vp_battles"]``. A record is a dict with the winning and losing countries — ``winners`` and
``losers`` (lists) or ``winner`` and ``loser`` (a country or a list) — the ``vp`` the winner earned, and
the ``turn``. Politics reads ``battles`` when it exists, else ``vp_battles``.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.registry import HOOKS

Record = dict[str, Any]


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]


def winners(record: Record) -> list[str]:
    return _as_list(record.get("winners", record.get("winner")))


def losers(record: Record) -> list[str]:
    return _as_list(record.get("losers", record.get("loser")))


def vp(record: Record) -> int:
    return int(record.get("vp", 0) or 0)


def source(ctx: Ctx) -> str:
    return "battles" if "battles" in ctx.s else "vp_battles"


def records(ctx: Ctx) -> list[Record]:
    return list(ctx.s.get(source(ctx), []))


def unseen(ctx: Ctx, reader: str) -> list[Record]:
    """Records a reader (e.g. ``punishment``) has not processed yet; marks them processed."""
    seen = ctx.s.setdefault("battles_seen", {})
    src = source(ctx)
    mark = f"{reader}:{src}"
    all_records = records(ctx)
    start = int(seen.get(mark, 0))
    seen[mark] = len(all_records)
    return all_records[start:]


def on_battle_fought(ctx: Ctx, result: Record) -> None:
    """Keep a record of every battle (the battle rules report each one through ``battle_fought``: the
    winning side ``att`` or ``def`` and the countries of both sides)."""
    side = result.get("winner")
    if side not in ("att", "def"):
        return
    loser = "def" if side == "att" else "att"
    ctx.table("battles", []).append({"turn": ctx.turn, "area": result.get("area"), "vp": result.get("vp", 0),
                                            "winners": list(result.get(side, [])),
                                            "losers": list(result.get(loser, []))})


_add = getattr(HOOKS, "add_battle_fought", None)
if _add is not None:
    _add(40, "politics_battle_records", on_battle_fought)


def vp_heads(ctx: Ctx, countries: list[str]) -> list[str]:
    """8.3: the powers that score the VPs of these countries, in their order, once each (a minor's VPs go to
    its allied power; an unallied minor's or tribe's have nobody)."""
    heads: list[str] = []
    for c in countries:
        head = c if ctx.is_power(c) else ctx.ally_power(c)
        if head and head in ctx.s["countries"] and head not in heads:
            heads.append(head)
    return heads


def lost_big_battle(ctx: Ctx, cid: str, turn: int | None = None, min_vp: int = 3) -> bool:
    """7.1.B: `cid` was defeated in a battle that earned the victor at least 3 VP (in `turn`, or ever)."""
    for rec in records(ctx):
        if cid in losers(rec) and vp(rec) >= min_vp and (turn is None or rec.get("turn", turn) == turn):
            return True
    return False
