"""The heuristic bot's weights and the weighted bots' profiles, validated data (``weights.yaml``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

FILE = Path(__file__).with_name("weights.yaml")


class Weights(BaseModel):
    """The heuristic's weights (see weights.yaml for what each means); unknown keys are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    camel: float
    hut_unfed: float
    hut_wild_fed: float
    river_first: float
    river_next: float
    well_potential: float
    frontier: float
    column_symbol: float
    column_wild: float
    column_useless: float
    column_order: float
    ziggurat: float
    tile: float
    turns_left_tile: float
    offering_min_sites: int
    intrigue_margin: float
    plow_value: float
    buy_symbol: float
    done: float


class WeightsFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    heuristic: Weights
    profiles: dict[str, dict[str, float]]


@lru_cache(maxsize=1)
def load() -> WeightsFile:
    return WeightsFile.model_validate(yaml.safe_load(FILE.read_text(encoding="utf-8")))


def weights() -> Weights:
    return load().heuristic


def profiles() -> dict[str, dict[str, float]]:
    return load().profiles
