"""Cards (2.3, 3.2, 6.11) and the vocabulary of structured card effects.

A card's ``effect`` is a list of operations, each a small model told apart by its ``op`` field (a
pydantic discriminated union). The card-events code implements one handler per ``op``; no handler
needs the card's prose. Conventions:

* ``own``/``enemy`` sides are seen from the country that plays the card ("you", 6.11).
* ``self`` is the card-playing country; ``target`` is the country, force or area the player picks
  when playing the card (within what the op allows).
* Every op may carry a ``condition`` that must hold for the event to be playable (6.11: otherwise
  the card can only be played for its AP).
* ``duration`` says how long a modifier lasts; face-up cards also say so in ``Card.face_up``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .schema import ConnectionType, Id, Strict, UnitType

CardType = Literal[
    "disaster",
    "foreign_war",
    "alliance_breaker",
    "minor_city_pact",
    "battle",
    "battle_counter_measures",
    "counter_measures",
    "response",
    "political",
    "draw_pile",
    "move",
    "economic",
    "recruit",
    "sabotage",
    "permanent",
    "secret_diplomacy",
]
CardKind = Literal["home", "army_group", "deck"]
Side = Literal["own", "enemy"]
Duration = Literal[
    "this_battle",
    "this_round",
    "this_impulse",
    "next_impulse",
    "this_impulse_round",
    "this_turn",
    "permanent",
]
Condition = Literal[
    "attacking",
    "defending",
    "defending_in_own_home_area",
    "in_own_territory",
    "in_mede_home_territory",
    "besieging",
    "own_city_besieged",
    "target_has_ships_in_trade_box",
    "target_has_king",
    "power_was_conquered",
    "mede_eliminated",
    "mede_not_eliminated",
    "two_player_game",
    "babylonia_in_rebel_camp",
]
BattleKind = Literal["field", "siege", "assault", "standard_siege", "naval", "any"]
UnitFilter = Literal["all", "regulars", "mercenaries", "cavalry", "infantry", "bow", "heavy", "chariots", "ships"]
Trigger = Literal[
    "vp_battle",
    "enemy_enters_adjacent_area",
    "enemy_enters_your_area",
    "interception_declared",
    "evasion_declared",
    "battle_cards_revealed",
    "event_played",
    "siege_started",
    "hunger_siege_advanced",
    "city_damaged",
    "war_declared",
]
Pips = tuple[Annotated[int, Field(ge=1, le=12)], ...]

#: Words that may stand for areas in ``place_units.where`` (besides area ids).
AREA_SELECTORS: frozenset[str] = frozenset({"own_home_city", "own_home_area", "own_capital", "with_own_leader"})
#: Words that may stand for countries in ``move_diplomatic_marker.subjects`` and similar fields.
SUBJECT_SELECTORS: frozenset[str] = frozenset({"any_minor", "any_nomad", "any_minor_or_nomad"})
#: Off-map sides of foreign wars (6.11.b).
OFF_MAP_SIDES: frozenset[str] = frozenset({"lybia", "nubia", "nomads"})


class Dice(Strict):
    """``n`` dice of ``d`` sides plus ``plus``; a D3 is a D6 halved, rounded up (6.11.b)."""

    n: Annotated[int, Field(ge=1)] = 1
    d: Literal[3, 6] = 6
    plus: int = 0


class Op(Strict):
    """Fields shared by every effect operation."""

    condition: Condition | None = None


# -- cards and hands (6.11.g) -------------------------------------------------------------------


class DrawCards(Op):
    """Draw cards from the draw pile (or take the top ones of the discard pile) into the hand of the card's
    player, or of the country an earlier operation of the card targeted (6.11.g)."""

    op: Literal["draw_cards"]
    count: Annotated[int, Field(ge=1)]
    source: Literal["draw_pile", "discard_pile"] = "draw_pile"
    who: Literal["self", "target"] = "self"


class DiscardFrom(Op):
    """Discard cards (never home cards, 2.3) from hands; ``chooser`` picks them (6.11.g)."""

    op: Literal["discard_from"]
    whose: Literal["self", "target", "each_other_power"]
    count: Annotated[int, Field(ge=1)]
    chooser: Literal["owner", "card_player", "random"]


class TakeCard(Op):
    op: Literal["take_card"]
    count: Annotated[int, Field(ge=1)] = 1
    random: bool = True
    give_back: Annotated[int, Field(ge=0)] = 0


class LookAtHand(Op):
    op: Literal["look_at_hand"]


class CancelCard(Op):
    op: Literal["cancel_card"]
    card_types: tuple[CardType, ...] | Literal["any"]


class PassImpulse(Op):
    """Give up this impulse (no + card, no APs, 6.11.g) for a stronger next impulse."""

    op: Literal["pass_impulse"]
    next_impulse_bonus_ap: Annotated[int, Field(ge=0)] = 0
    next_impulse_extra_card: bool = False
    save_all_income: bool = False


class ExtraImpulse(Op):
    """An extra impulse once the next country's impulse is over, without AP income (6.18), never two
    impulses of one country in a row (3.3)."""

    op: Literal["extra_impulse"]
    when: Literal["after_next_impulse"] = "after_next_impulse"


# -- diplomacy and politics (6.9, 6.11.c, 6.11.c2, 6.11.f, 7.1, 7.4) ----------------------------


class MoveDiplomaticMarker(Op):
    """Move a marker on the diplomatic track; ``split`` lets the player divide the result between
    moving it down another power's track and up its own (6.11.c example)."""

    op: Literal["move_diplomatic_marker"]
    subjects: tuple[Id, ...]
    dice: Dice | None = None
    spaces: Annotated[int, Field(ge=1)] | None = None
    direction: Literal["up_own", "down_other", "split"]
    alliance_breaker: bool = False

    @model_validator(mode="after")
    def _amount(self) -> MoveDiplomaticMarker:
        if (self.dice is None) == (self.spaces is None):
            raise ValueError("give exactly one of 'dice' and 'spaces'")
        return self


