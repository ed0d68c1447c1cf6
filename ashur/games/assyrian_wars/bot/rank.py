"""The heuristic bot's ranking of Assyrian Wars (issue 17): a score and a one-line reason per legal action,
from the role's view only (:mod:`.features`) and the weights of ``weights.yaml``.

A reason is a :data:`~ashur.core.contract.Reason`: message parts ``aw.bot.*`` of the game's catalogs
(``messages/<lang>/bot.yaml``), so that each reader reads it in their own language; numbers go in formatted
as they are shown (:func:`num`, :func:`pct`, :func:`signed`), ids as ids (the catalog names them).

The goals are those the rules reward: take and hold cities (sieges laid and carried on, 6.8; assaults when
the odds are good, 6.8.2; garrisons; VP of cities, 8.3), battles worth VP when the odds favour them (6.7),
interception and evasion by the odds (6.6.9, 6.6.10), ECO gains (2 VP each at the end, 8.3), the trade boxes
(6.16.3), card events rather than APs (6.11), no impulse ended with APs unused when there is a good use
(3.1), no attack on much stronger stacks, no new wars for nothing (8.1). The odds are a strength ratio of
what the view shows (unseen pieces of a fogged stack at their country's average, 9.5): cheap, so a decision
stays well under the 50 ms the issue allows.

The ranking is in parts, one module each: :mod:`.rank_base` (reasons, weights, odds, the VP race),
:mod:`.rank_politics`, :mod:`.rank_war` and :mod:`.rank_cards`; :class:`Ranker` joins them and sends each
action to its part by the action's label (:data:`HANDLERS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.games.assyrian_wars.bot.features import bind
from ashur.games.assyrian_wars.bot.rank_base import Scored, why
from ashur.games.assyrian_wars.bot.rank_cards import CardScores
from ashur.games.assyrian_wars.bot.rank_naval import NavalScores
from ashur.games.assyrian_wars.bot.rank_war import WarScores


class Ranker(WarScores, CardScores, NavalScores):
    """Scores the actions of one view (features computed once)."""

    def rank(self, actions: list[dict[str, Any]]) -> list[Scored]:
        """The prompt's own answers first; then each standing order (``order:``) at the score of the answer
        it would stand for, lowered by ``standing_order``: the bot answers every prompt itself, and an order
        must never outrank that answer, nor be taken, when every answer is poor, for an answer the bot
        ranks lower still (an order to accept every peace offer where accepting is the worst answer)."""
        answers = {a["id"]: self.score(a) for a in actions if not a["id"].startswith("order:")}
        return [answers.get(a["id"]) or self._order(a, answers) for a in actions]

    def _order(self, a: dict[str, Any], answers: dict[str, Scored]) -> Scored:
        """A standing order at its answer's score less ``standing_order`` (a cancel, or an order whose answer
        is not offered, at ``standing_order`` alone)."""
        answer = answers.get(str((a.get("params") or {}).get("answer") or ""))
        if answer is None:
            return self.score(a)
        return answer[0] + self.w["standing_order"], why("standing_order")

    def score(self, a: dict[str, Any]) -> Scored:
        aid = a["id"]
        label = str(a.get("label") or "")
        params = a.get("params") or {}
        head = aid.split(":", 1)[0]
        handler = HANDLERS.get(label.removeprefix("aw.act."))
        if handler is not None:
            return handler(self, aid, params)
        if head == "order":
            return self.w["standing_order"], why("standing_order")
        if label.startswith("aw.act.ask."):
            return self.ask(aid, label, params)
        return self.by_prefix(aid, params)


Handler = Callable[[Ranker, str, dict[str, Any]], Scored]
HANDLERS: dict[str, Handler] = {
    "card_ap": Ranker.card_ap, "card_event": Ranker.card_event, "end_impulse": Ranker.end,
    "move_force": Ranker.move_force, "forced_march": Ranker.move_force,
    "siege_assault": Ranker.siege, "siege_hunger": Ranker.siege, "siege_standard": Ranker.siege,
    "build": Ranker.build, "rebuild": Ranker.build, "hire": Ranker.build, "rehire": Ranker.build,
    "buy_merc": Ranker.build, "recruit.hire": Ranker.build, "recruit.place_unit": Ranker.build,
    "recruit.pick_merc": Ranker.build,
    "eco_convert": Ranker.eco, "eco_city": Ranker.eco,
    "diplomacy": Ranker.diplomacy, "diplomacy_spaces": Ranker.diplo_spaces,
    "declare_war": Ranker.declare, "attack_peaceful": Ranker.declare,
    "declare_war_free": Ranker.declare,
    "move_to": Ranker.move_to, "move_to_dow": Ranker.move_to, "march_to": Ranker.move_to, "stop_move": Ranker.stop_move,
    "enter_city": Ranker.enter_city, "pick_up": Ranker.pickup, "drop_off": Ranker.drop,
    "intercept": Ranker.intercept, "evade": Ranker.evade, "evade_hasty": Ranker.evade,
    "sortie": Ranker.sortie, "sortie_impulse": Ranker.sortie,
    "losses_suggested": Ranker.suggested,
    "hit_piece": Ranker.take_hit, "rout_piece": Ranker.take_hit, "assign_hit": Ranker.take_hit,
    "odd_loss": Ranker.odd_loss, "fw_unit": Ranker.fw_unit, "garrison_hits": Ranker.garrison_hits,
    "choose_card": Ranker.window_card,
    "province": Ranker.province, "conquest_check": Ranker.conquest, "surrender": Ranker.surrender,
    "discard_excess": Ranker.discard, "discard_suggested": Ranker.discard, "retreat": Ranker.retreat,
    "tribute_pay": Ranker.tribute_pay, "tribute_refuse": Ranker.tribute_pay, "card_option": Ranker.card_option,
    "pick_subject": Ranker.pick_subject, "pick_towards": Ranker.pick_towards, "breaker_spaces": Ranker.breaker_spaces,
    "wars_attrition_target": Ranker.attrition_target, "moves_target": Ranker.coordinated_target,
    "card_eco_marker": Ranker.eco_marker, "place_eco_minus": Ranker.eco_loss, "remove_eco_plus": Ranker.eco_loss,
    "raider_unit": Ranker.raider_unit, "ambush": Ranker.ambush, "no_ambush": Ranker.ambush,
    "chariots_bow": Ranker.chariots, "chariots_heavy": Ranker.chariots,
    "moves_force": Ranker.move_force, "moves_with": Ranker.coordinated_with, "nomad_leave": Ranker.nomad_leave,
    "wars_pillage_country": Ranker.pillage_target, "wars_pillage_area": Ranker.pillage_target,
    "free_dow": Ranker.free_dow, "stop_tribute": Ranker.stop_tribute, "raid": Ranker.raid,
    "raid_target": Ranker.raid_target, "raider": Ranker.raider,
    "supply": Ranker.supply, "forage": Ranker.supply, "starve": Ranker.supply, "place_at": Ranker.place_at,
    "sell_merc": Ranker.sell_merc, "sell_merc_all": Ranker.sell_merc, "refuse_sale": Ranker.sell_merc,
    "refuse_sale_all": Ranker.sell_merc,
    "fleet_move": Ranker.fleet_move, "fleet_to": Ranker.fleet_to, "enter_box": Ranker.enter_box,
    "fleet_from_box": Ranker.leave_box, "leave_box": Ranker.leave_box, "contest_box": Ranker.contest_box,
    "board": Ranker.board, "land": Ranker.land, "land_dow": Ranker.land, "fleet_drop": Ranker.fleet_drop,
    "fleet_invite": Ranker.fleet_invite, "fleet_consent": Ranker.fleet_consent,
    "fleet_refuse": Ranker.fleet_consent, "fleet_stop": Ranker.fleet_stop, "repair": Ranker.repair,
    "ship_return": Ranker.ship_return, "loose_join": Ranker.loose_join, "group_commander": Ranker.group_commander,
    "relocate_to": Ranker.relocate_to, "relocate_forces": Ranker.relocate_forces,
    "join_camp": Ranker.join_camp, "change_camp": Ranker.join_camp,
}


def rank(view: dict[str, Any], actions: list[dict[str, Any]], content: Any) -> list[Scored]:
    """A score and a one-line reason (message parts ``aw.bot.*``) per action (same order):
    :meth:`ashur.core.contract.Game.rank_actions`;
    `content` is the game's public data (map, counters)."""
    bind(content)
    if not actions:
        return []
    return Ranker(view, content).rank(actions)
