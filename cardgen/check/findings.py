"""Finding: one thing the check reports about an edition (a contradiction, a warning or a note)."""

from __future__ import annotations

from dataclasses import field

from cardgen.records import record


@record
class Finding:
    rule: str
    severity: str  # error | warning | note
    message: str
    quote: str | None = None
    where: str = ""
    note: str | None = None  # the data's own note on it (rulebook_mentions[].note)
    also: list[str] = field(default_factory=list)  # further quotes of the same finding
    hint: str | None = None
    subject: str | None = None  # what it is about ("score token"); the same subject is one finding
    accepted: str | None = None  # the data acknowledges it, for this reason: it does not fail

    def key(self) -> tuple[str, str]:
        """Two findings with the same key are one finding (quoted in more than one place)."""
        return (self.rule, (self.subject or self.message).lower())


def deduplicate(findings: list[Finding]) -> list[Finding]:
    """One finding per key, in first-seen order; further quotes and notes are kept on it."""
    kept: dict[tuple[str, str], Finding] = {}
    for f in findings:
        first = kept.setdefault(f.key(), f)
        if first is f:
            continue
        if f.quote and f.quote != first.quote and f.quote not in first.also:
            first.also.append(f.quote)
        if f.note and not first.note:
            first.note = f.note
        if f.accepted and not first.accepted:
            first.accepted = f.accepted
        if f.severity == "error":
            first.severity = "error"
    return list(kept.values())
