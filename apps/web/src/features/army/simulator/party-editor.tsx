import { memo, useCallback } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHome, IconPlus, IconTrash } from '@tabler/icons-react';
import { EntryRows, type EntryChange } from './entry-rows';
import { emptyParty, updateParty, type LabForm, type LabParty, type LabSide } from './lab-form';

export interface LabCatalogueKeys {
  units: string[];
  defenses: string[];
  technologies: string[];
  nameOf: (key: string) => string;
}

/** A change of the form, applied to the latest form (so memoised parts keep one callback across edits). */
export type FormChange = (change: (form: LabForm) => LabForm) => void;
type PartyChange = (side: LabSide, id: string, change: (p: LabParty) => LabParty) => void;
type PartyAction = (side: LabSide, id: string) => void;

/** One participant; memoised, so an edit in one party redraws that party only. */
const PartyCard = memo(function PartyCard({
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
  onChange: PartyChange;
  onRemove: PartyAction | null;
  onFromTerritory: PartyAction | null;
}) {
  const owner = side === 'defenders' && index === 0;
  const id = party.id;
  const onUnits: EntryChange = useCallback((change) => onChange(side, id, (p) => ({ ...p, units: change(p.units) })), [onChange, side, id]);
  const onDefenses: EntryChange = useCallback((change) => onChange(side, id, (p) => ({ ...p, defenses: change(p.defenses) })), [onChange, side, id]);
  const onTechnologies: EntryChange = useCallback((change) => onChange(side, id, (p) => ({ ...p, technologies: change(p.technologies) })), [onChange, side, id]);
  return (
    <Paper withBorder p="xs" radius="sm" bg="transparent" data-testid={`lab-party-${side}-${index}`}>
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <TextInput
            aria-label={`${side === 'attackers' ? 'Attacker' : 'Defender'} ${index + 1} name`}
            value={party.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              onChange(side, id, (p) => ({ ...p, name }));
            }}
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
            <Button size="compact-xs" variant="light" leftSection={<IconHome size={12} />} onClick={() => onFromTerritory(side, id)}>
              From my territory
            </Button>
          )}
          {onRemove && (
            <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={12} />} onClick={() => onRemove(side, id)}>
              Remove
            </Button>
          )}
        </Group>
        <EntryRows label="Units" values={party.units} hints={party.hints} keys={keys.units} nameOf={keys.nameOf} onChange={onUnits} testId="lab-units" required />
        {owner && <EntryRows label="Defenses" values={party.defenses} hints={party.hints} keys={keys.defenses} nameOf={keys.nameOf} onChange={onDefenses} testId="lab-defenses" required />}
        <EntryRows label="Technologies" values={party.technologies} hints={{}} keys={keys.technologies} nameOf={keys.nameOf} onChange={onTechnologies} testId="lab-technologies" addable={false} />
      </Stack>
    </Paper>
  );
});

const SIDES: { side: LabSide; title: string }[] = [
  { side: 'attackers', title: 'Attackers' },
  { side: 'defenders', title: 'Defenders' },
];

/** Both sides of the simulated battle, each with one or more participants. Memoised: running a simulation does not redraw it. */
export const PartiesEditor = memo(function PartiesEditor({
  attackers,
  defenders,
  keys,
  maxParticipants,
  onChange,
  fromTerritory,
}: {
  attackers: LabParty[];
  defenders: LabParty[];
  keys: LabCatalogueKeys;
  maxParticipants: number;
  onChange: FormChange;
  /** a party filled from the player's selected territory, or null when there is none */
  fromTerritory: ((side: LabSide) => LabParty) | null;
}) {
  const onParty: PartyChange = useCallback((side, id, change) => onChange((f) => updateParty(f, side, id, change)), [onChange]);
  const onRemove: PartyAction = useCallback((side, id) => onChange((f) => ({ ...f, [side]: f[side].filter((q) => q.id !== id) })), [onChange]);
  const onFromTerritory: PartyAction = useCallback(
    (side, id) => {
      if (fromTerritory) onChange((f) => updateParty(f, side, id, () => ({ ...fromTerritory(side), id })));
    },
    [onChange, fromTerritory],
  );
  const parties = { attackers, defenders };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {SIDES.map(({ side, title }) => (
        <Stack key={side} gap="xs" data-testid={`lab-${side}`}>
          <Text fw={700} c={side === 'attackers' ? 'red.4' : 'blue.4'}>
            {title}
          </Text>
          {parties[side].map((party, i) => (
            <PartyCard
              key={party.id}
              party={party}
              side={side}
              index={i}
              keys={keys}
              onChange={onParty}
              onRemove={parties[side].length > 1 ? onRemove : null}
              onFromTerritory={fromTerritory ? onFromTerritory : null}
            />
          ))}
          {parties[side].length < maxParticipants && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange((f) => ({ ...f, [side]: [...f[side], emptyParty(`${side === 'attackers' ? 'Attacker' : 'Ally'} ${f[side].length + 1}`)] }))}
              style={{ alignSelf: 'flex-start' }}
            >
              {side === 'attackers' ? 'Add attacker' : 'Add stationed ally'}
            </Button>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
});
