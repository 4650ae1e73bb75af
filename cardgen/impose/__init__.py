"""Stage 4, impose: faces and paper -> home-print page plans, pure geometry in mm (no drawing).

geometry.py holds the paper, boxes, slots and marks; papers.py the paper catalogue; tiles.py
cuts a board too big for a sheet into overlapping tiles; plans.py turns copies into pages;
pack.py packs pieces of
different kinds onto shared pages; home.py splits them into a duplex and a single-sided file,
each opening with its print plan; furniture.py places the labels and scale bars. Drawing a plan is
cardgen.render.pages.
"""

from cardgen.impose.geometry import (
    BAND,
    BLOCK_GAP,
    FOLD_CLEAR,
    INSIDE_TICK,
    LARGE_GAP,
    MARGIN,
    PRINT_BLEED,
    PRINTABLE,
    TILE_OVERLAP,
    TOKEN_GUTTER,
    Box,
    Copy,
    Line,
    Page,
    Paper,
    Slot,
    back_slot,
    band_region,
    bbox,
    card_slots,
    common_box,
    content_box,
    cut_positions,
    grid_clips,
    grid_slots,
    shelf_pages,
)
from cardgen.impose.home import Group, HomeFile, plan_home_print
from cardgen.impose.papers import PAPERS
from cardgen.impose.plans import (
    calibration_plan,
    calibration_points,
    fold_plan,
    grid_plan,
    sticker_rows,
    tile_plan,
)
from cardgen.impose.tiling import registration_points, tile_count, tiles, tiles_on

__all__ = [
    "BAND", "BLOCK_GAP", "FOLD_CLEAR", "INSIDE_TICK", "PRINTABLE", "LARGE_GAP", "MARGIN",
    "PAPERS", "PRINT_BLEED", "TILE_OVERLAP",
    "TOKEN_GUTTER", "Box", "Copy", "Group", "HomeFile", "Line", "Page", "Paper", "Slot", "back_slot",
    "band_region", "bbox", "calibration_plan", "calibration_points", "card_slots", "common_box",
    "content_box", "cut_positions", "fold_plan", "grid_clips", "grid_plan", "grid_slots",
    "plan_home_print", "registration_points", "shelf_pages", "sticker_rows", "tile_count",
    "tile_plan", "tiles", "tiles_on",
]
