// The table drawn from a seat's view: one layout per game (Plot Twist's in plot_twist.js), a plain
// one for any other game.
import { plotTwist } from "./plot_twist.js";
import { card, el, isHidden, pile, row, seatTitle } from "./words.js";

// --- Shufflers: each seat's rows of Ammo and Health, the encounter piles ----------------------
const STATUS = { alive: "alive", dead: "dead", sacrificed: "sacrificed", escaped: "escaped",
  left_behind: "left behind on the shore" };
const TASK = { payment: "paying", help: "using help", thief: "robbed by a thief" };
const SOURCE = { ammo: "Ammo", health: "Health" };

function shufflers(game, view, me) {
  const due = view.outcome ? null : view.turn;
  const seats = view.seats.map((s, i) => el("section", {
    class: `seat ${i === me ? "mine" : ""} ${due === i ? "turn" : ""}`, "aria-label": `Seat ${i}`,
  },
    seatTitle(i, me, ` · ${STATUS[s.status] || s.status}${due === i ? " · to play" : ""}`),
    row("Ammo", pile(game, s.ammo)),
    row("Health", pile(game, s.health)),
    row("Discarded Ammo", pile(game, s.ammo_discard, { top: true })),
    row("Discarded Health", pile(game, s.health_discard, { top: true })),
    s.stolen && s.stolen.length ? row("Stolen", pile(game, s.stolen)) : null,
  ));
  const piles = view.encounters.map((p, i) => el("section", { class: "encounter" },
    el("h3", {}, view.encounters.length > 1 ? `Encounter pile of seat ${i}` : "Encounter pile"),
    row("Deck", pile(game, p.deck)),
    row("Discard", pile(game, p.discard, { top: true })),
    p.lambs ? row("Lambs", String(p.lambs)) : null,
  ));
  const task = view.task ? el("p", { class: "task" }, "Now: ", TASK[view.task.kind] || view.task.kind,
    view.task.amount ? ` ${view.task.amount} from ${SOURCE[view.task.source] || "everyone"}` : "",
    view.task.card ? [" · ", card(game, view.task.card)] : "") : null;
  return [el("div", { class: "piles" }, piles), task, el("div", { class: "seats" }, seats)];
}

// --- The Big Shuffle: the city (WHO, WHAT, WHERE x Uptown, Midtown, Downtown), the seats -------
const TYPES = ["who", "what", "where"];
const PLACES = ["uptown", "midtown", "downtown"];

function bigShuffle(game, view, me) {
  const patrols = view.patrols || null;
  const head = el("tr", {}, el("th", {}, ""), TYPES.map((t) => el("th", { scope: "col" }, t.toUpperCase(),
    patrols && patrols[t] ? [" ", card(game, patrols[t], "patrol")] : "")));
  const rows = PLACES.map((place) => el("tr", {},
    el("th", { scope: "row" }, place[0].toUpperCase() + place.slice(1),
      patrols && patrols[place] ? [" ", card(game, patrols[place], "patrol")] : ""),
    TYPES.map((t) => {
      const cards = view.city[t][place];
      const top = cards.length ? cards[cards.length - 1] : null;
      return el("td", { class: `pile-cell ${place === "midtown" ? "active-row" : ""}` },
        top && !isHidden(top) ? card(game, top, place === "midtown" ? "active" : "") : el("span", { class: "none" }, "empty"),
        el("span", { class: "count" }, ` ${cards.length} in pile`));
    })));
  const city = el("section", { class: "city" }, el("h3", {}, "The city"),
    el("table", { class: "city-grid" }, el("thead", {}, head), el("tbody", {}, rows)));
  const turn = view.outcome ? {} : view.turn || {};
  const seats = view.seats.map((s, i) => el("section", {
    class: `seat ${i === me ? "mine" : ""} ${turn.player === i ? "turn" : ""}`, "aria-label": `Seat ${i}`,
  },
    seatTitle(i, me, turn.player === i ? " · to play" : ""),
    row("Character", s.character ? card(game, s.character) : "not chosen"),
    row("Informant", s.informant ? card(game, s.informant) : "none"),
    row("Loot", pile(game, s.loot)),
    row("Hand", pile(game, s.hand, { empty: "empty" })),
    row("Agenda", s.agenda === null ? "none" : pile(game, [s.agenda])),
    row("Score", String(s.score)),
  ));
  const shared = (view.shared || []).map((sh) => row(`Shared agenda, seats ${sh.seats.join(" and ")}`,
    sh.agenda === null ? "none" : pile(game, [sh.agenda])));
  const attempt = view.attempt ? el("section", { class: "attempt" }, el("h3", {}, "Scene change"),
    el("p", {}, `Seat ${view.attempt.player} moves `, card(game, view.attempt.scene),
      ` from ${view.attempt.from} to ${view.attempt.to} (difficulty ${view.attempt.difficulty})`),
    view.attempt.change ? row("Scene change card", card(game, view.attempt.change)) : null,
    (view.attempt.goons || []).length ? row("Goons", el("span", {}, view.attempt.goons.map((g) =>
      el("span", { class: "goon" }, card(game, g.card), ` ${g.side} (seat ${g.seat}) `)))) : null) : null;
  const decks = el("section", { class: "decks" }, el("h3", {}, "Decks"),
    row("Noir deck", pile(game, view.noir.deck)), row("Noir discard", pile(game, view.noir.discard, { top: true })),
    row("Informants", pile(game, view.informants.deck)), row("Scene change cards", pile(game, view.changes.deck)),
    row("Characters set aside", pile(game, view.characters || [])));
  return [el("div", { class: "board-top" }, city, el("div", {}, attempt, decks, shared)), el("div", { class: "seats" }, seats)];
}

