// A decision's options, grouped by what they act on: pick a card or a Character, then one of its
// moves or targets (when every option acts on the same one, by the kind of move). A few options (SHORT or fewer), an option that acts on nothing in particular
// (pass, end the turn) and the only option of its group are one click; no option is ever more
// than two clicks away. The options are the API's, posted back as they are; their words are the
// API's labels.
import { cardName, el } from "./words.js";

const SHORT = 6;
// the fields that name what an option acts on, the first one present; else the move's kind
const SUBJECT = ["character", "card", "bod", "scene"];

const subjectOf = (o) => SUBJECT.map((f) => o[f]).find((v) => typeof v === "string") ?? null;
const kindOf = (o) => (typeof o.kind === "string" ? o.kind : null);

// Groups that help: two at least, one of them of several options
function splits(options, keyOf) {
  const counts = new Map();
  for (const o of options) if (keyOf(o) !== null) counts.set(keyOf(o), (counts.get(keyOf(o)) || 0) + 1);
  return counts.size >= 2 && [...counts.values()].some((n) => n > 1);
}

// By what each option acts on; when they all act on one (every move of one Hero), by kind of move
function grouping(options) {
  if (options.length <= SHORT) return null;
  if (splits(options, subjectOf)) return { keyOf: subjectOf, byKind: false };
  if (splits(options, kindOf)) return { keyOf: kindOf, byKind: true };
  return null;
}

// A group's name: the card it acts on, or (moves of one kind) the words its labels share
function groupName(game, byKind, key, labels) {
  if (!byKind) return cardName(game, key);
  let prefix = labels[0] || key;
  for (const label of labels) while (!label.startsWith(prefix)) prefix = prefix.slice(0, -1);
  prefix = prefix.slice(0, prefix.lastIndexOf(" ") + 1).trim() || key.replace(/_/g, " ");
  return `${prefix.replace(/[:,]$/, "")}…`;
}

function optionButton(option, label, onMove) {
  const button = el("button", { type: "button", class: "option", "data-kind": option.kind }, label || JSON.stringify(option));
  button.addEventListener("click", () => onMove(option));
  return button;
}

export function options(game, d, onMove) {
  const labels = d.labels || [];
  const by = grouping(d.options);
  const buttons = d.options.map((option, i) => ({ option, label: labels[i], key: by ? by.keyOf(option) : null }));
  const groups = new Map();
  for (const b of buttons) if (b.key !== null) groups.set(b.key, [...(groups.get(b.key) || []), b]);
  const flat = by === null;
  const box = el("div", { class: "options", role: "group", "aria-label": d.prompt });
  if (flat) {
    box.append(...buttons.map((b) => optionButton(b.option, b.label, onMove)));
    return box;
  }
  const more = el("div", { class: "options sub-options", role: "group", hidden: true });
  const shown = new Set();
  for (const b of buttons) {
    const group = b.key === null ? null : groups.get(b.key);
    if (!group || group.length === 1) { box.append(optionButton(b.option, b.label, onMove)); continue; }
    if (shown.has(b.key)) continue;
    shown.add(b.key);
    const name = groupName(game, by.byKind, b.key, group.map((g) => g.label || ""));
    const button = el("button", { type: "button", class: "group", "aria-expanded": "false", "data-subject": b.key },
      name, el("span", { class: "count" }, ` · ${group.length} choices`));
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") === "true";
      for (const other of box.querySelectorAll("button.group")) other.setAttribute("aria-expanded", "false");
      if (open) { more.hidden = true; return; }
      button.setAttribute("aria-expanded", "true");
      const heading = el("p", { class: "sub-prompt", tabindex: "-1" }, `${name}:`);
      more.replaceChildren(heading, ...group.map((g) => optionButton(g.option, g.label, onMove)));
      more.setAttribute("aria-label", name);
      more.hidden = false;
      heading.focus({ preventScroll: true }); // words, not a move: Tab goes on to the choices
    });
    box.append(button);
  }
  return el("div", { class: "grouped" }, box, more);
}
