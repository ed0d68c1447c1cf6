"""One impulse of a phasing country (3.1, 3.2, 6.0, 6.18; the card-play frame of 6.11).

Phases of the ``impulse`` frame: ``start`` (income once per impulse round, repaying loans, buying a card
when the hand is empty), ``hooks`` (the plug-ins of impulse start: maintenance, nomad pillage, ...),
``main`` (the phasing country plays its card(s) and spends APs in any order), ``end`` (clean-up, saving
at most 4 AP).

APs are counted in half points: costs are summed exactly and the total is rounded up once (6.0).
"""

from __future__ import annotations

import math
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import pieces_of
from ashur.games.assyrian_wars.rules.base.secrecy import fogged
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
#: the kinds of pieces that stack on the map (9.5)
STACKED = ("unit", "merc", "ship", "leader", "king")
MAX_SAVED = 4
CARD_PRICE = 5
PLUS_PRICE = 3


# --- AP accounting -----------------------------------------------------------------------------------
def ap_left(frame: Frame) -> float:
    """APs still available in this impulse (fractions of already paid costs count as spent only once)."""
    return (frame["ap2"] - frame["spent2"]) / 2


def stacks_show_all(ctx: Ctx, c: str) -> bool:
    """9.5: whether the others see every piece of `c` on the map: fog of war is off, or no stack of the
    country holds two pieces (a stack shows its top piece and its size; what lies below is hidden)."""
    if not fogged(ctx):
        return True
    pieces = ctx.s["pieces"]
    seen: set[str] = set()
    for pid in pieces_of(ctx, c):
        p = pieces[pid]
        if p["kind"] in STACKED and ctx.on_map(p["loc"]):
            if p["loc"] in seen:
                return False
            seen.add(p["loc"])
    return True


def can_pay(frame: Frame, cost2: int) -> bool:
    """6.0: the rounded-up total of the impulse's costs may not exceed the APs available."""
    return math.ceil((frame["spent2"] + cost2) / 2) <= frame["ap2"] // 2


def pay(ctx: Ctx, frame: Frame, cost2: int, rule: str, what: str, **params: Any) -> None:
    """Spend `cost2` half points; callers offer only affordable actions, so this never overdraws."""
    if not can_pay(frame, cost2):
        raise AssertionError(f"overspent APs for {what}")
    frame["spent2"] += cost2
    ctx.log("aw.spend", rule, country=frame["c"], ap=Ctx.ap_text(cost2), what=what, **params)


def add_ap(frame: Frame, ap: int) -> None:
    frame["ap2"] += 2 * ap


def current_impulse(ctx: Ctx) -> Frame | None:
    """The impulse frame being resolved, if any."""
    return flow.find(ctx.s, "impulse")


def phasing(ctx: Ctx) -> str | None:
    """The phasing country (6.0), if an impulse is under way."""
    f = current_impulse(ctx)
    return f["c"] if f else None


# --- card play -------------------------------------------------------------------------------------
def card_limit(ctx: Ctx, frame: Frame) -> int:
    """3.2: one card, two when a '+' card is among them or 3 AP made one a '+' card (6.18)."""
    if frame["bought_plus"] or any(ctx.card(n).plus for n in frame["cards"]):
        return 2
    return 1


def may_play_another(ctx: Ctx, frame: Frame, number: int) -> bool:
    played = len(frame["cards"])
    if played >= 2:
        return False
    if played == 0:
        return True
    return card_limit(ctx, frame) == 2 or ctx.card(number).plus


def play_card_for_ap(ctx: Ctx, frame: Frame, number: int) -> None:
    """3.1: play a card for its action points."""
    c = frame["c"]
    ctx.discard(c, number)
    frame["cards"].append(number)
    card = ctx.card(number)
    add_ap(frame, int(card.ap))
    ctx.reveal()
    ctx.log("aw.card_ap", "3.1", country=c, card=number, name=card.name, ap=card.ap)


def track_after_last_card(ctx: Ctx) -> list[str]:
    """The impulse track starting with the country after the one that played the last card of the turn
    (the order of the deal, 7.3.2, and of simultaneous conquests, 10.4.d)."""
    track = ctx.track()
    last = ctx.s.get("last_card_player")
    if last in track:
        i = track.index(last) + 1
        track = track[i:] + track[:i]
    return track


