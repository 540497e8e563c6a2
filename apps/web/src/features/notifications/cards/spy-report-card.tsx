import type { ReactNode } from 'react';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { missionLabel } from '@brood/game-core';
import { formatDate } from '../../../lib/format';
import { AmountChips, Coordinates, Fact, InvalidContent, MapLink, cssColour } from '../card-parts';
import { amountsOf, num, text } from '../content-shape';
import { useItemNames } from '../item-names';
import { SimulatorButton } from './lab-link';
import {
  NO_CARGO,
  SPY_ALERT_INVALID,
  readSpyAlert,
  readSpyReport,
  spyFleets,
  spyForces,
  spyQueue,
  spyResources,
  spyOwner,
  spyStructures,
  spyTechnologies,
  type SpyLine,
  type SpyReport,
} from './spy-rules';
import { PlayerName } from '../../../components/player/player-name';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="div" size="xs" tt="uppercase" c="dimmed" fw={600}>
        {title}
      </Text>
      {children}
    </Box>
  );
}

function Lines({ lines }: { lines: SpyLine[] | string }) {
  const nameOf = useItemNames();
  if (typeof lines === 'string') return <Text component="div" size="sm" c="dimmed">{lines}</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {lines.map((l) => (
        <Badge key={l.key} variant="light" color="gray" size="sm" tt="none">
          {nameOf(l.key)}: {l.value}
        </Badge>
      ))}
    </Group>
  );
}

const QUEUES = [
  ['build_queue', 'Build Queue'],
  ['research_queue', 'Research Queue'],
  ['recruitment_queue', 'Recruitment Queue'],
  ['defense_queue', 'Defense Queue'],
] as const;

function Queues({ report }: { report: SpyReport }) {
  const nameOf = useItemNames();
  return (
    <>
      {QUEUES.map(([field, title]) => {
        const queue = spyQueue(report, field);
        return (
          <Section key={field} title={title}>
            {typeof queue === 'string' ? (
              <Text component="div" size="sm" c="dimmed">{queue}</Text>
            ) : (
              queue.map((q, i) => (
                <Text component="div" key={i} size="sm">
                  {nameOf(q.item_key)} → {q.amount} <Text span size="xs" c="dimmed">({formatDate(q.end_time as string)})</Text>
                </Text>
              ))
            )}
          </Section>
        );
      })}
    </>
  );
}

function Fleets({ report }: { report: SpyReport }) {
  const fleets = spyFleets(report);
  if (typeof fleets === 'string') return <Text component="div" size="sm" c="dimmed">{fleets}</Text>;
  return (
    <Stack gap={2}>
      {fleets.map((f) => (
        <Box key={f.id}>
          <Text component="div" size="sm">
            {f.owner ? `${f.owner}'s fleet` : 'Fleet'}
            {f.mission ? ` (${missionLabel(f.mission)})` : ''}
          </Text>
          <AmountChips amounts={amountsOf(f.units)} />
          {f.cargo !== null && (amountsOf(f.cargo).length > 0 ? <AmountChips amounts={amountsOf(f.cargo)} color="acid" /> : <Text component="div" size="xs" c="dimmed">{NO_CARGO}</Text>)}
        </Box>
      ))}
    </Stack>
  );
}

function Report({ report }: { report: SpyReport }) {
  const success = report.success !== false;
  const structures = spyStructures(report);
  const technologies = spyTechnologies(report);
  const owner = spyOwner(report);
  return (
    <Box pl="sm" style={{ borderLeft: `3px solid ${cssColour(success ? 'green.6' : 'red.6')}` }} data-spy-success={success}>
      <Group gap={6}>
        <Text component="div" size="sm" fw={600}>
          {text(report.target_territory_name) ?? 'Target'} <Coordinates value={report.target_coords} />
        </Text>
        {report.detected === true && (
          <Text component="div" size="sm" c="red.4" fw={700}>
            (Detected!)
          </Text>
        )}
        <Badge size="xs" variant="outline">
          Detail {report.detail_level}
        </Badge>
        {report.detail_level >= 1 && <SimulatorButton kind="spy" content={report} label="Simulate" />}
      </Group>
      {report.report_time_utc !== undefined && <Text component="div" size="xs" c="dimmed">{formatDate(report.report_time_utc as string)}</Text>}
      {owner && (
        <Fact label={owner.label}>
          {text(report.target_owner_id) ? <PlayerName id={Number(text(report.target_owner_id))} name={owner.value} /> : owner.value}
        </Fact>
      )}
      {(num(report.spies_lost) ?? 0) > 0 && <Fact label="Spies lost">{num(report.spies_lost)}</Fact>}
      <Stack gap={4} mt={4}>
        <Section title="Resources">
          <Lines lines={spyResources(report)} />
        </Section>
        {structures.length > 0 && (
          <Section title="Structures">
            <Lines lines={structures} />
          </Section>
        )}
        {technologies.length > 0 && (
          <Section title="Research">
            <Lines lines={technologies} />
          </Section>
        )}
        <Section title="Units">
          <Lines lines={spyForces(report, 'units')} />
        </Section>
        <Section title="Defenses">
          <Lines lines={spyForces(report, 'defenses')} />
        </Section>
        <Section title="Allied Fleets">
          <Fleets report={report} />
        </Section>
        <Queues report={report} />
      </Stack>
    </Box>
  );
}

/** A spy report by detail level. */
export function SpyReportBody({ content }: { content: unknown }) {
  const read = readSpyReport(content);
  if ('error' in read) return <InvalidContent>{read.error}</InvalidContent>;
  return <Report report={read.report} />;
}

/** The target's side: spies were caught. */
export function SpyAlertBody({ content }: { content: unknown }) {
  const alert = readSpyAlert(content);
  if (!alert) return <InvalidContent>{SPY_ALERT_INVALID}</InvalidContent>;
  return (
    <Stack gap={2}>
      <Text component="div" size="sm">
        Spies detected at {alert.target_name ?? 'your territory'} <MapLink coords={alert.target_coords} />
      </Text>
      <Fact label="Source">
        <MapLink coords={alert.source_coords} />
      </Fact>
      {alert.estimated_level !== null && <Fact label="Estimated spy level">{alert.estimated_level}</Fact>}
      {alert.alert_type && <Fact label="Alert">{alert.alert_type}</Fact>}
      {alert.detected_at !== undefined && <Fact label="Detected">{formatDate(alert.detected_at as string)}</Fact>}
    </Stack>
  );
}
