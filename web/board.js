// The board: an SVG drawing of any board up to 16 × 16 with holes, turned
// so that the viewer's seat plays up the screen, one colour per seat, the
// usual pieces as chess figures and any other letter on a disc, the last
// move, checks, dead pieces in grey, and the legal moves the server sent.
// Click or tap a piece (on the board or in a hand), then a square; where
// several moves share the two squares (promotions, gating), a chooser asks which.

const SVG = "http://www.w3.org/2000/svg";
const CELL = 48;
const MARGIN = 22;

/** Seat colours: two players are white and black; more get one colour each. */
const TWO = ["#fafafa", "#262626"];
const MANY = ["#d32f2f", "#1976d2", "#f9a825", "#388e3c", "#7b1fa2", "#00838f", "#e64a19", "#5d4037"];
const DEAD = "#9e9e9e";

/** The figures of the usual pieces, by the key that defines them. */
const FIGURES = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞", pawn: "♟" };

export function seatColour(seat, seats) {
  return seats === 2 ? TWO[seat] : MANY[seat % MANY.length];
}

/** The square's name: file letter and rank number from 1 (`e2`, `n14`). */
export function squareName([file, rank]) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
}

export class Board {
  /** `onMove(text)` is called with the chosen move's notation. */
  constructor(container, onMove) {
    this.container = container;
    this.onMove = onMove;
    this.selected = null;
    this.choosing = null;
    this.view = null;
  }

  /** The seat the board is turned toward: yours to move, else your first, else the first. */
  viewer(view) {
    const mine = view.you.seats;
    if (view.to_move !== null && mine.includes(view.to_move)) return view.to_move;
    return mine.length ? mine[0] : 0;
  }

  /** Screen column and row of a square, the viewer's forward direction up. */
  place(view, [f, r]) {
    const { files, ranks } = view;
    switch (view.seats[this.viewer(view)].forward) {
      case "south": return [files - 1 - f, r];
      case "east": return [ranks - 1 - r, files - 1 - f];
      case "west": return [r, f];
      default: return [f, ranks - 1 - r];
    }
  }

  update(view) {
    if (this.view && this.selected && !view.legal.some((m) => fromSelected(m, this.selected))) {
      this.selected = null;
    }
    if (this.choosing && !view.legal.some((m) => m.text === this.choosing[0].text)) {
      this.choosing = null;
    }
    this.view = view;
    this.draw();
  }

