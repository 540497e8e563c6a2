import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../lib/format';
import { resourceColor } from '../../components/catalogue/resource-colors';
import { resourceMax, type Counts } from './dispatch-model';

function AmountRow({
  name,
  have,
  value,
  max,
  disabled,
  note,
  testId,
  onChange,
  swatch,
}: {
  name: string;
  have: number;
  value: number;
  max: number;
  disabled?: boolean;
  note?: string;
  testId: string;
  onChange: (value: number | string) => void;
  swatch?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId} opacity={disabled ? 0.5 : 1}>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          {swatch && <span style={{ width: 8, height: 8, borderRadius: 4, background: swatch, flex: 'none' }} />}
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {note ?? `${formatNumber(have)} available`}
        </Text>
      </Stack>
      <NumberInput
        aria-label={`${name} amount`}
        value={value}
        onChange={onChange}
        min={0}
        max={Math.max(0, max)}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        disabled={disabled}
        size="xs"
        w={96}
      />
      <Button size="compact-xs" variant="light" disabled={disabled} onClick={() => onChange(max)}>
        Max
      </Button>
    </Group>
  );
}

/** The Units sub-tab: every unit at home, an amount and Max each; units the mission refuses are disabled. */
export function UnitPicker({
  available,
  selected,
  nameOf,
  eligible,
  onChange,
  onSelectAll,
}: {
  available: Counts;
  selected: Counts;
  nameOf: (key: string) => string;
  eligible: (key: string) => boolean;
  onChange: (key: string, value: number | string) => void;
  onSelectAll: () => void;
}) {
  const keys = Object.keys(available).filter((k) => (available[k] ?? 0) > 0);
  if (keys.length === 0) return <Text c="dimmed" size="sm" data-testid="no-units-home">No units stationed at this territory.</Text>;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={onSelectAll} data-testid="select-all-units">
          Select All
        </Button>
      </Group>
      {keys.map((key) => {
        const ok = eligible(key);
        return (
          <AmountRow
            key={key}
            name={nameOf(key)}
            have={available[key] ?? 0}
            value={selected[key] ?? 0}
            max={available[key] ?? 0}
            disabled={!ok}
            note={ok ? undefined : 'Not suitable for this mission'}
            testId={`unit-row-${key}`}
            onChange={(v) => onChange(key, v)}
          />
        );
      })}
    </Stack>
  );
}

/** The Resources sub-tab: per resource in stock, an amount and a Max that fills the cargo left. */
export function ResourcePicker({
  stock,
  selected,
  cargo,
  order,
  nameOf,
  onChange,
}: {
  stock: Counts;
  selected: Counts;
  cargo: number;
  order: readonly string[];
  nameOf: (key: string) => string;
  onChange: (key: string, value: number | string, limit: number) => void;
}) {
  const keys = order.filter((k) => Math.floor(stock[k] ?? 0) > 0);
  if (keys.length === 0) return <Text c="dimmed" size="sm">No resources in stock.</Text>;
  return (
    <Stack gap="xs">
      {keys.map((key) => {
        const max = resourceMax(key, selected, stock, cargo);
        return (
          <AmountRow
            key={key}
            name={nameOf(key)}
            have={Math.floor(stock[key] ?? 0)}
            value={selected[key] ?? 0}
            max={max}
            testId={`resource-row-${key}`}
            swatch={resourceColor(key)}
            onChange={(v) => onChange(key, v, max)}
          />
        );
      })}
    </Stack>
  );
}
