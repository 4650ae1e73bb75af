"""The limits cardgen holds a project to, so a stranger's project cannot run away with the machine.

Each limit is far above what a real game needs (the largest bundled game has 108 components,
a face of 300 mm and icons of a few kB) and low enough that a build stays within seconds and
a few hundred MB. Going over one is a located Problem (exit 2), never a crash. The README's
"Safety" section lists them; keep the two in step.
"""

from __future__ import annotations

# ---------------------------------------------------------------- files
MAX_FILE_BYTES = 5 * 1024 * 1024  # one YAML file (data, layout, cardgen.yaml)
MAX_YAML_VALUES = 200_000  # values in one YAML file, aliases expanded (alias bombs)
MAX_YAML_DEPTH = 64  # nesting of lists and mappings, checked before the YAML parser recurses
MAX_MANIFEST_BYTES = 20 * 1024 * 1024  # a previous build's manifest.json worth reading

# ---------------------------------------------------------------- database
MAX_COMPONENTS = 20_000  # components in one edition, inherited ones included
MAX_COUNT = 1_000  # `count:` of one component
MAX_COPIES = 20_000  # copies printed by one build (the sum of the counts)
MAX_ID_CHARS = 100  # an id, kind, game or edition name

# ---------------------------------------------------------------- layouts
MAX_FACE_MM = 2_000.0  # width or height of one face (2 m)
MAX_LENGTH_MM = 10_000.0  # any coordinate or length in a layout, in mm
MAX_REPEAT = 1_000  # shapes in one `row` (its `n`)
MAX_ELEMENTS = 20_000  # primitives drawn on one face
MAX_TEXT_CHARS = 20_000  # characters in one text element (a page of a rulebook is ~4,000)
MAX_ICON_BYTES = 1024 * 1024  # one icon SVG file
MAX_IMAGE_BYTES = 50 * 1024 * 1024  # one PNG or JPEG file
MAX_IMAGE_PIXELS = 40_000_000  # width x height of one image (a 300 dpi A2 poster is 35 MP)

# ---------------------------------------------------------------- rules
MAX_EXPR_CHARS = 2_000  # text of one `expr` rule
MAX_EXPR_RESULT = 100_000  # characters or items of any value an expression makes

# ---------------------------------------------------------------- output
LOCK_WAIT_SECONDS = 120.0  # how long a build waits for another build of the same folder

# ---------------------------------------------------------------- print
# Not a limit but a size two stages share: every face is laid out with at least this bleed
# (cardgen.layout.bleed) and the print-shop pages carry it (cardgen.impose).
PRINT_BLEED = 3.0  # mm; the print-shop bleed each side of the trim
