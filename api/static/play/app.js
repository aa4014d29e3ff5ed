// The web table: pick a game, seat bots, create a table (or play sealed on this device), play.
// Where we are lives in the URL's fragment, never sent to the server:
//   #                                 the lobby
//   #table=ID&seat=N&token=SECRET     a seat at a server-held table
//   #table=ID                         a spectator of that table
//   #table=ID&invite=CODE             an invitation to an open seat of that table (seats.js)
//   #device=GAME                      a sealed game on this device (the seal kept in sessionStorage)
import { ApiError, call, follow } from "./api.js";
import { board } from "./boards.js";
import { clockFields, readClock, tableClock } from "./clock.js";
import { options } from "./decision.js";
import { endScreen } from "./ending.js";
import { eventText } from "./log.js";
import { creatorLinks, INVITE, joinPage, nameField, readName, rematchBox, seatBody, seatName, waitingRoom } from "./seats.js";
import { cardName, cardPanel, el, fill, loadCatalog, nameOf, setSeatNames } from "./words.js";

const main = document.getElementById("main");
let stop = () => {};
let games = null;

function fragment() {
  return new URLSearchParams(location.hash.slice(1));
}

function linkTo(params) {
  const url = new URL(location.href);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

async function route() {
  stop();
  stop = () => {};
  const p = fragment();
  fill(main, el("p", { class: "loading" }, "Loading…"));
  try {
    games = games || (await call("GET", "/v1/games")).games;
    if (p.get("table") && p.get("invite")) await joinPage(main, p.get("table"), p.get("invite"), linkTo, gameName);
    else if (p.get("table")) await tablePage(p.get("table"), p.get("seat"), p.get("token"));
    else if (p.get("device")) await devicePage(p.get("device"));
    else await lobby();
  } catch (error) {
    fill(main, el("p", { class: "error", role: "alert" }, `Something went wrong: ${error.message}`),
      el("p", {}, el("a", { href: "#" }, "Back to the lobby")));
  }
}
window.addEventListener("hashchange", route);

function gameName(id) {
  const info = games.find((g) => g.id === id);
  return info ? info.name : id;
}

// --- The lobby: a form built from GET /v1/games ------------------------------------------------
// Plot Twist's seats have roles: seat 0 is the Game Master, the others Heroes (a bot of the role
// by default); any other game's seats are alike.
const ROLES = {
  "plot-twist": (i) => (i === 0 ? { role: "Game Master", bot: "gm" } : { role: "Hero", bot: "hero" }),
};
const BOT_NAMES = { heuristic: "a bot that plays well", random: "a bot that plays at random",
  gm: "the Game Master's bot", hero: "a Hero's bot" };
// Options that tune the engine for simulations or tables, not the game a person plays: folded away
const ADVANCED = new Set(["stall_rounds", "reaction_windows"]);
const VALUE_WORDS = { "the-law": "The Law (Patrols)" };

function seatRole(info, i) {
  const role = ROLES[info.id] && ROLES[info.id](i);
  if (role && info.bots.includes(role.bot)) return role;
  return { role: null, bot: info.bots.includes("heuristic") ? "heuristic" : info.bots[0] };
}

function optionTitle(option) {
  const words = option.name.replace(/_/g, " ");
  return words[0].toUpperCase() + words.slice(1);
}

// An allowed value in words: a card by its catalog name, an expansion by its title
function valueWords(game, value) {
  if (VALUE_WORDS[value]) return VALUE_WORDS[value];
  const name = typeof value === "string" ? cardName(game, value) : String(value);
  return name === value ? String(value).replace(/[-_]/g, " ") : name;
}

// An option's description without the developer's backquotes
function helpText(text) {
  return String(text || "").replace(/`([^`]*)`/g, "“$1”");
}

function optionInput(game, option) {
  const id = `opt-${option.name}`;
  const help = el("small", { class: "help" }, helpText(option.description));
  if (option.type === "boolean") {
    return el("div", { class: "field check" }, el("input", { type: "checkbox", id, name: option.name, checked: option.default }),
      el("label", { for: id }, optionTitle(option)), help);
  }
  if (option.type === "array" && option.allowed) {
    return el("fieldset", { class: "field", "data-option": option.name }, el("legend", {}, optionTitle(option)),
      option.allowed.map((value, i) => el("span", { class: "check" },
        el("input", { type: "checkbox", id: `${id}-${i}`, value, checked: option.default.includes(value) }),
        el("label", { for: `${id}-${i}` }, valueWords(game, value)))), help);
  }
  const label = el("label", { for: id }, optionTitle(option));
  if (option.allowed) {
    return el("div", { class: "field" }, label, el("select", { id, name: option.name },
      option.allowed.map((value) => el("option", { value, selected: value === option.default }, valueWords(game, value)))), help);
  }
  if (option.type === "integer") {
    return el("div", { class: "field" }, label, el("input", { type: "number", id, name: option.name, value: option.default }), help);
  }
  return el("div", { class: "field" }, label, el("input", { type: "text", id, name: option.name,
    value: Array.isArray(option.default) ? option.default.join(",") : option.default }), help);
}

function readOptions(form, info) {
  const options = {};
  for (const option of info.options) {
    let value;
    if (option.type === "boolean") value = form.querySelector(`#opt-${option.name}`).checked;
    else if (option.type === "array" && option.allowed) {
      value = [...form.querySelectorAll(`[data-option="${option.name}"] input:checked`)].map((x) => x.value);
    } else {
      const raw = form.querySelector(`#opt-${option.name}`).value;
      if (option.type === "integer") value = Number.parseInt(raw, 10);
      else if (option.type === "array") value = raw.split(",").map((x) => x.trim()).filter(Boolean);
      else value = raw;
    }
    if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
  }
  return options;
}

