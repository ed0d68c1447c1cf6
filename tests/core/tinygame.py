"""A tiny game used to test the core (not registered in the package).

Two roles, red and blue. Each holds two hidden cards from a shuffled deck 1..9. First both bid 0–2 in
secret (a simultaneous decision); the higher bid starts (ties: red). On a turn the player may roll a die
(T.2) or play a card (T.3: adds its value, reveals it, draws a new hidden one), may set a marker up to three
times (T.4, a free decision that undo can take back), and ends the turn (T.5) once it rolled or played.
The game ends after six turns or when a score reaches 15 (T.6).
"""

from __future__ import annotations

import random
from typing import Any

from ashur.core import flow, log, rng
from ashur.core.contract import Action, Game, OptionSpec, Result, ScenarioInfo, action
from ashur.core.errors import IllegalAction
from ashur.core.flow import Flow, Step
from ashur.core.statedata import GameState, clone
from ashur.core.validate import check_action_id

State = dict[str, Any]
ROLES = ["red", "blue"]
FLOW: Flow[State] = Flow()


def other(role: str) -> str:
    return "blue" if role == "red" else "red"


@FLOW.register
class Bid(Step[State]):
    kind = "bid"
    rule = "T.1"

    def deciders(self, ctx: State, frame: dict[str, Any]) -> list[str]:
        return [r for r in ROLES if r not in frame["bids"]]

    def actions(self, ctx: State, frame: dict[str, Any], actor: str) -> list[Action]:
        return [action(f"bid:{n}", "tiny.bid", "T.1", n=n) for n in range(3)]

    def apply(self, ctx: State, frame: dict[str, Any], actor: str, act: Action) -> None:
        frame["bids"][actor] = act["params"]["n"]
        log.log(ctx, "tiny.bid_secret", "T.1", to=[actor], role=actor, n=act["params"]["n"])
        if len(frame["bids"]) == 2:
            ctx["reveals"] += 1
            bids = frame["bids"]
            log.log(ctx, "tiny.bids", "T.1", red=bids["red"], blue=bids["blue"])
            flow.pop(ctx)
            ctx["player"] = "blue" if bids["blue"] > bids["red"] else "red"
            flow.push(ctx, "turn", acted=False, marks=0)


@FLOW.register
class Turn(Step[State]):
    kind = "turn"
    rule = "T.2"

    def deciders(self, ctx: State, frame: dict[str, Any]) -> list[str]:
        return [ctx["player"]]

    def actions(self, ctx: State, frame: dict[str, Any], actor: str) -> list[Action]:
        acts = [action("roll", "tiny.roll", "T.2")]
        acts += [action(f"play:{c}", "tiny.play", "T.3", card=c) for c in ctx["hands"][actor]]
        if frame["marks"] < 3:
            acts.append(action("mark", "tiny.mark", "T.4"))
        if frame["acted"]:
            acts.append(action("end", "tiny.end", "T.5"))
        return acts

    def explain(self, ctx: State, frame: dict[str, Any], actor: str, action_id: str) -> tuple[str, str]:
        if action_id == "end":
            return ("a turn ends only after a roll or a card", "T.5")
        if action_id.startswith("play:"):
            return ("you do not hold that card", "T.3")
        return super().explain(ctx, frame, actor, action_id)

    def apply(self, ctx: State, frame: dict[str, Any], actor: str, act: Action) -> None:
        aid = act["id"]
        if aid == "roll":
            ctx["scores"][actor] += log.die(ctx, rule="T.2", why="tiny.roll", role=actor)
            frame["acted"] = True
        elif aid.startswith("play:"):
            card = act["params"]["card"]
            ctx["hands"][actor].remove(card)
            ctx["played"].append(card)
            ctx["scores"][actor] += card
            log.log(ctx, "tiny.played", "T.3", role=actor, card=card)
            if ctx["deck"]:
                new = ctx["deck"].pop()
                ctx["hands"][actor].append(new)
                ctx["reveals"] += 1
                log.log(ctx, "tiny.drew", "T.3", to=[actor], role=actor, card=new)
            frame["acted"] = True
        elif aid == "mark":
            frame["marks"] += 1
            ctx["marks"][actor] += 1
        else:  # end
            ctx["turns"] += 1
            flow.pop(ctx)
            if ctx["turns"] >= 6 or max(ctx["scores"].values()) >= 15:
                log.log(ctx, "tiny.over", "T.6")
                return
            ctx["player"] = other(actor)
            flow.push(ctx, "turn", acted=False, marks=0)


