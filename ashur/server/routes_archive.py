"""Routes of the archive (issue 15), over :mod:`ashur.server.archive`: export a finished game as
``*.ashur.json``, import a save file as a new game that continues it, the replay frames of a finished
game, and a seat's own history.

A save holds the seed, which tells every card and die still to come: a game is exported and replayed
only once it is finished (409 before); a private game's export and replay are for its seats (403 for
anyone else). An imported game keeps its file's seed, so it is private and a friendly game by nature.
"""

from __future__ import annotations

import os
import re
import threading
from collections import OrderedDict
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

from fastapi import FastAPI, Query, Request, Response
from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from ashur.core.errors import AshurError
from ashur.core.registry import get_game
from ashur.server import archive, db, events, limits
from ashur.server.auth import bearer, client_of, current_seat, current_user
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.lobby import seat_url, user_id
from ashur.server.models import ActionRow, GameRow, LogRow, SeatRow
from ashur.server.schemas import CreatedOut
from ashur.server.store import dumps, engine_of, get_row, load_state, new_id, new_token, remember, snapshot

IMPORT_PATH = "/api/games/import"
WHERE = re.compile(r"^[^:]*:(?P<line>\d+): field '(?P<field>[^']*)'")
"""A save file's error names ``file:line: field 'name'``: the import's 422 also gives them as fields."""
REPLAY_CACHE = 8


def import_limit() -> int:
    """The largest save file imported, in bytes (``ASHUR_MAX_IMPORT``, default 8 MiB)."""
    try:
        return max(1024, int(os.environ.get("ASHUR_MAX_IMPORT", "") or 8 * 1024 * 1024))
    except ValueError:
        return 8 * 1024 * 1024


class FrameOut(BaseModel):
    step: int
    steps: int
    action: list[str] | None
    view: dict[str, Any]
    log: list[dict[str, Any]]
    result: dict[str, Any]


class HistoryOut(BaseModel):
    version: int
    role: str
    entries: list[dict[str, Any]]


# --- who may read a finished game ----------------------------------------------------------------------

def _finished(ctx: ServerContext, s: Session, request: Request, row: GameRow, what: str) -> None:
    """409 unless `row` is finished; 403 for a private game unless the caller holds one of its seats."""
    if row.status != "finished":
        raise ApiError(409, f"{what} only a finished game: a save holds the seed, which tells the cards and dice "
                            "to come; during a game each seat reads its own history")
    if not row.public:
        try:
            current_seat(ctx, s, request, row.id)
        except ApiError as exc:
            raise ApiError(403, f"this game is private: {what} it with a seat's token") from exc


def _record(s: Session, row: GameRow) -> tuple[list[list[str]], dict[str, str]]:
    actions = [[a.role, a.action] for a in s.execute(
        select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.n)).scalars()]
    seats = {x.role: (f"bot:{x.bot}" if x.kind == "bot" else x.kind) for x in s.execute(
        select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.id)).scalars()}
    return actions, seats


def export(ctx: ServerContext, request: Request, game_id: str) -> tuple[str, str]:
    with db.read(ctx.engine) as s:
        row = get_row(s, game_id)
        _finished(ctx, s, request, row, "export")
        actions, seats = _record(s, row)
        try:
            text = archive.export_text(row.game, row.scenario, row.options, int(row.seed), actions, seats)
        except archive.ArchiveError as exc:
            raise ApiError(409, str(exc)) from None
    return text, f"{row.id}.ashur.json"


# --- replays -------------------------------------------------------------------------------------------

_replays: OrderedDict[tuple[str, int], tuple[threading.Lock, archive.Replay]] = OrderedDict()
_replays_lock = threading.Lock()


