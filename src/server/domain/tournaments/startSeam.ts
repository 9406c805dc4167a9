// The seam between the start round (startRound.ts) and the bracket engine: the engine's module
// registers its generation at the start when it is imported (setGenerateAtStart), and the round
// calls through `generateAtStart`. Until one registers, a contest's start drops who did not check
// in and leaves the generation to its organiser.
import type { DbOrTx } from '../../platform/db/client';

/** Generates a contest's bracket at its start, inside the round's transaction `tx`. */
export type GenerateAtStart = (tx: DbOrTx, contestId: number) => Promise<void>;

export let generateAtStart: GenerateAtStart | undefined;

/** Called once by the engine's module (generate.ts) at import; a second call replaces the first. */
export function setGenerateAtStart(fn: GenerateAtStart | undefined): void {
  generateAtStart = fn;
}
