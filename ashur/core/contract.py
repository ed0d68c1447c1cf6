"""The game-module contract (DESIGN.md): setup, active, view, act, result — and the tooling hooks.

Every game offers the same small surface. The UI, the bots, the fuzzer and the server read the same
legal-action list; there is no second copy of the rules. Actions are small steps with a stable id, a
translatable label (message key and parameters) and the rule number that allows them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, TypedDict

from ashur.core.errors import SetupError

State = dict[str, Any]


class Action(TypedDict):
    """One legal action: stable `id`, label message key, label parameters, and the rule allowing it."""

    id: str
    label: str
    params: dict[str, Any]
    rule: str


def action(id: str, label: str, rule: str, **params: Any) -> Action:
    """Build an :class:`Action`."""
    return {"id": id, "label": label, "params": params, "rule": rule}


class Message(TypedDict):
    """A message to render from a catalog (:func:`ashur.core.i18n.render`): its key and parameters."""

    key: str
    params: dict[str, Any]


def message(key: str, **params: Any) -> Message:
    """Build a :class:`Message`."""
    return {"key": key, "params": params}


Reason = list[Message]
"""A bot's one-line reason for an action (:meth:`Game.rank_actions`, the bots' ``last_reason``): message parts
rendered one after the other in the reader's language (:func:`ashur.core.i18n.render_reason`), as log entries
are. The keys are the game's (:meth:`Game.messages`, in every language), or ``bot.why.*`` of the table's
catalog for the reasons every game shares. A part after the first carries its own joining words
(``", leaving its siege"``). Numbers are passed as they are to be shown (``"4.5"``, ``"45%"``, ``"+1.2"``);
ids as ids (the catalog names them). An empty list: no reason."""


class Result(TypedDict):
    """The outcome of a game: over or not, scores per role, the winning roles, and a reason key."""

    over: bool
    scores: dict[str, float]
    winners: list[str]
    reason: str


@dataclass(frozen=True)
class OptionSpec:
    """A setup option: its default, the values it accepts (or a type), and a help text."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    kind: type = str

    def parse(self, raw: Any) -> Any:
        """Turn a command-line string (or a JSON value) into the option's value, or raise SetupError."""
        value = raw
        if isinstance(raw, str) and self.kind is not str:
            try:
                if self.kind is bool:
                    low = raw.lower()
                    if low not in ("true", "false", "on", "off", "yes", "no", "1", "0"):
                        raise ValueError(raw)
                    value = low in ("true", "on", "yes", "1")
                else:
                    value = self.kind(raw)
            except ValueError:
                raise SetupError(f"option {self.name!r}: {raw!r} is not a {self.kind.__name__}") from None
        if self.kind is bool and not isinstance(value, bool):
            raise SetupError(f"option {self.name!r}: {raw!r} is not true or false")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise SetupError(f"option {self.name!r}: {raw!r} is not one of {allowed}")
        return value


