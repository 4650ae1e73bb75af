"""PyYAML, imported with the patterns cardgen never uses compiled when first used.

Its reader compiles NON_PRINTABLE (the characters YAML allows, as ranges up to U+10FFFF, the
pattern their complement: ~3.5 ms) when the module is imported, for the pure-Python reader,
which cardgen runs only to find how deep a file libyaml refused nests (libyaml reads every
file; `yamlsrc` finds a refused character with its own pattern of the same characters); its
constructor compiles the timestamp pattern, used only for a value typed as a timestamp; its
resolver the implicit resolvers' patterns of scalars a data file seldom holds (a merge key
`<<`, a timestamp, `=`, a plain scalar starting with `!`, `&` or `*`), each matched only when a
scalar begins with their first character and no resolver before matched. All are
`DeferredPattern`s (cardgen/deferral.py): compiled on first use, then answering as compiled.
Every module of cardgen that uses PyYAML imports it from here.
"""

from cardgen.deferral import patterns_deferred

UNUSED = {"yaml.reader": ("[^\t\n\r -~",),  # Reader.NON_PRINTABLE
          "yaml.constructor": ("^(?P<year>",),  # SafeConstructor.timestamp_regexp
          # Resolver's implicit resolvers: merge, timestamp, value, yaml
          "yaml.resolver": ("^(?:<<)$", "^(?:[0-9][0-9][0-9][0-9]-", "^(?:=)$", "^(?:!|&|\\*)$")}

with patterns_deferred(UNUSED):
    import yaml

__all__ = ["yaml"]
