"""Typed model of a game database: vocabulary, kinds, inventory, rules and components.

The file-shaped models (GameFile, EditionFile, FieldSpec, ...) are pydantic models that the
validate stage fills from YAML; Database is what every later stage reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardgen.errors import Location, Problem


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)


class ImpossibleValue(ValueError):
    """A value that cannot hold with another of the same mapping (min above max): reported at
    `key` of that mapping."""

    def __init__(self, key: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.key = key
        self.hint = hint


def _ordered(low: float | None, high: float | None, names: tuple[str, str]) -> None:
    """`names[0]` at most `names[1]` when both are given, else ImpossibleValue at the second."""
    if low is not None and high is not None and low > high:
        raise ImpossibleValue(names[1], f"{names[1]} {high:g} is below {names[0]} {low:g}: no "
                              "value can be both", f"swap them, or give {names[1]} at least "
                              f"{low:g}")


class Term(Strict):
    id: str | int
    name: str | None = None
    color: str | None = Field(default=None, pattern=r"^#[0-9A-Fa-f]{6}$")
    icon: str | None = None
    number: int | None = None
    description: str | None = None
    status: Literal["final", "draft"] = Field(
        default="final", description="draft: this term or its text is ours, not the rulebook's")
    quote: list[Literal["name", "description"]] | Literal["name", "description"] | None = Field(
        default=None, description="the fields that are the rulebook's words, verbatim; the check "
                                  "finds them in the rulebook")

    @property
    def label(self) -> str:
        return self.name or str(self.id)


FieldType = Literal["str", "text", "int", "float", "bool", "color", "image", "term", "ref", "list", "object"]


class FieldSpec(Strict):
    type: FieldType
    required: bool = False
    description: str | None = None
    choices: list[str | int] | None = None
    min: float | None = None
    max: float | None = None
    vocab: str | None = None
    kind: str | None = None
    of: FieldSpec | None = None
    fields: dict[str, FieldSpec] | None = None
    min_items: int | None = None
    max_items: int | None = None

    @model_validator(mode="after")
    def _possible(self) -> FieldSpec:
        _ordered(self.min, self.max, ("min", "max"))
        _ordered(self.min_items, self.max_items, ("min_items", "max_items"))
        return self


class KindSpec(Strict):
    title: str | None = None
    description: str | None = None
    layout: str | None = None
    back: str | None = None
    fields: dict[str, FieldSpec] = Field(default_factory=dict)


class Rule(Strict):
    """A cross-reference check; which keys apply depends on `rule`."""

    rule: Literal["one-each", "exists", "agree", "unique", "expr"]
    says: str | None = None
    kind: str | None = None
    of: dict[str, list[str | int]] | None = None
    values: str | list[str] | None = None
    in_: str | list[str] | None = Field(default=None, alias="in")
    ref: str | None = None
    fields: list[str] | None = None
    expr: str | None = None
    severity: Literal["error", "warning"] = "error"
    quote: str | None = None
    accepted: str | None = Field(
        default=None, description="a known rulebook problem this entry's finding is, and why it "
                                  "stays (printed as acknowledged; passes --strict)")


class PlayerCount(Strict):
    min: int | None = None
    max: int | None = None
    per_player: int = 0
    plus: int = 0

    @model_validator(mode="after")
    def _possible(self) -> PlayerCount:
        _ordered(self.min, self.max, ("min", "max"))
        return self

    def for_players(self, players: int) -> int:
        value = self.per_player * players + self.plus
        if self.min is not None:
            value = max(self.min, value)
        if self.max is not None:
            value = min(self.max, value)
        return value


class InventoryRow(Strict):
    line: str
    kind: str | list[str]
    count: int | PlayerCount
    by: str | None = None
    values: list[str | int] | None = None
    each: int | None = None
    split: Literal["even"] | None = None
    parts: dict[str, int] | None = None
    where: dict[str, str | int | bool] | None = None
    items: dict[str, int] | None = None
    lines: list[str] | None = Field(
        default=None, description="further box-list lines this row stands for (e.g. a breakdown "
        "printed line by line); their numbers are compared with `parts` in order")
    note: str | None = None
    accepted: str | None = Field(
        default=None, description="a known rulebook problem this entry's finding is, and why it "
                                  "stays (printed as acknowledged; passes --strict)")

    @property
    def kinds(self) -> list[str]:
        return [self.kind] if isinstance(self.kind, str) else list(self.kind)


class Mention(Strict):
    quote: str
    kind: str | None = None
    term: str | None = None
    vocab: str | None = None
    count: int | None = None
    note: str | None = None
    problem: str | None = Field(
        default=None, description="what is wrong in the rulebook here, where text analysis cannot "
                                  "tell (two lists that disagree): a rulebook-problem warning")
    accepted: str | None = Field(
        default=None, description="a known rulebook problem this entry's finding is, and why it "
                                  "stays (printed as acknowledged; passes --strict)")


class Acceptance(Strict):
    """A finding the rulebook causes and the designer knows of: acknowledged, with the reason."""

    finding: str = Field(description="the finding's family (cardgen check --list-rules)")
    about: str = Field(description="words of the finding: its subject, message, quote or place")
    reason: str = Field(description="why it stays, e.g. 'the designer confirmed 16 is a typo'")


class BoxListSkip(Strict):
    """A line of the rulebook's box list that is not a component row (a total, a heading)."""

    line: str
    why: str


