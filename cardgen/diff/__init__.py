"""Two Databases -> an EditionDiff (compute.py) and its plain text and Markdown (text.py).

The terminal view of a diff is the CLI's (cardgen.cli.diff_view).
"""

from cardgen.diff.compute import (
    MISSING,
    EditionDiff,
    FieldChange,
    component_data,
    diff_databases,
    value_changes,
)
from cardgen.diff.text import diff_markdown, summary_line

__all__ = ["MISSING", "EditionDiff", "FieldChange", "component_data", "diff_databases",
           "diff_markdown", "summary_line", "value_changes"]
