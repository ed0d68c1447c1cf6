"""Bot seats act on the server, in one worker thread per process (off the event loop).

After every change (:func:`ashur.server.events.after_change`) the runner is woken for the game; it
plays the bot seats that must decide, one transaction per action exactly as a person's action, until a
human must decide or the game ends. At start it picks up every active game waiting on a bot (so bots
resume after a crash). Several processes may run bots of one game: the locked, versioned transaction
lets one action through per version.

A bot kind that explains its choice (``heuristic``: ``last_reason``, message parts) has its reason kept with the
action (``actions.note``, :func:`note_of`); who may read it is :mod:`ashur.server.routes_bots`'s business.
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
from typing import Any

from sqlalchemy import select

from ashur import bots as botkinds
from ashur.core.contract import DEFAULT_BOT_KIND, Action
from ashur.core.errors import AshurError
from ashur.server import db, events, store
from ashur.server.context import ServerContext
from ashur.server.models import GameRow, SeatRow
from ashur.server.store import dumps, engine_of, get_row, load_state, record_action, remember

log = logging.getLogger("ashur.server")

REASON_MAX = 300
"""The longest reason shown (characters); a longer one is cut, ending in an ellipsis."""
PARTS_MAX = 12
"""The most message parts of a reason kept (a reason has one to five)."""


def why_of(reason: Any) -> list[dict[str, Any]] | None:
    """A bot's reason as message parts ``[{key, params}]`` (:data:`ashur.core.contract.Reason`), at most
    :data:`PARTS_MAX`; None when it is not one (no reason, or a bot kind that explains itself in plain text)."""
    if not isinstance(reason, list):
        return None
    parts = [{"key": p["key"], "params": dict(p.get("params") or {})} for p in reason[:PARTS_MAX]
             if isinstance(p, dict) and isinstance(p.get("key"), str) and p["key"]
             and isinstance(p.get("params") or {}, dict)]
    return parts or None


def cut(text: str) -> str:
    """`text` stripped and at most :data:`REASON_MAX` characters (a longer one ends in an ellipsis)."""
    text = text.strip()
    return text[:REASON_MAX - 1] + "…" if len(text) > REASON_MAX else text


def note_of(bot: Any, action: Action) -> str | None:
    """The note kept with a bot's `action`: JSON ``{why, label, params, rule}`` — the bot's one-line reason as
    message parts (``why``, rendered in each reader's language when read: :mod:`ashur.server.routes_bots`) and
    the action's label, parameters and rule as its legal list gave them (so a table names the action as it names
    any) — or None when the bot kind gives no reason. A bot kind whose reason is plain text has it kept as
    ``reason`` (at most :data:`REASON_MAX` characters)."""
    reason = getattr(bot, "last_reason", None)
    kept: dict[str, Any] = {"label": action.get("label"), "params": action.get("params") or {},
                            "rule": action.get("rule")}
    why = why_of(reason)
    if why is not None:
        return dumps({"why": why, **kept})
    if not isinstance(reason, str) or not reason.strip():
        return None
    return dumps({"reason": cut(reason), **kept})


class BotRunner:
    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.pending: set[str] = set()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="ashur-bots", daemon=True)
        self.stopping = False

    def start(self) -> None:
        self.thread.start()
        self.resume_all()

    def stop(self) -> None:
        self.stopping = True
        self.queue.put(None)

    def wake(self, game_id: str) -> None:
        with self.lock:
            if game_id in self.pending:
                return
            self.pending.add(game_id)
        self.queue.put(game_id)

    def resume_all(self) -> None:
        """Wake every active game in which a bot seat must decide."""
        with db.read(self.ctx.engine) as s:
            rows = s.execute(select(GameRow.id, GameRow.waiting).where(GameRow.status == "active")).all()
            bot_seats = {(g, r) for g, r in s.execute(
                select(SeatRow.game_id, SeatRow.role).where(SeatRow.kind == "bot")).all()}
        for gid, waiting in rows:
            if any((gid, r) in bot_seats for r in waiting or []):
                self.wake(gid)

    def _run(self) -> None:
        while True:
            game_id = self.queue.get()
            if game_id is None or self.stopping:
                return
            with self.lock:
                self.pending.discard(game_id)
            try:
                while not self.stopping and self.step(game_id):
                    pass
            except Exception:
                log.exception("bot play failed in game %s", game_id)

    def step(self, game_id: str) -> bool:
        """One bot action in `game_id` if a bot seat must decide; whether one was made."""
        with store.scope():
            return self._step(game_id)

    def _step(self, game_id: str) -> bool:
        with db.write(self.ctx.engine) as s:
            row = get_row(s, game_id, lock=True)
            if row.status != "active":
                return False
            seats = {x.role: x.bot for x in s.execute(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.kind == "bot")).scalars()}
            role = next((r for r in row.waiting if r in seats), None)
            if role is None:
                return False
            game = engine_of(row)
            state = load_state(s, row)
            actions = game.legal_actions(state, role)
            if not actions:
                log.error("game %s: bot %s must decide but has no legal action", game_id, role)
                return False
            bot = botkinds.make(seats[role] or DEFAULT_BOT_KIND, secrets.randbits(63))
            choice = bot.choose(game, state, role, actions)
            chosen = next((a for a in actions if a["id"] == choice), None)
            try:
                new = game.act(state, role, choice)
            except AshurError:
                log.exception("game %s: bot %s chose a refused action %r", game_id, role, choice)
                return False
            note = note_of(bot, chosen) if chosen is not None else None
            record_action(s, row, role, choice, state, new, note=note)
            version, waiting, undo_rev = row.version, list(row.waiting), row.undo_rev
        remember(game_id, version, undo_rev, new)
        events.after_change(self.ctx, game_id, version, waiting)
        return True
