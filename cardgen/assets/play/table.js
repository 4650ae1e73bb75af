// cardgen's play table: the build's faces on a table in the browser, from the file system.
// Every card kind is a face-down deck; boards, tokens and dice are pieces. Positions are in mm
// (PX screen pixels per mm at zoom 1). Every change goes through commit(): the state before it
// is kept for undo, the state after it is stored in localStorage. Random numbers come from
// the game's seed and a count of numbers drawn, so the same seed and moves replay a game.
const GAME = JSON.parse(document.getElementById('game').textContent);
const PX = 3;
const GAP = 12;
const PLAYER_ROW = 130; // mm between the players' rows of dealt cards
const KEY = 'cardgen-play:' + GAME.label;
const byId = Object.fromEntries(GAME.pieces.map(p => [p.id, p]));
const view = document.getElementById('view');
const world = document.getElementById('world');
const handBox = document.getElementById('hand-cards');
const status = document.getElementById('status');
const camera = { x: 20, y: 20, zoom: 0.5 };
let state = null;
let undoStack = [];
let selected = null; // {where: 'table', oid} or {where: 'hand', index}

// ---------------------------------------------------------------- random numbers

function random() { // a float in [0, 1): the seed's next number
  let t = (Number(state.seed) >>> 0) ^ Math.imul(state.draws + 1, 0x9E3779B9);
  state.draws += 1;
  t = Math.imul(t ^ (t >>> 16), 0x85EBCA6B);
  t = Math.imul(t ^ (t >>> 13), 0xC2B2AE35);
  return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
}

function shuffled(list) {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function freshSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String(a[0] % 1000000);
}

// ---------------------------------------------------------------- the state

function newObject(props) {
  const oid = 'o' + (state.nextId++);
  state.objects[oid] = { oid, x: 0, y: 0, rot: 0, z: state.nextZ++, up: true, ...props };
  return state.objects[oid];
}

function cardsOf(kind, where) {
  const out = [];
  for (const p of GAME.pieces) {
    if (p.kind !== kind || !matches(p, where)) continue;
    for (let k = 0; k < p.count; k++) out.push(p.id);
  }
  return out;
}

function matches(p, where) {
  return !where || Object.entries(where).every(([k, v]) =>
    (k === 'id' ? p.id : k === 'name' ? p.name : p.fields[k]) === v);
}

function size(pid) {
  const p = byId[pid];
  return p.role === 'die' ? { w: p.h, h: p.h } : { w: p.w, h: p.h };
}

function freshState(seed, players) {
  state = { version: 1, game: GAME.label, seed, draws: 0, players, objects: {}, hand: [],
    nextId: 1, nextZ: 1, log: [] };
  lay_out();
  setUp();
  return state;
}

function lay_out() { // boards, then decks, then tokens and dice: shelves across the table
  const width = Math.max(900, ...GAME.pieces.filter(p => p.role === 'board').map(p => p.w));
  let x = 0, y = 0, shelf = 0;
  const put = (w, h) => {
    if (x > 0 && x + w > width) { x = 0; y += shelf + GAP; shelf = 0; }
    const at = { x, y };
    x += w + GAP; shelf = Math.max(shelf, h);
    return at;
  };
  const next = () => { if (x > 0) { x = 0; y += shelf + GAP * 2; shelf = 0; } };
  for (const p of GAME.pieces.filter(p => p.role === 'board')) {
    for (let k = 0; k < p.count; k++) newObject({ type: 'piece', pid: p.id, ...put(p.w, p.h), z: 0 });
  }
  next();
  for (const kind of GAME.kinds.filter(k => k.role === 'deck')) {
    const cards = cardsOf(kind.id);
    const p = byId[cards[0]];
    newObject({ type: 'stack', kind: kind.id, label: kind.title, cards, up: false, home: true,
      ...put(p.w, p.h) });
  }
  state.pileAt = { x, y }; // piles split off a deck go on at the end of the decks' row
  next();
  for (const p of GAME.pieces.filter(p => p.role === 'token' || p.role === 'die')) {
    const s = size(p.id);
    const at = put(s.w + Math.min(p.count - 1, 4) * 1.5, s.h + Math.min(p.count - 1, 4) * 1.5);
    for (let k = 0; k < p.count; k++) {
      const off = Math.min(k, 4) * 1.5;
      newObject({ type: 'piece', pid: p.id, x: at.x + off, y: at.y + off, value: 0 });
    }
  }
  next();
  state.bottom = y;
  state.width = width;
}

