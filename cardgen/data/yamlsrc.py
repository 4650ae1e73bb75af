"""YAML file -> Source: plain Python values plus the file:line:col of every key and value.

Safe loading only. Duplicate keys, alias bombs, oversized, binary and empty files become
Problems, never exceptions from the YAML library.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable
from dataclasses import field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.data.yamlfast import read_events, read_values
from cardgen.data.yamllib import yaml
from cardgen.deferral import DeferredPattern
from cardgen.errors import Location, Problem, ProblemsError
from cardgen.limits import MAX_FILE_BYTES, MAX_YAML_DEPTH, MAX_YAML_VALUES
from cardgen.records import record

MAX_BYTES = MAX_FILE_BYTES
MAX_NODES = MAX_YAML_VALUES
# Both parsers compose nodes recursively (libyaml on the C stack, PyYAML's pure-Python one
# against Python's recursion limit of 1,000 frames): a file that might nest this deep is
# measured from its parse events first (they do not recurse).
_SAFE_DEPTH = 300
# A line break, then what may stand before the token a block collection opens at:
# indentation, and indicators (- ? : and a document's ---) each followed by blanks or the
# line's end. libyaml's other breaks (CR, NEL, LS, PS) are made LF before it is matched.
_PREFIX = re.compile(r"\n\ufeff?[ \t]*(?:(?:[-?:]|---|\.\.\.)(?:[ \t]+|(?=\n)|\Z))*")
_OTHER_BREAKS = "\r\x85\u2028\u2029"
_CORE = "tag:yaml.org,2002:"
_STR = _CORE + "str"
_PLAIN = ("str", "int", "float", "bool", "null", "timestamp")
ALLOWED_TAGS = {yaml.ScalarNode: {_CORE + t for t in _PLAIN},
                yaml.SequenceNode: {_CORE + "seq"}, yaml.MappingNode: {_CORE + "map"}}

# A file this long or longer keeps only its top level's positions as it is read (`unlocated`);
# a shorter one, whose positions cost little and are often asked for (a game's or edition's
# `where`s, quotes), all of them at once.
LOCATED_BELOW = 32 * 1024
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: same nodes and marks, 4x faster
_EVENTS = getattr(yaml, "CSafeLoader", None)  # the loader whose parser `yamlfast` reads

KeyPath = tuple[str | int, ...]


@record
class Source:
    """One parsed YAML file: its data and where each key path was written."""

    file: str  # as shown to the user (relative to the project)
    data: Any
    marks: dict[KeyPath, Location] = field(default_factory=dict)  # value positions
    key_marks: dict[KeyPath, Location] = field(default_factory=dict)  # key positions
    raw: dict[KeyPath, str] = field(default_factory=dict)  # plain scalars read as non-text
    nonfinite: list[KeyPath] = field(default_factory=list)  # .nan / .inf values
    prefix: KeyPath = ()  # shown before key paths: ('cards',) makes (3, 'name') 'cards[3].name'

    def label(self, path: KeyPath) -> str:
        """The key path as a person reads it, e.g. cards[3].name."""
        return _dotted((*self.prefix, *path))

    if not TYPE_CHECKING:  # (to a type checker, marks and key_marks are plain fields)

        def __getattr__(self, name: str) -> Any:
            """`marks` and `key_marks` of a Source read without them (`unlocated`): found
            from its text now, on first use (the file's positions, as `read_events` gives
            them), and kept."""
            locate = self.__dict__.get("_locate")
            if locate is None or name not in ("marks", "key_marks"):
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            self.marks, self.key_marks = locate()
            del self.__dict__["_locate"], self.__dict__["_top"]
            return self.__dict__[name]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with its positions (found first if they were not yet), its fields in order."""
        state = {f.name: getattr(self, f.name) for f in fields(self)}
        return {**state, **self.__dict__}

    def where(self, path: KeyPath) -> Location:
        """The closest recorded position for a key path (the key itself when known)."""
        probe = tuple(path)
        while probe:
            if probe in self.key_marks:
                return self.key_marks[probe]
            if probe in self.marks:
                return self.marks[probe]
            probe = probe[:-1]
        return self.marks.get((), Location(self.file, 1, 1))

    def value_where(self, path: KeyPath) -> Location:
        """The position of the value at a key path (falls back to the key)."""
        key = tuple(path)
        marks = self.__dict__.get("marks")
        if marks is None:  # not located yet: the top level's positions are known
            at: Location | None = self.__dict__.get("_top", {}).get(key)
            if at is not None:
                return at
            marks = self.marks
        return marks.get(key) or self.where(key)


