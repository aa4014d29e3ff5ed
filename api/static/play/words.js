// Cards by name (their text on hover and on focus); events in words are in log.js.

const catalogs = {};

export async function loadCatalog(game) {
  if (catalogs[game]) return catalogs[game];
  const response = await fetch(`/v1/games/${encodeURIComponent(game)}/cards`);
  const { cards } = await response.json();
  const byId = {};
  for (const card of cards) byId[card.id] = card;
  catalogs[game] = byId;
  return byId;
}

function baseId(id) {
  return typeof id === "string" ? id.split("#")[0] : id;
}

export function cardName(game, id) {
  const card = (catalogs[game] || {})[baseId(id)];
  return card ? card.name : String(id);
}

// A card's catalog entry (its printed figures), {} for an unknown or hidden card.
export function cardData(game, id) {
  return (typeof id === "string" && (catalogs[game] || {})[baseId(id)]) || {};
}

export function isHidden(card) {
  return card !== null && typeof card === "object" && card.hidden === true;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
export { el };

// Replace a node's children: arrays flattened, null and false left out (as el() does).
export function fill(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
  return node;
}

// A labelled line of the board, and a seat's heading.
export function row(label, content) {
  return el("div", { class: "row" }, el("span", { class: "label" }, label), content);
}

// The seats' names at this table (issue 32: `seats[].name` of the answers), set by the table page;
// a name is text, always set as text (el() makes text nodes), never markup.
let seatNames = {};
export function setSeatNames(seats) {
  seatNames = {};
  for (const s of seats || []) if (s && typeof s.name === "string" && s.name) seatNames[s.seat] = s.name;
}
export function nameOf(i) {
  return seatNames[i] || null;
}

export function seatTitle(i, me, extra = "") {
  const name = nameOf(i);
  return el("h3", {}, name ? el("span", { class: "seat-name" }, name) : null, name ? ` · seat ${i}` : `Seat ${i}`,
    i === me ? " (you)" : "", extra);
}

// A card, face up: its name; a tap or the focus opens its text and figures in the card panel
// (app.js), a tooltip on hover, the text for screen readers.
export function card(game, id, extra = "") {
  const data = (catalogs[game] || {})[baseId(id)] || {};
  const text = [data.name, data.text].filter(Boolean).join(": ");
  const kind = data.type || data.deck || data.role || "";
  const suit = data.suit ? ` suit-${data.suit}` : "";
  return el("span", {
    class: `card ${kind}${suit} ${extra}`.trim(), "data-card": id, title: text || String(id), tabindex: "0",
    role: "button", "aria-label": text || String(id), "aria-controls": "card-panel",
  }, data.name || String(id));
}

// A pile: face-up cards by name, hidden ones as a count.
export function pile(game, cards, { empty = "none", top = false } = {}) {
  const hidden = cards.filter(isHidden).length;
  const shown = cards.filter((c) => !isHidden(c));
  const parts = [];
  if (top && shown.length) parts.push(card(game, shown[shown.length - 1]), shown.length > 1 ? el("span", { class: "count" }, ` +${shown.length - 1}`) : null);
  else for (const id of shown) parts.push(card(game, id));
  if (hidden) parts.push(el("span", { class: "count hidden-cards", title: "face down" }, `${hidden} face down`));
  if (!parts.length) parts.push(el("span", { class: "none" }, empty));
  return el("span", { class: "pile" }, parts);
}

// --- The card panel: a card's catalog entry, in one place, on tap and on focus ------------------
// The fields a player reads (the engine's own, such as effects, stay out); ids shown by name.
const HIDDEN_FIELDS = new Set(["id", "name", "text", "source", "effects", "deck", "type", "role"]);
const FIELD_WORDS = { for: "influence for", against: "influence against", play_when: "played when",
  scene_type: "scene type", min_players: "from players", turns: "Turns in play", aim: "Aim" };

function words(x) {
  return String(x).replace(/[_-]/g, " ");
}

function figure(game, value) {
  if (Array.isArray(value)) return value.map((v) => figure(game, v)).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${words(k)} ${figure(game, v)}`).join(", ");
  }
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value === "string") {
    const name = cardName(game, value);
    return name !== value ? name : words(value.includes("/") ? value.split("/").pop() : value);
  }
  return String(value);
}

export function cardPanel(game, id) {
  const data = cardData(game, id);
  if (!data.name) return null;
  const kind = data.type || data.deck || data.role;
  const figures = Object.entries(data).filter(([k, v]) => !HIDDEN_FIELDS.has(k) && v !== null && v !== ""
    && !(Array.isArray(v) && !v.length));
  return el("div", { class: "card-panel-body" },
    el("h3", { id: "card-panel-name" }, data.name, kind ? el("small", {}, ` · ${words(kind)}`) : null),
    data.text ? el("p", { class: "card-text" }, data.text) : null,
    figures.length ? el("dl", { class: "card-figures" }, figures.map(([k, v]) => [
      el("dt", {}, FIELD_WORDS[k] || words(k)), el("dd", {}, figure(game, v))])) : null);
}
