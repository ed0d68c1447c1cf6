"""The terminal table (``ashur play``): humans and bots at one terminal, hot-seat for several humans.

It knows no game: it shows the deciding role's view (through the game's terminal renderer), the
numbered legal actions with their rule numbers, and the log entries that role may read (as sentences,
through the game's message catalog). Commands: a number, ``undo``, ``save [FILE]``, ``log [N]``, ``view``,
``board`` (when the game offers a whole-board listing), ``help``, ``quit``.

Numbering (issue 16): the prompt's default is 1, the other choices follow sorted by kind (the head of the
action id) and then by label (numbers inside labels by value), so a list reads the same way every time
instead of in the engine's order. While a prompt lasts (until it is answered or undone) every action keeps
its number through ``view``, ``log``, ``board`` and refused input; an action that appears meanwhile gets a
new number after the others.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table as RichTable

from ashur import bots as botlib
from ashur.core import log as corelog
from ashur.core import savefile
from ashur.core.errors import AshurError, IllegalAction, SetupError
from ashur.core.i18n import render, render_entry
from ashur.core.registry import get_game
from ashur.core.replay import replay
from ashur.core.session import Match
from ashur.tools.simulate import derive

HELP = """Type the number of an action, or one of:
  undo         take back your last decision (not across dice, cards drawn, or another player's turn)
  save [FILE]  save the game (to FILE, or to the --save file)
  log [N]      show the last N log entries you may read (default 20)
  view         show the table again
  board        every area with its forces, and all the tracks
  help         this text
  quit         leave (the game is saved first when a save file is set; otherwise you are asked first)"""


def _natural(text: str) -> list[Any]:
    """A sort key that orders numbers inside labels by value ("Bid 2" before "Bid 10")."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part.lower()) for part in re.split(r"(\d+)", text)]


class Table:
    """A game at the terminal."""

    def __init__(self, match: Match, save_path: Path | None, lang: str, console: Console,
                 read: Callable[[str], str] | None = None) -> None:
        self.match = match
        self.game = match.game
        self.save_path = save_path
        self.lang = lang
        self.console = console
        self.read = read or (lambda prompt: console.input(escape(prompt)))
        self.catalog = {**self.game.messages("en"), **self.game.messages(lang)}
        self.bots = {role: botlib.make(seat.split(":", 1)[1], derive(match.seed, "bot", role))
                     for role, seat in match.seats.items() if seat.startswith("bot:")}
        self.seen: dict[str, int] = {}
        self.last_human: str | None = None
        self.show_seed = True
        self.numbers: dict[str, int] = {}
        self.numbers_of: tuple[Any, ...] | None = None
        self.saved_actions = len(match.actions) if save_path is not None else 0

    @classmethod
    def open(cls, game_id: str, scenario: str | None, seats: dict[str, str], seed: int | None,
             options: dict[str, str], load: Path | None, save: Path | None, lang: str,
             console: Console, read: Callable[[str], str] | None = None) -> Table:
        """A new game, or a saved one continued (`seats` given with --load replace the saved ones)."""
        if load is not None:
            data = savefile.load(load)
            if data.game != game_id:
                raise SetupError(f"{load} holds a game of {data.game}, not {game_id}")
            match = replay(data)
            for role, seat in seats.items():
                if role not in match.seats:
                    raise SetupError(f"unknown role {role!r} (roles: {', '.join(match.seats)})")
                match.seats[role] = seat
            return cls(match, save or load, lang, console, read)
        game = get_game(game_id)
        scen = scenario or next(iter(game.scenarios()))
        if not seats:
            from ashur.core.contract import check_scenario, resolve_options

            check_scenario(game, scen)
            first = game.roles(scen, resolve_options(game, options))[0]
            seats = {first: "human"}
        for seat in seats.values():
            if seat.startswith("bot:"):
                botlib.make(seat.split(":", 1)[1], 0)
        match = Match.new(game, scen, seed, options, seats)
        table = cls(match, save, lang, console, read)
        table.show_seed = seed is not None  # a secret seed stays secret (it would predict every card)
        return table

    # --- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        seed = f", seed {self.match.seed}" if self.show_seed else ""
        seats = ", ".join(f"{r}={s}" for r, s in self.match.seats.items())
        self.console.print(Panel(f"[bold]{self.game.name}[/] — scenario {self.match.scenario}{seed}\nseats: {seats}"
                                 "\nType 'help' for commands.", expand=False))
        while True:
            res = self.game.result(self.match.state)
            if res["over"]:
                self._show_end(res)
                return
            active = self.match.active()
            role = active[0]
            if self.match.seats.get(role) == "human":
                if not self._human_turn(role):
                    return
            else:
                self._bot_turn(role)

    def _bot_turn(self, role: str) -> None:
        actions = self.game.legal_actions(self.match.state, role)
        choice = self.bots[role].choose(self.game, self.match.state, role, actions)
        self.match.act(role, choice)
        self._autosave()

    def _human_turn(self, role: str) -> bool:
        humans = [r for r, s in self.match.seats.items() if s == "human"]
        if len(humans) > 1 and self.last_human not in (None, role):
            self.console.clear()
            self.read(f"Pass the table to {role} and press Enter ")
            self.console.clear()
        self.last_human = role
        self._show_new_log(role)
        self._show(role)
        while True:
            try:
                line = self.read(f"[{role}]> ").strip()
            except (EOFError, KeyboardInterrupt):
                self._autosave()
                self.console.print("\nbye")
                return False
            if not line:
                continue
            cmd, _, arg = line.partition(" ")
            cmd = cmd.lower()
            if cmd.isdigit():
                numbered = dict(self._numbered(role, self.game.view(self.match.state, role)))
                n = int(cmd)
                if n not in numbered:
                    shown = ", ".join(str(k) for k in sorted(numbered))
                    self.console.print(f"[red]there is no action {n}: choose one of {shown}[/]")
                    continue
                try:
                    self.match.act(role, numbered[n]["id"])
                except IllegalAction as exc:
                    self.console.print(f"[red]{exc}[/]")
                    continue
                self._autosave()
                return True
            if cmd in ("undo", "u"):
                try:
                    self.match.undo(role)
                except IllegalAction as exc:
                    self.console.print(f"[red]{exc.reason}[/]")
                    continue
                self._autosave()
                self.console.print("[yellow]undone[/]")
                self._show(role)
            elif cmd == "save":
                target = Path(arg) if arg else self.save_path
                if target is None:
                    self.console.print("[red]no save file: write 'save FILE' or start with --save FILE[/]")
                    continue
                try:
                    self.match.to_save().save(target)
                except OSError as exc:
                    self.console.print(f"[red]cannot save to {target}: {exc.strerror}[/]")
                    continue
                self.saved_actions = len(self.match.actions)
                self.console.print(f"saved to {target}")
            elif cmd == "log":
                n = int(arg) if arg.isdigit() else 20
                for _, entry in self.game.visible_log(self.match.state, role)[-n:]:
                    self.console.print(render_entry(entry, self.catalog), highlight=False, markup=False)
            elif cmd in ("view", "v"):
                self._show(role)
            elif cmd in ("board", "b"):
                self._show_board(role)
            elif cmd in ("help", "h", "?"):
                self.console.print(HELP, highlight=False, markup=False)
            elif cmd in ("quit", "q", "exit"):
                self._autosave()
                if self._unsaved():
                    try:
                        sure = self.read("The game is not saved and will be lost (type 'save FILE' to keep it). "
                                         "Quit anyway? [y/N] ").strip().lower()
                    except (EOFError, KeyboardInterrupt):
                        sure = "y"
                    if sure not in ("y", "yes"):
                        continue
                return False
            else:
                # typed an action id directly: allowed, and refused with its rule when illegal
                try:
                    self.match.act(role, line)
                except AshurError as exc:
                    self.console.print(f"[red]{exc}[/] — type 'help' for commands", highlight=False)
                    continue
                self._autosave()
                return True

    # --- display -------------------------------------------------------------------------------
    def _show(self, role: str) -> None:
        view = self.game.view(self.match.state, role)
        rendered = self.game.render_terminal(view, self.lang)
        if rendered is not None:
            self.console.print(rendered)
        prompt = view.get("prompt")
        if prompt:
            rule = f"rule {prompt['rule']}; " if prompt.get("rule") else ""
            numbers = {a["id"]: n for n, a in self._numbered(role, view)}
            default = f"default: {numbers[prompt['default']]}" if prompt.get("default") in numbers else ""
            self.console.print(f"[bold]{render(prompt['key'], prompt.get('params', {}), self.catalog)}[/] "
                               f"[dim]({rule}{default})[/]")
        for order in view.get("orders") or []:
            self.console.print(f"[dim]standing order {order['k']}: {order['name']} at {order['step']} prompts, "
                               f"rest of the {order['until']} (type {order['cancel']} to cancel it)[/]",
                               highlight=False)
        table = RichTable(show_header=False, box=None, pad_edge=False)
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        table.add_column(style="dim")
        for i, a in self._numbered(role, view):
            table.add_row(str(i), render(a["label"], a["params"], self.catalog), a["rule"])
        self.console.print(table)

    def _numbered(self, role: str, view: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
        """The legal actions with their numbers (the module docstring's rule), in number order."""
        actions = view.get("actions", [])
        prompt = view.get("prompt") or {}
        sig = (role, prompt.get("key"), prompt.get("rule"), len(self.match.actions))
        if sig != self.numbers_of:
            self.numbers_of, self.numbers = sig, {}
        default = prompt.get("default")
        fresh = [a for a in actions if a["id"] not in self.numbers]
        fresh.sort(key=lambda a: (a["id"] != default, a["id"].split(":", 1)[0],
                                  _natural(render(a["label"], a["params"], self.catalog)), a["id"]))
        top = max(self.numbers.values(), default=0)
        for a in fresh:
            top += 1
            self.numbers[a["id"]] = top
        return sorted(((self.numbers[a["id"]], a) for a in actions), key=lambda na: na[0])

    def _show_board(self, role: str) -> None:
        listing = self.game.render_terminal_board(self.game.view(self.match.state, role), self.lang)
        if listing is None:
            self.console.print("[dim]this game has no board listing[/]")
            return
        self.console.print(listing)

    def _unsaved(self) -> bool:
        """Whether leaving now loses decisions: no save file, or actions since the last save."""
        return bool(self.match.actions) and (self.save_path is None or self.saved_actions < len(self.match.actions))

    def _show_new_log(self, role: str) -> None:
        since = self.seen.get(role, 0)
        entries = self.game.visible_log(self.match.state, role, since)
        for _, entry in entries[-40:]:
            self.console.print("  " + render_entry(entry, self.catalog), highlight=False, markup=False,
                               style="dim")
        self.seen[role] = corelog.length(self.match.state)

    def _show_end(self, res: dict[str, Any]) -> None:
        scores = ", ".join(f"{r}: {s:g}" for r, s in sorted(res["scores"].items(), key=lambda kv: -kv[1]))
        winners = ", ".join(res["winners"]) or "nobody (a draw)"
        self.console.print(Panel(f"[bold]Game over[/] — {render(res['reason'], {}, self.catalog)}\n"
                                 f"winner: {winners}\nscores: {scores}", expand=False))
        self._autosave()

    def _autosave(self) -> None:
        if self.save_path is not None:
            try:
                self.match.to_save().save(self.save_path)
                self.saved_actions = len(self.match.actions)
            except OSError as exc:
                self.console.print(f"[red]cannot save to {self.save_path}: {exc.strerror}[/]")
