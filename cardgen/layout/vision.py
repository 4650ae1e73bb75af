"""Colour as a colour-blind player sees it: simulations and the CIEDE2000 difference.

Simulations (`simulate`) work on '#RRGGBB' in linear RGB:

- protan, deutan, tritan: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model
  for Simulation of Color Vision Deficiency", IEEE TVCG 15(6):1291-1298,
  doi:10.1109/TVCG.2009.113; the matrices for severity 1.0 published with the paper
  (https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html),
  applied to linear sRGB as the authors do.
- grey: red, green and blue set to the relative luminance Y (ITU-R BT.709 weights, linear RGB), what
  a greyscale photocopy or a player without colour vision keeps.

`delta_e` is CIEDE2000 (CIE 142-2001) between two sRGB colours through CIELAB (D65), written
after Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
supplementary test data, and mathematical observations", Color Res. Appl. 30(1):21-30; their
test pairs are in tests/test_vision.py. Under 10 two colours are at risk of being confused,
under 5 they are the same colour to most eyes.

Pure Python on purpose: a face has a handful of colours, and these 100 lines save a numpy
dependency (colorspacious and colour-science both need it).
"""

from __future__ import annotations

import math
from functools import lru_cache

Matrix3 = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

SIMULATIONS: dict[str, Matrix3] = {
    "protan": ((0.152286, 1.052583, -0.204868),
               (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968),
               (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779),
               (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
    "grey": ((0.2126, 0.7152, 0.0722),) * 3,
}
KINDS = tuple(SIMULATIONS)  # protan, deutan, tritan, grey
RISK = 10.0  # CIEDE2000 under this: told apart with difficulty
SAME = 5.0  # under this: the same colour


def to_linear(channel: float) -> float:
    """An sRGB channel (0..1) -> linear light."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def to_srgb(linear: float) -> float:
    """Linear light (clipped to 0..1) -> an sRGB channel (0..1)."""
    v = min(1.0, max(0.0, linear))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def rgb(colour: str) -> tuple[float, float, float]:
    """'#RRGGBB' -> sRGB values 0..1."""
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def rgb_bytes(colour: str) -> tuple[int, int, int]:
    """'#RRGGBB' -> its three bytes (a pixel)."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def simulate_rgb(kind: str, r: float, g: float, b: float) -> tuple[float, float, float]:
    """sRGB values (0..1) as seen under a simulation, sRGB values 0..1."""
    m = SIMULATIONS[kind]
    lin = (to_linear(r), to_linear(g), to_linear(b))
    return tuple(to_srgb(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])  # type: ignore[return-value]
                 for row in m)


@lru_cache(maxsize=4096)
def simulate(kind: str, colour: str) -> str:
    """'#RRGGBB' as seen under a simulation ('normal' leaves it as it is)."""
    if kind == "normal":
        return colour.upper()
    r, g, b = simulate_rgb(kind, *rgb(colour))
    return "#{:02X}{:02X}{:02X}".format(*(round(c * 255) for c in (r, g, b)))


def lab(colour: str) -> tuple[float, float, float]:
    """'#RRGGBB' -> CIELAB (D65 white)."""
    r, g, b = (to_linear(c) for c in rgb(colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_mean = _hue_mean(h1p, h2p, c1p * c2p)
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = (-2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (big_dh / sh) ** 2
                     + rt * (dc / sc) * (big_dh / sh))


def _hue_mean(h1: float, h2: float, chroma_product: float) -> float:
    if not chroma_product:
        return h1 + h2
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2


@lru_cache(maxsize=8192)
def delta_e(one: str, two: str, kind: str = "normal") -> float:
    """CIEDE2000 of two '#RRGGBB' colours as seen under a simulation (or 'normal')."""
    return ciede2000(lab(simulate(kind, one)), lab(simulate(kind, two)))


def worst(one: str, two: str) -> tuple[float, str]:
    """The smallest CIEDE2000 of two colours over the four simulations, and which one."""
    return min((delta_e(one, two, kind), kind) for kind in KINDS)