class Players(Strict):
    min: int = Field(1, ge=1)
    max: int = 1

    @model_validator(mode="after")
    def _possible(self) -> Players:
        _ordered(self.min, self.max, ("min", "max"))
        return self


class GameFile(Strict):
    schema_: str | None = Field(default=None, alias="$schema")
    name: str
    title: str | None = None
    status: Literal["final", "draft"] = Field(
        default="final", description="draft: the name and title are ours, not the rulebook's")
    default_edition: str
    language: str = Field(
        default="en", description="the language the game's text is in (en, de, fr, ...): "
        "words of body text are hyphenated by its rules")
    vocab: dict[str, list[Term]] = Field(default_factory=dict)
    icons: dict[str, str] = Field(
        default_factory=dict, description="icon aliases: a name layouts and `[name]` in texts may "
        "write -> the icon it draws (layouts/<game>/icons/<icon>.svg, without .svg)")
    kinds: dict[str, KindSpec] = Field(default_factory=dict)
    rules: list[Rule] = Field(default_factory=list)


class EditionFile(Strict):
    schema_: str | None = Field(default=None, alias="$schema")
    edition: str
    title: str | None = None
    date: str | None = None
    rulebook: str | None = None
    extends: str | None = None
    players: Players | None = None
    vocab: dict[str, list[Term]] = Field(default_factory=dict)
    kinds: dict[str, KindSpec] = Field(default_factory=dict)
    rules: list[Rule] = Field(default_factory=list)
    inventory: list[InventoryRow] = Field(default_factory=list)
    rulebook_mentions: list[Mention] = Field(default_factory=list)
    box_list_skip: list[BoxListSkip] = Field(default_factory=list)
    accepted: list[Acceptance] = Field(default_factory=list)
    remove: list[str] = Field(default_factory=list)


BASE_FIELDS = ("id", "kind", "name", "count", "status", "image", "back_image", "source", "notes",
               "quote")


@dataclass
class Component:
    id: str
    kind: str
    name: str
    count: int
    status: str
    fields: dict[str, Any]
    where: Location
    edition: str
    image: str | None = None
    back_image: str | None = None
    source: str | None = None

    def value(self, name: str, default: Any = None) -> Any:
        """A base or kind field by name ("id", "name", "colour", ...)."""
        if name in ("id", "kind", "name", "count", "status", "image", "source"):
            return getattr(self, name)
        return self.fields.get(name, default)


@dataclass
class Game:
    id: str
    root: Path  # data/<game>/
    name: str
    title: str
    default_edition: str
    vocab: dict[str, dict[str, Term]]
    kinds: dict[str, KindSpec]
    rules: list[Rule]
    rule_where: list[Location] = field(default_factory=list)  # rules[i] was written here
    status: str = "final"  # draft: the name and title are not the rulebook's
    icons: dict[str, str] = field(default_factory=dict)  # icon alias -> the icon it draws
    icon_where: dict[str, Location] = field(default_factory=dict)  # alias -> where it was written
    language: str = "en"  # what body text is hyphenated by

    def term(self, vocab: str, term_id: Any) -> Term | None:
        return self.vocab.get(vocab, {}).get(str(term_id))


@dataclass
class Edition:
    id: str
    root: Path  # data/<game>/<edition>/
    title: str
    date: str | None
    rulebook: str | None  # as written in edition.yaml (relative to the edition that names it)
    extends: str | None
    players: Players | None
    inventory: list[InventoryRow]
    mentions: list[Mention]
    where: dict[str, Location] = field(default_factory=dict)  # inventory[i] -> location
    rulebook_path: Path | None = None  # the rulebook file, resolved; may not exist
    box_list_skip: list[BoxListSkip] = field(default_factory=list)
    accepted: list[Acceptance] = field(default_factory=list)  # where: accepted[i]


@dataclass(frozen=True)
class Quoted:
    """A text the data says is a rulebook's words (data/quoted.py collects them)."""

    text: str
    where: Location
    rulebook: Path | None  # the rulebook it must be found in
    what: str  # what quotes it: "card-7 effect.text", "rule", "term red description"


@dataclass
class Database:
    project: Path
    game: Game
    edition: Edition
    components: list[Component]
    draft: bool = False  # a play-test copy: problems in `waived` were let through
    waived: list[Problem] = field(default_factory=list)
    quotes: list[Quoted] = field(default_factory=list)  # texts the data quotes from a rulebook

    def of_kind(self, kind: str) -> list[Component]:
        return [c for c in self.components if c.kind == kind]

    def by_id(self) -> dict[str, Component]:
        return {c.id: c for c in self.components}

    @cached_property
    def components_by_id(self) -> dict[str, Component]:
        """The components by id, built once (`{ref_field.name}` bindings read it per face)."""
        return self.by_id()

    @property
    def label(self) -> str:
        return f"{self.game.id}@{self.edition.id}"
