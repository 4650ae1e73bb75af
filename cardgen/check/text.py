"""Report -> plain text lines: what a draft print states on its first page about its check."""

from __future__ import annotations

from cardgen.check.report import Report
from cardgen.errors import Problem


def report_lines(report: Report, waived: list[Problem] | None = None) -> list[str]:
    """The check in short: every box-list row that is off, every finding, every waived problem."""
    lines = [f"{report.title} ({report.game}@{report.edition}): "
             + ("check FAILED" if report.failed() else "check passed")]
    off = [r for r in report.rows if not r.ok]
    lines.append(f"Box list: {len(report.rows) - len(off)} of {len(report.rows)} rows match")
    for row in off:
        detail = f" ({row.detail})" if row.detail else ""
        if row.expected is None:
            lines.append(f"  {row.verdict.upper()}: {row.kind}, {row.has} in the database{detail}")
        else:
            lines.append(f"  {row.verdict.upper()}: \"{row.line}\" expects {row.expected}, "
                         f"the database has {row.has}{detail}")
    failed = [r for r in report.rules if not r.passed]
    lines.append(f"Rules: {len(report.rules) - len(failed)} of {len(report.rules)} pass")
    if report.findings:
        lines.append(f"Findings: {len(report.findings)}")
    for finding in report.findings:
        where = f"{finding.where}: " if finding.where else ""
        known = f" (acknowledged: {finding.accepted})" if finding.accepted else ""
        lines.append(f"  {where}{finding.severity}[{finding.rule}] {finding.message}{known}")
    if waived:
        lines.append(f"Waived for this draft: {len(waived)} problem{'s' if len(waived) != 1 else ''}")
        lines.extend(f"  {p.render().splitlines()[0]}" for p in waived)
    return lines


def waived_summary(report: Report, waived: list[Problem]) -> list[str]:
    """One line per kind of thing a draft let through (empty when nothing was)."""
    out: list[str] = []
    off = sum(r.off for r in report.rows)
    errors = sum(f.severity == "error" for f in report.findings)
    if off:
        out.append(f"{off} box-list row{'s' if off != 1 else ''} off")
    if errors:
        out.append(f"{errors} rule error{'s' if errors != 1 else ''}")
    missing = [p for p in waived if p.rule == "missing-image"]
    if missing:
        names = ", ".join(sorted({p.message.split("'")[1] for p in missing if "'" in p.message}))
        out.append(f"{len(missing)} missing image{'s' if len(missing) != 1 else ''} ({names})")
    return out
