"""Write cardgen/assets/icc/cardgen-cmyk.icc: the CMYK output profile of cardgen's own sRGB ->
CMYK conversion (cardgen/render/cmyk.py), which the print-shop PDF names as its output intent.

No freely licensed press profile exists to ship (Debian's icc-profiles-free and colord ship RGB
and grey profiles only; Ghostscript's default_cmyk.icc is AGPL), so cardgen describes its own
conversion instead: an ICC v2 output profile (class prtr, CMYK data, Lab PCS, D50) whose
A2B tables give each CMYK the sRGB colour cardgen converted to it (R = (1 - C)(1 - K), ...) in
Lab, and whose B2A tables run cardgen's formula (full grey-component replacement, total ink at
most 240 %). It is cardgen's own work, under cardgen's MIT licence.

    .venv/bin/python tools/make_cmyk_icc.py      # rewrites the profile (same bytes every time)
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Callable, Sequence
from pathlib import Path

from cardgen.render.cmyk import rgb_to_cmyk

OUT = Path(__file__).resolve().parent.parent / "cardgen" / "assets" / "icc" / "cardgen-cmyk.icc"
INK_LIMIT = 2.4
D50 = (0.9642, 1.0, 0.8249)
# sRGB (linear) -> XYZ, adapted to D50 (Bradford), as the ICC's sRGB profile states it
SRGB_TO_XYZ = ((0.4360747, 0.3850649, 0.1430804),
               (0.2225045, 0.7168786, 0.0606169),
               (0.0139322, 0.0971045, 0.7141733))
DESCRIPTION = "cardgen CMYK (sRGB, full GCR, 240% total ink)"
COPYRIGHT = "cardgen contributors, MIT licence"


def _s15(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(max(v, 0.0), 1.0)
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def _inverse(m: Sequence[Sequence[float]]) -> list[list[float]]:
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


XYZ_TO_SRGB = _inverse(SRGB_TO_XYZ)


def _lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    lin = [_linear(v) for v in rgb]
    xyz = [sum(SRGB_TO_XYZ[r][k] * lin[k] for k in range(3)) / D50[r] for r in range(3)]
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz]
    return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))


def _rgb(lab: Sequence[float]) -> tuple[float, float, float]:
    fy = (lab[0] + 16) / 116
    f = (fy + lab[1] / 500, fy, fy - lab[2] / 200)
    xyz = [(t ** 3 if t ** 3 > 216 / 24389 else (116 * t - 16) * 27 / 24389) * D50[i]
           for i, t in enumerate(f)]
    r, g, b = (_gamma(sum(XYZ_TO_SRGB[row][k] * xyz[k] for k in range(3))) for row in range(3))
    return (r, g, b)


def _lab16(lab: Sequence[float]) -> list[int]:
    """Lab in the v2 16-bit encoding of lut16 tables."""
    return [min(max(round(lab[0] * 65280 / 100), 0), 65535),
            *(min(max(round((v + 128) * 256), 0), 65535) for v in lab[1:])]


def _lut16(inputs: int, outputs: int, grid: int, point: Callable[[tuple[float, ...]], list[int]]
           ) -> bytes:
    """A lut16Type (mft2) tag: identity matrix and curves, the CLUT computed per grid point."""
    head = b"mft2" + bytes(4) + bytes([inputs, outputs, grid, 0])
    matrix = b"".join(_s15(1.0 if r == c else 0.0) for r in range(3) for c in range(3))
    curve = struct.pack(">HH", 0, 65535)
    clut = bytearray()
    steps = [i / (grid - 1) for i in range(grid)]
    for coords in itertools.product(steps, repeat=inputs):  # first input varies slowest
        clut += struct.pack(f">{outputs}H", *point(coords))
    return (head + matrix + struct.pack(">HH", 2, 2) + curve * inputs + bytes(clut)
            + curve * outputs)


def _a2b(coords: tuple[float, ...]) -> list[int]:
    c, m, y, k = coords
    return _lab16(_lab(((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))))


def _b2a(coords: tuple[float, ...]) -> list[int]:
    lab = (coords[0] * 100 * 65535 / 65280, coords[1] * 65535 / 256 - 128,
           coords[2] * 65535 / 256 - 128)
    return [round(v * 65535) for v in rgb_to_cmyk(*_rgb(lab), INK_LIMIT)]


def _desc(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return (b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67))


def profile() -> bytes:
    a2b = _lut16(4, 3, 9, _a2b)
    b2a = _lut16(3, 4, 17, _b2a)
    tags: list[tuple[bytes, bytes]] = [
        (b"desc", _desc(DESCRIPTION)),
        (b"cprt", b"text" + bytes(4) + COPYRIGHT.encode("ascii") + b"\0"),
        (b"wtpt", b"XYZ " + bytes(4) + b"".join(_s15(v) for v in D50)),
        (b"A2B0", a2b), (b"A2B1", a2b), (b"A2B2", a2b),
        (b"B2A0", b2a), (b"B2A1", b2a), (b"B2A2", b2a),
        (b"gamt", _lut16(3, 1, 2, lambda _: [0])),
    ]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, body, placed = b"", b"", {}
    for sig, data in tags:
        if data not in placed:  # the A2B and B2A intents share one table each
            placed[data] = offset + len(body)
            body += data + bytes(-len(data) % 4)
        entries += sig + struct.pack(">II", placed[data], len(data))
    size = 128 + table_size + len(body)
    header = (struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x02100000) + b"prtrCMYKLab "
              + struct.pack(">6H", 2026, 11, 25, 0, 0, 0) + b"acsp" + bytes(4)
              + struct.pack(">I", 0) + bytes(4) + struct.pack(">I", 0) + bytes(8)
              + struct.pack(">I", 0) + b"".join(_s15(v) for v in D50) + bytes(4))
    header += bytes(128 - len(header))
    return header + struct.pack(">I", len(tags)) + entries + body


if __name__ == "__main__":
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(profile())
    print(f"{OUT} ({OUT.stat().st_size} bytes)")
