"""The lobby: create a game, join an open seat (public, or by invite link), start when every seat is
taken, my games ("your move" first), rematch, and the public lists. Setup goes through the contract."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select
from sqlalchemy.orm import Session

from ashur import bots
from ashur.core.contract import Game, ScenarioInfo, check_scenario, resolve_options
from ashur.core.errors import AshurError
from ashur.core.registry import game_ids, get_game
from ashur.core.session import Match
from ashur.server import clocks, db, events, waiting
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import GameRow, LogRow, SeatRow, User, now
from ashur.server.store import dumps, get_row, new_id, new_token, remember, snapshot, token_hash

PACES = ("live", "fast", "slow")
BOT_REASONS = ("open", "after")
"""Who may read the bot seats' reasons (:mod:`ashur.server.routes_bots`): every seat during the game, or
everyone once it is finished."""


def bot_reasons_of(req: dict[str, Any], kinds: dict[str, tuple[str, str | None]]) -> str:
    """The game's ``bot_reasons``: the request's, else ``open`` when exactly one seat is (or will be) a
    person's — a solo game against bots, where nobody else's fairness is at stake — else ``after``."""
    chosen = req.get("bot_reasons")
    if chosen is not None:
        if chosen not in BOT_REASONS:
            raise ApiError(422, f"bot_reasons is one of {', '.join(BOT_REASONS)}")
        return str(chosen)
    people = sum(1 for kind, _ in kinds.values() if kind in ("human", "open"))
    return "open" if people == 1 else "after"


def catalog(ctx: ServerContext) -> list[dict[str, Any]]:
    """Every registered game: scenarios (with their roles under the default options), options, the bot
    kinds this server plays."""
    out = []
    for gid in game_ids():
        game = get_game(gid)
        defaults = resolve_options(game, {})
        out.append({
            "id": gid, "name": game.name, "version": game.version,
            "scenarios": [{"id": sc.id, "name": sc.name, "summary": sc.summary,
                           "roles": game.roles(sc.id, defaults),
                           "role_variants": _role_variants(game, sc, defaults)}
                          for sc in game.scenarios().values()],
            "options": [{"name": o.name, "default": o.default, "help": o.help,
                         "choices": list(o.choices) if o.choices is not None else None,
                         "type": o.kind.__name__} for o in game.options().values()],
            "bots": offered_bots(ctx),
        })
    return out


def _role_variants(game: Game, scenario: ScenarioInfo, defaults: dict[str, Any]) -> list[dict[str, Any]]:
    """The roles under each other value of an option that changes them (for Assyrian Wars the number of
    players, 1.1 B), so a form can show the right seats: the option's choices, or for a number the
    scenario's player counts; values the scenario refuses are left out."""
    base = game.roles(scenario.id, defaults)
    out = []
    for spec in game.options().values():
        values = spec.choices or (scenario.player_counts if spec.kind is int else ())
        for value in values:
            if value == spec.default:
                continue
            try:
                roles = game.roles(scenario.id, {**defaults, spec.name: value})
            except AshurError:
                continue
            if roles != base:
                out.append({"option": spec.name, "value": value, "roles": roles})
    return out


def _options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """The resolved options; a value of the wrong JSON type is refused (the contract parses strings)."""
    opts = resolve_options(game, given)
    for name, spec in game.options().items():
        value = opts[name]
        ok = isinstance(value, spec.kind) and (spec.kind is bool or not isinstance(value, bool))
        if spec.kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        if not ok:
            raise ApiError(422, f"option {name!r}: a {spec.kind.__name__} is needed")
    return opts


def offered_bots(ctx: ServerContext) -> list[str]:
    """The registered bot kinds this server plays (:attr:`Settings.bot_kinds`), in its order."""
    known = set(bots.kinds())
    return [k for k in (x.strip() for x in ctx.settings.bot_kinds.split(",")) if k in known]


