"""The ``ashur`` command: play, simulate, arena, replay, fuzz, content, bench.

Bad input gets one clear line naming what is wrong (exit status 2) and loses nothing.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ashur.core import log as corelog
from ashur.core.contract import DEFAULT_BOT_KIND
from ashur.core.errors import AshurError, SaveFileError, SetupError
from ashur.core.registry import game_ids, get_game

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Ashur: a rules-enforced digital table for the strategy games of the ancient Near East.")
content_app = typer.Typer(no_args_is_help=True, help="Check, dump and draw a game's content data.")
app.add_typer(content_app, name="content")

out = Console()
err = Console(stderr=True)


def _fail(message: str, code: int = 2) -> None:
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)  # plain text, no markup
    raise typer.Exit(code)


def _pairs(items: list[str] | None, what: str) -> dict[str, str]:
    """Parse NAME=VALUE arguments."""
    result: dict[str, str] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise SetupError(f"{what} {item!r} must be written NAME=VALUE")
        result[name] = value
    return result


def _scenario(game_id: str, scenario: str | None) -> str:
    game = get_game(game_id)
    return scenario or next(iter(game.scenarios()))


def _game_setup(game: str, scenario: str | None, option: list[str] | None) -> tuple[str, dict[str, str]]:
    """The scenario (the game's first by default) and the options, checked before any game starts."""
    from ashur.core.contract import check_scenario, resolve_options

    g = get_game(game)
    scen = _scenario(game, scenario)
    check_scenario(g, scen)
    opts = _pairs(option, "option")
    resolve_options(g, opts)
    return scen, opts


# --------------------------------------------------------------------------------------------------
@app.command()
def games() -> None:
    """List the games."""
    for gid in game_ids():
        g = get_game(gid)
        out.print(f"[bold]{gid}[/]  {g.name}  (scenarios: {', '.join(g.scenarios())})")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, e.g. assyrian-wars")],
    scenario: Annotated[str | None, typer.Option(help="Scenario id (default: the game's first)")] = None,
    seat: Annotated[list[str] | None, typer.Option(help="ROLE=human or ROLE=bot:KIND (repeat)")] = None,
    seed: Annotated[int | None, typer.Option(help="Random seed (default: a fresh secret 128-bit seed)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE setup option")] = None,
    save: Annotated[Path | None, typer.Option(help="Save the game to FILE after every action")] = None,
    load: Annotated[Path | None, typer.Option(help="Continue the saved game in FILE")] = None,
    lang: Annotated[str, typer.Option(help="Language of the table: en, de, ja")] = "en",
) -> None:
    """Play at the terminal: humans and bots; several human seats play hot-seat."""
    from ashur.tui import Table

    try:
        table = Table.open(game, scenario, _pairs(seat, "seat"), seed, _pairs(option, "option"), load, save,
                           lang, out)
    except AshurError as exc:
        _fail(str(exc))
        return
    table.run()


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game id")],
    scenario: Annotated[str | None, typer.Option(help="Scenario id")] = None,
    games: Annotated[int, typer.Option(min=1, help="Number of games")] = 10,
    seed: Annotated[int, typer.Option(help="Base seed")] = 1,
    bots: Annotated[str, typer.Option(help="Bot kind for every seat")] = DEFAULT_BOT_KIND,
    jobs: Annotated[int, typer.Option(min=1, help="Processes")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    save_dir: Annotated[Path | None, typer.Option(help="Write every game as a save file here")] = None,
    max_decisions: Annotated[int, typer.Option(help="Step limit per game")] = 500_000,
    ray: Annotated[str | None, typer.Option("--ray", help=RAY_HELP)] = None,
) -> None:
    """Whole games between bots. The same arguments give the same result (apart from timings)."""
    from ashur import bots as botlib
    from ashur.tools import simulate as sim

    try:
        scen, opts = _game_setup(game, scenario, option)
        botlib.make(bots, 0)
        _check_ray(ray)
    except AshurError as exc:
        _fail(str(exc))
        return
    outcomes: list[sim.Outcome] = []
    start = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=as_json) as progress:
        task = progress.add_task(f"{game} {scen}", total=games)
        for o in sim.run_games(game, scen, games, seed, opts, bots, jobs, save_dir is not None, max_decisions,
                               ray):
            outcomes.append(o)
            if save_dir is not None:
                sim.save_outcome(o, save_dir, game, scen)
            progress.advance(task)
    summary = sim.summarize(outcomes, time.perf_counter() - start)
    if as_json:
        sys.stdout.write(json.dumps(summary, sort_keys=False) + "\n")
    else:
        out.print(f"{summary['games']} games, {summary['decisions']} decisions in {summary['seconds']} s")
        out.print(f"winners: {summary['winners']}")
        out.print(f"errors: {len(summary['errors'])}")
        for e in summary["errors"][:10]:
            out.print(f"  game {e['game']} (seed {e['seed']}): {e['error']}", highlight=False)
        out.print(f"digest: {summary['digest']}")
    if summary["errors"]:
        raise typer.Exit(1)


