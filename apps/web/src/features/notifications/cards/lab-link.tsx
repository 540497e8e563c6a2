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

/**
 * Copies a link that opens this report: a stored battle's page (/battles/<id>, for the others who
 * fought it) or, where the card says so, a Hall of Fame entry's (/hall-of-fame/<id>, for anyone).
 */
function CopyLinkButton({ link, label }: { link: string; label: string }) {
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
          data-testid="copy-report-link"
        >
          {copied ? 'Link copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** A combat report's actions: watch it round by round (mounted on demand), open it in the simulator, copy its battle's link. */
export function CombatReportActions({ report }: { report: Row }) {
  const [watching, setWatching] = useState(false);
  const { shareLink } = useCardEnvironment();
  const battleId = num(report.battle_id);
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
        {shareLink ? (
          <CopyLinkButton link={shareLink} label="Copy link" />
        ) : (
          battleId !== null && <CopyLinkButton link={`${window.location.origin}/battles/${battleId}`} label="Copy battle link" />
        )}
      </Group>
      {watching && (
        <div style={{ marginTop: 6 }}>
          <LazyBattleReplay report={report} />
        </div>
      )}
    </>
  );
}
