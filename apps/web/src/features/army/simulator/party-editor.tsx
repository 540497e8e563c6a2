import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHome, IconPlus, IconTrash } from '@tabler/icons-react';
import { EntryRows } from './entry-rows';
import { emptyParty, type LabForm, type LabParty, type LabSide } from './lab-form';

export interface LabCatalogueKeys {
  units: string[];
  defenses: string[];
  technologies: string[];
  nameOf: (key: string) => string;
}

function PartyCard({
  party,
  side,
  index,
  keys,
  onChange,
  onRemove,
  onFromTerritory,
}: {
  party: LabParty;
  side: LabSide;
  index: number;
  keys: LabCatalogueKeys;
  onChange: (p: LabParty) => void;
  onRemove: (() => void) | null;
  onFromTerritory: (() => void) | null;
}) {
  const owner = side === 'defenders' && index === 0;
  return (
    <Paper withBorder p="xs" radius="sm" bg="transparent" data-testid={`lab-party-${side}-${index}`}>
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <TextInput
            aria-label={`${side === 'attackers' ? 'Attacker' : 'Defender'} ${index + 1} name`}
            value={party.name}
            onChange={(e) => onChange({ ...party, name: e.currentTarget.value })}
            size="xs"
            style={{ flex: 1 }}
          />
          {side === 'defenders' && (
            <Badge size="xs" variant="outline" color={owner ? 'blue' : 'gray'}>
              {owner ? 'Owner' : 'Stationed ally'}
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          {onFromTerritory && (
            <Button size="compact-xs" variant="light" leftSection={<IconHome size={12} />} onClick={onFromTerritory}>
              From my territory
            </Button>
          )}
          {onRemove && (
            <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={12} />} onClick={onRemove}>
              Remove
            </Button>
          )}
        </Group>
        <EntryRows label="Units" values={party.units} hints={party.hints} keys={keys.units} nameOf={keys.nameOf} onChange={(units) => onChange({ ...party, units })} testId="lab-units" required />
        {owner && (
          <EntryRows label="Defenses" values={party.defenses} hints={party.hints} keys={keys.defenses} nameOf={keys.nameOf} onChange={(defenses) => onChange({ ...party, defenses })} testId="lab-defenses" required />
        )}
        <EntryRows
          label="Technologies"
          values={party.technologies}
          hints={{}}
          keys={keys.technologies}
          nameOf={keys.nameOf}
          onChange={(technologies) => onChange({ ...party, technologies })}
          testId="lab-technologies"
          addable={false}
        />
      </Stack>
    </Paper>
  );
}

/** Both sides of the simulated battle, each with one or more participants. */
export function PartiesEditor({
  form,
  keys,
  maxParticipants,
  onChange,
  fromTerritory,
}: {
  form: LabForm;
  keys: LabCatalogueKeys;
  maxParticipants: number;
  onChange: (form: LabForm) => void;
  /** a party filled from the player's selected territory, or null when there is none */
  fromTerritory: ((side: LabSide) => LabParty) | null;
}) {
  const sides: { side: LabSide; title: string }[] = [
    { side: 'attackers', title: 'Attackers' },
    { side: 'defenders', title: 'Defenders' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {sides.map(({ side, title }) => (
        <Stack key={side} gap="xs" data-testid={`lab-${side}`}>
          <Text fw={700} c={side === 'attackers' ? 'red.4' : 'blue.4'}>
            {title}
          </Text>
          {form[side].map((party, i) => (
            <PartyCard
              key={party.id}
              party={party}
              side={side}
              index={i}
              keys={keys}
              onChange={(p) => onChange({ ...form, [side]: form[side].map((q) => (q.id === party.id ? p : q)) })}
              onRemove={form[side].length > 1 ? () => onChange({ ...form, [side]: form[side].filter((q) => q.id !== party.id) }) : null}
              onFromTerritory={fromTerritory ? () => onChange({ ...form, [side]: form[side].map((q) => (q.id === party.id ? { ...fromTerritory(side), id: party.id } : q)) }) : null}
            />
          ))}
          {form[side].length < maxParticipants && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange({ ...form, [side]: [...form[side], emptyParty(`${side === 'attackers' ? 'Attacker' : 'Ally'} ${form[side].length + 1}`)] })}
              style={{ alignSelf: 'flex-start' }}
            >
              {side === 'attackers' ? 'Add attacker' : 'Add stationed ally'}
            </Button>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