def _replay_of(s: Session, row: GameRow) -> tuple[threading.Lock, archive.Replay]:
    key = (row.id, row.version)
    with _replays_lock:
        hit = _replays.get(key)
        if hit is not None:
            _replays.move_to_end(key)
            return hit
    actions, seats = _record(s, row)
    try:
        made = (threading.Lock(), archive.Replay.from_record(row.game, row.scenario, row.options, int(row.seed),
                                                             actions, seats, require_over=False))
    except archive.ArchiveError as exc:
        raise ApiError(409, str(exc)) from None
    with _replays_lock:
        _replays[key] = made
        while len(_replays) > REPLAY_CACHE:
            _replays.popitem(last=False)
    return made


def frame(ctx: ServerContext, request: Request, game_id: str, step: int | None, role: str,
          lang: str | None) -> dict[str, Any]:
    with db.read(ctx.engine) as s:
        row = get_row(s, game_id)
        _finished(ctx, s, request, row, "replay")
        lock, rep = _replay_of(s, row)
    with lock:
        try:
            return rep.frame(rep.steps if step is None else step, role, lang)
        except archive.ArchiveError as exc:
            raise ApiError(422, str(exc)) from None


def history(ctx: ServerContext, request: Request, game_id: str, role: str | None, since: int,
            lang: str | None) -> dict[str, Any]:
    with db.read(ctx.engine) as s:
        seat = current_seat(ctx, s, request, game_id, role)
        row = get_row(s, game_id)
        state = load_state(s, row)
        entries = archive.seat_history(engine_of(row), state, seat.role, since, lang)
        return {"version": row.version, "role": seat.role, "entries": entries}


# --- import --------------------------------------------------------------------------------------------

def _upload_text(body: bytes, content_type: str) -> tuple[str, str]:
    """(name, text) of the save in a request body: the JSON itself, or the first file of a multipart form."""
    name = "<upload>"
    if content_type.lower().startswith("multipart/form-data"):
        msg = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode("latin-1", "replace")
                                                  + b"\r\n\r\n" + body)
        parts = [p for p in msg.iter_parts() if p.get_filename() or p.get_param("name", header="content-disposition")]
        if not msg.is_multipart() or not parts:
            raise ApiError(422, "the form holds no file (send the save as the field 'file')")
        part = next((p for p in parts if p.get_filename()), parts[0])
        name = os.path.basename(part.get_filename() or name)[:100] or "<upload>"
        body = part.get_payload(decode=True) or b""
    try:
        return name, body.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(422, f"{name}: the save file is not UTF-8 text") from None


def import_game(ctx: ServerContext, request: Request, body: bytes, base: str) -> dict[str, Any]:
    """A new game continuing the save in `body`: its actions, log and state; the caller holds its human
    seats (bots stay bots)."""
    with db.read(ctx.engine) as s:
        caller = current_user(ctx, s, request)
        assert caller is not None
    limits.take(ctx.engine, limits.import_checks(ctx.settings, client_of(request), user_id(caller.user)))
    if not body.strip():
        raise ApiError(422, "send a save file (*.ashur.json) as the body or as a form's file")
    name, text = _upload_text(body, request.headers.get("content-type", ""))
    try:
        cont = archive.load_save(text, name=name)
        game = get_game(cont.game)
    except (archive.ArchiveError, AshurError) as exc:
        message = str(exc).splitlines()[0][:500]
        where = WHERE.match(message)
        extra: dict[str, Any] = {"line": int(where["line"]), "field": where["field"]} if where else {}
        raise ApiError(422, message, **extra) from None
    gid = new_id()
    issued: dict[str, dict[str, str]] = {}
    state = cont.state
    status = "finished" if cont.over else "active"
    with db.write(ctx.engine) as s:
        row = GameRow(id=gid, game=game.id, engine_version=game.version, scenario=cont.scenario,
                      options=cont.options, seed=str(cont.seed), status=status, public=False, pace=None,
                      version=len(cont.actions), n_actions=len(cont.actions), state=snapshot(state),
                      waiting=[] if cont.over else list(cont.active), owner_id=caller.user.id,
                      result=dict(cont.result) if cont.over else None)
        s.add(row)
        s.flush()
        for idx, entry in state.log.since(0):
            s.add(LogRow(game_id=gid, idx=idx, entry=dumps(entry)))
        for n, (role, action_id) in enumerate(cont.actions):
            s.add(ActionRow(game_id=gid, n=n, role=role, action=action_id, before=None))
        for role, kind in cont.seats.items():
            seat = SeatRow(game_id=gid, role=role, kind="bot" if kind.startswith("bot:") else "human",
                           bot=kind[4:] if kind.startswith("bot:") else None)
            if seat.kind == "human":
                plain, seat.token_hash = new_token("s")
                seat.user_id = caller.user.id
                issued[role] = {"token": plain, "url": seat_url(base, gid, "human", plain)}
            s.add(seat)
        waiting_roles, version = list(row.waiting), row.version
    remember(gid, version, 0, state)
    if status == "active":
        events.after_change(ctx, gid, version, waiting_roles)
    return {"id": gid, "seats": issued}


