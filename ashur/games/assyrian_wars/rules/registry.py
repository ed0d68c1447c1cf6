"""The flow registry and the plug-in points of the course of play.

The sequence of play (chapter 3, 5, 6.0, 6.18, 6.19, 7) is the frame; the other chapters plug into it:

* ``impulse_start``: run when a phasing country begins its impulse (6.10 maintenance, nomad pillage, ...);
* ``menu``: the actions on which a phasing country may spend APs (6.1–6.17) — each provider returns
  legal actions whose ids start with its prefix, and a handler carries them out;
* ``impulse_end`` and ``round_end``: clean-up (Used markers, foreign war duration, ...);
* ``interphase``: named slots of chapter 7 filled by the modules that own them.

Each entry is registered with an ``order`` so the sequence is deterministic whatever the import order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ashur.core.contract import Action
from ashur.core.flow import Flow

if TYPE_CHECKING:
    from ashur.games.assyrian_wars.ctx import Ctx

Frame = dict[str, Any]

FLOW: Flow[Ctx] = Flow()


@dataclass(frozen=True)
class MenuEntry:
    """A family of impulse actions: `offer` lists the legal ones, `apply` carries one out.

    `explain(ctx, impulse, action_id)` returns ``(reason, rule)`` for an id with this prefix that is not
    legal now, or None to fall back to the generic explanation.
    """

    prefix: str
    offer: Callable[[Ctx, Frame], list[Action]]
    apply: Callable[[Ctx, Frame, Action], None]
    explain: Callable[[Ctx, Frame, str], tuple[str, str] | None] | None = None
    order: int = 100
    #: offered also in an impulse without a card (6.0 exceptions: sieges, maintenance, foreign wars)
    when_passing: bool = False


@dataclass
class Hooks:
    """The plug-in points. Call the `add_*` methods at import time of a rules module."""

    impulse_start: list[tuple[int, str, Callable[[Ctx, Frame], None]]] = field(default_factory=list)
    impulse_end: list[tuple[int, str, Callable[[Ctx, Frame], None]]] = field(default_factory=list)
    round_end: list[tuple[int, str, Callable[[Ctx], None]]] = field(default_factory=list)
    turn_start: list[tuple[int, str, Callable[[Ctx], None]]] = field(default_factory=list)
    menu: dict[str, MenuEntry] = field(default_factory=dict)
    interphase: dict[str, tuple[int, Callable[[Ctx], None]]] = field(default_factory=dict)
    invariants: list[Callable[[Ctx], list[str]]] = field(default_factory=list)
    #: called after a war starts: fn(ctx, aggressor, target) — activation of minors (6.17), relocation
    #: (7.4.2), control of minors at war (7.4.5), ...
    war_declared: list[tuple[int, str, Callable[[Ctx, str, str], None]]] = field(default_factory=list)

    #: called after an area or its city changes control: fn(ctx, area, old, new) — conquest (7.1),
    #: tribute refuser punishment (7.4.4), provinces, revolts, ...
    control_changed: list[tuple[int, str, Callable[[Ctx, str, str | None, str | None], None]]] = field(
        default_factory=list)

    #: called after every battle: fn(ctx, record) with the battle's kind, area, winner side, the
    #: countries of both sides, hits and VPs — tribute-refuser punishment (7.4.4), foreign wars (6.11.b)
    battle_fought: list[tuple[int, str, Callable[[Ctx, dict[str, Any]], None]]] = field(default_factory=list)

    #: named upward calls: a module of a higher part (or the card events) provides a function by name at
    #: import time, a lower module calls it by that name without importing its provider (no import circle)
    provided: dict[str, Callable[..., Any]] = field(default_factory=dict)

    #: the menu in order, with the entries it was sorted from (sorted again only when they change)
    _menu_sorted: tuple[tuple[MenuEntry, ...], list[MenuEntry]] | None = field(default=None, repr=False,
                                                                               compare=False)

    def provide(self, name: str, fn: Callable[..., Any]) -> None:
        if name in self.provided:
            raise ValueError(f"{name!r} provided twice")
        self.provided[name] = fn

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Call the function provided as `name` (every rules module is imported by ``rules.load_all``)."""
        fn = self.provided.get(name)
        if fn is None:
            raise LookupError(f"nothing provides {name!r}: call rules.load_all() first")
        return fn(*args, **kwargs)

    def add_battle_fought(self, order: int, name: str, fn: Callable[[Ctx, dict[str, Any]], None]) -> None:
        self.battle_fought.append((order, name, fn))
        self.battle_fought.sort(key=lambda t: (t[0], t[1]))

    def add_control_changed(self, order: int, name: str,
                            fn: Callable[[Ctx, str, str | None, str | None], None]) -> None:
        self.control_changed.append((order, name, fn))
        self.control_changed.sort(key=lambda t: (t[0], t[1]))

    def notify_control_changed(self, ctx: Ctx, area: str, old: str | None, new: str | None) -> None:
        for _order, _name, fn in self.control_changed:
            fn(ctx, area, old, new)

    def add_war_declared(self, order: int, name: str, fn: Callable[[Ctx, str, str], None]) -> None:
        self.war_declared.append((order, name, fn))
        self.war_declared.sort(key=lambda t: (t[0], t[1]))

    def add_impulse_start(self, order: int, name: str, fn: Callable[[Ctx, Frame], None]) -> None:
        self.impulse_start.append((order, name, fn))
        self.impulse_start.sort(key=lambda t: (t[0], t[1]))

    def add_impulse_end(self, order: int, name: str, fn: Callable[[Ctx, Frame], None]) -> None:
        self.impulse_end.append((order, name, fn))
        self.impulse_end.sort(key=lambda t: (t[0], t[1]))

    def add_round_end(self, order: int, name: str, fn: Callable[[Ctx], None]) -> None:
        self.round_end.append((order, name, fn))
        self.round_end.sort(key=lambda t: (t[0], t[1]))

    def add_turn_start(self, order: int, name: str, fn: Callable[[Ctx], None]) -> None:
        self.turn_start.append((order, name, fn))
        self.turn_start.sort(key=lambda t: (t[0], t[1]))

    def add_menu(self, entry: MenuEntry) -> None:
        if entry.prefix in self.menu:
            raise ValueError(f"menu prefix {entry.prefix!r} registered twice")
        self.menu[entry.prefix] = entry

    def menu_entries(self) -> list[MenuEntry]:
        """The menu's entries by order, then prefix (the caller must not change the list)."""
        entries = tuple(self.menu.values())
        found = self._menu_sorted
        if found is None or found[0] != entries:
            found = self._menu_sorted = (entries, sorted(entries, key=lambda e: (e.order, e.prefix)))
        return found[1]

    def set_interphase(self, slot: str, order: int, fn: Callable[[Ctx], None]) -> None:
        """Fill an Interphase slot (see :data:`INTERPHASE_SLOTS`)."""
        if slot not in INTERPHASE_SLOTS:
            raise ValueError(f"unknown interphase slot {slot!r}")
        self.interphase[slot] = (order, fn)

    def add_invariant(self, fn: Callable[[Ctx], list[str]]) -> None:
        self.invariants.append(fn)


#: the Interphase in the order of 7.0 (7.3 split into its parts; see docs/rules-decisions.md)
INTERPHASE_SLOTS = (
    "7.1 conquest",
    "7.2 promotion",
    "7.3.3.e eco level",
    "7.3.3.d trade clean-up",
    "7.3.2 cards",
    "8.3.1 penalties",
    "9.1 sudden end",
    "7.4 politics",
    "7.5 secret diplomacy",
    "7.6 timetable",
    "7.7 relocation",
)
#: the slots still carried out after a sudden end (9.1 skips the political and timetable changes; after the
#: last turn every slot runs, 3.7, unless the option ``pre14_readings`` of older saves is set)
FINAL_SLOTS = ("7.1 conquest", "7.2 promotion", "7.3.3.e eco level", "7.3.3.d trade clean-up", "8.3.1 penalties")

HOOKS = Hooks()
