"""Stage 2, check: a Database -> a Report (box-list rows, the game's rules, rulebook findings).

report.py computes the report; select.py evaluates selectors such as `kind[field=value].path`.
Printing a report is the CLI's (cardgen.cli.report_view).
"""

from cardgen.check.report import ExprError, Report, Row, check, evaluate

__all__ = ["ExprError", "Report", "Row", "check", "evaluate"]
