"""Files cardgen ships: the bundled fonts (DejaVu Sans) with their licence, and the
print-on-demand service presets (services/<id>.yaml, read by cardgen.export.pod), and the
layouts and icons every game shares (layouts/common/)."""

from pathlib import Path

ASSETS = Path(__file__).resolve().parent  # the one place that knows where the assets are

