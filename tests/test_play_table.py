"""`cardgen play` writes table.html for every seed game; headless Chromium (Playwright driving
Debian's chromium) opens it from the file system and plays: shuffles a deck, draws 3 cards,
drags and flips a token, rolls a die, undoes, saves, reloads and loads the game; no console
error, no request but file://, no sideways scrolling at 400 px. One browser for the module."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.support.browser import NO_SIDEWAYS_SCROLL, launch

SEED_GAMES = ("l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def build_table(target: str, out: Path) -> Path:
    from cardgen.cli import main

    code = main(["--project", str(REPO), "play", target, "--no-open", "--outputs", "svg",
                 "--out", str(out)])
    assert code == 0
    tables = list(out.glob("*/table.html"))
    assert len(tables) == 1
    return tables[0]


class Table:
    """One page of the table, with what it logged and requested."""

    def __init__(self, browser: Any, path: Path, width: int = 1280) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 800},
                                           accept_downloads=True)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(path.resolve().as_uri())
        self.ready()

    def ready(self) -> None:
        self.page.wait_for_function("window.cardgenTable && window.cardgenTable.renders > 0")
        self.page.wait_for_function("[...document.images].every(i => i.complete)")

    def stored_everywhere(self, folder: Path) -> bool:
        """Wait until a fresh page of the browser reads the table's stored state (the
        browser's storage takes writes asynchronously: a reload must not race them). Each
        try opens a new page, so a page that missed the write cannot keep the wait going.
        Whether the reload then finds the table is what the test asserts, not this wait."""
        probe = folder / "probe.html"
        probe.write_text("<!doctype html><title>probe</title>", encoding="utf-8")
        key = "cardgen-play:" + self.page.evaluate("cardgenTable.game.label")
        read = f"localStorage.getItem({json.dumps(key)})"
        for _ in range(60):
            other = self.context.new_page()
            other.goto(probe.resolve().as_uri())
            here = self.page.evaluate(read)
            agreed = here is not None and other.evaluate(read) == here
            other.close()
            if agreed:
                return True
            self.page.wait_for_timeout(250)
        return False

    def reloaded_until(self, expected: dict[str, Any], tries: int = 40) -> None:
        """Reload until the table comes back as `expected` (a loaded machine can delay the
        browser's storage past a reload); a state that is never kept fails after `tries`."""
        for _ in range(tries):
            self.page.reload()
            self.ready()
            if self.state() == expected:
                return
            self.page.wait_for_timeout(250)

    def state(self) -> dict[str, Any]:
        return dict(self.page.evaluate("cardgenTable.state()"))

    def act(self, name: str) -> None:
        self.page.click(f'button[data-act="{name}"]')

    def on_top(self, selector: str) -> list[dict[str, Any]]:
        """The objects matching selector whose centre is not covered, with their centres."""
        return list(self.page.evaluate("""sel => [...document.querySelectorAll(sel)].map(el => {
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {oid: el.dataset.oid, x, y, free: !!hit && hit.closest('.obj') === el,
                    count: Number(el.dataset.count || 0)};
        }).filter(o => o.free)""", selector))

    def click(self, target: dict[str, Any]) -> None:
        self.page.mouse.click(target["x"], target["y"])

    def no_sideways_scroll(self) -> bool:
        return bool(self.page.evaluate(NO_SIDEWAYS_SCROLL))


@pytest.mark.parametrize("target", SEED_GAMES)
def test_the_table_plays_a_game_from_the_file_system(browser: Any, target: str,
                                                     tmp_path: Path) -> None:
    table = Table(browser, build_table(target, tmp_path / "out"))
    page = table.page
    # shuffle the biggest deck, then draw 3 cards into the hand
    deck = max(table.on_top(".obj.stack"), key=lambda o: o["count"])
    assert deck["count"] >= 4
    before = table.state()["objects"][deck["oid"]]["cards"]
    table.click(deck)
    table.act("shuffle")
    after = table.state()
    assert sorted(after["objects"][deck["oid"]]["cards"]) == sorted(before)
    assert after["draws"] > 0
    for _ in range(3):
        table.act("draw")
    drawn = table.state()
    assert len(drawn["hand"]) == 3 and page.locator(".hand-card").count() == 3
    assert len(drawn["objects"][deck["oid"]]["cards"]) == deck["count"] - 3
    # drag a token 80 px to the right and 40 down, then flip it (the hand has grown: fit first)
    table.act("fit")
    token = table.on_top(".obj.token")[0]
    start = drawn["objects"][token["oid"]]
    page.mouse.move(token["x"], token["y"])
    page.mouse.down()
    page.mouse.move(token["x"] + 40, token["y"] + 20, steps=4)
    page.mouse.move(token["x"] + 80, token["y"] + 40, steps=4)
    page.mouse.up()
    moved = table.state()["objects"][token["oid"]]
    assert moved["x"] > start["x"] and moved["y"] > start["y"]
    table.act("flip")
    assert table.state()["objects"][token["oid"]]["up"] is (not start["up"])
    # roll every die shown (the game's own faces), then undo the last move
    for die in table.on_top(".obj.die")[:2]:
        table.click(die)
        draws = table.state()["draws"]
        table.act("roll")
        rolled = table.state()
        assert rolled["draws"] == draws + 1
        face = page.locator(f'[data-oid="{die["oid"]}"]').get_attribute("data-value")
        pid = rolled["objects"][die["oid"]]["pid"]
        values = next(p["values"] for p in page.evaluate("cardgenTable.game.pieces") if p["id"] == pid)
        assert face == values[rolled["objects"][die["oid"]]["value"]]
    before_undo = table.state()
    table.click(table.on_top(".obj.token")[0])
    table.act("rotate")
    assert table.state() != before_undo
    table.act("undo")
    assert table.state() == before_undo
    # save to a file, reload (the browser kept it), change something, load the file
    with page.expect_download() as download:
        table.act("save")
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved == before_undo
    table.stored_everywhere(tmp_path)
    table.reloaded_until(saved)
    assert table.state() == saved
    table.click(max(table.on_top(".obj.stack"), key=lambda o: o["count"]))
    table.act("draw")
    assert table.state() != saved
    page.set_input_files("#load", files=[{"name": "game.json", "mimeType": "application/json",
                                          "buffer": json.dumps(saved).encode()}])
    page.wait_for_function("document.getElementById('status').textContent.includes('loaded')")
    assert table.state() == saved
    # the seed is on screen; nothing but files was requested; nothing went wrong
    assert page.input_value("#seed") == str(saved["seed"])
    assert table.errors == []
    assert table.requests and all(url.startswith("file://") for url in table.requests), \
        [u for u in table.requests if not u.startswith("file://")]
    page.set_viewport_size({"width": 400, "height": 800})
    assert table.no_sideways_scroll()
    table.context.close()


def placed(state: dict[str, Any], kind: str, pieces: dict[str, Any]) -> list[dict[str, Any]]:
    """The objects of `kind` the set-up placed on the table (cards out of their deck, pieces)."""
    return [o for o in state["objects"].values() if o.get("placed")
            and (o["kind"] if o["type"] == "stack" else pieces[o["pid"]]["kind"]) == kind]


def test_l5_starts_set_up_from_its_setup_data(browser: Any, tmp_path: Path) -> None:
    table = Table(browser, build_table("l5@0.6.5", tmp_path / "out"))
    state = table.state()
    pieces = {p["id"]: p for p in table.page.evaluate("cardgenTable.game.pieces")}
    stacks = [o for o in state["objects"].values() if o["type"] == "stack"]
    orbit = next(s for s in stacks if s["kind"] == "orbit-card" and s.get("home"))
    assert orbit["cards"][0] == "earth-the-internet"  # The Internet at the bottom of the deck
    earth = [s for s in stacks if s["kind"] == "earth-card" and s.get("placed")]
    assert len(earth) == 3 and all(s["up"] for s in earth)  # "Place the 3 Earth Cards face-up"
    stream = [s for s in stacks if s["kind"] == "orbit-card" and s.get("placed")]
    assert len(stream) == 3 and all(s["up"] for s in stream)  # "Deal the top three Orbit Cards"
    total = sum(p["count"] for p in pieces.values() if p["kind"] == "orbit-card")
    assert len(orbit["cards"]) == total - 3 + 1
    assert len(placed(state, "action-counter", pieces)) == 9  # 3 for each of 3 characters
    # a table opened afresh writes nothing until a move: a page whose storage had not yet taken
    # the last write must not overwrite the kept game with a new one
    key = json.dumps("cardgen-play:" + table.page.evaluate("cardgenTable.game.label"))
    assert table.page.evaluate(f"localStorage.getItem({key})") is None
    table.click(max(table.on_top(".obj.stack"), key=lambda o: o["count"]))
    table.act("shuffle")
    assert json.loads(table.page.evaluate(f"localStorage.getItem({key})")) == table.state()
    assert table.errors == []
    table.context.close()


def test_orbital_debris_starts_set_up_from_its_setup_data(browser: Any, tmp_path: Path) -> None:
    table = Table(browser, build_table("orbital-debris", tmp_path / "out"))
    state = table.state()
    pieces = {p["id"]: p for p in table.page.evaluate("cardgenTable.game.pieces")}
    players = state["players"]
    assert players == 2  # the edition's fewest players
    stacks = [o for o in state["objects"].values() if o["type"] == "stack"]
    for kind, cards in (("resource-card", 2), ("ship-card", 1), ("player-aid", 1)):
        dealt = [s for s in stacks if s["kind"] == kind and s.get("player")]
        assert sorted(s["player"] for s in dealt) == list(range(1, players + 1))
        assert all(len(s["cards"]) == cards for s in dealt), kind
    satellites = [s for s in stacks if s["kind"] == "satellite-card" and s.get("placed")]
    assert len(satellites) == 4 and all(s["up"] for s in satellites)
    drawn = [s for s in stacks if s["kind"] == "orbit-card" and s.get("placed")]
    assert len(drawn) == 3 + 1 + 3 + 3 + 3  # one for each of A, B, C, D, then 3 x 3
    orbit = [s for s in stacks if s["kind"] == "orbit-card" and not s.get("placed")]
    assert len(orbit) == 1 and len(orbit[0]["cards"]) == 40 - 13  # one deck again, fragmentation in it
    assert len(placed(state, "piece", pieces)) == 1 + players * 3 + 4 + 4 + 9 + 6 + 3
    assert table.errors == []
    table.context.close()