function homeStack(kind) {
  return Object.values(state.objects).find(o => o.type === 'stack' && o.kind === kind && o.home);
}

function stacks() { return Object.values(state.objects).filter(o => o.type === 'stack'); }

function piles(kind) { // a kind's decks and piles: not the cards dealt to players or placed
  return stacks().filter(s => s.kind === kind && !s.player && !s.placed);
}

// ---------------------------------------------------------------- set-up from data

const STEPS = {
  shuffle(step) { for (const s of pilesOf(step)) s.cards = shuffled(s.cards); },
  deck(step) { // separate some cards of a deck into a pile of their own
    const home = homeStack(step.deck);
    if (!home) return;
    const taken = home.cards.filter(pid => matches(byId[pid], step.where));
    home.cards = home.cards.filter(pid => !matches(byId[pid], step.where));
    const p = byId[taken[0]];
    if (!p) return;
    newObject({ type: 'stack', kind: step.deck, cards: taken, up: false,
      label: step.name || Object.values(step.where || {}).join(' '), ...state.pileAt });
    state.pileAt = { x: state.pileAt.x + p.w + GAP, y: state.pileAt.y };
  },
  merge(step) { // put piles of a kind back together into its deck
    const home = homeStack(step.merge);
    for (const s of piles(step.merge).filter(s => s !== home && matches(byId[s.cards[0]] || {}, step.where))) {
      home.cards = home.cards.concat(s.cards);
      delete state.objects[s.oid];
    }
  },
  remove(step) { // set cards aside (back in the box)
    for (const s of piles(step.remove)) {
      s.cards = s.cards.filter(pid => !matches(byId[pid], step.where));
    }
  },
  deal(step) {
    const pile = pilesOf(step)[0];
    if (pile) dealFrom(pile, step.count || 1, step.face === 'up');
  },
  draw(step) {
    const pile = pilesOf(step)[0];
    for (let k = 0; pile && k < (step.count || 1) && pile.cards.length; k++) state.hand.push(pile.cards.pop());
  },
  place(step) { placeFrom(step); },
  under(step) { // cards of one kind beneath another kind's deck
    const deck = homeStack(step.onto);
    if (!deck) return;
    for (const pile of piles(step.under)) {
      const taken = pile.cards.filter(pid => matches(byId[pid], step.where));
      pile.cards = pile.cards.filter(pid => !matches(byId[pid], step.where));
      deck.cards = taken.concat(deck.cards);
    }
  },
};

function pilesOf(step) {
  const kind = step.shuffle || step.deal || step.draw || step.deck || step.place;
  const all = piles(kind);
  if (!step.where) return all.sort((a, b) => (b.home ? 1 : 0) - (a.home ? 1 : 0));
  return all.filter(s => s.cards.length && s.cards.every(pid => matches(byId[pid], step.where)))
    .concat(all.filter(s => s.home));
}

function times(each) { // how many times a count per player, or per piece of a kind, is taken
  if (!each) return 1;
  if (each === 'player') return state.players;
  return GAME.pieces.filter(p => p.kind === each).reduce((n, p) => n + p.count, 0);
}

function placeFrom(step) { // cards out of their deck face up, or pieces, in a row below the table
  const count = step.count === undefined ? Infinity : step.count * times(step.each);
  const up = step.face !== 'down';
  let x = state.placeX || 0;
  let y = state.bottom + (state.placeY || 0);
  let row = state.placeH || 0; // the height of the row so far
  const room = w => { // the next place in the set-up rows, wrapping at the table's width
    if (x > 0 && x + w > state.width) { state.placeY = (state.placeY || 0) + row + GAP; y = state.bottom + state.placeY; x = 0; row = 0; }
  };
  const piles = pilesOf(step);
  if (piles.length) {
    let left = count;
    for (const pile of piles) {
      const taken = pile.cards.filter(pid => matches(byId[pid], step.where)).slice(-Math.min(left, pile.cards.length)).reverse();
      for (const pid of taken) {
        if (left <= 0) break;
        pile.cards.splice(pile.cards.lastIndexOf(pid), 1);
        room(byId[pid].w);
        newObject({ type: 'stack', kind: step.place, cards: [pid], up, x, y, placed: true });
        x += byId[pid].w + GAP; row = Math.max(row, byId[pid].h); left -= 1;
      }
    }
  } else {
    const pieces = Object.values(state.objects).filter(o => o.type === 'piece' && !o.placed
      && byId[o.pid].kind === step.place && matches(byId[o.pid], step.where)).slice(0, count);
    for (const o of pieces) {
      const s = size(o.pid);
      room(s.w);
      Object.assign(o, { x, y, up, z: state.nextZ++, placed: true });
      x += s.w + GAP; row = Math.max(row, s.h);
    }
  }
  state.placeX = x;
  state.placeH = row;
  state.placeRow = Math.max(state.placeRow || 0, (state.placeY || 0) + row);
}

