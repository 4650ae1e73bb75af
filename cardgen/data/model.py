"""Typed model of a game database: vocabulary, kinds, inventory, rules and components.

The file-shaped models (GameFile, EditionFile, FieldSpec, ...) are pydantic models that the
validate stage fills from YAML; Database is what every later stage reads.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

from cardgen.data.declare import ConfigDict, Field, field_validator, model_validator
from cardgen.data.modelkit import BaseModel
from cardgen.errors import Location, Problem
from cardgen.records import record


def new_list() -> list[Any]:
    """A new empty list, as a field's default: pydantic reads a default factory's signature,
    and the built-in `list`'s is a text it would parse (loading Python's tokenizer)."""
    return []


def new_dict() -> dict[str, Any]:
    """A new empty dict, as a field's default (see `new_list`)."""
    return {}


class Strict(BaseModel):
    # validators built when first used: a process that takes its game and edition files'
    # models from an earlier one (`keeping_models`) builds none
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False,
                              defer_build=True)


M = TypeVar("M", bound=BaseModel)


class ModelKeeper(Protocol):
    """Valid files' models as an earlier process validated them (pipeline/datakeep.py)."""

    def get(self, cls: type[M], data: Any) -> M | None: ...

    def put(self, cls: type[BaseModel], data: Any, model: BaseModel) -> None: ...


_KEEPERS: list[ModelKeeper] = []


@contextmanager
def keeping_models(keeper: ModelKeeper) -> Iterator[None]:
    """Meanwhile, a file's model (data/validate.parse_model) is the one `keeper` holds for
    its values, if it holds one; a model validated anew is handed to it."""
    _KEEPERS.append(keeper)
    try:
        yield
    finally:
        _KEEPERS.remove(keeper)


def kept_model(cls: type[M], data: Any) -> M | None:
    """The model the current keeper holds for these values of a file of `cls`, if any."""
    return _KEEPERS[-1].get(cls, data) if _KEEPERS else None


def keep_model(cls: type[BaseModel], data: Any, model: BaseModel) -> None:
    """A model just validated without a problem, for the current keeper (if any)."""
    if _KEEPERS:
        _KEEPERS[-1].put(cls, data, model)


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
    symbol: str | None = Field(
        default=None,
        description="a cue besides the colour, so the term is never told apart by colour alone: "
                    "a letter or short mark a text draws ({culture.symbol}), or an icon name an "
                    "icon element draws (icon: \"{culture.symbol}\")")
    number: int | None = None
    description: str | None = None
    status: Literal["final", "draft"] = Field(
        default="final", description="draft: this term or its text is ours, not the rulebook's")
    quote: list[Literal["name", "description"]] | Literal["name", "description"] | None = Field(
        default=None, description="the fields that are the rulebook's words, verbatim; the check "
                                  "finds them in the rulebook")

    @field_validator("symbol")
    @classmethod
    def _short_symbol(cls, value: str | None) -> str | None:
        if value is not None and not (0 < len(value) <= 12 and value == value.strip()):
            raise ValueError(f"symbol {value!r} is not a cue a player can see: write a letter, a "
                             "short mark or an icon name (1 to 12 characters, no spaces at its ends)")
        return value

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
    of: "FieldSpec | None" = None
    fields: "dict[str, FieldSpec] | None" = None
    min_items: int | None = None
    max_items: int | None = None

    @model_validator(mode="after")
    def _possible(self) -> "FieldSpec":
        _ordered(self.min, self.max, ("min", "max"))
        _ordered(self.min_items, self.max_items, ("min_items", "max_items"))
        return self


class TuckBoxSpec(Strict):
    """a tuck box for the deck of this kind, printed with the home-print sheets"""

    card_thickness: float = Field(
        0.3, gt=0, le=5, description="mm per card: the box is cards x this deep (+ clearance)")


class KindSpec(Strict):
    title: str | None = None
    description: str | None = None
    layout: str | None = None
    back: str | None = None
    fields: dict[str, FieldSpec] = Field(default_factory=new_dict)
    tuck_box: TuckBoxSpec | None = Field(
        None, description="print a tuck box sized to this deck ({} for 0.3 mm per card)")


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
    def _possible(self) -> "PlayerCount":
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


SETUP_VERBS = ("shuffle", "deck", "merge", "remove", "deal", "draw", "place", "under")