class MinorCityPact(Op):
    op: Literal["minor_city_pact"]
    cities: tuple[Id, ...] | Literal["any"]


class AllyConqueredPower(Op):
    """8.4: Assyria allies a power it has conquered for the rest of the turn and controls it."""

    op: Literal["ally_conquered_power"]
    extra_ap: Annotated[int, Field(ge=0)]
    excluded: tuple[Id, ...] = ()


class CancelGracePeriod(Op):
    """End grace periods (7.1) of ``subject`` with ``other`` (any country, or one named)."""

    op: Literal["cancel_grace_period"]
    subject: Literal["target_power"] | Id
    other: Literal["any"] | Id = "any"


class AllowCampChange(Op):
    op: Literal["allow_camp_change"]
    who: Literal["self", "target_power"] | Id
    free_declaration_of_war: bool = True


class DeclareWar(Op):
    op: Literal["declare_war"]
    between: tuple[Id, Id] | Literal["self_and_target"]
    free: bool = True


class Truce(Op):
    """Neither may declare war on the other (and so attack it, 7.4.2) while the truce lasts (6.11.f)."""

    op: Literal["truce"]
    between: tuple[Id, Id]
    duration: Literal["this_impulse", "next_impulse", "this_turn", "permanent"]


class TributeStatus(Op):
    """A minor paying Assyria by a tribute check stops and is marked a refuser (5.2, card 98)."""

    op: Literal["tribute_status"]
    action: Literal["refuse"]
    subjects: tuple[Id, ...]


class Revolt(Op):
    """Place a revolt marker (7.5.2.d): never on a capital or an occupied city."""

    op: Literal["revolt"]
    target: Literal["enemy_city", "city_of_target_power"]


class CrownKing(Op):
    """Crown a king (6.3, 10.3): in your impulse a generic king marker on one of your leaders on the
    map; in the Interphase, at your succession, your timetable candidate succeeds without a die roll.
    ``either`` allows both, each at its time."""

    op: Literal["crown_king"]
    target: Literal["own_leader", "timetable_candidate", "either"]


class KingCheckModifier(Op):
    """A modifier on the next king candidate roll (10.3) of your power or of another power you pick;
    it lasts until that power's next succession (the card stays face up, 6.11.l)."""

    op: Literal["king_check_modifier"]
    target: Literal["self", "target_power"]
    amount: int