function setUp() {
  for (const step of GAME.setup) {
    const verb = Object.keys(STEPS).find(v => v in step);
    if (verb) STEPS[verb](step);
  }
  if (state.placeRow) state.bottom += state.placeRow + GAP * 2;
}

function dealFrom(pile, each, up) { // a pile per player and kind, in the players' rows to the right
  const p = byId[pile.cards[pile.cards.length - 1]];
  if (!p) return;
  for (let n = 0; n < state.players; n++) {
    const cards = [];
    for (let k = 0; k < each && pile.cards.length; k++) cards.push(pile.cards.pop());
    const existing = stacks().find(s => s.player === n + 1 && s.kind === pile.kind);
    if (existing) { existing.cards = existing.cards.concat(cards); continue; }
    const mine = stacks().filter(s => s.player === n + 1);
    const x = state.width + GAP * 4 + mine.reduce((sum, s) => sum + byId[s.cards[0] || cardsOf(s.kind)[0]].w + GAP, 0);
    newObject({ type: 'stack', kind: pile.kind, cards, up, player: n + 1,
      label: mine.length ? '' : 'Player ' + (n + 1), x, y: n * PLAYER_ROW });
  }
}

// ---------------------------------------------------------------- actions

function commit(what, change, logged = true) {
  const before = JSON.stringify(state);
  if (change() === false) return;
  undoStack.push(before);
  if (undoStack.length > 200) undoStack.shift();
  if (logged) state.log.push(what);
  if (state.log.length > 50) state.log.shift();
  save();
  render();
  say(what);
}

function chosen() { return selected && selected.where === 'table' ? state.objects[selected.oid] : null; }

const ACTIONS = {
  shuffle() {
    const s = chosen();
    if (!s || s.type !== 'stack') return say('choose a deck first');
    commit('shuffled ' + (s.label || s.kind), () => { s.cards = shuffled(s.cards); });
  },
  draw() {
    const s = chosen();
    if (!s || s.type !== 'stack' || !s.cards.length) return say('choose a deck first');
    commit('drew a card', () => { state.hand.push(s.cards.pop()); dropEmpty(s); });
  },
  deal() {
    const s = chosen();
    if (!s || s.type !== 'stack') return say('choose a deck first');
    const each = Math.max(1, Number(document.getElementById('each').value) || 1);
    commit(`dealt ${each} to each of ${state.players} players`, () => { dealFrom(s, each, false); dropEmpty(s); });
  },
  flip() {
    if (selected && selected.where === 'hand') return;
    const o = chosen();
    if (!o) return say('choose a card or piece first');
    commit('flipped', () => { o.up = !o.up; if (o.type === 'stack') o.cards.reverse(); });
  },
  rotate() {
    const o = chosen();
    if (!o) return say('choose a card or piece first');
    commit('rotated', () => { o.rot = (o.rot + 90) % 360; });
  },
  roll() {
    const o = chosen();
    if (!o || o.type !== 'piece' || byId[o.pid].role !== 'die') return say('choose a die first');
    commit('rolled', () => { o.value = Math.floor(random() * byId[o.pid].dice.length); o.up = true; });
  },
  return() { returnChosen(); },
  undo() { undo(); },
  'zoom-in'() { zoomAt(1.25); },
  'zoom-out'() { zoomAt(0.8); },
  fit() { fit(); },
  save() { download(); },
  new() {
    const seed = document.getElementById('seed').value.trim() || freshSeed();
    commit('a new game, seed ' + seed, () => { freshState(seed, state.players); selected = null; });
  },
};

