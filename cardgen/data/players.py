"""Database + player count -> the Database a game for that many players prints.

Box-list rows whose count depends on the players (`count: {per_player: ...}`) keep the first
components of their kind, in database order, until the row's count for N players is reached;
a component is cut to the copies still needed. Everything else is kept whole.
"""

from __future__ import annotations

from dataclasses import replace

from cardgen.data.model import Component, Database, PlayerCount


def for_players(db: Database, players: int) -> Database:
    wanted = _wanted_per_kind(db, players)
    kept: list[Component] = []
    used: dict[str, int] = {}
    for comp in db.components:
        if comp.kind not in wanted:
            kept.append(comp)
            continue
        room = wanted[comp.kind] - used.get(comp.kind, 0)
        if room <= 0:
            continue
        copies = min(comp.count, room)
        used[comp.kind] = used.get(comp.kind, 0) + copies
        kept.append(comp if copies == comp.count else replace(comp, count=copies))
    return replace(db, components=kept)


def _wanted_per_kind(db: Database, players: int) -> dict[str, int]:
    wanted: dict[str, int] = {}
    for row in db.edition.inventory:
        if isinstance(row.count, PlayerCount) and not row.where:
            for kind in row.kinds:
                wanted[kind] = row.count.for_players(players)
    return wanted


def players_range(db: Database) -> tuple[int, int] | None:
    players = db.edition.players
    return (players.min, players.max) if players else None

