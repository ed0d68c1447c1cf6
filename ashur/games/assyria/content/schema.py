"""Pydantic models of the Assyria content files (board, set-ups, cards, tracks).

Every model is frozen and refuses unknown keys, so a misspelt key in a data file is an error that names
the file, the line and the field (:mod:`.loader`). Section names refer to the English rule book.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

HexId = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?$")]
"""A hex name: its column letter and its place in the column (``D3``)."""
FoodKind = Literal["grapes", "palm", "salt", "barley", "dates", "wild"]


class Strict(BaseModel):
    """Base: immutable, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class HexEntry(Strict):
    """One hex: its name, axial coordinates, region and food symbol."""

    id: HexId
    q: Annotated[int, Field(ge=0, le=25)]
    r: int
    region: Literal["outside", "river1", "between", "river2"]
    food: Literal["grapes", "palm", "salt", "barley", "dates"]


class BoardFile(Strict):
    """board.yaml: the hexes of the board, each with its region (rivers and the land between) and food."""

    layout: Literal["axial-flat"]
    hexes: list[HexEntry]

    @model_validator(mode="after")
    def _unique(self) -> BoardFile:
        ids = [h.id for h in self.hexes]
        if len(set(ids)) != len(ids):
            raise ValueError("a hex name is used twice")
        places = [(h.q, h.r) for h in self.hexes]
        if len(set(places)) != len(places):
            raise ValueError("two hexes share their coordinates")
        return self


class Setup(Strict):
    """One player count: the cropped board, the starting spaces and the counts that change with it."""

    players: Annotated[int, Field(ge=2, le=4)]
    columns: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]]
    starts: list[HexId]
    wells: Annotated[int, Field(ge=0)]
    plows: Annotated[int, Field(ge=0)]
    draft: Annotated[int, Field(ge=1)]
    sow: Annotated[int, Field(ge=2)]
    bonus_card: bool
    assur: Literal["ranked", "two_player"]

    @model_validator(mode="after")
    def _counts(self) -> Setup:
        if self.columns[0] > self.columns[1]:
            raise ValueError("columns: the first column must not be east of the last")
        if len(set(self.starts)) != len(self.starts):
            raise ValueError("starts: a starting space is listed twice")
        if len(self.starts) < self.players:
            raise ValueError(f"starts: {len(self.starts)} starting spaces for {self.players} players")
        if self.draft != self.players:
            raise ValueError("draft: each player takes one card of the initial draft, so it draws one per player")
        if self.sow <= self.players:
            raise ValueError("sow: there must be more columns than players (one column stays unselected)")
        return self


class SetupsFile(Strict):
    setups: list[Setup]


class FoodGroup(Strict):
    """Identical food cards: their symbol kind (or wild), how many symbols, copies and price (Actions D)."""

    kind: FoodKind
    symbols: Annotated[int, Field(ge=1, le=3)]
    copies: Annotated[int, Field(ge=1)]
    price: Annotated[int, Field(ge=1, le=2)]

    @model_validator(mode="after")
    def _wild(self) -> FoodGroup:
        if self.kind == "wild" and self.symbols != 1:
            raise ValueError("a wild card resupplies one hut (Expansion B): symbols must be 1")
        return self


class ExpansionGroup(Strict):
    value: Annotated[int, Field(ge=1, le=10)]
    copies: Annotated[int, Field(ge=1)]


class Bonus(Strict):
    value: Annotated[int, Field(ge=1, le=10)]


class Plow(Strict):
    copies: Annotated[int, Field(ge=1)]
    price: Annotated[int, Field(ge=1, le=2)]


class CardsFile(Strict):
    food: list[FoodGroup]
    expansion: list[ExpansionGroup]
    bonus: Bonus
    plow: Plow


class Track(Strict):
    length: Annotated[int, Field(ge=1)]


class Dignitary(Strict):
    id: Literal["higher", "middle", "lower"]
    spaces: Annotated[int, Field(ge=1, le=6)]
    cost: Annotated[int, Field(ge=1)]
    influence: Annotated[int, Field(ge=1)]


class TracksFile(Strict):
    score: Track
    camels: Track
    offerings: Track
    dignitaries: list[Dignitary]

    @model_validator(mode="after")
    def _order(self) -> TracksFile:
        ids = [d.id for d in self.dignitaries]
        if ids != ["higher", "middle", "lower"]:
            raise ValueError("dignitaries: list higher, middle and lower, in this order (Actions B)")
        return self
