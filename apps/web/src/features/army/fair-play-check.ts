import { useFairPlay, type FairPlayAnswer } from '../fair-play';
import type { DispatchForm } from './dispatch-model';

/** The dispatch's target as fair play reads it: whole coordinates only. */
export function useDispatchFairPlay(form: Pick<DispatchForm, 'r' | 's' | 'p' | 'mission'>): FairPlayAnswer {
  const [r, s, p] = [Number(form.r), Number(form.s), Number(form.p)];
  const whole = [r, s, p].every((n) => Number.isInteger(n) && n > 0);
  return useFairPlay(whole ? { r, s, p } : null, form.mission);
}