// --- Showbiz Shuffle: the Cattle Call, each studio's movies in production ---------------------
function showbiz(game, view, me) {
  const due = view.outcome ? null : view.turn;
  const movie = (m, slot) => m === null ? el("div", { class: "movie empty" }, `Slot ${slot + 1}: free`) :
    el("div", { class: `movie genre-${m.genre}` },
      el("strong", {}, `Slot ${slot + 1}: ${m.genre} movie`),
      el("span", { class: "needs" }, ` needs ${Object.entries(m.needs).map(([t, n]) => `${n} ${t}`).join(", ")}`),
      el("ul", {}, m.cast.map((c) => el("li", {}, card(game, c.bod, c.upside_down ? "upside-down" : ""),
        c.upside_down ? " (upside down)" : "", c.biz.length ? [" + ", c.biz.map((b) => card(game, b))] : ""))),
      m.biz.length ? row("Biz on the movie", pile(game, m.biz)) : null);
  const seats = view.seats.map((s, i) => el("section", {
    class: `seat ${i === me ? "mine" : ""} ${due === i ? "turn" : ""}`, "aria-label": `Seat ${i}`,
  },
    seatTitle(i, me, due === i ? " · to play" : ""),
    row("Hand", pile(game, s.hand, { empty: "empty" })),
    row("Biz cards", pile(game, s.biz, { empty: "none" })),
    el("div", { class: "movies" }, s.movies.map(movie)),
    row("Completed", s.completed.length ? s.completed.map((c) => `${c.genre} (${c.points})`).join(", ") : "none"),
  ));
  return [
    el("section", { class: "cattle-call" }, el("h3", {}, "The Cattle Call"), pile(game, view.cattle_call),
      row("Bod deck", pile(game, view.bod_deck)), row("Biz deck", pile(game, view.biz_deck)),
      view.final_turns !== null && view.final_turns !== undefined ? row("Final turns left", String(view.final_turns)) : null),
    el("div", { class: "seats" }, seats),
  ];
}

// --- Any other game: its view as nested lists ---------------------------------------------------
function plain(game, value, key = "view") {
  if (Array.isArray(value)) {
    if (value.every((x) => typeof x === "string" || isHidden(x))) return row(key, pile(game, value));
    return el("details", { open: true }, el("summary", {}, key), value.map((v, i) => plain(game, v, `${key} ${i}`)));
  }
  if (value && typeof value === "object") {
    return el("details", { open: true }, el("summary", {}, key), Object.entries(value)
      .filter(([k]) => !["game", "options", "rng"].includes(k)).map(([k, v]) => plain(game, v, k)));
  }
  return row(key, String(value));
}

const LAYOUTS = { shufflers, "big-shuffle": bigShuffle, "showbiz-shuffle": showbiz, "plot-twist": plotTwist };

export function board(game, view, me) {
  const layout = LAYOUTS[game];
  try {
    if (layout) return el("div", { class: `board board-${game}` }, layout(game, view, me));
  } catch (error) {
    console.warn("layout failed, showing the plain view", error);
  }
  return el("div", { class: "board" }, plain(game, view));
}