def check_bot(ctx: ServerContext, kind: str) -> None:
    """422 unless `kind` (``KIND`` or ``KIND?KEY=VALUE&...``) is a kind this server plays, with good
    parameters."""
    offered = offered_bots(ctx)
    if kind.split("?", 1)[0] not in offered:
        raise ApiError(422, f"bot kind {kind.split('?', 1)[0]!r} is not played on this server (kinds: "
                            f"{', '.join(offered)})")
    try:
        bots.make(kind, 0)
    except AshurError as exc:
        raise ApiError(422, str(exc)) from None


def _seat_kinds(ctx: ServerContext, roles: list[str], seats: dict[str, str]) -> dict[str, tuple[str, str | None]]:
    unknown = sorted(set(seats) - set(roles))
    if unknown:
        raise ApiError(422, f"unknown role {unknown[0]!r} (roles of this game: {', '.join(roles)})")
    missing = [r for r in roles if r not in seats]
    if missing:
        raise ApiError(422, f"no seat given for {', '.join(missing)}: every role is human, open or bot:KIND")
    out: dict[str, tuple[str, str | None]] = {}
    for role in roles:
        seat = seats[role]
        if seat in ("human", "open"):
            out[role] = (seat, None)
        elif seat.startswith("bot:"):
            kind = seat[4:]
            check_bot(ctx, kind)
            out[role] = ("bot", kind)
        else:
            raise ApiError(422, f"seat {role}: a seat is 'human', 'open' or 'bot:KIND'")
    if all(kind == "bot" for kind, _ in out.values()):
        raise ApiError(422, "at least one seat is human or open")
    return out


def seat_url(base: str, game_id: str, kind: str, token: str) -> str:
    """The address a seat's player opens (the token in the fragment never reaches a server log)."""
    what = "join" if kind == "open" else "play"
    return f"{base.rstrip('/')}/{what}/{game_id}#token={token}"


def user_id(user: User | None) -> int | None:
    """The id of `user`, an object of a session that has closed (the caller's authentication reads it in
    its own session). Read from the object's identity key, never through its attributes: an expired
    attribute of a detached object cannot be loaded again (DetachedInstanceError, a 500; reported once on
    ``POST /api/games``, not reproduced since), whereas the identity key outlives its session."""
    if user is None:
        return None
    ident = sa_inspect(user).identity
    if not ident:
        raise ApiError(401, "no such user")
    return int(ident[0])


