"""Small in-memory databases and rulebooks for the check's unit tests (no files, no YAML)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.check.rulebook import Rulebook, parse_rulebook
from cardgen.data.model import (
    Acceptance,
    BoxListSkip,
    Component,
    Database,
    Edition,
    Game,
    InventoryRow,
    KindSpec,
    Mention,
    Players,
    Rule,
    Term,
)
from cardgen.errors import Location


def comp(id_: str, kind: str, name: str = "", count: int = 1, status: str = "final",
         line: int = 1, **fields: Any) -> Component:
    """A component written at cards.yaml:LINE:3."""
    return Component(id_, kind, name or id_, count, status, dict(fields),
                     Location("data/g/e/cards.yaml", line, 3), "e")


def make_db(components: list[Component] | None = None, *,
            kinds: dict[str, str | None] | None = None,
            inventory: list[dict[str, Any]] | None = None,
            mentions: list[dict[str, Any]] | None = None,
            rules: list[dict[str, Any]] | None = None,
            vocab: dict[str, list[dict[str, Any]]] | None = None,
            players: tuple[int, int] | None = None,
            accepted: list[dict[str, str]] | None = None,
            skip: list[str] | None = None,
            game_status: str = "final",
            rulebook: Path | None = None,
            project: Path = Path("/proj")) -> Database:
    """A database of game `g`, edition `e`; `kinds` maps a kind id to its title (None: none).

    Where each entry was written: inventory[i] at edition.yaml:10+i, mentions[i] at 30+i,
    accepted[i] at 50+i, box_list_skip[i] at 70+i, rules[i] at game.yaml:5+i, rulebook at 3.
    """
    comps = components or []
    kinds = kinds if kinds is not None else {c.kind: None for c in comps}
    where: dict[str, Location] = {}
    edition_file = "data/g/e/edition.yaml"
    inv = [InventoryRow.model_validate(row) for row in inventory or []]
    for i in range(len(inv)):
        where[f"inventory[{i}]"] = Location(edition_file, 10 + i, 5)
    ms = [Mention.model_validate(m) for m in mentions or []]
    for i in range(len(ms)):
        where[f"mentions[{i}]"] = Location(edition_file, 30 + i, 5)
    acc = [Acceptance.model_validate(a) for a in accepted or []]
    for i in range(len(acc)):
        where[f"accepted[{i}]"] = Location(edition_file, 50 + i, 5)
    skips = [BoxListSkip(line=s, why="not a component") for s in skip or []]
    for i in range(len(skips)):
        where[f"box_list_skip[{i}]"] = Location(edition_file, 70 + i, 5)
    where["rulebook"] = Location(edition_file, 3, 11)
    rule_models = [Rule.model_validate(r) for r in rules or []]
    game = Game("g", project / "data/g", "G", "The G", "e",
                {name: {str(t["id"]): Term.model_validate(t) for t in terms}
                 for name, terms in (vocab or {}).items()},
                {k: KindSpec(title=t) for k, t in kinds.items()}, rule_models,
                [Location("data/g/game.yaml", 5 + i, 5) for i in range(len(rule_models))],
                game_status)
    edition = Edition("e", project / "data/g/e", "Edition E", None, None, None,
                      Players(min=players[0], max=players[1]) if players else None, inv, ms,
                      where, rulebook, skips, acc)
    return Database(project, game, edition, comps)


def book(text: str, rows: list[str] | None = None, label: str = "r.md") -> Rulebook:
    """A rulebook read from `text`, shown as `label`."""
    return parse_rulebook(Path("/proj") / label, text, label, rows or [])
