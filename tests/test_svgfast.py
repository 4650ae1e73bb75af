"""The plain-SVG icon reader (cardgen.layout.svgfast) gives exactly what svgelements gives."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardgen.layout import icons, svgfast
from cardgen.layout.icons import IconError

ROOT = Path(__file__).resolve().parent.parent
SVG_FILES = sorted({p for base in (ROOT / "cardgen", ROOT / "layouts", ROOT / "tests",
                                   ROOT.parent / "shared")
                    if base.is_dir() for p in base.rglob("*.svg")})


def _slow(path: Path) -> object:
    try:
        return icons._svgelements_parsed(path)
    except IconError as exc:
        return ("error", str(exc))


def test_every_icon_in_the_repository_reads_the_same(tmp_path: Path) -> None:
    read = 0
    for path in SVG_FILES:
        fast = svgfast.parsed(path.read_bytes())
        if fast is not None:
            read += 1
            assert fast == _slow(path), path
    assert read >= 60  # the bundled icons and the seed's are plain


def test_the_l5_seed_icons_are_all_read_without_svgelements() -> None:
    seed = sorted((ROOT / "layouts" / "l5" / "icons").glob("*.svg"))
    assert seed and all(svgfast.parsed(p.read_bytes()) is not None for p in seed)


def _num(rng: random.Random) -> str:
    value = rng.choice([rng.uniform(-30, 30), rng.randint(-30, 30), rng.uniform(0, 1)])
    text = rng.choice(["{:g}", "{:.3f}", "{}", "{:.1e}"]).format(value)
    if rng.random() < 0.02:
        return rng.choice(["3.", "-.5e1", "1e", "+2"])
    return rng.choice([text, text, text.replace("0.", ".", 1), "-0", "0"])


def _path_data(rng: random.Random) -> str:
    parts = [rng.choice("Mm") + f" {_num(rng)},{_num(rng)}"]
    for _ in range(rng.randint(0, 8)):
        command = rng.choice("LlHhVvCcZz" + "MmLC")
        if command in "Zz":
            parts.append(command)
            parts.append(rng.choice("Mm") + f"{_num(rng)} {_num(rng)}")
            continue
        count = {"H": 1, "V": 1, "C": 6}.get(command.upper(), 2) * rng.choice([1, 1, 2])
        numbers = [_num(rng) for _ in range(count)]
        parts.append(command + rng.choice([" ", ""]) + "".join(
            n + rng.choice([" ", ",", "" if k + 1 < count and numbers[k + 1][0] == "-" else " "])
            for k, n in enumerate(numbers)).rstrip(","))
    if rng.random() < 0.5:
        parts.append(rng.choice("Zz"))
    return rng.choice([" ", "", "\n  "]).join(parts)


def _colour(rng: random.Random) -> str:
    return rng.choice([f"#{rng.randrange(1 << 24):06x}", f"#{rng.randrange(1 << 12):03X}",
                       "none", "#000000", " #000 "])


def _paint(rng: random.Random) -> str:
    out = []
    if rng.random() < 0.7:
        out.append(f'fill="{_colour(rng)}"')
    if rng.random() < 0.4:
        out.append(f'stroke="{_colour(rng)}"')
    if rng.random() < 0.4:
        out.append(f'stroke-width="{rng.choice(["0", "1", "2.5", ".4"])}"')
    if rng.random() < 0.2:
        out.append(f'opacity="{rng.choice(["0", "0.5", "1"])}"')
    if rng.random() < 0.2:
        out.append('stroke-linecap="round" stroke-linejoin="bevel"')
    rng.shuffle(out)
    return " ".join(out)


def _shape(rng: random.Random) -> str:
    kind = rng.choice(["path", "circle", "rect", "rect", "polygon", "polyline"])
    if kind in ("polygon", "polyline"):
        numbers = [_num(rng) for _ in range(2 * rng.randint(1, 6))]
        points = "".join(n + (rng.choice([" ", ",", " , ", "\n"]) if k % 2 == 0 else
                              rng.choice([" ", "  "])) for k, n in enumerate(numbers))
        return f'<{kind} points="{points}" {_paint(rng)}/>'
    if kind == "path":
        return f'<path d="{_path_data(rng)}" {_paint(rng)}/>'
    if kind == "circle":
        r = rng.choice([_num(rng).lstrip("-"), "0", "1.1", "10.5"])
        return f'<circle cx="{_num(rng)}" cy="{_num(rng)}" r="{r}" {_paint(rng)}/>'
    w, h = abs(rng.uniform(0, 20)), abs(rng.uniform(0, 20))
    corner = f' rx="{rng.uniform(0.01, min(w, h) / 2):.3g}"' if rng.random() < 0.5 else ""
    return (f'<rect x="{_num(rng)}" y="{_num(rng)}" width="{w:.4g}" height="{h:.4g}"{corner} '
            f'{_paint(rng)}/>')


@pytest.mark.parametrize("seed", range(12))
def test_random_plain_svgs_read_the_same(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for n in range(60):
        view = rng.choice(["0 0 24 24", "0,0,100,50", "0 0 1 1"])
        body = "".join(_shape(rng) for _ in range(rng.randint(1, 5)))
        text = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}">{body}</svg>'
        path = tmp_path / f"i{n}.svg"
        path.write_text(text, encoding="utf-8")
        fast = svgfast.parsed(text.encode())
        if fast is not None:
            checked += 1
            assert fast == _slow(path), text
    assert checked >= 30


_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
_LINE = '<path d="M0 0 L1 1"/>'


@pytest.mark.parametrize("text", [
    _OPEN.replace(">", ' width="48">') + _LINE + "</svg>",
    _OPEN + "<g>" + _LINE + "</g></svg>",
    _OPEN + '<path d="M0 0 A 1 1 0 0 1 2 2"/></svg>',
    _OPEN + '<path d="M0 0 Q 1 1 2 2"/></svg>',
    _OPEN + '<path d="M0 0 L1 1" fill="red"/></svg>',
    _OPEN + '<path d="M0 0 L1 1" style="fill:#f00"/></svg>',
    _OPEN + '<path d="M0 0 L1 1" transform="scale(2)"/></svg>',
    _OPEN + '<path d="M0 0 L1 1" fill="url(#g)"/></svg>',
    _OPEN + '<path d="M0 0 L1 1" fill-opacity="0.5"/></svg>',
    _OPEN + '<path d="M0,,0 L1 1"/></svg>',
    _OPEN + '<path d="M1e400 0 L1 1"/></svg>',
    _OPEN + '<path d="M0 0 L1 1 Z L 3 3"/></svg>',
    _OPEN + '<rect width="4" height="4" rx="3"/></svg>',
    _OPEN + '<rect width="4" height="4" rx="1" ry="2"/></svg>',
    _OPEN + '<ellipse rx="4" ry="3"/></svg>',
    _OPEN + '<polygon points="1,2 3"/></svg>',
    _OPEN + '<polygon points="1-2 3,4"/></svg>',
    _OPEN + '<line x1="1" y1="2" x2="3" y2="4" stroke="#000"/></svg>',
    _OPEN.replace("0 0 24 24", "1 0 24 24") + _LINE + "</svg>",
    _OPEN.replace("0 0 24 24", "0 0 24") + _LINE + "</svg>",
    '<svg xmlns="http://www.w3.org/2000/svg">' + _LINE + "</svg>",
    '<!DOCTYPE svg [<!ENTITY a "b">]>' + _OPEN + "</svg>",
    "<svg viewBox='0 0 24 24'>" + _LINE + "</svg>",  # no SVG namespace
    "not xml at all",
])
def test_anything_else_is_left_to_svgelements(text: str) -> None:
    assert svgfast.parsed(text.encode()) is None


def test_an_icon_outside_the_plain_subset_still_draws(tmp_path: Path) -> None:
    path = tmp_path / "g.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
                    '<g transform="translate(2 0)"><path d="M0 0 L1 1 L0 1 Z"/></g></svg>')
    stat = path.stat()
    view, items = icons._parsed(path, (stat.st_mtime_ns, stat.st_size))
    assert view == (0.0, 0.0, 24.0, 24.0)
    assert items[0].ops[0] == ("M", 2.0, 0.0)


def _et_view(data: bytes) -> object:
    """What `svgfast.tree` gives, as ElementTree reads the document."""
    from xml.etree import ElementTree

    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return None

    def one(e: ElementTree.Element) -> tuple[object, ...]:
        return (e.tag, dict(e.attrib), e.text or "", e.tail or "", len(e))

    return one(root), [one(e) for e in root]


def _tree_view(data: bytes) -> object:
    root = svgfast.tree(data)
    if root is None:
        return None

    def one(e: svgfast.Node) -> tuple[object, ...]:
        return (e.tag, e.attrib, e.text, e.tail, e.count)

    return one(root), [one(e) for e in root.children]


ODD_XML = [
    b"", b"<svg", b"<a/><b/>", b"plain text", b"<a>x</b>", b"<a x='1' x='2'/>", b"<a>&nbsp;</a>",
    b"<?xml version='1.0' encoding='utf-8'?>\n<svg xmlns='http://www.w3.org/2000/svg'/>",
    b"<?xml version='1.0' encoding='latin-1'?><a t='\xe9'>\xe9</a>",
    b"<?xml version='1.0' encoding='nonesuch'?><a/>",
    b"<?xml version='1.0' encoding='shift_jis'?><a t='\x82\xa0'/>",
    b"<?xml version='1.0' encoding='cp1252'?><a t='\x80'>\x9c</a>",
    b"<?xml version='1.0' encoding='utf-16'?><a/>", "<a>\u00e9</a>".encode("utf-16"),
    b"<a>one<!-- c -->two<b>in<c/>side</b>tail<!-- d -->more<?pi x?>end<d/>\n </a>\n",
    b"<a xmlns:x='urn:x' x:k='v' k='w'><x:b x:j='1'>t</x:b><b xmlns='urn:y'/> </a>",
    b"<a>&amp;&lt;&#65;<![CDATA[<x>]]></a>", b"<a>\xff</a>", b"<a/>junk", b"<a/>  \n",
]


def _or_error(view: Any, data: bytes) -> object:
    try:
        return view(data)
    except (LookupError, ValueError) as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize("data", [p.read_bytes() for p in SVG_FILES] + ODD_XML)
def test_tree_reads_a_document_as_elementtree_does(data: bytes) -> None:
    assert _or_error(_tree_view, data) == _or_error(_et_view, data)


def test_a_plain_icon_is_read_without_elementtree() -> None:
    import subprocess
    import sys

    icon = next(p for p in SVG_FILES if svgfast.parsed(p.read_bytes()) is not None)
    code = ("import sys; from pathlib import Path; from cardgen.layout import svgfast; "
            f"assert svgfast.parsed(Path({str(icon)!r}).read_bytes()) is not None; "
            "print('xml.etree.ElementTree' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT)
    assert out.stdout.strip() == "False"
