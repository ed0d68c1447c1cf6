"""Names for the message catalogs, generated from the content data (issue 16: typed once, in the content).

English gets ``name.<id>`` for every area, sea zone, nation, trade box, raid box and king, and
``card.<n>.name`` / ``card.<n>.text`` for every card, straight from the content files; other languages
bring their own translations of these in their ``messages/<lang>/*.yaml``.

Every language gets ``name.<counter id>`` for every counter, built from its own templates (English ones
where it lacks them): ``piece.unit`` (``{type}``, ``{strength}``, ``{nation}``), ``piece.merc``,
``piece.leader`` (``{name}``, ``{nation}``), ``piece.king`` and ``piece.ship`` (``{nation}``, ``{n}``), and
``piece.type.<hi|li|hc|lc|hb|b|ch>``; and ``name.card<n>`` (``#<n> <card name>``) for every card.
So a log entry naming a piece id reads as the counter's name
(``i18n.render`` looks up ``name.<value>``), and a translator translates a dozen templates, not 264 names.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.content.model import Content


def content_names(c: Content) -> dict[str, str]:
    """The English names and card texts of the content (``name.<id>``, ``card.<n>.name``, ``card.<n>.text``)."""
    out: dict[str, str] = {}
    for area in c.areas.values():
        out[f"name.{area.id}"] = area.name
    for zone in c.sea_zones.values():
        out.setdefault(f"name.{zone.id}", zone.name)
    for nation in c.nations.values():
        out[f"name.{nation.id}"] = nation.name
    for box in c.trade_boxes.values():
        out[f"name.{box.id}"] = box.name
    for raid in c.raid_boxes.values():
        text = f"Raid Box {raid.number} ({c.nations[raid.power].name})"
        out[f"name.{raid.id}"] = text
        out[f"name.raid:{raid.number}"] = text
    for king in c.kings.values():
        out.setdefault(f"name.{king.id}", king.name)
    for scenario in c.scenarios.values():
        out[f"name.{scenario.id}"] = scenario.name
    for number, card in c.cards.items():
        out[f"card.{number}.name"] = card.name
        out[f"card.{number}.text"] = card.text
    return out


def _template(catalog: dict[str, str], english: dict[str, str], key: str) -> str:
    return catalog.get(key) or english[key]


def piece_names(c: Content, catalog: dict[str, str], english: dict[str, str]) -> dict[str, str]:
    """``name.<counter id>`` for every counter, from the piece templates of `catalog` (English fallback)."""
    def nation(nid: str) -> str:
        return catalog.get(f"name.{nid}") or english.get(f"name.{nid}") or nid

    def t(key: str) -> str:
        return _template(catalog, english, key)

    out: dict[str, str] = {}
    for u in c.units.values():
        out[f"name.{u.id}"] = t("piece.unit").format(type=t(f"piece.type.{u.type.lower()}"), strength=u.front,
                                                    nation=nation(u.nation))
    for m in c.mercenary_units.values():
        out[f"name.{m.id}"] = t("piece.merc").format(type=t(f"piece.type.{m.type.lower()}"), strength=m.front)
    for ld in c.leaders.values():
        out[f"name.{ld.id}"] = t("piece.leader").format(name=ld.name or ld.id.split("-", 1)[1],
                                                      nation=nation(ld.nation))
    for kc in c.king_counters.values():
        out[f"name.{kc.id}"] = t("piece.king").format(nation=nation(kc.nation), n=kc.id.rsplit("-", 1)[1])
    for s in c.ships.values():
        out[f"name.{s.id}"] = t("piece.ship").format(nation=nation(s.nation), n=s.id.rsplit("-", 1)[1])
    for number in c.cards:
        out[f"name.card{number}"] = f"#{number} {t(f'card.{number}.name')}"  # a card as a choice (7.4.3 terms)
    return out


def add_names(lang: str, catalog: dict[str, Any], english_files: dict[str, str], c: Content) -> None:
    """Complete `catalog` of `lang` in place with the generated names (never over a key the files give)."""
    generated = content_names(c) if lang == "en" else {}
    english = {**content_names(c), **english_files}
    for key, text in {**generated, **piece_names(c, {**generated, **catalog}, english)}.items():
        catalog.setdefault(key, text)