// The seat choices: one select per seat, kept (with what the person chose) while the player
// count changes; only the seats past the count go, and new ones get their role's default.
function seatChoices(info, players) {
  const seats = el("fieldset", { class: "field", id: "seats" }, el("legend", {}, "Seats"));
  const rows = [];
  function seatRow(i) {
    const { role, bot } = seatRole(info, i);
    const id = `seat-${i}`;
    return el("div", { class: "field seat-choice" },
      el("label", { for: id }, `Seat ${i}`, role ? el("span", { class: "role" }, ` · ${role}`) : null),
      el("select", { id, "data-seat": i, "data-role": role || "" },
        el("option", { value: "", selected: i === 0 }, "a person"),
        el("option", { value: INVITE }, "a friend, by invitation link"),
        info.bots.map((b) => el("option", { value: b, selected: i > 0 && b === bot }, BOT_NAMES[b] || `a bot (${b})`))));
  }
  function sync() {
    const n = Number.parseInt(players.value, 10);
    if (!(n >= info.min_players && n <= info.max_players)) return; // mid-typing, or out of range: keep what is there
    while (rows.length < n) { rows.push(seatRow(rows.length)); seats.append(rows[rows.length - 1]); }
    while (rows.length > n) rows.pop().remove();
  }
  players.addEventListener("input", sync);
  players.addEventListener("change", sync);
  sync();
  return seats;
}

