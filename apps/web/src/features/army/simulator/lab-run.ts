import { battleOdds, type BattleInput, type BattleOdds } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';

/** What the page asks the battle worker: one battle's odds over `runs` seeded runs. */
export interface LabRequest {
  id: number;
  catalogue: Catalogue;
  input: Omit<BattleInput, 'catalogue'>;
  runs: number;
  seed: string;
}

/**
 * What the page posts to the worker: the catalogue only when this worker has not had it yet (it keeps
 * the last one), since copying it into the worker cost the click on 'Simulate' milliseconds a run.
 */
export type LabMessage = Omit<LabRequest, 'catalogue'> & { catalogue?: Catalogue };

/** The worker's answer: the odds as JSON text, so the page, node and a test compare the very bytes. */
export interface LabAnswer {
  id: number;
  odds: string;
}

/** The worker's whole job, and node's: game-core's battleOdds on the request, as JSON. */
export function runLab(request: LabRequest): LabAnswer {
  const odds: BattleOdds = battleOdds({ ...request.input, catalogue: request.catalogue }, request.runs, request.seed);
  return { id: request.id, odds: JSON.stringify(odds) };
}