def create_game(ctx: ServerContext, user: User | None, req: dict[str, Any], base: str,
                rematch_of: GameRow | None = None) -> dict[str, Any]:
    """Set up a game through the contract and seat it; the human and open seats get their tokens."""
    owner = user_id(user)
    try:
        game = get_game(req["game"])
        scenario = req.get("scenario") or next(iter(game.scenarios()))
        check_scenario(game, scenario)
        options = _options(game, req.get("options") or {})
        roles = game.roles(scenario, options)
    except AshurError as exc:
        raise ApiError(422, str(exc)) from None
    kinds = _seat_kinds(ctx, roles, req.get("seats") or {})
    pace = req.get("pace")
    if pace is not None and pace not in PACES:
        raise ApiError(422, f"pace is one of {', '.join(PACES)}")
    reasons = bot_reasons_of(req, kinds)
    seed = req.get("seed")
    if seed is not None and not ctx.settings.dev:
        raise ApiError(403, "a chosen seed is refused unless the server runs with --dev (it lets its chooser "
                            "predict the cards and dice)")
    engine_seats = {r: "human" if k in ("human", "open") else f"bot:{b}" for r, (k, b) in kinds.items()}
    try:
        match = Match.new(game, scenario, int(seed) if seed is not None else None, options, engine_seats,
                          keep_undo=False)
    except (AshurError, ValueError) as exc:
        raise ApiError(422, str(exc)) from None
    gid = new_id()
    status = "open" if any(k == "open" for k, _ in kinds.values()) else "active"
    issued: dict[str, dict[str, str]] = {}
    with db.write(ctx.engine) as s:
        row = GameRow(id=gid, game=game.id, engine_version=game.version, scenario=scenario, options=options,
                      seed=str(match.seed), status=status, public=bool(req.get("public", True)), pace=pace,
                      spectators=bool(req.get("spectators", True)), bot_reasons=reasons,
                      version=0, n_actions=0, state=snapshot(match.state), waiting=game.active(match.state),
                      owner_id=owner, rematch_of=rematch_of.id if rematch_of else None)
        s.add(row)
        s.flush()
        for idx, entry in match.state.log.since(0):
            s.add(LogRow(game_id=gid, idx=idx, entry=dumps(entry)))
        for role, (kind, bot) in kinds.items():
            seat = SeatRow(game_id=gid, role=role, kind=kind, bot=bot)
            if kind in ("human", "open"):
                plain, seat.token_hash = new_token("s")
                issued[role] = {"token": plain, "url": seat_url(base, gid, kind, plain)}
                if kind == "human" and owner is not None:
                    seat.user_id = owner
            s.add(seat)
        if rematch_of is not None:
            old = s.get(GameRow, rematch_of.id)
            if old is None or old.rematch_id is not None:
                raise ApiError(409, "this game has a rematch already", id=old.rematch_id if old else None)
            old.rematch_id = gid
    # the new state goes to the cache like an action's: its first views need not parse it, and its memo
    # (a reference cycle) is dropped when it leaves the cache instead of waiting for the collector
    remember(gid, 0, 0, match.state)
    if status == "active":
        events.after_change(ctx, gid, 0, list(row.waiting))
    return {"id": gid, "seats": issued}


def join(ctx: ServerContext, user: User | None, game_id: str, role: str | None, invite: str | None) -> dict[str, Any]:
    """Take an open seat: by its invite token (anyone holding the link), or a public game's open seat by
    role (a logged-in user). The seat gets a new token, returned once; the game starts when no seat is
    open any more."""
    with db.write(ctx.engine) as s:
        row = get_row(s, game_id, lock=True)
        if invite is not None:
            seat = s.execute(select(SeatRow).where(SeatRow.token_hash == token_hash(invite))).scalar_one_or_none()
            if seat is None or seat.game_id != game_id or seat.kind != "open":
                raise ApiError(403, "this invitation is not valid (or its seat was taken)")
        else:
            if user is None:
                raise ApiError(401, "log in, or join with an invitation")
            if not row.public:
                raise ApiError(403, "this game is by invitation only")
            if role is None:
                raise ApiError(422, "say which role to take")
            seat = s.execute(select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.role == role)
                             ).scalar_one_or_none()
            if seat is None:
                raise ApiError(422, f"no role {role!r} in this game")
            if seat.kind != "open":
                raise ApiError(409, "that seat is taken")
        if row.status != "open":
            raise ApiError(409, "the game has started")
        plain, seat.token_hash = new_token("s")
        seat.kind = "human"
        seat.user_id = user_id(user)
        row.seat_rev += 1
        s.flush()
        still_open = s.execute(select(SeatRow.id).where(SeatRow.game_id == game_id, SeatRow.kind == "open")
                               ).first()
        if still_open is None:
            row.status = "active"
            row.updated_at = now()
        version, waiting, status, joined = row.version, list(row.waiting), row.status, seat.role
    events.after_change(ctx, game_id, version, waiting if status == "active" else [])
    return {"role": joined, "token": plain, "status": status}


