"""Libraries imported for less (cardgen/deferral.py): the patterns their modules compile on
import and cardgen never uses compiled when first used, then answering as compiled; pydantic's
annotation texts compiled once each; and nothing patched left behind. What the libraries do
with them is compared with the same library imported plainly, in fresh processes."""

from __future__ import annotations

import dataclasses
import inspect
import json
import pickle
import re
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

from cardgen.deferral import DeferredPattern, codes_shared, patterns_deferred
from tests.conftest import REPO

pytestmark = pytest.mark.child_process  # most tests run Python in a child process


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


# --------------------------------------------------------------------------- the mechanism


def test_only_the_named_modules_patterns_are_deferred_and_re_compile_comes_back() -> None:
    real = re.compile
    here = {__name__: ("a+",)}
    with patterns_deferred(here):
        deferred = re.compile("a+b", re.I)
        other = re.compile("b+a")
        namespace = {"__name__": "elsewhere", "re": re}
        exec("p = re.compile('a+c')", namespace)  # another module's call: compiled at once
    assert re.compile is real
    assert type(deferred) is DeferredPattern and deferred.compiled is None
    assert isinstance(other, re.Pattern) and isinstance(namespace["p"], re.Pattern)
    assert deferred.match("AAB") and deferred.compiled is not None
    assert (deferred.pattern, deferred.flags) == ("a+b", re.compile("a+b", re.I).flags)
    with pytest.raises(ValueError), patterns_deferred(here):
        raise ValueError
    assert re.compile is real


def test_a_deferred_pattern_finds_what_the_compiled_one_finds() -> None:
    deferred = DeferredPattern(r"(\w+)@(\w+)", re.I)
    compiled = re.compile(r"(\w+)@(\w+)", re.I)
    text = "Me@Home you@there x@ @y"
    assert [m.groups() for m in deferred.finditer(text)] == [m.groups() for m in compiled.finditer(text)]
    assert deferred.sub(r"\2", text) == compiled.sub(r"\2", text)
    assert deferred.split(text) == compiled.split(text)


def test_codes_shared_keeps_a_forward_reference_s_text_and_leaves_typing_as_it_was() -> None:
    """Inside the block a forward reference is made without compiling its text (its code is
    the text, which eval compiles if it is evaluated): equal to one made outside, evaluated
    to the same types, in typing's and typing_extensions' evaluation alike; a text that is
    no expression fails when evaluated, with the error compiling gives."""
    import typing_extensions

    texts = ["list[int]", "Required[Literal['str']]", "dict[str, Any]", "int | None", "*Ts"]
    plain = [typing.ForwardRef(t, module="m") for t in texts]
    with codes_shared():
        assert "compile" in vars(typing)
        kept = [typing.ForwardRef(t, module="m") for t in texts]
        broken = typing.ForwardRef("not an ( expression")
        assert typing.ForwardRef("x", is_argument=False).__forward_code__ == "x"
    assert "compile" not in vars(typing)
    assert kept == plain
    assert [type(k.__forward_code__) for k in kept] == [str] * len(texts)
    assert [k.__forward_arg__ for k in kept] == [p.__forward_arg__ for p in plain]
    ts = typing.TypeVarTuple("Ts")
    scope = {"Any": typing.Any, "Literal": typing.Literal, "Required": typing.Required, "Ts": ts}
    for a, p in zip(kept, plain, strict=True):
        assert a._evaluate(scope, None, frozenset()) == p._evaluate(scope, None, frozenset())
        assert eval(a.__forward_code__, scope) == eval(p.__forward_code__, scope)  # noqa: S307
    if hasattr(typing_extensions, "evaluate_forward_ref"):
        fresh = [typing.ForwardRef(t, module="m") for t in texts[:4]]
        with codes_shared():
            again = [typing.ForwardRef(t, module="m") for t in texts[:4]]
        for a, p in zip(again, fresh, strict=True):
            assert typing_extensions.evaluate_forward_ref(a, globals=scope) == (
                typing_extensions.evaluate_forward_ref(p, globals=scope))
    with pytest.raises(SyntaxError) as own_error:
        compile("not an ( expression", "<string>", "eval")
    with pytest.raises(SyntaxError) as late_error:
        broken._evaluate(scope, None, frozenset())
    assert str(late_error.value) == str(own_error.value)