class TinyGame(Game):
    id = "tiny"
    name = "Tiny"
    version = "1"

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"basic": ScenarioInfo("basic", "Basic", player_counts=(2,))}

    def options(self) -> dict[str, OptionSpec]:
        return {"target": OptionSpec("target", 15, "score that ends the game", kind=int)}

    def roles(self, scenario: str, options: dict[str, Any]) -> list[str]:
        return list(ROLES)

    def setup(self, scenario: str, seed: int, options: dict[str, Any], seats: dict[str, str]) -> State:
        state: State = GameState({"rng": rng.seed_state(seed), "stack": [], "reveals": 0,
                        "deck": list(range(1, 10)), "hands": {"red": [], "blue": []}, "played": [],
                        "scores": {"red": 0, "blue": 0}, "marks": {"red": 0, "blue": 0}, "turns": 0,
                        "player": None})
        rng.shuffle(state, state["deck"])
        log.log(state, "shuffle", "T.0")
        for r in ROLES:
            state["hands"][r] = [state["deck"].pop(), state["deck"].pop()]
        flow.push(state, "bid", bids={})
        FLOW.advance(state, state)
        return state

    def active(self, state: State) -> list[str]:
        return FLOW.deciders(state, state)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return FLOW.actions(state, state, role)

    def view(self, state: State, role: str) -> dict[str, Any]:
        v: dict[str, Any] = {
            "scores": state["scores"], "played": state["played"], "deck": len(state["deck"]),
            "marks": state["marks"], "turns": state["turns"], "player": state["player"],
            "hand_sizes": {r: len(h) for r, h in state["hands"].items()},
            "log": [e for _, e in self.visible_log(state, role)],
            "prompt": FLOW.prompt(state, state, role), "actions": self.legal_actions(state, role),
        }
        if role in ROLES:
            v["hand"] = sorted(state["hands"][role])
            top = state["stack"][-1] if state["stack"] else None
            if top and top["step"] == "bid" and role in top["bids"]:
                v["my_bid"] = top["bids"][role]
        return v

    def act(self, state: State, role: str, action_id: str) -> State:
        check_action_id(action_id, role)
        if role not in self.active(state):
            raise IllegalAction(action_id, f"{role} does not decide now", "T.0", role)
        new = clone(state)
        FLOW.apply(new, new, role, action_id, role)
        return new

    def result(self, state: State) -> Result:
        over = not state["stack"]
        s = state["scores"]
        winners = [] if not over else [r for r in ROLES if s[r] == max(s.values())]
        return {"over": over, "scores": dict(s), "winners": winners, "reason": "tiny.over"}

    def invariants(self, state: State) -> list[str]:
        cards = sorted(state["deck"] + state["played"] + state["hands"]["red"] + state["hands"]["blue"])
        return [] if cards == list(range(1, 10)) else [f"cards not conserved: {cards}"]

    def scramble(self, state: State, role: str, seed: int, *, keep_rng: bool = False) -> State:
        """Shuffle everything `role` cannot see: the deck order, the other hand, future dice (unless
        `keep_rng`), hidden bids."""
        s = clone(state)
        r = random.Random(seed)
        seed_word = r.getrandbits(128)
        if not keep_rng:
            rng.rekey(s, seed_word)
        hidden_roles = [x for x in ROLES if x != role]
        pool = list(s["deck"])
        for x in hidden_roles:
            pool += s["hands"][x]
        r.shuffle(pool)
        for x in hidden_roles:
            n = len(s["hands"][x])
            s["hands"][x], pool = pool[:n], pool[n:]
        s["deck"] = pool
        def hide(e: dict[str, Any]) -> dict[str, Any]:
            if "to" in e and role not in e["to"]:
                e["params"] = {"role": e["params"].get("role"), "scrambled": r.random()}
            return e

        log.rewrite(s, hide)
        top = s["stack"][-1] if s["stack"] else None
        if top and top["step"] == "bid":
            for x in hidden_roles:
                if x in top["bids"]:
                    top["bids"][x] = r.randrange(3)
        return s

    def messages(self, lang: str) -> dict[str, str]:
        return {"tiny.roll": "Roll a die", "tiny.play": "Play card {card}", "tiny.mark": "Set a marker",
                "tiny.end": "End the turn", "tiny.bid": "Bid {n}", "tiny.over": "the game ended",
                "dice": "{why}: {values}", "tiny.played": "{role} plays {card}"}


GAME = TinyGame()
