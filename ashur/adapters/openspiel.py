"""Every Ashur game as an OpenSpiel game (issue 19): ``pyspiel.load_game("ashur_assyrian_wars")``.

Importing this module registers ``ashur_<id>`` (dashes as underscores) for every game of
:func:`ashur.core.registry.game_ids` (:func:`register_all` adds games registered later). The adapter reads
the game-module contract only; it has no rules of its own. docs/research.md describes it in full:

* **Game type.** Sequential moves, explicit stochastic chance, imperfect information, general-sum, terminal
  rewards (1 to a sole winner, ``2/k - 1`` to each of k joint winners, -1 to a loser; 0 to all for a game cut
  by ``max_steps``).
* **Players** are the roles of the scenario and options, in seating order. When several roles decide at once
  (a simultaneous decision, e.g. secret diplomacy) they move one after the other in seating order: the engine
  keeps each choice out of the others' views until all have chosen, so the order tells nobody anything.
* **Actions** are the integers of the game's append-only action table (:mod:`ashur.adapters.actions`);
  ``action_to_string`` gives the engine's action id.
* **Chance.** Every random draw the engine makes (a die, each step of a shuffle; at setup too) is one chance
  node with ``n`` equally likely outcomes ``0..n-1``: the action runs in an :class:`~.common.EngineCall` that
  stops at each draw (see :mod:`ashur.core.rng`'s draw source). A card drawn from a shuffled deck is decided
  by the chance nodes of the shuffle that ordered the deck (as at the table).
* **Observations** come from ``view(state, role)`` only, never from the state: the observation string is the
  view's canonical JSON; the information state adds the role's own past actions and the log entries it may
  read (``visible_log``), as a digest; tensors hash the same data into fixed-length vectors
  (:func:`~.common.features`). A public observer (``private_info=NONE``) reads the ``observer`` role's view.
* ``resample_from_infostate`` re-draws what the player may not know with ``Game.scramble`` (the same call our
  own ISMCTS bot makes), so OpenSpiel's ``ISMCTSBot`` can play.
* **Parameters:** ``scenario`` (default: the game's first), every setup option under its own name, ``seed``
  (the engine's seed; all draws come from chance nodes anyway), ``max_steps`` (0: none; otherwise the game
  ends, all returns 0, after that many player moves), ``obs_size`` (length of a hashed vector),
  ``max_chance_outcomes``.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pyspiel

from ashur.adapters.actions import ActionTable, table
from ashur.adapters.common import EngineCall, canonical, digest, features, terminal_values
from ashur.core.contract import Game, check_scenario, resolve_options, resolve_seats
from ashur.core.registry import game_ids, get_game

State = dict[str, Any]

PREFIX = "ashur_"
DEFAULT_OBS_SIZE = 8192
DEFAULT_MAX_CHANCE = 1024
UNBOUNDED_LENGTH = 1_000_000
"""``max_game_length`` without ``max_steps``: no proven bound, a generous one (random Two Rivers games take
about 1,000 moves)."""
ADAPTER_PARAMS = ("scenario", "seed", "max_steps", "obs_size", "max_chance_outcomes")
VIEW_SKIP = frozenset({"actions", "log"})
"""View keys left out of the observation tensor: the legal actions (the action mask says them) and the view's
recent log (the information-state tensor hashes the whole visible log)."""


def short_name(game_id: str) -> str:
    """The OpenSpiel name of game `game_id`: ``ashur_`` and the id with dashes as underscores."""
    return PREFIX + game_id.replace("-", "_")


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)


def parameter_spec(game: Game) -> dict[str, Any]:
    """The game's OpenSpiel parameters and their defaults: the adapter's, and every setup option whose default
    is a scalar (bool, int, float or str; None becomes ""), under its own name. An option with another kind of
    default keeps it (it is no parameter); an option named like an adapter parameter is an error."""
    clash = set(game.options()) & set(ADAPTER_PARAMS)
    if clash:
        raise ValueError(f"{game.id}: option names {sorted(clash)} clash with the adapter's parameters")
    spec: dict[str, Any] = {"scenario": next(iter(game.scenarios())), "seed": 0, "max_steps": 0,
                            "obs_size": DEFAULT_OBS_SIZE, "max_chance_outcomes": DEFAULT_MAX_CHANCE}
    for name, opt in game.options().items():
        if _scalar(opt.default):
            spec[name] = "" if opt.default is None else opt.default
    return spec


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel game type of `game` (see the module)."""
    counts: set[int] = set()
    for sid, info in game.scenarios().items():
        counts.update(info.player_counts)
        counts.add(len(game.roles(sid, resolve_options(game, {}))))
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Ashur: {game.name or game.id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_spec(game),
    )


