"""Sameness check for engine speed work (issue 12): play 6 random games (3 scenarios x seeds 1 and 2,
default options) the way ``ashur bench`` plays them and print digests of the final state, the whole log,
every legal-action list on the way and the views of every role every 25th decision.

    .venv/bin/python scripts/menu_digests.py            # print the digests as JSON
    .venv/bin/python scripts/menu_digests.py --check F  # compare with a file recorded before a change
"""

from __future__ import annotations

import hashlib
import json
import sys

from ashur.core import log as corelog
from ashur.core.registry import get_game
from ashur.core.session import Match
from ashur.core.statedata import dumps
from ashur.tools.simulate import seat_bots

SCENARIOS = ("campaign", "rise_and_fall", "two_rivers")
SEEDS = (1, 2)
VIEW_EVERY = 25


def run(scenario: str, seed: int) -> dict[str, object]:
    game = get_game("assyrian-wars")
    roles = game.roles(scenario, {})
    match = Match.new(game, scenario, seed, {}, {r: "bot:random" for r in roles}, keep_undo=False)
    bots = seat_bots(match, "random")
    state = match.state
    h_actions = hashlib.sha256()
    h_views = hashlib.sha256()
    n = 0
    while not game.result(state)["over"]:
        role = game.active(state)[0]
        actions = game.legal_actions(state, role)
        h_actions.update(dumps(actions))
        choice = bots[role].choose(game, state, role, actions)
        if n % VIEW_EVERY == 0:
            for r in [role, *[o for o in roles if o != role], "observer"]:
                h_views.update(dumps(game.view(state, r)))
        game.apply(state, role, choice)
        n += 1
    return {
        "decisions": n,
        "state": hashlib.sha256(dumps(state)).hexdigest(),
        "log": hashlib.sha256(dumps(corelog.entries(state))).hexdigest(),
        "actions": h_actions.hexdigest(),
        "views": h_views.hexdigest(),
        "result": game.result(state),
    }


def main() -> int:
    out = {f"{s}:{seed}": run(s, seed) for s in SCENARIOS for seed in SEEDS}
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2], encoding="utf-8") as f:
            want = json.load(f)
        bad = [k for k in want if want[k] != out.get(k)]
        for k in bad:
            print(f"DIFFERS {k}: {want[k]} != {out.get(k)}")
        print("same" if not bad else f"{len(bad)} of {len(want)} games differ")
        return 1 if bad else 0
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
