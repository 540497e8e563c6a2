import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { FairPlayAnswer } from './use-fair-play';

/** Fair play's refusal, shown before the button is pressed (the server answers the same sentence). */
export function FairPlayRefusal({ answer }: { answer: FairPlayAnswer }) {
  if (answer.verdict?.ok !== false) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconShieldLock size={18} />} title="Fair play" data-testid="fair-play-refusal">
      {answer.verdict.reason} Transport and station missions to them are still open.
    </Alert>
  );
}
