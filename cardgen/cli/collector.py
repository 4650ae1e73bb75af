"""The cyclic garbage collector's thresholds for a command (set before the command line's
imports, cli/ending.py, and again by every main() call)."""

from __future__ import annotations

import gc

# A build allocates millions of small objects (primitives, runs, records) and frees nearly all
# by reference counting; with Python's default 700 allocations per young collection,
# collections were ~8 % of a Letter build's CPU, and ~10 ran (1-2 ms) while the command line's
# own modules (dataclasses, inspect, argparse, ...) were imported before main() began.
GC_THRESHOLDS = (50_000, 50, 100)


def for_a_command() -> None:
    gc.set_threshold(*GC_THRESHOLDS)
