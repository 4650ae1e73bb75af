"""YAML text -> values and positions in one loop over libyaml's parse events (no node tree).

The common file (mappings, lists and untagged scalars, no tags or merge keys, one document)
is read here: each event is turned into its value where it stands, its position kept as it
goes. A plain scalar is typed by YAML 1.1's implicit resolvers, as the composer types it (only
the resolvers of its first character are tried; most text has none) and made a value by
PyYAML's own safe constructors. From a file's first anchor on, an alias is read as the events
of the node its anchor marks, again (`_resolved`: what the composer's builder does with the
node an alias hands it: values made anew, the node's positions, its values counted again).
Anything else (a tag, `<<`, a key that is not a scalar, a duplicate key or anchor, an alias of
an anchor not yet defined or of a node still open, a value that will not construct, too many
values or too deep, a second document, an empty stream, any YAMLError) gives `None`: the
caller reads the file through the composer, which says the same things it always said.

`read_values` is the same loop keeping only the top level's positions (the root's, and those
of its own items or keys' values: where a components file's components start): the walk that
records every position is what most of the loop's time went to, and a file without a problem
needs none of the others. `yamlsrc` reads them with `read_events` when first asked for.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Iterator
from functools import partial
from typing import Any

from cardgen.data.yamllib import yaml
from cardgen.errors import Location

try:
    from yaml import _yaml
    CParser: Any = _yaml.CParser
except ImportError:  # pragma: no cover - PyYAML without libyaml: the composer reads it all
    CParser = None

_CORE = "tag:yaml.org,2002:"
_STR = _CORE + "str"
_TYPED = {_CORE + t for t in ("int", "float", "bool", "null", "timestamp")}
_RESOLVERS: dict[Any, list[tuple[str, Any]]] = getattr(
    yaml, "CSafeLoader", yaml.SafeLoader).yaml_implicit_resolvers
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_Scalar = yaml.ScalarEvent
_MapStart, _SeqStart = yaml.MappingStartEvent, yaml.SequenceStartEvent
_MapEnd, _SeqEnd = yaml.MappingEndEvent, yaml.SequenceEndEvent
_DocStart = yaml.DocumentStartEvent
_Alias = yaml.AliasEvent

KeyPath = tuple[str | int, ...]
Read = tuple[Any, dict[KeyPath, Location], dict[KeyPath, Location], dict[KeyPath, str],
             list[KeyPath]]


def _slots() -> tuple[Any, Any, Any, Any] | None:
    """What makes a Location by setting its three slots (half the time of the frozen
    dataclass's __init__), or None (the composer reads everything) if it has other fields."""
    if [f.name for f in dataclasses.fields(Location)] != ["file", "line", "col"] or \
            "__slots__" not in Location.__dict__:  # pragma: no cover
        return None
    return (Location.__new__, *(Location.__dict__[n].__set__ for n in ("file", "line", "col")))


_LOCATION = _slots()


class _Slow(Exception):
    """The file needs the composer."""


def plain_tag(value: str) -> str:
    """The tag YAML 1.1's implicit resolvers give a plain scalar (Resolver.resolve's rule)."""
    resolvers = _RESOLVERS.get(value[0] if value else "")
    if resolvers:
        for tag, regexp in resolvers:
            if regexp.match(value):
                return str(tag)
    return _STR


_TYPED_VALUES: dict[str, Any] = {}  # plain text -> its value (immutable values only)


def plain_value(text: str, tag: str) -> Any:
    """A typed plain scalar's value as the safe constructor makes it (a date as ISO text)."""
    if tag not in _TYPED:
        raise _Slow
    try:
        return _TYPED_VALUES[text]
    except KeyError:
        pass
    try:
        value = _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, yaml.ScalarNode(tag, text))
    except (ValueError, LookupError, AttributeError, TypeError, ArithmeticError):
        raise _Slow from None
    if isinstance(value, datetime.date):
        value = value.isoformat()
    if len(_TYPED_VALUES) < 4096:
        _TYPED_VALUES[text] = value
    return value