def test_forward_checks_skipped_makes_what_typing_s_check_makes() -> None:
    """A text's forward reference made without the checks: equal to typing's (module, class
    flag); anything else checked by typing (the same errors); typing's own again after."""
    from cardgen.deferral import forward_checks_skipped

    real = typing._type_check  # type: ignore[attr-defined]
    generic = typing.List[int]  # noqa: UP006  (a generic alias of typing's)
    cases = [("list[int]", {}), ("X", {"module": "m"}), ("ClassVar[int]", {"allow_special_forms": True}),
             ("*Ts", {"is_argument": False}), (int, {}), (None, {}), (generic, {}),
             (typing.ClassVar, {}), (typing.ClassVar[int], {}), ((1, 2), {}), (typing.Any, {}),
             (typing.Generic, {}), (typing.Final[int], {"allow_special_forms": True})]

    def outcomes() -> list[Any]:
        out = []
        for arg, options in cases:
            try:
                made = typing._type_check(arg, "msg", **options)  # type: ignore[attr-defined]
                out.append(("made", made, getattr(made, "__forward_module__", None) if isinstance(
                    made, typing.ForwardRef) else None, getattr(made, "__forward_is_class__", None)))
            except TypeError as exc:
                out.append(("raised", str(exc)))
        return out

    plain = outcomes()
    with forward_checks_skipped():
        assert typing._type_check is not real  # type: ignore[attr-defined]
        skipped = outcomes()
    assert typing._type_check is real  # type: ignore[attr-defined]
    assert skipped == plain
    assert len([o for o in plain if o[0] == "raised"]) >= 3
    assert [o[2] for o in plain[:2]] == [None, "m"] and plain[2][3] is True  # a reference's fields


def test_codes_shared_makes_dataclasses_as_dataclasses_makes_them() -> None:
    """Equal method texts share their code; the classes behave as those made outside."""
    def make() -> tuple[type, type]:
        @dataclasses.dataclass(frozen=True)
        class Gt:
            limit: int
            note: str = "x"

        @dataclasses.dataclass(frozen=True)
        class Lt:
            limit: int
            note: str = "x"

        return Gt, Lt

    with codes_shared():
        assert "exec" in vars(dataclasses)
        gt, lt = make()
    assert "exec" not in vars(dataclasses)
    plain_gt, _ = make()
    assert gt.__eq__.__code__ is lt.__eq__.__code__  # type: ignore[attr-defined]
    assert gt.__hash__.__code__ is lt.__hash__.__code__
    assert plain_gt.__eq__.__code__ is not gt.__eq__.__code__  # type: ignore[attr-defined]
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert getattr(gt, name).__code__ == getattr(plain_gt, name).__code__, name
        assert getattr(gt, name).__qualname__.split(".")[-1] == name
    a, b = gt(3), gt(3, "y")
    assert repr(a) == repr(plain_gt(3)).replace(plain_gt.__qualname__, gt.__qualname__)
    assert a == gt(3) and a != b and hash(a) == hash(gt(3)) and a != lt(3)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'limit'"):
        a.limit = 4  # type: ignore[misc]
    assert str(inspect.signature(gt)) == str(inspect.signature(plain_gt))


def test_codes_shared_leaves_a_compile_someone_else_put_in_typing() -> None:
    theirs = compile
    vars(typing)["compile"] = theirs
    try:
        with codes_shared():
            assert vars(typing)["compile"] is theirs
        assert vars(typing)["compile"] is theirs
    finally:
        del vars(typing)["compile"]


# --------------------------------------------------------------------------- PyYAML


