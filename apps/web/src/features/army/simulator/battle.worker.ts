import '../../../no-eval';
import type { Catalogue } from '@brood/game-data';
import { runLab, type LabMessage } from './lab-run';

let catalogue: Catalogue | undefined;

/** The battle simulator's worker: battles run here, so the page keeps drawing while a big one computes. */
self.onmessage = (event: MessageEvent<LabMessage>) => {
  catalogue = event.data.catalogue ?? catalogue;
  if (!catalogue) throw new Error('The battle worker was asked for odds before it was sent the game data.');
  self.postMessage(runLab({ ...event.data, catalogue }));
};
