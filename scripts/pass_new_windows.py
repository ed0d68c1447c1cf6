"""Re-fit saved games to card windows that did not exist when they were recorded (6.7.1, 6.11.e).

When new card events are registered, battles and other situations open card windows that a saved game's
actions do not answer. This replays each save and, wherever a window is open and the recorded action does
not answer it, inserts a ``done`` (nobody plays a card there), then writes the save back. The games keep
their dice and choices: a window passed with ``done`` changes nothing in the state but the stack.

    .venv/bin/python scripts/pass_new_windows.py tests/assyrian_wars/saves/*.ashur.json
"""

from __future__ import annotations

import sys

from ashur.core.replay import start
from ashur.core.savefile import load


def refit(path: str) -> int:
    """Rewrite the save at `path`; returns the number of ``done`` actions inserted."""
    save = load(path)
    match = start(save)
    actions: list[list[str]] = []
    added = 0
    for role, action_id in save.actions:
        while match.state["stack"] and match.state["stack"][-1]["step"] == "window":
            legal = {a["id"] for a in match.game.legal_actions(match.state, role)} \
                if role in match.active() else set()
            if action_id in legal:
                break
            who = match.active()[0]
            match.act(who, "done")
            actions.append([who, "done"])
            added += 1
        match.act(role, action_id)
        actions.append([role, action_id])
    if added:
        save.actions = actions
        save.save(path)
    return added


def main(paths: list[str]) -> None:
    for path in paths:
        print(f"{path}: {refit(path)} window answers inserted")


if __name__ == "__main__":
    main(sys.argv[1:])
