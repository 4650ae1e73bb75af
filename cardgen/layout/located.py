"""What a layout file wrote, and where: the strict base of every part of a layout.

A validated layout part (an element, the edition mark) keeps the file and key path it was
written at (`written_at`), so a problem found while drawing it, or a lint on what it drew, is
reported at its layout line. `# lint-ok: RULE why` comments are read from the file's lines.
"""

from functools import cache
from typing import TYPE_CHECKING, Any

from cardgen.data.declare import ConfigDict, PrivateAttr
from cardgen.data.modelkit import BaseModel
from cardgen.data.yamlsrc import KeyPath, Source
from cardgen.errors import Location

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler


class Strict(BaseModel):
    """A part of a layout file: unknown keys are mistakes."""

    # validators are built when first used: a layout session builds the ones its files need
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)


class SharedSchema:
    """Marks a type (`Annotated[T, SharedSchema()]`) whose validation schema is made once and
    shared by every field of that type, not made again for each: for a type naming no model
    (its schema holds no reference to another schema), as a layout's number."""

    schema_only = True  # what it validates is its type's (cardgen.data.fastmodel reads this)

    def __init__(self) -> None:
        self.schema: Any = None

    def __get_pydantic_core_schema__(self, source: Any, handler: "GetCoreSchemaHandler") -> Any:
        if self.schema is None:
            self.schema = handler(source)
        return self.schema


class ModelsBuilt:
    """Marks a type naming layout models (`Annotated[A | B, ModelsBuilt(A, B)]`): their
    validators are built once, before the first schema of that type is made, so each field of
    it refers to their schemas instead of making them again in every model holding one (a
    paint: every shape element's `fill` and `stroke`, a layout's `background`)."""

    schema_only = True  # what it validates is its type's (cardgen.data.fastmodel reads this)

    def __init__(self, *models: type[BaseModel]) -> None:
        self.models = models

    def __get_pydantic_core_schema__(self, source: Any, handler: "GetCoreSchemaHandler") -> Any:
        from cardgen.data import twins

        for model in self.models:
            twins.built(model)
        return handler(source)


@cache
def number_defaults(cls: type[BaseModel]) -> dict[str, float]:
    """The default of each key of a layout part's type whose default is a number, as a float."""
    return {key: float(info.default) for key, info in cls.model_fields.items()
            if isinstance(info.default, int | float)}


class Located(Strict):
    """A part of a layout that remembers where it was written (None when generated)."""

    _at: tuple[Source, KeyPath] | None = PrivateAttr(default=None)

    def remember_where(self, source: Source, path: KeyPath) -> None:
        self._at = (source, path)
        _NAMED.pop(id(self), None)

    def written_at(self) -> tuple[Source, KeyPath] | None:
        """The Source and key path it was written at (None for generated parts)."""
        return self._at

    def location(self) -> Location | None:
        """Its file:line:col, when it was written in a file."""
        return self._at[0].where(self._at[1]) if self._at is not None else None

    def key_location(self, key: str) -> tuple[Location | None, str | None]:
        """Where one of its keys was written, and that key's path as messages show it."""
        if self._at is None:
            return None, None
        source, path = self._at
        return source.value_where((*path, key)), source.label((*path, key))

    def label_name(self) -> str | None:
        """The name a layout gave it (`name:`), for messages."""
        return None


_LINES: dict[str, list[str]] = {}  # layout file as shown -> its lines (for lint-ok comments)


def remember_lines(shown: str, text: str) -> None:
    """Keep a layout file's lines, for `# lint-ok:` comments."""
    _LINES[shown] = text.splitlines()


def lines_of(shown: str) -> list[str] | None:
    """The lines kept for a layout file (a new list whenever the file is read again)."""
    return _LINES.get(shown)


def justified(where: Location, rule: str) -> bool:
    """True when the layout says `# lint-ok: RULE why` on that line or the line above it."""
    lines = _LINES.get(where.file, [])
    marker = f"lint-ok: {rule}"
    return any(marker in lines[n - 1] for n in (where.line - 1, where.line) if 0 < n <= len(lines))


def line_of_key(shown: str, key: str) -> int | None:
    """The 1-based line at which a layout file writes a top-level `key:`, if it does."""
    prefix = f"{key}:"
    return next((n for n, line in enumerate(_LINES.get(shown, []), 1) if line.startswith(prefix)),
                None)


_NAMED: dict[int, tuple[Located, tuple[Location, str] | None]] = {}  # id -> (element, where)


def named_at(el: Located) -> tuple[Location, str] | None:
    """Where a lint names an element: its layout line and key path (with its name), once per
    element; None for an element no file wrote."""
    known = _NAMED.get(id(el))
    if known is not None and known[0] is el:
        return known[1]
    found = el.written_at()
    at = None
    if found is not None:
        source, path = found
        name = el.label_name()
        at = source.where(path), source.label(path) + (f" ({name})" if name else "")
    if len(_NAMED) > 4096:
        _NAMED.clear()
    _NAMED[id(el)] = (el, at)
    return at