class AshurGame(pyspiel.Game):
    """One Ashur game with fixed parameters (subclassed per game id by :func:`register`)."""

    GAME_ID = ""
    TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.game: Game = get_game(self.GAME_ID)
        spec = parameter_spec(self.game)
        p = {**spec, **(params or {})}
        self.scenario = str(p["scenario"])
        check_scenario(self.game, self.scenario)
        given = {name: (None if p[name] == "" and opt.default is None else p[name])
                 for name, opt in self.game.options().items() if name in spec}
        self.options = resolve_options(self.game, given)
        self.seed = int(p["seed"])
        self.max_steps = int(p["max_steps"])
        self.obs_size = int(p["obs_size"])
        self.max_chance = int(p["max_chance_outcomes"])
        self.roles: list[str] = self.game.roles(self.scenario, self.options)
        self.seats = resolve_seats(self.game, self.scenario, self.options, {})
        self.actions: ActionTable = table(self.GAME_ID)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=self.max_chance,
            num_players=len(self.roles),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_steps or UNBOUNDED_LENGTH,
        )
        super().__init__(self.TYPE, info, p)

    def new_initial_state(self) -> AshurState:
        """The game before setup: a chance node for each draw the setup makes (deferred until asked)."""
        return AshurState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AshurObserver:
        """An observer of the views (see :class:`AshurObserver`)."""
        return AshurObserver(self, iig_obs_type)

    def setup(self) -> State:
        return self.game.setup(self.scenario, self.seed, self.options, self.seats)


class Node:
    """Where a state stands: an engine state at a decision or the end, or a move under way at a chance node.

    An engine state may be shared by copies of a node (``clone`` shares it and marks both nodes not `owned`);
    a shared state is never changed: a move from it uses ``Game.act``, which leaves its input alone and keeps it
    as `base`. A node that `owned` its state (no copy since the state was made: the hot path of playouts and
    learning loops) applies the move in place with ``Game.apply``, and a move under way then has no `base`.
    `cache` holds what was computed from `s` (legal actions, views, digests) and is shared with the copies. A
    move under way keeps the move (`move`: role and action id, None for the setup), the outcomes given so far
    (`outs`), the size of the draw it waits for (`need`) and the live :class:`EngineCall` (`call`, not copied:
    a copy runs the move again from `base` with `outs` when it goes on, or, for a move applied in place, replays
    the game's history: see :meth:`AshurState._live_call`).
    """

    __slots__ = ("base", "cache", "call", "move", "need", "outs", "owned", "s")

    def __init__(self, s: State | None = None) -> None:
        self.s = s
        self.cache: dict[Any, Any] = {}
        self.base: State | None = None
        self.move: tuple[str, str] | None = None
        self.outs: list[int] = []
        self.need: int | None = None
        self.call: EngineCall | None = None
        self.owned = s is not None

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        new = Node(self.s)
        new.cache = self.cache
        new.base, new.move, new.outs, new.need = self.base, self.move, list(self.outs), self.need
        new.owned = self.owned = False
        return new

    def __getstate__(self) -> dict[str, Any]:
        return {"s": self.s, "base": self.base, "move": self.move, "outs": self.outs, "need": self.need}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.s, self.base, self.move = data["s"], data["base"], data["move"]
        self.outs, self.need = list(data["outs"]), data["need"]
        self.cache, self.call = {}, None
        self.owned = self.s is not None


