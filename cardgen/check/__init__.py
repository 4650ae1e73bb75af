"""Stage 2, check: a Database -> a Report (box-list rows, the game's rules, rulebook findings).

report.py computes the report; rules.py runs the game's own rules; select.py evaluates
selectors such as `kind[field=value].path`; rulebook.py reads the edition's rulebook and checks
its box list; terms.py scans its text for names and counts the data does not follow;
findings.py holds Finding and deduplication.
Printing a report is the CLI's (cardgen.cli.report_view).
"""

from cardgen.check.findings import Finding
from cardgen.check.report import Report, Row, check
from cardgen.check.rules import ExprError, evaluate

__all__ = ["ExprError", "Finding", "Report", "Row", "check", "evaluate"]
