"""markdown-it as cardgen imports it (cardgen/check/markdownlib.py): its unused patterns compiled when
first used, its dataclasses made as records, no linkify-it matcher for cardgen's parser; one
parser for the check and the rules, and the check's block pass handed to the rules' parse of the
same text. What it parses is compared with markdown-it imported plainly, in fresh processes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardgen.check import markdownlib as mdlib
from cardgen.check import mdtext
from tests.conftest import REPO

STRESS = ("---\ntitle: x\n---\n# Head &amp; <b>bold</b> &#35; &copy\n\n<div>\nblock *html*\n</div>\n\n"
          "<!-- note -->\n\nA [link](http://ex.com/a%20b \"t\") <http://auto.link/x> <me@mail.org> "
          "![pic](p.png) `code` **strong** _em_ \\* x\r\ny\x00z\n\n| a | b |\n|:-|-:|\n| 1 | [r] |\n\n"
          "[ref]: /url 'title'\n\nSee [ref] and --- ... (c) \"quoted\"\n\n```py\nfenced\n```\n")

PROBE = ("import json, sys, re, dataclasses, typing\n"
         "from pathlib import Path\n"
         "texts = [Path(p).read_text(encoding='utf-8') for p in sys.argv[1:]] + [json.loads(%r)]\n"
         "md = MarkdownIt('commonmark').enable('table')\n"
         "out = [[t.as_dict() for t in md.parse(text)] for text in texts]\n"
         "out += [md.render(text) for text in texts]\n"
         "out.append(MarkdownIt('commonmark', {'linkify': True}).enable('linkify')"
         ".render('see https://example.com/x now'))\n"
         "out.append([re.compile.__module__, dataclasses.dataclass.__module__,\n"
         "            typing._type_check.__module__])\n"
         "print(json.dumps(out))\n")


def _run(head: str) -> list[object]:
    rulebooks = [str(p) for p in sorted(REPO.glob("data/*/*/*.md"))]
    assert rulebooks
    done = subprocess.run([sys.executable, "-c", head + PROBE % json.dumps(STRESS), *rulebooks],
                          cwd=REPO, capture_output=True, text=True, check=False,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


@pytest.mark.child_process
def test_markdown_it_imported_through_markdownlib_parses_and_renders_as_imported_plainly() -> None:
    ours = _run("import sys\nfrom cardgen.check.markdownlib import MarkdownIt, main\n"
                "from cardgen.deferral import DeferredPattern\n"
                "html_block = sys.modules['markdown_it.rules_block.html_block']\n"
                "assert type(html_block.HTML_SEQUENCES[0][0]) is DeferredPattern\n"
                "assert 'linkify_it' not in sys.modules\n")
    plain = _run("from markdown_it import MarkdownIt\n")
    assert ours == plain
    assert "https://example.com/x</a>" in str(plain[-2])  # linkify-it, when a parser asks


def test_the_process_has_one_parser_without_a_linkify_matcher() -> None:
    assert mdlib.parser() is mdlib.parser() is mdtext._parser()
    assert mdlib.parser().linkify is None
    assert "linkify" not in mdlib.parser().core.ruler.get_active_rules()


@pytest.mark.parametrize("text", [STRESS, *[p.read_text(encoding="utf-8")
                                            for p in sorted(REPO.glob("data/*/*/*.md"))]])
def test_the_rules_parse_after_the_check_s_block_pass_is_markdown_it_s(text: str) -> None:
    whole = [t.as_dict() for t in mdlib.parser().parse(text)]
    blocks = mdtext.block_tokens(text)
    assert not any(t.children for t in blocks)
    handed = mdlib.parse(text)
    assert handed is blocks  # the check's tokens, their inline pass run
    assert [t.as_dict() for t in handed] == whole
    again = mdlib.parse(text)  # handed over once: parsed anew
    assert again is not handed and [t.as_dict() for t in again] == whole


def test_another_text_than_the_check_read_is_parsed_whole() -> None:
    mdtext.block_tokens("# One\n\ntext\n")
    other = "# Two\n\n*more* text\n"
    assert [t.as_dict() for t in mdlib.parse(other)] == [
        t.as_dict() for t in mdlib.parser().parse(other)]
    assert not mdlib._KEPT  # the kept state is let go of
