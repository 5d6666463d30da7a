// The author page: a variant file in the editor is checked as you type
// (the diagnostics of `tetrarch check`, marked at their lines), one of its
// sections described (the start position, the rules in words, a movement
// diagram per piece), saved (private, unlisted or public) and played in a
// new room. The lobby lists open rooms and public variants.

import { api, el, identity, setName } from "./common.js";

const $ = (selector) => document.querySelector(selector);
const FILE = "variant.ini";
const OWNER = "tetrarch.owner";
const text = $("#text");
let reply = null;
let timer = null;
let asked = 0;

$("#name").value = identity().name;
$("#name").addEventListener("change", (e) => setName(e.target.value));

/** An SVG from the server shown as an image (which runs no script). */
function picture(svg, alt) {
  return el("img", { src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg), alt });
}

async function check() {
  const number = ++asked;
  const section = $("#section").value || null;
  try {
    const answer = await api("/api/check", { text: text.value, section });
    if (number !== asked) return;
    reply = answer;
    $("#error").textContent = "";
    render();
  } catch (e) {
    $("#error").textContent = e.message;
  }
}

function scheduleCheck() {
  clearTimeout(timer);
  timer = setTimeout(check, 250);
}

function render() {
  renderBackdrop();
  $("#summary").textContent = reply.summary + (reply.hidden ? ` (${reply.hidden} more diagnostics not shown)` : "");
  $("#diagnostics").replaceChildren(...reply.diagnostics.map((d) => {
    const here = d.file === FILE;
    const where = d.line ? `${here ? "" : d.file + ":"}${d.line}:${d.column}` : "";
    return el("li", {
      class: "diagnostic",
      "data-severity": d.severity,
      "data-line": here ? d.line : null,
      title: d.rendered,
      onclick: () => here && d.line && select(d.line, d.column),
    }, el("span", { class: "where" }, where), " ", el("b", {}, d.severity + ": "), d.message, d.label ? ` (${d.label})` : "");
  }));
  const current = $("#section").value;
  $("#section").replaceChildren(...reply.sections.map((s) => el("option", {
    value: s.name, selected: s.name === (reply.described || current),
  }, `${s.name} (${s.support})`)));
  $("#play").disabled = !reply.playable;
  $("#save").disabled = !reply.playable;
  renderOverview();
}

/** The editor's backdrop: the same text, lines with diagnostics marked. */
function renderBackdrop() {
  const marks = new Map();
  for (const d of reply ? reply.diagnostics : []) {
    if (d.file !== FILE || !d.line) continue;
    const worst = marks.get(d.line);
    if (!worst || d.severity === "error") marks.set(d.line, d.severity);
  }
  const lines = text.value.split("\n");
  $("#backdrop").replaceChildren(...lines.map((line, i) => el("span", {
    class: marks.has(i + 1) ? `line mark-${marks.get(i + 1)}` : "line",
    "data-line": i + 1,
  }, line + "\n")));
  syncScroll();
}

function syncScroll() {
  $("#backdrop").scrollTop = text.scrollTop;
  $("#backdrop").scrollLeft = text.scrollLeft;
}

/** Puts the cursor at a line and column. */
function select(line, column) {
  const lines = text.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  text.focus();
  text.setSelectionRange(offset, offset + 1);
}

