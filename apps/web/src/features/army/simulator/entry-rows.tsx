import { ActionIcon, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { entryOf, type EntryMap } from './lab-form';

/**
 * Rows of named values (unit counts, levels, stock): a number each, blank while unknown (with what a
 * report said of it), a remove button, and a picker that adds one of the keys not listed yet.
 */
export function EntryRows({
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
  onChange: (values: EntryMap) => void;
  testId: string;
  /** levels lists show every key at once: nothing to add or remove */
  addable?: boolean;
  /** a blank value blocks the run (counts); otherwise it reads as 0 (levels, stock) */
  required?: boolean;
}) {
  const listed = addable ? Object.keys(values) : keys;
  const missing = keys.filter((k) => !(k in values));
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
        {label}
      </Text>
      {listed.map((key) => {
        const value = values[key] ?? '';
        const hint = hints[key];
        return (
          <Group key={key} gap={6} wrap="nowrap" justify="space-between">
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" truncate>
                {nameOf(key)}
              </Text>
              {hint && value === '' && (
                <Text size="xs" c="yellow.4">
                  {hint}
                </Text>
              )}
            </Stack>
            <NumberInput
              aria-label={`${nameOf(key)} (${label})`}
              value={value}
              placeholder="?"
              onChange={(v) => onChange({ ...values, [key]: entryOf(v) })}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              size="xs"
              w={130}
              error={required && value === '' ? true : undefined}
            />
            {addable && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Remove ${nameOf(key)}`}
                onClick={() => onChange(Object.fromEntries(Object.entries(values).filter(([k]) => k !== key)))}
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {addable && missing.length > 0 && (
        <Select
          aria-label={`Add to ${label}`}
          placeholder={`Add ${label.toLowerCase()}...`}
          data={missing.map((k) => ({ value: k, label: nameOf(k) }))}
          value={null}
          onChange={(key) => key && onChange({ ...values, [key]: 0 })}
          searchable
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}
