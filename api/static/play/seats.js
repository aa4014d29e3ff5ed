// Who sits where (issue 32): invitations to open seats, the join page a friend's invite link
// opens, and the waiting room until the table starts (with the creator's Start button).
//   #table=ID&invite=CODE     an invitation: the friend picks a name and takes the seat
// A name is text: it is always set as text (el() makes text nodes), never as markup.
import { ApiError, call } from "./api.js";
import { el, fill, nameOf } from "./words.js";

export const INVITE = "@invite"; // the lobby's seat choice "a friend, by invitation link"
export const NAME_MAX = 24;
// The API's rule for a name (api/schemas/table_seats.py): letters and digits of any script, `_`,
// `.`, `'`, `-`, and spaces inside
const NAME = /^[\p{L}\p{N}_.'-](?:[\p{L}\p{N}_ .'-]{0,22}[\p{L}\p{N}_.'-])?$/u;
const NAME_WORDS = `1 to ${NAME_MAX} letters or digits (spaces, dots, apostrophes and dashes inside)`;

export function nameField(id, label, required = false) {
  return el("div", { class: "field" }, el("label", { for: id }, label),
    el("input", { type: "text", id, name: id, maxlength: NAME_MAX, autocomplete: "nickname", required,
      "aria-describedby": `${id}-help` }),
    el("small", { class: "help", id: `${id}-help` }, `Shown to everyone at the table: ${NAME_WORDS}.`));
}

// A name as typed: null when empty; an Error in words when the API would refuse it
export function readName(input) {
  const name = input.value.trim().replace(/\s+/g, " ");
  if (!name) return null;
  if (!NAME.test(name)) throw new Error(`Your name: ${NAME_WORDS}.`);
  return name;
}

// The creation body's seats: open seats and the creator's name (on the first person's seat)
export function seatBody(selects, myName) {
  const open = [], persons = [];
  for (const select of selects) {
    if (select.value === INVITE) open.push(Number(select.dataset.seat));
    else if (!select.value) persons.push(Number(select.dataset.seat));
  }
  const body = {};
  if (open.length) body.open_seats = open;
  if (myName && persons.length) body.names = { [persons[0]]: myName };
  return body;
}

// The creator's links: a seat link per person's seat, an invite link per open seat
export function creatorLinks(created, linkTo) {
  const links = [];
  for (const s of created.seats) {
    if (s.token) links.push({ seat: s.seat, url: linkTo({ table: created.table_id, seat: s.seat, token: s.token }) });
    else if (s.invite) links.push({ seat: s.seat, invite: true, url: linkTo({ table: created.table_id, invite: s.invite }) });
  }
  return links;
}

// A seat's words: its name, else "Seat n"
export function seatName(i) {
  return nameOf(i) || `Seat ${i}`;
}

// --- The join page: an invite link opened ----------------------------------------------------------
const JOIN_ERRORS = {
  seat_taken: "This invitation was used already: its seat is taken. Ask for a new one.",
  unknown_invite: "This invitation is not (or no longer) valid at this table. Ask for a new one.",
  unknown_table: "This table does not exist (any more): it may have ended or expired.",
};

export async function joinPage(main, tableId, invite, linkTo, gameName) {
  const table = await call("GET", `/v1/tables/${encodeURIComponent(tableId)}`);
  const seated = (table.seats || []).filter((s) => s.name).map((s) => `${s.name} (seat ${s.seat})`);
  const message = el("p", { class: "error", role: "alert", id: "join-error" });
  const form = el("form", { class: "lobby", id: "join", novalidate: true },
    el("h2", {}, `Join a game of ${gameName(table.game)}`),
    el("p", {}, seated.length ? `At the table: ${seated.join(", ")}.` : "You are invited to a seat at this table.",
      table.started === false ? "" : " The game has started.",
      table.clock ? ` Each move has a clock: ${table.clock.turn_seconds} seconds.` : ""),
    nameField("join-name", "Your name", true),
    el("button", { type: "submit", class: "primary", id: "join-button" }, "Take my seat"), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    let name;
    try {
      name = readName(form.querySelector("#join-name"));
      if (!name) throw new Error("Your name, please: the others see it at the table.");
    } catch (error) {
      message.textContent = error.message;
      form.querySelector("#join-name").focus();
      return;
    }
    form.querySelector("#join-button").disabled = true;
    try {
      const joined = await call("POST", `/v1/tables/${encodeURIComponent(tableId)}/join`, { body: { invite, name } });
      // the seat's own link from now on (the invite is spent); replace: Back does not offer the spent invite
      location.replace(linkTo({ table: tableId, seat: joined.seat, token: joined.token }));
    } catch (error) {
      message.textContent = (error instanceof ApiError && JOIN_ERRORS[error.code]) || error.message;
      form.querySelector("#join-button").disabled = false;
    }
  });
  fill(main, form);
  form.querySelector("#join-name").focus();
}

