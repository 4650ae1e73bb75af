"""Acknowledged findings (accept.py), one finding per subject (findings.py), the rulebook's own
form (structure.py) and the check in short on a draft's first page (text.py)."""

from __future__ import annotations

from typing import Any

from cardgen.check import accept
from cardgen.check.findings import Finding, deduplicate
from cardgen.check.mdtext import read
from cardgen.check.report import Report, Row
from cardgen.check.rules import RuleResult
from cardgen.check.structure import placeholder_findings, step_findings
from cardgen.check.text import report_lines, waived_summary
from cardgen.data.model import Acceptance
from cardgen.errors import Location, Problem
from tests.support.checkdb import make_db

# ---------------------------------------------------------------- acknowledgements


def _acc(finding: str, about: str) -> Acceptance:
    return Acceptance(finding=finding, about=about, reason="r")


def test_an_acknowledgement_matches_its_family_and_any_words_of_the_finding() -> None:
    f = Finding("two-names", "warning", "the rules call it  'Threat\nToken'", quote="Place it",
                where="r.md:9:1", subject="Threat Token", also=["Roll the Other one"])
    assert accept.matches(_acc("two-names", "THREAT token"), f)
    assert accept.matches(_acc("two-names", "call it 'threat token'"), f)
    assert accept.matches(_acc("two-names", "place"), f)
    assert accept.matches(_acc("two-names", "r.md:9"), f)
    assert accept.matches(_acc("two-names", "other  one"), f)
    assert not accept.matches(_acc("rules-count", "threat token"), f)
    assert not accept.matches(_acc("two-names", "marker"), f)
    bare = Finding("two-names", "warning", "m")
    assert accept.matches(_acc("two-names", "m"), bare) and not accept.matches(_acc("two-names", "x"), bare)


def test_apply_marks_findings_keeps_their_own_reason_and_reports_stale_ones() -> None:
    db = make_db(accepted=[{"finding": "two-names", "about": "token", "reason": "one piece"},
                           {"finding": "two-names", "about": "marker", "reason": "later"},
                           {"finding": "rules-count", "about": "gone", "reason": "fixed"},
                           {"finding": "two-name", "about": "x", "reason": "typo"},
                           {"finding": "zzzzzzzzzzzz", "about": "x", "reason": "typo"}])
    token = Finding("two-names", "warning", "Threat Token")
    marker = Finding("two-names", "warning", "Threat Marker", accepted="its own")
    both = Finding("two-names", "warning", "token and marker")
    stale = accept.apply(db, [token, marker, both])
    assert (token.accepted, marker.accepted, both.accepted) == ("one piece", "its own", "one piece")
    assert [(f.rule, f.severity, f.message, f.where, f.hint, f.subject) for f in stale] == [
        ("stale-acceptance", "warning", "accepted rules-count about 'gone' matches no finding (the "
         "rulebook or the data changed)", "data/g/e/edition.yaml:52:5",
         "remove the acknowledgement, or correct its `about:` words", "data/g/e/edition.yaml:52:5"),
        ("stale-acceptance", "warning", "accepted: 'two-name' is no family of finding",
         "data/g/e/edition.yaml:53:5", "did you mean 'two-names'?", "data/g/e/edition.yaml:53:5"),
        ("stale-acceptance", "warning", "accepted: 'zzzzzzzzzzzz' is no family of finding",
         "data/g/e/edition.yaml:54:5", "cardgen check --list-rules names them",
         "data/g/e/edition.yaml:54:5")]


def test_stale_inline() -> None:
    f = accept.stale_inline("rule", "why", "g.yaml:3:5")
    assert (f.rule, f.severity, f.message, f.where, f.hint, f.subject) == (
        "stale-acceptance", "warning", "this rule is accepted ('why') but gives no finding any more",
        "g.yaml:3:5", "remove its `accepted:`", "g.yaml:3:5")


# ---------------------------------------------------------------- one finding per subject


def test_deduplicate_keeps_the_first_with_every_quote_note_and_reason() -> None:
    first = Finding("two-names", "warning", "Threat Token, line 3", quote="a", subject="Threat Token")
    again = Finding("two-names", "error", "Threat Token, line 9", quote="b", subject="threat token",
                    note="n", accepted="known")
    same_quote = Finding("two-names", "warning", "x", quote="a", subject="THREAT TOKEN")
    third = Finding("two-names", "warning", "y", quote="b", subject="Threat Token", note="later",
                    accepted="later")
    other_rule = Finding("rules-count", "warning", "x", subject="Threat Token")
    by_message = Finding("rules-count", "warning", "Same Words")
    by_message_again = Finding("rules-count", "warning", "same words", quote="q")
    kept = deduplicate([first, again, same_quote, third, other_rule, by_message, by_message_again])
    assert kept == [first, other_rule, by_message]
    assert (first.also, first.note, first.accepted, first.severity) == (["b"], "n", "known", "error")
    assert by_message.also == ["q"] and other_rule.also == []
    assert first.key() == ("two-names", "threat token")
    assert by_message.key() == ("rules-count", "same words")


def test_deduplicate_keeps_a_warning_a_warning() -> None:
    a, b = Finding("x", "warning", "m"), Finding("x", "note", "m")
    assert deduplicate([a, b]) == [a] and a.severity == "warning" and a.also == []


# ---------------------------------------------------------------- the rulebook's form


def _steps(text: str) -> list[tuple[str, str, str, str, str | None]]:
    return [(f.rule, f.where, f.message, f.quote or "", f.subject)
            for f in step_findings(read(text), "r.md")]


