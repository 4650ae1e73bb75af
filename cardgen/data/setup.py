"""An edition's `setup:` steps: each step's kind is one the game defines, and its `where:`
names fields the kind has (a typo would set up nothing); located problems with a hint."""

from __future__ import annotations

from cardgen.data.model import BASE_FIELDS, KindSpec, SetupStep
from cardgen.data.yamlsrc import Source
from cardgen.errors import Problem, did_you_mean


def setup_problems(steps: list[SetupStep], source: Source, kinds: dict[str, KindSpec]) -> list[Problem]:
    """Problems of the steps of one edition file, each at its key."""
    out: list[Problem] = []
    for i, step in enumerate(steps):
        path: tuple[str | int, ...] = ("setup", i, step.verb)
        if step.kind not in kinds:
            out.append(Problem("unknown-kind", f"set-up step {i + 1} names kind '{step.kind}', "
                               "which is not defined", where=source.value_where(path),
                               path=source.label(path),
                               hint=did_you_mean(step.kind, kinds) or f"kinds: {', '.join(sorted(kinds))}"))
            continue
        for key in ("each", "onto"):
            named = getattr(step, key)
            if named is not None and named not in kinds and not (key == "each" and named == "player"):
                at_key: tuple[str | int, ...] = ("setup", i, key)
                out.append(Problem("unknown-kind", f"set-up step {i + 1}'s {key}: names '{named}', "
                                   f"which is {'neither player nor ' if key == 'each' else ''}a kind",
                                   where=source.value_where(at_key), path=source.label(at_key),
                                   hint=did_you_mean(named, kinds) or "write player or a kind"))
        known = [*kinds[step.kind].fields, *BASE_FIELDS]
        for key in step.where or {}:
            if key not in known:
                at: tuple[str | int, ...] = ("setup", i, "where", key)
                out.append(Problem("unknown-field", f"set-up step {i + 1} selects {step.kind} by "
                                   f"'{key}', a field {step.kind} does not have",
                                   where=source.where(at), path=source.label(at),
                                   hint=did_you_mean(key, known) or f"fields: {', '.join(known)}"))
    return out