class SecretDiplomacyAction(Op):
    """A secret diplomacy action done at once (6.11.m, 7.5.2.g); fails on 2D6 of 9+."""

    op: Literal["secret_diplomacy_action"]
    objectives: tuple[Id, ...] | Literal["any"] = "any"


class NomadControl(Op):
    """The player plays the unallied tribes instead of the control roll (10.1.1) until the round ends."""

    op: Literal["nomad_control"]
    nations: tuple[Id, ...]
    duration: Literal["this_impulse_round"]


# -- forces and recruiting (6.1, 6.2, 6.11.j, 10.1) ---------------------------------------------


class AddUnitsToForcePool(Op):
    """Counters that enter the game by this card (counters.yaml ``entry: card``) join the force pool."""

    op: Literal["add_units_to_force_pool"]
    nation: Id
    counters: tuple[str, ...]


class PlaceUnits(Op):
    """Take units from a pool and place them; ``cost_per_strength`` 0 means free."""

    op: Literal["place_units"]
    max_units: Annotated[int, Field(ge=1)]
    max_unit_strength: Annotated[int, Field(ge=1)] | None = None
    unit_types: tuple[UnitType, ...] | None = None
    source: Literal["force_pool", "regroup_box"] = "force_pool"
    where: tuple[Id, ...]
    cost_per_strength: Annotated[float, Field(ge=0)] = 0


class BuildShips(Op):
    """Ships of your force pool placed in the named zones (those without enemy ships first, 6.16.a)."""

    op: Literal["build_ships"]
    max_ships: Annotated[int, Field(ge=1)]
    cost_per_ship: Annotated[float, Field(ge=0)]
    where: Literal["zone_of_friendly_port", "zone_of_own_home_port"] | tuple[Id, ...]


class HireMercenaries(Op):
    """Mercenaries from the game pool (``random``: drawn, else picked) or your own pool. At the usual price
    of 6.2 (½ AP per strength point) they join your mercenary pool for this turn; at a lower price they are
    hired at once, and drawn ones not hired go back to the game pool (docs/rules-decisions.md)."""

    op: Literal["hire_mercenaries"]
    count: Annotated[int, Field(ge=1)]
    source: Literal["game_pool", "own_pool"] = "game_pool"
    cost_per_strength: Annotated[float, Field(ge=0)] = 0.5
    random: bool = True


class NomadMercenaries(Op):
    """Arab or Aramaean nomads join your mercenary pool (10.1, cards 40 and 41); ``replaces_previous``: the
    tribe's units still in play leave the game first (card 40)."""

    op: Literal["nomad_mercenaries"]
    nation: Literal["arabs", "aramaeans"]
    exclusive: bool
    immune_to_cards: tuple[int, ...] = ()
    disband_in_interphase: bool
    replaces_previous: bool = True
    ignore_desert_attrition: bool = False
    rebuildable: bool = False


class ConvertMercenaries(Op):
    """Replace hired mercenaries by regular units of the same type and strength (6.11.j)."""

    op: Literal["convert_mercenaries"]
    max_units: Annotated[int, Field(ge=1)]
    cost_per_unit: Annotated[float, Field(ge=0)] = 0


class ResurrectPower(Op):
    op: Literal["resurrect_power"]
    nation: Id
    place_units: Annotated[int, Field(ge=0)]


# -- battle (6.7, 6.8, 6.11.d) ------------------------------------------------------------------


class BattleDice(Op):
    """Extra battle dice (6.7.3) for a side of the battle the card is played in (6.11.d)."""

    op: Literal["battle_dice"]
    side: Side
    amount: int
    rounds: Literal["first", "all"] = "first"
    battle: BattleKind = "field"


class CombatModifier(Op):
    """A combat factor modifier (6.7.2): ``own`` modifies the card player's units only (6.11 "your")."""

    op: Literal["combat_modifier"]
    side: Side
    amount: int
    units: UnitFilter = "all"
    rounds: Literal["first", "all"] = "all"
    battle: BattleKind = "field"


class RoutModifier(Op):
    """Extra routs a side suffers after the battle, beyond its leaders' rally (6.7.4.a)."""

    op: Literal["rout_modifier"]
    side: Side
    amount: int


