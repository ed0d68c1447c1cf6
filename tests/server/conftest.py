"""Fixtures: a REAL server process (``ashur serve`` on a free loopback port) on SQLite, and on a real
PostgreSQL cluster made in a temporary folder (``initdb``/``pg_ctl`` as a non-root user)."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PG_USER = "ashurpg"
STARTUP = 120.0  # seconds a server (or PostgreSQL) may take to answer; a limit, not an assertion
_db_numbers = count(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if found:
        return found[-1]
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"PostgreSQL's {name} is not installed (scripts/test.sh installs it)")
    return path


def _as_pg_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    if subprocess.run(["id", "-u", PG_USER], capture_output=True).returncode != 0:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER],
                       check=True)
    return ["runuser", "-u", PG_USER, "--", *cmd]


class Postgres:
    """A throwaway PostgreSQL cluster listening on a free loopback port."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="ashur-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        user = PG_USER if os.geteuid() == 0 else os.environ.get("USER", "postgres")
        if os.geteuid() == 0:
            _as_pg_user(["true"])
            shutil.chown(self.dir, PG_USER)
        self.user = user
        subprocess.run(_as_pg_user([_pg_bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", user,
                                    "-E", "UTF8", "--no-sync"]), check=True, capture_output=True)
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(_as_pg_user([_pg_bin("pg_ctl"), "-D", str(self.data), "-o", opts, "-l",
                                    str(self.dir / "log"), "-w", "-t", str(int(STARTUP)), "start"]),
                       check=True, capture_output=True)

    def url(self, dbname: str) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{dbname}"

    def new_database(self) -> str:
        import psycopg

        name = f"ashur_test_{next(_db_numbers)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(_as_pg_user([_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    pg = Postgres()
    yield pg
    pg.stop()


class Server:
    """``ashur serve`` in a child process; `kill` sends SIGKILL, `start` runs it again on the same database."""

    def __init__(self, db_url: str, workers: int = 1, *, guests: bool = False) -> None:
        self.db_url = db_url
        self.guests = guests
        self.workers = workers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = Path(tempfile.mkstemp(prefix="ashur-server-", suffix=".log")[1])

    def start(self) -> None:
        env = dict(os.environ, ASHUR_PLUGINS="tests.core.tinygame:GAME", PYTHONPATH=str(ROOT),
                   ASHUR_SECRET="test-secret", ASHUR_STRICT_COW="1", ASHUR_LOGIN_LIMIT="5",
                   ASHUR_SWEEP_SECONDS="0.3", ASHUR_GUESTS="1" if self.guests else "0")
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "ashur.cli", "serve", "--port", str(self.port), "--db", self.db_url,
                 "--dev", "--workers", str(self.workers)], cwd=ROOT, env=env, stdout=out, stderr=out,
                start_new_session=True)
        deadline = time.monotonic() + STARTUP
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/api/catalog", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL the server and its workers, as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=120)


def make_db(backend: str, tmp: Path, postgres_factory: object) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp / 'ashur.db'}"
    return postgres_factory.new_database()  # type: ignore[attr-defined]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server shared by a module's tests, once on SQLite and once on PostgreSQL."""
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    srv = Server(make_db(request.param, tmp_path_factory.mktemp("db"), pg))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A server of one test's own (which may kill it)."""
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    srv = Server(make_db(request.param, tmp_path, pg))
    srv.start()
    yield srv
    srv.stop()