def facts(s: Session, row: GameRow, moment: datetime | None = None) -> dict[str, Any]:
    """What anyone may know of a game (no seat's secrets, no seed), with each human seat's clock at
    `moment` (the server's time; empty without a pace) and, in it, until when its player is away."""
    found = s.execute(select(SeatRow, User.name, User.away_since, User.away_until)
                      .outerjoin(User, User.id == SeatRow.user_id)
                      .where(SeatRow.game_id == row.id).order_by(SeatRow.id)).all()
    seats = [(seat, name) for seat, name, _since, _until in found]
    at = moment if moment is not None else clocks.utcnow()
    seat_clocks = {seat.role: waiting.describe(seat.clock, waiting.away_between(since, until, at), at)
                   for seat, _name, since, until in found if seat.kind == "human"} if row.pace is not None else {}
    return {
        "clocks": seat_clocks,
        "id": row.id, "game": row.game, "scenario": row.scenario, "options": row.options,
        "status": row.status, "pace": row.pace, "version": row.version, "active": list(row.waiting),
        "seats": {seat.role: {"kind": seat.kind, "bot": seat.bot, "player": name} for seat, name in seats},
        "result": row.result, "public": row.public, "spectators": row.spectators,
        "bot_reasons": row.bot_reasons or "after",
        "rematch_of": row.rematch_of, "rematch": row.rematch_id,
        "created_at": row.created_at.isoformat(), "updated_at": row.updated_at.isoformat(),
    }


def public_facts(ctx: ServerContext, game_id: str) -> dict[str, Any]:
    with db.read(ctx.engine) as s:
        return facts(s, get_row(s, game_id), waiting.server_now(ctx, s))


def public_list(ctx: ServerContext, status: str, limit: int) -> list[dict[str, Any]]:
    """The public games of a status, newest change first."""
    with db.read(ctx.engine) as s:
        rows = s.execute(select(GameRow).where(GameRow.status == status, GameRow.public.is_(True))
                         .order_by(GameRow.updated_at.desc()).limit(limit)).scalars().all()
        now = waiting.server_now(ctx, s)
        return [facts(s, r, now) for r in rows]


def my_games(ctx: ServerContext, user: User) -> list[dict[str, Any]]:
    """The user's games: those where one of the user's seats must decide first, then by last change."""
    with db.read(ctx.engine) as s:
        pairs = s.execute(select(GameRow, SeatRow.role).join(SeatRow, SeatRow.game_id == GameRow.id)
                          .where(SeatRow.user_id == user_id(user), SeatRow.kind == "human")).all()
        games: dict[str, dict[str, Any]] = {}
        for row, role in pairs:
            item = games.setdefault(row.id, {
                "id": row.id, "game": row.game, "scenario": row.scenario, "status": row.status,
                "version": row.version, "roles": [], "your_move": False, "active": list(row.waiting),
                "updated_at": row.updated_at.isoformat()})
            item["roles"].append(role)
            if row.status == "active" and role in row.waiting:
                item["your_move"] = True
    return sorted(games.values(), key=lambda g: (not g["your_move"], _neg(g["updated_at"])))


def _neg(stamp: str) -> list[int]:
    return [-ord(c) for c in stamp]


def rematch(ctx: ServerContext, seat: SeatRow, user: User | None, base: str) -> dict[str, Any]:
    """A new game like a finished one: the asker's seat human, the other human seats open (invitations),
    the bots again."""
    with db.read(ctx.engine) as s:
        row = get_row(s, seat.game_id)
        if row.status != "finished":
            raise ApiError(409, "a rematch follows a finished game")
        if row.rematch_id is not None:
            raise ApiError(409, "this game has a rematch already", id=row.rematch_id)
        seats = s.execute(select(SeatRow).where(SeatRow.game_id == row.id)).scalars().all()
    layout = {x.role: ("human" if x.role == seat.role else f"bot:{x.bot}" if x.kind == "bot" else "open")
              for x in seats}
    return create_game(ctx, user, {"game": row.game, "scenario": row.scenario, "options": row.options,
                                   "seats": layout, "pace": row.pace, "public": row.public,
                                   "spectators": row.spectators, "bot_reasons": row.bot_reasons or "after"},
                       base, rematch_of=row)