class LeaderRatingModifier(Op):
    """The card player picks a leader of the battle whose action rating changes for this battle: for his
    battle dice (6.7.3) and for rallying routs (6.7.4.a)."""

    op: Literal["leader_rating_modifier"]
    side: Side
    action: int
    duration: Literal["this_battle"] = "this_battle"


class MercenariesDefect(Op):
    """Turncoats / Give Them What They Want (10.4.e): each enemy mercenary rolls a die."""

    op: Literal["mercenaries_defect"]
    success_on: Pips
    result: Literal["join_you", "leave_to_game_pool"]
    exempt: tuple[Id, ...] = ()


class CoordinatedAttack(Op):
    """Two to ``max_forces`` own or allied armies in different areas attack one enemy force together (6.7)."""

    op: Literal["coordinated_attack"]
    max_forces: Annotated[int, Field(ge=2)]


class CityDamage(Op):
    """Add city damage levels to the city besieged in this siege combat (positive, a battle card), or repair
    levels of the player's own damaged city (negative, a response to ``city_damaged``)."""

    op: Literal["city_damage"]
    amount: int
    target: Literal["besieged_city", "own_city"]

    @model_validator(mode="after")
    def _sign(self) -> CityDamage:
        if (self.target == "besieged_city") != (self.amount > 0) or self.amount == 0:
            raise ValueError("the besieged city takes damage (amount > 0); your own city is repaired (amount < 0)")
        return self


class CityBetrayal(Op):
    op: Literal["city_betrayal"]
    success_on: Pips


class HungerSiegeAdvance(Op):
    """6.8.1: in your impulse, raise the hunger siege number of a city you besiege by ``amount``; as a
    response to ``hunger_siege_advanced`` (``cancel_increase``), undo the increase just made to your city."""

    op: Literal["hunger_siege_advance"]
    amount: Annotated[int, Field(ge=1)] | Literal["cancel_increase"]


# -- movement (6.6, 6.11.h) ---------------------------------------------------------------------


class InterceptionModifier(Op):
    op: Literal["interception_modifier"]
    amount: int
    applies_to: Side


class EvasionModifier(Op):
    op: Literal["evasion_modifier"]
    amount: int
    applies_to: Side


class AutomaticInterception(Op):
    """6.6.9: one of your armies (or army groups) next to the area intercepts without a roll."""

    op: Literal["automatic_interception"]


class AutomaticEvasion(Op):
    """6.6.10: your forces in the area evade without a roll, into the city, to an adjacent friendly area, or
    wherever an evasion may go."""

    op: Literal["automatic_evasion"]
    destination: Literal["city", "adjacent_friendly", "any_legal"]


class PreventInterception(Op):
    """One force cannot be intercepted this impulse, or (``this_move``) on the areas of its free move."""

    op: Literal["prevent_interception"]
    scope: Literal["one_force_this_impulse", "this_move"]


class PreventEvasion(Op):
    """6.6.10: an evasion declared against your attack fails without a roll (a failed evasion)."""

    op: Literal["prevent_evasion"]


class IgnoreTerrain(Op):
    """No crossing attrition (1.3, 6.6.1) and/or no defenders' terrain battle dice (6.7.3) for these
    connections, for one force or all own forces this impulse."""

    op: Literal["ignore_terrain"]
    connection_types: tuple[ConnectionType, ...]
    effects: Literal["attrition", "battle_dice", "both"] = "both"
    scope: Literal["one_force_this_impulse", "all_own_forces_this_impulse"] = "one_force_this_impulse"


class FreeMove(Op):
    """One force's next ``max_areas`` steps this impulse cost ``ap_cost`` per area instead of the usual APs
    (6.6); with ``no_extra_attrition`` they cause no attrition for moving beyond four areas."""

    op: Literal["free_move"]
    max_areas: Annotated[int, Field(ge=1)]
    force: Literal["army", "army_or_army_group", "any_force"] = "army"
    no_extra_attrition: bool = True
    ap_cost: Annotated[float, Field(ge=0)] = 0


class LongMarch(Op):
    """No attrition for moving more than four areas (6.6) for one force this impulse."""

    op: Literal["long_march"]
    scope: Literal["one_force_this_impulse"] = "one_force_this_impulse"


# -- attrition, sabotage, disasters (6.6.1, 6.11.a, 6.11.k) ------------------------------------


