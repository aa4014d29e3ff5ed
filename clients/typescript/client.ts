// A small client written against the types that openapi-typescript generates from openapi.yaml
// (build/schema.d.ts). It must type-check, and every `@ts-expect-error` line must be an error:
// tsc reports an unused one, so a spec that stops telling the games apart fails the check.
import type { components, paths } from "./build/schema";

type Schemas = components["schemas"];
type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { "application/json": infer B } } };
}
  ? B
  : never;
type Answer<P extends keyof paths> = paths[P] extends {
  post: { responses: { 200: { content: { "application/json": infer A } } } };
}
  ? A
  : never;

async function post<P extends keyof paths>(base: string, path: P, body: Body<P>): Promise<Answer<P>> {
  const response = await fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as Answer<P>;
}

// Request options are optional: their defaults are said in words, not as `default`.
export const shufflersNew: Body<"/v1/games/shufflers/new"> = { players: 2, options: { collaborative: true } };
export const bigShuffleNew: Body<"/v1/games/big-shuffle/new"> = { players: 3 };

// Play a Big Shuffle game to its end with the first option, as a bot would.
export async function playBigShuffle(base: string): Promise<Schemas["BigShuffleOutcome"]> {
  let step = await post(base, "/v1/games/big-shuffle/new", bigShuffleNew);
  while (step.outcome === null) {
    const move = step.pending[0].options[0];
    step = await post(base, "/v1/games/big-shuffle/apply", { state: step.state, move });
  }
  return step.outcome;
}

// A decision narrows by its kind, a move by its kind, an event by its type.
export function describe(decision: Schemas["BigShuffleDecision"], event: Schemas["BigShuffleEvent"]): string {
  const kinds = decision.options.map((option) => (option.kind === "hire" ? `hire ${option.card}` : option.kind));
  const seen = event.type === "card_drawn" ? `drew from ${event.from}` : event.type;
  return `${decision.kind}: ${kinds.join(", ")} (${seen})`;
}

// A table answer of any game narrows by its game.
export function cityOf(table: Schemas["TableView"]): unknown {
  if (table.game === "big-shuffle") {
    const pending: Schemas["BigShuffleDecision"][] = table.pending;
    return [table.view.city, pending];
  }
  if (table.game === "shufflers") {
    const pending: Schemas["ShufflersDecision"][] = table.pending;
    return pending;
  }
  return table.view;
}

declare const big: Schemas["BigShuffleStep"];
declare const shufflers: Schemas["ShufflersStep"];

export const right: Body<"/v1/games/big-shuffle/apply"> = { state: big.state, move: big.pending[0].options[0] };
// @ts-expect-error: a Shufflers state with a Big Shuffle move
export const wrongMove: Body<"/v1/games/shufflers/apply"> = { state: shufflers.state, move: big.pending[0].options[0] };
// @ts-expect-error: a Big Shuffle state on the Shufflers path
export const wrongState: Body<"/v1/games/shufflers/apply"> = { state: big.state, move: shufflers.pending[0].options[0] };
// @ts-expect-error: a Shufflers decision is not a Big Shuffle one
export const wrongDecision: Schemas["BigShuffleDecision"] = shufflers.pending[0];
// @ts-expect-error: Shufflers has no mode option
export const wrongOption: Body<"/v1/games/shufflers/new"> = { players: 2, options: { mode: "expert" } };

// What the types cannot refuse (docs/api.md): TypeScript compares shapes, so a move two games
// spell the same is a move of both, and extra fields pass once the object is not a fresh literal.
// These lines type-check; only the server's answer tells the mistake.
declare const bigEndTurn: Schemas["BigShuffleEndTurnMove"];
declare const bigPass: Schemas["BigShufflePassMove"];
export const sameShapeShowbiz: Schemas["ShowbizShuffleMove"] = bigEndTurn;
export const sameShapePlotTwist: Schemas["PlotTwistMove"] = bigPass;
const withExtra = { player: 0, kind: "end_turn" as const, card: "extra" };
export const extraField: Schemas["ShowbizShuffleMove"] = withExtra;
// The old name of a renamed schema is the same type.
export const oldName: Schemas["ShowbizState"] = {} as Schemas["ShowbizShuffleState"];
