// Cards by name (their text on hover and on focus), and events in plain words.

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

export function seatTitle(i, me, extra = "") {
  return el("h3", {}, `Seat ${i}${i === me ? " (you)" : ""}`, extra);
}

// A card, face up: its name, its text as a tooltip (and for screen readers).
export function card(game, id, extra = "") {
  const data = (catalogs[game] || {})[baseId(id)] || {};
  const text = [data.name, data.text].filter(Boolean).join(": ");
  const kind = data.type || data.deck || data.role || "";
  const suit = data.suit ? ` suit-${data.suit}` : "";
  return el("span", {
    class: `card ${kind}${suit} ${extra}`.trim(), "data-card": id, title: text || String(id), tabindex: "0",
    "aria-label": text || String(id),
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

// --- events ----------------------------------------------------------------------------------
function names(game, cards) {
  if (!Array.isArray(cards)) return "";
  const hidden = cards.filter(isHidden).length;
  const shown = cards.filter((c) => !isHidden(c)).map((c) => cardName(game, c));
  if (hidden) shown.push(`${hidden} face-down card${hidden > 1 ? "s" : ""}`);
  return shown.join(", ");
}

function seatName(p) {
  return p === null || p === undefined ? "" : `Seat ${p}`;
}

const CARD_FIELDS = ["card", "bod", "character", "scene", "change", "loot", "agenda", "informant", "patrol", "goon", "replaced", "discarded_card"];

// The common events as sentences; any other event is written from its type and fields.
const cap = (t) => t[0].toUpperCase() + t.slice(1);
const TEMPLATES = {
  // every game
  game_over: (e) => `Game over: ${outcomeText(e.outcome)}`,
  turn_started: (e, n, s) => `${s(e.player)}'s turn${e.number ? ` (turn ${e.number})` : ""}`,
  turn_ended: (e, n, s) => `${s(e.player)} ends the turn`,
  card_drawn: (e, n, s) => `${s(e.player)} draws ${n(e.card)}${e.from === "discard" ? " from the discard" : ""}`,
  card_stolen: (e, n, s) => `${s(e.player)} steals ${n(e.card)}${e.target !== undefined ? ` from ${s(e.target)}` : ""}`,
  // Shufflers
  shufflers_attack: (e, n, s) => `${e.count} Shufflers attack ${s(e.player)}`,
  shuffler_eaten: (e, n, s) => `${s(e.player)} loses the Shufflers of ${n(e.card)}`,
  paid: (e, n, s) => `${s(e.player)} pays ${e.amount} from ${e.source}: ${ns(e.cards, n)}`,
  joker_drawn: (e, n, s) => `${s(e.player)} finds a Joker (${e.jokers} of 2)`,
  card_retrieved: (e, n, s) => `${s(e.player)} takes back ${n(e.card)}`,
  vehicle_passed: (e, n, s) => `${s(e.player)} drives past ${n(e.card)}`,
  lamb_offered: (e, n, s) => `${s(e.player)} offers a sacrificial lamb`,
  player_died: (e, n, s) => `${s(e.player)} dies`,
  escaped: (e, n, s) => `${s(e.player)} escapes`,
  // The Big Shuffle
  character_chosen: (e, n, s) => `${s(e.player)} plays ${n(e.character)}`,
  card_played: (e, n, s) => `${s(e.player)} plays ${n(e.card)}`,
  ability_used: (e, n, s) => `${s(e.player)} uses the ability of ${n(e.card)}`,
  attempt_started: (e, n, s) => `${s(e.player)} tries to move ${n(e.scene)} from ${e.from} to ${e.to} (difficulty ${e.difficulty})`,
  change_revealed: (e, n) => `The scene change card is ${n(e.card)}`,
  goon_hired: (e, n, s) => `${s(e.player)} hires ${n(e.card)} ${e.side}`,
  passed: (e, n, s) => `${s(e.player)} passes`,
  attempt_resolved: (e, n, s) => `${s(e.player)}'s scene change ${e.success ? "succeeds" : "fails"} (influence ${e.influence} against ${e.difficulty})`,
  scene_changed: (e, n) => `${n(e.scene)} moves from ${e.from} to ${e.to}`,
  scene_activated: (e, n) => `${n(e.scene)} is now active`,
  reaction_played: (e, n, s) => `${s(e.player)} reacts with ${n(e.card)}`,
  agenda_scored: (e, n, s) => `${s(e.player)} scores ${n(e.agenda)} for ${e.points}`,
  informant_killed: (e, n, s) => `${s(e.player)}'s informant ${n(e.card)} is killed`,
  loot_stolen: (e, n, s) => `${s(e.player)} steals ${n(e.card)} from ${s(e.target)}`,
  // Showbiz Shuffle
  movie_started: (e, n, s) => `${s(e.player)} starts a ${e.genre} movie with ${n(e.bod)}`,
  bod_cast: (e, n, s) => `${s(e.player)} casts ${n(e.bod)}${e.upside_down ? " upside down" : ""} (slot ${e.movie + 1})`,
  biz_played: (e, n, s) => `${s(e.player)} plays ${n(e.card)} on ${e.bod ? n(e.bod) : `${s(e.seat)}'s movie`}`,
  movie_completed: (e, n, s) => `${s(e.player)} completes a ${e.genre} movie for ${e.points} points`,
  cattle_call_filled: (e, n) => `To the Cattle Call: ${ns(e.cards, n)}`,
  bods_drawn: (e, n, s) => `${s(e.player)} draws ${ns(e.cards, n)}`,
  biz_drawn: (e, n, s) => `${s(e.player)} draws Biz: ${ns(e.cards, n)}`,
  studio_shake_up: (e, n, s) => `${s(e.player)} shakes up the studio`,
};
function ns(cards, n) {
  return Array.isArray(cards) && cards.length ? cards.map(n).join(", ") : "nothing";
}

// One event in words: its sentence, or one written from its type and fields (card ids as names).
export function eventText(game, e) {
  const template = TEMPLATES[e.type];
  if (template) {
    try {
      const n = (id) => (isHidden(id) ? "a face-down card" : id === null || id === undefined ? "nothing" : cardName(game, id));
      return cap(template(e, n, (p) => (p === null || p === undefined ? "someone" : `Seat ${p}`)));
    } catch (error) {
      // a field we did not expect: the generic sentence below
    }
  }
  const who = seatName(e.player);
  const what = String(e.type).replace(/_/g, " ");
  const bits = [];
  for (const [key, value] of Object.entries(e)) {
    if (key === "type" || key === "player") continue;
    if (value === null || value === undefined) continue;
    if (CARD_FIELDS.includes(key) && typeof value === "string") bits.push(cardName(game, value));
    else if (isHidden(value)) bits.push("a face-down card");
    else if (Array.isArray(value) && value.every((x) => typeof x === "string" || isHidden(x))) {
      if (value.length) bits.push(`${key.replace(/_/g, " ")}: ${names(game, value)}`);
    } else if (key === "outcome" && value) bits.push(outcomeText(value));
    else if (typeof value === "object") continue;
    else if (key === "seat" || key === "target") bits.push(`${key} ${value}`);
    else bits.push(`${key.replace(/_/g, " ")} ${typeof value === "string" ? cardName(game, value) : value}`);
  }
  const head = who ? `${who}: ${what}` : what[0].toUpperCase() + what.slice(1);
  return bits.length ? `${head} (${bits.join("; ")})` : head;
}

export function outcomeText(outcome) {
  const winners = outcome.winners || [];
  const scores = Object.entries(outcome.scores || {}).map(([s, n]) => `seat ${s}: ${n}`).join(", ");
  const won = winners.length ? `${winners.map((w) => `Seat ${w}`).join(" and ")} won` : "Nobody won";
  return `${won} (${String(outcome.reason || "").replace(/_/g, " ")}${scores ? `; ${scores}` : ""})`;
}
