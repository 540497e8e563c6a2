import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { Row } from '../content-shape';

const Replay = lazy(() => import('./battle-replay').then((m) => ({ default: m.BattleReplay })));

/** The battle replay, loaded when first shown (it brings the charting library along). */
export function LazyBattleReplay({ report }: { report: Row }) {
  return (
    <Suspense fallback={<Loader size="sm" type="dots" />}>
      <Replay report={report} />
    </Suspense>
  );
}
