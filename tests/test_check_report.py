"""check() on small in-memory databases: box-list rows and their verdicts, rulebook mentions,
game rules and expressions, notes, drafts, and when a report fails."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.check.findings import Finding
from cardgen.check.report import Part, Report, Row, _notes_onto_findings, check
from cardgen.check.rules import ExprError, RuleResult, evaluate
from cardgen.limits import MAX_EXPR_CHARS, MAX_EXPR_RESULT
from tests.support.checkdb import comp, make_db

# ---------------------------------------------------------------- rows, parts, the report


def test_part_ok_exact_or_at_least() -> None:
    assert Part("a", 2, 2).ok and not Part("a", 2, 3).ok and not Part("a", 2, 1).ok
    assert Part("a", 2, 3, at_least=True).ok and Part("a", 2, 2, at_least=True).ok
    assert not Part("a", 2, 1, at_least=True).ok


@pytest.mark.parametrize(("verdict", "ok", "off"), [
    ("ok", True, False), ("short", False, True), ("over", False, True), ("off", False, True),
    ("not listed", False, False), ("contradiction", False, False)])
def test_row_ok_and_off(verdict: str, ok: bool, off: bool) -> None:
    row = Row("Card", "3 Cards", 3, 3, verdict)
    assert (row.ok, row.off) == (ok, off)


def _report(findings: list[Finding], rows: list[Row] | None = None) -> Report:
    return Report("g", "e", "E", None, rows or [], [], findings, 0, {})


def test_failed_on_errors_and_rows_off_and_with_strict_on_warnings() -> None:
    warning = Finding("two-names", "warning", "w")
    error = Finding("exists", "error", "e")
    note = Finding("rulebook-note", "note", "n")
    assert not _report([note]).failed(strict=True)
    assert _report([error]).failed()
    assert not _report([warning]).failed() and _report([warning]).failed(strict=True)
    assert _report([], [Row("Card", "3 Cards", 3, 2, "short")]).failed()
    assert not _report([], [Row("Card", "x", None, 2, "not listed")]).failed(strict=True)
    error.accepted, warning.accepted = "known", "known"
    report = _report([error, warning, note])
    assert not report.failed(strict=True)
    assert report.warnings == [] and report.acknowledged == [error, warning]


def test_warnings_leave_out_errors_and_acknowledged() -> None:
    w1, w2 = Finding("a", "warning", "1"), Finding("b", "warning", "2", accepted="why")
    report = _report([w1, w2, Finding("c", "error", "3")])
    assert report.warnings == [w1] and report.acknowledged == [w2]


def test_to_json_says_strict_and_failed() -> None:
    report = _report([Finding("a", "warning", "1")])
    data = report.to_json(strict=True)
    assert (data["strict"], data["failed"], data["game"]) == (True, True, "g")
    assert data["findings"][0]["message"] == "1"
    assert report.to_json()["failed"] is False and report.to_json()["strict"] is False


# ---------------------------------------------------------------- the box list


def _row(db: Any, kind: str | None = None) -> Row:
    rows = check(db).rows
    return next(r for r in rows if kind is None or r.kind == kind)


def test_a_row_counts_copies_of_its_kind_and_titles_the_kind() -> None:
    db = make_db([comp("a", "card", count=2), comp("b", "card"), comp("t", "token")],
                 kinds={"card": "Card", "token": None},
                 inventory=[{"line": "3 Cards", "kind": "card", "count": 3}])
    report = check(db)
    assert [(r.kind, r.line, r.expected, r.has, r.verdict, r.detail, r.where) for r in report.rows] == [
        ("Card", "3 Cards", 3, 3, "ok", "", "data/g/e/edition.yaml:10:5"),
        ("token", "(not in the box list)", None, 1, "not listed",
         "the database has it; the box list does not", "")]
    assert report.components == 4 and not report.failed()


@pytest.mark.parametrize(("has", "verdict"), [(2, "short"), (4, "over"), (3, "ok")])
def test_short_over_ok(has: int, verdict: str) -> None:
    db = make_db([comp("a", "card", count=has)],
                 inventory=[{"line": "3 Cards", "kind": "card", "count": 3}])
    row = _row(db)
    assert (row.expected, row.has, row.verdict) == (3, has, verdict)
    assert check(db).failed() is (verdict != "ok")


def test_a_row_with_where_counts_only_the_matching_components() -> None:
    db = make_db([comp("a", "card", colour="Red", count=2), comp("b", "card", colour="blue")],
                 inventory=[{"line": "2 red cards", "kind": "card", "count": 2,
                             "where": {"colour": "RED"}}])
    assert _row(db, "card").has == 2


def test_a_row_for_two_kinds_gives_a_row_each() -> None:
    db = make_db([comp("a", "die"), comp("b", "cube", count=2)],
                 inventory=[{"line": "2 pieces", "kind": ["die", "cube"], "count": 2}])
    assert [(r.kind, r.has, r.verdict) for r in check(db).rows] == [
        ("die", 1, "short"), ("cube", 2, "ok")]


def test_a_breakdown_by_parts() -> None:
    db = make_db([comp("a", "card", suit="star", count=3), comp("b", "card", suit="moon", count=2),
                  comp("c", "card", suit="sun")],
                 inventory=[{"line": "6 Cards", "kind": "card", "count": 6, "by": "suit",
                             "parts": {"star": 3, "moon": 3}}])
    row = _row(db)
    assert [(p.label, p.expected, p.has, p.at_least) for p in row.parts] == [
        ("suit star", 3, 3, False), ("suit moon", 3, 2, False), ("suit sun", 0, 1, False)]
    assert (row.verdict, row.detail) == ("off", "suit moon: 2 of 3; suit sun: 1 of 0")
    assert check(db).failed()


def test_a_breakdown_by_values_each_even_or_at_least_one() -> None:
    cards = [comp("a", "card", suit="star", count=2), comp("b", "card", suit="moon", count=2),
             comp("c", "card", suit="zed")]
    each = make_db(cards, inventory=[{"line": "5 Cards", "kind": "card", "count": 5, "by": "suit",
                                      "values": ["star", "moon"], "each": 2}])
    assert [(p.label, p.expected, p.has, p.ok) for p in _row(each).parts] == [
        ("suit star", 2, 2, True), ("suit moon", 2, 2, True), ("suit zed", 0, 1, False)]
    even = make_db(cards[:2], inventory=[{"line": "4 Cards", "kind": "card", "count": 4,
                                          "by": "suit", "values": ["star", "moon"],
                                          "split": "even"}])
    assert [(p.expected, p.ok) for p in _row(even).parts] == [(2, True), (2, True)]
    assert _row(even).verdict == "ok"
    some = make_db(cards[:2] + [comp("d", "card", suit="aaa")],
                   inventory=[{"line": "5 Cards", "kind": "card", "count": 5, "by": "suit",
                               "values": ["star", "moon", "sun"]}])
    parts = _row(some).parts
    assert [(p.label, p.expected, p.has, p.at_least, p.ok) for p in parts] == [
        ("suit star", 1, 2, True, True), ("suit moon", 1, 2, True, True),
        ("suit sun", 1, 0, True, False), ("suit aaa", 0, 1, False, False)]
    assert _row(some).detail == "suit sun: 0 of 1; suit aaa: 1 of 0"


def test_a_breakdown_needs_by() -> None:
    db = make_db([comp("a", "card", suit="star")],
                 inventory=[{"line": "1 Card", "kind": "card", "count": 1,
                             "values": ["moon"], "each": 1}])
    assert _row(db).parts == [] and _row(db).verdict == "ok"


def test_items_inside_components() -> None:
    db = make_db([comp("a", "board", spaces=[{"t": 1}, {"t": 2}]), comp("b", "board", spaces=[{"t": 3}])],
                 inventory=[{"line": "2 Boards", "kind": "board", "count": 2,
                             "items": {"spaces[]": 2}}])
    [part] = _row(db).parts
    assert (part.label, part.expected, part.has) == ("spaces[]", 4, 3)
    assert (_row(db).verdict, _row(db).detail) == ("off", "spaces[]: 3 of 4")
    none = make_db([], kinds={"board": None}, inventory=[
        {"line": "0 Boards", "kind": "board", "count": 0, "items": {"spaces[]": 2}}])
    assert [(p.expected, p.has) for p in _row(none).parts] == [(2, 0)]


def test_stated_total_against_its_parts() -> None:
    db = make_db([comp("a", "card", suit="star", count=3), comp("b", "card", suit="moon", count=3)],
                 inventory=[{"line": "7 Cards (3 stars, 3 moons)", "kind": "card", "count": 7,
                             "by": "suit", "parts": {"star": 3, "moon": 3}}])
    report = check(db)
    [finding] = report.findings
    assert (finding.rule, finding.severity, finding.quote, finding.where, finding.accepted) == (
        "total-vs-parts", "warning", "7 Cards (3 stars, 3 moons)", "data/g/e/edition.yaml:10:5",
        None)
    assert finding.message == "the box list states 7 but its parts add up to 6 (3 star + 3 moon)"
    row = report.rows[0]
    assert (row.verdict, row.detail) == ("contradiction",
                                         "matches its parts (6), not its stated total")
    assert not report.failed() and report.failed(strict=True)


def test_stated_total_against_parts_when_the_data_follows_neither() -> None:
    db = make_db([comp("a", "card", suit="star", count=2), comp("b", "card", suit="moon", count=3)],
                 inventory=[{"line": "7 Cards", "kind": "card", "count": 7, "by": "suit",
                             "parts": {"star": 3, "moon": 3}}])
    assert _row(db).verdict == "short"


def test_an_accepted_row_without_a_finding_is_stale() -> None:
    db = make_db([comp("a", "card", count=3)],
                 inventory=[{"line": "3 Cards", "kind": "card", "count": 3, "accepted": "typo"}])
    [finding] = check(db).findings
    assert (finding.rule, finding.severity, finding.where, finding.message, finding.hint) == (
        "stale-acceptance", "warning", "data/g/e/edition.yaml:10:5",
        "this box-list row is accepted ('typo') but gives no finding any more",
        "remove its `accepted:`")
    accepted = make_db([comp("a", "card", suit="s", count=3)],
                       inventory=[{"line": "4 Cards", "kind": "card", "count": 4, "by": "suit",
                                   "parts": {"s": 3}, "accepted": "typo"}])
    [finding] = check(accepted).findings
    assert (finding.rule, finding.accepted) == ("total-vs-parts", "typo")
    assert not check(accepted).failed(strict=True)


def _ranged(has: int, players: int | None, count: dict[str, int]) -> Row:
    db = make_db([comp("a", "pawn", count=has)], players=(2, 4),
                 inventory=[{"line": "Pawns", "kind": "pawn", "count": count}])
    return next(r for r in check(db, players).rows)


def test_a_count_by_players() -> None:
    count = {"per_player": 2, "plus": 1, "max": 9}
    row = _ranged(9, None, count)  # the most players by default: 2*4+1
    assert (row.expected, row.has, row.verdict, row.detail) == (9, 9, "ok", "")
    row = _ranged(9, 2, count)
    assert (row.expected, row.verdict, row.detail) == (
        5, "ok", "the box holds 9, these players use 5")
    row = _ranged(4, 2, count)
    assert (row.verdict, row.detail) == ("short", "1 too few for this many players")
    row = _ranged(10, 3, count)
    assert (row.verdict, row.detail) == ("over", "the box list allows at most 9")
    row = _ranged(12, 4, {"per_player": 3})
    assert (row.expected, row.verdict, row.detail) == (12, "ok", "")
    row = _ranged(13, 4, {"per_player": 3})
    assert (row.verdict, row.detail) == ("ok", "the box holds 13, these players use 12")


def test_a_count_by_players_without_players_is_for_one() -> None:
    db = make_db([comp("a", "pawn", count=3)],
                 inventory=[{"line": "Pawns", "kind": "pawn", "count": {"per_player": 3}}])
    row = check(db).rows[0]
    assert (check(db).players, row.expected, row.verdict) == (None, 3, "ok")


def test_a_ranged_row_against_parts_is_checked_against_its_most() -> None:
    db = make_db([comp("a", "card", suit="s", count=5)], players=(1, 2),
                 inventory=[{"line": "3-5 Cards", "kind": "card", "by": "suit", "parts": {"s": 5},
                             "count": {"min": 3, "max": 5, "per_player": 1, "plus": 1}}])
    report = check(db)
    assert report.findings == []  # 5 parts against the most, 5
    assert (report.rows[0].expected, report.rows[0].verdict) == (3, "ok")


# ---------------------------------------------------------------- mentions


def _mentions(db: Any) -> list[tuple[Any, ...]]:
    return [(f.rule, f.severity, f.message, f.quote, f.where, f.note, f.accepted, f.hint)
            for f in check(db).findings + check(db).notes]


def test_a_mention_of_an_unlisted_kind_and_a_wrong_count() -> None:
    db = make_db([comp("a", "card", count=2), comp("m", "marker")],
                 kinds={"card": "Card", "marker": "Threat Marker"},
                 inventory=[{"line": "2 Cards", "kind": "card", "count": 2}],
                 mentions=[{"quote": "Place the marker", "kind": "marker", "count": 3,
                            "note": "also a token"},
                           {"quote": "Deal 2 cards", "kind": "card", "count": 2}])
    where = "data/g/e/edition.yaml:30:5"
    assert _mentions(db) == [
        ("rules-use-unlisted", "warning", "the rules use Threat Marker but the box list does not "
         "list it (the database has 1)", "Place the marker", where, "also a token", None, None),
        ("rules-count", "warning", "the rules say 3 Threat Marker, the database has 1",
         "Place the marker", where, "also a token", None, None)]
    [unlisted, _] = check(db).findings
    assert unlisted.subject == "unlisted marker"


def test_a_mention_with_a_term_the_vocabulary_lacks() -> None:
    vocab = {"colour": [{"id": "red", "name": "Crimson"}, {"id": "ultra-blue"}]}
    db = make_db(vocab=vocab, mentions=[
        {"quote": "the crimson player", "term": "crimson", "vocab": "colour"},
        {"quote": "the ULTRA-BLUE one", "term": "ULTRA-BLUE", "vocab": "colour"},
        {"quote": "the red one", "term": "Red", "vocab": "colour"},
        {"quote": "the Crimsen one", "term": "Crimsen", "vocab": "colour", "accepted": "typo"},
        {"quote": "green", "term": "green", "vocab": "shape"}])
    findings = check(db).findings
    assert [(f.rule, f.message, f.quote, f.where, f.hint, f.subject, f.accepted) for f in findings] == [
        ("two-names", "the rules call it 'Crimsen', which is not a colour in the game's vocabulary",
         "the Crimsen one", "data/g/e/edition.yaml:33:5", "did you mean 'Crimson'?", "Crimsen",
         "typo"),
        ("two-names", "the rules call it 'green', which is not a shape in the game's vocabulary",
         "green", "data/g/e/edition.yaml:34:5", None, "green", None)]
    assert not check(db).failed() and check(db).failed(strict=True)


def test_a_mention_term_without_vocab_or_vocab_without_term_is_no_finding() -> None:
    db = make_db(vocab={"colour": [{"id": "red"}]}, mentions=[
        {"quote": "a", "term": "blue"}, {"quote": "b", "vocab": "colour"}])
    assert check(db).findings == [] and check(db).notes == []


def test_a_mention_problem_note_and_stale_acceptance() -> None:
    db = make_db([comp("a", "card")], inventory=[{"line": "1 Card", "kind": "card", "count": 1}],
                 mentions=[{"quote": "the deck", "problem": "two lists disagree", "note": "n1"},
                           {"quote": "one card", "note": "read as one"},
                           {"quote": "1 card", "kind": "card", "count": 1, "accepted": "fine"}])
    report = check(db)
    assert [(f.rule, f.severity, f.message, f.quote, f.where, f.note) for f in report.findings] == [
        ("rulebook-problem", "warning", "two lists disagree", "the deck",
         "data/g/e/edition.yaml:30:5", "n1"),
        ("stale-acceptance", "warning",
         "this rulebook mention is accepted ('fine') but gives no finding any more", None,
         "data/g/e/edition.yaml:32:5", None)]
    assert [(f.rule, f.severity, f.message, f.quote, f.where) for f in report.notes] == [
        ("rulebook-note", "note", "read as one", "one card", "data/g/e/edition.yaml:31:5")]


def test_a_note_on_the_words_of_a_finding_goes_onto_it() -> None:
    finding = Finding("two-names", "warning", "w", quote="the deck")
    other = Finding("two-names", "warning", "v", quote="x", note="kept")
    note = Finding("rulebook-note", "note", "a deck is the pile", quote="the deck")
    again = Finding("rulebook-note", "note", "said again", quote="the deck")
    unquoted = Finding("rulebook-note", "note", "no quote")
    stray = Finding("rulebook-note", "note", "about x", quote="x")
    kept = _notes_onto_findings([finding, other, note, again, unquoted, stray])
    assert kept == [finding, other, again, unquoted, stray]
    assert finding.note == "a deck is the pile" and other.note == "kept"


# ---------------------------------------------------------------- drafts and the report's head


def test_the_report_counts_drafts_and_names_the_edition() -> None:
    db = make_db([comp("a", "card", status="draft", count=3), comp("b", "card", status="draft"),
                  comp("c", "token", status="draft"), comp("d", "token")],
                 kinds={"card": "Card", "token": None}, game_status="draft",
                 vocab={"colour": [{"id": "red", "status": "draft"}, {"id": "blue"},
                                   {"id": "green", "status": "draft"}],
                        "shape": [{"id": "sq"}]})
    report = check(db)
    assert report.drafts == {"Card": 2, "colour term": 2, "game name and title": 1, "token": 1}
    assert list(report.drafts) == sorted(report.drafts)
    assert (report.game, report.edition, report.title, report.components, report.rulebook) == (
        "g", "e", "Edition E", 6, None)
    assert "game name and title" not in check(make_db([comp("a", "card")])).drafts


def test_players_default_to_the_most_the_edition_allows() -> None:
    assert check(make_db(players=(2, 5))).players == 5
    assert check(make_db(players=(2, 5)), 3).players == 3
    assert check(make_db()).players is None


# ---------------------------------------------------------------- game rules


def _rules(db: Any) -> tuple[list[RuleResult], list[tuple[Any, ...]]]:
    report = check(db)
    return report.rules, [(f.rule, f.severity, f.message, f.quote, f.where, f.accepted)
                          for f in report.findings]


def test_one_each_missing_and_doubled() -> None:
    db = make_db([comp("a", "card", colour="Red", n=1), comp("b", "card", colour="red", n=2),
                  comp("c", "card", colour="blue", n=1, count=2), comp("d", "card", colour="red", n=1)],
                 kinds={"card": "Card"},
                 rules=[{"rule": "one-each", "kind": "card", "of": {"colour": ["red", "blue"],
                                                                    "n": [1, 2]},
                         "quote": "one of each", "says": "one card per colour and number"}])
    results, findings = _rules(db)
    assert results == [RuleResult("one-each", "one card per colour and number", False, 3)]
    w = "data/g/game.yaml:5:5"
    assert findings == [
        ("one-each", "error", "2 copies of colour red, n 1: a, d", "one of each", w, None),
        ("one-each", "error", "2 copies of colour blue, n 1: c", "one of each", w, None),
        ("one-each", "error", "no Card with colour blue, n 2", "one of each", w, None)]


def test_exists_names_each_value_no_target_has() -> None:
    db = make_db([comp("c1", "card", colour="Red", line=4),
                  comp("c2", "card", colour=["blue", "pink"], line=9),
                  comp("t", "token", hue="RED"), comp("u", "token", hue="blue")],
                 rules=[{"rule": "exists", "values": ["card.colour"], "in": ["token.hue", "token.id"],
                         "severity": "warning"}])
    results, findings = _rules(db)
    assert results == [RuleResult("exists", "exists", False, 1)]
    assert findings == [("exists", "warning",
                         "c2: card.colour is 'pink', which no token.hue or token.id has", None,
                         "data/g/e/cards.yaml:9:3", None)]
    assert not check(db).failed() and check(db).failed(strict=True)


def test_agree_compares_a_reference_with_its_target() -> None:
    db = make_db([comp("p", "pawn", colour="Red", size=1), comp("q", "pawn", colour="blue", size=1),
                  comp("c1", "card", owner="p", colour="RED", size=1, line=4),
                  comp("c2", "card", owner="q", colour="red", size=2, line=6),
                  comp("c3", "card", owner="nobody", colour="x"), comp("c4", "card")],
                 rules=[{"rule": "agree", "ref": "card.owner", "fields": ["colour", "size"]}])
    results, findings = _rules(db)
    assert results[0].findings == 2
    assert findings == [
        ("agree", "error", "c2 has colour 'red' but q has 'blue'", None, "data/g/e/cards.yaml:6:3", None),
        ("agree", "error", "c2 has size '2' but q has '1'", None, "data/g/e/cards.yaml:6:3", None)]


def test_unique_values_and_components() -> None:
    db = make_db([comp("a", "card", code="X1", line=2), comp("b", "card", code="x1", line=3),
                  comp("c", "card", code="y", line=4), comp("d", "card", code="X1", line=5)],
                 rules=[{"rule": "unique", "values": "card.code"},
                        {"rule": "unique", "values": ["card"]}])
    results, findings = _rules(db)
    assert [(r.passed, r.findings) for r in results] == [(False, 2), (True, 0)]
    assert findings == [
        ("unique", "error", "card.code: 'x1' appears in a and b", None, "data/g/e/cards.yaml:3:3", None),
        ("unique", "error", "card.code: 'X1' appears in a and d", None, "data/g/e/cards.yaml:5:3", None)]


def test_expr_shows_its_values_when_false() -> None:
    db = make_db([comp("a", "card", count=3), comp("b", "token", count=2)],
                 rules=[{"rule": "expr", "expr": "count('card') == count('token') + 2",
                         "says": "one more card"},
                        {"rule": "expr", "expr": "count('card') > count('token')"},
                        {"rule": "expr", "expr": "count('card') < 1", "accepted": "known"}])
    results, findings = _rules(db)
    assert [(r.rule, r.says, r.passed, r.findings) for r in results] == [
        ("expr", "one more card", False, 1), ("expr", "expr", True, 0),
        ("expr", "expr", False, 1)]
    assert findings == [
        ("expr", "error", "one more card: 3 == 2 + 2 is false", None, "data/g/game.yaml:5:5", None),
        ("expr", "error", "count('card') < 1: 3 < 1 is false", None, "data/g/game.yaml:7:5",
         "known")]
    assert check(db).failed()


def test_an_accepted_rule_that_finds_nothing_is_stale_and_passes() -> None:
    db = make_db([comp("a", "card")], rules=[{"rule": "expr", "expr": "count('card') == 1",
                                              "accepted": "gone"}])
    results, findings = _rules(db)
    assert results == [RuleResult("expr", "expr", True, 0)]
    assert findings == [("stale-acceptance", "warning",
                         "this rule is accepted ('gone') but gives no finding any more", None,
                         "data/g/game.yaml:5:5", None)]


def test_a_bad_selector_or_expression_is_an_error_whatever_the_severity() -> None:
    db = make_db([comp("a", "card")], rules=[
        {"rule": "unique", "values": "card[]", "severity": "warning", "quote": "q1"},
        {"rule": "expr", "expr": "count('card') +", "severity": "warning"},
        {"rule": "exists", "values": "card.x[y]", "in": "card.id"}])
    results, findings = _rules(db)
    assert [(r.passed, r.findings) for r in results] == [(False, 1), (False, 1), (False, 1)]
    assert findings == [
        ("bad-selector", "error", "'card[]': a kind takes a filter [field=value], not []", "q1",
         "data/g/game.yaml:5:5", None),
        ("bad-expr", "error", "cannot read expression 'count('card') +': invalid syntax", None,
         "data/g/game.yaml:6:5", None),
        ("bad-selector", "error", "'card.x[y]': a filter is written [field=value]", None,
         "data/g/game.yaml:7:5", None)]


def test_a_rule_without_a_recorded_place_has_none() -> None:
    db = make_db([comp("a", "card")], rules=[{"rule": "expr", "expr": "count('card') == 2"}])
    db.game.rule_where = []
    [finding] = check(db).findings
    assert finding.where == ""


# ---------------------------------------------------------------- expressions


def _db_for_expr() -> Any:
    return make_db([comp("a", "card", count=3, cost=2), comp("b", "card", cost=4),
                    comp("t", "token", colour="red")])


@pytest.mark.parametrize(("expr", "value", "shown"), [
    ("count('card')", 4, "4"),
    ("sum('card.cost')", 10, "10"),
    ("distinct('card.cost')", 2, "2"),
    ("count('card') + 1 - 2 * 3", -1, "4 + 1 - 2 * 3"),
    ("count('card') // 3", 1, "4 // 3"),
    ("count('card') % 3", 1, "4 % 3"),
    ("count('card') / 8", 0.5, "4 / 8"),
    ("-count('card')", -4, "-4"),
    ("not count('card')", False, "not 4"),
    ("count('card') == 4 and count('token') == 1", True, "4 == 4 and 1 == 1"),
    ("count('card') == 3 or count('token') == 1", True, "4 == 3 or 1 == 1"),
    ("count('card') == 3 and count('token') == 1", False, "4 == 3 and 1 == 1"),
    ("1 < count('card') <= 4", True, "1 < 4 <= 4"),
    ("1 < count('card') < 4", False, "1 < 4 < 4"),
    ("count('card') != 4", False, "4 != 4"),
    ("count('card') >= 5", False, "4 >= 5"),
    ("count('card') > 3", True, "4 > 3"),
    ("'a' * 3", "aaa", "'a' * 3"),
    ("2.5", 2.5, "2.5"),
    ("True", True, "True"),
    ("count('card') is 4", False, "4 is 4"),  # a comparison it does not know is false
])
def test_evaluate(expr: str, value: Any, shown: str) -> None:
    assert evaluate(_db_for_expr(), expr) == (value, shown)


@pytest.mark.parametrize(("expr", "message"), [
    ("count('card', 'x')", "not allowed in a rule expression: count('card', 'x')"),
    ("count(3)", "not allowed in a rule expression: count(3)"),
    ("len('card')", "not allowed in a rule expression: len('card')"),
    ("count.x('card')", "not allowed in a rule expression: count.x('card')"),
    ("x", "not allowed in a rule expression: x"),
    ("~1", "not allowed in a rule expression: ~1"),
    ("2 ** 3", "not allowed in a rule expression: 2 ** 3"),
    ("1 / 0", "cannot evaluate '1 / 0': it divides by zero"),
    ("'a' - 1", "cannot evaluate ''a' - 1': it combines or orders values of different sorts "
                "(text with a number, a list with a number)"),
    ("(", "cannot read expression '(': '(' was never closed"),
])
def test_evaluate_refuses(expr: str, message: str) -> None:
    with pytest.raises(ExprError) as caught:
        evaluate(_db_for_expr(), expr)
    assert str(caught.value) == message


def test_evaluate_limits() -> None:
    db = _db_for_expr()
    long = "1 + " * (MAX_EXPR_CHARS // 4) + "1"
    with pytest.raises(ExprError) as caught:
        evaluate(db, long)
    assert str(caught.value) == (f"the expression is {len(long)} characters long; at most "
                                 f"{MAX_EXPR_CHARS}")
    assert evaluate(db, "1" * MAX_EXPR_CHARS)[0] == int("1" * MAX_EXPR_CHARS)
    for expr in (f"'ab' * {MAX_EXPR_RESULT}", f"{MAX_EXPR_RESULT} * 'ab'"):
        with pytest.raises(ExprError) as caught:
            evaluate(db, expr)
        assert str(caught.value) == (f"the result would hold {2 * MAX_EXPR_RESULT} items; at "
                                     f"most {MAX_EXPR_RESULT}")
    assert evaluate(db, f"'a' * {MAX_EXPR_RESULT}")[0] == "a" * MAX_EXPR_RESULT
    with pytest.raises(ExprError) as caught:
        evaluate(db, "99999999999999999999 * 99999999999999999999" + " * 99999999999999999999" * 60)
    assert str(caught.value) == "a number in the expression grew past 4096 bits"


def test_a_breakdown_by_a_field_alone_lists_what_the_data_has() -> None:
    db = make_db([comp("a", "card", suit="star", count=2), comp("b", "card", suit="moon")],
                 inventory=[{"line": "3 Cards", "kind": "card", "count": 3, "by": "suit"}])
    row = _row(db)
    assert [(p.label, p.expected, p.has) for p in row.parts] == [("suit moon", 0, 1),
                                                                ("suit star", 0, 2)]
    assert (row.verdict, row.detail) == ("off", "suit moon: 1 of 0; suit star: 2 of 0")


def test_an_expression_python_cannot_read_at_all() -> None:
    with pytest.raises(ExprError) as caught:
        evaluate(_db_for_expr(), "1\x00")
    assert str(caught.value).startswith("cannot read expression")


def test_an_expression_nested_too_deep_is_refused_not_a_crash() -> None:
    with pytest.raises(ExprError) as caught:
        evaluate(_db_for_expr(), "-" * 1980 + "count('card')")
    assert str(caught.value).startswith("cannot evaluate '---")
    assert str(caught.value).endswith("maximum recursion depth exceeded")
    assert "Error" not in str(caught.value)  # said in words, no Python type name


# ---------------------------------------------------------------- more edges


def test_entries_without_a_recorded_place_are_reported_without_one() -> None:
    db = make_db([comp("a", "card", suit="s", count=3)],
                 inventory=[{"line": "4 Cards", "kind": "card", "count": 4, "by": "suit",
                             "parts": {"s": 3}}],
                 mentions=[{"quote": "the deck", "problem": "two lists"}],
                 accepted=[{"finding": "rules-count", "about": "x", "reason": "r"}])
    db.edition.where = {}
    report = check(db)
    assert [(f.rule, f.where) for f in report.findings] == [
        ("total-vs-parts", ""), ("rulebook-problem", ""), ("stale-acceptance", "")]
    assert report.rows[0].where == ""


def test_a_breakdown_adds_the_copies_of_every_component_with_a_value() -> None:
    db = make_db([comp("a", "card", suit="star", count=2), comp("b", "card", suit="star", count=3)],
                 inventory=[{"line": "5 Cards", "kind": "card", "count": 5, "by": "suit",
                             "parts": {"star": 5}}])
    assert [(p.label, p.has, p.ok) for p in _row(db).parts] == [("suit star", 5, True)]


def test_a_mention_can_give_several_findings() -> None:
    db = make_db([comp("m", "marker")], vocab={"piece": [{"id": "marker"}]},
                 mentions=[{"quote": "the token", "kind": "marker", "term": "token",
                            "vocab": "piece"}])
    assert [f.rule for f in check(db).findings] == ["rules-use-unlisted", "two-names"]


def test_agree_without_a_reference_field() -> None:
    db = make_db([comp("c1", "card", owner="nobody"), comp("p", "pawn", colour="red"),
                  comp("c2", "card", owner="p", colour="blue", line=7)],
                 rules=[{"rule": "agree", "ref": "card.owner", "fields": ["colour"]},
                        {"rule": "agree", "ref": "card", "fields": ["colour"]},
                        {"rule": "agree", "fields": ["colour"]}])
    results, findings = _rules(db)
    assert [(r.passed, r.findings) for r in results] == [(False, 1), (True, 0), (False, 1)]
    assert [f[:3] for f in findings] == [
        ("agree", "error", "c2 has colour 'blue' but p has 'red'"),
        ("bad-selector", "error", "'': cannot read ''")]


def test_unique_components_by_id() -> None:
    db = make_db([comp("a", "card", name="One"), comp("a", "card", name="Two", line=4)],
                 rules=[{"rule": "unique", "values": "card"}])
    _, findings = _rules(db)
    assert [f[2] for f in findings] == [f"card: '{db.components[1]}' appears in a and a"]


def test_an_expression_rule_without_its_expression() -> None:
    _, findings = _rules(make_db(rules=[{"rule": "expr"}]))
    assert [f[:3] for f in findings] == [
        ("bad-expr", "error", "cannot read expression '': invalid syntax")]


def test_numbers_up_to_4096_bits() -> None:
    db = _db_for_expr()
    big = str(2 ** 4094)
    assert evaluate(db, f"{big} * 2")[0] == 2 ** 4095
    with pytest.raises(ExprError):
        evaluate(db, f"{big} * 4")


def test_the_rulebooks_findings_come_with_the_others(tmp_path: Any) -> None:
    path = tmp_path / "rules.md"
    path.write_text("# Components\n- 3 Pawns\n- 1 Board\n", encoding="utf-8")
    db = make_db([comp("p", "card", count=3)], project=tmp_path, rulebook=path,
                 inventory=[{"line": "3 Pawns", "kind": "card", "count": 3}],
                 mentions=[{"quote": "the deck", "problem": "two lists"}])
    assert [f.rule for f in check(db).findings] == ["rulebook-problem", "box-list-unmapped"]
