import { Button, Chip, Group, Text } from '@mantine/core';
import { capabilityLabel, hasFilters, NO_FILTERS, type Filters } from './filters';

/** Archetype and capability chips with a Clear button. */
export function FilterChips({ options, value, onChange }: { options: Filters; value: Filters; onChange: (next: Filters) => void }) {
  return (
    <Group gap="xs" align="center" wrap="wrap" data-testid="filters">
      <Text fz="xs" c="dimmed" fw={700} tt="uppercase" lts="0.08em">
        Archetype
      </Text>
      <Chip.Group multiple value={[...value.archetypes]} onChange={(archetypes) => onChange({ ...value, archetypes })}>
        {options.archetypes.map((a) => (
          <Chip key={a} value={a} size="xs" color="brood" variant="light">
            {a}
          </Chip>
        ))}
      </Chip.Group>
      {options.capabilities.length > 0 && (
        <>
          <Text fz="xs" c="dimmed" fw={700} tt="uppercase" lts="0.08em" ml="xs">
            Capability
          </Text>
          <Chip.Group multiple value={[...value.capabilities]} onChange={(capabilities) => onChange({ ...value, capabilities })}>
            {options.capabilities.map((c) => (
              <Chip key={c} value={c} size="xs" color="acid" variant="light">
                {capabilityLabel(c)}
              </Chip>
            ))}
          </Chip.Group>
        </>
      )}
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange(NO_FILTERS)} disabled={!hasFilters(value)}>
        Clear
      </Button>
    </Group>
  );
}
