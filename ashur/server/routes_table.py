"""Routes the browser table needs besides play (issue 16): a game's board drawing data and message catalogs
(public content), and for a seat "why not?" (the engine's refusal of an action, with its rule and the rule's
paraphrase) and the odds of an action before it is chosen.

Both seat routes ask the engine about the caller's own role only, so they tell nothing the seat's view does
not; they never change the game.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from ashur.core import registry
from ashur.core.errors import AshurError, IllegalAction
from ashur.core.validate import check_action_id
from ashur.server import db
from ashur.server.auth import SeatRef, check_seat, with_seat
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import GameRow
from ashur.server.store import engine_of, get_row, load_state

LANGS = ("en", "de", "ja")
#: Content is fixed for a server's version: browsers may keep it for a day (URLs carry the client version).
CONTENT_CACHE = "public, max-age=86400"


class WhyOut(BaseModel):
    legal: bool
    error: str | None = None
    rule: str | None = None
    rule_text: str | None = None


def _game(name: str) -> Any:
    try:
        return registry.get_game(name)
    except AshurError as exc:
        raise ApiError(404, str(exc)) from None


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ApiError(422, f"lang is one of {', '.join(LANGS)}")
    return lang


def messages(game_name: str, lang: str) -> dict[str, str]:
    """A game's message catalog in `lang`, English filling what the language lacks."""
    game = _game(game_name)
    return {**game.messages("en"), **game.messages(_lang(lang))}


def _shaped(action: str) -> None:
    """422 with the reason for an id no game could have (before any rules code sees it)."""
    try:
        check_action_id(action)
    except IllegalAction as exc:
        raise ApiError(422, str(exc), rule=exc.rule) from None


def _with_state(ctx: ServerContext, request: Request, game_id: str, role: str | None,
                run: Any) -> Any:
    """`run(game, state, role)` on the caller's seat's game as stored now (read only)."""
    def once(ref: SeatRef) -> Any:
        with db.read(ctx.engine) as s:
            row: GameRow = get_row(s, game_id)
            check_seat(ref, row)
            if row.status != "active":
                raise ApiError(409, "the game is not being played", version=row.version)
            return run(engine_of(row), load_state(s, row), ref.role)

    return with_seat(ctx, request, game_id, role, once)


def why(ctx: ServerContext, request: Request, game_id: str, action: str, role: str | None,
        lang: str) -> dict[str, Any]:
    """Whether `action` is legal for the caller now and, if not, the engine's reason and rule."""
    _shaped(action)
    lang = _lang(lang)

    def run(game: Any, state: Any, seat_role: str) -> dict[str, Any]:
        refusal = game.why_not(state, seat_role, action)
        if refusal is None:
            return {"legal": True}
        rule = refusal.get("rule") or None
        return {"legal": False, "error": refusal["error"], "rule": rule,
                "rule_text": game.rule_text(rule, lang) if rule else None}

    return _with_state(ctx, request, game_id, role, run)  # type: ignore[no-any-return]


def odds(ctx: ServerContext, request: Request, game_id: str, action: str, role: str | None) -> dict[str, Any]:
    """The odds of the caller's legal `action` (404 when it leads to no chance event)."""
    _shaped(action)

    def run(game: Any, state: Any, seat_role: str) -> dict[str, Any]:
        if not any(a["id"] == action for a in game.legal_actions(state, seat_role)):
            refusal = game.why_not(state, seat_role, action) or {}
            raise ApiError(422, refusal.get("error") or "not a legal action now", rule=refusal.get("rule"))
        found = game.odds(state, seat_role, action)
        if found is None:
            raise ApiError(404, "this action leads to no chance event")
        return found  # type: ignore[no-any-return]

    return _with_state(ctx, request, game_id, role, run)  # type: ignore[no-any-return]


def register(app: FastAPI, ctx: ServerContext) -> None:
    """Add the table's routes."""

    @app.get("/api/content/{game}/board", tags=["content"])
    def board(game: str) -> Response:
        """The static drawing data of the game's board (areas, connections, tracks, counter types)."""
        return JSONResponse(_game(game).board(), headers={"Cache-Control": CONTENT_CACHE})

    @app.get("/api/content/{game}/messages/{lang}", tags=["content"])
    def catalog(game: str, lang: str) -> Response:
        """The game's messages in `lang` (en, de, ja): log entries, prompts, actions, names, rules."""
        return JSONResponse(messages(game, lang), headers={"Cache-Control": CONTENT_CACHE})

    @app.get("/api/games/{game_id}/why", response_model=WhyOut, tags=["play"])
    def why_not(game_id: str, request: Request, action: str = Query(..., min_length=1, max_length=200),
                role: str | None = Query(None, max_length=64), lang: str = Query("en", max_length=8)
                ) -> dict[str, Any]:
        """Why the seat may not play `action` now: the engine's reason and rule, and the rule's paraphrase."""
        return why(ctx, request, game_id, action, role, lang)

    @app.get("/api/games/{game_id}/odds", tags=["play"])
    def action_odds(game_id: str, request: Request, action: str = Query(..., min_length=1, max_length=200),
                    role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """The chances of the outcomes of a legal action (battle, interception, evasion, siege, raid),
        computed from what the seat may know only."""
        return odds(ctx, request, game_id, action, role)