def read_events(text: str, file: str, max_nodes: int, max_depth: int) -> Read | None:
    """(data, marks, key_marks, raw, nonfinite) as the composer's walk records them, or None
    when the text needs the composer (see the module's note)."""
    return _read(text, file, max_nodes, max_depth, True)


def read_values(text: str, file: str, max_nodes: int, max_depth: int) -> Read | None:
    """`read_events` without the positions below the top level: (data, marks of the root and
    of its own items or keys' values only, no key marks, raw, nonfinite), or None exactly when
    `read_events` gives None. The rest of the positions are `read_events`'s, when asked for."""
    return _read(text, file, max_nodes, max_depth, False)


def _read(text: str, file: str, max_nodes: int, max_depth: int, located: bool) -> Read | None:
    if CParser is None or _LOCATION is None or None in _RESOLVERS:  # pragma: no cover
        return None  # no libyaml, another Location, or a resolver tried on every scalar
    parser = CParser(text)
    try:
        return _walk(parser.get_event, file, max_nodes, max_depth, located)
    except (_Slow, yaml.YAMLError):
        return None
    finally:
        parser.dispose()


def _walk(get: Any, file: str, max_nodes: int, max_depth: int,  # noqa: C901, PLR0912, PLR0915
          located: bool = True) -> Read:
    marks: dict[KeyPath, Location] = {}
    key_marks: dict[KeyPath, Location] = {}
    raw: dict[KeyPath, str] = {}
    nonfinite: list[KeyPath] = []
    # One frame per open collection: [container, its path, the key awaiting its value (a
    # mapping; None while a key is expected), that key's path (located only)].
    stack: list[list[Any]] = []
    root: list[Any] = [[], (), None, None]  # the root's frame: a list that takes the one value
    frame: list[Any] = root
    container: Any
    key: Any
    path: KeyPath | None
    stack.append(frame)
    resolvers, scalar, str_tag = _RESOLVERS.get, _Scalar, _STR
    tags: dict[str, str] = {}  # short plain texts -> their tags
    tag: str | None
    new, set_file, set_line, set_col = _LOCATION  # type: ignore[misc]
    nodes = documents = 0
    resolving = False  # from the first anchor on, events come through `_resolved`
    top = True  # a value here is the root or one of its own (its position kept unlocated)
    while True:
        event = get()
        if event is None:
            break
        kind = event.__class__
        if kind is scalar:
            if event.tag is not None:
                raise _Slow
            if event.anchor is not None and not resolving:
                get, resolving = _resolver(event, get), True
                continue
            text = event.value
            if not event.implicit[0]:  # quoted or a block scalar: text
                tag = str_tag
            elif (tag := tags.get(text)) is None:
                tag = str_tag if resolvers(text[:1]) is None else plain_tag(text)
                if len(text) < 16:  # keys and terms come back
                    tags[text] = tag
            container = frame[0]
            if container.__class__ is dict:
                key = frame[2]
                if key is None:  # this scalar is a key
                    key = text if tag is str_tag else str(plain_value(text, tag))
                    if key in container:
                        raise _Slow
                    frame[2] = key
                    if located:
                        frame[3] = path = (*frame[1], key)
                        mark = event.start_mark
                        at = new(Location)
                        set_file(at, file)
                        set_line(at, mark.line + 1)
                        set_col(at, mark.column + 1)
                        key_marks[path] = at
                    continue
                path = frame[3] if located else None
                frame[2] = None
            else:
                key = None
                path = (() if frame is root else (*frame[1], len(container))) if located else None
            nodes += 1
            if nodes > max_nodes:
                raise _Slow
            if located or top:  # (unlocated: the top level's positions only)
                if path is None:
                    path = _path(frame, root, key, container)
                mark = event.start_mark
                at = new(Location)
                set_file(at, file)
                set_line(at, mark.line + 1)
                set_col(at, mark.column + 1)
                marks[path] = at
            if tag is str_tag:
                value = text
            else:
                value = plain_value(text, tag)
                if value.__class__ is not str:  # a date stays text, in ISO form
                    if path is None:
                        path = _path(frame, root, key, container)
                    raw[path] = text
                    if value.__class__ is float and not math.isfinite(value):
                        nonfinite.append(path)
            if key is None:
                container.append(value)
            else:
                container[key] = value
        elif kind is _MapStart or kind is _SeqStart:
            if event.tag is not None or len(stack) > max_depth:
                raise _Slow
            if event.anchor is not None and not resolving:
                get, resolving = _resolver(event, get), True
                continue
            opened: Any = {} if kind is _MapStart else []
            container = frame[0]
            if container.__class__ is dict:
                key = frame[2]
                if key is None:  # a list or a mapping as a key
                    raise _Slow
                path = frame[3] if located else (*frame[1], key)
                container[key] = opened
                frame[2] = None
            else:
                path = () if frame is root else (*frame[1], len(container))
                container.append(opened)
            nodes += 1
            if nodes > max_nodes:
                raise _Slow
            if located or top:
                mark = event.start_mark
                at = new(Location)
                set_file(at, file)
                set_line(at, mark.line + 1)
                set_col(at, mark.column + 1)
                marks[path] = at
            frame = [opened, path, None, None]
            stack.append(frame)
            top = len(stack) <= 2
        elif kind is _MapEnd or kind is _SeqEnd:
            stack.pop()
            frame = stack[-1]
            top = len(stack) <= 2
        elif kind is _DocStart:
            documents += 1
            if documents > 1:
                raise _Slow
        elif kind is _Alias:  # before any anchor: an undefined alias, the composer's error
            raise _Slow
    if len(root[0]) != 1:
        raise _Slow
    return root[0][0], marks, key_marks, raw, nonfinite