function returnChosen() {
  if (selected && selected.where === 'hand') {
    const pid = state.hand[selected.index];
    const home = homeStack(byId[pid].kind);
    if (!home) return;
    commit('returned a card', () => { state.hand.splice(selected.index, 1); home.cards.push(pid); selected = null; });
    return;
  }
  const s = chosen();
  if (!s || s.type !== 'stack' || s.home) return say('choose cards on the table first');
  const home = homeStack(s.kind);
  commit('returned cards', () => { home.cards = home.cards.concat(s.cards); delete state.objects[s.oid]; selected = null; });
}

function dropEmpty(s) { if (!s.cards.length && !s.home) { delete state.objects[s.oid]; selected = null; } }

function undo() {
  if (!undoStack.length) return say('nothing to undo');
  state = JSON.parse(undoStack.pop());
  selected = null;
  save();
  render();
  say('undone');
}

function say(text) { status.textContent = text; }

// ---------------------------------------------------------------- storage, save and load

function save() {
  try { localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { say('not stored: ' + e.message); }
}

function valid(data) {
  return data && data.version === 1 && data.game === GAME.label && typeof data.objects === 'object'
    && Array.isArray(data.hand) && Object.values(data.objects).every(o => o.type === 'stack'
      ? o.cards.every(pid => pid in byId) : o.pid in byId) && data.hand.every(pid => pid in byId);
}

function saveText() { return JSON.stringify(state, null, 1); }

function download() {
  const a = document.createElement('a');
  a.href = 'data:application/json;charset=utf-8,' + encodeURIComponent(saveText());
  a.download = GAME.label.replace(/[^\w.-]+/g, '-') + '-table.json';
  document.body.append(a);
  a.click();
  a.remove();
  say('saved');
}

function loadText(text) {
  let data = null;
  try { data = JSON.parse(text); } catch (e) { return say('not a saved table: ' + e.message); }
  if (!valid(data)) return say('not a saved table of ' + GAME.label);
  commit('loaded a saved game', () => { state = data; selected = null; }, false);
}

document.getElementById('load').addEventListener('change', event => {
  const file = event.target.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => { loadText(String(reader.result)); event.target.value = ''; };
  reader.readAsText(file);
});

// ---------------------------------------------------------------- drawing the table

function faceImage(p, side, box) { // the face's SVG, its bleed cropped off by the box
  const img = document.createElement('img');
  img.src = side === 'back' ? p.back : p.front;
  img.alt = side === 'back' ? p.name + ' (back)' : p.name;
  img.draggable = false;
  const b = p.bleed * box.scale;
  img.style.left = (-b - (box.dx || 0) * box.scale) + 'px';
  img.style.top = (-b - (box.dy || 0) * box.scale) + 'px';
  img.style.width = ((p.w + 2 * p.bleed) * box.scale) + 'px';
  img.style.height = ((p.h + 2 * p.bleed) * box.scale) + 'px';
  return img;
}

function pieceElement(p, up, value, scale) {
  const el = document.createElement('div');
  const die = p.role === 'die';
  const s = size(p.id);
  el.style.width = s.w * scale + 'px';
  el.style.height = s.h * scale + 'px';
  if (p.shape === 'circle') el.classList.add('round');
  if (die) {
    const [dx, dy] = p.dice[value || 0];
    el.append(faceImage(p, 'front', { scale, dx, dy }));
    el.dataset.value = p.values[value || 0];
  } else if (up || p.back) {
    el.append(faceImage(p, up ? 'front' : 'back', { scale }));
  } else {
    el.classList.add('down-plain');
  }
  return el;
}

function render() {
  world.textContent = '';
  const objects = Object.values(state.objects).sort((a, b) => a.z - b.z);
  for (const o of objects) world.append(objectElement(o));
  handBox.textContent = '';
  state.hand.forEach((pid, index) => handBox.append(handCard(pid, index)));
  document.getElementById('players').value = state.players;
  document.getElementById('seed').value = state.seed;
  place();
  window.cardgenTable.renders += 1;
}

function objectElement(o) {
  let el;
  if (o.type === 'stack') {
    const top = byId[o.cards[o.cards.length - 1]] || byId[cardsOf(o.kind)[0]];
    el = o.cards.length ? pieceElement(top, o.up, 0, PX) : document.createElement('div');
    if (!o.cards.length) { el.style.width = top.w * PX + 'px'; el.style.height = top.h * PX + 'px'; el.classList.add('empty'); }
    el.classList.add('stack');
    if (o.cards.length > 1) el.classList.add('deep');
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = o.cards.length;
    el.append(badge);
    el.dataset.count = o.cards.length;
    el.dataset.kind = o.kind;
    el.title = (o.label || o.kind) + ': ' + o.cards.length + (o.up ? ' cards, face up' : ' cards, face down');
  } else {
    const p = byId[o.pid];
    el = pieceElement(p, o.up, o.value, PX);
    el.classList.add(p.role);
    el.dataset.kind = p.kind;
    el.dataset.pid = p.id;
    el.title = p.name;
  }
  el.classList.add('obj');
  if (selected && selected.where === 'table' && selected.oid === o.oid) el.classList.add('selected');
  el.dataset.oid = o.oid;
  el.dataset.up = o.up;
  el.style.left = o.x * PX + 'px';
  el.style.top = o.y * PX + 'px';
  el.style.zIndex = o.z;
  el.style.transform = `rotate(${o.rot}deg)`;
  el.addEventListener('pointerdown', event => grab(event, o));
  if (!o.label) return el;
  const wrap = document.createDocumentFragment();
  const label = document.createElement('span');
  label.className = 'label';
  label.textContent = o.label;
  label.style.left = o.x * PX + 'px';
  label.style.top = (o.y * PX - 18) + 'px';
  wrap.append(label, el);
  return wrap;
}

function handCard(pid, index) {
  const p = byId[pid];
  const height = Math.min(190, Math.max(90, innerHeight * 0.24)) - 14; // as #hand's CSS height
  const scale = height / p.h;
  const el = pieceElement(p, true, 0, scale);
  el.classList.add('hand-card');
  el.dataset.index = index;
  el.title = p.name;
  if (selected && selected.where === 'hand' && selected.index === index) el.classList.add('selected');
  el.addEventListener('pointerdown', event => grabFromHand(event, pid, index, el));
  return el;
}

function place() { world.style.transform = `translate(${camera.x}px, ${camera.y}px) scale(${camera.zoom})`; }

function zoomAt(factor, cx = view.clientWidth / 2, cy = view.clientHeight / 2) {
  const zoom = Math.min(4, Math.max(0.05, camera.zoom * factor));
  camera.x = cx - (cx - camera.x) * zoom / camera.zoom;
  camera.y = cy - (cy - camera.y) * zoom / camera.zoom;
  camera.zoom = zoom;
  place();
}

function fit() {
  const boxes = Object.values(state.objects).map(o => {
    const p = byId[o.type === 'stack' ? (o.cards[0] || cardsOf(o.kind)[0]) : o.pid];
    const s = size(p.id);
    return [o.x, o.y - 8, o.x + s.w, o.y + s.h];
  });
  if (!boxes.length) return;
  const [x0, y0] = [Math.min(...boxes.map(b => b[0])), Math.min(...boxes.map(b => b[1]))];
  const [x1, y1] = [Math.max(...boxes.map(b => b[2])), Math.max(...boxes.map(b => b[3]))];
  camera.zoom = Math.min(4, 0.95 * Math.min(view.clientWidth / ((x1 - x0) * PX), view.clientHeight / ((y1 - y0) * PX)));
  camera.x = (view.clientWidth - (x1 - x0) * PX * camera.zoom) / 2 - x0 * PX * camera.zoom;
  camera.y = (view.clientHeight - (y1 - y0) * PX * camera.zoom) / 2 - y0 * PX * camera.zoom;
  place();
}

// ---------------------------------------------------------------- pointer: drag, pan, select

function toWorld(event) {
  const r = view.getBoundingClientRect();
  return { x: (event.clientX - r.left - camera.x) / (camera.zoom * PX),
    y: (event.clientY - r.top - camera.y) / (camera.zoom * PX) };
}

function overHand(event) { const r = handBox.getBoundingClientRect(); return event.clientY >= r.top; }

function grab(event, o) {
  event.stopPropagation();
  event.preventDefault();
  const start = toWorld(event);
  const origin = { x: o.x, y: o.y };
  let moved = false;
  const el = event.currentTarget;
  el.setPointerCapture(event.pointerId);
  const move = e => {
    const at = toWorld(e);
    if (!moved && Math.hypot(at.x - start.x, at.y - start.y) * camera.zoom * PX < 4) return;
    moved = true;
    el.style.left = (origin.x + at.x - start.x) * PX + 'px';
    el.style.top = (origin.y + at.y - start.y) * PX + 'px';
    el.style.zIndex = 100000;
  };
  const up = e => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    if (!moved) { selected = { where: 'table', oid: o.oid }; render(); return; }
    const at = toWorld(e);
    const x = origin.x + at.x - start.x, y = origin.y + at.y - start.y;
    selected = { where: 'table', oid: o.oid };
    if (o.type === 'stack' && overHand(e)) {
      commit('took cards into the hand', () => { state.hand = state.hand.concat(o.cards.reverse()); o.cards = []; dropEmpty(o); if (o.home) { o.x = origin.x; o.y = origin.y; } });
      return;
    }
    const onto = o.type === 'stack' && stacks().find(s => s !== o && s.kind === o.kind && Math.abs(s.x - x) < 10 && Math.abs(s.y - y) < 10);
    if (onto) {
      commit('put cards on a pile', () => { onto.cards = onto.cards.concat(o.up === onto.up ? o.cards : o.cards.slice().reverse()); delete state.objects[o.oid]; selected = { where: 'table', oid: onto.oid }; });
      return;
    }
    commit('moved ' + (o.type === 'stack' ? o.label || 'cards' : byId[o.pid].name), () => {
      Object.assign(o, { x, y });
      if (byId[o.pid] && byId[o.pid].role === 'board') return;
      o.z = state.nextZ++;
    });
  };
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
}