// --- The waiting room: the table waits for its open seats --------------------------------------------
// `start()` posts /start with the creator's token (null: this page is not the creator's)
export function waitingRoom(data, me, start) {
  const items = (data.seats || []).map((s) => el("li", { "data-seat": s.seat, class: s.open ? "open" : "taken" },
    `${seatName(s.seat)}${s.seat === me ? " (you)" : ""}: `,
    s.open ? (s.name ? "not here yet (a rematch: to be accepted)" : "waiting for a friend to join") : s.bot ? "a bot" : "here"));
  const parts = [el("h3", { class: "prompt", tabindex: "-1" }, "Waiting for everyone to join"), el("ul", { class: "seat-list", id: "seat-list" }, items)];
  if (start) {
    const button = el("button", { type: "button", class: "primary", id: "start-table" }, "Start now: bots take the open seats");
    button.addEventListener("click", async () => {
      button.disabled = true;
      await start();
    });
    parts.push(el("p", {}, button));
  } else {
    parts.push(el("p", { class: "waiting" }, "The game begins when every seat is taken, or when the table's creator starts it."));
  }
  return el("section", { class: "waiting-room", id: "waiting-room", "aria-label": "Waiting for players" }, parts);
}

// --- A rematch: once the game ended, a seat proposes another game to the same people, or accepts ----
// The old table says `rematch: <new id>` once proposed; accepting (the same POST) gives the seat's
// new token. The new seat's link is kept, so a second click (or a reload) goes there again.
export function rematchBox(tableId, data, me, token, linkTo) {
  if (me === null || !("rematch" in data)) return null; // a spectator, or a server without rematches
  const key = `rematch:${tableId}:${me}`;
  const kept = sessionStorage.getItem(key);
  const proposed = data.rematch;
  const message = el("p", { class: "error", role: "alert", id: "rematch-error" });
  const button = el("button", { type: "button", class: "primary", id: "rematch-button" },
    kept ? "Go to the rematch" : proposed ? "Accept the rematch" : "Propose a rematch");
  button.addEventListener("click", async () => {
    if (kept) { location.hash = new URL(kept).hash.slice(1); return; }
    button.disabled = true;
    try {
      const answer = await call("POST", `/v1/tables/${encodeURIComponent(tableId)}/rematch`, { token });
      const link = linkTo({ table: answer.table_id, seat: answer.seat, token: answer.token });
      sessionStorage.setItem(key, link);
      const creator = sessionStorage.getItem(`creator:${tableId}`);
      if (creator) sessionStorage.setItem(`creator:${answer.table_id}`, creator); // the same creator's token
      location.hash = new URL(link).hash.slice(1);
    } catch (error) {
      message.textContent = error instanceof ApiError && error.code === "seat_taken"
        ? "You accepted this rematch already (on another page or device)." : `Refused: ${error.message}`;
      button.disabled = false;
    }
  });
  return el("div", { class: "rematch" },
    el("p", {}, proposed ? "Another game with the same people, game and options has been proposed." : "Another game, with the same people, game and options (a new deal)?"),
    button, message);
}

