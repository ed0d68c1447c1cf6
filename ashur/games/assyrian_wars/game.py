"""Assyrian Wars (UGG 2005) as an Ashur game module: the contract glue.

The rules live in :mod:`ashur.games.assyrian_wars.rules` (one module per chapter or topic); the content
(map, nations, counters, cards, scenarios, timetable) in :mod:`ashur.games.assyrian_wars.content`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson
import yaml

from ashur.core import flow, statedata
from ashur.core.contract import Action, Game, OptionSpec, Reason, Result, ScenarioInfo
from ashur.core.errors import IllegalAction, SetupError
from ashur.core.i18n import read_catalog
from ashur.core.statedata import GameState, as_state, clone, copy_actions, fork
from ashur.core.validate import check_action_id
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules import FLOW, HOOKS, load_all
from ashur.games.assyrian_wars.rules.base.players import countries_of_role, role_of, role_table
from ashur.games.assyrian_wars.rules.course import orders

State = dict[str, Any]
MESSAGES = Path(__file__).parent / "messages"

COW_TABLES = ("pieces", "areas", "countries", "diplo")
"""The tables of flat records that ``act`` copies on write (most actions change a few pieces and areas)."""

SHARED_TABLES = ("options", "roles", "power_role", "track", "wars", "war_cause", "battles")
"""The top-level tables that ``act`` shares whole with the state before it (set up once, or changed by few
actions): changed only through ``Ctx.table``, which copies such a table first (strict mode: read-only)."""


@lru_cache(maxsize=1)
def content() -> Any:
    from ashur.games.assyrian_wars.content import load_content

    return load_content()



def lone_public(ctx: Ctx, step: Any, frame: dict[str, Any], actor: str, lone: Action) -> bool:
    """Whether the others can tell that `lone` is the actor's only choice (issue 14): the step's own
    criterion (``Step.lone_is_public``) and, under fog of war (9.5), for a choice among pieces, that
    nothing of the actor's side is hidden on the map (:func:`fog.lone_piece_public`)."""
    from ashur.games.assyrian_wars.fog import lone_piece_public

    return step.lone_is_public(ctx, frame, actor) and lone_piece_public(ctx, actor, lone)

def _stacks_base(memo: dict[Any, Any]) -> tuple[Any, frozenset[str]] | None:
    """What the fog stacks of the next state may start from (issue 12): this state's own cache with no piece
    touched yet, or the earlier cache this state started from with the pieces touched since."""
    found = memo.get("stacks_cache")
    if found is not None:
        return found, frozenset()
    return memo.get("stacks_base")  # type: ignore[no-any-return]


