import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useFairPlay, type FairPlayAnswer } from '../fair-play';
import type { DispatchForm } from './dispatch-model';

/** The dispatch's target as fair play reads it: whole coordinates only. */
export function useDispatchFairPlay(form: Pick<DispatchForm, 'r' | 's' | 'p' | 'mission'>): FairPlayAnswer {
  const [r, s, p] = [Number(form.r), Number(form.s), Number(form.p)];
  const whole = [r, s, p].every((n) => Number.isInteger(n) && n > 0);
  return useFairPlay(whole ? { r, s, p } : null, form.mission);
}

/** Fair play's refusal, shown before the button is pressed (the server answers the same sentence). */
export function FairPlayRefusal({ answer }: { answer: FairPlayAnswer }) {
  if (answer.verdict?.ok !== false) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconShieldLock size={18} />} title="Fair play" data-testid="fair-play-refusal">
      {answer.verdict.reason} Transport and station missions to them are still open.
    </Alert>
  );
}
