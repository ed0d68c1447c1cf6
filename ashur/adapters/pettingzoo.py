"""Every Ashur game as a PettingZoo AEC environment (issue 19): ``env(game="assyrian-wars", scenario="two_rivers")``.

Over the game-module contract only (docs/research.md):

* **Agents** are the roles in seating order; ``agent_selection`` is the role that decides now (of several
  deciding at once, the first in seating order: simultaneous decisions are serialized, the engine keeping
  each choice out of the others' views until all have chosen).
* **Actions** are ``Discrete(n)`` over the game's append-only action table (:mod:`ashur.adapters.actions`),
  the same integers as the OpenSpiel adapter; ``action_id(agent, a)`` names one.
* **Observations** are ``Dict(observation=Box(obs_size), action_mask=Box(0, 1, n, int8))``: the role's view
  (``view(state, role)``, never the state) hashed into a fixed-length vector (:func:`~.common.features`), and
  the mask of its legal actions (all zeros for a role that does not decide now).
* **Rewards** come at the end only: 1 to a sole winner, ``2/k - 1`` to each of k joint winners, -1 to a loser;
  ``max_steps`` (0: none) truncates a game after that many steps, with no reward.
* **Chance** is the engine's own: the dice and shuffles come from the game's generator, seeded by ``reset(seed)``
  (same seed, same game for the same actions). OpenSpiel's adapter is the one with explicit chance nodes.
* ``render()``: ``ansi`` returns the terminal table of the public (observer) view as text, ``human`` prints
  it, ``rgb_array`` draws the board (areas coloured by control) when the game's ``board()`` gives area
  positions and Pillow is installed.
"""

from __future__ import annotations

import io
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ashur.adapters.actions import table
from ashur.adapters.common import features, terminal_values
from ashur.core import rng
from ashur.core.contract import check_scenario, resolve_options, resolve_seats
from ashur.core.registry import get_game

State = dict[str, Any]
DEFAULT_OBS_SIZE = 8192
VIEW_SKIP = frozenset({"actions", "log"})