class AssyrianWars(Game):
    id = "assyrian-wars"
    name = "Assyrian Wars"
    version = "0.1"

    def __init__(self) -> None:
        load_all()
        from ashur.games.assyrian_wars import cards

        cards.load(content().cards)

    # --- setup ----------------------------------------------------------------------------------
    def scenarios(self) -> dict[str, ScenarioInfo]:
        c = content()
        order = ["campaign", "rise_and_fall", "two_rivers"]
        ids = sorted(c.scenarios, key=lambda s: order.index(s) if s in order else len(order))
        return {sid: ScenarioInfo(sid, c.scenarios[sid].name, c.scenarios[sid].description,
                                  tuple(sorted([1, *c.scenarios[sid].players]))) for sid in ids}

    def options(self) -> dict[str, OptionSpec]:
        return {
            "players": OptionSpec("players", 0, "number of players (1.1 B); 0 = one per power", kind=int),
            "sudden_end": OptionSpec("sudden_end", True, "9.1 sudden end", kind=bool),
            "reduced_leaders": OptionSpec("reduced_leaders", True, "9.2 reduced leaders", kind=bool),
            "combine_reduced": OptionSpec("combine_reduced", True, "9.3 combining reduced units", kind=bool),
            "standing_army": OptionSpec("standing_army", True, "9.4 standing army", kind=bool),
            "fog_of_war": OptionSpec("fog_of_war", True, "9.5 fog of war", kind=bool),
            "sell_mercenaries": OptionSpec("sell_mercenaries", True, "9.6 selling mercenaries", kind=bool),
            "special_abilities": OptionSpec("special_abilities", True, "9.7 special unit abilities (off for "
                                            "beginners)", kind=bool),
            "secret_diplomacy": OptionSpec("secret_diplomacy", False, "7.5 secret diplomacy (voluntary)", kind=bool),
            "elimination": OptionSpec("elimination", False, "7.1 elimination (voluntary)", kind=bool),
            "auto_forced": OptionSpec("auto_forced", True, "answer prompts with one legal action without asking "
                                      "(not the secrecy passes of windows asking everyone) and offer standing "
                                      "orders (off: every atom is asked, as in scripted rule tests)", kind=bool),
            "setup_revision": OptionSpec("setup_revision", 0, "scenario set-up of an earlier version, for saved "
                                         "games (0 = current; 1 = before issue 14: Rise and Fall with Phoenicia, "
                                         "Judah and the Scythians pro-Assyrian)", kind=int),
            "card_events": OptionSpec("card_events", True, "6.11 card events (off: every card gives its APs "
                                      "only; for learning the game and for comparisons)", kind=bool),
            "pre14_readings": OptionSpec("pre14_readings", False, "the readings of the rules from before issue 14, "
                                         "where they contradicted the rule book (replays of older saves only)",
                                         kind=bool),
            "player_choices": OptionSpec("player_choices", True, "issue 14: choices the rules give to a player "
                                         "are asked (off: the program makes them as before; for old saves and "
                                         "comparisons)", kind=bool),
        }

    def _players(self, scenario: str, options: dict[str, Any]) -> int:
        sc = content().scenarios[scenario]
        n = int(options.get("players") or 0)
        if n == 0:
            return len(sc.powers)
        allowed = sorted([1, *sc.players])
        if n not in allowed:
            raise SetupError(f"option 'players': {sc.name} is played by {', '.join(map(str, allowed))} players "
                             f"(1.1 B), not {n}")
        return n

    def roles(self, scenario: str, options: dict[str, Any]) -> list[str]:
        sc = content().scenarios[scenario]
        return list(role_table(sc, self._players(scenario, options)))

    def setup(self, scenario: str, seed: int, options: dict[str, Any], seats: dict[str, str]) -> State:
        from ashur.games.assyrian_wars.setup import new_state

        opts = dict(options)
        opts["players"] = self._players(scenario, options)
        state = GameState(new_state(content(), scenario, seed, opts))
        flow.push(state, "game", phase="setup")
        ctx = Ctx(state, content())
        FLOW.advance(ctx, state)
        if orders.enabled(state):
            FLOW.settle(ctx, state, self._answer_for(None))
        return state

    # --- the contract -------------------------------------------------------------------------
    # Every call reads the state's memo (statedata.GameState): deciders and legal actions are computed
    # once per state and reused by active, legal_actions, view and apply; apply drops the memo.
    def _role_of_actor(self, ctx: Ctx, actor: str) -> str:
        role = role_of(ctx, actor)
        if role is None:
            # a country nobody controls has no business deciding: every step settles such a country's choices
            # itself. Strict mode (the tests, the fuzzer) fails here, at every step; play goes on with the
            # first role answering rather than stopping the game (the invariant reports it as well)
            if statedata.STRICT:
                top = ctx.s["stack"][-1] if ctx.s["stack"] else {}
                raise RuntimeError(f"{actor} must decide ({top.get('step')}, rule {top.get('rule', '?')}) "
                                   "but no player controls it")
            role = next(iter(ctx.s["roles"]))
        return role

    def _ctx(self, state: GameState) -> Ctx:
        """The frozen (read-only, memoising) Ctx of this state, kept in the state's memo."""
        memo = state.memo
        ctx = memo.get("ctx")
        if ctx is None:
            ctx = memo["ctx"] = Ctx(state, content(), at=memo.get("at"), frozen=True)
        return ctx

    def _deciders(self, state: GameState) -> list[tuple[str, str]]:
        """(actor, role) of every actor deciding now, memoised on the state."""
        memo = state.memo
        found = memo.get("deciders")
        if found is None:
            ctx = self._ctx(state)
            found = [(actor, self._role_of_actor(ctx, actor)) for actor in FLOW.deciders(ctx, state)]
            memo["deciders"] = found
        return found

    def _deciding(self, state: GameState, role: str) -> str | None:
        for actor, r in self._deciders(state):
            if r == role:
                return actor
        return None

    def _legal(self, state: GameState, role: str) -> list[Action]:
        """The legal actions of `role` (the memo's own list: callers outside get copies): the step's, then
        the standing orders it may set or cancel (with the option ``auto_forced``)."""
        key = ("legal", role)
        acts = state.memo.get(key)
        if acts is None:
            actor = self._deciding(state, role)
            if actor is None:
                acts = []
            else:
                ctx = self._ctx(state)
                settled = state.memo.get("settled")
                acts = settled[1] if settled is not None and settled[0] == actor else \
                    FLOW.actions(ctx, state, actor)
                state.memo[("step_legal", role)] = acts  # the step's own list: the prompt's default
                if orders.enabled(state) and state["stack"]:
                    frame = state["stack"][-1]
                    acts = acts + orders.order_actions(ctx, FLOW.step(frame), frame, actor, role, acts)
            state.memo[key] = acts
        return acts

    def _answer_for(self, acting: str | None) -> Any:
        """The chooser of :meth:`Flow.settle`: a standing order's answer, or the lone legal action that is
        not a secrecy pass, for the one actor deciding now. An answer given for another role than the
        `acting` one counts as a reveal (DESIGN: undo ends where control passes to another role; what that
        role would answer is its own business)."""
        seen: dict[str, Any] = {"crossed": False, "last": None, "ctx": None, "asked": False}

        def choose(ctx: Ctx, state: State) -> tuple[str, Action] | None:
            # the questions below only read this state: a frozen Ctx memoises the relations they ask about
            # (at war, camps, forces), which a Ctx that changes the state may not
            ctx = seen["ctx"] = Ctx(state, ctx.c, at=ctx._at if ctx._at is not None else ctx._index(), frozen=True)
            frame = state["stack"][-1]
            step = FLOW.step(frame)
            deciders = step.deciders(ctx, frame)
            if len(deciders) != 1:
                seen["last"] = None
                seen["asked"] = False
                return None
            actor = deciders[0]
            role = role_of(ctx, actor)
            answer = orders.standing_answer(ctx, step, frame, actor, role) if role is not None else None
            if answer is None:
                # a lone action is told without building a long list whole (issue 12: a menu stops at its
                # second choice); a whole list is kept for the prompt, a partial one is not
                acts, whole = step.first_actions(ctx, frame, actor, 2)
                answer = flow.forced(acts) if whole else None
                if answer is not None and not lone_public(ctx, step, frame, actor, answer):
                    answer = None
                if answer is None:
                    seen["last"] = (actor, acts) if whole else None
                    seen["asked"] = True
                    return None
            if role != acting:
                seen["crossed"] = True
            return actor, answer

        choose.seen = seen  # type: ignore[attr-defined]
        return choose

    def active(self, state: State) -> list[str]:
        state = as_state(state)
        roles: list[str] = []
        for _actor, r in self._deciders(state):
            if r not in roles:
                roles.append(r)
        order = list(state["roles"])
        return sorted(roles, key=order.index)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return copy_actions(self._legal(as_state(state), role))

    def view(self, state: State, role: str) -> dict[str, Any]:
        from ashur.games.assyrian_wars.view import build_view

        state = as_state(state)
        ctx = self._ctx(state)
        actor = self._deciding(state, role) if role != "observer" else None
        actions = copy_actions(self._legal(state, role)) if actor else []
        # the prompt's default is the first of the step's own list, computed once per state with the legal list
        prompt = FLOW.prompt(ctx, state, actor, state.memo.get(("step_legal", role))) if actor else None
        view = build_view(ctx, role, prompt, actions, actor)
        if role != "observer":
            view["orders"] = orders.view_orders(state, role)
        return view

    def apply(self, state: State, role: str, action_id: str) -> None:
        """Apply one legal action to `state` in place (the engine's hot path: simulations, bots, search).

        Validated like :meth:`act`; a refused action leaves the state untouched.
        """
        check_action_id(action_id, role)
        state = as_state(state)
        actor = self._deciding(state, role)
        if actor is None:
            self._refuse_not_deciding(state, role, action_id)
        if action_id.startswith(orders.CANCEL):
            # a standing order cancelled (issue 14): it answers no prompt, only the role's lists change
            if not any(a["id"] == action_id for a in self._legal(state, role)) or \
                    not orders.cancel(state, role, action_id):
                raise IllegalAction(action_id, "you have no standing order in force with this number", orders.RULE,
                                    role)
            for key in [k for k in state.memo if isinstance(k, tuple) and k[0] in ("legal", "step_legal")]:
                del state.memo[key]
            return
        legal = state.memo.get(("legal", role))
        ctx0 = self._ctx(state)
        if legal is None and action_id.startswith("order:"):
            legal = self._legal(state, role)
        if legal is not None:
            act = next((a for a in legal if a["id"] == action_id), None)
            if act is None:
                top = state["stack"][-1]
                reason, rule = FLOW.step(top).explain(ctx0, top, actor, action_id)
                raise IllegalAction(action_id, reason, rule or None, role)
        else:
            act = FLOW.find(ctx0, state, actor, action_id, role)
        readers = state.memo.get("readers") or _readers(ctx0)
        key = state.memo.get("readers_key") or _readers_key(state)
        at = ctx0._at
        at_own = state.memo.get("at_own")
        static = state.memo.get("pieces_static")
        stacks_base = _stacks_base(state.memo)
        state.memo.clear()
        touched: set[str] = set()
        state.memo["touched"] = touched  # the pieces changed from here on (Ctx.piece), for the fog stacks
        ctx = Ctx(state, content(), at=at, at_own=at_own)
        if static is not None:
            state.memo["pieces_static"] = static
        settled = None
        asked: Ctx | None = None
        try:
            if act["id"].startswith("order:"):
                answer = orders.apply_order(ctx, role, act)
                if answer is not None:
                    FLOW.apply_found(ctx, state, actor, answer)
            else:
                FLOW.apply_found(ctx, state, actor, act)
            if orders.enabled(state):
                choose = self._answer_for(role)
                FLOW.settle(ctx, state, choose)
                if choose.seen["crossed"]:
                    ctx.reveal()
                settled = choose.seen["last"]
                if choose.seen["asked"]:
                    asked = choose.seen["ctx"]  # the frozen Ctx of the state as it now stays
        finally:
            static = state.memo.get("pieces_static", static)  # ids and nations of pieces never change
            state.memo.clear()
        if settled is not None:
            state.memo["settled"] = settled
        if asked is not None:
            state.memo["ctx"] = asked  # it memoised the relations the prompt's list needed; views reuse them
        after_key = _readers_key(state)
        after = readers if after_key == key else _readers(ctx)
        if after is not readers and any(r is not None and readers.get(cid) != r for cid, r in after.items()):
            # A role now reads a country it could not read before (an alliance, a minor activated): its
            # hand and fogged units are news to that role, so undo may not cross this action (DESIGN).
            ctx.reveal()
        state.memo["readers"] = after
        state.memo["readers_key"] = after_key
        if ctx._at is not None:
            state.memo["at"] = ctx._at
            if ctx._at is at and at_own is not None:
                state.memo["at_own"] = at_own
        if static is not None:
            state.memo["pieces_static"] = static
        if stacks_base is not None:
            state.memo["stacks_base"] = (stacks_base[0], stacks_base[1] | touched)

    def act(self, state: State, role: str, action_id: str) -> State:
        check_action_id(action_id, role)
        state = as_state(state)
        if self._deciding(state, role) is None:
            self._refuse_not_deciding(state, role, action_id)
        legal = self._legal(state, role)
        if not any(a["id"] == action_id for a in legal):
            self.apply(state, role, action_id)  # raises IllegalAction with the step's reason; changes nothing
        new = fork(state, COW_TABLES, SHARED_TABLES)
        new.memo[("legal", role)] = legal
        new.memo["deciders"] = state.memo["deciders"]
        for k in ("readers", "readers_key", "pieces_static", "stacks_cache", "stacks_base"):
            # pieces_static: ids and nations never change; the stacks' cache is read-only (fog.StackCache)
            if k in state.memo:
                new.memo[k] = state.memo[k]
        at = self._ctx(state)._at
        if at is not None:
            # the location index is shared like the records: each side copies a list before changing it
            new.memo["at"] = dict(at)
            new.memo["at_own"] = set()
            state.memo["at_own"] = set()
        self.apply(new, role, action_id)
        return new

    def _refuse_not_deciding(self, state: GameState, role: str, action_id: str) -> None:
        if not state["stack"]:
            raise IllegalAction(action_id, "the game is over", "3.7", role)
        if action_id.startswith("preempt"):
            from ashur.games.assyrian_wars.rules.course.sequence import preempt_refusal

            reason, rule = preempt_refusal(Ctx(state, content()))
            raise IllegalAction(action_id, reason, rule, role)
        top = state["stack"][-1]
        rule = top.get("rule") or FLOW.step(top).rule or "3.1"
        raise IllegalAction(action_id, f"{role} does not decide now", rule, role)

    def result(self, state: State) -> Result:
        from ashur.games.assyrian_wars.rules.course.victory import result_of

        return result_of(state)  # type: ignore[return-value]

    # --- tooling ------------------------------------------------------------------------------
    def actors(self, state: State, role: str) -> set[str]:
        return countries_of_role(Ctx(state, content()), role)

    def invariants(self, state: State) -> list[str]:
        from ashur.games.assyrian_wars.invariants import check

        ctx = Ctx(state, content())
        return check(ctx) + [p for fn in HOOKS.invariants for p in fn(ctx)]

    def scramble(self, state: State, role: str, seed: int, *, keep_rng: bool = False) -> State:
        from ashur.games.assyrian_wars.view import scramble_state

        s = clone(state)
        return scramble_state(Ctx(s, content()), role, seed, keep_rng=keep_rng)

    def messages(self, lang: str) -> dict[str, str]:
        return _catalog(lang)

    def odds(self, state: State, role: str, action_id: str) -> dict[str, Any] | None:
        from ashur.games.assyrian_wars.odds import odds

        state = as_state(state)
        return odds(state, role, action_id, self.view(state, role), content())

    def bot_profile(self, name: str) -> dict[str, float]:
        """The weighted bots' profiles (``bots.yaml``): weights per action-id prefix."""
        data = yaml.safe_load((Path(__file__).parent / "bots.yaml").read_text(encoding="utf-8")) or {}
        return {str(k): float(v) for k, v in (data.get(name) or {}).items()}

    def rank_actions(self, view: dict[str, Any], actions: list[Action]) -> list[tuple[float, Reason]]:
        """The heuristic bot's score and reason per action, from the role's view only (:mod:`.bot.rank`)."""
        from ashur.games.assyrian_wars.bot.rank import rank

        return rank(view, list(actions), content())

    def evaluate(self, view: dict[str, Any], role: str) -> float:
        """The role's projected VP standing (8.3) against the best other power, from its view (:mod:`.bot.evaluate`)."""
        from ashur.games.assyrian_wars.bot.evaluate import evaluate

        return evaluate(view, content())

    def fix_draws(self, state: State, items: list[Any]) -> None:
        """Put the given card numbers on top of the draw pile (the end of the list), first drawn first;
        cards taken from the discard pile or another place of the deck."""
        deck = state["deck"]
        for number in items:
            if number in deck:
                deck.remove(number)
            elif number in state["discard"]:
                state["discard"].remove(number)
            else:
                raise ValueError(f"card {number} is neither in the draw pile nor in the discard pile")
        deck.extend(reversed(items))

    def resume(self, state: State) -> None:
        from ashur.games.assyrian_wars.testhooks import resume

        resume(state, content())

    def give_impulse(self, state: State, actor: str, points: int, cards: list[Any] | None = None) -> None:
        """Test hook: `actor`'s impulse now with `points` APs and, when given, exactly `cards` in hand (3.1)."""
        from ashur.games.assyrian_wars.testhooks import give_impulse

        give_impulse(state, content(), actor, points, None if cards is None else [int(c) for c in cards])

    def pending(self, state: State, role: str) -> dict[str, Any] | None:
        """The decision of `role` now, with the rule its prompt (or step) names and the step's kind."""
        from ashur.games.assyrian_wars.testhooks import pending_rule

        found = super().pending(state, role)
        if found is None:
            return None
        state = as_state(state)
        found["rule"] = pending_rule(state, content(), role, self._deciding(state, role))
        found["step"] = state["stack"][-1]["step"]
        return found

    def render_terminal(self, view: dict[str, Any], lang: str = "en") -> Any:
        from ashur.games.assyrian_wars.tui import render

        return render(view, content(), {**_catalog("en"), **_catalog(lang)})

    def render_terminal_board(self, view: dict[str, Any], lang: str = "en") -> Any:
        """The terminal table's `board` command: every area with its forces and all the tracks."""
        from ashur.games.assyrian_wars.tui import render_board

        return render_board(view, content(), {**_catalog("en"), **_catalog(lang)})

    def decision_kind(self, state: State) -> str:
        """The kind of the decision now (the step on top of the stack), for the ``prompts`` tally of
        ``ashur simulate --json``."""
        return str(state["stack"][-1]["step"]) if state["stack"] else ""

    def lone_kept_secret(self, state: State, role: str) -> bool:
        """For a prompt of `role` with a single legal action that is not a secrecy ``pass``: whether it is
        asked because the others cannot tell from what they may know that it is the only choice
        (:func:`lone_public`); for the ``prompts`` tally (``secret:<kind>``, not ``forced:<kind>``)."""
        state = as_state(state)
        actor = self._deciding(state, role)
        if actor is None or not state["stack"]:
            return False
        frame = state["stack"][-1]
        acts = self._legal(state, role)
        lone = next((a for a in acts if not a["id"].startswith("order:")), None)
        if lone is None:
            return False
        return not lone_public(self._ctx(state), FLOW.step(frame), frame, actor, lone)

    def summary(self, state: State) -> dict[str, Any]:
        return {"turn": state["turn"], "round": state["round"]}

    def tallies(self, state: State) -> dict[str, dict[str, int]]:
        """``cards_played``: events played per card number (6.11), counted from the public log."""
        from ashur.core.log import entries

        played: dict[str, int] = {}
        for entry in entries(state):
            if entry["key"] == "aw.card_event":
                key = str(entry["params"]["card"])
                played[key] = played.get(key, 0) + 1
        return {"cards_played": played}

    def report(self, state: State) -> dict[str, Any]:
        """Battles, sieges, conquests, alliances, tribute, trade and VPs per turn from the public log (the
        rules each figure follows are in :mod:`ashur.games.assyrian_wars.report`)."""
        from ashur.games.assyrian_wars.report import report

        return report(state)

    def content_check(self) -> list[str]:
        from ashur.games.assyrian_wars.content import check_content

        return list(check_content())

    def content_dump(self) -> dict[str, Any]:
        from ashur.games.assyrian_wars.content import dump_content

        return dict(dump_content(content()))

    def why_not(self, state: State, role: str, action_id: str) -> dict[str, str] | None:
        """Why `role` may not play `action_id` now, naming the rule; the click grammar (an area, a force, a
        card substituted in the prompt's action ids) is in :mod:`ashur.games.assyrian_wars.whynot`."""
        from ashur.games.assyrian_wars.whynot import refusal

        return refusal(self, content(), state, role, action_id)

    def board(self) -> dict[str, Any]:
        """The board's static drawing data (:mod:`ashur.games.assyrian_wars.board`)."""
        from ashur.games.assyrian_wars.board import board

        return board(content())

    def content_map_svg(self) -> str:
        from ashur.games.assyrian_wars.content import render_map_svg

        return str(render_map_svg(content()))


@lru_cache(maxsize=4)
def _catalog(lang: str) -> dict[str, str]:
    """All message files of a language (``messages/<lang>/*.yaml``, one per rules topic) merged."""
    out = read_catalog(MESSAGES / lang)
    from ashur.games.assyrian_wars.names import add_names

    add_names(lang, out, _catalog("en") if lang != "en" else out, content())
    return out


GAME = AssyrianWars()


def _readers_key(state: State) -> bytes:
    """Everything :func:`_readers` depends on (alliances and statuses, control of minors and nomads, 8.4 and
    7.1 overrides, the roles), as bytes: equal keys, equal readers, so most actions skip the recount."""
    return orjson.dumps([state["diplo"], state["control"], state.get("power_control"), state.get("substitutes"),
                         state["power_role"], state["roles"], list(state["countries"])])


def _readers(ctx: Ctx) -> dict[str, str | None]:
    """Country -> the role that may read its secrets now (the role of its controller, 1.1 B)."""
    return {cid: role_of(ctx, cid) for cid in ctx.s["countries"]}
