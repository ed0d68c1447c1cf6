"""Bad requests get a 4xx with a reason, never a 500: 400/401/403/409/413/422, CSRF, the login limit."""

from __future__ import annotations

import secrets

import httpx

from tests.server.conftest import Server
from tests.server.helpers import create, register


def _tiny(server: Server) -> tuple[str, str, str]:
    user = register(server)
    made = create(server, user, {"game": "tiny", "seats": {"red": "human", "blue": "bot:random"}, "seed": 5})
    return user, made["id"], made["seats"]["red"]["token"]


def test_seat_endpoints_need_the_seats_token(server: Server) -> None:
    _user, gid, _red = _tiny(server)
    _user2, _other_gid, other_red = _tiny(server)
    anon = httpx.get(f"{server.url}/api/games/{gid}/view")
    assert anon.status_code == 401 and anon.json()["error"]
    assert server.client("s_nonsense").get(f"/api/games/{gid}/view").status_code == 401
    foreign = server.client(other_red).get(f"/api/games/{gid}/view")
    assert foreign.status_code == 403 and "another game" in foreign.json()["error"]
    assert server.client(other_red).post(f"/api/games/{gid}/actions", json={"action": "bid:0", "version": 0}
                                         ).status_code == 403
    assert httpx.get(f"{server.url}/api/games/nosuchgame").status_code == 404


def test_stale_versions_and_illegal_actions(server: Server) -> None:
    made = create(server, register(server), {"game": "tiny", "seats": {"red": "human", "blue": "human"}})
    gid, client = made["id"], server.client(made["seats"]["red"]["token"])
    version = 0
    illegal = client.post(f"/api/games/{gid}/actions", json={"action": "play:99", "version": version})
    assert illegal.status_code == 422
    body = illegal.json()
    assert set(body) == {"error", "rule"} and body["rule"] and "illegal action" in body["error"]
    ok = client.post(f"/api/games/{gid}/actions", json={"action": "bid:1", "version": version})
    assert ok.status_code == 200 and ok.json()["version"] == version + 1
    stale = client.post(f"/api/games/{gid}/actions", json={"action": "bid:1", "version": version})
    assert stale.status_code == 409 and "stale" in stale.json()["error"]
    weird = client.post(f"/api/games/{gid}/actions",
                        json={"action": "\u202e../../" * 20, "version": ok.json()["version"]})
    assert weird.status_code in (409, 422)


def test_malformed_and_oversized_bodies(server: Server) -> None:
    _user, gid, red = _tiny(server)
    headers = {"Authorization": f"Bearer {red}", "Content-Type": "application/json"}
    bad_json = httpx.post(f"{server.url}/api/games/{gid}/actions", content=b'{"action": ', headers=headers)
    assert bad_json.status_code == 400 and bad_json.json()["error"]
    wrong_type = httpx.post(f"{server.url}/api/games/{gid}/actions", json={"action": 5, "version": "0"},
                            headers=headers)
    assert wrong_type.status_code == 422 and wrong_type.json()["error"]
    extra = httpx.post(f"{server.url}/api/games/{gid}/actions", json={"action": "x", "version": 0, "z": 1},
                       headers=headers)
    assert extra.status_code == 422
    huge = httpx.post(f"{server.url}/api/games/{gid}/chat", json={"text": "x" * 200_000}, headers=headers)
    assert huge.status_code == 413 and huge.json()["error"]

    def chunks():  # no Content-Length: the limit applies while the body streams in
        for _ in range(100):
            yield b"x" * 4096

    streamed = httpx.post(f"{server.url}/api/games/{gid}/chat", content=chunks(), headers=headers)
    assert streamed.status_code == 413


