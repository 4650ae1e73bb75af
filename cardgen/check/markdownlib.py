"""markdown-it-py as cardgen imports it: the patterns its modules compile on import for what
a rulebook seldom or never holds compiled when first used instead.

markdown-it's import compiles some sixty module-level patterns (~4 ms of CPU): raw HTML
blocks and tags, autolinks, linkify, typographic replacements and smart quotes (off in the
commonmark preset), punycode, escapes and entities, mdurl's URL parser. A build of a seed
game's rules uses three of them. Imported under `cardgen.deferral.patterns_deferred`, those
of the modules in `UNUSED` are `DeferredPattern`s (compiled on first use, then answering as
compiled: markdown-it only calls their methods); any other pattern is compiled as ever, and
`re.compile` is re's own once the import ends. An import that finds markdown-it loaded is an
import as ever. The check (`check/mdtext.py`) and the rules' typesetter
(`render/rulebook/blocks.py`) take markdown-it's names from here, so whichever imports it
first imports it this way.
"""

from cardgen.deferral import patterns_deferred

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
          "mdurl._parse": ("",)}

with patterns_deferred(UNUSED):
    from markdown_it import MarkdownIt
    from markdown_it.rules_core import StateCore, inline
    from markdown_it.token import Token

__all__ = ["MarkdownIt", "StateCore", "Token", "inline"]
