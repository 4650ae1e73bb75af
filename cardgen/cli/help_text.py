"""Help texts that name what only a later stage knows, filled in when a help is shown, so that
parsing a command line loads nothing of those stages."""

from __future__ import annotations

import argparse

PAPER_OUTPUTS = "{paper outputs}"  # in a help text: the home-print outputs of the paper catalogue


def paper_outputs() -> str:
    """The home-print outputs, one per paper of the catalogue (a project may add papers)."""
    from cardgen.impose.papers import BUILT_IN

    return ", ".join(f"pnp-{p.name}" for p in BUILT_IN) + " (pnp-<id> for cardgen.yaml papers:)"


class PaperHelp(argparse.HelpFormatter):
    """A parser's help with PAPER_OUTPUTS filled in (the imposition package loaded only then)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        return text.replace(PAPER_OUTPUTS, paper_outputs()) if text else text