class AttritionCheck(Op):
    op: Literal["attrition_check"]
    target: Literal[
        "enemy_force",
        "any_force",
        "all_forces_in_area",
        "besieging_force",
        "ships_of_target_in_one_zone",
    ]
    times: Annotated[int, Field(ge=1)] = 1
    hit_on: Pips = (6,)
    units: Literal["all", "regulars", "mercenaries"] = "all"


class EliminateLeader(Op):
    op: Literal["eliminate_leader"]
    target: Literal["enemy_leader", "enemy_leader_or_king"]
    success_on: Pips
    king_success_on: Pips = ()


class Pillage(Op):
    op: Literal["pillage"]
    levels: Annotated[int, Field(ge=1, le=2)]
    count: Annotated[int, Field(ge=1)] = 1
    target: Literal["enemy_area", "home_area_of_target"]


# -- economy and trade (6.8.4, 6.11.i, 6.15, 7.3) ----------------------------------------------


class DeportEco(Op):
    """Assyrian deportation (6.8.4): up to ``max_markers`` times an ECO -1 marker on a foreign city you
    control and an ECO +1 marker on one of your home cities (markers from the stock, 10.4.a)."""

    op: Literal["deport_eco"]
    max_markers: Annotated[int, Field(ge=1)] = 2
    source: Literal["controlled_foreign_city"] = "controlled_foreign_city"
    destination: Literal["own_home_city"] = "own_home_city"


class EcoMarker(Op):
    """Place ``count`` new ECO markers from the stock (6.8.4, 10.4.a): ``own_home_city`` a home city you
    hold; ``mede_far_east`` the Mede Far East box (ECO +1 only); ``target_city`` for ECO +1 a city you hold,
    for ECO -1 a city of an enemy at war with you; ``named`` one of ``areas``."""

    op: Literal["eco_marker"]
    marker: Literal["plus", "minus"]
    count: Annotated[int, Field(ge=1)] = 1
    where: Literal["own_home_city", "mede_far_east", "target_city", "named"]
    areas: tuple[Id, ...] = ()


class GainVP(Op):
    op: Literal["gain_vp"]
    amount: int


class GainAP(Op):
    """APs for this impulse: ``amount`` + ``dice`` + 1 ``per`` counted item, at most ``max``."""

    op: Literal["gain_ap"]
    amount: Annotated[int, Field(ge=0)] = 0
    dice: Dice | None = None
    per: Literal["own_ship_in_trade_box", "minor_paying_you_tribute"] | None = None
    max: Annotated[int, Field(ge=1)] | None = None


class TradeMarker(Op):
    """6.15: put back ``count`` of your removed trade markers, or remove ``count`` of another power's."""

    op: Literal["trade_marker"]
    action: Literal["return_own", "remove_other"]
    count: Annotated[int, Field(ge=1)] = 1


class FreeRaid(Op):
    """6.15 without AP cost: place a raider (``place_raider``), then ``attempts`` raids."""

    op: Literal["free_raid"]
    place_raider: bool = True
    attempts: Annotated[int, Field(ge=1)] = 1


# -- foreign wars (6.11.b) ---------------------------------------------------------------------

OffMap = Literal["lybia", "nubia", "nomads"]


class ForeignWar(Op):
    """Both sides commit 2 + D3 units; an off-map side mirrors the other (6.11.b)."""

    op: Literal["foreign_war"]
    sides: tuple[Id, Id]


class EndForeignWar(Op):
    op: Literal["end_foreign_war"]
    which: Literal["any"] = "any"


class Option(Strict):
    """One branch of a ``choose_one``; ``types`` says as which card type it is played."""

    label: str
    types: tuple[CardType, ...] = ()
    effect: tuple[Effect, ...]


class ChooseOne(Op):
    op: Literal["choose_one"]
    options: tuple[Option, ...]


# -- composition ----------------------------------------------------------------------------------

