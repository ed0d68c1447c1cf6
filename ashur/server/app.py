"""The FastAPI application: :func:`create_app` builds it from the settings (``ashur serve`` runs it).

Routes are synchronous functions: FastAPI runs them in its thread pool, so database and engine work
never blocks the event loop; the websocket hub and the bot runner start with the application.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

import orjson
from fastapi import FastAPI, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from ashur.core import registry
from ashur.server import (
    accounts,
    db,
    gctune,
    limits,
    lobby,
    pages,
    play,
    presence,
    routes_accounts,
    routes_archive,
    routes_async,
    routes_away,
    routes_bots,
    routes_table,
    routes_watch,
    store,
    sweep,
    timing,
    waiting,
)
from ashur.server.auth import bearer, client_of, current_seat, current_user, with_seat
from ashur.server.bots import BotRunner
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.limits import BodyLimit
from ashur.server.schemas import (
    ActionIn,
    ChatIn,
    ChatOut,
    ChatPosted,
    CreatedOut,
    CreateGameIn,
    ErrorOut,
    GameFacts,
    JoinIn,
    JoinOut,
    LoginIn,
    LoginOut,
    LogOut,
    MyGame,
    ProfileIn,
    ProfileOut,
    RegisterIn,
    SeatViewOut,
    TokenOut,
    VersionIn,
    VersionOut,
)
from ashur.server.settings import Settings, get_settings
from ashur.server.ws import Hub

log = logging.getLogger("ashur.server")
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut}
                                           for code in (400, 401, 403, 404, 409, 413, 422, 429)}


def load_plugins(spec: str) -> None:
    """Register the games named ``module:attribute`` (comma-separated)."""
    for item in filter(None, (x.strip() for x in spec.split(","))):
        module, _, attr = item.partition(":")
        registry.register(getattr(importlib.import_module(module), attr or "GAME"))


def create_app(settings: Settings | None = None, *, migrate: bool = False) -> FastAPI:
    """The application of `settings` (default: from the environment)."""
    settings = settings or get_settings()
    load_plugins(settings.plugins)
    ctx = ServerContext(settings=settings, engine=db.engine_for(settings.db))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if migrate:
            await run_in_threadpool(db.migrate, settings.db)
        ctx.secret = await run_in_threadpool(accounts.load_secret, ctx)
        ctx.hub = Hub(ctx)
        ctx.hub.start()
        waiting.install(ctx)
        ctx.bots = BotRunner(ctx)
        await run_in_threadpool(ctx.bots.start)
        sweeper = sweep.Sweeper(ctx)
        sweeper.start()
        heartbeat = presence.Heartbeat(ctx)
        heartbeat.start()
        collector = gctune.install()
        checkpointer = db.Checkpointer(ctx.engine) if ctx.sqlite else None
        if checkpointer is not None:
            checkpointer.start()
        yield
        if checkpointer is not None:
            checkpointer.stop()
        if collector is not None:
            collector.stop()
        sweeper.stop()
        await heartbeat.stop()
        waiting.uninstall()
        ctx.bots.stop()
        ctx.hub.stop()

    app = FastAPI(title="Ashur", version="1", lifespan=lifespan, responses=ERRORS,
                  description="The Ashur game server: accounts, lobby and play over the game-module contract.")
    app.state.ctx = ctx
    app.add_middleware(store.StateScope)
    if timing.enabled():
        app.add_middleware(timing.ActionTiming)
    app.add_middleware(BodyLimit, limit=settings.max_body,
                       larger={routes_archive.IMPORT_PATH: routes_archive.import_limit()})
    _handlers(app)
    _routes(app, ctx)
    routes_accounts.register(app, ctx)
    routes_async.register(app, ctx)
    routes_away.register(app, ctx)
    routes_archive.register(app, ctx)
    routes_table.register(app, ctx)
    routes_watch.register(app, ctx)
    routes_bots.register(app, ctx)
    pages.register(app)
    return app


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        headers = {"Retry-After": str(exc.extra["retry_after"])} if "retry_after" in exc.extra else None
        return JSONResponse(exc.body(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        detail = [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")),
                   "type": str(e.get("type", ""))} for e in errors[:10]]
        first = detail[0] if detail else {"loc": [], "msg": "invalid request"}
        status = 400 if any(d["type"] == "json_invalid" for d in detail) else 422
        where = ".".join(first["loc"][1:] if len(first["loc"]) > 1 else first["loc"])
        return JSONResponse({"error": f"{where}: {first['msg']}" if where else first["msg"], "detail": detail},
                            status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return JSONResponse({"error": "internal error"}, status_code=500)


def _base(request: Request) -> str:
    return str(request.base_url)


def _routes(app: FastAPI, ctx: ServerContext) -> None:
    # --- accounts ------------------------------------------------------------------------------
    @app.post("/api/register", status_code=201, response_model=TokenOut, tags=["accounts"])
    def register(body: RegisterIn, request: Request) -> dict[str, str]:
        """Make an account; returns its first API token. At most ``ASHUR_REGISTER_LIMIT`` attempts per
        client address within ``ASHUR_REGISTER_WINDOW`` seconds (429)."""
        rate = limits.Rate("register", ctx.settings.register_limit, ctx.settings.register_window,
                           "too many registrations from this address; try again later")
        limits.take(ctx.engine, accounts.client_checks(ctx, rate, client_of(request)))
        _user, token = accounts.register(ctx, body.name, body.password, body.email)
        return {"token": token}

    @app.post("/api/login", response_model=LoginOut, tags=["accounts"])
    def login(body: LoginIn, request: Request, response: Response) -> dict[str, str]:
        """Log in: an API token, and the session cookie with its CSRF token (header X-CSRF-Token)."""
        user, token = accounts.login(ctx, body.name, body.password, client_of(request))
        csrf = accounts.set_session_cookies(ctx, response, user)
        return {"token": token, "csrf": csrf}

    @app.post("/api/logout", status_code=204, tags=["accounts"])
    def logout(request: Request, response: Response) -> None:
        """Revoke the bearer token used (if any) and clear the session cookie."""
        token = bearer(request)
        if token and token.startswith("u_"):
            accounts.revoke_token(ctx, token)
        response.delete_cookie(accounts.COOKIE, path="/")
        response.delete_cookie(accounts.CSRF_COOKIE, path="/")

    @app.get("/api/me", response_model=ProfileOut, tags=["accounts"])
    def me(request: Request) -> dict[str, Any]:
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request)
            assert caller is not None
            return accounts.profile(caller.user)

    @app.patch("/api/me", response_model=ProfileOut, tags=["accounts"])
    def update_me(body: ProfileIn, request: Request) -> dict[str, Any]:
        """Change the e-mail address, the webhook URL or the language (en, de, ja)."""
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request)
            assert caller is not None
        user = accounts.update_profile(ctx, caller.user.id, body.model_dump(exclude_unset=True))
        return accounts.profile(user)

    @app.get("/api/me/games", response_model=list[MyGame], tags=["lobby"])
    def me_games(request: Request) -> list[dict[str, Any]]:
        """My games, those where I must decide first."""
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request)
            assert caller is not None
        return lobby.my_games(ctx, caller.user)

    # --- lobby ---------------------------------------------------------------------------------
    def game_rate(request: Request, guest: bool) -> None:
        """The limit of game creation per client address (guests have their own, lower one)."""
        settings = ctx.settings
        rate = (limits.Rate("game-guest", settings.guest_game_limit, settings.game_window,
                            "too many games created from this address without an account; try again later")
                if guest else limits.Rate("game", settings.game_limit, settings.game_window,
                                          "too many games created from this address; try again later"))
        limits.take(ctx.engine, accounts.client_checks(ctx, rate, client_of(request)))

    @app.get("/api/catalog", tags=["lobby"])
    def catalog() -> list[dict[str, Any]]:
        """The games this server runs: scenarios, roles, options and bot kinds."""
        return lobby.catalog(ctx)

    @app.post("/api/games", status_code=201, response_model=CreatedOut, tags=["lobby"])
    def create(body: CreateGameIn, request: Request) -> dict[str, Any]:
        """Create a game; the human and open seats get a token and a link (open seats: an invitation).
        Without an account only where the server lets guests play (``ASHUR_GUESTS``, on by default on
        loopback): a visitor then plays its seats by their tokens."""
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request, required=not ctx.settings.guests)
        game_rate(request, caller is None)
        return lobby.create_game(ctx, caller.user if caller else None, body.model_dump(), _base(request))

    @app.get("/api/games", response_model=list[GameFacts], tags=["lobby"])
    def public_games(status: Literal["open", "active", "finished"] = "open",
                     limit: int = Query(50, ge=1, le=200)) -> list[dict[str, Any]]:
        """The public games that wait for players (open), are being played, or are finished."""
        return lobby.public_list(ctx, status, limit)

    @app.get("/api/games/{game_id}", response_model=GameFacts, tags=["lobby"])
    def game_facts(game_id: str) -> dict[str, Any]:
        """What anyone may know of a game."""
        return lobby.public_facts(ctx, game_id)

    @app.post("/api/games/{game_id}/join", response_model=JoinOut, tags=["lobby"])
    def join(game_id: str, body: JoinIn, request: Request) -> dict[str, Any]:
        """Take an open seat, by invitation or (logged in) a public game's seat by role."""
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request, required=body.invite is None)
        limits.take(ctx.engine, limits.join_checks(ctx.settings, client_of(request), lobby.user_id(caller.user)
                                                   if caller else None))
        return lobby.join(ctx, caller.user if caller else None, game_id, body.role, body.invite)

    @app.post("/api/games/{game_id}/rematch", status_code=201, response_model=CreatedOut, tags=["lobby"])
    def rematch(game_id: str, request: Request, role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """A new game like this finished one."""
        with db.read(ctx.engine) as s:
            seat = current_seat(ctx, s, request, game_id, role)
            caller = current_user(ctx, s, request, required=False) if seat.user_id is not None else None
        user = caller.user if caller else None
        game_rate(request, user is None)
        return lobby.rematch(ctx, seat, user, _base(request))

    # --- play ----------------------------------------------------------------------------------
    def seat_of(request: Request, game_id: str, role: str | None) -> Any:
        with db.read(ctx.engine) as s:
            return current_seat(ctx, s, request, game_id, role)

    @app.get("/api/games/{game_id}/view", response_model=SeatViewOut, tags=["play"])
    def seat_view(game_id: str, request: Request, role: str | None = Query(None, max_length=64)) -> Response:
        """The seat's view and legal actions, exactly as the engine gives them for its role, with the pace
        and each human seat's clock."""
        data = with_seat(ctx, request, game_id, role, lambda seat: play.view(ctx, game_id, seat))
        # serialized once, by orjson (the model above documents it; re-validating a large view costs more
        # than the engine's work on it)
        return Response(orjson.dumps(data), media_type="application/json")

    @app.post("/api/games/{game_id}/actions", response_model=VersionOut, tags=["play"])
    def act(game_id: str, body: ActionIn, request: Request,
            role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """Play one legal action at the version seen: stale -> 409, not legal -> 422 {error, rule}."""
        return with_seat(ctx, request, game_id, role,  # type: ignore[no-any-return]
                       lambda seat: play.act(ctx, game_id, seat, body.action, body.version))

    @app.post("/api/games/{game_id}/undo", response_model=VersionOut, tags=["play"])
    def undo(game_id: str, body: VersionIn, request: Request,
             role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """Take back the seat's last action, as the engine's undo rule allows."""
        seat = seat_of(request, game_id, role)
        return play.take_back(ctx, game_id, seat.role, body.version)

    @app.post("/api/games/{game_id}/resign", response_model=VersionOut, tags=["play"])
    def resign(game_id: str, request: Request, role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """Give up: the game ends and the other roles win."""
        seat = seat_of(request, game_id, role)
        return play.resign(ctx, game_id, seat.role)

    @app.get("/api/games/{game_id}/log", response_model=LogOut, tags=["play"])
    def game_log(game_id: str, request: Request, since: int = Query(0, ge=0, le=10**9),
                 role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """The log entries the seat may read, from index `since`."""
        seat = seat_of(request, game_id, role)
        return play.visible_log(ctx, game_id, seat.role, since)

    @app.get("/api/games/{game_id}/chat", response_model=ChatOut, tags=["play"])
    def chat(game_id: str, request: Request, since: int = Query(0, ge=0, le=2**62),
             role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        seat_of(request, game_id, role)
        return play.chat(ctx, game_id, since)

    @app.post("/api/games/{game_id}/chat", status_code=201, response_model=ChatPosted, tags=["play"])
    def chat_post(game_id: str, body: ChatIn, request: Request,
                  role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        seat = seat_of(request, game_id, role)
        rate = limits.Rate("chat", ctx.settings.chat_limit, ctx.settings.chat_window,
                           "too many chat messages from this address; wait a little")
        limits.take(ctx.engine, accounts.client_checks(ctx, rate, client_of(request)))
        return play.chat_post(ctx, game_id, seat, body.text)

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str, token: str = "", watch: bool = False) -> None:
        """The seat's socket: its view after every change (``{"type": "view", ...}``) and chat. With
        ``?watch=1`` and no token, a spectator's: the public view after every change, no chat."""
        def check() -> str:
            if watch and not token:
                routes_watch.admit(ctx, game_id)
                return play.OBSERVER
            with db.read(ctx.engine) as s:
                if not token:
                    raise ApiError(401, "a seat token is needed (?token=), or ?watch=1 to watch")
                return current_seat(ctx, s, websocket, game_id, token=token[:200]).role  # type: ignore[arg-type]

        try:
            role = await run_in_threadpool(check)
        except ApiError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.error[:120])
            return
        await websocket.accept()
        assert ctx.hub is not None
        if role == play.OBSERVER:
            await ctx.hub.serve(websocket, game_id, role)
            return
        async with presence.CONNECTIONS.holding(ctx, game_id, role):  # a seat's socket: presence (not a spectator's)
            await ctx.hub.serve(websocket, game_id, role)