def test_yaml_s_own_pure_python_reader_refuses_what_it_refused() -> None:
    """The reader's NON_PRINTABLE is deferred until the pure-Python reader checks a text: then
    the same error, at the same place, as PyYAML imported plainly."""
    probe = ("import json, yaml\n"
             "out = []\n"
             "for text in ['a: 1\\n', 'a: b\\x07c\\n', 'k: \\u00e9\\x85\\ud800\\n', 'x: \\x1f']:\n"
             "    try:\n"
             "        out.append(repr(yaml.load(text, Loader=yaml.SafeLoader)))\n"
             "    except yaml.YAMLError as exc:\n"
             "        out.append(str(exc))\n"
             "out.append(repr(yaml.load('d: 2001-12-14 21:59:43.10', Loader=yaml.SafeLoader)))\n"
             "print(json.dumps(out))\n")
    deferred = _run("from cardgen.data.yamllib import yaml\n"
                    "from cardgen.deferral import DeferredPattern\n"
                    "assert type(yaml.reader.Reader.NON_PRINTABLE) is DeferredPattern\n"
                    "assert yaml.reader.Reader.NON_PRINTABLE.compiled is None\n"
                    "assert type(yaml.constructor.SafeConstructor.timestamp_regexp) is DeferredPattern\n"
                    "import re\n"
                    "assert re.compile.__module__ == 're'\n" + probe)
    plain = _run(probe)
    assert json.loads(deferred) == json.loads(plain)
    assert "special characters are not allowed" in deferred


def test_yamlsrc_refuses_the_characters_yaml_s_reader_refuses() -> None:
    """yamlsrc names the refused characters itself: the same set as yaml's NON_PRINTABLE, on
    every code point."""
    from cardgen.data import yamlsrc
    from cardgen.data.yamllib import yaml

    every = "".join(map(chr, range(0x110000)))
    ours = [m.start() for m in yamlsrc.NON_PRINTABLE.finditer(every)]
    theirs = [m.start() for m in yaml.reader.Reader.NON_PRINTABLE.finditer(every)]
    assert ours == theirs and len(ours) > 2000


def test_a_yaml_text_with_a_control_character_is_refused_where_it_stands() -> None:
    from cardgen.data.yamlsrc import parse_text
    from cardgen.errors import ProblemsError

    for text, where in (("name: caf\u00e9 \x07bell\n", (1, 12)), ("a: 1\nb: \u00e9\x9f\n", (2, 5))):
        with pytest.raises(ProblemsError) as caught:
            parse_text(text, "f.yaml")
        [problem] = caught.value.problems
        assert problem.rule == "not-text"
        assert (problem.where.line, problem.where.col) == where
        assert f"U+{ord(text.splitlines()[where[0] - 1][where[1] - 1]):04X}" in problem.message


# --------------------------------------------------------------------------- reportlab


def test_reportlab_s_unsafe_names_pattern_is_deferred_and_its_safe_eval_works() -> None:
    out = _run("import cardgen.render\n"
               "import re, sys\n"
               "from cardgen.deferral import DeferredPattern\n"
               "m = sys.modules['reportlab.lib.rl_safe_eval']\n"
               "p = m.__rl_unsafe_re__\n"
               "assert type(p) is DeferredPattern and p.compiled is None\n"
               "from reportlab.lib.utils import rl_safe_eval\n"
               "print(rl_safe_eval('[1, 2][1] + 3'))\n"
               "real = re.compile(p.pattern, re.M)\n"
               "for t in ['x.f_globals', 'gi_frame', 'plain text', 'a.__class__']:\n"
               "    assert bool(p.search(t)) == bool(real.search(t)), t\n"
               "assert re.compile.__module__ == 're'\n")
    assert out.strip() == "5"


# --------------------------------------------------------------------------- pydantic