function grabFromHand(event, pid, index, el) {
  event.preventDefault();
  selected = { where: 'hand', index };
  const ghost = el.cloneNode(true);
  ghost.classList.add('ghost');
  let moved = false;
  el.setPointerCapture(event.pointerId);
  const move = e => {
    moved = true;
    if (!ghost.isConnected) document.body.append(ghost);
    ghost.style.left = e.clientX - 20 + 'px';
    ghost.style.top = e.clientY - 20 + 'px';
  };
  const up = e => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    ghost.remove();
    if (!moved || overHand(e)) { render(); return; }
    const at = toWorld(e);
    commit('played a card', () => {
      state.hand.splice(index, 1);
      const o = newObject({ type: 'stack', kind: byId[pid].kind, cards: [pid], up: true, x: at.x, y: at.y });
      selected = { where: 'table', oid: o.oid };
    });
  };
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
}

view.addEventListener('pointerdown', event => { // pan the table
  if (event.target !== view && event.target !== world) return;
  selected = null;
  render();
  const start = { x: event.clientX - camera.x, y: event.clientY - camera.y };
  view.setPointerCapture(event.pointerId);
  const move = e => { camera.x = e.clientX - start.x; camera.y = e.clientY - start.y; place(); };
  const up = () => { view.removeEventListener('pointermove', move); view.removeEventListener('pointerup', up); };
  view.addEventListener('pointermove', move);
  view.addEventListener('pointerup', up);
});

