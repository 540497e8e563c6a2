import type { ReactNode } from 'react';
import { Badge, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { toRoman } from '../../lib/format';
import { groupByTier, tierColor, tierHex } from './tiers';

/** Cards grouped under a Roman-numeral heading per tier, each tier in its own colour. */
export function TierGroups<T extends { key: string; tier: number }>({ entries, render }: { entries: readonly T[]; render: (entry: T) => ReactNode }) {
  return (
    <Stack gap="lg">
      {groupByTier(entries).map(({ tier, entries: list }) => (
        <Stack key={tier} gap="sm" data-testid={`tier-${tier}`}>
          <Divider
            labelPosition="left"
            color={tierColor(tier)}
            label={
              <Group gap={8} wrap="nowrap">
                <Badge color={tierColor(tier)} variant="light" radius="sm" size="lg" ff="heading" style={{ letterSpacing: '0.08em' }}>
                  {toRoman(tier)}
                </Badge>
                <Text fz="xs" fw={700} tt="uppercase" lts="0.12em" style={{ color: tierHex(tier) }}>
                  Tier {toRoman(tier)}
                </Text>
              </Group>
            }
          />
          <SimpleGrid minColWidth="min(290px, 100%)" spacing="sm" verticalSpacing="sm">
            {list.map((entry) => render(entry))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