def unlocated(file: str, data: Any, top: dict[KeyPath, Location], raw: dict[KeyPath, str],
              nonfinite: list[KeyPath], locate: Callable[[], tuple[dict[KeyPath, Location],
                                                                   dict[KeyPath, Location]]]
              ) -> Source:
    """A Source whose positions are found by `locate` (marks, key marks) when first asked for;
    until then `value_where` answers from `top` (the root's and its own items' or values'
    positions, the same as `locate` gives)."""
    source = Source(file, data, raw=raw, nonfinite=nonfinite)
    del source.marks, source.key_marks
    source.__dict__.update(_top=top, _locate=locate)
    return source


def _loc(file: str, mark: Any) -> Location:
    return Location(file, mark.line + 1, mark.column + 1)


class _Builder:
    """Turns a composed YAML node tree into values, recording marks and counting nodes."""

    def __init__(self, file: str, loader: yaml.SafeLoader):
        self.file = file
        self.loader = loader
        self.marks: dict[KeyPath, Location] = {}
        self.key_marks: dict[KeyPath, Location] = {}
        self.raw: dict[KeyPath, str] = {}
        self.nonfinite: list[KeyPath] = []
        self.nodes = 0

    def build(self, node: yaml.Node, path: KeyPath, depth: int = 0) -> Any:
        if depth >= MAX_YAML_DEPTH and isinstance(node, yaml.CollectionNode):  # level depth + 1
            raise ProblemsError([_too_deep(_loc(self.file, node.start_mark))])
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ProblemsError([Problem(
                "too-large", f"more than {MAX_NODES} values (an alias bomb or a runaway file)",
                where=_loc(self.file, node.start_mark),
                hint="split the file, and do not nest YAML aliases (&name / *name) inside each other")])
        self.marks[path] = _loc(self.file, node.start_mark)
        self._refuse_tag(node)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        value = self._scalar(node)
        if not isinstance(value, str) and not getattr(node, "style", None):  # plain 10:30, No, 0123
            self.raw[path] = node.value
        if isinstance(value, float) and not math.isfinite(value):
            self.nonfinite.append(path)
        return value

    def _refuse_tag(self, node: yaml.Node) -> None:
        """Only plain YAML values: a tag such as !!python/object or !!set is a Problem."""
        if node.tag not in ALLOWED_TAGS.get(type(node), ()):
            shown = node.tag.replace(_CORE, "!!") if node.tag.startswith(_CORE) else node.tag
            raise ProblemsError([Problem(
                "yaml-syntax", f"the YAML tag '{shown}' is not allowed (safe loading: plain values only)",
                where=_loc(self.file, node.start_mark),
                hint="YAML tags (!something) are not allowed in data files; remove the tag")])

    def _key(self, node: yaml.Node, path: KeyPath) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise ProblemsError([Problem(
                "bad-key", "a key must be plain text, not a list or a mapping",
                where=_loc(self.file, node.start_mark), path=_dotted(path),
                hint="a '?' line or a [list] / {mapping} before ':' makes a complex key; "
                     "write 'name: value'")])
        self._refuse_tag(node)
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        if node.tag == _STR:  # what SafeConstructor.construct_yaml_str makes of it, unasked
            return node.value
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, LookupError, AttributeError, TypeError, ArithmeticError):  # "!!int abc"
            raise ProblemsError([Problem(
                "yaml-syntax", f"'{node.value}' is not a valid {node.tag.replace(_CORE, '')}",
                where=_loc(self.file, node.start_mark), hint="remove the !!tag or fix the value")]) from None
        return value.isoformat() if isinstance(value, datetime.date) else value

    def _mapping(self, node: yaml.MappingNode, path: KeyPath, depth: int) -> dict[str, Any]:
        """A mapping's keys and values; merge keys (`<<: *base`) per YAML 1.1: the merged
        mappings' keys first (of two, the earlier wins), the keys written here win over them."""
        chosen: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        written: dict[str, Location] = {}
        for key_node, value_node, merged in self._pairs(node, path, ()):
            key = str(self._key(key_node, path))
            where = _loc(self.file, key_node.start_mark)
            if not merged and key in written:
                raise ProblemsError([Problem(
                    "duplicate-key", f"key '{key}' appears twice in one mapping",
                    where=where, path=_dotted((*path, key)),
                    hint=f"the first '{key}' is at line {written[key].line}; keep one")])
            if not merged:
                written[key] = where
            chosen[key] = (key_node, value_node)
        out: dict[str, Any] = {}
        for key, (key_node, value_node) in chosen.items():
            self.key_marks[(*path, key)] = _loc(self.file, key_node.start_mark)
            out[key] = self.build(value_node, (*path, key), depth + 1)
        return out

    def _pairs(self, node: yaml.MappingNode, path: KeyPath, merging: tuple[int, ...]
               ) -> list[tuple[yaml.Node, yaml.Node, bool]]:
        """(key, value, merged) of a mapping with its merge keys resolved: merged pairs first,
        ordered so that a later pair wins; then the mapping's own."""
        merged: list[tuple[yaml.Node, yaml.Node, bool]] = []
        own: list[tuple[yaml.Node, yaml.Node, bool]] = []
        for key_node, value_node in node.value:
            if key_node.tag != _CORE + "merge":
                own.append((key_node, value_node, False))
                continue
            for source in reversed(self._merged(key_node, value_node, path, (*merging, id(node)))):
                merged += [(k, v, True) for k, v, _ in self._pairs(source, path,
                                                                   (*merging, id(node)))]
            if len(merged) > MAX_NODES:
                raise ProblemsError([Problem(
                    "too-large", f"merge keys (<<) make more than {MAX_NODES} values",
                    where=_loc(self.file, key_node.start_mark), path=_dotted(path),
                    hint="do not nest merges (<<: [*a, *a]) inside each other")])
        return merged + own

    def _merged(self, key_node: yaml.Node, value_node: yaml.Node, path: KeyPath,
                merging: tuple[int, ...]) -> list[yaml.MappingNode]:
        """The mappings a merge key merges: one (`<<: *base`) or a list (`<<: [*a, *b]`)."""
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            if not isinstance(source, yaml.MappingNode):
                raise ProblemsError([Problem(
                    "yaml-syntax", "a merge key (<<) takes a mapping or a list of mappings",
                    where=_loc(self.file, source.start_mark), path=_dotted(path),
                    hint="write <<: *name, where &name marks a mapping, or <<: [*a, *b]")])
            if id(source) in merging:
                raise ProblemsError([Problem(
                    "yaml-syntax", "a merge key (<<) merges a mapping into itself",
                    where=_loc(self.file, key_node.start_mark), path=_dotted(path),
                    hint="merge another mapping (&base), not the one that holds this <<")])
            self._refuse_tag(source)
        return list(sources)


