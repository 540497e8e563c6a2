import { Collapse, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { formatDuration, formatNumber } from '../../lib/format';
import type { ArmySummary as Summary } from './dispatch-model';

function Figure({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" lts="0.06em">
        {label}
      </Text>
      <Text fw={700} ff="monospace" c={tone} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The collapsible Army Summary (core "Army movement panel"): cargo, speed, biomass, ETA, combined combat figures. */
export function ArmySummary({ summary }: { summary: Summary }) {
  const [open, { toggle }] = useDisclosure(true);
  const eta = typeof summary.eta === 'number' ? formatDuration(summary.eta) : summary.eta;
  const overCargo = summary.cargoUsed > summary.cargo;
  return (
    <Paper withBorder p="sm" radius="md" bg="rgba(0,0,0,0.18)" data-testid="army-summary">
      <UnstyledButton onClick={toggle} w="100%" aria-expanded={open} data-testid="army-summary-toggle">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6}>
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Text fw={700}>Army Summary</Text>
          </Group>
          <Text size="sm" ff="monospace" c={typeof summary.eta === 'number' ? 'acid.4' : 'dimmed'}>
            ETA {eta}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="sm">
          <Figure label="Cargo" value={`${formatNumber(summary.cargoUsed)} / ${formatNumber(summary.cargo)}`} testId="summary-cargo" tone={overCargo ? 'red.4' : undefined} />
          <Figure label="Speed" value={formatNumber(Math.round(summary.speed))} testId="summary-speed" />
          <Figure label="Biomass" value={summary.biomass === null ? '—' : formatNumber(summary.biomass)} testId="summary-biomass" />
          <Figure label="ETA" value={eta} testId="summary-eta" />
          <Figure label="Attack" value={formatNumber(summary.attack)} testId="summary-attack" />
          <Figure label="Defense" value={formatNumber(summary.defense)} testId="summary-defense" />
          <Figure label="Health" value={formatNumber(summary.health)} testId="summary-health" />
          <Figure label="Bioshield" value={formatNumber(summary.bioshield)} testId="summary-bioshield" />
        </SimpleGrid>
      </Collapse>
    </Paper>
  );
}
