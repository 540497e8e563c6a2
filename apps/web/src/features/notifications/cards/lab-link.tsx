import { useState } from 'react';
import { Button, CopyButton, Group } from '@mantine/core';
import { IconFlask, IconLink, IconPlayerPlay } from '@tabler/icons-react';
import { useUiStore, type LabDraft } from '../../../stores/ui-store';
import { useCardEnvironment } from '../card-context';
import { num, type Row } from '../content-shape';
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

/** Copies the link of a stored battle's page (/battles/<id>), for sharing with the others who fought it. */
function BattleLinkButton({ battleId }: { battleId: number }) {
  const link = `${window.location.origin}/battles/${battleId}`;
  return (
    <CopyButton value={link}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant={copied ? 'filled' : 'light'}
          color="cyan"
          leftSection={<IconLink size={12} />}
          onClick={(event) => {
            event.stopPropagation();
            copy();
          }}
          data-link={link}
        >
          {copied ? 'Link copied' : 'Copy battle link'}
        </Button>
      )}
    </CopyButton>
  );
}

/** A combat report's actions: watch it round by round (mounted on demand), open it in the simulator, copy its battle's link. */
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
        {num(report.battle_id) !== null && <BattleLinkButton battleId={num(report.battle_id)!} />}
      </Group>
      {watching && (
        <div style={{ marginTop: 6 }}>
          <LazyBattleReplay report={report} />
        </div>
      )}
    </>
  );
}