def _dotted(path: KeyPath) -> str:
    """('cards', 3, 'name') -> 'cards[3].name'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def read_source(path: Path, shown_as: str) -> Source:
    """Parse one YAML file into a Source; raise ProblemsError with a located Problem on failure."""
    raw = read_bytes(path, shown_as)
    text = decode_text(raw, shown_as, "utf-8", encoding_hint="save the file as UTF-8 YAML",
                       binary_hint="only YAML files belong in data/")
    return _parse_text(text, shown_as)


def decode_text(raw: bytes, shown_as: str, encoding: str, *, encoding_hint: str,
                binary_hint: str) -> str:
    """A file's bytes as text; not that encoding, or binary, is a Problem at line 1."""
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ProblemsError([Problem(
            "not-text", f"not UTF-8 text (byte {exc.start} is 0x{raw[exc.start]:02x})",
            where=Location(shown_as, 1, 1), hint=encoding_hint)]) from None
    if "\x00" in text:
        raise ProblemsError([Problem("not-text", "binary file (contains NUL bytes)",
                                     where=Location(shown_as, 1, 1), hint=binary_hint)])
    return text


def _too_deep(where: Location) -> Problem:
    return Problem("too-deep", f"lists and mappings nested more than {MAX_YAML_DEPTH} levels deep",
                   where=where, hint="flatten the structure; real data nests a few levels")


