"""The heuristic bot at sea (issue 17, ``bot/rank_naval.py``): fleets sail for the sea Trade Boxes and stay in
them (6.16.b, 6.16.g, 7.3.3.a), keep away from far larger enemy fleets (6.16.f), and set land units down where
they do most (6.16.d, 6.16.e). Before, every one of these choices scored 0 and chance chose among them (the
audit of docs/bots.md: 38 naval ties in 4 Rise and Fall games)."""

from __future__ import annotations

from typing import Any

from ashur.core.contract import resolve_options
from ashur.games.assyrian_wars.bot.features import bind
from ashur.games.assyrian_wars.bot.rank import Ranker
from ashur.games.assyrian_wars.game import GAME, content


def _view(role: str, aps: int | None = None) -> dict[str, Any]:
    opts = resolve_options(GAME, {})
    state = GAME.setup("rise_and_fall", 1, opts, {r: "bot:random" for r in GAME.roles("rise_and_fall", opts)})
    if aps is not None:
        GAME.give_impulse(state, role, aps)
    bind(content())
    return GAME.view(state, role)


def _fleet_prompt(view: dict[str, Any], zone: str, n: int = 1) -> None:
    """The view as a fleet's move (6.16.b) shows it: the prompt names the fleet's zone."""
    view["prompt"] = {"key": "aw.prompt.fleet_move", "params": {"country": view["deciding"], "zone": zone, "n": n}}


def _score(r: Ranker, aid: str, label: str, **params: Any) -> float:
    return r.score({"id": aid, "label": f"aw.act.{label}", "params": params})[0]


def test_6_16_g_an_empty_fleet_sails_for_a_sea_trade_box_and_enters_it() -> None:
    """Elam's ship lies in a zone the Gulf's Trade Box is entered from: starting its move beats ending the
    impulse, and entering the box beats stopping or sailing on. Babylonia's ship, two zones away, sails
    towards it; with no AP to sail, it does not start a move for nothing."""
    elam_view = _view("elam", aps=3)
    elam = Ranker(elam_view, content())
    end = _score(elam, "end", "end_impulse", ap=3)
    assert _score(elam, "fleet:sz_gulf_east", "fleet_move", zone="sz_gulf_east", n=1) > end
    _fleet_prompt(elam_view, "sz_gulf_east")
    elam = Ranker(elam_view, content())
    enter = _score(elam, "trade:trade_gulf", "enter_box", box="trade_gulf", ap=1)
    stop = _score(elam, "stop", "fleet_stop")
    assert enter > stop > _score(elam, "to:sz_gulf_north", "fleet_to", zone="sz_gulf_north", ap=0.5)

    babylonia_view = _view("babylonia", aps=3)
    _fleet_prompt(babylonia_view, "sealand")
    babylonia = Ranker(babylonia_view, content())
    assert _score(babylonia, "to:sz_gulf_north", "fleet_to", zone="sz_gulf_north", ap=0.5) > \
        _score(babylonia, "stop", "fleet_stop")

    broke = Ranker(_view("babylonia", aps=0), content())
    assert _score(broke, "fleet:sealand", "fleet_move", zone="sealand", n=1) <= \
        _score(broke, "end", "end_impulse", ap=0)


def test_6_16_b_a_fleet_in_a_sea_trade_box_stays_there() -> None:
    """7.3.3.a: the ships in a Trade Box are trade points at the Interphase; leaving gives them up, so neither
    a move out of the box nor leaving it during a move beats ending the impulse or stopping."""
    view = _view("elam", aps=3)
    view["pieces"]["elam-ship-1"]["loc"] = "trade:trade_gulf"
    elam = Ranker(view, content())
    assert _score(elam, "fleet:trade_gulf", "fleet_from_box", box="trade_gulf", n=1) < \
        _score(elam, "end", "end_impulse", ap=3)
    _fleet_prompt(view, "trade:trade_gulf")
    elam = Ranker(view, content())
    assert _score(elam, "out:sz_gulf_east", "leave_box", zone="sz_gulf_east", box="trade_gulf") < \
        _score(elam, "stop", "fleet_stop")


def test_6_16_f_a_fleet_keeps_away_from_a_far_larger_enemy_fleet() -> None:
    """Babylonia's single ship does not sail into a zone where three Assyrian ships lie (they may search it
    and fight, 6.16.f), though it is the way to the Trade Box."""
    view = _view("babylonia", aps=3)
    for i in range(3):
        view["pieces"][f"assyria-ship-x{i}"] = {"kind": "ship", "nation": "assyria", "loc": "sz_gulf_north",
                                                "red": False, "army": None, "city": False, "hired": None}
    _fleet_prompt(view, "sealand")
    babylonia = Ranker(view, content())
    to, reason = babylonia.score({"id": "to:sz_gulf_north", "label": "aw.act.fleet_to",
                                  "params": {"zone": "sz_gulf_north", "ap": 0.5}})
    assert to < _score(babylonia, "stop", "fleet_stop")
    assert [p["key"] for p in reason] == ["aw.bot.fleet_to", "aw.bot.fleet_outnumbered"]


def test_6_16_d_land_units_go_ashore_but_not_into_a_far_stronger_enemy() -> None:
    """6.16.d: an Assyrian unit aboard in the Cilician zone is set down (ashore beats aboard) in a friendly port;
    6.16.e: not where a far stronger enemy force stands (an amphibious assault it would lose)."""
    view = _view("assyria", aps=3)
    view["pieces"]["assyria-li3-6"]["loc"] = "cargo:sz_cilicia"
    view["pieces"]["assyria-li3-6"]["aboard"] = "phoenicia-ship-1"
    _fleet_prompt(view, "sz_cilicia")
    assyria = Ranker(view, content())
    stop = _score(assyria, "stop", "fleet_stop")
    assert _score(assyria, "land:tarsus", "land", area="tarsus", zone="sz_cilicia") > stop
    for p in [*view["pieces"].values(), *view["stacks"]]:  # Babylon's host (fogged: its stacks) lands in Adana
        if p.get("loc") == "babylon":
            p["loc"], p["city"] = "adana", False
    assyria = Ranker(view, content())
    land, reason = assyria.score({"id": "land:adana", "label": "aw.act.land",
                                  "params": {"area": "adana", "zone": "sz_cilicia"}})
    assert land < stop
    assert reason[-1]["key"] == "aw.bot.far_stronger"


def test_6_16_d_a_force_boards_only_for_a_better_target_than_its_march() -> None:
    """A force boards when the sea takes it somewhere better than its land moves; with no AP to sail, the sea
    takes it nowhere, so boarding scores below ending the impulse."""
    view = _view("babylonia", aps=0)
    _fleet_prompt(view, "sealand")
    babylonia = Ranker(view, content())
    board = _score(babylonia, "board:babylonia-nabu_bel_shumati", "board", force="babylonia-nabu_bel_shumati",
                   zone="sealand", n=4)
    assert board < _score(babylonia, "stop", "fleet_stop")


def test_7_3_3_a_ships_back_from_a_trade_box_return_where_the_box_is_entered_from() -> None:
    """7.3.3.a: the owner chooses the zone its ships return to from a Trade Box; the bot takes the one the box
    is entered from, so the next move enters it again (chance chose before)."""
    elam = Ranker(_view("elam"), content())
    back = {z: _score(elam, f"port:{z}", "ship_return", zone=z, n=1) for z in ("sz_gulf_east", "sealand")}
    assert back["sz_gulf_east"] > back["sealand"]

