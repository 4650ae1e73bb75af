"""Every family of finding the check reports: its id, default severity and what it means.

`cardgen check --list-rules` prints this list; docs/rulebooks.md describes the same families.
"""

from __future__ import annotations

from cardgen.records import record


@record(frozen=True)
class Family:
    id: str
    severity: str  # error | warning | note: the severity a finding of it has unless a rule says
    description: str


FAMILIES: tuple[Family, ...] = (
    Family("rulebook-missing", "warning", "the rulebook file edition.yaml names is not there"),
    Family("box-list-missing", "warning", "no box-list section found in the rulebook"),
    Family("box-list-line", "error", "a box-list row's line: is not a line of the rulebook's box list"),
    Family("box-list-unmapped", "warning", "a line of the rulebook's box list no row stands for"),
    Family("rulebook-edit", "error", "a box-list line changed in the rulebook (a count or a name) "
                                     "that the data did not follow"),
    Family("quote-changed", "error", "a text the data quotes is no longer in the rulebook "
                                     "(closest line and word diff)"),
    Family("rules-count", "warning", "a number the set-up or play text ties to a component differs "
                                     "from the data"),
    Family("setup-count", "error", "a number an edition's setup: step quotes from the rulebook "
                                   "differs from the rulebook's set-up text (or its words are gone)"),
    Family("rules-use-unlisted", "warning", "the rules use a component the box list does not list"),
    Family("unknown-component", "warning", "the rules count a component that neither the box "
                                           "list nor the data knows"),
    Family("two-names", "warning", "the same thing under two names in the rulebook (or the "
                                   "rulebook and the data)"),
    Family("total-vs-parts", "warning", "a box-list line's total is not the sum of the parts it "
                                        "lists"),
    Family("step-numbering", "warning", "numbered steps skip or repeat a number (1, 3, 4)"),
    Family("rulebook-todo", "warning", "the rulebook holds a placeholder (TODO, TBD, FIXME)"),
    Family("rulebook-problem", "warning", "a rulebook problem the data records where text "
                                          "analysis cannot see it (rulebook_mentions problem:)"),
    Family("stale-acceptance", "warning", "an acknowledgement whose finding no longer occurs"),
    Family("rulebook-note", "note", "the data's own note on a rulebook passage (never fails)"),
    Family("one-each", "error", "game rule: every combination present exactly once"),
    Family("exists", "error", "game rule: every value on the left appears on the right"),
    Family("agree", "error", "game rule: a reference and its target agree on fields"),
    Family("unique", "error", "game rule: values are unique"),
    Family("expr", "error", "game rule: an expression over counts holds"),
    Family("bad-selector", "error", "a game rule's selector cannot be read"),
    Family("bad-expr", "error", "a game rule's expression cannot be evaluated"),
)


def family_ids() -> list[str]:
    return [f.id for f in FAMILIES]