def income_of(ctx: Ctx, cid: str, balances: dict[str, int] | None = None) -> int:
    """APs of income per impulse round (6.18): the ECO level with this turn's tribute (5.2.2). `balances`:
    every country's tribute balance when the caller has it (the view asks for all countries)."""
    from ashur.games.assyrian_wars.rules.course.tribute import tribute_balances

    if ctx.is_nomad(cid):
        return 0
    if balances is None:
        balances = tribute_balances(ctx)
    return int(ctx.s["countries"][cid]["eco"]) + balances.get(cid, 0)


def income_round_key(ctx: Ctx) -> list[int]:
    return [ctx.turn, int(ctx.s["round"])]


def collect_income(ctx: Ctx, frame: Frame) -> int:
    """6.18: income once per impulse round, at the start of the scheduled impulse; loans repaid first."""
    from ashur.games.assyrian_wars.rules.course.tribute import negative_income

    c = frame["c"]
    co = ctx.country(c)
    if frame["kind"] != "scheduled" or co.get("income_round") == income_round_key(ctx):
        return 0
    co["income_round"] = income_round_key(ctx)
    income = income_of(ctx, c)
    if income < 0:
        negative_income(ctx, c, -income)
        income = 0
    ctx.log("aw.income", "6.18", country=c, ap=income)
    owed = co.get("borrowed", 0)
    if owed:
        repaid = min(owed, income)
        income -= repaid
        co["borrowed"] = 0
        ctx.log("aw.loan_repaid", "6.11", country=c, ap=repaid)
        if repaid < owed:
            flow.push(ctx.s, "loan_default", c=c)
    return income


#: the menu entries a lone-action probe asks first, then the others in the menu's order with these last
#: (``ashur bench`` random games, issue 12: the raider, diplomacy, passage and fleet entries offer an action
#: in a quarter to a half of the impulses for about 20 µs; recruiting and movement cost 150–200 µs)
PROBE_FIRST = ("raider", "diplo", "passage", "fleet", "relocate")
PROBE_LAST = ("pillage", "ship_build", "conquest", "group", "rebuild", "dow", "build", "move")


_PROBE_ORDERS: dict[tuple[str, ...], list[Any]] = {}


def _offer(ctx: Ctx, frame: Frame, entry: Any) -> list[Action]:
    """What a menu entry offers now, once per state (a probe's answers serve the whole list after it;
    callers must not change the list)."""
    return ctx.memoised(("impulse.offer", entry.prefix), _call_offer, frame, entry)  # type: ignore[no-any-return]


def _call_offer(ctx: Ctx, frame: Frame, entry: Any) -> list[Action]:
    return entry.offer(ctx, frame)  # type: ignore[no-any-return]


def _event_actions(ctx: Ctx, frame: Frame, n: int) -> list[Action]:
    return HOOKS.call("cards.event_actions", ctx, frame, n)  # type: ignore[no-any-return]


def _probe_order(entries: list[Any]) -> list[Any]:
    """`entries` in the order a lone-action probe asks them (:data:`PROBE_FIRST`, the rest, :data:`PROBE_LAST`)."""
    key = tuple(e.prefix for e in entries)
    found = _PROBE_ORDERS.get(key)
    if found is None:
        def rank(e: Any) -> int:
            if e.prefix in PROBE_FIRST:
                return PROBE_FIRST.index(e.prefix) - len(PROBE_FIRST)
            return PROBE_LAST.index(e.prefix) + 1 if e.prefix in PROBE_LAST else 0

        found = _PROBE_ORDERS[key] = sorted(entries, key=rank)
    return found


