"""Request and response bodies of the HTTP API (they make ``/openapi.json``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

Short = Field(min_length=1, max_length=200)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RegisterIn(Strict):
    name: StrictStr = Field(min_length=1, max_length=100, description="2 to 32 letters, digits, _ . -")
    password: StrictStr = Field(min_length=1, max_length=1000, description="8 to 200 characters")
    email: StrictStr | None = Field(default=None, max_length=300)


class LoginIn(Strict):
    name: StrictStr = Field(min_length=1, max_length=100)
    password: StrictStr = Field(min_length=1, max_length=1000)


class TokenOut(BaseModel):
    token: str


class LoginOut(BaseModel):
    token: str
    csrf: str


class ProfileIn(Strict):
    email: StrictStr | None = Field(default=None, max_length=300)
    webhook_url: StrictStr | None = Field(default=None, max_length=500)
    lang: Literal["en", "de", "ja"] | None = None


class ProfileOut(BaseModel):
    id: int
    name: str
    email: str | None
    webhook_url: str | None
    lang: str
    away_since: str | None = Field(default=None, description="the start of the user's absence (ISO 8601)")
    away_until: str | None = Field(default=None, description="the end of the user's absence (ISO 8601)")


OptionValue = StrictBool | StrictInt | StrictFloat | StrictStr


class CreateGameIn(Strict):
    game: StrictStr = Field(min_length=1, max_length=64)
    scenario: StrictStr | None = Field(default=None, min_length=1, max_length=64)
    options: dict[StrictStr, OptionValue] = Field(default_factory=dict, max_length=64)
    seats: dict[StrictStr, StrictStr] = Field(max_length=32, description='role -> "human", "open" or "bot:KIND"')
    pace: Literal["live", "fast", "slow"] | None = None
    seed: StrictInt | StrictStr | None = Field(default=None, description="only with --dev")
    public: StrictBool = True
    spectators: StrictBool = Field(default=True, description="anyone may watch the game's public view live")
    bot_reasons: Literal["open", "after"] | None = Field(
        default=None, description="who may read the bot seats' reasons: 'open' every seat during the game, "
                                  "'after' everyone once it is finished; default 'open' when exactly one seat "
                                  "is human or open, else 'after'")


class SeatTokenOut(BaseModel):
    token: str
    url: str


class CreatedOut(BaseModel):
    id: str
    seats: dict[str, SeatTokenOut]


class JoinIn(Strict):
    role: StrictStr | None = Field(default=None, min_length=1, max_length=64)
    invite: StrictStr | None = Field(default=None, min_length=1, max_length=200)


class JoinOut(BaseModel):
    role: str
    token: str
    status: str


class ActionIn(Strict):
    action: StrictStr = Field(min_length=1, max_length=200)
    version: StrictInt = Field(ge=0)


class VersionIn(Strict):
    version: StrictInt = Field(ge=0)


class VersionOut(BaseModel):
    version: int


class ClockOut(BaseModel):
    """A seat's pace clock (``clocks.describe``): public, as at the table."""

    left: float = Field(description="seconds left in the seat's time bank (0 when it ran out)")
    running: bool = Field(description="the seat must decide now and its clock runs")
    expired: bool = Field(description="the clock ran out: the other seats may claim the game or hand the "
                                      "seat to a bot")
    away_until: str | None = Field(default=None, description="the seat's player is away until then (ISO 8601): "
                                                         "the clock is paused and nothing expires")


Clocks = Field(default_factory=dict, description="each human seat's clock (null: not started yet); empty "
                                                 "when the game has no pace")


class SeatViewOut(BaseModel):
    version: int
    role: str
    status: str
    view: dict[str, Any]
    actions: list[dict[str, Any]]
    result: dict[str, Any] | None = None
    pace: Literal["live", "fast", "slow"] | None = Field(default=None, description="the game's pace, if any")
    clocks: dict[str, ClockOut | None] = Clocks


class WatchOut(BaseModel):
    """What a spectator sees: the engine's public view (``view(state, "observer")``), no legal actions."""

    version: int
    role: Literal["observer"] = "observer"
    status: str
    active: list[str] = Field(default_factory=list, description="the roles that must decide now (public)")
    view: dict[str, Any]
    result: dict[str, Any] | None = None
    pace: Literal["live", "fast", "slow"] | None = Field(default=None, description="the game's pace, if any")
    clocks: dict[str, ClockOut | None] = Clocks


class ChatIn(Strict):
    text: StrictStr = Field(min_length=1, max_length=2000)


class ChatPosted(BaseModel):
    id: int


class ChatOut(BaseModel):
    messages: list[dict[str, Any]]


class LogOut(BaseModel):
    version: int
    entries: list[dict[str, Any]]


class BotReason(BaseModel):
    """A bot seat's reason for one of its actions, with the action's label as its legal list gave it."""

    n: int = Field(description="the action's index in the game's record")
    role: str
    action: str = Field(description="the action's id")
    label: str | None = Field(default=None, description="the action's label (a message key)")
    params: dict[str, Any] = Field(default_factory=dict, description="the label's parameters")
    rule: str | None = Field(default=None, description="the rule that allowed the action")
    reason: str = Field(description="the bot's one-line reason in the asked language (at most 300 characters)")
    why: list[dict[str, Any]] | None = Field(
        default=None, description="the reason as message parts [{key, params}], rendered one after the other "
                                  "with the game's catalog (bot.why.* keys: the table's); null for a plain-text "
                                  "reason")


class BotReasonsOut(BaseModel):
    reasons: list[BotReason]
    next: int = Field(description="the `since` of the next call (the game's number of actions)")


class SeatFacts(BaseModel):
    kind: str
    bot: str | None
    player: str | None


class GameFacts(BaseModel):
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    status: str
    pace: str | None
    clocks: dict[str, ClockOut | None] = Clocks
    version: int
    active: list[str]
    seats: dict[str, SeatFacts]
    result: dict[str, Any] | None
    public: bool
    spectators: bool = True
    bot_reasons: Literal["open", "after"] = Field(default="after", description="who may read the bot seats' "
                                                  "reasons: 'open' every seat during the game, 'after' everyone "
                                                  "once it is finished")
    rematch_of: str | None
    rematch: str | None
    created_at: str
    updated_at: str


class MyGame(BaseModel):
    id: str
    game: str
    scenario: str
    status: str
    version: int
    roles: list[str]
    your_move: bool
    active: list[str]
    updated_at: str


class ErrorOut(BaseModel):
    error: str
    rule: str | None = None
