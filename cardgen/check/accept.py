"""Acknowledged findings: a known rulebook problem the data accepts, with the reason.

An edition lists `accepted: [{finding, about, reason}]`; a rule, a box-list row or a rulebook
mention may say `accepted: "reason"` for the findings it gives itself. An acknowledged finding
is printed with its reason and passes `--strict`; an acknowledgement that matches no finding is
itself reported (`stale-acceptance`), so a fixed rulebook does not leave stale excuses behind.
"""

from __future__ import annotations

from cardgen.check.findings import Finding
from cardgen.data.model import Acceptance, Database
from cardgen.errors import did_you_mean


def matches(acceptance: Acceptance, finding: Finding) -> bool:
    """Does this acknowledgement name this finding (its family, and words of it)?"""
    if finding.rule != acceptance.finding:
        return False
    about = " ".join(acceptance.about.lower().split())
    texts = [finding.subject, finding.message, finding.quote, finding.where, *finding.also]
    return any(about in " ".join(t.lower().split()) for t in texts if t)


def apply(db: Database, findings: list[Finding]) -> list[Finding]:
    """Mark the findings the edition accepts; return `stale-acceptance` findings for the rest."""
    stale: list[Finding] = []
    for i, acceptance in enumerate(db.edition.accepted):
        where = str(db.edition.where.get(f"accepted[{i}]", ""))
        hit = [f for f in findings if matches(acceptance, f)]
        for f in hit:
            f.accepted = f.accepted or acceptance.reason
        if not hit:
            stale.append(_stale(acceptance, where))
    return stale


def _stale(acceptance: Acceptance, where: str) -> Finding:
    from cardgen.check.families import family_ids  # the list is read only for a stale one

    known = family_ids()
    if acceptance.finding not in known:
        hint = did_you_mean(acceptance.finding, known) or "cardgen check --list-rules names them"
        return Finding("stale-acceptance", "warning",
                       f"accepted: '{acceptance.finding}' is no family of finding", where=where,
                       hint=hint, subject=where)
    return Finding("stale-acceptance", "warning",
                   f"accepted {acceptance.finding} about '{acceptance.about}' matches no finding "
                   "(the rulebook or the data changed)", where=where,
                   hint="remove the acknowledgement, or correct its `about:` words",
                   subject=where)


def stale_inline(what: str, reason: str, where: str) -> Finding:
    """An `accepted:` on a rule, row or mention that gave no finding."""
    return Finding("stale-acceptance", "warning",
                   f"this {what} is accepted ('{reason}') but gives no finding any more",
                   where=where, hint="remove its `accepted:`", subject=where)
