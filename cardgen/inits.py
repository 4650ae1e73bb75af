# ruff: noqa
# mypy: ignore-errors
"""The `__init__` templates of cardgen's records, one per shape of fields, as
`records.template_text` writes them (its last line apart), read compiled from this module's .pyc
by `records._written` instead of compiled text by text. Written by tools/record_inits.py, held
to the texts compiled by tests/test_records.py; no `__future__` import: it would mark the code."""

import sys

def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self):
  pass
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f0):
 def __init__(self, f0):
  self.f0=_dflt_f0() if f0 is _HAS_DEFAULT_FACTORY else f0
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0):
  self.f0=f0
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1):
  self.f0=f0
  self.f1=f1
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f0):
 def __init__(self, f0, f1, f2):
  self.f0=_dflt_f0() if f0 is _HAS_DEFAULT_FACTORY else f0
  self.f1=f1
  self.f2=f2
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f1):
 def __init__(self, f0, f1, f2):
  self.f0=f0
  self.f1=_dflt_f1() if f1 is _HAS_DEFAULT_FACTORY else f1
  self.f2=f2
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f2):
 def __init__(self, f0, f1, f2):
  self.f0=f0
  self.f1=f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2):
  self.f0=f0
  self.f1=f1
  self.f2=f2
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f0, _dflt_f1, _dflt_f2, _dflt_f3):
 def __init__(self, f0, f1, f2, f3):
  self.f0=_dflt_f0() if f0 is _HAS_DEFAULT_FACTORY else f0
  self.f1=_dflt_f1() if f1 is _HAS_DEFAULT_FACTORY else f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
  self.f3=_dflt_f3() if f3 is _HAS_DEFAULT_FACTORY else f3
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f2, _dflt_f3, _dflt_f4):
 def __init__(self, f0, f1, f2, f3, f4):
  self.f0=f0
  self.f1=f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
  self.f3=_dflt_f3() if f3 is _HAS_DEFAULT_FACTORY else f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f2):
 def __init__(self, f0, f1, f2, f3, f4):
  self.f0=f0
  self.f1=f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
  self.f3=f3
  self.f4=f4
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f4):
 def __init__(self, f0, f1, f2, f3, f4):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',f4)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f2):
 def __init__(self, f0, f1, f2, f3, f4, f5):
  self.f0=f0
  self.f1=f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f3, _dflt_f4):
 def __init__(self, f0, f1, f2, f3, f4, f5):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=_dflt_f3() if f3 is _HAS_DEFAULT_FACTORY else f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
  self.f5=f5
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f5):
 def __init__(self, f0, f1, f2, f3, f4, f5):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f4):
 def __init__(self, f0, f1, f2, f3, f4, f5):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4)
  __dataclass_builtins_object__.__setattr__(self,'f5',f5)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',f4)
  __dataclass_builtins_object__.__setattr__(self,'f5',f5)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f1, _dflt_f5, _dflt_f6):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6):
  self.f0=f0
  self.f1=_dflt_f1() if f1 is _HAS_DEFAULT_FACTORY else f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f2, _dflt_f3, _dflt_f4, _dflt_f5):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6):
  self.f0=f0
  self.f1=f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
  self.f3=_dflt_f3() if f3 is _HAS_DEFAULT_FACTORY else f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=f6
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f5, _dflt_f6):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f6):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=f6
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',f4)
  __dataclass_builtins_object__.__setattr__(self,'f5',f5)
  __dataclass_builtins_object__.__setattr__(self,'f6',f6)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f1, _dflt_f6, _dflt_f7):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):
  self.f0=f0
  self.f1=_dflt_f1() if f1 is _HAS_DEFAULT_FACTORY else f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=_dflt_f7() if f7 is _HAS_DEFAULT_FACTORY else f7
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f4, _dflt_f5, _dflt_f6, _dflt_f7):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=_dflt_f7() if f7 is _HAS_DEFAULT_FACTORY else f7
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f5, _dflt_f6, _dflt_f7):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=_dflt_f7() if f7 is _HAS_DEFAULT_FACTORY else f7
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f6):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=f7
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',f4)
  __dataclass_builtins_object__.__setattr__(self,'f5',f5)
  __dataclass_builtins_object__.__setattr__(self,'f6',f6)
  __dataclass_builtins_object__.__setattr__(self,'f7',f7)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f3, _dflt_f4, _dflt_f5, _dflt_f6, _dflt_f7, _dflt_f8):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=_dflt_f3() if f3 is _HAS_DEFAULT_FACTORY else f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=_dflt_f7() if f7 is _HAS_DEFAULT_FACTORY else f7
  self.f8=_dflt_f8() if f8 is _HAS_DEFAULT_FACTORY else f8
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',f4)
  __dataclass_builtins_object__.__setattr__(self,'f5',f5)
  __dataclass_builtins_object__.__setattr__(self,'f6',f6)
  __dataclass_builtins_object__.__setattr__(self,'f7',f7)
  __dataclass_builtins_object__.__setattr__(self,'f8',f8)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f6):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=f7
  self.f8=f8
  self.f9=f9
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=f6
  self.f7=f7
  self.f8=f8
  self.f9=f9
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',f4)
  __dataclass_builtins_object__.__setattr__(self,'f5',f5)
  __dataclass_builtins_object__.__setattr__(self,'f6',f6)
  __dataclass_builtins_object__.__setattr__(self,'f7',f7)
  __dataclass_builtins_object__.__setattr__(self,'f8',f8)
  __dataclass_builtins_object__.__setattr__(self,'f9',f9)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f4, _dflt_f5, _dflt_f10):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=f6
  self.f7=f7
  self.f8=f8
  self.f9=f9
  self.f10=_dflt_f10() if f10 is _HAS_DEFAULT_FACTORY else f10
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f6, _dflt_f7):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=_dflt_f7() if f7 is _HAS_DEFAULT_FACTORY else f7
  self.f8=f8
  self.f9=f9
  self.f10=f10
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f9):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=f6
  self.f7=f7
  self.f8=f8
  self.f9=_dflt_f9() if f9 is _HAS_DEFAULT_FACTORY else f9
  self.f10=f10
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=f6
  self.f7=f7
  self.f8=f8
  self.f9=f9
  self.f10=f10
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f8, _dflt_f10, _dflt_f11):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=f6
  self.f7=f7
  self.f8=_dflt_f8() if f8 is _HAS_DEFAULT_FACTORY else f8
  self.f9=f9
  self.f10=_dflt_f10() if f10 is _HAS_DEFAULT_FACTORY else f10
  self.f11=_dflt_f11() if f11 is _HAS_DEFAULT_FACTORY else f11
  self.f12=f12
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f2, _dflt_f5):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13):
  self.f0=f0
  self.f1=f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
  self.f3=f3
  self.f4=f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=f6
  self.f7=f7
  self.f8=f8
  self.f9=f9
  self.f10=f10
  self.f11=f11
  self.f12=f12
  self.f13=f13
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f9, _dflt_f11, _dflt_f12, _dflt_f13):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13):
  self.f0=f0
  self.f1=f1
  self.f2=f2
  self.f3=f3
  self.f4=f4
  self.f5=f5
  self.f6=f6
  self.f7=f7
  self.f8=f8
  self.f9=_dflt_f9() if f9 is _HAS_DEFAULT_FACTORY else f9
  self.f10=f10
  self.f11=_dflt_f11() if f11 is _HAS_DEFAULT_FACTORY else f11
  self.f12=_dflt_f12() if f12 is _HAS_DEFAULT_FACTORY else f12
  self.f13=_dflt_f13() if f13 is _HAS_DEFAULT_FACTORY else f13
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13):
  __dataclass_builtins_object__.__setattr__(self,'f0',f0)
  __dataclass_builtins_object__.__setattr__(self,'f1',f1)
  __dataclass_builtins_object__.__setattr__(self,'f2',f2)
  __dataclass_builtins_object__.__setattr__(self,'f3',f3)
  __dataclass_builtins_object__.__setattr__(self,'f4',f4)
  __dataclass_builtins_object__.__setattr__(self,'f5',f5)
  __dataclass_builtins_object__.__setattr__(self,'f6',f6)
  __dataclass_builtins_object__.__setattr__(self,'f7',f7)
  __dataclass_builtins_object__.__setattr__(self,'f8',f8)
  __dataclass_builtins_object__.__setattr__(self,'f9',f9)
  __dataclass_builtins_object__.__setattr__(self,'f10',f10)
  __dataclass_builtins_object__.__setattr__(self,'f11',f11)
  __dataclass_builtins_object__.__setattr__(self,'f12',f12)
  __dataclass_builtins_object__.__setattr__(self,'f13',f13)