async function lobby() {
  // the catalogs first: options whose values are cards show their names
  await Promise.all(games.map((g) => loadCatalog(g.id).catch(() => null)));
  const form = el("form", { class: "lobby", id: "lobby", novalidate: true });
  const gameSelect = el("select", { id: "game", name: "game" },
    games.map((g) => el("option", { value: g.id }, `${g.name} (${g.min_players}-${g.max_players} players)`)));
  const details = el("div", { id: "game-details" });
  const message = el("p", { class: "error", role: "alert", id: "lobby-error" });

  function drawDetails() {
    const info = games.find((g) => g.id === gameSelect.value);
    const players = el("input", { type: "number", id: "players", name: "players", min: info.min_players,
      max: info.max_players, value: Math.min(info.max_players, Math.max(info.min_players, 2)) });
    const everyday = info.options.filter((o) => !ADVANCED.has(o.name));
    const advanced = info.options.filter((o) => ADVANCED.has(o.name));
    details.dataset.game = info.id;
    fill(details,
      el("p", { class: "summary" }, info.summary),
      el("div", { class: "field" }, el("label", { for: "players" }, "Players"), players,
        el("small", { class: "help" }, `${info.min_players} to ${info.max_players} players.`)),
      everyday.length ? el("fieldset", { class: "options" }, el("legend", {}, "Options"), everyday.map((o) => optionInput(info.id, o))) : null,
      seatChoices(info, players),
      nameField("my-name", "Your name (optional)"),
      clockFields(),
      el("details", { class: "advanced", id: "advanced" }, el("summary", {}, "Advanced"),
        advanced.map((o) => optionInput(info.id, o)),
        el("div", { class: "field" }, el("label", { for: "seed" }, "Seed (optional)"),
          el("input", { type: "text", id: "seed", name: "seed", inputmode: "numeric", autocomplete: "off" }),
          el("small", { class: "help" }, "The same seed deals the same game. It is public: everyone at the table is told, so leave it empty for a real game. Tables only."))),
      el("fieldset", { class: "field" }, el("legend", {}, "Where the game lives"),
        el("span", { class: "check" }, el("input", { type: "radio", name: "where", id: "where-table", value: "table", checked: true }),
          el("label", { for: "where-table" }, "a table on the server (share a link per seat, spectators can follow)")),
        el("span", { class: "check" }, el("input", { type: "radio", name: "where", id: "where-device", value: "device" }),
          el("label", { for: "where-device" }, "this device only (a sealed game against bots)"))),
    );
  }
  gameSelect.addEventListener("change", drawDetails);
  drawDetails();

  form.append(el("h2", {}, "New game"), el("div", { class: "field" }, el("label", { for: "game" }, "Game"), gameSelect),
    details, el("button", { type: "submit", id: "create", class: "primary" }, "Start the game"), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    const info = games.find((g) => g.id === gameSelect.value);
    const players = Number.parseInt(form.querySelector("#players").value, 10);
    if (!(players >= info.min_players && players <= info.max_players)) {
      message.textContent = `${info.name} is for ${info.min_players} to ${info.max_players} players.`;
      return;
    }
    const bots = {};
    const selects = [...form.querySelectorAll("select[data-seat]")];
    for (const select of selects) if (select.value && select.value !== INVITE) bots[select.dataset.seat] = select.value;
    const options = readOptions(form, info);
    const where = form.querySelector("input[name=where]:checked").value;
    try {
      if (where === "device") {
        if (selects.some((x) => x.value === INVITE)) throw new Error("Invitations need a table on the server: choose it below, or seat a person or a bot.");
        await startDevice(info.id, players, options, bots);
      } else {
        await startTable(info.id, players, options, bots, form.querySelector("#seed").value.trim(), readClock(form),
          seatBody(selects, readName(form.querySelector("#my-name"))));
      }
    } catch (error) {
      message.textContent = noInvitations(error) ? "This server does not offer invitations (or names) yet: seat a person instead, and send them their seat's link." : errorWords(error);
    }
  });
  fill(main, form);
}

// A server without issue 32's seats refuses the creation's `open_seats` and `names` as unknown fields
function noInvitations(error) {
  const fields = error instanceof ApiError && error.status === 422 && error.body && error.body.errors;
  return Boolean(fields) && ["open_seats", "names"].some((k) => String((fields.json || fields)[k] || "").includes("Unknown field"));
}

// An API error in words: its message, or what each field got wrong
function errorWords(error) {
  const fields = error instanceof ApiError && error.body && error.body.errors;
  if (!fields || typeof fields !== "object") return error.message;
  const flat = (value) => (Array.isArray(value) ? value.map(flat).join(" ") : value && typeof value === "object"
    ? Object.entries(value).map(([k, v]) => `${k}: ${flat(v)}`).join(" ") : String(value));
  return `Not started: ${Object.entries(fields).map(([k, v]) => `${optionTitle({ name: k })}: ${flat(v)}`).join(" ")}`;
}

async function startTable(game, players, options, bots, seed, clock, seats) {
  const body = { players, options, bots, ...seats };
  if (clock) body.clock = clock;
  if (seed) body.seed = /^-?\d+$/.test(seed) ? Number.parseInt(seed, 10) : seed;
  const created = await call("POST", `/v1/games/${game}/tables`, { body });
  const links = creatorLinks(created, linkTo);
  sessionStorage.setItem(`links:${created.table_id}`, JSON.stringify(links));
  sessionStorage.setItem(`creator:${created.table_id}`, created.creator_token); // to start the table early
  const mine = links.find((l) => !l.invite);
  location.hash = mine ? new URL(mine.url).hash.slice(1) : `table=${created.table_id}`;
}