  draw() {
    const view = this.view;
    const sideways = ["east", "west"].includes(view.seats[this.viewer(view)].forward);
    const cols = sideways ? view.ranks : view.files;
    const rows = sideways ? view.files : view.ranks;
    const width = cols * CELL + 2 * MARGIN;
    const height = rows * CELL + 2 * MARGIN;
    const svg = node("svg", {
      viewBox: `0 0 ${width} ${height}`,
      class: "board",
      "data-viewer": view.seats[this.viewer(view)].name,
      role: "img",
      "aria-label": `${view.variant} board`,
    });
    const holes = new Set(view.holes.map(squareName));
    const pieces = new Map(view.pieces.map((p) => [squareName(p.at), p]));
    const kinds = new Map(view.kinds.map((k) => [k.letter, k.key]));
    const last = new Set((view.last || []).map(squareName));
    const checks = new Set(view.checks.map(squareName));
    const targets = view.legal.filter((m) => fromSelected(m, this.selected));
    const targetNames = new Set(targets.map((m) => squareName(m.to)));
    const movable = new Set(view.legal.filter((m) => m.from).map((m) => squareName(m.from)));
    for (let f = 0; f < view.files; f++) {
      for (let r = 0; r < view.ranks; r++) {
        const name = squareName([f, r]);
        if (holes.has(name)) continue;
        const [c, w] = this.place(view, [f, r]);
        const x = MARGIN + c * CELL;
        const y = MARGIN + w * CELL;
        const group = node("g", { "data-square": name, class: "square" });
        const dark = (f + r) % 2 === 0;
        group.append(node("rect", { x, y, width: CELL, height: CELL, fill: dark ? "#b58863" : "#f0d9b5" }));
        if (last.has(name)) group.append(node("rect", { x, y, width: CELL, height: CELL, fill: "#f6f669", opacity: 0.5 }));
        if (Array.isArray(this.selected) && squareName(this.selected) === name) {
          group.append(node("rect", { x, y, width: CELL, height: CELL, fill: "#4caf50", opacity: 0.45 }));
        }
        if (checks.has(name)) {
          group.append(node("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2, fill: "#e53935", opacity: 0.55, class: "check" }));
        }
        const piece = pieces.get(name);
        if (piece) this.drawPiece(group, piece, kinds, x, y, view.seats.length);
        if (targetNames.has(name)) {
          group.append(node("circle", {
            cx: x + CELL / 2, cy: y + CELL / 2, r: piece ? CELL / 2 - 3 : 7,
            fill: piece ? "none" : "#2e7d32", stroke: "#2e7d32", "stroke-width": piece ? 4 : 0,
            opacity: 0.75, class: "target",
          }));
        }
        if (movable.has(name)) group.classList.add("movable");
        group.addEventListener("click", () => this.click([f, r]));
        svg.append(group);
      }
    }
    // Coordinates along the bottom and left edges.
    for (let c = 0; c < cols; c++) {
      const sq = this.unplace(view, c, rows - 1);
      const label = sideways ? String(sq[1] + 1) : String.fromCharCode(97 + sq[0]);
      svg.append(node("text", { x: MARGIN + c * CELL + CELL / 2, y: height - 6, "text-anchor": "middle", class: "coord" }, label));
    }
    for (let w = 0; w < rows; w++) {
      const sq = this.unplace(view, 0, w);
      const label = sideways ? String.fromCharCode(97 + sq[0]) : String(sq[1] + 1);
      svg.append(node("text", { x: MARGIN / 2, y: MARGIN + w * CELL + CELL / 2 + 5, "text-anchor": "middle", class: "coord" }, label));
    }
    this.container.replaceChildren(svg);
    if (view.hands.length) this.container.append(this.drawHands(view, kinds));
    if (this.choosing) this.showChooser(this.choosing);
  }

  /** The pieces in hand, a row per seat; a piece that can be dropped now is a button. */
  drawHands(view, kinds) {
    const box = document.createElement("div");
    box.className = "hands";
    view.hands.forEach((hand, seat) => {
      const row = document.createElement("div");
      row.className = "hand";
      row.dataset.seat = view.seats[seat].name;
      row.append(`${view.seats[seat].name}: `);
      if (!hand.length) row.append("–");
      for (const { letter, count } of hand) {
        const b = document.createElement("button");
        const figure = FIGURES[kinds.get(letter)];
        b.textContent = `${figure || letter}${count > 1 ? ` ×${count}` : ""}`;
        b.dataset.hand = letter;
        b.style.color = seatColour(seat, view.seats.length);
        const droppable = view.to_move === seat && view.legal.some((m) => m.drop === letter);
        b.disabled = !droppable;
        if (this.selected && this.selected.drop === letter && droppable) b.classList.add("selected");
        b.addEventListener("click", () => {
          if (this.choosing) return;
          this.selected = { drop: letter };
          this.draw();
        });
        row.append(b);
      }
      box.append(row);
    });
    return box;
  }

  /** The square at a screen column and row. */
  unplace(view, c, w) {
    for (let f = 0; f < view.files; f++) {
      for (let r = 0; r < view.ranks; r++) {
        const [pc, pw] = this.place(view, [f, r]);
        if (pc === c && pw === w) return [f, r];
      }
    }
    return [0, 0];
  }

  drawPiece(group, piece, kinds, x, y, seats) {
    const cx = x + CELL / 2;
    const cy = y + CELL / 2;
    if (piece.seat === null) {
      group.append(node("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: "#424242", class: "wall" }));
      return;
    }
    const colour = piece.dead ? DEAD : seatColour(piece.seat, seats);
    const key = kinds.get(piece.letter);
    const figure = FIGURES[key];
    const attrs = { class: "piece", "data-piece": `${piece.seat}${piece.letter}`, "data-dead": piece.dead };
    const g = node("g", attrs);
    if (figure) {
      g.append(node("text", {
        x: cx, y: cy + 15, "text-anchor": "middle", "font-size": 42, fill: colour,
        stroke: "#111", "stroke-width": 1.2, "paint-order": "stroke", class: "figure",
      }, figure));
    } else {
      g.append(node("circle", { cx, cy, r: CELL / 2 - 6, fill: colour, stroke: "#111", "stroke-width": 1.5 }));
      const light = seats === 2 ? piece.seat === 0 : false;
      g.append(node("text", {
        x: cx, y: cy + 7, "text-anchor": "middle", "font-size": 20, "font-weight": "bold",
        fill: light || piece.dead ? "#111" : "#fff", class: "letter",
      }, piece.letter));
    }
    if (piece.promoted) {
      g.append(node("text", { x: x + CELL - 8, y: y + 13, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#b71c1c" }, "+"));
    }
    group.append(g);
  }

  click(square) {
    const view = this.view;
    if (!view || this.choosing) return;
    if (this.selected) {
      const moves = view.legal.filter((m) => fromSelected(m, this.selected) && same(m.to, square));
      if (moves.length === 1) {
        this.selected = null;
        this.onMove(moves[0].text);
        return;
      }
      if (moves.length > 1) {
        this.choosing = moves;
        this.showChooser(moves);
        return;
      }
    }
    this.selected = view.legal.some((m) => same(m.from, square)) ? square : null;
    this.draw();
  }

  /** Asks which of several moves between the same squares (a promotion's piece, a gated piece, a wall's square). */
  showChooser(moves) {
    const box = document.createElement("div");
    box.className = "chooser";
    box.append("Choose: ");
    for (const m of moves) {
      const b = document.createElement("button");
      const label = [m.promotion, m.gate, m.wall && `wall ${m.wall}`].filter(Boolean).join(" ");
      b.textContent = label || m.text;
      b.dataset.move = m.text;
      b.addEventListener("click", () => {
        this.choosing = null;
        this.selected = null;
        this.onMove(m.text);
      });
      box.append(b);
    }
    const cancel = document.createElement("button");
    cancel.textContent = "×";
    cancel.addEventListener("click", () => {
      this.choosing = null;
      this.draw();
    });
    box.append(cancel);
    this.container.append(box);
  }
}

function same(a, b) {
  return a && b && a[0] === b[0] && a[1] === b[1];
}

/** Whether a legal move starts from the selection: a square, or a piece in hand (`{ drop: "P" }`). */
function fromSelected(m, selected) {
  if (!selected) return false;
  return selected.drop ? m.from === null && m.drop === selected.drop : same(m.from, selected);
}
