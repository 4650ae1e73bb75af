"""A record that every face of an edition lays out without a problem, so `cardgen check` need
not lay them out again.

A build that laid out every face of the edition (no --changed-since subset, no ink saver) and
met no layout error writes PROJECT/.cardgen-cache/clean-<game>-<edition>.json: a key of all its
faces read (the face cache's database key and every component) and the image files their
layouts probed, signed with this user's cache key. `cardgen check` finds the layout problems
with cardgen.cli.build_cmd.face_problems; when the record matches the project as it is now
(the same key, every probed image as it was), there are none and nothing is laid out, so the
check never loads the layout language. Any change to the code, the game, the edition, a
layout, an icon, a component or a probed image changes the key or a probe.

A build also leaves what its check read of the rulebooks and quotes (cardgen.check.mdtext's
memo) in PROJECT/.cardgen-cache/text-<game>-<edition>.json, signed the same way and valid for
the same code, markdown-it and Unicode data: the next check takes it as read (a text that
changed since is read anew), so it neither loads markdown-it nor reads unchanged text again.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardgen.data.model import Component, Database
from cardgen.pipeline.sources import (
    CACHE_FOLDER,
    Probes,
    _component_repr,
    _probe,
    _sign,
    _versions,
    cache_secret,
    database_key,
    toolchain,
)


def record_path(db: Database) -> Path:
    return db.project / CACHE_FOLDER / f"clean-{db.game.id}-{db.edition.id}.json"


def edition_key(db: Database, base: str | None = None,
                written: dict[int, tuple[Component, str]] | None = None) -> str:
    """Digest of everything laying out every face of the edition reads, but probed images
    (`base`: its database_key, when the caller has it; `written`: components and their
    `_component_repr` by id(), as the face cache wrote them out)."""
    digest = hashlib.sha1((base or database_key(db)).encode())
    known = written or {}
    for component in db.components:
        found = known.get(id(component))
        text = found[1] if found is not None and found[0] is component else None
        digest.update((_component_repr(component) if text is None else text).encode("utf-8")
                      + b"\0")
    return digest.hexdigest()


def _body(key: str, probes: list[list[str]]) -> bytes:
    return json.dumps({"key": key, "probes": probes}, sort_keys=True).encode("utf-8")


def record_clean(db: Database, probes: Iterable[Probes], base: str | None = None,
                 written: dict[int, tuple[Component, str]] | None = None) -> None:
    """Note that every face of db laid out without an error (their probed images given;
    `base` and `written` as edition_key takes them)."""
    secret = cache_secret()
    if secret is None:
        return
    seen = sorted({(path, was) for face in probes for path, was in face})
    body = _body(edition_key(db, base, written), [list(p) for p in seen])
    path = record_path(db)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(_sign(secret, body).hex().encode() + b"\n" + body)
        os.replace(tmp, path)
    except OSError:  # a read-only project: check lays the faces out instead
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def known_clean(db: Database) -> bool:
    """Whether this user's record says every face of db, as it is now, lays out cleanly."""
    secret = cache_secret()
    try:
        signature, body = record_path(db).read_bytes().split(b"\n", 1)
    except (OSError, ValueError):
        return False
    if secret is None or not hmac.compare_digest(signature, _sign(secret, body).hex().encode()):
        return False
    try:
        data = json.loads(body)
        key, probes = data["key"], data["probes"]
    except (ValueError, KeyError, TypeError):
        return False
    if key != edition_key(db):
        return False
    return all(isinstance(p, list) and len(p) == 2 and _probe(p[0]) == p[1] for p in probes)


# --------------------------------------------------------------------------- text read


def text_record_path(db: Database) -> Path:
    return db.project / CACHE_FOLDER / f"text-{db.game.id}-{db.edition.id}.json"


def _reader() -> str:
    """What reading text depends on besides the text: cardgen's code, markdown-it, Unicode."""
    markdown = _versions(("markdown-it-py",)).get("markdown-it-py", "none")
    return hashlib.sha1(f"{toolchain()}\0{markdown}\0{unicodedata.unidata_version}".encode()).hexdigest()


_RECALLED: dict[Path, bytes] = {}  # record path -> the body this process took from it
_MDTEXT = "cardgen.check.mdtext"


def _read_text() -> dict[str, Any]:
    """mdtext.memo(): what this process read of rulebooks and quotes; nothing when it never
    loaded the reader (a check without a rulebook or a quote reads no text)."""
    if _MDTEXT not in sys.modules:
        return {"plain": {}, "docs": {}}
    from cardgen.check import mdtext

    return mdtext.memo()


def recall_text(db: Database) -> None:
    """Take the text the last build of db read (its signed record) as read."""
    secret = cache_secret()
    path = text_record_path(db)
    try:
        signature, body = path.read_bytes().split(b"\n", 1)
    except (OSError, ValueError):
        return
    if secret is None or not hmac.compare_digest(signature, _sign(secret, body).hex().encode()):
        return
    try:
        data = json.loads(body)
    except ValueError:
        return
    if isinstance(data, dict) and data.get("reader") == _reader() and isinstance(data.get("memo"), dict):
        if any(data["memo"].values()) or _MDTEXT in sys.modules:
            from cardgen.check import mdtext

            mdtext.recall(data["memo"])
        _RECALLED[path] = body


def record_text(db: Database) -> None:
    """Leave what this process read (mdtext.memo) for the next check of db (a build's part)."""
    secret = cache_secret()
    if secret is None:
        return
    path = text_record_path(db)
    body = json.dumps({"reader": _reader(), "memo": _read_text()}, ensure_ascii=False,
                      sort_keys=True).encode("utf-8")
    if _RECALLED.get(path) == body:
        return
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ignore = path.parent / ".gitignore"  # as the face cache leaves it: the folder is ours
        if not ignore.exists():
            ignore.write_text("*\n", encoding="utf-8")
        tmp.write_bytes(_sign(secret, body).hex().encode() + b"\n" + body)
        os.replace(tmp, path)
        _RECALLED[path] = body
    except OSError:  # a read-only project: the next check reads the text itself
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