def _check_depth(text: str, shown_as: str) -> None:
    """Refuse nesting deeper than MAX_YAML_DEPTH before libyaml composes it recursively.

    Most files are proved shallow by `depth_bound`; the others are measured from their parse
    events."""
    if depth_bound(text) < _SAFE_DEPTH:
        return
    where = _too_deep_at(text, shown_as, _LOADER)
    if where is not None:
        raise ProblemsError([_too_deep(where)])


def depth_bound(text: str) -> int:
    """At least the nesting depth of the lists and mappings a YAML text holds.

    A flow collection opens at a [ or {. A block collection opens at a column deeper than the
    one it is in (the parsers' indentation stack), but for a list written at its key's column,
    which holds no such list directly: so block nesting is at most twice the columns a block
    collection can open at, and those lie at the end of a line's prefix (`_PREFIX`)."""
    lines = "\n" + text
    for other in _OTHER_BREAKS:
        if other in lines:
            lines = lines.replace(other, "\n")
    columns = max(map(len, _PREFIX.findall(lines)))  # each with its break: + 1
    return text.count("[") + text.count("{") + 2 * columns


def _too_deep_at(text: str, shown_as: str, loader: type = yaml.SafeLoader) -> Location | None:
    """Where nesting first passes MAX_YAML_DEPTH, measured by cardgen from the parse events
    (they do not recurse), or None when it never does before the file ends or stops parsing.

    cardgen's limit must not depend on the parser: a libyaml that stops deep nesting with a
    limit of its own stops the events too, so those files are measured again with PyYAML's
    pure-Python parser, which has none."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    mark = event.start_mark
                    return _loc(shown_as, mark) if mark else Location(shown_as, 1, 1)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        if loader is not yaml.SafeLoader:
            return _too_deep_at(text, shown_as, yaml.SafeLoader)
    return None


def read_bytes(path: Path, shown_as: str) -> bytes:
    """The file's bytes; a Problem when it is over MAX_BYTES."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ProblemsError([Problem(
            "too-large", f"file is {size / 1e6:.1f} MB; data files may be at most "
            f"{MAX_BYTES // (1024 * 1024)} MB", where=Location(shown_as, 1, 1),
            hint="split the components into several files")])
    return path.read_bytes()


# the ASCII characters YAML allows (yaml's Reader.NON_PRINTABLE refuses the others): an ASCII
# text without any other is printable, found by deleting these (a pass in C, not a search)
_PRINTABLE_ASCII = bytes([9, 10, 13, *range(0x20, 0x7F)])
# the characters NON_PRINTABLE refuses, named as they are instead of as the complement of the
# allowed ones (the same set, tested on every code point; compiled in a tenth of the time)
NON_PRINTABLE = DeferredPattern(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]", 0)