class AshurEnv(AECEnv):  # type: ignore[misc]
    """One Ashur game as an AEC environment (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human", "rgb_array"], "name": "ashur_v0",
                                          "is_parallelizable": False}

    def __init__(self, game: str = "assyrian-wars", scenario: str | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None, max_steps: int = 0,
                 obs_size: int = DEFAULT_OBS_SIZE, lang: str = "en") -> None:
        super().__init__()
        self.game = get_game(game)
        self.scenario = scenario or next(iter(self.game.scenarios()))
        check_scenario(self.game, self.scenario)
        self.options = resolve_options(self.game, options or {})
        roles = self.game.roles(self.scenario, self.options)
        self.seats = resolve_seats(self.game, self.scenario, self.options, {})
        self.possible_agents: list[str] = list(roles)
        self.table = table(self.game.id)
        self.max_steps = max_steps
        self.obs_size = obs_size
        self.lang = lang
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        n = self.table.size
        self.metadata = {**self.metadata, "name": f"ashur_{self.game.id.replace('-', '_')}_v0"}
        self._obs_spaces = {a: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
        }) for a in roles}
        self._act_spaces = {a: gymnasium.spaces.Discrete(n) for a in roles}
        self.state: State | None = None
        self.steps = 0

    # --- spaces --------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._act_spaces[agent]

    # --- the AEC API ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: set up with `seed` (a fresh unpredictable one when None)."""
        self.state = self.game.setup(self.scenario, rng.new_seed() if seed is None else int(seed), self.options,
                                     self.seats)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._legal_cache: tuple[int, str, list[str]] | None = None
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the role to decide, or end the game."""
        assert self.state is not None
        if self.game.result(self.state)["over"]:
            values = terminal_values(self.game, self.state, self.possible_agents)
            for a, v in zip(self.possible_agents, values):
                self.rewards[a] = v
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
            return
        if self.max_steps and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
            return
        active = self.game.active(self.state)
        if not active:
            raise RuntimeError(f"{self.game.id}: the game is not over but nobody decides")
        self.agent_selection = active[0]

    def _legal_ids(self, agent: str) -> list[str]:
        assert self.state is not None
        cached = self._legal_cache
        if cached is not None and cached[0] == self.steps and cached[1] == agent:
            return cached[2]
        if self.terminations.get(agent) or self.truncations.get(agent) or agent not in self.game.active(self.state):
            ids: list[str] = []
        else:
            ids = [a["id"] for a in self.game.legal_actions(self.state, agent)]
        self._legal_cache = (self.steps, agent, ids)
        return ids

    def action_mask(self, agent: str) -> np.ndarray:
        """1 for each legal action of `agent` now (all 0 when it does not decide)."""
        mask = np.zeros(self.table.size, np.int8)
        code = self.table.code
        for aid in self._legal_ids(agent):
            mask[code(aid)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's hashed view and its action mask (from its view of the game, never the state)."""
        assert self.state is not None
        view = self.game.view(self.state, agent)
        return {"observation": features(view, self.obs_size, VIEW_SKIP), "action_mask": self.action_mask(agent)}

    def action_id(self, agent: str, action: int) -> str:
        """The engine's id of action integer `action`."""
        return self.table.action_id(int(action))

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an illegal one raises ValueError naming it)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        if action is None:
            raise ValueError(f"{agent} must act now; None is for agents whose game is over")
        try:
            aid = self.table.action_id(int(action))
        except KeyError:
            aid = None
        if aid is None or aid not in self._legal_ids(agent):
            raise ValueError(f"action {action} ({aid}) is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.state, agent, aid)
        self.steps += 1
        self._clear_rewards()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- rendering -----------------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        """``ansi``: the public terminal table as text; ``human``: printed; ``rgb_array``: the board drawn."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' to env()")
            return None
        if self.state is None:
            return None
        view = self.game.view(self.state, "observer")
        if self.render_mode == "rgb_array":
            return board_image(self.game, view)
        text = table_text(self.game, view, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


def table_text(game: Any, view: dict[str, Any], lang: str = "en", width: int = 120) -> str:
    """The game's terminal table of `view` (``Game.render_terminal``) as plain text."""
    from rich.console import Console

    renderable = game.render_terminal(view, lang)
    if renderable is None:
        return str(view.get("prompt") or "")
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def board_image(game: Any, view: dict[str, Any], scale: float = 0.4) -> np.ndarray:
    """An RGB image (H, W, 3) of the board: connections as lines, each area a dot in the colour of the nation
    that controls it in `view` (``view["areas"][id]["ctrl"]``) or its own. It reads the ``board()`` drawing data
    (``size``, ``areas`` with ``x``/``y``, ``connections``, ``nations`` with ``colour``); a game without area
    positions, or a missing Pillow, raises NotImplementedError."""
    board = game.board()
    if not board.get("areas") or "size" not in board:
        raise NotImplementedError(f"{game.id} gives no board positions to draw")
    try:
        from PIL import Image, ImageDraw
    except ImportError:  # pragma: no cover - Pillow comes with the research extra
        raise NotImplementedError("rgb_array needs Pillow (pip install 'ashur[research]')") from None
    w, h = int(board["size"]["w"] * scale), int(board["size"]["h"] * scale)
    img = Image.new("RGB", (w, h), (236, 226, 198))
    draw = ImageDraw.Draw(img)
    pos = {a["id"]: (a["x"] * scale, a["y"] * scale) for a in board["areas"] if "x" in a and "y" in a}
    colours = {n["id"]: n.get("colour") or "#888888" for n in board.get("nations", [])}
    for c in board.get("connections", []):
        if c.get("a") in pos and c.get("b") in pos:
            draw.line([pos[c["a"]], pos[c["b"]]], fill=(150, 140, 120), width=1)
    areas = view.get("areas") if isinstance(view.get("areas"), dict) else {}
    r = max(3.0, 9 * scale)
    for a in board["areas"]:
        if a["id"] not in pos:
            continue
        x, y = pos[a["id"]]
        ctrl = (areas.get(a["id"]) or {}).get("ctrl") if isinstance(areas.get(a["id"]), dict) else None
        fill = colours.get(ctrl) or a.get("colour") or "#888888"
        draw.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=(40, 40, 40))
    return np.asarray(img, dtype=np.uint8)


def env(game: str = "assyrian-wars", scenario: str | None = None, **kwargs: Any) -> AshurEnv:
    """The AEC environment of an Ashur game (see :class:`AshurEnv` for the keyword arguments)."""
    return AshurEnv(game=game, scenario=scenario, **kwargs)


raw_env = AshurEnv