RAY_HELP = ("Play the games on Ray: a bare --ray starts a local Ray with --jobs CPUs; --ray ADDRESS (or "
            "--ray=ADDRESS) joins a running cluster, e.g. auto or ray://HOST:10001. Needs pip install "
            "'ashur[cluster]'")
_RAY_FLAGS = ("--ray",)


def _check_ray(ray: str | None) -> None:
    """--ray without Ray installed: SetupError saying how to install it (before any game starts)."""
    if ray is not None:
        from ashur.tools.cluster import import_ray

        import_ray()


def ray_argv(argv: list[str]) -> list[str]:
    """A bare ``--ray`` (last, or followed by another option) becomes ``--ray=local``: the option's value is
    optional on the command line (``--ray [ADDRESS]``), which the option parser cannot express."""
    from ashur.tools.cluster import LOCAL

    out: list[str] = []
    for i, arg in enumerate(argv):
        if arg in _RAY_FLAGS and (i + 1 == len(argv) or argv[i + 1].startswith("-")):
            out.append(f"{arg}={LOCAL}")
        else:
            out.append(arg)
    return out


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game id")],
    scenario: Annotated[str | None, typer.Option(help="Scenario id")] = None,
    bots: Annotated[str, typer.Option(help="Bot kinds, comma-separated (at least one)")] = "random,eager",
    games: Annotated[int, typer.Option(min=1, help="Number of games")] = 10,
    seed: Annotated[int, typer.Option(help="Base seed")] = 1,
    jobs: Annotated[int, typer.Option(min=1, help="Processes (or Ray CPUs with a bare --ray)")] = 1,
    ray: Annotated[str | None, typer.Option("--ray", help=RAY_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    max_decisions: Annotated[int, typer.Option(help="Step limit per game")] = 500_000,
    focus: Annotated[str | None, typer.Option(help="One seat plays this kind (rotated over the roles), every "
                                                   "other seat one of the other kinds of --bots")] = None,
) -> None:
    """Bot kinds against each other: every role plays every kind in rotation; win rates with Wilson 95 %
    intervals, VP averages, ratings and the games' statistics (docs/arena.md)."""
    from ashur import bots as botlib
    from ashur.tools import arena as ar

    try:
        scen, opts = _game_setup(game, scenario, option)
        kinds = [k.strip() for k in bots.split(",") if k.strip()]
        if not kinds or len(set(kinds)) != len(kinds):
            raise SetupError(f"--bots {bots!r} must name distinct bot kinds, e.g. random,eager")
        for k in kinds:
            botlib.make(k, 0)
        if focus is not None:
            focus = focus.strip()
            if focus not in kinds or len(kinds) < 2:
                raise SetupError(f"--focus {focus!r} must be one of the kinds of --bots, with at least one other "
                                 f"kind to play against, e.g. --bots {focus},random --focus {focus}")
        _check_ray(ray)
        roles = ar.roles_of(game, scen, opts)
    except AshurError as exc:
        _fail(str(exc))
        return
    outcomes: list[Any] = []
    start = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=as_json) as progress:
        task = progress.add_task(f"arena {game} {scen}", total=games)
        for o in ar.run_arena(game, scen, games, seed, opts, kinds, jobs, ray, max_decisions, focus):
            outcomes.append(o)
            progress.advance(task)
    summary = ar.summarize(outcomes, game, scen, roles, kinds, time.perf_counter() - start, focus=focus)
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
    else:
        _arena_tables(summary)
    if summary["errors"]:
        raise typer.Exit(1)