def _resolver(first: Any, get: Any) -> Any:
    """What gives the walk its events from `first` (the first with an anchor) on: `get`'s, each
    alias replaced by the events of the node its anchor marks, as the composer hands the
    builder that node again wherever an alias names it (its values made anew, its positions
    the node's, its values counted again); None at the end."""
    return partial(next, _resolved(first, get), None)


def _resolved(event: Any, get: Any) -> Iterator[Any]:
    """The events of `_resolver`: what the composer refuses or makes a cycle of (an anchor
    given twice, an alias of an anchor not yet defined or whose node is still open) raises
    _Slow, and the composer says what it says of it."""
    anchors: dict[str, list[Any]] = {}  # an anchor -> its node's events, aliases as written
    recording: list[list[Any]] = []  # [anchor, events, open collections] of nodes still open
    while event is not None:
        kind = event.__class__
        if kind is _Alias:
            replayed = anchors.get(event.anchor)
            if replayed is None:
                raise _Slow
            for open_node in recording:
                open_node[1].append(event)
            yield from _replayed(replayed, anchors)
            event = get()
            continue
        anchor = event.anchor if kind is _Scalar or kind is _MapStart or kind is _SeqStart else None
        if anchor is not None:
            if anchor in anchors or any(open_node[0] == anchor for open_node in recording):
                raise _Slow
            if kind is _Scalar:
                anchors[anchor] = [event]
            else:
                recording.append([anchor, [], 0])
        step = 1 if kind is _MapStart or kind is _SeqStart else (
            -1 if kind is _MapEnd or kind is _SeqEnd else 0)
        for open_node in recording:
            open_node[1].append(event)
            open_node[2] += step
        if step < 0 and recording[-1:] and recording[-1][2] == 0:  # its node ends here
            anchor, events, _ = recording.pop()
            anchors[anchor] = events
        yield event
        event = get()


def _replayed(events: list[Any], anchors: dict[str, list[Any]]) -> Iterator[Any]:
    """A node's events again, each alias in them replaced by its anchor's."""
    for event in events:
        if event.__class__ is _Alias:
            yield from _replayed(anchors[str(event.anchor)], anchors)
        else:
            yield event


def _path(frame: list[Any], root: list[Any], key: Any, container: Any) -> KeyPath:
    """The key path of the value about to go into the frame's container (under `key`, or
    next in a list)."""
    if key is not None:
        return (*frame[1], key)
    return () if frame is root else (*frame[1], len(container))
