"""A PettingZoo training loop over an Ashur game: REINFORCE with a linear softmax policy (numpy only).

    .venv/bin/python scripts/research_train.py --game assyrian-wars --scenario two_rivers --episodes 20

Every role shares one policy: the logit of a legal action ``a`` is ``w_a · x`` where ``x`` is the role's
observation vector (the hashed view: it holds the role's name, so one policy can play every seat) and ``w_a``
a weight row per action integer, made on first use (the action space has tens of thousands of numbers, a game
uses a few thousand). Illegal actions are masked out. At the end of an episode each role's return (the
terminal reward) minus a running baseline scales the log-likelihood gradient of its choices. This is the loop
a researcher starts from, not a strong learner: it shows the API (``reset``, ``agent_iter``, ``last``, the
mask, ``step``, the rewards at the end) and measures episodes per minute.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

from ashur.adapters import pettingzoo as apz


class LinearPolicy:
    """Softmax over the legal actions of ``w_a · x``; rows made on first use."""

    def __init__(self, obs_size: int, seed: int) -> None:
        self.obs_size = obs_size
        self.rows: dict[int, np.ndarray] = {}
        self.rng = np.random.default_rng(seed)

    def weights(self, legal: np.ndarray) -> np.ndarray:
        for a in legal:
            if int(a) not in self.rows:
                self.rows[int(a)] = np.zeros(self.obs_size, np.float32)
        return np.stack([self.rows[int(a)] for a in legal])

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.weights(legal) @ x
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def act(self, x: np.ndarray, legal: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probabilities(x, legal)
        return int(legal[self.rng.choice(len(legal), p=p)]), p

    def update(self, x: np.ndarray, legal: np.ndarray, p: np.ndarray, chosen: int, advantage: float,
               lr: float) -> None:
        """Gradient ascent on ``advantage * log pi(chosen | x)``: ``(1[a = chosen] - p_a) x`` per legal row."""
        for a, pa in zip(legal, p):
            g = (1.0 if int(a) == chosen else 0.0) - float(pa)
            self.rows[int(a)] += lr * advantage * g * x


def normalise(obs: np.ndarray) -> np.ndarray:
    """log1p of the hashed counts, scaled to unit length (counts and numbers vary a lot)."""
    x = np.sign(obs) * np.log1p(np.abs(obs))
    n = float(np.linalg.norm(x))
    return x / n if n else x


def train(game: str, scenario: str | None, episodes: int, lr: float, obs_size: int, seed: int,
          max_steps: int) -> list[dict[str, float]]:
    env = apz.env(game=game, scenario=scenario, obs_size=obs_size, max_steps=max_steps)
    policy = LinearPolicy(obs_size, seed)
    baseline = 0.0
    history: list[dict[str, float]] = []
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        trail: dict[str, list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]] = {a: [] for a in env.agents}
        final: dict[str, float] = {}
        start = time.perf_counter()
        steps = 0
        for agent in env.agent_iter():
            obs, reward, done, cut, _info = env.last()
            if done or cut:
                final[agent] = float(reward)
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            x = normalise(obs["observation"])
            action, p = policy.act(x, legal)
            trail[agent].append((x, legal, p, action))
            env.step(action)
            steps += 1
        for agent, moves in trail.items():
            advantage = final.get(agent, 0.0) - baseline
            for x, legal, p, action in moves:
                policy.update(x, legal, p, action, advantage, lr / max(1, len(moves)))
        mean = float(np.mean(list(final.values()))) if final else 0.0
        baseline = 0.9 * baseline + 0.1 * mean
        seconds = time.perf_counter() - start
        history.append({"episode": episode, "steps": steps, "seconds": seconds, **final})
    return history


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="assyrian-wars")
    p.add_argument("--scenario", default="two_rivers")
    p.add_argument("--episodes", type=int, default=10)
    p.add_argument("--lr", type=float, default=0.5)
    p.add_argument("--obs-size", type=int, default=1024)
    p.add_argument("--max-steps", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    warnings.simplefilter("ignore", UserWarning)
    for h in train(args.game, args.scenario, args.episodes, args.lr, args.obs_size, args.seed, args.max_steps):
        rewards = " ".join(f"{k}={v:+.0f}" for k, v in h.items() if k not in ("episode", "steps", "seconds"))
        print(f"episode {h['episode']:4d}: {h['steps']:5d} steps, {h['steps'] / h['seconds']:7.0f} steps/s, {rewards}")


if __name__ == "__main__":
    main()
