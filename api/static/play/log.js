// Events in plain words, per game (the same event type may mean another thing in another game:
// Shufflers' card_stolen names the seat robbed, The Big Shuffle's the thief); an event without a
// sentence is written from its fields, ids as card names, booleans and nulls left out.
import { cardName, isHidden, nameOf } from "./words.js";

const cap = (t) => (t ? t[0].toUpperCase() + t.slice(1) : t);
const words = (x) => String(x).replace(/[_-]/g, " ");
function list(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// Plot Twist: seat 0 is the Game Master
const seatWords = {
  "plot-twist": (p) => (p === 0 ? "the GM" : `Seat ${p}`),
};

const COMMON = {
  game_over: (e) => `Game over: ${outcomeText(e.outcome || e)}`,
  turn_started: (e, n, s) => (e.player === undefined ? `Turn ${e.number}` : `${s(e.player)}'s turn${e.number ? ` (turn ${e.number})` : ""}`),
  turn_ended: (e, n, s) => (e.player === undefined ? `End of Turn ${e.number}` : `${s(e.player)} ends the turn`),
  card_drawn: (e, n, s) => `${s(e.player)} draws ${n(e.card)}${e.from === "discard" ? " from the discard" : ""}`,
  card_discarded: (e, n, s) => `${s(e.player)} discards ${n(e.card)}`,
  deck_reshuffled: (e) => `The ${words(e.deck)} deck is reshuffled`,
  deck_empty: (e) => `The ${words(e.deck)} deck is empty`,
  // a table's clock and taking back (issue 32)
  timed_out: (e, n, s) => `${s(e.player)}'s time ran out: the server moves for them`,
  move_undone: (e, n, s) => `${s(e.player)} takes back their last move`,
  // who sits where (issue 32): `name` is the joining player's own, shown as text
  seat_joined: (e) => `${e.name} joins at seat ${e.player}`,
  seat_left: (e) => `Seat ${e.player}'s player leaves the table${e.to === "bot" ? ": a bot plays the seat" : e.to === "invite" ? ": the seat is open again" : ""}`,
  table_started: (e) => `The game begins${Object.keys(e.bots || {}).length ? ` (bots take seat${Object.keys(e.bots).length > 1 ? "s" : ""} ${list(Object.keys(e.bots))})` : ""}`,
  rematch_proposed: (e, n, s) => `${s(e.player)} proposes a rematch`,
};

const SHUFFLERS = {
  first_player: (e, n, s) => `${s(e.player)} plays first (${list(e.draws.map((d) => `${s(d.player)} drew ${n(d.card)}`))})`,
  shufflers_attack: (e, n, s) => `${e.count} Shufflers attack ${s(e.player)}`,
  shuffler_eaten: (e, n, s) => `${s(e.player)} loses the Shufflers of ${n(e.card)}`,
  paid: (e, n, s) => `${s(e.player)} pays ${e.amount} from ${e.source === "ammo" ? "Ammo" : "Health"}: ${ns(e.cards, n)}`,
  joker_drawn: (e, n, s) => `${s(e.player)} finds a Joker (${e.jokers} of 2)`,
  card_retrieved: (e, n, s) => `${s(e.player)} takes back ${n(e.card)}`,
  // the thief (a Jack) robs the seat named: `player` is the victim
  card_stolen: (e, n, s) => `The thief steals ${n(e.card)} from ${s(e.player)}`,
  vehicle_passed: (e, n, s) => `${s(e.player)} drives past ${n(e.card)}`,
  lamb_offered: (e, n, s) => `${s(e.player)} offers a sacrificial lamb`,
  player_died: (e, n, s) => `${s(e.player)} dies`,
  sacrificed: (e, n, s) => `${s(e.player)} is sacrificed`,
  escaped: (e, n, s) => `${s(e.player)} escapes`,
};

const BIG_SHUFFLE = {
  game_started: (e) => `A game of ${e.players} in ${e.mode} mode`,
  cards_dealt: (e) => `Each seat is dealt ${e.hand} cards${e.informants ? " and an informant" : ""}`,
  agenda_dealt: (e, n, s) => `${list(e.players.map(s))} ${e.players.length > 1 ? "share" : "gets"} an agenda${e.face_up ? `: ${n(e.card)}` : " (face down)"}`,
  character_chosen: (e, n, s) => `${s(e.player)} plays ${n(e.character)}`,
  card_played: (e, n, s) => `${s(e.player)} plays ${n(e.card)}`,
  card_taken: (e, n, s) => `${s(e.player)} takes ${n(e.card)} from the ${words(e.from)}`,
  card_stolen: (e, n, s) => `${s(e.player)} steals ${n(e.card)} from ${s(e.target)}`,
  deck_searched: (e, n, s) => `${s(e.player)} searches the deck for ${words(e.card_type)} and takes ${n(e.card)}`,
  ability_used: (e, n, s) => `${s(e.player)} uses the ability of ${n(e.card)}`,
  attempt_started: (e, n, s) => `${s(e.player)} tries to move ${n(e.scene)} from ${cap(e.from)} to ${cap(e.to)} (difficulty ${e.difficulty})`,
  change_revealed: (e, n) => `The scene change card is ${n(e.card)}`,
  goon_hired: (e, n, s) => `${s(e.player)} hires ${n(e.card)} ${e.side === "for" ? "to help" : "against"} the scene change`,
  passed: (e, n, s) => `${s(e.player)} passes`,
  attempt_resolved: (e, n, s) => `${s(e.player)}'s scene change ${e.success ? "succeeds" : "fails"} (influence ${e.influence} against ${e.difficulty})`,
  scene_changed: (e, n) => `${n(e.scene)} moves from ${cap(e.from)} to ${cap(e.to)}`,
  scene_moved: (e, n) => `${n(e.scene)} moves ${e.to === "bottom" ? "to the bottom of its pile" : `to ${cap(e.to)}`}`,
  scene_activated: (e, n) => `${n(e.scene)} is now active`,
  move_prevented: (e, n) => `${n(e.protected)} is protected: ${n(e.scene)} stays`,
  protection_ended: (e, n) => `${n(e.card)} no longer protects ${n(e.scene)}`,
  title_removed: (e, n) => `${n(e.card)} is removed`,
  reaction_played: (e, n, s) => `${s(e.player)} reacts with ${n(e.card)}`,
  agenda_scored: (e, n, s) => `${s(e.player)} scores ${n(e.agenda)} for ${e.points} point${e.points === 1 ? "" : "s"}`,
  agendas_matched: (e, n, s) => `${s(e.player)}'s agendas all match the active scenes`,
  informant_killed: (e, n, s) => `${s(e.player)}'s informant ${n(e.card)} is killed`,
  informant_replaced: (e, n, s) => `${s(e.player)} replaces the informant ${n(e.card)}`,
  informant_revealed: (e, n, s) => `${s(e.player)}'s informant is ${n(e.card)}`,
  loot_stolen: (e, n, s) => `${s(e.player)} steals ${n(e.card)} from ${s(e.target)}`,
  loot_trashed: (e, n, s) => `${s(e.player)} trashes ${n(e.card)}`,
  patrol_played: (e, n, s) => `${s(e.player)} sends ${n(e.card)} to patrol the ${e.line.toUpperCase()} line${e.replaced ? `, replacing ${n(e.replaced)}` : ""}`,
  big_shuffle: () => "The Big Shuffle: the city is dealt anew",
};

const SHOWBIZ = {
  movie_started: (e, n, s) => `${s(e.player)} starts a ${e.genre} movie in slot ${e.movie + 1} with ${n(e.bod)}${e.from === "cattle_call" ? " from the Cattle Call" : ""}`,
  bod_cast: (e, n, s) => `${s(e.player)} casts ${n(e.bod)}${e.upside_down ? " upside down" : ""} in slot ${e.movie + 1}${e.from === "cattle_call" ? " from the Cattle Call" : ""}`,
  biz_played: (e, n, s) => `${s(e.player)} plays ${n(e.card)} on ${e.bod ? n(e.bod) : "a movie"} (${s(e.seat)}'s slot ${e.movie + 1})`,
  movie_completed: (e, n, s) => `${s(e.player)} completes the ${e.genre} movie of slot ${e.movie + 1} for ${e.points} points`,
  movie_unfinished: (e, n, s) => `${s(e.player)}'s movie in slot ${e.movie + 1} is unfinished: ${e.penalty} points off`,
  cattle_call_filled: (e, n) => `To the Cattle Call: ${ns(e.cards, n)}`,
  bods_drawn: (e, n, s) => `${s(e.player)} draws ${ns(e.cards, n)}`,
  biz_drawn: (e, n, s) => `${s(e.player)} draws Biz: ${ns(e.cards, n)}`,
  biz_reshuffled: (e) => `The Biz discards (${e.count}) are shuffled into a new deck`,
  studio_shake_up: (e, n, s) => `${s(e.player)} shakes up the studio (${e.returned} Bods back${e.discarded.length ? `, ${ns(e.discarded, n)} discarded` : ""})`,
  end_game_started: (e, n, s) => `${s(e.player)} draws the last Bod: the final turns begin`,
};

const by = (e, n) => (e.by === "gm" ? " by the GM" : e.by === "heroes" ? " by the Heroes" : e.by ? ` by ${n(e.by)}` : "");
const PLOT_TWIST = {
  setup_done: () => "Setup is done: the first Turn begins",
  villain_placed: (e, n) => `The GM places ${n(e.card)} as the Main Villain`,
  equipment_placed: (e, n, s) => `${s(e.player)} equips ${n(e.character)} with ${n(e.card)}`,
  equipment_declined: (e, n, s) => `${s(e.player)} gives ${n(e.character)} no Equipment`,
  mook_placed: (e, n) => `The GM places ${n(e.card)} (${e.quantity} Mooks)`,
  mooks_done: (e) => `The GM places no more Mooks (${e.count} in play)`,
  location_placed: (e, n) => `The first Location is ${n(e.card)}`,
  objective_placed: () => "The GM places the Objective face down",
  hero_placed: (e, n, s) => `${s(e.player)} plays the Hero ${n(e.card)}`,
  plot_added: (e, n, s) => `${s(e.player)} adds ${n(e.card)} to the Plot Hand`,
  combat_card_added: (e, n, s) => `${s(e.player)} adds ${n(e.card)} to the Combat Deck`,
  twist_added: (e, n, s) => `${s(e.player)} adds ${n(e.card)} to the Twists! Deck`,
  event_added: (e, n, s) => `${s(e.player)} adds ${n(e.card)} to the Events Cluster`,
  deck_shuffled: (e, n, s) => `${s(e.player)} shuffles the ${cap(words(e.deck))} Deck (${e.cards} cards)`,
  turn_started: (e) => `Turn ${e.number} begins`,
  turn_ended: (e) => `Turn ${e.number} ends`,
  phase_started: (e) => ({ start: "Start of Turn", end: "End of Turn" }[e.phase]
    || `The Combat phase: ${e.initiating === "gm" ? "the GM initiates" : "the Heroes initiate"}`),
  actions_renewed: (e) => `Every Character has ${e.move} Move and ${e.attack} Attack action${e.attack === 1 ? "" : "s"} again`,
  mulligan_taken: (e, n, s) => `${s(e.player)} takes a Mulligan (${e.discarded} card${e.discarded === 1 ? "" : "s"} redrawn)`,
  combat_cards_drawn: (e, n, s) => `${s(e.player)} draws ${ns(e.cards, n)}`,
  combat_cards_discarded: (e, n, s) => `${s(e.player)} discards ${ns(e.cards, n)}`,
  combat_started: (e, n) => `${n(e.attacker)} attacks ${n(e.defender)} at ${cap(e.distance)} Distance`,
  combat_step: (e) => `The ${cap(e.step)} Step (${cap(e.distance)} Distance)`,
  combat_ended: (e, n) => `The Combat of ${n(e.attacker)} and ${n(e.defender)} ends`,
  distance_changed: (e) => `The Distance is now ${cap(e.distance)}`,
  combat_card_played: (e, n) => `${n(e.character)} plays ${n(e.card)}${e.to ? `, to ${cap(e.to)} Distance` : ""}${e.target ? ` on ${n(e.target)}` : ""}`,
  attack_declared: (e, n) => `${n(e.character)} makes a ${cap(e.attack)} Attack on ${n(e.target)}${e.card ? ` with ${n(e.card)}` : ""}${e.trauma ? ", causing Trauma" : ""}`,
  damage_dealt: (e, n) => `${n(e.character)} takes ${e.stress} ${cap(e.resistance)} Stress${e.trauma ? ` and ${e.trauma} Trauma` : ""}`,
  incapacitated: (e, n) => `${n(e.character)} is Incapacitated${e.by ? by(e, n) : ""}`,
  demoralized: (e, n) => `${n(e.character)} is Demoralized`,
  status_gained: (e, n) => `${n(e.character)} is ${cap(words(e.status))}`,
  status_ended: (e, n) => `${n(e.character)} is no longer ${cap(words(e.status))}`,
  counter_changed: (e, n) => `${n(e.character)}'s ${cap(e.counter)} ${e.amount < 0 ? "falls" : "rises"} by ${Math.abs(e.amount)} to ${e.value}`,
  counters_spent: (e, n) => `${n(e.character)} spends ${e.amount} ${cap(e.counter)}${e.for ? ` to play a ${cap(words(e.for))}` : ""}`,
  energy_spent: (e, n) => `${n(e.character)} spends ${e.amount} Energy to ${words(e.for)}${e.resistance ? ` ${cap(e.resistance)} Stress` : ""}`,
  hate_gained: (e, n) => `${n(e.character)} gains ${e.amount} Hate`,
  belief_lost: (e, n) => `${n(e.character)} loses ${e.amount} Belief`,
  belief_cured: (e, n) => `${n(e.character)} cures ${e.cured} Belief`,
  stress_regenerated: (e, n) => `${n(e.character)} regenerates ${e.amount} ${cap(e.resistance)} Stress`,
  trauma_removed: (e, n) => `${n(e.character)} removes ${e.amount} ${cap(e.resistance)} Trauma`,
  trauma_paid: (e, n) => `${n(e.character)} pays ${e.amount} ${cap(e.counter)} to cause Trauma`,
  lock_paid: (e, n) => `${n(e.character)} pays ${e.amount} to use the Locked ${cap(words(e.word))}`,
  attack_action_bought: (e, n) => `${n(e.character)} buys an extra Attack action (${e.amount} ${cap(e.counter)})`,
  quantity_lost: (e, n) => `${n(e.character)} lose ${e.amount} Quantity`,
  advantage_activated: (e, n) => `${n(e.character)} uses ${e.advantage}${e.target ? ` on ${n(e.target)}` : ""}`,
  identity_changed: (e, n) => `${n(e.character)} is now a ${e.identity}`,
  plot_played: (e, n, s) => `${n(e.character)} plays ${n(e.card)}`,
  ally_played: (e, n) => `${n(e.card)} joins ${n(e.hero)} as an Ally`,
  ally_removed: (e, n) => `${n(e.card)} leaves play`,
  ally_sacrificed: (e, n) => `${n(e.card)} is sacrificed for ${n(e.hero)}`,
  hero_played: (e, n, s) => `${s(e.player)} plays the Hero ${n(e.card)}${e.equipment ? ` with ${n(e.equipment)}` : ""}`,
  bystander_played: (e, n, s) => `${s(e.player)} plays the Bystander ${n(e.card)} at ${n(e.location)}`,
  bystander_attacked: (e, n) => `${n(e.character)} makes a ${cap(e.attack)} Attack on ${n(e.target)} to ${words(e.to)} them`,
  bystander_killed: (e, n) => `${n(e.card)} is killed by ${n(e.character)}`,
  bystander_recruited: (e, n) => `${n(e.card)} is recruited by ${n(e.character)}`,
  bystander_unharmed: (e, n) => `${n(e.card)} is unharmed`,
  card_nullified: (e, n) => `${n(e.card)} is Nullified${by(e, n)}`,
  nullify_spent: (e, n) => `${n(e.character)} spends ${e.amount} ${cap(e.counter)} toward Nullifying ${n(e.card)} (${e.spent} of ${e.of})`,
  choice_made: (e, n, s) => `${s(e.player)} chooses ${e.target ? n(e.target) : e.resistance ? cap(e.resistance) : "nothing"} for ${n(e.card)}`,
  event_revealed: (e, n) => `The Event ${n(e.card)} is Revealed${by(e, n)}`,
  objective_revealed: (e, n) => `The Objective ${n(e.card)} is Revealed${by(e, n)}`,
  objective_peeked: (e, n) => `${n(e.character)} peeks at the Objective${isHidden(e.card) ? "" : `: ${n(e.card)}`}`,
  peek_progress: (e, n) => `${n(e.character)} gets ${e.successes} toward peeking at the Objective (${e.accumulated} of ${e.of})`,
  threat_fulfilled: (e, n) => `The Threat of ${n(e.card)} is fulfilled`,
  twist_revealed: (e, n) => `The Twist! ${n(e.card)} is Revealed`,
  twist_discarded: (e, n) => `${n(e.card)} is discarded${e.reason === "nullified" ? " (Nullified)" : ""}`,
  twist_without_effect: (e, n) => `${n(e.card)} has no effect now`,
  time_counter_added: (e, n) => `${n(e.card)} gets a Time counter (${e.counters} of ${e.of})`,
  location_played: (e, n, s) => `${s(e.player)} plays the Location ${n(e.card)}`,
  location_triggered: (e, n) => `${n(e.card)} takes effect at the ${words(e.on)}`,
  lair_played: (e, n) => `The GM plays the Lair ${n(e.card)}`,
  lair_discarded: (e, n) => `The Lair ${n(e.card)} is discarded`,
  relocated: (e, n) => `Everyone moves from ${n(e.from)} to ${n(e.card)}`,
  conflict_started: (e, n) => `Conflict ${e.number} begins at ${n(e.location)}`,
  conflict_ended: (e) => `Conflict ${e.number} ends`,
  villain_fled: (e, n) => `${n(e.character)} Flees to a Lair`,
  pursuit_decided: (e) => (e.pursue ? "The Heroes Pursue the Villain" : "The Heroes do not Pursue: an Interview"),
  interview_started: (e) => `An Interview of ${e.questions} questions (+${e.bonus} to every answer)`,
  interview_ended: (e) => `The Interview ends after ${e.questions} questions`,
  question_answered: (e, n) => `${n(e.character)} answers with ${cap(words(e.skill))}: ${e.won ? "convincing" : "not convincing"}`,
  masterplan_initiated: () => "The GM initiates a Masterplan",
  reversal_bought: (e, n) => `A Reversal of Fortunes: ${words(e.effect)}${e.target ? ` on ${n(e.target)}` : ""}${e.word ? ` (${cap(words(e.word))})` : ""}${e.card ? ` with ${n(e.card)}` : ""}`,
  villain_crossed: (e, n) => `${n(e.character)} crosses over with ${e.hate} Hate`,
  persona_played: (e, n) => `${n(e.character)} replaces ${n(e.replaces)}`,
  villain_hid: (e, n) => `${n(e.character)} hides`,
  villain_surrendered: (e, n) => `${n(e.character)} Surrenders`,
  main_villain_chosen: (e, n) => `${n(e.character)} is the new Main Villain (${e.hate} Hate)`,
  roll: (e, n) => `${words(e.purpose || e.kind)}: ${list((e.rolls || []).map((r) => `${n(r.who)} rolls ${r.successes} success${r.successes === 1 ? "" : "es"}`))}`,
};

const TEMPLATES = { shufflers: SHUFFLERS, "big-shuffle": BIG_SHUFFLE, "showbiz-shuffle": SHOWBIZ, "plot-twist": PLOT_TWIST };

function ns(cards, n) {
  if (!Array.isArray(cards) || !cards.length) return "nothing";
  const hidden = cards.filter(isHidden).length;
  const shown = cards.filter((c) => !isHidden(c)).map(n);
  if (hidden) shown.push(hidden === 1 ? "a face-down card" : `${hidden} face-down cards`);
  return list(shown);
}

// A value in words: a card id by its name, a hidden card as such, a slug as words
function valueWords(game, value) {
  if (isHidden(value)) return "a face-down card";
  if (typeof value === "string") {
    const name = cardName(game, value);
    return name !== value ? name : words(value.includes("/") ? value.split("/").pop() : value);
  }
  return String(value);
}

// One event in words: its sentence, or one written from its type and fields.
export function eventText(game, e) {
  const seat = seatWords[game] || ((p) => `Seat ${p}`);
  const s = (p) => (p === null || p === undefined ? "someone" : nameOf(p) || seat(p)); // a seat's name where it has one
  const n = (id) => (isHidden(id) ? "a face-down card" : id === null || id === undefined ? "nothing" : cardName(game, id));
  const template = (TEMPLATES[game] || {})[e.type] || COMMON[e.type];
  if (template) {
    try {
      return cap(template(e, n, s));
    } catch (error) {
      // a field we did not expect: the sentence below
    }
  }
  const bits = [];
  for (const [key, value] of Object.entries(e)) {
    if (["type", "player", "outcome"].includes(key) || value === null || value === undefined || value === false) continue;
    if (value === true) bits.push(words(key));
    else if (Array.isArray(value) && value.every((x) => typeof x === "string" || isHidden(x))) {
      if (value.length) bits.push(`${words(key)}: ${list(value.map((v) => valueWords(game, v)))}`);
    } else if (typeof value !== "object") bits.push(key === "seat" || key === "target" ? s(value) : valueWords(game, value));
  }
  const head = `${e.player !== undefined && e.player !== null ? `${s(e.player)}: ` : ""}${words(e.type)}`;
  return cap(bits.length ? `${head} (${bits.join(", ")})` : head);
}

export function outcomeText(outcome) {
  const winners = outcome.winners || [];
  const scores = Object.entries(outcome.scores || {}).map(([s, n]) => `seat ${s}: ${n}`).join(", ");
  const won = winners.length ? `${winners.map((w) => nameOf(w) || `Seat ${w}`).join(" and ")} won` : "Nobody won";
  return `${won} (${words(outcome.reason || "")}${scores ? `; ${scores}` : ""})`;
}
