"""pydantic, imported with the texts its import compiles compiled once or not at all.

pydantic-core's core_schema declares some hundred typed dictionaries whose annotations are
texts; `typing` compiles each text it is given into the code of a `ForwardRef` (~630 when
pydantic is imported, ~200 of them different, ~2 ms), and none is ever evaluated: imported
under `cardgen.deferral.codes_shared`, a reference keeps its text as its code (`eval` compiles
it if it is evaluated), made without typing's checks that cannot fail for a text
(`forward_checks_skipped`). pydantic's and annotated_types' dataclasses are made as records
(`cardgen.records.dataclasses_as_records`: their methods not compiled from text, ~0.25 ms a
class); the few a record cannot be have an equal method text compiled once. Nothing of it is
left in `typing` or `dataclasses` once the import ends, and an import that finds pydantic
loaded is an import as ever. The models' pydantic twins (`cardgen.data.twins`, made only for
data that is not plainly valid) take pydantic's names from here, so the first import of pydantic
in a command is this one.
"""

from cardgen.deferral import codes_shared, forward_checks_skipped, patterns_deferred
from cardgen.records import dataclasses_as_records

# Standard modules pydantic's import loads whose module-level patterns serve what cardgen never
# asks of them: a Fraction read from text; platform's parsers of version strings and
# os-release files (uuid imports platform for `platform.system()`, which reads none of them);
# textwrap's (pydantic's helpers import it to dedent docstrings and wrap text); and pydantic's
# own for a `ClassVar` written as text (cardgen's models annotate with objects) and for a
# `ByteSize` read from text.
UNUSED = {"fractions": ("\n    \\A\\s*",),  # _RATIONAL_FORMAT
          "platform": ("",),  # every text pattern platform compiles (its bytes one apart)
          "textwrap": ("",),
          "pydantic._internal._typing_extra": ("((\\w+\\.)?Annotated\\[)?",),  # _classvar_re
          "pydantic.types": ("^\\s*(\\d*\\.?\\d+)",)}  # ByteSize.byte_string_re

with codes_shared(), forward_checks_skipped(), patterns_deferred(UNUSED), dataclasses_as_records():
    from annotated_types import Ge, Gt, Le, Lt  # (pydantic's import loads it; the constraints)
    from pydantic import (
        AfterValidator,
        BaseModel,
        ConfigDict,
        Field,
        PrivateAttr,
        ValidationError,
        field_validator,
        model_validator,
    )

__all__ = ["AfterValidator", "BaseModel", "ConfigDict", "Field", "Ge", "Gt", "Le", "Lt",
           "PrivateAttr", "ValidationError", "field_validator", "model_validator"]