def _arena_tables(summary: dict[str, Any]) -> None:
    """The arena's report as Rich tables."""
    from rich.table import Table

    from ashur.tools.arena import flat

    def pct(r: dict[str, Any]) -> str:
        return "-" if r["win_rate"] is None else f"{100 * r['win_rate']:.1f} %"

    def ci(r: dict[str, Any]) -> str:
        lo, hi = r["wilson95"]
        return f"{100 * lo:.0f}-{100 * hi:.0f} %"

    def vp(r: dict[str, Any]) -> str:
        return "-" if r["vp_avg"] is None else f"{r['vp_avg']:.1f}"

    head = f"{summary['game']} {summary['scenario']}: {summary['games']} games"
    seats = Table(title=f"{head}, per role and bot kind")
    for col in ("role", "kind", "games", "wins", "win rate", "Wilson 95 %", "VP avg"):
        seats.add_column(col, justify="left" if col in ("role", "kind") else "right")
    for role, row in summary["per_role"].items():
        for kind, r in row.items():
            seats.add_row(role, kind, str(r["games"]), f"{r['wins']:g}", pct(r), ci(r), vp(r))
    out.print(seats)
    kinds = Table(title="per bot kind, all roles")
    for col in ("kind", "seats", "wins", "win rate", "Wilson 95 %", "VP avg", "rating"):
        kinds.add_column(col, justify="left" if col == "kind" else "right")
    for kind, r in summary["per_kind"].items():
        kinds.add_row(kind, str(r["games"]), f"{r['wins']:g}", pct(r), ci(r), vp(r), f"{summary['ratings'][kind]:.0f}")
    out.print(kinds)
    if "focus" in summary:
        fk = summary["focus"]["kind"]
        table = Table(title=f"focus: {fk} in one seat, the opponent kind in every other seat")
        for col in ("opponent", "role", "games", "wins", "win rate", "Wilson 95 %", "VP", "opp. won", "opp. VP"):
            table.add_column(col, justify="left" if col in ("opponent", "role") else "right")
        for opp, rows in summary["focus"]["vs"].items():
            for role, r in [*rows["per_role"].items(), ("all", rows["all"])]:
                opv = "-" if r["opponent_vp_avg"] is None else f"{r['opponent_vp_avg']:.1f}"
                table.add_row(opp, role, str(r["games"]), f"{r['wins']:g}", pct(r), ci(r), vp(r),
                              f"{r['opponent_wins']:g}/{r['opponent_seats']}", opv)
        out.print(table)
    stats = summary["statistics"]
    if stats["total"]:
        table = Table(title="game statistics (Game.report)")
        for col in ("figure", "total", "per game"):
            table.add_column(col, justify="left" if col == "figure" else "right")
        means = dict(flat(stats["mean"]))
        for name, total in flat(stats["total"]):
            table.add_row(name, f"{total:g}", f"{means[name]:g}")
        out.print(table)
    out.print(f"{summary['decisions']} decisions in {summary['seconds']} s; errors: {len(summary['errors'])}")
    for e in summary["errors"][:10]:
        out.print(f"  game {e['game']} (seed {e['seed']}): {e['error']}", highlight=False)
    out.print(f"digest: {summary['digest']}")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A save file (*.ashur.json)")],
    check: Annotated[bool, typer.Option(help="Also run the fuzzer's checks at every step")] = False,
    quiet: Annotated[bool, typer.Option(help="Do not print the log")] = False,
    lang: Annotated[str, typer.Option(help="Language of the log")] = "en",
) -> None:
    """Rebuild a saved game, checking every action was legal, and print its log."""
    from ashur.core import savefile
    from ashur.core.i18n import render_entry
    from ashur.core.replay import replay as do_replay
    from ashur.tools.fuzz import replay_checked

    try:
        save = savefile.load(file)
        match = replay_checked(save) if check else do_replay(save)
    except SaveFileError as exc:
        _fail(str(exc))  # names the file, the line and the field
        return
    except AshurError as exc:
        _fail(f"{file}: {exc}")
        return
    except AssertionError as exc:
        _fail(f"{file}: check failed: {exc}", 1)
        return
    g = match.game
    if not quiet:
        catalog = {**g.messages("en"), **g.messages(lang)}
        for entry in corelog.entries(match.state):
            out.print(render_entry(entry, catalog), highlight=False, markup=False)
    res = g.result(match.state)
    status = "over" if res["over"] else "in progress"
    out.print(f"replayed {len(save.actions)} actions of {save.game} ({save.scenario}); game {status}"
              + (f"; winners: {', '.join(res['winners']) or 'none'}" if res["over"] else ""))