async function startDevice(game, players, options, bots) {
  const humans = Array.from({ length: players }, (_, i) => i).filter((i) => !(String(i) in bots));
  if (!humans.length) throw new Error("Keep at least one seat for a person.");
  const seat = humans.length === 1 ? humans[0] : null; // several people: pass and play
  const answer = await call("POST", `/v1/games/${game}/sealed/new`, { body: { players, options, seat, bots } });
  sessionStorage.setItem(`device:${game}`, JSON.stringify({ answer, humans }));
  location.hash = `device=${game}`;
}

// --- A table: the board, the decision, the log ---------------------------------------------
function tableLayout(title, linksPanel, invite = null, clockBox = null) {
  const status = el("p", { class: "status", id: "status", role: "status" });
  const decision = el("section", { class: "decision", id: "decision", "aria-label": "Your decision" });
  const boardBox = el("div", { id: "board" });
  const log = el("ul", { class: "log", id: "log", "aria-live": "polite" });
  const panel = el("aside", { class: "card-panel", id: "card-panel", "aria-label": "The card", "aria-live": "polite", hidden: true });
  fill(main,
    el("div", { class: "table-head" }, el("h2", {}, title), status),
    clockBox, invite, decision, boardBox,
    el("div", { class: "side" }, el("section", { class: "log-box" }, el("h3", {}, "What happened"), log), linksPanel),
    panel,
  );
  return { status, decision, boardBox, log };
}

// The card panel: a tap on a card, or the focus on it, shows its text and figures; Escape or
// the close button hides it.
function showCard(node) {
  const panel = document.getElementById("card-panel");
  const body = panel && main.dataset.game && cardPanel(main.dataset.game, node.dataset.card);
  if (!body) return;
  const close = el("button", { type: "button", class: "close", id: "card-panel-close", "aria-label": "Close the card" }, "×");
  close.addEventListener("click", () => { panel.hidden = true; });
  fill(panel, close, body);
  panel.hidden = false;
  panel.dataset.card = node.dataset.card;
}
for (const type of ["focusin", "click"]) {
  document.addEventListener(type, (event) => {
    const node = event.target.closest && event.target.closest(".card[data-card]");
    if (node) showCard(node);
  });
}
document.addEventListener("keydown", (event) => {
  const panel = document.getElementById("card-panel");
  if (event.key === "Escape" && panel) panel.hidden = true;
});

function logEvents(ui, game, events) {
  for (const e of events) ui.log.prepend(el("li", {}, eventText(game, e)));
}

function drawDecision(ui, game, data, me, onMove) {
  const mine = data.pending || [];
  const parts = [];
  if (data.outcome) parts.push(endScreen(game, data.outcome, data.view, me));
  for (const d of mine) {
    parts.push(el("p", { class: "prompt", tabindex: "-1" }, d.prompt));
    parts.push(options(game, d, onMove));
  }
  if (!mine.length && !data.outcome) {
    const waiting = (data.waiting_for || []).map((s) => (s === me ? "you" : nameOf(s) || `seat ${s}`)).join(", ");
    const invited = document.querySelector("#invite .invite-link:not([data-invite])") ? " (each person joins with their seat's link, above)" : "";
    parts.push(el("p", { class: "waiting" }, me === null ? `Watching. Waiting for ${waiting}.` : `Waiting for ${waiting}${invited}…`));
  }
  const had = ui.decision.contains(document.activeElement);
  fill(ui.decision, ...parts);
  // a new decision: the focus goes to its prompt (words, never a move, so Enter cannot play
  // anything by accident; Tab goes on to the options), unless the reader is elsewhere on the page
  const prompt = ui.decision.querySelector(".prompt");
  const active = document.activeElement;
  if (prompt && (had || !active || active === document.body)) prompt.focus({ preventScroll: true });
}

function busy(ui, on) {
  for (const b of ui.decision.querySelectorAll("button")) b.disabled = on;
}

