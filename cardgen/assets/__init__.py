"""Files cardgen ships: the bundled fonts (DejaVu Sans) with their licence, and the
print-on-demand service presets (services/<id>.yaml, read by cardgen.export.pod)."""