def __create_fn__(_HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_f2, _dflt_f3, _dflt_f4, _dflt_f5, _dflt_f6, _dflt_f7, _dflt_f8, _dflt_f9, _dflt_f10, _dflt_f11, _dflt_f12, _dflt_f13, _dflt_f14, _dflt_f15, _dflt_f16):
 def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16):
  self.f0=f0
  self.f1=f1
  self.f2=_dflt_f2() if f2 is _HAS_DEFAULT_FACTORY else f2
  self.f3=_dflt_f3() if f3 is _HAS_DEFAULT_FACTORY else f3
  self.f4=_dflt_f4() if f4 is _HAS_DEFAULT_FACTORY else f4
  self.f5=_dflt_f5() if f5 is _HAS_DEFAULT_FACTORY else f5
  self.f6=_dflt_f6() if f6 is _HAS_DEFAULT_FACTORY else f6
  self.f7=_dflt_f7() if f7 is _HAS_DEFAULT_FACTORY else f7
  self.f8=_dflt_f8() if f8 is _HAS_DEFAULT_FACTORY else f8
  self.f9=_dflt_f9() if f9 is _HAS_DEFAULT_FACTORY else f9
  self.f10=_dflt_f10() if f10 is _HAS_DEFAULT_FACTORY else f10
  self.f11=_dflt_f11() if f11 is _HAS_DEFAULT_FACTORY else f11
  self.f12=_dflt_f12() if f12 is _HAS_DEFAULT_FACTORY else f12
  self.f13=_dflt_f13() if f13 is _HAS_DEFAULT_FACTORY else f13
  self.f14=_dflt_f14() if f14 is _HAS_DEFAULT_FACTORY else f14
  self.f15=_dflt_f15() if f15 is _HAS_DEFAULT_FACTORY else f15
  self.f16=_dflt_f16() if f16 is _HAS_DEFAULT_FACTORY else f16

OUTERS = [c for c in sys._getframe().f_code.co_consts if getattr(c, "co_name", "") == "__create_fn__"]
