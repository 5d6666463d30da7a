// A room: the websocket to the room's task, the board, the seats with
// their clocks, scores and players, the actions a player or the host may
// take, the moves, the finished games and the log. The connection comes
// back by itself after a drop (with the same key, so the seat returns).

import { Board, seatColour } from "./board.js";
import { el, identity, setName } from "./common.js";

const id = location.pathname.split("/").pop();
const me = identity();
const $ = (selector) => document.querySelector(selector);

let socket = null;
let view = null;
let received = 0;
let retry = 500;
let leaving = false;

const board = new Board($("#board"), (text) => send({ type: "move", text }));

$("#title").textContent = `room ${id}`;
$("#link").value = location.href;
$("#name").value = me.name;
$("#name").addEventListener("change", (e) => {
  setName(e.target.value);
  reconnect();
});

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    $("#error").textContent = "";
    socket.send(JSON.stringify(message));
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const { key, name } = identity();
  const url = `${scheme}://${location.host}/ws/rooms/${id}?token=${key}&name=${encodeURIComponent(name)}`;
  socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    retry = 500;
    $("#connection").textContent = "connected";
    $("#connection").dataset.state = "connected";
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      view = message;
      received = performance.now();
      render();
    } else if (message.type === "error") {
      $("#error").textContent = message.message;
    }
  });
  socket.addEventListener("close", () => {
    if (leaving) return;
    $("#connection").textContent = "reconnecting…";
    $("#connection").dataset.state = "away";
    if (view && view.phase === "closed") return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function reconnect() {
  leaving = true;
  if (socket) socket.close();
  leaving = false;
  connect();
}

// Leaving the page closes the connection at once (a page kept in the
// back-forward cache would keep it open); coming back opens a new one.
window.addEventListener("pagehide", () => {
  leaving = true;
  if (socket) socket.close();
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted) {
    leaving = false;
    connect();
  }
});

/** Milliseconds as m:ss (tenths under ten seconds). */
function clockText(ms) {
  if (ms < 10000) return (ms / 1000).toFixed(1);
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function render() {
  board.update(view);
  renderBanner();
  renderSeats();
  renderActions();
  $("#moves").replaceChildren(...view.moves.map((m) => el("li", {}, m)));
  $("#log").replaceChildren(...view.log.slice(-30).map((line) => el("li", {}, line)));
  $("#games").replaceChildren(...view.games.map((g) => el("li", {}, el("a", { href: `/api/games/${g}`, download: true }, `game ${g.split("-").pop()}`))));
  const log = $("#log");
  log.scrollTop = log.scrollHeight;
}

function renderBanner() {
  const banner = $("#banner");
  let text = null;
  if (view.phase === "seating") text = "Waiting for players: take a free seat.";
  else if (view.phase === "closed") text = "The room has closed.";
  else if (view.result) text = `Game over: ${view.result}`;
  else if (view.paused) text = view.paused === "host" ? "Paused by the host." : "Paused: everyone is away.";
  else if (view.to_move !== null) {
    const yours = view.you.seats.includes(view.to_move);
    text = yours ? `Your move (${view.seats[view.to_move].name}).` : `${view.seats[view.to_move].name} to move.`;
  }
  banner.hidden = text === null;
  banner.textContent = text || "";
  banner.dataset.phase = view.phase;
}

function renderSeats() {
  const seats = view.seats.map((seat, i) => {
    const colour = seatColour(i, view.seats.length);
    const parts = [
      el("span", { class: "swatch", style: `background:${colour}` }),
      el("b", {}, seat.name),
      " ",
      el("span", { class: "player" }, seat.player || "free"),
    ];
    if (seat.away) parts.push(el("span", { class: "tag" }, "away"));
    if (seat.out) parts.push(el("span", { class: "tag" }, "out"));
    if (seat.reserved_by) parts.push(el("span", { class: "tag" }, `reserved by ${seat.reserved_by}`));
    parts.push(el("span", { class: "score", "data-score": seat.score }, `${seat.score} pts`));
    if (seat.clock_ms !== null) {
      parts.push(el("span", { class: "clock", "data-running": seat.running }, clockText(seat.clock_ms)));
    }
    const buttons = [];
    if (seat.occupant === "open") {
      buttons.push(el("button", { class: "sit", onclick: () => send({ type: "sit", seat: i }) }, "Sit here"));
      if (view.you.host) {
        const level = el("select", { class: "level" }, ...[0, 1, 2, 3, 4].map((l) => el("option", { value: l, selected: l === 2 }, l === 0 ? "random" : `bot ${l}`)));
        buttons.push(level, el("button", { class: "bot", onclick: () => send({ type: "seat_bot", seat: i, level: Number(level.value) }) }, "Seat bot"));
      }
    } else if (seat.occupant === "bot" && view.phase !== "seating") {
      if (!seat.reserved_by) buttons.push(el("button", { onclick: () => send({ type: "reserve", seat: i }) }, "Reserve"));
      if (view.you.host) buttons.push(el("button", { onclick: () => send({ type: "remove_bot", seat: i }) }, "Remove bot"));
    } else if (view.phase === "seating" && view.you.seats.includes(i)) {
      buttons.push(el("button", { onclick: () => send({ type: "stand", seat: i }) }, "Stand up"));
    }
    return el("div", {
      class: "seat",
      "data-seat": i,
      "data-to-move": view.to_move === i,
      "data-mine": view.you.seats.includes(i),
    }, ...parts, el("div", { class: "seat-actions" }, ...buttons));
  });
  $("#seats").replaceChildren(...seats);
}

function renderActions() {
  const actions = [];
  const button = (label, message, name) => actions.push(el("button", { "data-action": name, onclick: () => send(message) }, label));
  const playing = view.phase === "playing";
  const seated = view.you.seats.length > 0;
  if (playing && seated) {
    if (view.draw_offer.some((s) => view.you.seats.includes(s))) {
      button("Accept draw", { type: "accept" }, "accept");
      button("Decline draw", { type: "decline" }, "decline");
    } else {
      button("Offer draw", { type: "offer" }, "offer");
    }
    button("Claim draw", { type: "claim" }, "claim");
    button("Claim win", { type: "claim_win" }, "claim-win");
    button("Resign", { type: "resign" }, "resign");
  }
  if (view.you.host && view.phase === "playing") {
    if (view.paused === "host") button("Resume", { type: "resume" }, "resume");
    else if (!view.paused) button("Pause", { type: "pause" }, "pause");
  }
  if (view.you.host && view.phase === "over") button("New game", { type: "new_game" }, "new-game");
  $("#actions").replaceChildren(...actions);
}

// The running clock counts down between messages.
setInterval(() => {
  if (!view || view.paused || view.phase !== "playing") return;
  const elapsed = performance.now() - received;
  document.querySelectorAll(".seat").forEach((node) => {
    const seat = view.seats[Number(node.dataset.seat)];
    const clock = node.querySelector(".clock");
    if (clock && seat.running) clock.textContent = clockText(Math.max(0, seat.clock_ms - elapsed));
  });
}, 100);

connect();
