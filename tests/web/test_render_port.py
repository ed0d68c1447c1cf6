"""The web client renders game messages exactly as ``ashur.core.i18n`` does (issue 16 items 5, 7): the
log entries, prompts and action labels of a seeded game, in English, German and Japanese, rendered by the
JavaScript port in Chromium and by Python, must be the same text."""

from __future__ import annotations

import random
from typing import Any

from ashur.core.contract import resolve_options
from ashur.core.i18n import render, render_entry
from ashur.core.registry import get_game
from tests.web.conftest import WebServer


def _messages(steps: int = 400) -> tuple[list[dict[str, Any]], list[tuple[str, dict[str, Any]]]]:
    """The log entries and the (key, params) of prompts and action labels met in a seeded random game."""
    game = get_game("assyrian-wars")
    options = resolve_options(game, {})
    state = game.setup("two_rivers", 7, options, dict.fromkeys(game.roles("two_rivers", options), "human"))
    rng = random.Random(7)
    labels: list[tuple[str, dict[str, Any]]] = []
    for _ in range(steps):
        active = game.active(state)
        if not active:
            break
        role = active[0]
        view = game.view(state, role)
        if view.get("prompt"):
            labels.append((view["prompt"]["key"], view["prompt"].get("params") or {}))
        actions = game.legal_actions(state, role)
        labels.extend((a["label"], a["params"]) for a in actions[:6])
        state = game.act(state, role, rng.choice(actions)["id"])
    entries = [e for _, e in game.visible_log(state, "assyria")]
    # every rule of the renderer, whether or not the game above met it
    entries += [{"key": "aw.event_cancelled", "rule": "6.11",
                 "params": {"country": "elam", "card": 40, "cancelled": 41, "name": "x", "cancelled_name": "y"}},
                {"key": "aw.no_such_key", "params": {"a": [1, 2.0], "b": None, "c": True}},
                {"key": "aw.tribute_paid", "params": {"payer": None, "receiver": ["assyria", "elam", "mede"],
                                                      "amount": 2.0, "why": {"nineveh": True}}},
                {"key": "aw.card_ap", "params": {"country": "mede", "card": 999, "cards": [1, 2, 777]}},
                # numbered ids made in play (name.ag#), an unknown numbered id, off-map places
                {"key": "aw.group_dissolved", "params": {"group": "ag19", "owner": "assyria"}},
                {"key": "aw.control_changed", "params": {"area": "zz7", "old": None, "new": ["merc:egypt", "fw:52",
                                                                                            "trade:trade_gulf"]}}]
    return entries, labels


def test_the_javascript_renderer_matches_python(web: WebServer, page: Any) -> None:
    game = get_game("assyrian-wars")
    entries, labels = _messages()
    assert len(entries) > 100 and len(labels) > 300
    page.goto(f"{web.url}/")
    for lang in ("en", "de", "ja"):
        catalog = {**game.messages("en"), **game.messages(lang)}
        expected = [render_entry(e, catalog) for e in entries] + [render(k, p, catalog) for k, p in labels]
        got = page.evaluate(
            """async ([lang, entries, labels]) => {
                 const i18n = await import("/static/js/i18n.js");
                 const catalog = await i18n.loadMessages("assyrian-wars", lang);
                 return entries.map((e) => i18n.renderEntry(e, catalog))
                   .concat(labels.map(([k, p]) => i18n.renderMessage(k, p, catalog)));
               }""", [lang, entries, labels])
        mismatches = [(e, g) for e, g in zip(expected, got, strict=True) if e != g]
        assert not mismatches, f"{lang}: {len(mismatches)} differ, e.g. {mismatches[:3]}"
    assert page.errors == []


def test_the_javascript_reasons_match_python(web: WebServer, page: Any) -> None:
    """The bots' reasons (message parts of the game's catalog and, for the generic ones, of the table's): real
    reasons of a short heuristic game, a composite one, a tie and a reason kept as plain text render in the
    browser (``renderReason``) as the server renders them (``render_reason`` with its reason catalog)."""
    from ashur.core.contract import message
    from ashur.core.i18n import render_reason
    from ashur.server.routes_bots import reason_catalog
    from tests.bots.test_reasons import generic_reasons, real_reasons

    reasons: list[Any] = list(real_reasons("assyrian-wars", "two_rivers", 3, 120)[::7])
    reasons += [*generic_reasons(), [message("bot.why.no_preference", n=4)], "a reason kept as plain text",
                [message("aw.bot.move_to", area="kalhu", target=None, s="4.5"),
                 message("aw.bot.far_stronger", enemy="12.5"), message("aw.bot.declaring", war="urartu")]]
    assert len(reasons) > 50
    page.goto(f"{web.url}/")
    for lang in ("en", "de", "ja"):
        expected = [render_reason(r, reason_catalog("assyrian-wars", lang)) for r in reasons]
        got = page.evaluate(
            """async ([lang, reasons]) => {
                 const i18n = await import("/static/js/i18n.js");
                 await i18n.loadUi(lang);
                 const catalog = await i18n.loadMessages("assyrian-wars", lang);
                 return reasons.map((r) => i18n.renderReason(r, catalog));
               }""", [lang, reasons])
        mismatches = [(e, g) for e, g in zip(expected, got, strict=True) if e != g]
        assert not mismatches, f"{lang}: {len(mismatches)} differ, e.g. {mismatches[:3]}"
    assert page.errors == []
