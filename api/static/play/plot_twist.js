// Plot Twist's board from a seat's view: the Setup's progress while in Setup; then the Turn, the
// Location, the Combat in progress, the cards in play, both sides' Characters with their
// counters, and each seat's hands (another seat's cards as counts: the view hides them).
import { card, cardData, el, isHidden, pile, row, seatTitle } from "./words.js";

const GM = 0;
const SETUP_STEPS = [
  ["villain", "Main Villain"], ["villain_equipment", "Villain's Equipment"], ["mooks", "Mooks"],
  ["location", "first Location"], ["objective", "Objective"], ["hero", "Heroes"],
  ["hero_equipment", "Heroes' Equipment"], ["plot_hands", "Plot Hands"], ["combat_decks", "Combat Decks"],
  ["twists", "Twists! Deck"], ["events", "Events Cluster"],
];
const PHASES = { start: "Start of Turn", combat: "Combat phase", end: "End of Turn" };
const STEPS = { movement: "Movement Step", maneuver: "Maneuver Step", attack: "Attack Step", end: "End of Combat" };
const SIDES = { heroes: "the Heroes", gm: "the GM" };
const INITIATING = { heroes: "the Heroes initiate", gm: "the GM initiates" };
const RESISTANCES = ["physical", "mental", "social"];
const cap = (t) => t[0].toUpperCase() + t.slice(1);
const none = (text = "none") => el("span", { class: "none" }, text);

function seatName(seat, me) {
  return `${seat === GM ? "the GM" : `Seat ${seat}`}${seat === me ? " (you)" : ""}`;
}

function box(name, title, ...content) {
  return el("section", { class: `pt-box pt-${name}`, "aria-label": title }, el("h3", {}, title), content);
}

// --- Setup: the steps in order, the one in progress marked --------------------------------------
function setupProgress(view, me) {
  const at = SETUP_STEPS.findIndex(([step]) => step === view.setup.step);
  return box("setup", "Setup", el("ol", { class: "pt-steps" }, SETUP_STEPS.map(([step, label], i) => el("li", {
    class: i < at ? "done" : i === at ? "current" : "", "aria-current": i === at ? "step" : null,
  }, label, i === at && view.setup.seat !== null ? ` · ${seatName(view.setup.seat, me)} to place` : ""))));
}

// --- The Turn, the Locations (with their Bystanders), the Combat --------------------------------
function turn(view, me) {
  const t = view.turn;
  return box("turn", `Turn ${t.number}`,
    row("Phase", `${PHASES[t.phase] || t.phase}${t.phase === "combat" ? `: ${INITIATING[t.initiating]}` : ""}`),
    row("Initiative", t.at ? cap(SIDES[t.at]) : none("both sides passed")),
    t.waiting.length ? row("Not passed yet", t.waiting.map((s) => seatName(s, me)).join(", ")) : null,
    t.mulligan.length ? row("May Mulligan", t.mulligan.map((s) => seatName(s, me)).join(", ")) : null);
}

function locations(game, view, me) {
  const here = (loc) => view.bystanders.filter((b) => b.location === loc).map((b) => el("span", { class: "pt-bystander" },
    card(game, b.card), el("span", { class: "count" }, ` played by ${seatName(b.seat, me)}`)));
  return box("locations", view.locations.length > 1 ? "Locations" : "Location",
    view.locations.length ? view.locations.map((loc) => el("div", { class: "pt-location" },
      card(game, loc, loc === view.location ? "active" : ""), loc === view.location && view.turn ? " the Conflict is here" : "",
      row("Bystanders", here(loc).length ? el("span", { class: "pile" }, here(loc)) : none()))) : none("not placed yet"));
}

function combat(game, view, me) {
  const c = view.combat;
  const initiative = c.at ? card(game, c.at === "attacker" ? c.attacker : c.defender) : none("both passed");
  return box("combat", "Combat",
    el("p", { class: "pt-combatants" }, card(game, c.attacker), " attacks ", card(game, c.defender)),
    row("Step", STEPS[c.step] || c.step), row("Distance", cap(c.distance)), row("Initiative", initiative),
    row("Aims", c.aims.length ? c.aims.map((a) => card(game, a)) : none()),
    (c.redraw || []).length ? row("Still redrawing", c.redraw.map((s) => seatName(s, me)).join(", ")) : null);
}