function renderOverview() {
  const o = reply.overview;
  $("#overview-title").textContent = o ? `${o.name}: ${o.files} × ${o.ranks}, ${o.seats.map((s) => s.name).join(", ")}` : "Overview (fix the errors to see it)";
  $("#start").replaceChildren(...(reply.start_svg ? [picture(reply.start_svg, "start position")] : []));
  $("#rules").replaceChildren(...(o ? o.rules : []).map((topic) => el("div", { class: "topic" },
    el("h4", {}, topic.title), el("ul", {}, ...topic.lines.map((line) => el("li", {}, line))))));
  const diagrams = new Map(reply.diagrams.map((d) => [d.letter, d.svg]));
  $("#diagrams").replaceChildren(...(o ? o.pieces : []).map((p) => el("figure", { class: "diagram", "data-letter": p.letter },
    diagrams.has(p.letter) ? picture(diagrams.get(p.letter), `moves of ${p.key}`) : null,
    el("figcaption", {}, el("b", {}, `${p.letter.toUpperCase()} ${p.key}`), ` (${p.betza}): ${p.moves}`))));
  // One choice per seat for the room: a person, or a bot.
  $("#seat-choice").replaceChildren(...(o ? o.seats : []).map((seat, i) => el("label", {}, seat.name + " ",
    el("select", { "data-seat": i }, el("option", { value: "" }, "person"),
      ...[1, 2, 3, 4].map((l) => el("option", { value: l }, `bot ${l}`)), el("option", { value: 0 }, "random")))));
}

async function play(body) {
  try {
    const room = await api("/api/rooms", {
      ...body,
      clock: $("#clock").value || null,
      start: $("#shuffle").value || null,
      host: identity().key,
    });
    location.href = `/room/${room.id}`;
  } catch (e) {
    $("#error").textContent = e.message;
  }
}

$("#play").addEventListener("click", () => {
  const bots = [...document.querySelectorAll("#seat-choice select")].map((s) => (s.value === "" ? null : Number(s.value)));
  play({ text: text.value, section: reply.described, bots });
});

$("#save").addEventListener("click", async () => {
  try {
    const saved = await api("/api/variants", {
      text: text.value, visibility: $("#visibility").value, owner: localStorage.getItem(OWNER),
    });
    localStorage.setItem(OWNER, saved.owner);
    const link = `${location.origin}/?variant=${saved.id}`;
    $("#saved").replaceChildren("saved: ", el("a", { href: link, id: "saved-link" }, link));
    lobby();
  } catch (e) {
    $("#error").textContent = e.message;
  }
});

$("#load").addEventListener("click", () => {
  const parent = $("#template").value;
  text.value = `[my-${parent}:${parent}]\n# Keys set here replace ${parent}'s; see docs/variant-format.md.\n`;
  $("#section").replaceChildren();
  check();
});

text.addEventListener("input", () => {
  renderBackdrop();
  scheduleCheck();
});
text.addEventListener("scroll", syncScroll);
$("#section").addEventListener("change", check);

async function lobby() {
  try {
    const [rooms, variants] = await Promise.all([api("/api/rooms"), api("/api/variants")]);
    $("#rooms").replaceChildren(...rooms.map((r) => el("li", {}, el("a", { href: `/room/${r.id}` }, `${r.variant} ${r.clock || ""}`),
      r.summary ? ` ${r.summary.phase}: ${r.summary.seats.join(", ")}` : "")));
    $("#public").replaceChildren(...variants.public.map((v) => el("li", {}, el("a", { href: `/?variant=${v.id}` }, v.name))));
    if (!$("#template").children.length) {
      $("#template").replaceChildren(...variants.shipped.map((v) => el("option", { value: v.name, selected: v.name === "chess" }, `${v.name} (${v.seats.length} players)`)));
    }
  } catch (e) {
    $("#error").textContent = e.message;
  }
}

async function start() {
  const params = new URLSearchParams(location.search);
  const id = params.get("variant");
  if (id) {
    try {
      const owner = localStorage.getItem(OWNER);
      const stored = await api(`/api/variants/${id}${owner ? `?owner=${owner}` : ""}`);
      text.value = stored.text;
    } catch (e) {
      $("#error").textContent = e.message;
    }
  } else if (!text.value) {
    text.value = "[my-chess:chess]\n# A variant of chess: change a key, or add pieces in Betza notation.\ncustomPiece1 = a:NB\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1\n";
  }
  renderBackdrop();
  await check();
  document.body.dataset.ready = "true";
  await lobby();
  setInterval(lobby, 5000);
}

start();
