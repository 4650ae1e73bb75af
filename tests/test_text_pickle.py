"""A line of text pickles as its fields (the face cache holds one per line): read back equal,
field for field, with the same repr (what face keys hash), outline and spacing included."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardgen.layout.drawing import Text


@pytest.mark.parametrize("line", [
    Text(1.0, 2.5, "Gain two", "bold", 8.0),
    Text(0.0, -1.0, "x", "regular", 6.5, "#123456", "end", "#FFFFFF", 0.3, 0.2),
    Text(3, 4, "", "/fonts/Own.ttf", 12.0, spacing=-0.1),
])
def test_a_line_of_text_comes_back_as_it_was(line: Text) -> None:
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(line, protocol))
        assert back == line and back.__dict__ == line.__dict__ and repr(back) == repr(line)
    assert copy.copy(line).__dict__ == line.__dict__
    assert copy.deepcopy(line).__dict__ == line.__dict__