@app.command()
def fuzz(
    game: Annotated[str, typer.Argument(help="Game id")],
    games: Annotated[int, typer.Option(min=1, help="Games per scenario")] = 10,
    seed: Annotated[int, typer.Option(help="Base seed")] = 1,
    scenario: Annotated[str, typer.Option(help="Scenario id or 'all'")] = "all",
    jobs: Annotated[int, typer.Option(min=1, help="Processes")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
    every: Annotated[int, typer.Option(min=1, help="Run view and leak checks every N steps")] = 1,
    sample: Annotated[int, typer.Option(min=1, help="Run the per-action checks (determinism, undo, JSON round "
                                        "trip, invariants) every N steps; the steps between are played in "
                                        "place (for fuzzing at scale)")] = 1,
    max_steps: Annotated[int, typer.Option(help="Step limit per game")] = 200_000,
    out_dir: Annotated[Path, typer.Option(help="Where failing games are written")] = Path("fuzz-failures"),
    slow_ms: Annotated[float, typer.Option(min=0, help="Report decisions (legal_actions + act) taking "
                                           "more than this many milliseconds of CPU time")] = 250.0,
    slow_fail: Annotated[bool, typer.Option(help="A slow decision fails the game (default: only reported)")
                         ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
) -> None:
    """Random legal play with the fuzzer's checks; failing games are written as replayable save files.

    Decisions slower than --slow-ms are reported as findings; they fail the run only with --slow-fail.
    """
    from concurrent.futures import ProcessPoolExecutor

    from ashur.core.contract import check_scenario, resolve_options
    from ashur.tools import fuzz as fz

    try:
        g = get_game(game)
        scenarios = list(g.scenarios()) if scenario == "all" else [scenario]
        for s in scenarios:
            check_scenario(g, s)
        opts = _pairs(option, "option")
        resolve_options(g, opts)
    except AshurError as exc:
        _fail(str(exc))
        return
    tasks = [(game, s, seed, i, opts, max_steps, every, slow_ms, slow_fail, sample) for s in scenarios
             for i in range(games)]
    results: list[fz.FuzzResult] = []
    start = time.perf_counter()
    with Progress(TextColumn("[bold]fuzz {task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err) as progress:
        task = progress.add_task(game, total=len(tasks))
        if jobs <= 1:
            it: Any = map(fz.fuzz_one, tasks)
            for r in it:
                results.append(r)
                progress.advance(task)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for r in pool.map(fz.fuzz_one, tasks, chunksize=1):
                    results.append(r)
                    progress.advance(task)
    failures = [r for r in results if r.failure]
    stats: dict[str, int] = {}
    for r in results:
        for k, v in r.stats.items():
            stats[k] = stats.get(k, 0) + v
    seconds = time.perf_counter() - start
    slow = sorted(({"scenario": r.scenario, "game": r.index, "seed": r.seed, **s} for r in results for s in r.slow),
                  key=lambda s: -s["ms"])
    paths = {id(r): fz.write_failure(r, out_dir, game) for r in failures}
    if as_json:
        sys.stdout.write(json.dumps({
            "games": len(results), "decisions": sum(r.decisions for r in results), "seconds": round(seconds, 3),
            "stats": stats, "slow_ms": slow_ms, "slow": slow[:50],
            "failures": [{"scenario": r.scenario, "game": r.index, "seed": r.seed, "failure": r.failure,
                          "save": str(paths[id(r)])} for r in failures],
        }) + "\n")
    else:
        out.print(f"fuzzed {len(results)} games, {sum(r.decisions for r in results)} decisions in "
                  f"{seconds:.1f} s; checks: {stats}")
        if slow:
            out.print(f"[yellow]slow decisions[/] (over {slow_ms:g} ms): {stats.get('slow', len(slow))}; the slowest:",
                      highlight=False)
            for s in slow[:5]:
                out.print(f"  {s['scenario']} game {s['game']} step {s['step']} ({s['role']}: {s['action']}): "
                          f"{s['ms']} ms", highlight=False)
    for r in failures:
        err.print(f"[bold red]FAIL[/] {r.scenario} game {r.index}: {r.failure}  ->  {paths[id(r)]}",
                  highlight=False)
    if failures:
        raise typer.Exit(1)
    if not as_json:
        out.print("[green]no failures[/]")


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="Game id")],
    scenario: Annotated[str | None, typer.Option(help="Scenario id")] = None,
    games: Annotated[int, typer.Option(min=1, help="Games to play")] = 3,
    seed: Annotated[int, typer.Option(help="Base seed")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    profile: Annotated[int, typer.Option(min=0, help="Run under cProfile and print the top N functions")] = 0,
) -> None:
    """Measure decisions per second, games per minute, costs of view/act/clone/JSON, and memory."""
    from ashur.tools.bench import bench as run_bench

    try:
        scen, opts = _game_setup(game, scenario, option)
    except AshurError as exc:
        _fail(str(exc))
        return
    report = run_bench(game, scen, games, seed, opts, profile=profile)
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
        return
    out.print(f"[bold]{game}[/] {scen}: {report['games']} games, {report['decisions']} decisions, "
              f"{report['seconds']} s")
    out.print(f"  decisions/s: {report['decisions_per_second']}   games/min: {report['games_per_minute']}")
    for k, v in report["median_us"].items():
        out.print(f"  median {k}: {v} µs")
    out.print(f"  state size: median {report['state_bytes_median']} bytes, max {report['state_bytes_max']} bytes "
              f"(log: {report['log_entries_max']} entries beside it)   peak RSS: {report['peak_rss_mb']} MB")
    for title, rows in report.get("profile", {}).items():
        out.print(f"  [bold]{title.replace('_', ' ')}[/] (under the profiler)")
        for row in rows:
            out.print(f"    {row['own_s']:8.3f} s own {row['cumulative_s']:8.3f} s cum {row['calls']:>9} calls  "
                      f"{row['function']}", highlight=False)


# --------------------------------------------------------------------------------------------------
@content_app.command("check")
def content_check(game: Annotated[str, typer.Argument(help="Game id")]) -> None:
    """Load the content data and run every cross-check."""
    try:
        problems = get_game(game).content_check()
    except AshurError as exc:
        _fail(str(exc))
        return
    for p in problems:
        err.print(f"[red]✗[/] {p}", highlight=False)
    if problems:
        raise typer.Exit(1)
    out.print(f"[green]content of {game} is valid[/]")


@content_app.command("dump")
def content_dump(
    game: Annotated[str, typer.Argument(help="Game id")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (the only format)")] = True,
) -> None:
    """Print all content data."""
    try:
        data = get_game(game).content_dump()
    except AshurError as exc:
        _fail(str(exc))
        return
    sys.stdout.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


@content_app.command("map")
def content_map(
    game: Annotated[str, typer.Argument(help="Game id")],
    svg: Annotated[Path, typer.Option(help="Write the map as SVG to FILE")],
) -> None:
    """Draw the map."""
    try:
        text = get_game(game).content_map_svg()
    except AshurError as exc:
        _fail(str(exc))
        return
    svg.write_text(text, encoding="utf-8")
    out.print(f"wrote {svg}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="Database URL (default: $ASHUR_DB or sqlite:///ashur.db)")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (SQLite or PostgreSQL)")] = 1,
    dev: Annotated[bool, typer.Option(help="Development mode: chosen seeds allowed")] = False,
) -> None:
    """Run the game server (HTTP API and websockets); the database schema is brought up to date first."""
    import os

    import uvicorn

    from ashur.server.db import migrate
    from ashur.server.settings import get_settings

    if db is not None:
        os.environ["ASHUR_DB"] = db
    if dev:
        os.environ["ASHUR_DEV"] = "1"
    if host in ("127.0.0.1", "localhost", "::1"):
        os.environ.setdefault("ASHUR_GUESTS", "1")
    get_settings.cache_clear()
    settings = get_settings()
    if workers < 1:
        _fail("--workers is at least 1")
    migrate(settings.db)
    shown_host = f"[{host}]" if ":" in host else host
    out.print(f"Ashur serves on http://{shown_host}:{port}/ - open it in a browser to play "
              "(API: /docs, /openapi.json)", highlight=False)
    sys.stdout.flush()
    uvicorn.run("ashur.server.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level="warning", timeout_graceful_shutdown=5)


def main() -> None:
    """Entry point of the console script: AshurError becomes one red line and exit status 2."""
    try:
        app(args=ray_argv(sys.argv[1:]))
    except AshurError as exc:
        err.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(2)


if __name__ == "__main__":
    main()
