"""The bots' reasons, "why did the bot do that?" (issue 17 item 1): the one-line reason each bot seat gave
for its actions.

A bot kind that explains its choice (``heuristic``) has its reason kept with each of its actions
(``actions.note``, :func:`ashur.server.bots.note_of`) as message parts (``why``: ``[{key, params}]``, the keys
of the game's catalog, or ``bot.why.*`` of the table's own catalog ``web/i18n/table.<lang>.json`` for the
reasons every game shares), so each reader reads it in their language. A reason is written from the bot's own
view, so it may name what the bot's role hides from the others (forces under fog of war, 9.5; the bot's hand).
Who may read them is the game's ``bot_reasons`` setting, chosen at creation
(:func:`ashur.server.lobby.bot_reasons_of`):

- ``open``: every seat of the game, during the game (the default of a solo game against bots);
- ``after``: nobody during the game;
- once the game is finished, anyone who may replay it (a public game: anyone; a private one: its seats),
  whatever the setting. Spectators never read them during the game.

``GET /api/games/{id}/bot-reasons?since=N&lang=L`` → ``{reasons: [{n, role, action, label, params, rule, reason,
why}], next}``: the reasons of the actions from index `since` on, in action order — ``reason`` the text in `lang`
(``en`` by default; at most 300 characters), ``why`` its message parts for a client that renders them itself
(null for a reason kept as plain text); 403 with the reason when they may not be read now.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Query, Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from ashur.core.i18n import render_reason
from ashur.server import db
from ashur.server.auth import bearer, current_seat
from ashur.server.bots import cut
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import ActionRow, GameRow
from ashur.server.routes_table import LANGS, messages
from ashur.server.schemas import BotReasonsOut
from ashur.server.store import get_row

PAGE = 1000
"""The most reasons one answer holds (``next`` says where to go on)."""
I18N = Path(__file__).with_name("web") / "i18n"


@lru_cache(maxsize=32)
def reason_catalog(game_name: str, lang: str) -> dict[str, str]:
    """The catalog a bot reason of `game_name` is read with in `lang`: the game's messages and the generic bot
    reasons (``bot.why.*`` of the table's catalog), English filling what `lang` lacks."""
    table: dict[str, str] = {}
    for code in dict.fromkeys(("en", lang)):
        data = json.loads((I18N / f"table.{code}.json").read_text(encoding="utf-8"))
        table.update({k: v for k, v in data.items() if k.startswith("bot.")})
    try:
        return {**table, **messages(game_name, lang)}
    except ApiError:  # a game no longer registered: the generic reasons only
        return table


def reason_text(data: dict[str, Any], catalog: dict[str, str]) -> str:
    """A kept note's reason as text of `catalog` (:func:`ashur.core.i18n.render_reason`), at most 300 characters."""
    why = data.get("why")
    return cut(render_reason(why, catalog) if isinstance(why, list) else str(data.get("reason") or ""))


def check_readable(ctx: ServerContext, s: Session, request: Request, row: GameRow, role: str | None) -> None:
    """ApiError (403 with the reason, or the seat lookup's 401/403 for a bad token) unless the caller may
    read `row`'s bot reasons now."""
    if row.status == "finished":
        if row.public:
            return
        try:
            current_seat(ctx, s, request, row.id, role)
        except ApiError as exc:
            raise ApiError(403, "this game is private: its seats read the bots' reasons") from exc
        return
    if (row.bot_reasons or "after") != "open":
        raise ApiError(403, "in this game the bots' reasons are read once it is over (they may name what a "
                            "bot's role hides from the others)")
    if bearer(request) is not None:
        current_seat(ctx, s, request, row.id, role)  # a wrong token: its 401 or 403
        return
    try:
        current_seat(ctx, s, request, row.id, role)
    except ApiError as exc:
        raise ApiError(403, "during the game only its seats read the bots' reasons; spectators read them "
                            "once it is over") from exc


def reasons(ctx: ServerContext, request: Request, game_id: str, since: int, role: str | None,
            lang: str = "en") -> dict[str, Any]:
    """The bot reasons of `game_id` from action index `since` on (at most :data:`PAGE`), their text in `lang`."""
    if lang not in LANGS:
        raise ApiError(422, f"lang is one of {', '.join(LANGS)}")
    with db.read(ctx.engine) as s:
        row = get_row(s, game_id, light=True)
        check_readable(ctx, s, request, row, role)
        found = s.execute(select(ActionRow.n, ActionRow.role, ActionRow.action, ActionRow.note)
                          .where(ActionRow.game_id == row.id, ActionRow.n >= since, ActionRow.note.is_not(None))
                          .order_by(ActionRow.n).limit(PAGE)).all()
        total = int(row.n_actions)
        game_name = row.game
    catalog = reason_catalog(game_name, lang) if found else {}
    out = []
    for n, who, action, note in found:
        data = orjson.loads(note)
        why = data.get("why") if isinstance(data.get("why"), list) else None
        out.append({"n": n, "role": who, "action": action, "label": data.get("label"),
                    "params": data.get("params") or {}, "rule": data.get("rule"),
                    "reason": reason_text(data, catalog), "why": why})
    following = out[-1]["n"] + 1 if len(out) == PAGE else max(total, since)
    return {"reasons": out, "next": following}


def register(app: FastAPI, ctx: ServerContext) -> None:
    """Add the bot reasons' route to `app`."""

    @app.get("/api/games/{game_id}/bot-reasons", response_model=BotReasonsOut, tags=["play"])
    def bot_reasons(game_id: str, request: Request, since: int = Query(0, ge=0, le=10**9),
                    role: str | None = Query(None, max_length=64),
                    lang: str = Query("en", max_length=8)) -> dict[str, Any]:
        """The bot seats' one-line reasons for their actions from action index `since` on, in order, with
        each action's label: ``reason`` in `lang` (en, de, ja), ``why`` its message parts. During the game a
        seat's token reads them when the game's ``bot_reasons`` is ``open``; once it is finished anyone may (a
        private game: its seats). 403 with the reason when they may not be read now."""
        return reasons(ctx, request, game_id, since, role, lang)