def _parse_text(text: str, shown_as: str) -> Source:
    bad = None if text.isascii() and not text.encode("ascii").translate(
        None, _PRINTABLE_ASCII) else NON_PRINTABLE.search(text)
    if bad:
        raise ProblemsError([_control_char_problem(bad.start(), shown_as, text)])
    # libyaml's events read the common file in one loop (`yamlfast`); the composer the rest.
    if _LOADER is not _EVENTS:
        read = None
    elif len(text) < LOCATED_BELOW:  # a small file: every position at once
        read = read_events(text, shown_as, MAX_NODES, MAX_YAML_DEPTH)
        if read is not None:
            return Source(shown_as, *read)
    else:  # the positions below the top level: read again when asked for
        read = read_values(text, shown_as, MAX_NODES, MAX_YAML_DEPTH)
        if read is not None:
            data, top, _, raw, nonfinite = read
            return unlocated(shown_as, data, top, raw, nonfinite,
                             lambda: _positions(text, shown_as))
    loader = _LOADER(text)
    try:
        _check_depth(text, shown_as)
        node = loader.get_single_node()
        if node is None:
            raise ProblemsError([Problem("empty-file", "the file is empty",
                                         where=Location(shown_as, 1, 1),
                                         hint="add content or delete the file")])
        builder = _Builder(shown_as, loader)
        data = builder.build(node, ())
    except yaml.MarkedYAMLError as exc:
        # A parser's own nesting limit is a syntax error to it; cardgen names its own limit.
        deep = _too_deep_at(text, shown_as)
        problem = _too_deep(deep) if deep is not None else _yaml_problem(exc, shown_as, text)
        raise ProblemsError([problem]) from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise ProblemsError([Problem("yaml-syntax", str(exc), where=Location(shown_as, 1, 1))]) from None
    finally:
        loader.dispose()
    return Source(shown_as, data, builder.marks, builder.key_marks, builder.raw, builder.nonfinite)


def _positions(text: str, shown_as: str) -> tuple[dict[KeyPath, Location], dict[KeyPath, Location]]:
    """The marks and key marks of a text `read_values` read (`read_events` reads it too)."""
    read = read_events(text, shown_as, MAX_NODES, MAX_YAML_DEPTH)
    if read is None:  # pragma: no cover - read_values read it: so does read_events
        raise RuntimeError(f"{shown_as}: the positions of a file read once could not be read")
    return read[1], read[2]


def parse_text(text: str, shown_as: str) -> Source:
    """YAML text (of the file shown as `shown_as`) -> Source, as `read_source` parses it."""
    return _parse_text(text, shown_as)


def _control_char_problem(at: int, shown_as: str, text: str) -> Problem:
    """A control character YAML refuses -> its line and column."""
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return Problem("not-text", f"character U+{ord(text[at]):04X} is not allowed in YAML",
                   where=Location(shown_as, line, col),
                   hint="delete the invisible control character (often pasted from a PDF)")


def _yaml_problem(exc: yaml.MarkedYAMLError, shown_as: str, text: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    where = _loc(shown_as, mark) if mark else Location(shown_as, 1, 1)
    what = exc.problem or "invalid YAML"
    if exc.context:
        what = f"{exc.context}: {what}"
    hint = "check the indentation and quoting on this line and the one above"
    line = text.splitlines()[where.line - 1] if 0 < where.line <= len(text.splitlines()) else ""
    if "\t" in line or "found character '\\t'" in what:
        hint = "YAML does not allow tabs for indentation; indent with spaces"
    elif "could not determine a constructor" in what:
        hint = "YAML tags (!something) are not allowed in data files; remove the tag"
    elif ":" in line and "mapping values are not allowed" in what:
        hint = "a value containing ': ' must be quoted"
    return Problem("yaml-syntax", what, where=where, hint=hint)
