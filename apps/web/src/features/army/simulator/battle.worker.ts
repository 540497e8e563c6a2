import '../../../no-eval';
import { runLab, type LabRequest } from './lab-run';

/** The battle simulator's worker: battles run here, so the page keeps drawing while a big one computes. */
self.onmessage = (event: MessageEvent<LabRequest>) => {
  self.postMessage(runLab(event.data));
};