function linksPanel(tableId, seat, token) {
  const items = [];
  const spectator = linkTo({ table: tableId });
  const stored = JSON.parse(sessionStorage.getItem(`links:${tableId}`) || "[]");
  const seats = stored.length ? stored : seat !== null ? [{ seat, url: linkTo({ table: tableId, seat, token }) }] : [];
  for (const s of seats) {
    items.push(el("li", {}, `Seat ${s.seat}${s.seat === seat ? " (this page)" : ""}: `,
      el("a", { href: s.url, class: s.invite ? "invitation" : "seat-link", "data-seat": s.seat }, s.invite ? "invitation link" : "seat link"),
      el("input", { type: "text", readonly: true, value: s.url, "aria-label": `${s.invite ? "Invitation" : "Link"} for seat ${s.seat}` })));
  }
  items.push(el("li", {}, "Spectators: ", el("a", { href: spectator, id: "spectator-link" }, "spectator link"),
    el("input", { type: "text", readonly: true, value: spectator, "aria-label": "Spectator link" })));
  return el("section", { class: "links" }, el("h3", {}, "Share"),
    el("p", { class: "help" }, "A seat's link holds its secret in the part after #, which the browser never sends to a server: give it only to that player."),
    el("ul", {}, items), el("p", {}, el("a", { href: "#" }, "New game")));
}

// The other people's seats, at the top of the creator's page: the game waits for them
function invitePanel(tableId, me) {
  const others = JSON.parse(sessionStorage.getItem(`links:${tableId}`) || "[]").filter((s) => s.seat !== me);
  if (!others.length) return null;
  return el("section", { class: "invite", id: "invite", "aria-label": "Invite the other players" },
    el("h3", {}, others.length > 1 ? "Send each person their seat's link" : "Send the other person their seat's link"),
    el("ul", {}, others.map((s) => el("li", { "data-seat": s.seat }, `Seat ${s.seat}${s.invite ? " (open)" : ""}: `,
      el("input", { type: "text", readonly: true, value: s.url, class: "invite-link", "data-seat": s.seat,
        "data-invite": s.invite ? "" : null, "aria-label": `${s.invite ? "Invitation" : "Link"} for seat ${s.seat}` }),
      el("a", { href: s.url, target: "_blank", rel: "noopener" }, "open"),
      el("span", { class: "joined", "data-seat": s.seat })))),
    el("p", { class: "help" }, others.some((s) => s.invite)
      ? "An invitation link lets a friend pick a name and take the open seat (once). The game begins when every seat is taken."
      : "The game waits for each seat's move until its person opens the link."));
}

