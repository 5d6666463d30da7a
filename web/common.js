// Shared by the pages: the browser's identity (a key kept in local
// storage, and a display name), JSON requests, and element building.

const KEY = "tetrarch.key";
const NAME = "tetrarch.name";

function randomKey() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
}

/** This browser's key (created once) and name. */
export function identity() {
  let key = localStorage.getItem(KEY);
  if (!key) {
    key = randomKey();
    localStorage.setItem(KEY, key);
  }
  let name = localStorage.getItem(NAME);
  if (!name) {
    name = "guest-" + key.slice(0, 4);
    localStorage.setItem(NAME, name);
  }
  return { key, name };
}

/** Changes the display name. */
export function setName(name) {
  localStorage.setItem(NAME, name.trim() || identity().name);
}

/** A JSON request; resolves to the reply, or throws an Error with the server's sentence. */
export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const reply = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    throw new Error(reply.error || response.statusText);
  }
  return reply;
}

/** Builds an element: el("button", {class: "x", onclick: f}, "text", child...). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
