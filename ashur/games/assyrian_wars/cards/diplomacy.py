"""Diplomacy card events: markers on the diplomatic track (6.9, 6.11.c alliance breakers), minor city
pacts (6.11.c2), the two-player alliance with a conquered power (8.4), secret diplomacy as an event
(6.11.m, 7.5.2.g) and the spies' look into another hand (6.11.g).

* ``move_diplomatic_marker``: the card's dice are rolled, then its player picks the minor or tribe (when
  the card names several) and moves its marker towards its own power: down another power's row, then
  up its own (6.9). An alliance breaker may break an alliance and lets the player choose how many of the
  rolled spaces to use; played as a response to a VP battle it is doubled (6.11.c) — its half cost is
  the framework's (``event_cost``) — and it answers only the cases of 6.11.c (``breakers.response_allowed``).
  A minor playing it moves the marker for the power it is allied to. Other cards move a marker only as
  diplomacy could (6.9: not a country allied to another power, at war with the player, or protected by a
  grace period, 7.1).
* ``minor_city_pact``: a pact with a minor city neither conquered nor already in a pact; the card lies
  face up while the pact lasts (6.11.c2, 6.11.l).
* ``ally_conquered_power``: in the two-player Campaign, Assyria pays the extra APs and controls a power
  it has conquered (8.4, ``two_player.ally_conquered_power``).
* ``secret_diplomacy_action`` and the secret diplomacy alternative of cards that have one (``card:N:secret``,
  6.11.m): the player names an objective, 2D6 of 9 or more make it fail, otherwise it chooses one option of
  7.5.2 and carries it out at once. Any country may take the alternative; a minor acts for the power it
  is allied to.
* ``look_at_hand`` / ``take_card`` (Spies): the player looks at another country's hand (only it sees the
  cards, ``ctx.reveal``), takes a card at random (never a home card) and gives one of its own in return.

Decisions go through the ``card_pick`` step: the deciding country picks one of the offered choices and a
continuation registered under a name carries on (frames hold only data).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.course.card_effects import condition, effects_frame, op
from ashur.games.assyrian_wars.rules.course.events import (
    IMPULSE,
    can_afford,
    card_rule,
    event_cost,
    pay_event,
)
from ashur.games.assyrian_wars.rules.politics import breakers, diplomacy, two_player
from ashur.games.assyrian_wars.rules.politics import secret_diplomacy as sd
from ashur.games.assyrian_wars.rules.politics.markers import (
    minor_city_pact,
    pact_refusal,
    position,
    room_towards,
    set_marker,
)
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
Continuation = Callable[[Ctx, Frame, str], None]
ASSYRIA = "assyria"

# --- the pick step ----------------------------------------------------------------------------------
#: what a card's player picks: the action label and the prompt of each kind of choice
PICKS: dict[str, tuple[str, str]] = {
    "subject": ("aw.act.pick_subject", "aw.prompt.pick_subject"),
    "city": ("aw.act.pick_city", "aw.prompt.pick_city"),
    "power": ("aw.act.pick_power", "aw.prompt.pick_power"),
    "objective": ("aw.act.pick_objective", "aw.prompt.pick_objective"),
    "hand": ("aw.act.pick_hand", "aw.prompt.pick_hand"),
    "take": ("aw.act.pick_take", "aw.prompt.pick_take"),
    "give": ("aw.act.pick_give", "aw.prompt.pick_give"),
    "revolt": ("aw.act.pick_revolt", "aw.prompt.pick_revolt"),
    "minor": ("aw.act.pick_minor", "aw.prompt.pick_minor"),
    "war": ("aw.act.pick_war", "aw.prompt.pick_war"),
    "towards": ("aw.act.pick_towards", "aw.prompt.pick_towards"),
}
CONTINUE: dict[str, Continuation] = {}
#: the choice of doing nothing, where a card allows it
NONE = "none"


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    """Decorator: register what happens once a ``card_pick`` choice is made."""
    def deco(fn: Continuation) -> Continuation:
        if name in CONTINUE:
            raise ValueError(f"continuation {name!r} registered twice")
        CONTINUE[name] = fn
        return fn
    return deco


def pick(ctx: Ctx, who: str, what: str, options: Sequence[str], then: str, *, card: int, rule: str,
         **data: Any) -> None:
    """Country `who` picks one of `options` (sensible default first); ``CONTINUE[then]`` carries on with
    the frame's data. A single option needs no decision. With ``hand`` naming a data field (a country),
    the options are that country's cards other than home cards, read when the choice is made (a hidden hand
    is never copied into the frame)."""
    frame = {"who": who, "what": what, "options": list(options), "then": then, "card": card, "rule": rule, **data}
    if len(frame["options"]) == 1:
        CONTINUE[then](ctx, frame, frame["options"][0])
        return
    if frame.get("hand"):
        frame["options"] = []
    flow.push(ctx.s, "card_pick", **frame)


def pick_options(ctx: Ctx, frame: Frame) -> list[str]:
    if frame.get("hand"):
        holder = frame[frame["hand"]]
        return [str(n) for n in sorted(set(ctx.hand(holder))) if not ctx.is_home_card(n)]
    return list(frame["options"])


@FLOW.register
class CardPick(Step[Ctx]):
    """A decision a card gives its player (6.11: the card's instructions, the player's choices)."""

    kind = "card_pick"
    rule = "6.11"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)  # nobody plays the country (or nothing is left to choose): the first choice
        options = pick_options(ctx, frame)
        if options:
            CONTINUE[frame["then"]](ctx, frame, options[0])

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if role_of(ctx, frame["who"]) is None or not pick_options(ctx, frame):
            return []
        return [frame["who"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        label = PICKS[frame["what"]][0]
        return [action(f"pick:{o}", label if o != NONE else "aw.act.pick_none", frame["rule"], choice=o,
                       card=frame["card"]) for o in pick_options(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": PICKS[frame["what"]][1], "params": {"country": actor, "card": frame["card"],
                                                           "name": ctx.card(frame["card"]).name}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return (f"not one of the choices that card #{frame['card']} offers now", frame["rule"])

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        CONTINUE[frame["then"]](ctx, frame, str(act["params"]["choice"]))


# --- shared queries -------------------------------------------------------------------------------------
def subjects_of(ctx: Ctx, names: Sequence[str]) -> list[str]:
    """The minors and tribes a card names, its selectors expanded (impulse-track order, in play)."""
    kinds = {"any_minor": ("minor",), "any_nomad": ("nomad",), "any_minor_or_nomad": ("minor", "nomad")}
    out: list[str] = []
    for name in names:
        if name in kinds:
            out += [c for c in ctx.track() if ctx.kind(c) in kinds[name]]
        elif name in ctx.s["countries"]:
            out.append(name)
    return [c for c in dict.fromkeys(out) if ctx.in_play(c) and c in ctx.s["diplo"]]


def acting_power(ctx: Ctx, c: str) -> str | None:
    """The power a card's player acts for: itself, or the power a minor is allied to (6.11.c)."""
    return breakers.breaker_power(ctx, c)


