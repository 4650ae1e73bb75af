"""Files cardgen ships: the bundled fonts (DejaVu Sans) with their licence."""
