import { Group, Text, Tooltip } from '@mantine/core';
import { formatLargeNumber, formatNumber } from '../../lib/format';
import { resourceAbbreviation, resourceColor } from './resource-colors';

export interface ResourceCostProps {
  cost: Readonly<Partial<Record<string, number>>>;
  /** Stock to compare against: a missing amount shows red. Omit when nothing pays (research without a territory). */
  stock?: Readonly<Record<string, number>> | undefined;
  names: Readonly<Partial<Record<string, { name: string }>>>;
  /** Resource display order. */
  order: readonly string[];
}

/** Cost of a level or a batch as small coloured chips; an amount the stock does not cover is red. */
export function ResourceCost({ cost, stock, names, order }: ResourceCostProps) {
  const entries = order.filter((key) => (cost[key] ?? 0) > 0);
  if (entries.length === 0) {
    return (
      <Text fz="xs" c="dimmed">
        Free
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap" data-testid="resource-cost">
      {entries.map((key) => {
        const amount = cost[key] ?? 0;
        const have = stock?.[key] ?? 0;
        const short = stock !== undefined && have < amount;
        const name = names[key]?.name ?? key;
        return (
          <Tooltip key={key} label={`${name}: ${formatNumber(amount)}${stock ? ` (you have ${formatNumber(Math.floor(have))})` : ''}`}>
            <Group
              gap={4}
              wrap="nowrap"
              px={6}
              py={1}
              style={{ borderRadius: 6, background: 'rgba(255,255,255,0.04)', border: `1px solid ${short ? 'var(--mantine-color-red-8)' : 'rgba(255,255,255,0.06)'}` }}
              data-short={short || undefined}
            >
              <span style={{ width: 8, height: 8, borderRadius: 8, background: resourceColor(key), flex: 'none' }} />
              <Text fz={11} fw={600} c="dimmed" lh={1.4}>
                {resourceAbbreviation(name)}
              </Text>
              <Text fz={12} fw={700} c={short ? 'red.5' : undefined} lh={1.4} ff="monospace">
                {formatLargeNumber(amount)}
              </Text>
            </Group>
          </Tooltip>
        );
      })}
    </Group>
  );
}