class AshurState(pyspiel.State):
    """An OpenSpiel state over an Ashur engine state (see :class:`Node`).

    OpenSpiel's ``clone`` makes a new initial state and deep-copies the attributes of ``__dict__`` into it, and
    serialization pickles them: the game is kept in a slot (each new state gets it from its game), the rest
    is the node, the number of player moves and whether the setup has begun.
    """

    __slots__ = ("__dict__", "_ag")

    def __init__(self, game: AshurGame) -> None:
        super().__init__(game)
        self._ag = game
        self._node = Node()
        self._decisions = 0
        self._started = False

    # --- the engine call under way ---------------------------------------------------------------
    def _start(self) -> None:
        """Run the setup (lazily: a clone starts as a new initial state and is overwritten at once)."""
        if self._started:
            return
        self._started = True
        node = self._node
        if node.s is None and node.base is None and node.move is None and node.need is None:
            call = EngineCall(self._ag.setup)
            self._settle(node, call)

    def _settle(self, node: Node, call: EngineCall) -> None:
        if call.need is None:
            assert call.result is not None
            node.s, node.base, node.move, node.outs, node.need, node.call = call.result, None, None, [], None, None
            node.cache = {}
            node.owned = True  # a new state (act), or the node's own changed in place (apply)
        else:
            if call.need > self._ag.max_chance:
                raise pyspiel.SpielError(f"a draw of {call.need} outcomes is more than max_chance_outcomes="
                                         f"{self._ag.max_chance}; load the game with a larger one")
            node.need, node.call = call.need, call

    def _live_call(self, node: Node) -> EngineCall:
        """The node's engine call: a copy runs the setup or the move again with the outcomes known so far; a
        copy of a move that its original applied in place (no `base` left) replays the whole history on a
        new state and takes over its call (slow, and rare: a state that has been copied moves with ``act``)."""
        if node.call is None:
            g = self._ag
            if node.move is None:
                node.call = EngineCall(g.setup, node.outs)
            elif node.base is None:
                fresh = g.new_initial_state()
                for a in self.history():
                    fresh.apply_action(a)
                node.call = fresh._node.call
            else:
                base, (role, aid) = node.base, node.move
                node.call = EngineCall(lambda: g.game.act(base, role, aid), node.outs)
            if node.call is None or node.call.need != node.need:
                raise RuntimeError("a move run again asked another draw (is the game deterministic?)")
        return node.call

    def _state(self) -> State:
        self._start()
        s = self._node.s
        if s is None:
            raise pyspiel.SpielError("no engine state: this is a chance node")
        return s

    # --- pyspiel.State -------------------------------------------------------------------------
    def current_player(self) -> int:
        self._start()
        node = self._node
        if node.need is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._ag.roles.index(self._active())

    def _active(self) -> str:
        node = self._node
        found = node.cache.get("active")
        if found is None:
            active = self._ag.game.active(self._state())
            if not active:
                raise pyspiel.SpielError(f"{self._ag.GAME_ID}: the game is not over but nobody decides")
            found = node.cache["active"] = active[0]
        return found  # type: ignore[no-any-return]

    def is_terminal(self) -> bool:
        self._start()
        node = self._node
        if node.need is not None:
            return False
        if self._ag.max_steps and self._decisions >= self._ag.max_steps:
            return True
        over = node.cache.get("over")
        if over is None:
            over = node.cache["over"] = bool(self._ag.game.result(self._state())["over"])
        return over  # type: ignore[no-any-return]

    def _legal(self) -> list[tuple[int, str]]:
        """(integer, id) of the legal actions of the player to move, sorted by integer."""
        node = self._node
        found = node.cache.get("legal")
        if found is None:
            role = self._active()
            codes = self._ag.actions.code
            found = sorted((codes(a["id"]), a["id"]) for a in self._ag.game.legal_actions(self._state(), role))
            node.cache["legal"] = found
        return found  # type: ignore[no-any-return]

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or self._node.need is not None or player != self.current_player():
            return []
        return [c for c, _ in self._legal()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self._start()
        n = self._node.need
        if n is None:
            raise pyspiel.SpielError("not a chance node")
        return [(o, 1.0 / n) for o in range(n)]

    def _apply_action(self, action: int) -> None:
        self._start()
        node = self._node
        if node.need is not None:
            call = self._live_call(node)
            call.feed(int(action))
            node.outs.append(int(action))
            self._settle(node, call)
            return
        role = self._active()
        aid = self._ag.actions.action_id(int(action))
        s = self._state()
        g = self._ag.game
        if node.owned:
            def in_place() -> State:
                g.apply(s, role, aid)
                return s

            call = EngineCall(in_place)
        else:
            call = EngineCall(lambda: g.act(s, role, aid))
        self._decisions += 1
        if call.need is not None:
            self._node = Node()
            self._node.base = None if node.owned else s
            self._node.move = (role, aid)
        self._settle(self._node, call)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance:{action}"
        return self._ag.actions.action_id(int(action))

    def returns(self) -> list[float]:
        """Terminal values at the end; 0 to all before it and in a game cut by ``max_steps``."""
        if not self.is_terminal() or not self._ag.game.result(self._state())["over"]:
            return [0.0] * len(self._ag.roles)
        return terminal_values(self._ag.game, self._state(), self._ag.roles)

    def __str__(self) -> str:
        self._start()
        node = self._node
        g = self._ag
        head = f"{g.GAME_ID} {g.scenario} moves={self._decisions}"
        if node.need is not None:
            if node.move is None:
                base = "setup"
            elif node.base is None:  # applied in place: the history says where it stands
                base = "history " + digest(canonical(list(self.history())))
            else:
                base = self._digest_of(node.base)
            return f"{head}\nchance: draw of range({node.need}) in {node.move or 'setup'} after {node.outs}\n" \
                   f"before: {base}"
        return f"{head}\nstate: {self._digest_of(node.s)}"

    def _digest_of(self, s: State | None) -> str:
        cache = self._node.cache
        key = ("digest", id(s))
        found = cache.get(key)
        if found is None:
            found = cache[key] = digest(canonical(s))
        return found  # type: ignore[no-any-return]

    # --- what a player knows -------------------------------------------------------------------
    def _seen(self) -> State | None:
        """The engine state the players' views are read from, at a decision or the end; None at a chance node
        (the setup's or a move's: there is no finished state to view, and OpenSpiel asks observations at the
        players' nodes) and before the setup (OpenSpiel sizes the tensors on a new initial state, which this
        does not set up)."""
        if not self._started:
            return None
        node = self._node
        return node.s if node.need is None else None

    def _view(self, role: str) -> dict[str, Any] | None:
        s = self._seen()
        if s is None:
            return None
        cache = self._node.cache
        key = ("view", id(s), role)
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._ag.game.view(s, role)
        return found  # type: ignore[no-any-return]

    def _own_moves(self, player: int) -> list[str]:
        ids = self._ag.actions.action_id
        return [ids(pa.action) for pa in self.full_history() if pa.player == player]

    def _visible_log(self, role: str) -> list[Any]:
        s = self._seen()
        if s is None:
            return []
        cache = self._node.cache
        key = ("log", id(s), role)
        found = cache.get(key)
        if found is None:
            found = cache[key] = [e for _, e in self._ag.game.visible_log(s, role, 0)]
        return found  # type: ignore[no-any-return]

    def observation_text(self, player: int, public: bool = False) -> str:
        """The canonical JSON of the player's view (the observer's for `public`); ``chance`` at a chance node."""
        role = "observer" if public else self._ag.roles[player]
        view = self._view(role)
        return "chance" if view is None else canonical(view).decode()

    def infostate_text(self, player: int, public: bool = False) -> str:
        """The player's role, moves so far, and a digest of its view, its own past actions and the log
        entries it may read: everything it knows, nothing else."""
        role = "observer" if public else self._ag.roles[player]
        view = self._view(role)
        own = [] if public else self._own_moves(player)
        if view is None:
            return f"{role} chance moves={len(own)} {digest(canonical(own))}"
        d = digest(canonical(view), canonical(own), canonical(self._visible_log(role)))
        return f"{role} moves={len(own)} {d}"

    def observation_vector(self, player: int, recall: bool, public: bool = False) -> np.ndarray:
        """The hashed view (and with `recall`, the hashed visible log and own actions) of the player."""
        size = self._ag.obs_size
        role = "observer" if public else self._ag.roles[player]
        view = self._view(role)
        parts = [np.zeros(size, np.float32) if view is None else features(view, size, VIEW_SKIP)]
        if recall:
            history = {"log": self._visible_log(role), "own": [] if public else self._own_moves(player)}
            parts.append(features(history, size))
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AshurState:
        """A state the player cannot tell from this one: ``Game.scramble`` re-draws what it may not know,
        seeded from `probability_sampler` (a callable giving a number in [0, 1))."""
        s = self._state()
        seed = int(float(probability_sampler()) * (1 << 52))
        new: AshurState = self.clone()
        new._node = Node(self._ag.game.scramble(s, self._ag.roles[player_id], seed))
        return new

    # --- helpers for people and tests ----------------------------------------------------------
    def engine_state(self) -> State | None:
        """The engine state (None at a chance node): for tools and tests, never for a player's decisions."""
        self._start()
        return self._node.s if self._node.need is None else None

    def action_id(self, action: int) -> str:
        return self._ag.actions.action_id(action)


class AshurObserver:
    """OpenSpiel's Python observer protocol over the views: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    Without perfect recall it observes the view; with perfect recall (the information state) it adds the
    visible log and the player's own actions; ``private_info=NONE`` observes the public ``observer`` view.
    """

    def __init__(self, game: AshurGame, iig_obs_type: Any) -> None:
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        size = game.obs_size
        self.tensor = np.zeros(size * (2 if self.recall else 1), np.float32)
        self.dict = {"view": self.tensor[:size]}
        if self.recall:
            self.dict["history"] = self.tensor[size:]

    def set_from(self, state: AshurState, player: int) -> None:
        self.tensor[:] = state.observation_vector(player, self.recall, self.public)

    def string_from(self, state: AshurState, player: int) -> str:
        if self.recall:
            return state.infostate_text(player, self.public)
        return state.observation_text(player, self.public)


# --- registration -----------------------------------------------------------------------------
_REGISTERED: dict[str, type[AshurGame]] = {}


def register(game_id: str) -> str:
    """Register ``ashur_<id>`` with OpenSpiel (once per process); its short name."""
    name = short_name(game_id)
    if game_id in _REGISTERED:
        return name
    gtype = game_type(get_game(game_id))
    cls = type(f"AshurGame_{game_id.replace('-', '_')}", (AshurGame,), {"GAME_ID": game_id, "TYPE": gtype})
    pyspiel.register_game(gtype, cls)
    _REGISTERED[game_id] = cls
    return name


def register_all() -> list[str]:
    """Register every game of the registry (call again after registering more games); their short names. A game
    that cannot be registered is reported by a warning and left out; the others still are."""
    names = []
    for gid in game_ids():
        try:
            names.append(register(gid))
        except Exception as exc:  # one broken game must not hide the others
            warnings.warn(f"ashur: {short_name(gid)} is not registered with OpenSpiel: {exc}", stacklevel=2)
    return names


def load(game_id: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of an Ashur game by its registry id, registering it first if needed."""
    return pyspiel.load_game(register(game_id), params)


class HeuristicEvaluator:
    """An OpenSpiel MCTS/ISMCTS evaluator from the contract's ``Game.evaluate`` (each role's view of the state:
    its standing in [-1, 1]), with uniform priors: a whole-game rollout per leaf is far too slow here."""

    def __init__(self, game: pyspiel.Game) -> None:
        self._g: AshurGame = game

    def evaluate(self, state: AshurState) -> np.ndarray:
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=float)
        s = state._seen()
        if s is None:
            return np.zeros(len(self._g.roles))
        game = self._g.game
        return np.asarray([game.evaluate(game.view(s, r), r) for r in self._g.roles], dtype=float)

    def prior(self, state: AshurState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()  # type: ignore[no-any-return]
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def ismcts_bot(game: pyspiel.Game, max_simulations: int, seed: int, uct_c: float = 2.0, evaluator: Any = None,
               **kwargs: Any) -> Any:
    """OpenSpiel's Python ``ISMCTSBot`` over an Ashur game, reproducible for `seed`: leaves valued by `evaluator`
    (default :class:`HeuristicEvaluator`), and the hidden information re-drawn from a seeded generator
    (OpenSpiel's default resampler seeds its ``UniformProbabilitySampler`` anew, from the clock, at every call)."""
    from open_spiel.python.algorithms import ismcts

    bot = ismcts.ISMCTSBot(game, evaluator or HeuristicEvaluator(game), uct_c, max_simulations,
                           random_state=np.random.RandomState(seed), **kwargs)
    draws = np.random.RandomState(seed + 1)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draws.random_sample))
    return bot


__all__ = ["AshurGame", "AshurState", "HeuristicEvaluator", "ismcts_bot", "load", "register", "register_all",
           "short_name"]

register_all()