view.addEventListener('wheel', event => {
  event.preventDefault();
  const r = view.getBoundingClientRect();
  zoomAt(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - r.left, event.clientY - r.top);
}, { passive: false });

document.querySelector('.bar').addEventListener('click', event => {
  const button = event.target.closest('button[data-act]');
  if (button) ACTIONS[button.dataset.act]();
});

document.getElementById('players').addEventListener('change', event => {
  const n = Math.min(12, Math.max(1, Number(event.target.value) || 1));
  commit(n + ' players', () => { state.players = n; });
});

const KEYS = { s: 'shuffle', d: 'draw', f: 'flip', r: 'rotate', ' ': 'roll', '+': 'zoom-in', '-': 'zoom-out' };
document.addEventListener('keydown', event => {
  if (event.target.tagName === 'INPUT') return;
  if ((event.ctrlKey || event.metaKey) && event.key === 'z') { event.preventDefault(); undo(); return; }
  const act = KEYS[event.key];
  if (act && !event.ctrlKey && !event.metaKey) { event.preventDefault(); ACTIONS[act](); }
});

// ---------------------------------------------------------------- start

window.cardgenTable = {
  game: GAME,
  renders: 0,
  state: () => JSON.parse(JSON.stringify(state)),
  saveText,
  loadText,
};

function stored() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || 'null');
    return valid(data) ? data : null;
  } catch (e) { return null; }
}

// Nothing is written until the player acts: a page that started afresh because the
// browser's storage had not yet taken the last write must not overwrite the kept game.
state = stored() || freshState(freshSeed(), GAME.players.min);
render();
fit();
say(`seed ${state.seed}: ${GAME.setup.length ? 'set up from the rulebook\'s set-up' : 'every deck face down'}`);