def test_steps_going_back_after_a_sub_list_and_a_new_heading() -> None:
    text = ("## A\n1. one\n2. two\n\t1. sub\n\t3. sub three\n3. three\n5. five\n4. four\n"
            "## B\n2. restart anywhere\n3. ok\n1. again\n1. and again\n2. b\n2. twice\n")
    assert _steps(text) == [
        ("step-numbering", "r.md:5:1", "the steps go 1, 3: no step 2", "sub three", "r.md:5"),
        ("step-numbering", "r.md:7:1", "the steps go 3, 5: no step 4", "five", "r.md:7"),
        ("step-numbering", "r.md:8:1", "step 4 follows step 5", "four", "r.md:8"),
        ("step-numbering", "r.md:15:1", "step 2 is numbered twice", "twice", "r.md:15")]
    [finding] = step_findings(read("1. a\n4. d\n"), "r.md")
    assert finding.message == "the steps go 1, 4: no step 2, 3"
    assert (finding.severity, finding.hint) == (
        "warning", "number the steps in order, or acknowledge it (accepted:) if printed so")


def test_a_sub_list_that_ends_starts_afresh_next_time() -> None:
    text = "1. a\n\t1. x\n\t2. y\n2. b\n\t1. z\n3. c\n\t3. w\n"
    assert _steps(text) == []


def test_bullets_and_text_do_not_count_as_steps() -> None:
    assert _steps("1. a\n- b\nText 7.\n2. c\n") == []


def test_placeholders_every_kind_but_not_in_words_or_skipped_lines() -> None:
    text = "---\nnote: TODO\n---\n# A\nTBD\nsee FIXME.\nXXX here\nTODOs and todo are words\n"
    found = placeholder_findings(read(text), "r.md")
    assert [(f.rule, f.severity, f.where, f.subject, f.message, f.quote) for f in found] == [
        ("rulebook-todo", "warning", "r.md:5:1", "r.md:5",
         "the rulebook has a placeholder: 'TBD' where text is still to come", "TBD"),
        ("rulebook-todo", "warning", "r.md:6:1", "r.md:6",
         "the rulebook has a placeholder: 'FIXME' where text is still to come", "see FIXME."),
        ("rulebook-todo", "warning", "r.md:7:1", "r.md:7",
         "the rulebook has a placeholder: 'XXX' where text is still to come", "XXX here")]
    assert found[0].hint == ("write the missing text, or acknowledge it (accepted:) until it is "
                             "written")


# ---------------------------------------------------------------- the check in short


def _short_report(findings: list[Finding], rows: list[Row], rules: list[RuleResult]) -> Report:
    return Report("g", "e", "Edition E", None, rows, rules, findings, 0, {})


def test_report_lines() -> None:
    rows = [Row("Card", "3 Cards", 3, 3, "ok"), Row("Pawn", "4 Pawns", 4, 2, "short", "2 missing"),
            Row("Die", "2 Dice", 2, 3, "over"), Row("Token", "(not in the box list)", None, 5,
                                                      "not listed", "the database has it")]
    findings = [Finding("two-names", "warning", "two names", where="r.md:3:1"),
                Finding("expr", "error", "no", accepted="known")]
    rules = [RuleResult("expr", "x", False, 1), RuleResult("unique", "y", True, 0),
             RuleResult("exists", "z", True, 0)]
    waived = [Problem("missing-image", "no image 'a.png'", Location("c.yaml", 2, 3)),
              Problem("bad", "two\nlines")]
    assert report_lines(_short_report(findings, rows, rules), waived) == [
        "Edition E (g@e): check FAILED",
        "Box list: 1 of 4 rows match",
        '  SHORT: "4 Pawns" expects 4, the database has 2 (2 missing)',
        '  OVER: "2 Dice" expects 2, the database has 3',
        "  NOT LISTED: Token, 5 in the database (the database has it)",
        "Rules: 2 of 3 pass",
        "Findings: 2",
        "  r.md:3:1: warning[two-names] two names",
        "  error[expr] no (acknowledged: known)",
        "Waived for this draft: 2 problems",
        "  c.yaml:2:3: error[missing-image] no image 'a.png'",
        "  error[bad] two"]
    assert report_lines(_short_report([], [Row("Token", "(x)", None, 5, "not listed")], []),
                        [waived[1]]) == [
        "Edition E (g@e): check passed", "Box list: 0 of 1 rows match",
        "  NOT LISTED: Token, 5 in the database", "Rules: 0 of 0 pass",
        "Waived for this draft: 1 problem", "  error[bad] two"]
    assert report_lines(_short_report([], [], []), []) == [
        "Edition E (g@e): check passed", "Box list: 0 of 0 rows match", "Rules: 0 of 0 pass"]


def test_waived_summary() -> None:
    rows = [Row("Pawn", "4 Pawns", 4, 2, "short"), Row("Die", "2 Dice", 2, 3, "over"),
            Row("Token", "x", None, 5, "not listed")]
    findings = [Finding("expr", "error", "no"), Finding("a", "warning", "w"),
                Finding("b", "error", "no", accepted="yes")]
    waived = [Problem("missing-image", "image 'b.png' is not there"),
              Problem("missing-image", "image 'a.png' is not there"),
              Problem("missing-image", "image 'a.png' is not there again"),
              Problem("missing-image", "no name"), Problem("other", "x 'c.png'")]
    assert waived_summary(_short_report(findings, rows, []), waived) == [
        "2 box-list rows off", "2 rule errors", "4 missing images (a.png, b.png)"]
    one: list[Any] = [Row("Pawn", "4 Pawns", 4, 2, "short")]
    assert waived_summary(_short_report([findings[0]], one, []), [waived[0]]) == [
        "1 box-list row off", "1 rule error", "1 missing image (b.png)"]
    assert waived_summary(_short_report([], [], []), [waived[4]]) == []