def test_pydantic_is_imported_with_its_annotation_texts_left_uncompiled() -> None:
    """Loading the data leaves pydantic unimported; the models' twins (the first to need it)
    import it through cardgen/data/pydanticlib.py: its typed dictionaries' forward references
    keep their texts as their code, typing keeps nothing of it, and the typed dictionaries'
    hints are those of pydantic imported plainly."""
    hints = ("import json, typing_extensions as te\n"
             "from pydantic_core import core_schema as cs\n"
             "names = sorted(n for n, v in vars(cs).items() if te.is_typeddict(v))\n"
             "refs = [r for n in names for r in getattr(cs, n).__annotations__.values()]\n"
             "print(json.dumps({n: sorted((k, repr(v)) for k, v in "
             "te.get_type_hints(getattr(cs, n), include_extras=True).items()) for n in names}))\n")
    shared = _run("import sys, typing\n"
                  "import cardgen.data.load\n"
                  "assert 'pydantic' not in sys.modules\n"
                  "import cardgen.data.twins\n"
                  "assert 'compile' not in vars(typing)\n"
                  "from pydantic_core import core_schema as cs\n"
                  "a = cs.StringSchema.__annotations__['ref']\n"
                  "assert a.__forward_code__ == a.__forward_arg__\n" + hints)
    plain = _run("from pydantic_core import core_schema as cs\n"
                 "a = cs.StringSchema.__annotations__['ref']\n"
                 "assert a.__forward_code__ == compile(a.__forward_arg__, '<string>', 'eval')\n"
                 + hints)
    assert json.loads(shared) == json.loads(plain)
    assert len(json.loads(plain)) > 50


_DATACLASS_PROBE = """\
import copy, dataclasses, inspect, json, pickle, sys
def outcome(fn, *args):
    try:
        value = fn(*args)
        return ["value", repr(value) if not isinstance(value, (bool, int, str)) else value]
    except Exception as exc:
        return ["raised", type(exc).__name__, str(exc)]
def field(f):
    return [f.name, repr(f.type), repr(f.default), repr(f.default_factory), f.init, f.repr,
            f.hash, f.compare, f.kw_only, repr(f.metadata), str(f._field_type)]
def method(f):
    return [getattr(f, "__qualname__", None), str(inspect.signature(f)) if callable(f) else
            repr(f)] if f is not None else None
def behaviour(cls):
    required = [f for f in dataclasses.fields(cls) if f.init and f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    out = [outcome(cls)]
    for sample in (lambda i: f"v{i}", lambda i: i):
        args = [sample(i) for i, f in enumerate(required) if not f.kw_only]
        kwargs = {f.name: sample(i) for i, f in enumerate(required) if f.kw_only}
        one, same = cls(*args, **kwargs), cls(*args, **kwargs)
        out += [outcome(repr, one), outcome(lambda a, b: a == b, one, same),
                outcome(lambda a, b: a != b, one, object()),
                outcome(lambda o: hash(o) == hash(tuple(getattr(o, f.name) for f in
                        dataclasses.fields(o) if (f.compare if f.hash is None else f.hash))), one),
                outcome(lambda o: pickle.loads(pickle.dumps(o)) == o, one),
                outcome(lambda o: repr(copy.copy(o)), one),
                outcome(lambda o: repr(copy.deepcopy(o)), one),
                outcome(lambda o: repr(dataclasses.replace(o)), one),
                outcome(dataclasses.asdict, one), outcome(dataclasses.astuple, one),
                outcome(lambda o: sorted(vars(o)), one)]
        for name in [f.name for f in dataclasses.fields(cls)][:1] + ["elsewhere"]:
            out += [outcome(setattr, one, name, "w"), outcome(repr, one),
                    outcome(delattr, one, name), outcome(repr, one)]
    return out
out = {}
for name, module in sorted(sys.modules.items()):
    if not name.startswith(("pydantic", "annotated_types")) or module is None:
        continue
    for key, cls in sorted(vars(module).items()):
        if not (isinstance(cls, type) and cls.__module__ == name
                and "__dataclass_fields__" in vars(cls)):
            continue
        params = cls.__dataclass_params__
        out[f"{name}.{key}"] = [
            cls.__doc__, cls.__qualname__, str(inspect.signature(cls)), cls.__match_args__,
            [getattr(params, k) for k in ("init", "repr", "eq", "order", "unsafe_hash", "frozen")],
            [field(f) for f in dataclasses.fields(cls)], repr(vars(cls).get("__slots__")),
            sorted(vars(cls)), [c.__qualname__ for c in cls.__mro__],
            {m: method(vars(cls).get(m)) for m in ("__init__", "__repr__", "__eq__", "__hash__",
             "__setattr__", "__delattr__", "__getstate__", "__setstate__")},
            cls.__hash__ is None, behaviour(cls)]
print(json.dumps(out))
"""