// --- The cards in play: the Objective, the Events Cluster, Twists!, discards, the tally ---------
function timers(view, id) {
  return view.timers.filter((t) => t.card === id).map((t) => el("span", { class: "count" },
    ` ${t.mode === "in" ? "in" : "for"} ${t.of} Turn${t.of > 1 ? "s" : ""}, ${t.counters} counted`));
}

function objective(game, o) {
  if (o.card === null) return none("not placed yet");
  if (isHidden(o.card)) return el("span", { class: "count hidden-cards pt-face-down", title: "face down" }, "face down");
  return [card(game, o.card), el("span", { class: "count" }, o.revealed ? " Revealed" : " face down: only you see it")];
}

function eventCard(game, view, e) {
  if (isHidden(e.card)) return el("span", { class: "pt-event count hidden-cards pt-face-down", title: "face down" }, "face down");
  return el("span", { class: "pt-event" }, card(game, e.card, e.nullified ? "nullified" : ""),
    el("span", { class: "count" }, e.nullified ? " Nullified" : e.revealed ? " Revealed" : " face down"),
    e.revealed && !e.nullified ? timers(view, e.card) : null);
}

function cardsInPlay(game, view, me) {
  const tally = Object.entries(view.tally).filter(([, n]) => n).map(([k, n]) => `${k.replace(/_/g, " ")} ${n}`);
  return box("cards", "Cards in play",
    row("Objective", objective(game, view.objective)),
    row("Events Cluster", view.events_cluster.length
      ? el("span", { class: "pile" }, view.events_cluster.map((e) => eventCard(game, view, e))) : none()),
    row("Twists! in play", view.twists_in_play.length ? el("span", { class: "pile" },
      view.twists_in_play.map((id) => el("span", { class: "pt-twist" }, card(game, id), timers(view, id)))) : none()),
    view.choice ? row("Choosing", [`${cap(seatName(view.choice.seat, me))} for `, card(game, view.choice.card)]) : null,
    row("Twists! Deck", pile(game, view.twists_deck, { empty: "empty" })),
    row("Twists! discarded", pile(game, view.twists_discard)),
    row("Plots discarded", pile(game, view.plot_discard)),
    tally.length ? row("Tally", tally.join(", ")) : null);
}

// --- The Characters, by side: their Equipment, counters, statuses, Identity ---------------------
function full(counters, printed) {
  return printed !== undefined && counters.stress + counters.trauma >= printed;
}

function resistances(c, data) {
  const printed = data.resistances || {};
  return RESISTANCES.filter((r) => c.resistances[r]).map((r) => el("span", {
    class: `pt-resistance ${full(c.resistances[r], printed[r]) ? "full" : ""}`,
  }, `${cap(r)} ${c.resistances[r].stress} Stress + ${c.resistances[r].trauma} Trauma of ${printed[r] ?? "?"}`));
}

// A Villain out of play (crossover.py): face down, Surrendered, or removed by another Persona
const AWAY = { hiding: "Hiding (face down)", surrendered: "Surrendered", replaced: "Replaced by another Persona" };

// Incapacitated: a full Physical or Mental Resistance, a Mook without Quantity; Demoralized: a full Social one
function tags(c, data, view) {
  const isFull = (r) => Boolean(c.resistances && c.resistances[r]) && full(c.resistances[r], (data.resistances || {})[r]);
  const out = c.quantity !== undefined ? c.quantity === 0 : isFull("physical") || isFull("mental");
  const fighting = view.combat && [view.combat.attacker, view.combat.defender].includes(c.card);
  const crossover = c.crossed !== undefined && !c.main && !c.away;
  return [c.main && "Main Villain", crossover && "Crossover Villain", c.away && AWAY[c.away], !c.away && out && "Incapacitated",
    isFull("social") && "Demoralized", fighting && "in the Combat"]
    .filter(Boolean).map((t) => el("span", { class: "pt-tag" }, t));
}