class SetupStep(Strict):
    """One step of an edition's set-up, as the play table performs it. Exactly one verb names
    the kind it works on; `rulebook:` quotes the set-up sentence it transcribes, its number as
    printed, and `cardgen check` compares that number with `count`."""

    shuffle: str | None = Field(default=None, description="shuffle this kind's deck (or piles)")
    deck: str | None = Field(default=None, description="take this kind's cards that match "
                             "`where` out of its deck into a pile of their own")
    merge: str | None = Field(default=None, description="put this kind's piles back into its deck")
    remove: str | None = Field(default=None, description="take this kind's cards matching "
                               "`where` out of the game (back in the box)")
    deal: str | None = Field(default=None, description="deal `count` of this kind to each player")
    draw: str | None = Field(default=None, description="draw `count` of this kind into the hand")
    place: str | None = Field(default=None, description="place pieces (or cards out of the deck) "
                              "of this kind on the table, `count` of them, `each: player` times")
    under: str | None = Field(default=None, description="put this kind's cards matching `where` "
                              "at the bottom of the deck of kind `onto`")
    onto: str | None = Field(default=None, description="the deck `under` puts cards beneath")
    where: dict[str, str | int | bool] | None = Field(
        default=None, description="only the components whose fields have these values")
    count: int | None = Field(default=None, ge=1, le=1000, description="how many (see the verb)")
    each: str | None = Field(default=None, description="count is per player (`player`) or per "
                             "piece of the kind named here")
    face: Literal["up", "down"] | None = Field(default=None, description="face up or down")
    name: str | None = Field(default=None, description="the name of a pile `deck` makes")
    rulebook: str | None = Field(default=None, description="the rulebook's set-up words for this "
                                 "step, with the number as printed ('draw 2 cards')")
    note: str | None = None

    @model_validator(mode="after")
    def _one_verb(self) -> "SetupStep":
        verbs = [v for v in SETUP_VERBS if getattr(self, v) is not None]
        if len(verbs) != 1:
            raise ImpossibleValue(verbs[1] if verbs else "shuffle",
                                  f"a set-up step has one verb, this one {len(verbs)}",
                                  f"write one of {', '.join(SETUP_VERBS)}: KIND per step")
        if self.rulebook is not None and self.count is None:
            raise ImpossibleValue("rulebook", "a step quoting the rulebook needs the `count` the "
                                  "quote states", "add count: N (the number in the quote)")
        return self

    @property
    def verb(self) -> str:
        return next(v for v in SETUP_VERBS if getattr(self, v) is not None)

    @property
    def kind(self) -> str:
        return str(getattr(self, self.verb))

    @property
    def data(self) -> dict[str, Any]:
        """`model_dump(exclude_none=True)`'s dict (tested equal), without building pydantic's
        serializer: every field a text, a number or a flat mapping (copied)."""
        return {name: dict(value) if value.__class__ is dict else value
                for name, value in self.__dict__.items() if value is not None}


class Players(Strict):
    min: int = Field(1, ge=1)
    max: int = 1

    @model_validator(mode="after")
    def _possible(self) -> "Players":
        _ordered(self.min, self.max, ("min", "max"))
        return self


class Tables(Strict):
    """How the game's spreadsheets (*.csv, *.tsv, *.xlsx) are read."""

    columns: dict[str, str] = Field(
        default_factory=new_dict, description="a header as the sheet writes it -> the field it fills "
        "(`NATION: nation`, `COPIES: count`); headers match case-insensitively")
    id_from: str | None = Field(
        default=None, description="a row without an id takes one from this column (its text as "
        "a slug: 'Fire Ball' -> fire-ball); without it, FILE-ROW (cards-2 for row 2 of cards.csv)")


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
    vocab: dict[str, list[Term]] = Field(default_factory=new_dict)
    icons: dict[str, str] = Field(
        default_factory=new_dict, description="icon aliases: a name layouts and `[name]` in texts may "
        "write -> the icon it draws (layouts/<game>/icons/<icon>.svg, without .svg)")
    kinds: dict[str, KindSpec] = Field(default_factory=new_dict)
    rules: list[Rule] = Field(default_factory=new_list)
    tables: Tables = Field(default_factory=Tables)


class EditionFile(Strict):
    schema_: str | None = Field(default=None, alias="$schema")
    edition: str
    title: str | None = None
    date: str | None = None
    rulebook: str | None = None
    extends: str | None = None
    players: Players | None = None
    vocab: dict[str, list[Term]] = Field(default_factory=new_dict)
    kinds: dict[str, KindSpec] = Field(default_factory=new_dict)
    rules: list[Rule] = Field(default_factory=new_list)
    inventory: list[InventoryRow] = Field(default_factory=new_list)
    rulebook_mentions: list[Mention] = Field(default_factory=new_list)
    box_list_skip: list[BoxListSkip] = Field(default_factory=new_list)
    accepted: list[Acceptance] = Field(default_factory=new_list)
    remove: list[str] = Field(default_factory=new_list)
    setup: list[SetupStep] = Field(default_factory=new_list, description="the set-up as steps "
                                   "`cardgen play` performs and `cardgen check` holds to the rulebook")


BASE_FIELDS = ("id", "kind", "name", "count", "status", "image", "back_image", "source", "notes",
               "quote")


@record
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


@record
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


@record
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
    setup: list[SetupStep] = field(default_factory=list)  # where: setup[i]


@record(frozen=True)
class Quoted:
    """A text the data says is a rulebook's words (data/quoted.py collects them)."""

    text: str
    where: Location
    rulebook: Path | None  # the rulebook it must be found in
    what: str  # what quotes it: "card-7 effect.text", "rule", "term red description"


@record
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