def test_pydantic_s_dataclasses_are_what_dataclasses_makes() -> None:
    """pydantic's and annotated_types' dataclasses, made as records while pydantic is imported
    through cardgen (`records.dataclasses_as_records`; a class a record cannot be, by
    dataclass): the same fields, options, slots, methods, signatures and behaviour (repr,
    equality, hash, frozen errors, pickling, copies, `replace`, `asdict`) as imported plainly;
    and dataclasses keeps nothing of it."""
    shared = _addressless(_run("import dataclasses, sys\n"
                  "real = dataclasses.dataclass\n"
                  "import cardgen.data.load\n"
                  "assert 'pydantic' not in sys.modules\n"
                  "import cardgen.data.twins\n"
                  "assert 'exec' not in vars(dataclasses) and dataclasses.dataclass is real\n"
                  "from cardgen.records import MADE\n"
                  "assert sum(c.__module__.startswith(('pydantic', 'annotated_types'))"
                  " for c in MADE) > 40\n" + _DATACLASS_PROBE))
    plain = json.loads(_addressless(_run(
        "from pydantic import BaseModel, ConfigDict, Field, ValidationError\n"
        "from pydantic import field_validator, model_validator\n"
        "import cardgen.data.load, cardgen.data.twins\n" + _DATACLASS_PROBE)))  # pydantic first
    assert json.loads(shared) == plain
    assert len(plain) > 45


def _addressless(text: str) -> str:
    return re.sub(r" at 0x[0-9a-f]+", " at 0x", text)


def test_the_standard_modules_pydantic_loads_answer_as_ever() -> None:
    """fractions', platform's and textwrap's patterns are deferred while pydantic is imported:
    what they are used for gives what it gives in a plain process."""
    probe = ("import fractions, platform, textwrap, json\n"
             "print(json.dumps([str(fractions.Fraction(' -3/4 ')), str(fractions.Fraction('1.5e2')),\n"
             "    platform.python_implementation(), platform.python_version(), platform.system(),\n"
             "    platform._comparable_version('3.11.7rc1') < platform._comparable_version('3.11.7'),\n"
             "    textwrap.wrap('A sentence. Another one, hyphen-ated words ' * 4, 23),\n"
             "    textwrap.fill('Ends here.  Next', 10, fix_sentence_endings=True),\n"
             "    textwrap.dedent('  a\\n    b\\n'), textwrap.shorten('x  y   z ' * 9, 20)]))\n")
    deferred = _run("import cardgen.data.pydanticlib, textwrap\n"
                    "from cardgen.deferral import DeferredPattern\n"
                    "assert type(textwrap.TextWrapper.wordsep_re) is DeferredPattern\n" + probe)
    assert json.loads(deferred) == json.loads(_run(probe))


# --------------------------------------------------------------------------- signed caches