// Belief against its printed maximum, Hate, Energy, a Mook's Quantity, an Ally's Time counters
function counters(c, data) {
  return [["belief", "Belief", data.belief], ["hate", "Hate"], ["energy", "Energy"], ["quantity", "Quantity"],
    ["time", "Time", data.turns]].filter(([name]) => c[name] !== undefined)
    .map(([name, label, of]) => `${label} ${c[name]}${of ? ` of ${of}` : ""}`).join(" · ");
}

function character(game, view, me, c) {
  const data = cardData(game, c.card);
  return el("li", { class: `pt-character ${kind(game, c)}` },
    el("div", { class: "pt-name" }, card(game, c.card), tags(c, data, view),
      el("span", { class: "count" }, ` · ${cap(seatName(c.seat, me))}`)),
    c.hero ? row("Ally of", card(game, c.hero)) : null,
    c.equipment !== undefined ? row("Equipment", c.equipment ? card(game, c.equipment) : none()) : null,
    c.resistances ? row("Resistances", el("span", { class: "pt-resistances" }, resistances(c, data))) : null,
    row("Counters", counters(c, data) || none()),
    row("Actions left", `${c.actions.move} Move, ${c.actions.attack} Attack`),
    c.statuses.length ? row("Statuses", c.statuses.map(cap).join(", ")) : null,
    view.identities[c.card] ? row("Identity", cap(view.identities[c.card])) : null);
}

function side(game, view, me, name, title, groups) {
  return box(name, title, groups.map(([label, list]) => [
    el("h4", {}, label), list.length ? el("ul", { class: "pt-characters" }, list.map((c) => character(game, view, me, c)))
      : none()]));
}

// A Character's type from its card, else from its record's fields (the contract's table)
function kind(game, c) {
  return cardData(game, c.card).type
    || (c.seat === GM ? (c.quantity !== undefined ? "mook" : "villain") : c.hero ? "ally" : "hero");
}

function sides(game, view, me) {
  const of = (type) => view.characters.filter((c) => kind(game, c) === type);
  const villains = of("villain");
  return el("div", { class: "seats pt-sides" },
    side(game, view, me, "gm-side", "The GM's side",
      [[villains.length > 1 ? "Villains" : "Villain", villains], ["Mooks", of("mook")]]),
    side(game, view, me, "heroes-side", "The Heroes' side", [["Heroes", of("hero")], ["Allies", of("ally")]]));
}

// --- Each seat's hands: its own cards by name, the others' as counts ----------------------------
function hands(game, view, me) {
  const heroOf = (seat) => view.characters.find((c) => c.seat === seat && kind(game, c) === "hero");
  return el("div", { class: "seats pt-hands" }, view.plot_hands.map((plots, i) => el("section", {
    class: `seat ${i === me ? "mine" : ""}`, "aria-label": `Seat ${i}`,
  },
    seatTitle(i, me, i === GM ? " · GM" : heroOf(i) ? [" · ", card(game, heroOf(i).card)] : " · Hero"),
    row("Plot Hand", pile(game, plots, { empty: "empty" })),
    row("Combat Hand", pile(game, view.combat_hands[i], { empty: "empty" })),
    row("Combat Deck", pile(game, view.combat_decks[i], { empty: "empty" })),
    row("Combat discard", pile(game, view.combat_discards[i], { top: true })))));
}

export function plotTwist(game, view, me) {
  const setup = view.setup.step !== "done";
  return [
    setup ? setupProgress(view, me) : null,
    el("div", { class: "board-top" },
      el("div", { class: "pt-column" }, view.turn ? turn(view, me) : null, locations(game, view, me),
        view.combat ? combat(game, view, me) : null),
      cardsInPlay(game, view, me)),
    sides(game, view, me),
    hands(game, view, me),
  ];
}
