import { ActionIcon, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { memo, useCallback } from 'react';
import { entryOf, type Entry, type EntryMap } from './lab-form';

/** A change of a list of values, applied to the latest values (rows keep one callback across edits). */
export type EntryChange = (change: (values: EntryMap) => EntryMap) => void;

/** One named value: redrawn only when its own value changes, not when a neighbour's does. */
const EntryRow = memo(function EntryRow({
  name,
  entryKey,
  value,
  hint,
  label,
  required,
  onValue,
  onRemove,
}: {
  name: string;
  entryKey: string;
  value: Entry;
  hint: string | undefined;
  label: string;
  required: boolean;
  onValue: (key: string, value: string | number) => void;
  onRemove: ((key: string) => void) | null;
}) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" truncate>
          {name}
        </Text>
        {hint && value === '' && (
          <Text size="xs" c="yellow.4">
            {hint}
          </Text>
        )}
      </Stack>
      <NumberInput
        aria-label={`${name} (${label})`}
        value={value}
        placeholder="?"
        onChange={(v) => onValue(entryKey, v)}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        size="xs"
        w={130}
        error={required && value === '' ? true : undefined}
      />
      {onRemove && (
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Remove ${name}`} onClick={() => onRemove(entryKey)}>
          <IconX size={14} />
        </ActionIcon>
      )}
    </Group>
  );
});

/**
 * Rows of named values (unit counts, levels, stock): a number each, blank while unknown (with what a
 * report said of it), a remove button, and a picker that adds one of the keys not listed yet.
 * Memoised: a list whose values did not change is not redrawn.
 */
export const EntryRows = memo(function EntryRows({
  label,
  values,
  hints,
  keys,
  nameOf,
  onChange,
  testId,
  addable = true,
  required = false,
}: {
  label: string;
  values: EntryMap;
  hints: Record<string, string>;
  /** every key that may be added, in display order */
  keys: readonly string[];
  nameOf: (key: string) => string;
  onChange: EntryChange;
  testId: string;
  /** levels lists show every key at once: nothing to add or remove */
  addable?: boolean;
  /** a blank value blocks the run (counts); otherwise it reads as 0 (levels, stock) */
  required?: boolean;
}) {
  const onValue = useCallback((key: string, v: string | number) => onChange((current) => ({ ...current, [key]: entryOf(v) })), [onChange]);
  const onRemove = useCallback((key: string) => onChange((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== key))), [onChange]);
  const listed = addable ? Object.keys(values) : keys;
  const missing = keys.filter((k) => !(k in values));
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
        {label}
      </Text>
      {listed.map((key) => (
        <EntryRow
          key={key}
          name={nameOf(key)}
          entryKey={key}
          value={values[key] ?? ''}
          hint={hints[key]}
          label={label}
          required={required}
          onValue={onValue}
          onRemove={addable ? onRemove : null}
        />
      ))}
      {addable && missing.length > 0 && (
        <Select
          aria-label={`Add to ${label}`}
          placeholder={`Add ${label.toLowerCase()}...`}
          data={missing.map((k) => ({ value: k, label: nameOf(k) }))}
          value={null}
          onChange={(key) => key && onChange((current) => ({ ...current, [key]: 0 }))}
          searchable
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
});