@dataclass(frozen=True)
class ScenarioInfo:
    """What the command line and the server need to know of a scenario before setup."""

    id: str
    name: str
    summary: str = ""
    player_counts: tuple[int, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


class Game(ABC):
    """Base class of a game module. Subclasses implement the contract; tooling hooks have defaults."""

    id: str = ""
    name: str = ""
    version: str = "0"

    # --- the contract -------------------------------------------------------------------------
    @abstractmethod
    def scenarios(self) -> dict[str, ScenarioInfo]:
        """The scenarios by id."""

    def options(self) -> dict[str, OptionSpec]:
        """The setup options by name (optional rules, number of players, ...)."""
        return {}

    @abstractmethod
    def roles(self, scenario: str, options: dict[str, Any]) -> list[str]:
        """The roles (seats) of a game with these parameters, in seating order."""

    @abstractmethod
    def setup(self, scenario: str, seed: int, options: dict[str, Any], seats: dict[str, str]) -> State:
        """A new game state. `options` are already resolved (see :func:`resolve_options`)."""

    @abstractmethod
    def active(self, state: State) -> list[str]:
        """The roles that must decide now (several for simultaneous decisions); empty when over."""

    @abstractmethod
    def legal_actions(self, state: State, role: str) -> list[Action]:
        """The complete list of legal actions of `role` now (empty when it need not decide)."""

    @abstractmethod
    def view(self, state: State, role: str) -> dict[str, Any]:
        """Everything `role` may see, the prompt and the legal actions. Role ``observer`` sees public data."""

    @abstractmethod
    def act(self, state: State, role: str, action_id: str) -> State:
        """Apply one legal action and return the new state; the input state is never changed.

        Raises :class:`~ashur.core.errors.IllegalAction` naming the rule when the action is not legal.
        """

    def apply(self, state: State, role: str, action_id: str) -> None:
        """Apply one legal action to `state` in place: the hot path of simulations, bots and search, which
        own their state and need no copy. A refused action raises IllegalAction and changes nothing.

        The default goes through :meth:`act`; games override it to skip the copy.
        """
        new = self.act(state, role, action_id)
        state.clear()
        state.update(new)
        if hasattr(new, "log"):
            state.log = new.log  # type: ignore[attr-defined]
            state.memo = new.memo  # type: ignore[attr-defined]

    @abstractmethod
    def result(self, state: State) -> Result:
        """Over or not, scores and winners."""

    # --- who sees what -----------------------------------------------------------------------
    def actors(self, state: State, role: str) -> set[str]:
        """The actors (for example countries) whose secrets `role` may read."""
        return {role}

    def visible_log(self, state: State, role: str, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The log entries from index `since` that `role` may read, with their indexes."""
        from ashur.core.log import since as log_since
        from ashur.core.log import visible

        who = self.actors(state, role) if role != "observer" else set()
        return [(i, e) for i, e in log_since(state, since) if visible(e, who)]

    # --- tooling hooks ------------------------------------------------------------------------
    def invariants(self, state: State) -> list[str]:
        """The game's own consistency checks; an empty list when all hold (the fuzzer calls this)."""
        return []

    def scramble(self, state: State, role: str, seed: int, *, keep_rng: bool = False) -> State:
        """A copy of `state` in which everything `role` may not know is changed at random.

        The fuzzer checks that ``view(scramble(state, role), role) == view(state, role)``. With `keep_rng`
        the random generator keeps its state (the same dice come out), so that the fuzzer can apply the
        same action to the true and the scrambled state and compare what `role` reads of the outcome.
        """
        return state

    def bot_profile(self, name: str) -> dict[str, float]:
        """Weights per action-id prefix for the weighted bots (``*``: the rest); empty = uniform."""
        return {}

    def rank_actions(self, view: dict[str, Any], actions: list[Action]) -> list[tuple[float, Reason]]:
        """A score and a one-line reason per action of `actions` (same order), for the heuristic bot: higher
        is better. The reason is a :data:`Reason`, message parts whose keys are in :meth:`messages` (every
        language), so each reader reads it in their own language. It reads `view` only (what the role may
        know: the bot passes ``view(state, role)``, never the state). Default: every action 0.0 and no reason
        (the bot then chooses at random)."""
        return [(0.0, []) for _ in actions]

    def evaluate(self, view: dict[str, Any], role: str) -> float:
        """How well `role` stands in `view` (its own view), in [-1, 1] (1: sure to win, -1: sure to lose), for
        search bots that stop a playout before the end. Reads `view` only. Default: 0.0 (no opinion)."""
        return 0.0

    def fix_draws(self, state: State, items: list[Any]) -> None:
        """Test hook: make the next draws from the game's draw pile give `items`, in order (in place)."""
        raise NotImplementedError(f"{self.id} has no draw pile to script")

    def resume(self, state: State) -> None:
        """Test hook: continue the flow of a state edited by hand (in place): drop what was computed from
        the old state, rebuild the indexes and run the automatic steps up to the next decision."""
        raise NotImplementedError(f"{self.id} cannot resume an edited state")

    def give_impulse(self, state: State, actor: str, points: int, cards: list[Any] | None = None) -> None:
        """Test hook (card-driven games): make it `actor`'s turn to act now with `points` to spend and, when
        given, exactly `cards` in hand (in place)."""
        raise NotImplementedError(f"{self.id} has no impulses")

    def pending(self, state: State, role: str) -> dict[str, Any] | None:
        """The decision `role` faces now: ``{"rule", "key", "params", "text", "actions"}`` (the prompt's
        message rendered in English, the legal action ids), or None when `role` does not decide."""
        from ashur.core.i18n import render

        view = self.view(state, role)
        prompt = view.get("prompt")
        if not prompt:
            return None
        params = dict(prompt.get("params") or {})
        return {"rule": prompt.get("rule"), "key": prompt["key"], "params": params,
                "text": render(prompt["key"], params, self.messages("en")),
                "actions": [a["id"] for a in self.legal_actions(state, role)]}

    def messages(self, lang: str) -> dict[str, str]:
        """The message catalog (key -> template) of the game in `lang`."""
        return {}

    def render_terminal(self, view: dict[str, Any], lang: str = "en") -> Any:
        """A Rich renderable of a view for the terminal table (presentation only)."""
        return None

    def render_terminal_board(self, view: dict[str, Any], lang: str = "en") -> Any:
        """A Rich renderable of the whole board of a view (every area with its forces, all the tracks) for the
        terminal table's ``board`` command; None for a game without one."""
        return None

    def summary(self, state: State) -> dict[str, Any]:
        """A short public summary used by `ashur simulate` (turn reached and the like)."""
        return {}

    def tallies(self, state: State) -> dict[str, dict[str, int]]:
        """Named counts of a finished game that `ashur simulate --json` sums over its games (for example
        ``cards_played``: events played per card number)."""
        return {}

    def report(self, state: State) -> dict[str, Any]:
        """The statistics of a game that players know from session reports (battles, sieges, VPs per turn,
        ...), from what is public: nested dicts whose leaves are numbers that add up over games (counts and
        sums, never means), with the same keys in every game of a scenario where possible (``ashur arena``
        reports their totals and their mean per game over the games that have each key); ``{}`` for none."""
        return {}

    # --- the table's helpers (issue 16) ---------------------------------------------------------
    def why_not(self, state: State, role: str, action_id: str) -> dict[str, str] | None:
        """Why `role` may not play `action_id` now: ``{"error", "rule"}`` (the engine's refusal, naming the
        rule), or None when it is legal. Never changes `state`, and says nothing `role` may not know."""
        from ashur.core.errors import IllegalAction

        if any(a["id"] == action_id for a in self.legal_actions(state, role)):
            return None
        try:
            self.act(state, role, action_id)
        except IllegalAction as exc:
            return {"error": str(exc), "rule": exc.rule or ""}
        return {"error": f"{action_id!r} is not one of the legal actions now", "rule": ""}

    def odds(self, state: State, role: str, action_id: str) -> dict[str, Any] | None:
        """The chances of the outcomes of legal action `action_id` (a battle, a siege, ...) computed from what
        `role` may know only, or None when the action leads to no chance event worth showing.

        Shape: ``{"kind", "rule", "method": "exact"|"simulated", "samples", "outcomes": [{"key", "params",
        "p"}], "expected": [{"key", "params", "value"}]}``; keys are message keys of :meth:`messages`."""
        return None

    def board(self) -> dict[str, Any]:
        """The static drawing data of the game's board for a graphical table (areas, connections, tracks...);
        empty for a game without a board."""
        return {}

    def rule_text(self, rule: str, lang: str) -> str | None:
        """A short paraphrase of rule `rule` in `lang` (English when that language lacks it), or None."""
        for catalog in (self.messages(lang), self.messages("en")):
            text = catalog.get(f"rule.{rule}")
            if text:
                return text
        return None

    # --- content (games whose content is data) ------------------------------------------------
    def content_check(self) -> list[str]:
        """Load and cross-check the content data; the problems found (empty when all is well)."""
        raise SetupError(f"{self.id} has no content data")

    def content_dump(self) -> dict[str, Any]:
        """All content data as JSON-serialisable data."""
        raise SetupError(f"{self.id} has no content data")

    def content_map_svg(self) -> str:
        """The map drawn as SVG."""
        raise SetupError(f"{self.id} has no map")


def resolve_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """The full option set: defaults, overridden by `given` (strings or values); unknown names refused."""
    specs = game.options()
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(sorted(specs)) or "none"
        raise SetupError(f"unknown option {unknown[0]!r} for {game.id} (known options: {known})")
    out = {name: spec.default for name, spec in specs.items()}
    for name, raw in given.items():
        out[name] = specs[name].parse(raw)
    return out


def check_scenario(game: Game, scenario: str) -> None:
    """Raise SetupError naming the known scenarios when `scenario` is not one of them."""
    known = game.scenarios()
    if scenario not in known:
        raise SetupError(f"unknown scenario {scenario!r} for {game.id} (scenarios: {', '.join(known)})")


DEFAULT_BOT_KIND = "heuristic"
"""The bot kind of a seat nobody chose one for (issue 17): the terminal's, the server's and `simulate`'s
default. Every game has it (its default ranking scores every action alike, i.e. it plays at random)."""


def resolve_seats(game: Game, scenario: str, options: dict[str, Any], seats: dict[str, str]) -> dict[str, str]:
    """Every role's seat: ``human`` or ``bot:KIND``; roles not given get a bot of :data:`DEFAULT_BOT_KIND`."""
    roles = game.roles(scenario, options)
    for role, seat in seats.items():
        if role not in roles:
            raise SetupError(f"unknown role {role!r} (roles of this game: {', '.join(roles)})")
        if seat != "human" and not seat.startswith("bot:"):
            raise SetupError(f"seat {role}={seat!r}: a seat is 'human' or 'bot:KIND'")
    return {role: seats.get(role, f"bot:{DEFAULT_BOT_KIND}") for role in roles}
