"""markdown-it-py as cardgen imports it: the patterns its modules compile on import for what
a rulebook seldom or never holds compiled when first used instead.

markdown-it's import compiles some sixty module-level patterns (~4 ms of CPU): raw HTML
blocks and tags, autolinks, linkify, typographic replacements and smart quotes (off in the
commonmark preset), punycode, escapes and entities, mdurl's URL parser. A build of a seed
game's rules uses three of them (and of the standard modules it loads first, html's, string's
and logging's, none). Imported under `cardgen.deferral.patterns_deferred`, those
of the modules in `UNUSED` are `DeferredPattern`s (compiled on first use, then answering as
compiled: markdown-it only calls their methods); any other pattern is compiled as ever, and
`re.compile` is re's own once the import ends. An import that finds markdown-it loaded is an
import as ever. The check (`check/mdtext.py`) and the rules' typesetter
(`render/rulebook/blocks.py`) take markdown-it's names from here, so whichever imports it
first imports it this way.

Its typed dictionaries' annotation texts are not compiled and its dataclasses with slots are
made as records (`codes_shared`, `forward_checks_skipped`, `records.dataclasses_as_records`, as
for pydantic). linkify-it, which markdown-it imports for its linkify rule (off in the preset),
is imported when a parser first needs it (`DeferredModule`: a `MarkdownIt` made elsewhere gets
its matcher as ever).

`parser()` is the one `MarkdownIt("commonmark").enable("table")` of a process, made without a
linkify-it matcher (the rule is off: nothing asks it). `block_tokens` runs its core rules up to
the inline pass (what the check reads) and keeps that state for the text; `parse` gives
markdown-it's whole parse of a text, and for the text `block_tokens` read last it runs only the
rules from the inline pass on, on that state (what the rules typesetter reads, after the check
read the same rulebook in the same process): the same tokens, the block pass not run twice.
tests/test_check_markdownlib.py compares both with markdown-it imported plainly.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from importlib.util import find_spec

from cardgen.deferral import DeferredModule, codes_shared, forward_checks_skipped, patterns_deferred
from cardgen.records import dataclasses_as_records

UNUSED = {"markdown_it._punycode": ("",),
          "markdown_it.common.html_re": ("",),
          "markdown_it.common.normalize_url": ("",),
          "markdown_it.common.utils": ("",),
          "markdown_it.rules_block.html_block": ("",),
          "markdown_it.rules_block.table": ("",),
          "markdown_it.rules_core.linkify": ("",),
          "markdown_it.rules_core.replacements": ("",),
          "markdown_it.rules_core.smartquotes": ("",),
          "markdown_it.rules_inline.autolink": ("",),
          "markdown_it.rules_inline.entity": ("&#(",),  # numeric references; named ones at once
          "markdown_it.rules_inline.linkify": ("",),
          "mdurl._parse": ("",),
          # the standard modules markdown-it's import loads first: html's character references
          # (`html.unescape`), string.Template's, logging's checks of `{`-style formats
          "html": ("&(#[0-9]+",),
          "string": ("\n            \\$(?:",),
          "logging": ("^(.?[<>=^])?", "^(\\d+|\\w+)(\\.")}

_absent = "markdown_it" not in sys.modules and "linkify_it" not in sys.modules
if _absent:
    sys.modules["linkify_it"] = None  # type: ignore[assignment]  # markdown_it.main: not found
try:
    with codes_shared(), forward_checks_skipped(), patterns_deferred(UNUSED), \
            dataclasses_as_records():
        from markdown_it import MarkdownIt, main
        from markdown_it.rules_core import StateCore, inline
        from markdown_it.token import Token
finally:
    if _absent:
        del sys.modules["linkify_it"]
if _absent and vars(main)["linkify_it"] is None and find_spec("linkify_it") is not None:
    vars(main)["linkify_it"] = DeferredModule("linkify_it")  # imported by the first parser that needs it

__all__ = ["MarkdownIt", "StateCore", "Token", "block_tokens", "inline", "parse", "parser"]

_KEPT: list[tuple[str, StateCore]] = []  # the text block_tokens read last, and its state


@lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    """The process's parser: CommonMark with tables, as the check and the rules read; made
    without a linkify-it matcher (its linkify rule is off: the matcher is never asked)."""
    names = vars(main)  # markdown_it.main's globals: MarkdownIt() reads `linkify_it` there
    held, names["linkify_it"] = names["linkify_it"], None
    try:
        return MarkdownIt("commonmark").enable("table")
    finally:
        names["linkify_it"] = held


def block_tokens(text: str, md: MarkdownIt) -> list[Token]:
    """markdown-it's tokens of a text as `parse` gives them, but for the inline tokens'
    children: the core rules run up to the inline pass. The state is kept for `parse`."""
    state = StateCore(text, md, {})
    for rule in md.core.ruler.getRules(""):
        if rule is inline:
            break
        rule(state)
    _KEPT[:] = [(text, state)]
    return state.tokens


def parse(text: str) -> list[Token]:
    """`parser().parse(text)`; for the text block_tokens read last (with this parser), only the
    core rules from the inline pass on, on its kept state (once: the state is handed over)."""
    md = parser()
    if _KEPT:
        kept, state = _KEPT.pop()
        rules = md.core.ruler.getRules("")
        if kept == text and state.md is md and inline in rules:
            for rule in rules[rules.index(inline):]:
                rule(state)
            return state.tokens
    return md.parse(text)