Effect = Annotated[
    DrawCards
    | DiscardFrom
    | TakeCard
    | LookAtHand
    | CancelCard
    | PassImpulse
    | ExtraImpulse
    | MoveDiplomaticMarker
    | MinorCityPact
    | AllyConqueredPower
    | CancelGracePeriod
    | AllowCampChange
    | DeclareWar
    | Truce
    | TributeStatus
    | Revolt
    | CrownKing
    | KingCheckModifier
    | SecretDiplomacyAction
    | NomadControl
    | AddUnitsToForcePool
    | PlaceUnits
    | BuildShips
    | HireMercenaries
    | NomadMercenaries
    | ConvertMercenaries
    | ResurrectPower
    | BattleDice
    | CombatModifier
    | RoutModifier
    | LeaderRatingModifier
    | MercenariesDefect
    | CoordinatedAttack
    | CityDamage
    | CityBetrayal
    | HungerSiegeAdvance
    | InterceptionModifier
    | EvasionModifier
    | AutomaticInterception
    | AutomaticEvasion
    | PreventInterception
    | PreventEvasion
    | IgnoreTerrain
    | FreeMove
    | LongMarch
    | AttritionCheck
    | EliminateLeader
    | Pillage
    | DeportEco
    | EcoMarker
    | GainVP
    | GainAP
    | TradeMarker
    | FreeRaid
    | ForeignWar
    | EndForeignWar
    | ChooseOne,
    Field(discriminator="op"),
]


OP_NAMES: tuple[str, ...] = tuple(
    sorted(
        model.model_fields["op"].annotation.__args__[0]  # type: ignore[union-attr]
        for model in Op.__subclasses__()
    )
)


# -- the card ------------------------------------------------------------------------------------


class Timing(Strict):
    """When the event may be played (6.11.d, 6.11.e, 6.7.1)."""

    when: Literal["own_impulse", "response", "battle", "battle_counter_measures", "counter_measures", "interphase"]
    trigger: Trigger | None = None

    @model_validator(mode="after")
    def _trigger(self) -> Timing:
        if (self.when == "response") != (self.trigger is not None):
            raise ValueError("a response needs a trigger, and only a response has one")
        return self


class FaceUp(Strict):
    """The card stays face up on the table while its effect lasts (4.1, 6.11.f, 6.11.l)."""

    until: Literal["end_of_impulse", "end_of_impulse_round", "end_of_turn", "end_of_game", "condition"]
    condition: str | None = None


class SecretDiplomacyAlternative(Strict):
    """The alternative secret diplomacy action any country may take with this card (6.11.m)."""

    objectives: tuple[Id, ...] | Literal["any"] = "any"
    fails_on: Pips = (9, 10, 11, 12)


PlayableBy = Literal["any", "any_power", "any_minor", "owner"] | tuple[Id, ...]


class Card(Strict):
    """One of the 110 cards: home card, army group card or draw-deck card."""

    number: Annotated[int, Field(ge=1)]
    name: str
    ap: Annotated[int, Field(ge=0)]
    plus: bool = False
    kind: CardKind
    types: tuple[CardType, ...]
    event_cost: Annotated[int, Field(ge=0)] = 0
    owner: Id | None = None
    playable_by: PlayableBy = "any"
    timing: tuple[Timing, ...] = ()
    face_up: FaceUp | None = None
    secret_diplomacy: SecretDiplomacyAlternative | None = None
    secret_diplomacy_table: Id | None = None
    text: str
    #: where the card comes from: "rule book 6.11.c", "German rules (full text)", "public-facts: ...",
    #: or "reconstructed: <from what>" (docs/cards-assyrian-wars.md)
    source: str | None = None
    effect: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _kind_fits(self) -> Card:
        if self.kind == "army_group":
            if self.owner is None or self.effect or self.types or self.timing:
                raise ValueError("an army group card has an owner and no event (2.3)")
            return self
        if self.kind == "home" and self.owner is None:
            raise ValueError("a home card needs an owner (2.3)")
        if self.kind == "deck" and self.owner is not None:
            raise ValueError("a draw-deck card has no owner")
        if not self.types:
            raise ValueError("a playable card needs at least one type (6.11)")
        if not self.effect:
            raise ValueError("a playable card needs an effect")
        if not self.timing:
            raise ValueError("a playable card needs a timing")
        return self


class CardsFile(Strict):
    cards: list[Card]


ChooseOne.model_rebuild()
Option.model_rebuild()
Card.model_rebuild()
CardsFile.model_rebuild()
