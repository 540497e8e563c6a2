import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFlask, IconPlayerPlay } from '@tabler/icons-react';
import { useUiStore, type LabDraft } from '../../../stores/ui-store';
import { useCardEnvironment } from '../card-context';
import type { Row } from '../content-shape';
import { LazyBattleReplay } from './replay-lazy';

/** 'Simulate' / 'Open in simulator': the Army tab's simulator, filled from this report. */
export function SimulatorButton({ kind, content, label }: { kind: LabDraft['kind']; content: Row; label: string }) {
  const { onNavigate } = useCardEnvironment();
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="grape"
      leftSection={<IconFlask size={12} />}
      onClick={(event) => {
        event.stopPropagation();
        useUiStore.getState().openSimulator({ kind, content });
        onNavigate?.();
      }}
    >
      {label}
    </Button>
  );
}

/** A combat report's actions: watch it round by round (mounted on demand), open it in the simulator. */
export function CombatReportActions({ report }: { report: Row }) {
  const [watching, setWatching] = useState(false);
  return (
    <>
      <Group gap={6} mt={6}>
        <Button
          size="compact-xs"
          variant={watching ? 'filled' : 'light'}
          leftSection={<IconPlayerPlay size={12} />}
          onClick={(event) => {
            event.stopPropagation();
            setWatching((w) => !w);
          }}
          aria-expanded={watching}
        >
          Watch round by round
        </Button>
        <SimulatorButton kind="combat" content={report} label="Open in simulator" />
      </Group>
      {watching && (
        <div style={{ marginTop: 6 }}>
          <LazyBattleReplay report={report} />
        </div>
      )}
    </>
  );
}