@FLOW.register
class Impulse(Step[Ctx]):
    """An impulse of the phasing country."""

    kind = "impulse"
    rule = "3.1"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["phase"] != "main" or HOOKS.call("punishment.due_now", ctx) or not ctx.active(frame["c"]):
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        phase = frame["phase"]
        if phase == "main":
            # 7.4.4: a battle won or a city taken in the action just over calls for an immediate tribute check
            HOOKS.call("punishment.resolve_now", ctx, frame)
            if not ctx.active(frame["c"]):
                # 3.4 / 7.1: a country deactivated in its own impulse (an unallied minor whose last war ended,
                # a conquered minor) does nothing more: the impulse ends at once, its APs lost
                ctx.log("aw.impulse_inactive", "3.4", country=frame["c"])
                frame["phase"] = "end"
                frame["hook"] = 0
        elif phase == "start":
            self._start(ctx, frame)
        elif phase == "hooks":
            i = frame["hook"]
            if i < len(HOOKS.impulse_start):
                frame["hook"] = i + 1
                HOOKS.impulse_start[i][2](ctx, frame)
            else:
                frame["phase"] = "main"
                frame["hook"] = 0
        elif phase == "end":
            i = frame["hook"]
            if i < len(HOOKS.impulse_end):
                frame["hook"] = i + 1
                HOOKS.impulse_end[i][2](ctx, frame)
            else:
                self._finish(ctx, frame)

    def _start(self, ctx: Ctx, frame: Frame) -> None:
        c = frame["c"]
        co = ctx.country(c)
        frame.update(ap2=0, spent2=0, cards=[], bought_plus=False, passing=False, flags={}, hook=0)
        income = collect_income(ctx, frame)
        saved = co["saved"]
        co["saved"] = 0
        frame["ap2"] = 2 * (income + saved)
        ctx.log("aw.impulse", "3.1", country=c, kind=frame["kind"], ap=income + saved, saved=saved,
                turn=ctx.turn, round=ctx.s["round"])
        if ctx.is_nomad(c):
            ctx.draw(c, 1, "10.1")
        if not ctx.hand(c):
            if frame["kind"] == "scheduled" and income + saved >= CARD_PRICE:
                frame["spent2"] += 2 * CARD_PRICE
                ctx.log("aw.buy_card", "6.18", country=c, ap=CARD_PRICE)
                ctx.draw(c, 1, "6.18")
            else:
                frame["passing"] = True
                ctx.log("aw.pass", "6.0", country=c)
        frame["phase"] = "hooks"

    def _finish(self, ctx: Ctx, frame: Frame) -> None:
        c = frame["c"]
        left = frame["ap2"] // 2 - math.ceil(frame["spent2"] / 2)
        # an inactive country saves nothing (its APs were zeroed when it was deactivated, 3.4)
        saved = max(0, min(MAX_SAVED, left)) if ctx.active(c) else 0
        ctx.country(c)["saved"] = saved
        ctx.log("aw.impulse_end", "3.1", country=c, saved=saved, lost=max(0, left - saved))
        flow.pop(ctx.s)

    # --- decisions -----------------------------------------------------------------------------
    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return self._menu(ctx, frame, actor, 0)[0]

    def first_actions(self, ctx: Ctx, frame: Frame, actor: str, n: int) -> tuple[list[Action], bool]:
        """Whether the menu offers a lone action, without building all of it: the cards come first (a hand
        of two playable cards already makes two choices), then the menu entries one by one, stopping at
        the `n`-th action (issue 12: the lone-action check after every action of the auto_forced option)."""
        return self._menu(ctx, frame, actor, n)

    def _menu(self, ctx: Ctx, frame: Frame, actor: str, upto: int) -> tuple[list[Action], bool]:
        """The impulse menu (3.1, 6.0–6.18): the whole list with True, or, when `upto` > 0 and the menu
        holds at least `upto` actions, some `upto` or more of them with False. A short probe asks the
        entries in :func:`_probe_order` (likely and cheap first); the list it returns whole is in the
        menu's own order all the same."""
        acts: list[Action] = []
        passing = frame["passing"]
        # 3.1: a card must be played in the impulse — unless none is left: a country whose last card went in
        # the impulse as a battle or response card (6.11.d, 6.11.e) ends it without one, as one without
        # cards passes (6.0)
        ends = bool(passing or frame["cards"] or not ctx.hand(frame["c"]))
        need = upto - 1 if upto and ends else upto
        if upto and need <= 0:
            return acts, False  # the end of the impulse alone makes `upto` (one) action
        if not passing and self._card_actions(ctx, frame, acts, need):
            return acts, False
        entries = [e for e in HOOKS.menu_entries() if not (passing and not e.when_passing)]
        if upto:
            offered: dict[str, list[Action]] = {}
            found = len(acts)
            for entry in _probe_order(entries):
                got = offered[entry.prefix] = _offer(ctx, frame, entry)
                found += len(got)
                if found >= need:
                    return acts + [a for got in offered.values() for a in got], False
            for entry in entries:
                acts.extend(offered[entry.prefix])
        else:
            for entry in entries:
                acts.extend(_offer(ctx, frame, entry))
        if ends:
            end = "end"
            if not acts and ctx.s["options"].get("auto_forced") and not self.lone_is_public(ctx, frame, actor):
                end = "pass"  # a secrecy pass: asked, so that ending unasked never tells what is hidden
            acts.append(action(end, "aw.act.end_impulse", "3.1", ap=Ctx.ap_text(frame["ap2"] - frame["spent2"])))
        return acts, True

    def lone_is_public(self, ctx: Ctx, frame: Frame, actor: str) -> bool:
        """Issue 14: the others can tell that the impulse offers a single choice only when the hand is empty
        (its size is public; which cards may be played is not) and, under fog of war (9.5), no stack of the
        country holds two pieces (a stack shows its top piece and its size: what lies below — a reduced unit
        to rebuild, a pair to combine, 9.3 — is hidden)."""
        c = frame["c"]
        if ctx.hand(c):
            return False
        return stacks_show_all(ctx, c)

    def find_action(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> Action | None:
        """Only the part of the list that `action_id` can belong to (the same actions as :meth:`actions`)."""
        head = action_id.split(":", 1)[0]
        entry = HOOKS.menu.get(head)
        if entry is not None and not (frame["passing"] and not entry.when_passing):
            found = next((a for a in entry.offer(ctx, frame) if a["id"] == action_id), None)
            if found is not None:
                return found
        # ids whose prefix is not their entry's (or cards, '+', end): the whole list
        return super().find_action(ctx, frame, actor, action_id)

    def _card_actions(self, ctx: Ctx, frame: Frame, acts: list[Action], upto: int = 0) -> bool:
        """Append the card plays to `acts` (3.1: for APs or for an event; 6.18: buy a '+'). With `upto` > 0,
        stop as soon as `acts` holds `upto` actions and return True (the rest is not computed)."""
        c = frame["c"]
        for n in sorted(set(ctx.hand(c))):
            if not may_play_another(ctx, frame, n):
                continue
            card = ctx.card(n)
            acts.append(action(f"card:{n}:ap", "aw.act.card_ap", "3.1", card=n, name=card.name, ap=card.ap))
            if upto and len(acts) >= upto:
                return True
            acts.extend(ctx.memoised(("impulse.events", n), _event_actions, frame, n))
            if upto and len(acts) >= upto:
                return True
        if len(frame["cards"]) < 2 and not frame["bought_plus"] and card_limit(ctx, frame) == 1 \
                and can_pay(frame, 2 * PLUS_PRICE) and len(ctx.hand(c)) >= (2 - len(frame["cards"])):
            acts.append(action("plus", "aw.act.buy_plus", "6.18", ap=PLUS_PRICE))
        return bool(upto) and len(acts) >= upto

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        aid = act["id"]
        if aid in ("end", "pass"):
            frame["phase"] = "end"
            frame["hook"] = 0
            return
        if aid == "plus":
            pay(ctx, frame, 2 * PLUS_PRICE, "6.18", "plus")
            frame["bought_plus"] = True
            return
        if aid.startswith("card:"):
            _, num, how = aid.split(":")
            if how == "ap":
                play_card_for_ap(ctx, frame, int(num))
            else:
                HOOKS.call("cards.play_event", ctx, frame, int(num), how)
            return
        prefix = aid.split(":", 1)[0]
        HOOKS.menu[prefix].apply(ctx, frame, act)

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.impulse_pass" if frame["passing"] else "aw.prompt.impulse",
                "params": {"country": actor, "ap": ap_left(frame), "cards": len(frame["cards"])}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return explain_impulse(ctx, frame, action_id)


def explain_impulse(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str]:
    """Why an action id is refused in the impulse, with the rule that forbids it."""
    c = frame["c"]
    parts = action_id.split(":")
    head = parts[0]
    if head == "card" and len(parts) >= 2:
        try:
            number = int(parts[1])
        except ValueError:
            return ("not a card number", "3.1")
        if frame["passing"]:
            return ("a country without cards cannot play a card in this impulse", "6.0")
        if number not in ctx.hand(c):
            return (f"card {number} is not in the hand of {c}", "3.1")
        if len(frame["cards"]) >= 2:
            return ("no more than two cards can be played in one impulse", "3.2")
        if not may_play_another(ctx, frame, number):
            return ("a second card can only be played with a '+' card (or 3 AP to make one)", "3.2")
        if len(parts) == 3 and parts[2] == "secret":
            return ("this card offers no secret diplomacy action, or no objective can be chosen now", "6.11.m")
        if len(parts) == 3 and parts[2] != "ap":
            return ("this event cannot be played in the present situation; the card can be played for its "
                    "APs", "6.11")
    if head == "end":
        return ("a card must be played in every impulse (for its APs or its event)", "3.1")
    if head == "plus":
        if len(frame["cards"]) >= 2 or frame["bought_plus"] or card_limit(ctx, frame) == 2:
            return ("the impulse already allows two cards", "3.2")
        return ("turning a card into a '+' card costs 3 AP", "6.18")
    if head == "preempt":
        return HOOKS.call("sequence.preempt_refusal", ctx)
    if head == "save" and len(parts) == 2 and parts[1].isdigit():
        if int(parts[1]) > MAX_SAVED:
            return (f"at most {MAX_SAVED} AP can be saved for a later impulse; the excess is lost", "3.1")
        return ("unspent APs are saved automatically at the end of the impulse (at most 4)", "6.18")
    entry = HOOKS.menu.get(head)
    if entry is not None:
        if frame["passing"] and not entry.when_passing:
            return ("a country without cards and with fewer than 5 AP must pass; it may only continue sieges, "
                    "maintain forces and shorten foreign wars", "6.0")
        if entry.explain is not None:
            found = entry.explain(ctx, frame, action_id)
            if found is not None:
                return found
        return (f"not possible now ({ap_left(frame):g} AP left)", "6.0")
    return ("not an action of this impulse", "6.0")


@FLOW.register
class LoanDefault(Step[Ctx]):
    """6.11: a loan not repaid in the next scheduled impulse costs an ECO −1 marker on one of the
    country's cities (its choice), or removes one of its ECO +1 markers instead; with no ECO −1 marker
    left in the stock (2.2) and no ECO +1 marker to remove, nothing happens."""

    kind = "loan_default"
    rule = "6.11"

    def _options(self, ctx: Ctx, frame: Frame) -> tuple[list[str], list[str]]:
        c = frame["c"]
        plus = [a for a, st in sorted(ctx.s["areas"].items()) if st["eco_plus"] > 0 and st["ctrl"] == c]
        # 2.2: an ECO -1 marker comes from the finite stock (politics/stock.py, above this module)
        cities = [a for a in sorted(ctx.s["areas"]) if ctx.c.areas[a].city is not None
                  and ctx.s["areas"][a]["ctrl"] == c and HOOKS.call("stock.eco_minus_refusal", ctx, a) is None]
        return plus, cities

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        plus, cities = self._options(ctx, frame)
        return [frame["c"]] if (plus or cities) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        ctx.log("aw.loan_default_nothing", "6.11", country=frame["c"])
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        plus, cities = self._options(ctx, frame)
        if plus:
            return [action(f"eco_plus_off:{a}", "aw.act.remove_eco_plus", "6.11", area=a) for a in plus]
        return [action(f"eco_minus:{a}", "aw.act.place_eco_minus", "6.11", area=a) for a in cities]

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        area = act["params"]["area"]
        if act["id"].startswith("eco_plus_off"):
            ctx.area(area)["eco_plus"] -= 1
            ctx.log("aw.eco_plus_removed", "6.11", country=actor, area=area)
        else:
            ctx.area(area)["eco_minus"] += 1
            ctx.log("aw.eco_minus_placed", "6.11", country=actor, area=area)
        flow.pop(ctx.s)