async function tablePage(tableId, seatParam, token) {
  const me = token ? Number.parseInt(seatParam, 10) : null;
  let data = await call("GET", `/v1/tables/${encodeURIComponent(tableId)}`, { token });
  const game = data.view.game;
  await loadCatalog(game);
  main.dataset.game = game;
  const info = games.find((g) => g.id === game);
  setSeatNames(data.seats);
  const clock = tableClock(me, seatName, () => refresh());
  stop = () => clock.stop();
  const who = me === null ? "spectator" : `seat ${me}${data.seats && seatName(me) !== `Seat ${me}` ? ` · ${seatName(me)}` : ""}`;
  const ui = tableLayout(`${info ? info.name : game} · ${who}`, linksPanel(tableId, me, token),
    me === null ? null : invitePanel(tableId, me), clock.box);
  const creator = sessionStorage.getItem(`creator:${tableId}`); // this browser created the table: it may start it
  let refreshing = null;
  // Taking back: the versions the server refused to take back (it has the last word)
  const refused = new Set();

  function draw(answer) {
    if (answer.version < data.version) return;
    data = answer;
    setSeatNames(data.seats);
    fill(ui.boardBox, board(game, data.view, me));
    if (data.started === false) fill(ui.decision, waitingRoom(data, me, creator ? startNow : null));
    else drawDecision(ui, game, data, me, move);
    const slot = data.outcome && ui.decision.querySelector("#rematch");
    if (slot) fill(slot, rematchBox(tableId, data, me, token, linkTo));
    clock.update(data);
    for (const note of document.querySelectorAll("#invite .joined")) {
      const s = (data.seats || []).find((x) => x.seat === Number(note.dataset.seat));
      note.textContent = s && !s.open ? (s.bot ? " · a bot took the seat" : ` · ${s.name || "someone"} joined`) : "";
    }
    // every invitation taken, and no seat link to pass on: the panel has done its work
    const panel = document.getElementById("invite");
    if (panel && data.started !== false && !panel.querySelector(".invite-link:not([data-invite])")) panel.hidden = true;
    if (me !== null && data.can_undo === true && !refused.has(data.version)) ui.decision.append(undoBox());
    main.dataset.version = String(data.version);
  }
  // The undo button: shown while the server says this seat may take its last move back
  // (`can_undo`: its move is the table's last change and revealed nothing). A refusal all the
  // same (a host of an earlier version kept the move) is shown in words and the button goes.
  function undoBox() {
    const button = el("button", { type: "button", id: "undo", class: "undo" }, "Take back my last move");
    button.addEventListener("click", () => undo(button));
    return el("p", { class: "undo-box" }, button,
      el("small", { class: "help" }, " Nobody has moved since, and your move showed nothing new."));
  }
  async function undo(button) {
    button.disabled = true;
    const at = data.version;
    try {
      const answer = await call("POST", `/v1/tables/${encodeURIComponent(tableId)}/undo`, { token, ifMatch: at });
      ui.status.textContent = "Your last move was taken back.";
      draw(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        refused.add(at);
        ui.status.textContent = undoRefusal(error);
      } else if (error instanceof ApiError && error.status === 412) {
        ui.status.textContent = "The table moved on before your request arrived: your move can no longer be taken back.";
      } else {
        ui.status.textContent = `Refused: ${error.message}`;
      }
      await refresh();
      const box = ui.decision.querySelector(".undo-box");
      if (box) box.remove();
    }
  }
  // The creator starts the table before every open seat is taken: bots take them
  async function startNow() {
    try {
      await call("POST", `/v1/tables/${encodeURIComponent(tableId)}/start`, { token: creator });
      ui.status.textContent = "The game begins: bots took the open seats.";
    } catch (error) {
      ui.status.textContent = error instanceof ApiError && error.code === "table_started" ? "The game has begun already." : `Refused: ${error.message}`;
    }
    await refresh();
  }
  // One read at a time; a step that comes in while one is on its way asks for another after it
  // (that read may have left before the step: without it, a game's last step could go unseen)
  let again = false;
  async function refresh() {
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async () => {
      try {
        do {
          again = false;
          draw(await call("GET", `/v1/tables/${encodeURIComponent(tableId)}`, { token }));
        } while (again);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }
  async function move(option) {
    busy(ui, true);
    try {
      const at = data.version;
      draw(await call("POST", `/v1/games/${game}/tables/${encodeURIComponent(tableId)}/moves`, { body: { move: option }, token, ifMatch: at }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        ui.status.textContent = "The table moved on before your move arrived: here it is as it stands now.";
      } else {
        ui.status.textContent = `Refused: ${error.message}`;
      }
      await refresh();
    }
  }
  draw(data);
  // the story so far (a reload, a spectator joining mid-game): every step up to now, then the
  // stream from there on
  const history = await call("GET", `/v1/tables/${encodeURIComponent(tableId)}/steps?after=-1&wait=0`, { token })
    .catch(() => null);
  if (history) for (const step of history.steps) logEvents(ui, game, step.events);
  if (history && history.version > data.version) refresh();
  const stopStream = follow(tableId, token, (event, message) => {
    if (event === "snapshot") draw(message);
    else if (event === "step") {
      logEvents(ui, game, message.events);
      if (message.version > data.version || message.outcome) refresh();
    } else if (event === "error") ui.status.textContent = message.message;
  }, (state) => {
    main.dataset.stream = state;
    if (state === "reconnecting") ui.status.textContent = "Connection lost; reconnecting…";
    else if (state === "live") ui.status.textContent = "Live.";
    else if (state === "ended") {
      ui.status.textContent = data.outcome ? "The game is over." : "The table is gone.";
      if (!data.outcome) refresh().then(() => { if (data.outcome) ui.status.textContent = "The game is over."; }).catch(() => {});
    }
  }, history ? history.version : null, me !== null && "rematch" in data ? "rematch=wait" : "");
  stop = () => { stopStream(); clock.stop(); };
}

// A refused undo in plain words (the API's reason; its message without the event's id)
const UNDO_REASONS = {
  no_move: "it is not your move that came last (or you have not moved yet)",
  moved_since: "someone moved after it (a bot, or a move made when a seat's time ran out)",
  game_over: "it ended the game",
};
function undoRefusal(error) {
  const reason = error.body && error.body.errors && (error.body.errors.reason || [])[0];
  const said = String(error.message || "").replace(/^That move cannot be taken back:\s*/, "").replace(/\s*\([a-z0-9_]+\)/g, "").replace(/\.$/, "");
  return `Your move cannot be taken back: ${UNDO_REASONS[reason] || said || "the server refused"}.`;
}

// --- One device: a sealed game against bots ------------------------------------------------
async function devicePage(game) {
  const saved = JSON.parse(sessionStorage.getItem(`device:${game}`) || "null");
  if (!saved) { location.hash = ""; return; }
  await loadCatalog(game);
  main.dataset.game = game;
  const info = games.find((g) => g.id === game);
  const ui = tableLayout(`${info ? info.name : game} · on this device`,
    el("section", { class: "links" }, el("p", { class: "help" }, "A sealed game: the server keeps nothing, this page holds the game encrypted."),
      el("p", {}, el("a", { href: "#" }, "New game"))));
  let answer = saved.answer;
  const humans = saved.humans;
  const passAndPlay = humans.length > 1; // the seal is not bound to a seat: look as the person due

  saved.log = saved.log || [];
  logEvents(ui, game, saved.log); // the story so far, kept with the sealed game (a reload)
  const record = (events) => { logEvents(ui, game, events); saved.log = saved.log.concat(events).slice(-500); };
  async function settle(next) {
    record(next.events || []);
    // bots still owe moves, or (pass and play) another person is due: look again
    for (let i = 0; i < 20 && !next.outcome; i++) {
      const due = (next.waiting_for || []).find((s) => humans.includes(s));
      const lookAs = passAndPlay && due !== undefined && due !== next.seat ? due : null;
      if (!next.bots_due && lookAs === null) break;
      const body = { sealed: next.sealed };
      if (passAndPlay) body.player = lookAs !== null ? lookAs : next.seat;
      next = await call("POST", `/v1/games/${game}/sealed/view`, { body });
      record(next.events || []);
    }
    answer = next;
    saved.answer = next;
    sessionStorage.setItem(`device:${game}`, JSON.stringify(saved));
    main.dataset.version = String(answer.version);
    // pass and play: another person is due, so the screen hides this one's cards until they say so
    if (passAndPlay && !answer.outcome && saved.shown !== undefined && saved.shown !== answer.seat) handOver();
    else show();
  }
  function show() {
    saved.shown = answer.seat;
    sessionStorage.setItem(`device:${game}`, JSON.stringify(saved));
    fill(ui.boardBox, board(game, answer.view, answer.seat));
    drawDecision(ui, game, answer, answer.seat, move);
  }
  function handOver() {
    const ready = el("button", { type: "button", class: "primary", id: "handover-ready" }, `I am Seat ${answer.seat}: show my cards`);
    ready.addEventListener("click", show);
    fill(ui.boardBox);
    fill(ui.decision, el("section", { class: "handover", id: "handover", "aria-label": "Pass the device" },
      el("h3", { tabindex: "-1" }, `Pass the device to Seat ${answer.seat}`),
      el("p", {}, `Seat ${saved.shown} has played. Seat ${answer.seat}'s cards stay hidden until they take the device.`),
      ready));
    ui.decision.querySelector("h3").focus({ preventScroll: true });
  }
  async function move(option) {
    busy(ui, true);
    try {
      await settle(await call("POST", `/v1/games/${game}/sealed/apply`, { body: { sealed: answer.sealed, move: option } }));
    } catch (error) {
      ui.status.textContent = `Refused: ${error.message}`;
      busy(ui, false);
    }
  }
  await settle({ ...answer, events: saved.log.length ? [] : answer.events });
}

route();
