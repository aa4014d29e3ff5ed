// The table clock (issue 32): each waiting seat's deadline, counted down in this browser against
// the server's time (api.js's serverNow: the Date of its answers, so a device whose clock is off
// still shows the time the server will act at). The lobby's clock fields are here too.
import { serverNow } from "./api.js";
import { el, fill } from "./words.js";

const WHAT_THEN = { default: "the server makes a default move for the seat (a pass or the end of the turn where the rules allow it)",
  bot: "a bot plays the seat's move" };

// The lobby's fields: seconds per move (empty: no clock) and what happens when they run out
export function clockFields() {
  return el("fieldset", { class: "field", id: "clock-fields" }, el("legend", {}, "Clock (tables only)"),
    el("div", { class: "field" }, el("label", { for: "clock-seconds" }, "Seconds per move"),
      el("input", { type: "number", id: "clock-seconds", name: "clock-seconds", min: 5, max: 86400, placeholder: "no clock",
        inputmode: "numeric" }),
      el("small", { class: "help" }, "Empty: no clock. From 5 seconds to a day; each decision gets its full time.")),
    el("div", { class: "field" }, el("label", { for: "clock-timeout" }, "When a seat's time runs out"),
      el("select", { id: "clock-timeout", name: "clock-timeout" },
        el("option", { value: "default" }, "the server makes a default move"),
        el("option", { value: "bot" }, "a bot plays that move"))));
}

// The lobby's clock as the API takes it (null: none), or an error in words
export function readClock(form) {
  const raw = form.querySelector("#clock-seconds").value.trim();
  if (!raw) return null;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 86400) {
    throw new Error("Seconds per move: a whole number from 5 to 86,400 (a day), or empty for no clock.");
  }
  return { turn_seconds: seconds, on_timeout: form.querySelector("#clock-timeout").value };
}

function mmss(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const pad = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

// The clock box of a table page. update(answer) after every read; `due()` is called once per
// deadline that passes (a read of an overdue table settles it: the page reads the table again).
export function tableClock(me, seatName, due) {
  const box = el("section", { class: "clock", id: "clock", "aria-label": "The clock", hidden: true });
  let clock = null;
  const asked = new Set();
  function tick() {
    if (!clock || !clock.deadlines.length) { box.hidden = true; return; }
    box.hidden = false;
    const now = serverNow();
    for (const line of box.querySelectorAll(".clock-seat")) {
      // the server's Date has whole seconds, so `now` may lag it by up to one: never show more than a move's time
      const left = Math.min(Date.parse(line.dataset.deadline) - now, clock.turn_seconds * 1000);
      const who = Number(line.dataset.seat) === me ? "Your time" : `${seatName(Number(line.dataset.seat))}'s time`;
      line.querySelector(".clock-left").textContent = left > 0 ? mmss(left) : "0:00";
      line.querySelector(".clock-who").textContent = left > 0 ? `${who}: ` : `${who} is up: `;
      line.classList.toggle("low", left <= 10000);
      line.classList.toggle("over", left <= 0);
      if (left <= -500 && !asked.has(line.dataset.deadline)) {
        asked.add(line.dataset.deadline);
        due();
      }
    }
  }
  const timer = setInterval(tick, 250);
  function update(answer) {
    clock = answer.clock || null;
    if (!clock) { fill(box); box.hidden = true; return; }
    fill(box,
      el("p", { class: "clock-rule" }, `${clock.turn_seconds} seconds per move; when they run out, ${WHAT_THEN[clock.on_timeout] || WHAT_THEN.default}.`),
      clock.deadlines.map((d) => el("p", { class: `clock-seat${d.seat === me ? " mine" : ""}`, role: "timer",
        "data-seat": d.seat, "data-deadline": d.deadline },
      el("span", { class: "clock-who" }), el("span", { class: "clock-left" }))));
    tick();
  }
  return { box, update, stop: () => clearInterval(timer) };
}