def paid(frame: Frame) -> bool:
    """The event's printed cost is paid: the effects are being resolved (not merely offered)."""
    return "i" in frame


def roll(ctx: Ctx, frame: Frame, dice: Any) -> int:
    """The card's dice: n D6 or D3 (a D6 halved, rounded up, 6.11.b) plus the modifier."""
    values = ctx.dice(dice.n, rule=card_rule(ctx, frame["card"]), why="aw.why.card_dice", card=frame["card"],
                      name=ctx.card(frame["card"]).name)
    if dice.d == 3:
        values = [(v + 1) // 2 for v in values]
    return sum(values) + dice.plus


@condition("two_player_game")
def two_player_game(ctx: Ctx, frame: Frame) -> bool:
    """8.4: the Campaign played by two players."""
    return two_player.two_player_campaign(ctx)


# --- move_diplomatic_marker (6.9, 6.11.c) ------------------------------------------------------------------
def _room(ctx: Ctx, subject: str, power: str, direction: str) -> int:
    if direction == "down_other":
        cur, value = position(ctx, subject)
        return value if cur is not None and cur != power else 0
    return room_towards(ctx, subject, power)


def _vp_battle(frame: Frame) -> dict[str, Any] | None:
    return frame["context"].get("vp_battle") if frame["how"] == "response" else None


def marker_refusal(ctx: Ctx, frame: Frame, o: Any, subject: str) -> tuple[str, str] | None:
    """Why the card's player may not move `subject`'s marker with this card now, or None."""
    c = frame["c"]
    power = acting_power(ctx, c)
    if power is None:
        return ("only a power, or a minor for the power it is allied to, moves diplomatic markers", "6.11.c")
    if o.alliance_breaker:
        found = breakers.refusal(ctx, c, subject)
        if found is not None:
            return found
        record = _vp_battle(frame)
        if record is not None and not breakers.response_allowed(ctx, c, subject, record):
            return (f"{subject} and its power took no part in that VP battle, nor did {c} win it", "6.11.c")
    else:
        found = diplomacy.refusal(ctx, power, subject)
        if found is not None:
            return found
    if _room(ctx, subject, power, o.direction) <= 0:
        return (f"the marker of {subject} cannot move that way", "6.9")
    return None


def marker_subjects(ctx: Ctx, frame: Frame, o: Any) -> list[str]:
    return [s for s in subjects_of(ctx, o.subjects) if marker_refusal(ctx, frame, o, s) is None]


def check_move(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if frame["how"] == "response" and (not o.alliance_breaker or _vp_battle(frame) is None):
        return "only an alliance breaker answers a VP battle (6.11.c)"
    if frame["how"] not in (IMPULSE, "response"):
        return "this card is played in the player's own impulse (6.11)"
    if marker_subjects(ctx, frame, o):
        return None
    names = subjects_of(ctx, o.subjects)
    if 0 < len(names) <= 4:
        reasons = [(s, marker_refusal(ctx, frame, o, s)) for s in names]
        return "; ".join(f"{s}: {r[0]} ({r[1]})" for s, r in reasons if r is not None)
    rule = "6.11.c" if o.alliance_breaker else "6.9"
    return f"no marker this card names can be moved by {frame['c']} now ({rule})"


@op("move_diplomatic_marker", check_move)
def run_move(ctx: Ctx, frame: Frame, o: Any) -> None:
    """Roll, pick the minor or tribe, move its marker (6.9, 6.11.c)."""
    c = frame["c"]
    rule = card_rule(ctx, frame["card"])
    total = roll(ctx, frame, o.dice) if o.dice is not None else int(o.spaces)
    response = frame["how"] == "response" and o.alliance_breaker
    subjects = marker_subjects(ctx, frame, o)
    if not subjects:
        ctx.log("aw.card_no_effect", rule, country=c, card=frame["card"], name=ctx.card(frame["card"]).name)
        return
    pick(ctx, c, "subject", subjects, "move_marker", card=frame["card"], rule=rule, total=total,
         breaker=bool(o.alliance_breaker), response=response, direction=o.direction)


@continuation("move_marker")
def _move_marker(ctx: Ctx, data: Frame, subject: str) -> None:
    c = data["who"]
    power = acting_power(ctx, c)
    assert power is not None
    rule, total = data["rule"], int(data["total"])
    if data["breaker"]:
        row = raisable_row(ctx, subject, power) if not data["response"] else None
        if row is not None:
            pick(ctx, c, "towards", [power, row], "breaker_towards", card=data["card"], rule="6.9",
                 subject=subject, total=total)
            return
        breakers.alliance_breaker(ctx, c, subject, total, bool(data["response"]), rule="6.11.c")
        return
    ctx.log("aw.card_marker", rule, country=c, card=data["card"], subject=subject, power=power, n=total)
    if data["direction"] == "split":
        flow.push(ctx.s, "breaker_spaces", player=c, power=power, subject=subject, total=total, rule="6.9")
    elif data["direction"] == "down_other":
        cur, value = position(ctx, subject)
        set_marker(ctx, subject, cur, value - min(total, value), "6.9")
    else:
        from ashur.games.assyrian_wars.rules.politics.markers import move_towards

        move_towards(ctx, subject, power, total, "6.9")


def raisable_row(ctx: Ctx, subject: str, power: str) -> str | None:
    """6.9: an alliance breaker may move a marker up another power's row: the row the marker stands on,
    when that power could influence it (not at war with it, no grace period of another conqueror)."""
    from ashur.games.assyrian_wars.rules.politics.grace import influence_blocked

    row, value = position(ctx, subject)
    if row is None or row == power or not ctx.in_play(row) or ctx.s.get("eliminated", {}).get(row):
        return None
    if value >= 15 or (ctx.at_war(row, subject) and not ctx.is_nomad(subject)) or influence_blocked(ctx, row, subject):
        return None
    return row


@continuation("breaker_towards")
def _breaker_towards(ctx: Ctx, data: Frame, towards: str) -> None:
    """The player moves the marker towards its own power (down the other row, then up its own), or up the
    other power's row (6.9)."""
    c, subject, total = data["who"], data["subject"], int(data["total"])
    if towards == acting_power(ctx, c):
        breakers.alliance_breaker(ctx, c, subject, total, False, rule="6.11.c")
        return
    ctx.log("aw.alliance_breaker", "6.11.c", player=c, power=towards, subject=subject, total=total, response=False)
    flow.push(ctx.s, "breaker_spaces", player=c, power=towards, subject=subject, total=total, rule="6.11.c")


# --- minor_city_pact (6.11.c2) ---------------------------------------------------------------------------
def pact_cities(ctx: Ctx, frame: Frame, o: Any) -> list[str]:
    names = sorted(c for c in ctx.s["countries"] if ctx.is_minor_city(c)) if o.cities == "any" else o.cities
    return [c for c in names if c in ctx.s["diplo"] and ctx.in_play(c) and pact_refusal(ctx, frame["c"], c) is None]


def check_pact(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if frame["how"] != IMPULSE:
        return "a minor city pact is made in the player's own impulse (6.11.c2)"
    if pact_cities(ctx, frame, o):
        return None
    names = o.cities if o.cities != "any" else ()
    if len(names) == 1:
        found = pact_refusal(ctx, frame["c"], names[0])
        if found is not None:
            return f"{found[0]} ({found[1]})"
    return "no minor city is free for a pact (6.11.c2)"


@op("minor_city_pact", check_pact)
def run_pact(ctx: Ctx, frame: Frame, o: Any) -> None:
    cities = pact_cities(ctx, frame, o)
    if not cities:
        ctx.log("aw.card_no_effect", "6.11.c2", country=frame["c"], card=frame["card"],
                name=ctx.card(frame["card"]).name)
        return
    pick(ctx, frame["c"], "city", cities, "pact", card=frame["card"], rule="6.11.c2")


@continuation("pact")
def _pact(ctx: Ctx, data: Frame, city: str) -> None:
    c, number = data["who"], data["card"]
    made = minor_city_pact(ctx, c, city, "6.11.c2")
    for entry in ctx.s["faceup"]:
        if entry["card"] == number and entry["by"] == c and "city" not in entry:
            entry["city"] = city if made else None  # 6.11.l: face up while the pact lasts
    ctx.log("aw.card_pact", "6.11.c2", country=c, card=number, city=city)
    pact_cards_expire(ctx)


def pact_cards_expire(ctx: Ctx) -> None:
    """6.11.c2 / 6.11.l: a pact card lies face up while its pact lasts (conquest of its power, 7.1.D, or
    war ends it); then it is discarded."""
    for entry in list(ctx.s["faceup"]):
        card = ctx.card(entry["card"])
        if not any(o.op == "minor_city_pact" for o in card.effect) or "city" not in entry:
            continue
        city = entry["city"]
        d = ctx.s["diplo"].get(city) if city else None
        if d is None or not d.get("pact") or d.get("power") != entry["by"]:
            from ashur.games.assyrian_wars.rules.course.events import remove_lasting

            remove_lasting(ctx, entry["card"], "6.11.c2")


HOOKS.add_impulse_end(96, "pact cards", lambda ctx, impulse: pact_cards_expire(ctx))
HOOKS.add_turn_start(1, "pact cards", pact_cards_expire)


# --- ally_conquered_power (8.4) ------------------------------------------------------------------------------
def conquered_powers(ctx: Ctx, o: Any) -> list[str]:
    return [p for p in ctx.powers() if p not in o.excluded and two_player.refusal(ctx, p) is None]


def check_ally_conquered(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if frame["how"] != IMPULSE:
        return "the alliance with a conquered power is made in Assyria's own impulse (8.4)"
    if c != ASSYRIA:
        return "only Assyria allies with a power it has conquered (8.4)"
    if not conquered_powers(ctx, o):
        if not two_player.two_player_campaign(ctx):
            return "only in the two-player Campaign (8.4)"
        return "Assyria has conquered no power it may ally with that way (8.4)"
    need = o.extra_ap + (0 if paid(frame) else event_cost(ctx, frame["card"]))
    if not can_afford(ctx, c, need):
        return f"the alliance costs {o.extra_ap} AP more than the event (8.4, 6.11)"
    return None


@op("ally_conquered_power", check_ally_conquered)
def run_ally_conquered(ctx: Ctx, frame: Frame, o: Any) -> None:
    powers = conquered_powers(ctx, o)
    if not powers:
        ctx.log("aw.card_no_effect", "8.4", country=frame["c"], card=frame["card"], name=ctx.card(frame["card"]).name)
        return
    pick(ctx, frame["c"], "power", powers, "ally_conquered", card=frame["card"], rule="8.4", extra=o.extra_ap)


@continuation("ally_conquered")
def _ally_conquered(ctx: Ctx, data: Frame, power: str) -> None:
    c = data["who"]
    pay_event(ctx, c, data["card"], int(data["extra"]))
    two_player.ally_conquered_power(ctx, power, "8.4")
    ctx.log("aw.card_ally_conquered", "8.4", country=c, card=data["card"], power=power, ap=data["extra"])


# --- secret diplomacy as an event (6.11.m, 7.5.2.g) ----------------------------------------------------------
def sd_objectives(ctx: Ctx, power: str, allowed: Any) -> list[str]:
    """7.5.2: the objectives with something to carry out for `power` (powers, minors, tribes, minor
    cities, trade), limited to those the card names."""
    candidates = [*ctx.track(), sd.MINOR_CITIES, sd.TRADE]
    if allowed != "any":
        candidates = [x for x in candidates if x in allowed]
    return [x for x in candidates if sd.possible(ctx, power, x) and sd.options(ctx, power, x)]


def sd_refusal(ctx: Ctx, c: str, allowed: Any) -> str | None:
    if ctx.is_nomad(c) and c not in ctx.s.get("substitutes", {}):
        return "nomads play no events (10.1)"
    power = acting_power(ctx, c)
    if power is None:
        return "a minor not allied to a power has no power to act for (6.11.m)"
    if not sd_objectives(ctx, power, allowed):
        return "no secret diplomacy objective offers anything now (7.5.2)"
    return None


def check_sd(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if frame["how"] != IMPULSE:
        return "secret diplomacy as an event is done during the player's own impulse (7.5.2.g)"
    return sd_refusal(ctx, frame["c"], o.objectives)


def start_secret_diplomacy(ctx: Ctx, c: str, number: int, allowed: Any) -> None:
    """6.11.m: the player names an objective; the roll and the chosen option follow at once."""
    power = acting_power(ctx, c)
    objectives = sd_objectives(ctx, power, allowed) if power is not None else []
    if power is None or not objectives:
        ctx.log("aw.card_no_effect", "6.11.m", country=c, card=number, name=ctx.card(number).name)
        return
    pick(ctx, c, "objective", objectives, "sd_objective", card=number, rule="6.11.m", power=power)


@op("secret_diplomacy_action", check_sd)
def run_sd(ctx: Ctx, frame: Frame, o: Any) -> None:
    start_secret_diplomacy(ctx, frame["c"], frame["card"], o.objectives)


@continuation("sd_objective")
def _sd_objective(ctx: Ctx, data: Frame, objective: str) -> None:
    ctx.log("aw.card_sd", "6.11.m", country=data["who"], card=data["card"], power=data["power"], objective=objective)
    sd.secret_diplomacy_event(ctx, data["power"], objective, "7.5.2.g")


def secret_actions(ctx: Ctx, impulse: Frame, number: int) -> list[Action]:
    """6.11.m: the alternative secret diplomacy action of a card, open to every country."""
    alt = ctx.card(number).secret_diplomacy
    if alt is None or sd_refusal(ctx, impulse["c"], alt.objectives) is not None:
        return []
    return [action(f"card:{number}:secret", "aw.act.card_secret", "6.11.m", card=number,
                   name=ctx.card(number).name)]


def secret_event(ctx: Ctx, c: str, number: int, frame: Frame) -> None:
    """The secret diplomacy alternative, once no Counter Measures cancelled it (6.11.m)."""
    alt = ctx.card(number).secret_diplomacy
    start_secret_diplomacy(ctx, c, number, alt.objectives if alt is not None else "any")


HOOKS.provide("cards.secret_actions", secret_actions)
HOOKS.provide("cards.secret_event", secret_event)


# --- Spies: look_at_hand, take_card (6.11.g) ------------------------------------------------------------------
def _takeable(ctx: Ctx, cid: str) -> list[int]:
    return [n for n in ctx.hand(cid) if not ctx.is_home_card(n)]


def spy_targets(ctx: Ctx, c: str, takeable: bool) -> list[str]:
    """Other countries whose hand holds a card (one that may be taken, never a home card)."""
    return [x for x in ctx.track() if x != c and x in ctx.s["countries"]
            and (_takeable(ctx, x) if takeable else ctx.hand(x))]


def _takes(ctx: Ctx, number: int) -> bool:
    return any(o.op == "take_card" for o in ctx.card(number).effect)


def check_look(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if frame["how"] != IMPULSE:
        return "this card is played in the player's own impulse (6.11.g)"
    if not spy_targets(ctx, frame["c"], _takes(ctx, frame["card"])):
        return "no other country holds a card that could be taken (6.11.g)"
    return None


@op("look_at_hand", check_look)
def run_look(ctx: Ctx, frame: Frame, o: Any) -> None:
    targets = spy_targets(ctx, frame["c"], _takes(ctx, frame["card"]))
    if not targets:
        ctx.log("aw.card_no_effect", "6.11.g", country=frame["c"], card=frame["card"],
                name=ctx.card(frame["card"]).name)
        return
    pick(ctx, frame["c"], "hand", targets, "look", card=frame["card"], rule="6.11.g")


@continuation("look")
def _look(ctx: Ctx, data: Frame, target: str) -> None:
    c = data["who"]
    effects_frame(ctx)["vars"]["target"] = target
    ctx.reveal()
    ctx.log("aw.spies_look", "6.11.g", country=c, target=target)
    ctx.log("aw.spies_hand", "6.11.g", to=[c], country=c, target=target, cards=sorted(ctx.hand(target)))


def check_take(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if frame["how"] != IMPULSE:
        return "this card is played in the player's own impulse (6.11.g)"
    if not spy_targets(ctx, frame["c"], True):
        return "no other country holds a card that could be taken (never a home card, 6.11.g)"
    return None


@op("take_card", check_take)
def run_take(ctx: Ctx, frame: Frame, o: Any) -> None:
    c = frame["c"]
    target = frame["vars"].get("target")
    if target is None:
        targets = spy_targets(ctx, c, True)
        if not targets:
            return
        target = targets[0] if len(targets) == 1 else None
        if target is None:
            pick(ctx, c, "hand", targets, "take_from", card=frame["card"], rule="6.11.g", count=o.count,
                 random=o.random, give_back=o.give_back)
            return
    _take_from(ctx, {"who": c, "card": frame["card"], "rule": "6.11.g", "count": o.count, "random": o.random,
                     "give_back": o.give_back}, target)


@continuation("take_from")
def _take_from(ctx: Ctx, data: Frame, target: str) -> None:
    """Take `count` cards (at random, or chosen after looking), then give some back (6.11.g)."""
    c = data["who"]
    effects_frame(ctx)["vars"]["target"] = target
    if data["random"]:
        for _ in range(int(data["count"])):
            pool = _takeable(ctx, target)
            if pool:
                _move_card(ctx, c, target, pool[ctx.random_index(len(pool))])
        _give_back(ctx, data, target, int(data["give_back"]))
        return
    _take_chosen(ctx, data, target, int(data["count"]))


def _take_chosen(ctx: Ctx, data: Frame, target: str, left: int) -> None:
    pool = sorted(set(_takeable(ctx, target)))
    if left <= 0 or not pool:
        _give_back(ctx, data, target, int(data["give_back"]))
        return
    pick(ctx, data["who"], "take", [str(n) for n in pool], "take_chosen", card=data["card"], rule="6.11.g",
         count=data["count"], random=False, give_back=data["give_back"], target=target, left=left, hand="target")


@continuation("take_chosen")
def _take_one(ctx: Ctx, data: Frame, choice: str) -> None:
    _move_card(ctx, data["who"], data["target"], int(choice))
    _take_chosen(ctx, data, data["target"], int(data["left"]) - 1)


def _move_card(ctx: Ctx, c: str, target: str, number: int) -> None:
    ctx.hand(target).remove(number)
    ctx.hand(c).append(number)
    ctx.reveal()
    ctx.log("aw.spies_take", "6.11.g", country=c, target=target)
    ctx.log("aw.spies_took", "6.11.g", to=[c, target], country=c, target=target, card=number,
            name=ctx.card(number).name)


def _give_back(ctx: Ctx, data: Frame, target: str, left: int) -> None:
    own = sorted(set(_takeable(ctx, data["who"])))
    if left <= 0 or not own:
        return
    pick(ctx, data["who"], "give", [str(n) for n in own], "give", card=data["card"], rule="6.11.g",
         target=target, left=left, hand="who")


@continuation("give")
def _give(ctx: Ctx, data: Frame, choice: str) -> None:
    c, target, number = data["who"], data["target"], int(choice)
    ctx.hand(c).remove(number)
    ctx.hand(target).append(number)
    ctx.log("aw.spies_give", "6.11.g", country=c, target=target)
    ctx.log("aw.spies_gave", "6.11.g", to=[c, target], country=c, target=target, card=number,
            name=ctx.card(number).name)
    _give_back(ctx, data, target, int(data["left"]) - 1)
