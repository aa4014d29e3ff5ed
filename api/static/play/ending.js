// The end screen: who won and why, in words, per game (the outcome's reason, every seat's score,
// The Big Shuffle's agendas as far as this seat sees them, Plot Twist's Objective); then a place
// for a rematch (a table's page fills it: seats.js).
import { card, cardData, el, nameOf } from "./words.js";

const GM = 0;
const seatOf = (game) => (game === "plot-twist" ? (s) => nameOf(Number(s)) || (Number(s) === GM ? "the GM" : `Seat ${s}`)
  : (s) => nameOf(Number(s)) || `Seat ${s}`);

const REASONS = {
  shufflers: {
    escaped: (w) => `${w} reached the boat: the second Joker came up. Escaping is what wins, whatever the scores (the Ammo and Health points left only compare how well each survived); in the competitive game the others are left behind on the shore.`,
    all_dead: () => "The Shufflers got everyone: nobody reached the boat.",
  },
  "big-shuffle": {
    agendas: (w) => `The active WHO, WHAT and WHERE scenes all match ${w}'s agendas, the personal one and those shared with the neighbours.`,
    points: (w) => `${w} scored 5 points first (the expert game scores agendas at the end of each turn).`,
  },
  "showbiz-shuffle": {
    end_game: () => "The last Bod left the deck and the final turns were played: each studio scores its completed movies, less the unfinished ones, and the highest total wins.",
    stalled: () => "No Bod was played for the agreed number of rounds: the game was scored as if it had ended.",
  },
  "plot-twist": {
    heroes_incapacitated: () => "No Hero is left in play: the Game Master wins.",
    villains_incapacitated: () => "No Villain is left in play: every Hero wins.",
    villain_surrendered: () => "The Villain Surrendered with no other Villain in play: the Heroes win.",
    threat_fulfilled: () => "The Objective's Threat is fulfilled: the Game Master wins at once.",
  },
};

function names(list) {
  return list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

function bigShuffleAgendas(game, view, seat) {
  const rows = [];
  view.seats.forEach((s, i) => {
    if (typeof s.agenda === "string") rows.push([`${seat(i)}'s agenda`, s.agenda]);
  });
  for (const sh of view.shared || []) {
    if (typeof sh.agenda === "string") rows.push([`Shared by ${names(sh.seats.map(seat))}`, sh.agenda]);
  }
  if (!rows.length) return null;
  return el("section", { class: "end-agendas" }, el("h4", {}, "The agendas you can see"),
    el("ul", {}, rows.map(([who, id]) => el("li", {}, `${who}: `, card(game, id), ` (${cardData(game, id).text || ""})`))));
}

function plotTwistObjective(game, view) {
  const o = view.objective;
  if (!o || typeof o.card !== "string") return null;
  const data = cardData(game, o.card);
  return el("section", { class: "end-objective" }, el("h4", {}, "The GM's Objective"),
    el("p", {}, card(game, o.card), data.text ? ` ${data.text}` : ""));
}

export function endScreen(game, outcome, view, me) {
  const seat = seatOf(game);
  const winners = outcome.winners || [];
  const who = names(winners.map(seat)) || "Nobody";
  const headline = me !== null && me !== undefined && winners.includes(me) ? "You won!"
    : winners.length ? `${cap(who)} won.` : "Nobody won.";
  const explain = (REASONS[game] || {})[outcome.reason];
  const scores = Object.entries(outcome.scores || {});
  return el("section", { class: "end-screen", id: "end-screen", "aria-labelledby": "outcome" },
    el("h3", { class: "outcome", id: "outcome" }, `Game over: ${headline}`),
    el("p", { class: "end-reason", id: "end-reason" },
      explain ? explain(cap(who)) : `The game ended: ${String(outcome.reason || "").replace(/_/g, " ")}.`),
    scores.length ? el("table", { class: "end-scores" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Seat"), el("th", { scope: "col" }, game === "plot-twist" ? "Result" : "Score"))),
      el("tbody", {}, scores.map(([s, n]) => el("tr", { class: winners.includes(Number(s)) ? "winner" : "" },
        el("th", { scope: "row" }, `${cap(seat(s))}${Number(s) === me ? " (you)" : ""}`),
        el("td", {}, game === "plot-twist" ? (n ? "won" : "lost") : `${n}${winners.includes(Number(s)) ? " · won" : ""}`))))) : null,
    game === "big-shuffle" && view ? bigShuffleAgendas(game, view, seat) : null,
    game === "plot-twist" && view ? plotTwistObjective(game, view) : null,
    // the rematch: a table's page puts its button here (seats.js, rematchBox)
    el("div", { class: "rematch-slot", id: "rematch", "data-slot": "rematch" }),
    el("p", {}, el("a", { href: "#" }, "A new game")));
}

function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