# --- the routes ----------------------------------------------------------------------------------------

def register(app: FastAPI, ctx: ServerContext) -> None:
    """Add the archive routes to `app`."""

    @app.get("/api/games/{game_id}/export", tags=["archive"], response_class=Response,
             responses={200: {"content": {"application/json": {"schema": {"type": "object"}}},
                              "description": "the save file (*.ashur.json) as a download"}})
    def export_route(game_id: str, request: Request) -> Response:
        """A finished game's save file (``<id>.ashur.json``, with its seed and every action). 409 during the
        game; 403 for a private game without one of its seat's tokens."""
        text, filename = export(ctx, request, game_id)
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    @app.post(IMPORT_PATH, status_code=201, response_model=CreatedOut, tags=["archive"],
              openapi_extra={"requestBody": {"content": {
                  "application/json": {"schema": {"type": "object"}},
                  "multipart/form-data": {"schema": {"type": "object",
                                                     "properties": {"file": {"type": "string",
                                                                             "format": "binary"}}}}}}})
    async def import_route(request: Request) -> dict[str, Any]:
        """A new (private) game continuing a save file: the file's JSON as the body, or a form's file. The
        caller (a user) holds its human seats. A bad file: 422 naming its line and field, or the first
        action that does not fit. At most ``ASHUR_IMPORT_LIMIT`` imports per user and per client address
        within ``ASHUR_IMPORT_WINDOW`` seconds: 429 with ``Retry-After``."""
        if bearer(request) is None and not request.cookies:
            raise ApiError(401, "log in first (Authorization: Bearer <token>, or the session cookie)")
        body = await request.body()
        return await run_in_threadpool(import_game, ctx, request, body, str(request.base_url))

    @app.get("/api/games/{game_id}/replay", response_model=FrameOut, tags=["archive"])
    def replay_route(game_id: str, request: Request, step: int | None = Query(None, ge=0, le=10**7),
                     role: str = Query(archive.OBSERVER, min_length=1, max_length=64),
                     lang: str | None = Query(None, pattern="^(en|de|ja)$")) -> dict[str, Any]:
        """A finished game's frame at `step` (default: the last) as `role` saw it (``observer``: the public
        view): the view, the action that led there and the log entries it added. 409 during the game."""
        return frame(ctx, request, game_id, step, role, lang)

    @app.get("/api/games/{game_id}/history", response_model=HistoryOut, tags=["archive"])
    def history_route(game_id: str, request: Request, since: int = Query(0, ge=0, le=10**9),
                      role: str | None = Query(None, max_length=64),
                      lang: str | None = Query(None, pattern="^(en|de|ja)$")) -> dict[str, Any]:
        """The seat's own history: the log entries its role may read (the game's ``visible_log``), from
        index `since`; with `lang`, each entry's text."""
        return history(ctx, request, game_id, role, since, lang)