def test_a_signed_cache_file_is_its_signature_then_the_pickle(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Pickled straight into the file and signed as it goes: the bytes `pickle.dumps` gives,
    after their HMAC under the key, as before; read back whole."""
    import hashlib
    import hmac

    from cardgen.pipeline import signed

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    value = {"faces": [(f"face-{i}", b"x" * (i % 300), 1.5 * i) for i in range(20000)],
             "big": b"\x00" * 200_000, "text": "é" * 70_000}
    path = tmp_path / ".cardgen-cache" / "faces.pickle"
    assert signed.write_signed(path, value)
    blob = path.read_bytes()
    body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    secret = signed.pickle_secret()
    assert secret is not None
    assert blob == hmac.new(secret, body, hashlib.sha256).digest() + body
    assert signed.read_signed(path) == value
    assert not list(path.parent.glob("*.tmp"))
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        signed.write_signed(path, {"faces": [1, 2], "bad": lambda: None})
    assert not list(path.parent.glob("*.tmp"))  # the half-written file is gone
    assert signed.read_signed(path) == value  # and the last one is as it was



# --------------------------------------------------------------------------- markdown-it


def test_markdown_it_s_patterns_are_deferred_and_it_parses_as_ever() -> None:
    """markdown-it imported through cardgen/check/markdownlib.py: the patterns of the modules
    it names are compiled when first used, re.compile is re's own after, and every rule whose
    patterns are deferred (raw HTML blocks and tags, autolinks, entities, escapes, tables,
    links with IDN hosts, linkify, replacements and smart quotes) gives the tokens and HTML
    of markdown-it imported plainly."""
    probe = ("import json\n"
             "text = ('# Head &amp; &#35; &#x41; &copy;\\n\\n<div class=\"x\">\\nraw\\n</div>\\n\\n'\n"
             "        '<!-- note -->\\n\\nA <span a=\"1\">tag</span> <http://example.com/a?b=1> '\n"
             "        '<me@example.org> [l](http://xn--e1afmkfd.xn--p1ai/\\u043f) '\n"
             "        '[u](https://\\u043f\\u0440\\u0438\\u043c\\u0435\\u0440.com/) \\\\* esc \\\\&\\n\\n'\n"
             "        '| a | b |\\n|:--|--:|\\n| 1 | 2 |\\n\\n'\n"
             "        '\"Quoted\" -- (c) ... www.example.com +- and javascript:x [j](javascript:x)\\n'\n"
             "        '<script>\\nx < y\\n</script>\\n\\n<pre>\\np\\n</pre>\\n<?php x ?>\\n<!X>\\n')\n"
             "out = []\n"
             "for options, rules in [({}, ['table']),\n"
             "                       ({'typographer': True, 'linkify': True},\n"
             "                        ['table', 'replacements', 'smartquotes', 'linkify'])]:\n"
             "    md = MarkdownIt('commonmark', options).enable(rules)\n"
             "    out.append([t.as_dict() for t in md.parse(text)])\n"
             "    out.append(md.render(text))\n"
             "from mdurl import parse\n"
             "out.append(repr(parse('HTTP://user@Example.COM:80/p?q#h')))\n"
             "from markdown_it.common.utils import unescapeAll, escapeRE, isPunctChar\n"
             "out.append([unescapeAll('\\\\*&amp;&#35;'), escapeRE('a.b'), isPunctChar('!')])\n"
             "print(json.dumps(out))\n")
    deferred = _run("import re\n"
                    "from cardgen.check.markdownlib import MarkdownIt, UNUSED\n"
                    "from cardgen.deferral import DeferredPattern\n"
                    "import sys\n"
                    "assert re.compile.__module__ == 're'\n"
                    "utils = sys.modules['markdown_it.common.utils']\n"
                    "assert type(utils.UNESCAPE_ALL_RE) is DeferredPattern\n"
                    "assert set(UNUSED) <= set(sys.modules)\n" + probe)
    plain = _run("from markdown_it import MarkdownIt\n" + probe)
    assert json.loads(deferred) == json.loads(plain)


def test_the_standard_modules_markdown_it_loads_answer_as_ever() -> None:
    """html's, string's and logging's patterns are deferred while markdown-it is imported: html
    character references, string templates and `{`-style logging formats give what they give in
    a plain process."""
    probe = ("import html, json, logging, string\n"
             "out = [html.unescape('a &amp; b &#35; &#x41; &copy &notanentity; &#0;'),\n"
             "       string.Template('$a and ${b} cost $$1').substitute(a='x', b='y'),\n"
             "       string.Template('$a $').safe_substitute(a=1)]\n"
             "for fmt in ['{message:>10}', '{levelname!r:^8}', '{x[0].y}', '{message:zz}', '{0bad}']:\n"
             "    try:\n"
             "        logging.Formatter(fmt, style='{')\n"
             "        out.append('ok')\n"
             "    except ValueError as exc:\n"
             "        out.append(str(exc))\n"
             "print(json.dumps(out))\n")
    deferred = _run("import cardgen.check.markdownlib, logging, string, sys\n"
                    "from cardgen.deferral import DeferredPattern\n"
                    "assert type(sys.modules['html']._charref) is DeferredPattern\n"
                    "assert type(string.Template.pattern) is DeferredPattern\n"
                    "assert type(logging.StrFormatStyle.fmt_spec) is DeferredPattern\n"
                    "assert type(logging.StrFormatStyle.field_spec) is DeferredPattern\n" + probe)
    assert json.loads(deferred) == json.loads(_run(probe))


def test_yaml_s_seldom_resolved_scalars_resolve_as_ever() -> None:
    """The resolver's patterns of merge keys, timestamps, `=` and `!&*` scalars are deferred:
    both loaders (libyaml's and the pure-Python one) give what PyYAML imported plainly gives."""
    probe = ("import json, yaml\n"
             "texts = ['base: &b {x: 1}\\nm:\\n  <<: *b\\n  y: 2\\n', 'd: 2001-12-14\\n',\n"
             "         't: 2001-12-14 21:59:43.10 -5\\n', 'e: =\\n', 'n: 2001-1-1x\\n',\n"
             "         'q: \"&x\"\\n', 'i: 12\\nf: 1.5\\nb: yes\\nz: ~\\ns: text\\n', 'a: !x\\n']\n"
             "out = []\n"
             "for text in texts:\n"
             "    for loader in (yaml.SafeLoader, yaml.CSafeLoader):\n"
             "        try:\n"
             "            out.append(repr(yaml.load(text, Loader=loader)))\n"
             "        except yaml.YAMLError as exc:\n"
             "            out.append(type(exc).__name__ + str(exc))\n"
             "print(json.dumps(out))\n")
    deferred = _run("from cardgen.data.yamllib import yaml\n"
                    "from cardgen.deferral import DeferredPattern\n"
                    "kinds = [type(r) for rs in yaml.resolver.Resolver.yaml_implicit_resolvers.values()\n"
                    "         for _, r in rs]\n"
                    "assert DeferredPattern in kinds\n" + probe)
    assert json.loads(deferred) == json.loads(_run(probe))


def test_pydantic_s_own_seldom_used_patterns_answer_as_ever() -> None:
    """pydantic's patterns of a `ClassVar` written as text and of a `ByteSize` read from text
    are deferred: a model with such an annotation and a byte size parse as they do plainly."""
    probe = ("import json\n"
             "from typing import ClassVar\n"
             "from pydantic import BaseModel, ByteSize\n"
             "class M(BaseModel):\n"
             "    k: 'ClassVar[int]' = 3\n"
             "    size: ByteSize\n"
             "print(json.dumps([sorted(M.model_fields), M(size='1.5 KiB').size, M(size=' 2mb').size]))\n")
    deferred = _run("import cardgen.data.pydanticlib, sys\n"
                    "from cardgen.deferral import DeferredPattern\n"
                    "assert type(sys.modules['pydantic._internal._typing_extra']._classvar_re) "
                    "is DeferredPattern\n" + probe)
    assert json.loads(deferred) == json.loads(_run(probe))


def test_uharfbuzz_s_named_tuples_are_what_a_plain_import_makes() -> None:
    """uharfbuzz imported through cardgen/layout/shaping.py: its named tuples' forward
    references keep their texts as their code, and their fields, hints and values are those of
    uharfbuzz imported plainly; shaping gives the same glyphs."""
    probe = ("import json, typing\n"
             "import uharfbuzz as hb\n"
             "out = {}\n"
             "for name, v in sorted(vars(hb).items()):\n"
             "    if isinstance(v, type) and issubclass(v, tuple) and hasattr(v, '_fields'):\n"
             "        out[name] = [v._fields, sorted((k, repr(t)) for k, t in "
             "typing.get_type_hints(v).items()), repr(v._make(range(len(v._fields))))]\n"
             "print(json.dumps(out))\n")
    shared = _run("import typing\n"
                  "import cardgen.layout.shaping\n"
                  "assert 'compile' not in vars(typing)\n"
                  "import uharfbuzz as hb\n"
                  "refs = [a for a in hb.GlyphExtents.__annotations__.values()\n"
                  "        if isinstance(a, typing.ForwardRef)]\n"
                  "assert all(a.__forward_code__ == a.__forward_arg__ for a in refs)\n" + probe)
    plain = json.loads(_run(probe))
    assert json.loads(shared) == plain and len(plain) >= 10
