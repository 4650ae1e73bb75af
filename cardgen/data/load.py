"""Project folder + GAME[@EDITION] -> Database (typed, validated, editions merged).

Raises ProblemsError holding every problem found; never a traceback for a data mistake.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from cardgen.data.components import component as _component
from cardgen.data.components import kept_components as _kept_components
from cardgen.data.components import kept_items, note_text, owned_item
from cardgen.data.filekeep import quoting, take_file
from cardgen.data.model import (
    Component,
    Database,
    Edition,
    EditionFile,
    FieldSpec,
    Game,
    GameFile,
    KindSpec,
    Quoted,
    Rule,
    SetupStep,
    Tables,
    Term,
)
from cardgen.data.paths import SLUG_HINT, TABLE_SUFFIXES, slug_problem
from cardgen.data.project import PROJECT_FILE as PROJECT_FILE  # re-exported
from cardgen.data.project import check_name as check_name
from cardgen.data.project import confined_name as _confined
from cardgen.data.project import default_game as default_game
from cardgen.data.project import find_project as find_project
from cardgen.data.project import list_editions as list_editions
from cardgen.data.project import list_games as list_games
from cardgen.data.project import parse_target as parse_target
from cardgen.data.project import read_config as read_config
from cardgen.data.project import read_confined as _read
from cardgen.data.quoted import file_quotes
from cardgen.data.setup import setup_problems
from cardgen.data.validate import ComponentContext, check_component, parse_model
from cardgen.data.yamlsrc import KeyPath, Source
from cardgen.errors import Location, Problem, ProblemsError, did_you_mean
from cardgen.limits import MAX_COMPONENTS, MAX_COPIES
from cardgen.records import record

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


# ---------------------------------------------------------------- loading


@record
class _EditionSource:
    id: str
    root: Path
    source: Source
    file: EditionFile


WAIVED_IN_DRAFTS = ("missing-image",)


def load_database(project: Path, game: str, edition: str | None = None, *,
                  draft: bool = False) -> Database:
    """Load and validate one edition of a game, with everything it extends.

    A draft (a play-test copy) lets the problems in WAIVED_IN_DRAFTS through, in `db.waived`."""
    project = project.resolve()
    problems: list[Problem] = []
    check_name(game, "game")
    if edition is not None:
        check_name(edition, "edition")
    game_root = _game_root(project, game)
    game_source = _read(project, game_root / "game.yaml")
    game_file = parse_model(GameFile, game_source, problems)
    if game_file is None:
        raise ProblemsError(problems)
    if edition is None:
        check_name(game_file.default_edition, "edition", game_source.value_where(("default_edition",)),
                   "default_edition")
    chain = _edition_chain(project, game, edition or game_file.default_edition, problems)
    if problems:
        raise ProblemsError(problems)
    vocab, kinds, rules = _merged_vocabulary(game_file, chain)
    rule_where = [src.where(("rules", i)) for src in [game_source, *(e.source for e in chain)]
                  for i in range(len(src.data.get("rules") or []) if isinstance(src.data, dict) else 0)]
    _check_kind_specs(kinds, vocab, game_source, chain, problems)
    _check_inventory_kinds(kinds, chain, problems)
    problems.extend(p for e in chain for p in setup_problems(e.file.setup, e.source, kinds))
    waived: list[Problem] | None = [] if draft else None
    quotes: dict[str, list[Quoted]] = {}
    kinds_tables = (kinds, game_file.tables)
    components = _load_components(project, game_root, chain, kinds_tables, vocab, problems, waived,
                                  quotes)
    file_quoted = _file_quotes(project, game, game_file, game_source, chain, problems)
    problems.extend(_size_problems(components))
    if problems:
        raise ProblemsError(problems)
    game_model = _game(game, game_root, game_file, vocab, kinds, rules)
    game_model.rule_where = rule_where
    game_model.icon_where = {alias: game_source.value_where(("icons", alias))
                             for alias in game_file.icons}
    kept = {c.id for c in components}
    return Database(project, game_model, _edition(chain), components, draft=draft,
                    waived=waived or [], quotes=file_quoted + [
                        q for cid, found in quotes.items() if cid in kept for q in found])


def _layer_rulebook(chain: list[_EditionSource], index: int) -> Path | None:
    """The rulebook of chain[index]: its own, else the nearest edition it extends that names one."""
    named = next((e for e in reversed(chain[:index + 1]) if e.file.rulebook), None)
    return named.root / named.file.rulebook if named and named.file.rulebook else None


def _file_quotes(project: Path, game: str, game_file: GameFile, game_source: Source,
                 chain: list[_EditionSource], problems: list[Problem]) -> list[Quoted]:
    """The quotes of game.yaml (in the default edition's rulebook) and of each edition.yaml."""
    out: list[Quoted] = []
    for i, layer in enumerate(chain):
        out += file_quotes(layer.source, _layer_rulebook(chain, i), problems)
    if chain and chain[-1].id == game_file.default_edition:
        default = _layer_rulebook(chain, len(chain) - 1)
    else:
        ignored: list[Problem] = []
        default_chain = _edition_chain(project, game, game_file.default_edition, ignored)
        default = _layer_rulebook(default_chain, len(default_chain) - 1) if default_chain else None
    return file_quotes(game_source, default, problems) + out


def check_target(project: Path, game: str, edition: str | None) -> None:
    """Raise the unknown-game or unknown-edition problem a load of this target would raise
    first (cheaply: for a command that must not start on a mistyped target, `cardgen watch`)."""
    _game_root(project, game)
    if edition is not None and edition not in list_editions(project, game):
        raise ProblemsError([_unknown_edition(project, game, edition, None)])


def _game_root(project: Path, game: str) -> Path:
    root = project / "data" / game
    if not (root / "game.yaml").is_file():
        games = list_games(project)
        raise ProblemsError([Problem(
            "unknown-game", f"no game '{game}' under {project / 'data'}",
            hint=did_you_mean(game, games) or f"games here: {', '.join(games) or 'none'}")])
    return root


def _edition_chain(project: Path, game: str, edition: str,
                   problems: list[Problem]) -> list[_EditionSource]:
    """The edition and every edition it extends, root first; cycles and unknowns are problems."""
    chain: list[_EditionSource] = []
    seen: list[str] = []
    current: str | None = edition
    via: tuple[Source, str] | None = None
    while current is not None:
        if current in seen:
            problems.append(Problem(
                "extends-cycle", "editions extend each other in a circle: "
                + " -> ".join([*seen, current]), where=chain[0].source.where(("extends",)),
                path="extends", hint="one edition must extend none"))
            return []
        root = project / "data" / game / current
        if not (root / "edition.yaml").is_file():
            problems.append(_unknown_edition(project, game, current, via))
            return []
        source = _read(project, root / "edition.yaml")
        parsed = parse_model(EditionFile, source, problems)
        if parsed is None:
            return []
        if parsed.extends is not None and (why := slug_problem(parsed.extends, "edition")):
            problems.append(Problem("bad-name", why, where=source.value_where(("extends",)),
                                    path="extends", hint=f"name an edition folder: {SLUG_HINT}"))
            return []
        chain.insert(0, _EditionSource(current, root, source, parsed))
        seen.append(current)
        via = (source, current)
        current = parsed.extends
    return chain


def _unknown_edition(project: Path, game: str, edition: str,
                     via: tuple[Source, str] | None) -> Problem:
    editions = list_editions(project, game)
    where = via[0].value_where(("extends",)) if via else None
    return Problem("unknown-edition", f"game '{game}' has no edition '{edition}'", where=where,
                   path="extends" if via else "",
                   hint=did_you_mean(edition, editions) or f"editions: {', '.join(editions)}")


def _merged_vocabulary(game_file: GameFile, chain: list[_EditionSource]
                       ) -> tuple[dict[str, dict[str, Term]], dict[str, KindSpec], list[Rule]]:
    vocab: dict[str, dict[str, Term]] = {}
    kinds: dict[str, KindSpec] = {}
    rules: list[Rule] = []
    layers: list[GameFile | EditionFile] = [game_file, *(e.file for e in chain)]
    for layer in layers:
        for name, terms in layer.vocab.items():
            vocab.setdefault(name, {}).update({str(t.id): t for t in terms})
        kinds.update(layer.kinds)
        rules.extend(layer.rules)
    return vocab, kinds, rules


def _check_kind_specs(kinds: dict[str, KindSpec], vocab: dict[str, dict[str, Term]],
                      game_source: Source, chain: list[_EditionSource],
                      problems: list[Problem]) -> None:
    """Every term field names a known vocabulary; every ref names a known kind."""
    sources = [game_source, *(e.source for e in chain)]
    for kind_name, kind in kinds.items():
        source = next((s for s in reversed(sources)
                       if isinstance(s.data, dict) and kind_name in (s.data.get("kinds") or {})),
                      game_source)
        if why := slug_problem(kind_name, "kind"):
            problems.append(Problem("bad-name", why, where=source.where(("kinds", kind_name)),
                                    path=source.label(("kinds", kind_name)),
                                    hint=f"kind names become output file names: {SLUG_HINT}"))
        for key in ("layout", "back"):
            name = getattr(kind, key)
            if name is not None and any(slug_problem(part, "layout") for part in name.split("/")):
                path = ("kinds", kind_name, key)
                problems.append(Problem(
                    "bad-name", f"layout '{name}' is not a layout name", where=source.value_where(path),
                    path=source.label(path), hint="name a file under layouts/ without its .yaml, "
                    "e.g. common/poker-card (no '..', no leading '/')"))
        for fname, spec in kind.fields.items():
            _check_field_spec(spec, ("kinds", kind_name, "fields", fname), source, vocab, kinds,
                              problems)


def _check_inventory_kinds(kinds: dict[str, KindSpec], chain: list[_EditionSource],
                           problems: list[Problem]) -> None:
    """Every box-list row names kinds the game defines (a typo would read "short 0 of 20")."""
    for e in chain:
        for i, row in enumerate(e.file.inventory):
            for j, kind in enumerate(row.kinds):
                if kind in kinds:
                    continue
                path: tuple[str | int, ...] = ("inventory", i, "kind")
                if not isinstance(row.kind, str):
                    path = (*path, j)
                problems.append(Problem(
                    "unknown-kind", f"box-list row '{row.line}' names kind '{kind}', which is not "
                    "defined", where=e.source.value_where(path), path=e.source.label(path),
                    hint=did_you_mean(kind, kinds) or f"kinds: {', '.join(sorted(kinds))}"))


def _check_field_spec(spec: FieldSpec, path: tuple[str | int, ...], source: Source,
                      vocab: dict[str, Any], kinds: dict[str, Any], problems: list[Problem]) -> None:
    if spec.type == "term" and spec.vocab not in vocab:
        problems.append(Problem(
            "unknown-vocab", f"term field names vocabulary '{spec.vocab}', which no vocab defines",
            where=source.value_where((*path, "vocab")), path=source.label((*path, "vocab")),
            hint=did_you_mean(str(spec.vocab), vocab)))
    if spec.type == "ref" and spec.kind is not None and spec.kind not in kinds:
        problems.append(Problem(
            "unknown-kind", f"ref field names kind '{spec.kind}', which is not defined",
            where=source.value_where((*path, "kind")), path=source.label((*path, "kind")),
            hint=did_you_mean(spec.kind, kinds)))
    if spec.of is not None:
        _check_field_spec(spec.of, (*path, "of"), source, vocab, kinds, problems)
    for name, sub in (spec.fields or {}).items():
        _check_field_spec(sub, (*path, "fields", name), source, vocab, kinds, problems)


# ---------------------------------------------------------------- components


def _load_components(project: Path, game_root: Path, chain: list[_EditionSource],
                     kinds_tables: tuple[dict[str, KindSpec], Tables],
                     vocab: dict[str, dict[str, Term]],
                     problems: list[Problem], waived: list[Problem] | None = None,
                     quotes: dict[str, list[Quoted]] | None = None) -> list[Component]:
    kinds, tables = kinds_tables
    ctx = ComponentContext(vocab, kinds)
    merged: dict[str, dict[str, Any]] = {}
    places: dict[str, tuple[Location, str]] = {}
    texts: dict[str, str] = {}  # id -> the one item's text it was taken from whole (keeping)
    for index, layer in enumerate(chain):
        own: dict[str, tuple[Source, KeyPath]] = {}  # id -> where this layer wrote it
        for path in _component_files(layer.root):
            source = _try_read(project, path, problems, kinds, tables)
            if source is not None:
                take_file(source, layer.id, (merged, places, own, texts), ctx,
                          quoting(_layer_rulebook(chain, index), quotes, ctx.problems),
                          partial(_take_file, source, layer, merged, places, own, ctx, texts))
        _remove(layer, merged, places, problems)
    _resolve_refs(ctx, merged)
    _check_images(ctx, game_root)
    for problem in ctx.problems:
        if waived is not None and problem.rule in WAIVED_IN_DRAFTS:
            waived.append(problem)
        else:
            problems.append(problem)
    if problems:  # values may be of any type: build no Component from them
        return []
    if not texts:
        return [_component(cid, data, *places[cid]) for cid, data in merged.items()]
    return _kept_components(merged, places, texts)


def _component_files(root: Path) -> list[Path]:
    """The edition's component files: every *.yaml but edition.yaml; every *.csv, *.tsv, *.xlsx."""
    return sorted(p for p in root.iterdir() if p.is_file() and p.name != "edition.yaml"
                  and not p.name.startswith((".", "~"))  # editors' lock and temporary files
                  and (p.suffix == ".yaml" or p.suffix.lower() in TABLE_SUFFIXES))


def _try_read(project: Path, path: Path, problems: list[Problem],
              kinds: dict[str, KindSpec], tables: Tables) -> Source | None:
    try:
        if path.suffix.lower() in TABLE_SUFFIXES:
            from cardgen.data.tabular import read_table  # only an edition with a table

            return read_table(path, _confined(project, path), kinds, tables)
        return _read(project, path, share=True)  # items copied before written: _take_file
    except ProblemsError as exc:
        problems.extend(exc.problems)
        return None


def _take_file(source: Source, layer: _EditionSource, merged: dict[str, dict[str, Any]],
               places: dict[str, tuple[Location, str]], own: dict[str, tuple[Source, KeyPath]],
               ctx: ComponentContext, texts: dict[str, str]) -> None:
    source.prefix = (Path(source.file).stem,)
    if not isinstance(source.data, list):
        ctx.problems.append(Problem(
            "bad-type", "a components file holds a list of components", where=source.where(()),
            hint="start each component with '- id: ...'"))
        return
    items, where, layer_id = source.data, source.value_where, layer.id
    for i, kept in enumerate(kept_items(items, ctx)):
        if kept is not None and kept[0] not in merged and kept[0] not in own:
            cid, texts[cid] = kept  # what _take_component and note_text do, unchecked
            merged[cid] = dict(items[i])
            own[cid], places[cid] = (source, (i, "id")), (where((i,)), layer_id)
            continue
        item, path = owned_item(source, i, merged, ctx), (i,)
        if not isinstance(item, dict):
            ctx.problems.append(Problem("bad-type", "each component is a mapping (key: value)",
                                        where=source.value_where(path), path=source.label(path),
                                        hint="write '- id: ...' then indented 'key: value' lines"))
            continue
        _take_component(item, source, path, layer, merged, places, own, ctx)
        note_text(item, merged, texts)


def _take_component(item: dict[str, Any], source: Source, path: tuple[str | int, ...],
                    layer: _EditionSource, merged: dict[str, dict[str, Any]],
                    places: dict[str, tuple[Location, str]],
                    own: dict[str, tuple[Source, KeyPath]], ctx: ComponentContext) -> None:
    cid = item.get("id")
    where = source.value_where(path)
    if isinstance(cid, str) and cid in own:
        first_source, first_path = own[cid]  # located only now (`Source.value_where`)
        first = first_source.value_where(first_path)
        ctx.problems.append(Problem(
            "duplicate-id", f"id '{cid}' is used twice", where=source.value_where((*path, "id")),
            path=source.label((*path, "id")), hint=f"first used at {first}; ids must be unique"))
        return
    inherited = isinstance(cid, str) and cid in merged and "kind" not in item
    if inherited:
        patch = {**item, "kind": merged[str(cid)]["kind"]}
        check_component(patch, source, path, ctx, patch=True)
        merged[str(cid)] = {**merged[str(cid)], **item}
    else:
        check_component(item, source, path, ctx, patch=False)
        if isinstance(cid, str):
            merged[cid] = dict(item)
    if isinstance(cid, str):
        own[cid] = (source, (*path, "id"))
        places[cid] = (where, layer.id)


def _remove(layer: _EditionSource, merged: dict[str, dict[str, Any]],
            places: dict[str, tuple[Location, str]], problems: list[Problem]) -> None:
    for i, cid in enumerate(layer.file.remove):
        if cid not in merged:
            problems.append(Problem(
                "unknown-id", f"cannot remove '{cid}': no such component",
                where=layer.source.value_where(("remove", i)), path=f"remove[{i}]",
                hint=did_you_mean(cid, merged)))
            continue
        del merged[cid]
        del places[cid]


def _resolve_refs(ctx: ComponentContext, merged: dict[str, dict[str, Any]]) -> None:
    for ref in ctx.refs:
        target = merged.get(ref.target)
        if target is None:
            ctx.problems.append(Problem(
                "unknown-id", f"no component with id '{ref.target}'",
                where=ref.source.value_where(ref.path), path=ref.source.label(ref.path),
                hint=did_you_mean(ref.target, merged)))
        elif ref.kind is not None and target.get("kind") != ref.kind:
            ctx.problems.append(Problem(
                "wrong-kind", f"'{ref.target}' is a {target.get('kind')}, expected a {ref.kind}",
                where=ref.source.value_where(ref.path), path=ref.source.label(ref.path),
                hint=did_you_mean(ref.target, [k for k, v in merged.items()
                                               if v.get("kind") == ref.kind])))


def _check_images(ctx: ComponentContext, game_root: Path) -> None:
    base = game_root.resolve()
    for source, path, value in ctx.images:
        found = _image_problem(base, value)
        if found is not None:
            rule, message, hint = found
            ctx.problems.append(Problem(rule, message, where=source.value_where(path),
                                        path=source.label(path), hint=hint))


def _image_problem(base: Path, value: str) -> tuple[str, str, str] | None:
    """(rule, message, hint) when an image path is unusable, outside the game folder or missing."""
    try:
        target = (base / value).resolve()
        exists = target.is_file()
    except (ValueError, OSError):  # a NUL byte, a name too long for the file system
        return ("bad-image", f"image path {value!r} is not a usable file name",
                "write a short path such as art/name.png")
    if not target.is_relative_to(base):
        return ("image-outside", f"image '{value}' is outside the game folder",
                f"put images under {base.name}/ and give the path relative to it")
    if not exists:
        return ("missing-image", f"image '{value}' does not exist",
                f"paths are relative to data/{base.name}/")
    if target.suffix.lower() not in (*IMAGE_SUFFIXES, ".svg"):
        return ("bad-image", f"image '{value}' is not a PNG, JPEG or SVG file",
                "save the art as .png, .jpg or .svg")
    return None


def _size_problems(components: list[Component]) -> list[Problem]:
    """An edition too big to print: more components or copies than cardgen builds."""
    if len(components) > MAX_COMPONENTS:
        return [Problem("too-many", f"{len(components)} components; at most {MAX_COMPONENTS}",
                        where=components[MAX_COMPONENTS].where,
                        hint="split the game, or remove generated filler")]
    copies = sum(c.count for c in components)
    if copies > MAX_COPIES:
        biggest = max(components, key=lambda c: c.count)
        return [Problem("too-many", f"{copies} copies in all; a build prints at most {MAX_COPIES}",
                        where=biggest.where, path=f"{biggest.id}.count",
                        hint=f"'{biggest.id}' alone has count {biggest.count}; is a count a typo?")]
    return []


# ---------------------------------------------------------------- assembling


def _game(game: str, root: Path, file: GameFile, vocab: dict[str, dict[str, Term]],
          kinds: dict[str, KindSpec], rules: list[Rule]) -> Game:
    return Game(id=game, root=root, name=file.name, title=file.title or file.name,
                default_edition=file.default_edition, vocab=vocab, kinds=kinds, rules=rules,
                status=file.status, icons=dict(file.icons), language=file.language)


def _edition(chain: list[_EditionSource]) -> Edition:
    """The newest edition, with inventory and players inherited when it states none."""
    top = chain[-1]
    inventory = next((e.file.inventory for e in reversed(chain) if e.file.inventory), [])
    owner = next((e for e in reversed(chain) if e.file.inventory), top)
    players = next((e.file.players for e in reversed(chain) if e.file.players), None)
    mentions = [m for e in chain for m in e.file.rulebook_mentions]
    named = next((e for e in reversed(chain) if e.file.rulebook), None)
    mention_where = [e.source.where(("rulebook_mentions", i))
                     for e in chain for i in range(len(e.file.rulebook_mentions))]
    where = {f"inventory[{i}]": owner.source.where(("inventory", i)) for i in range(len(inventory))}
    where.update({f"mentions[{i}]": loc for i, loc in enumerate(mention_where)})
    if named:
        where["rulebook"] = named.source.value_where(("rulebook",))
    where.update({f"box_list_skip[{i}]": owner.source.where(("box_list_skip", i))
                  for i in range(len(owner.file.box_list_skip))})
    accepted = [(a, e.source.where(("accepted", i))) for e in chain
                for i, a in enumerate(e.file.accepted)]
    where.update({f"accepted[{i}]": loc for i, (_, loc) in enumerate(accepted)})
    return Edition(id=top.id, root=top.root, title=top.file.title or top.id, date=top.file.date,
                   rulebook=named.file.rulebook if named else None, extends=top.file.extends,
                   players=players, inventory=inventory, mentions=mentions, where=where,
                   rulebook_path=(named.root / named.file.rulebook) if named and named.file.rulebook
                   else None, box_list_skip=list(owner.file.box_list_skip),
                   accepted=[a for a, _ in accepted], setup=_setup(chain, where))


def _setup(chain: list[_EditionSource], where: dict[str, Location]) -> list[SetupStep]:
    """The newest edition's set-up steps (inherited when it states none), located."""
    owner = next((e for e in reversed(chain) if e.file.setup), chain[-1])
    where.update({f"setup[{i}]": owner.source.where(("setup", i)) for i in range(len(owner.file.setup))})
    return list(owner.file.setup)