def test_unknown_games_scenarios_options_and_seats(server: Server) -> None:
    user = register(server)
    client = server.client(user)
    cases = [
        {"game": "chess", "seats": {"white": "human"}},
        {"game": "tiny", "scenario": "nope", "seats": {"red": "human", "blue": "human"}},
        {"game": "tiny", "options": {"colour": 1}, "seats": {"red": "human", "blue": "human"}},
        {"game": "tiny", "options": {"target": "many"}, "seats": {"red": "human", "blue": "human"}},
        {"game": "tiny", "options": {"target": True}, "seats": {"red": "human", "blue": "human"}},
        {"game": "tiny", "seats": {"red": "human", "green": "human", "blue": "human"}},
        {"game": "tiny", "seats": {"red": "human"}},
        {"game": "tiny", "seats": {"red": "human", "blue": "bot:genius"}},
        {"game": "tiny", "seats": {"red": "robot", "blue": "human"}},
        {"game": "tiny", "seats": {"red": "bot:random", "blue": "bot:random"}},
        {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "pace": "glacial"},
        {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": "0x"},
        {"game": "tiny", "seats": ["red"]},
        {"seats": {}},
    ]
    for body in cases:
        r = client.post("/api/games", json=body)
        assert 400 <= r.status_code < 500 and r.json()["error"], (body, r.status_code, r.text)
    assert httpx.post(f"{server.url}/api/games", json=cases[0]).status_code == 401


def test_cookie_sessions_need_the_csrf_token(server: Server) -> None:
    name = f"c{secrets.token_hex(4)}"
    register(server, name)
    with httpx.Client(base_url=server.url) as browser:
        login = browser.post("/api/login", json={"name": name, "password": f"pw-{name}-pw"})
        assert login.status_code == 200 and login.json()["csrf"]
        cookie = login.headers["set-cookie"]
        assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
        assert browser.get("/api/me").json()["name"] == name
        body = {"game": "tiny", "seats": {"red": "human", "blue": "human"}}
        forged = browser.post("/api/games", json=body)
        assert forged.status_code == 403 and "CSRF" in forged.json()["error"]
        made = browser.post("/api/games", json=body, headers={"X-CSRF-Token": login.json()["csrf"]})
        assert made.status_code == 201
        # the user's own seats are reachable with the cookie, no seat token needed
        gid = made.json()["id"]
        assert browser.get(f"/api/games/{gid}/view", params={"role": "blue"}).json()["role"] == "blue"
        prof = browser.patch("/api/me", json={"lang": "de", "email": "a@b.example"},
                             headers={"X-CSRF-Token": login.json()["csrf"]})
        assert prof.status_code == 200 and prof.json()["lang"] == "de"
        assert browser.patch("/api/me", json={"lang": "fr"}, headers={"X-CSRF-Token": login.json()["csrf"]}
                             ).status_code == 422


def test_failed_logins_are_limited(server: Server) -> None:
    name = f"r{secrets.token_hex(4)}"
    register(server, name)
    codes = [httpx.post(f"{server.url}/api/login", json={"name": name, "password": "wrong-password"}).status_code
             for _ in range(6)]
    assert codes[:5] == [401] * 5 and codes[5] == 429
    right = httpx.post(f"{server.url}/api/login", json={"name": name, "password": f"pw-{name}-pw"})
    assert right.status_code == 429 and right.headers.get("retry-after")
    dup = httpx.post(f"{server.url}/api/register", json={"name": name.upper(), "password": "long enough"})
    assert dup.status_code == 409


def test_a_bot_kind_the_server_does_not_play_is_refused(server: Server) -> None:
    """The server plays the kinds of ``ASHUR_BOT_KINDS`` (random, eager, heuristic by default): a searching
    bot (``ismcts``, about a second a decision in the server's one bot thread) only where the operator
    adds it. The catalog lists the kinds played; any other, or bad parameters, get 422 with the reason."""
    catalog = httpx.get(f"{server.url}/api/catalog").json()
    assert {tuple(g["bots"]) for g in catalog} == {("random", "eager", "heuristic")}
    user = register(server)
    for seat, words in (("bot:ismcts", "not played on this server"), ("bot:ismcts?ms=100000", "not played"),
                        ("bot:nosuch", "not played"), ("bot:heuristic?ms=5", "")):
        got = httpx.post(f"{server.url}/api/games", headers={"Authorization": f"Bearer {user}"},
                         json={"game": "tiny", "seats": {"red": "human", "blue": seat}})
        assert got.status_code == 422 and words in got.json()["error"], (seat, got.text)
