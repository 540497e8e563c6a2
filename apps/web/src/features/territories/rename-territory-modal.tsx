import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeApiError } from '../../lib/api-errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';
import { territoryLabel } from './territory-label';
import type { TerritorySummary } from './queries';

export const NAME_RULE = 'Territory name must be between 1 and 12 characters.';
export const NOTHING_CHOSEN = 'Please select a territory and enter a new name.';
export const NO_TERRITORIES_TO_RENAME = 'You do not own any territories to rename.';
export const NAME_MAX = 12;
/** After the confirmation the modal closes by itself (core §8). */
export const CLOSE_AFTER_MS = 1500;

/** The modal's rule for a new name: trimmed, 1 to 12 characters; null when it is fine. */
export function validateTerritoryName(territoryId: number | null, raw: string): string | null {
  const name = raw.trim();
  if (territoryId === null || raw.length === 0) return NOTHING_CHOSEN;
  if (name.length < 1 || [...name].length > NAME_MAX) return NAME_RULE;
  return null;
}

export interface RenameTerritoryModalProps {
  opened: boolean;
  onClose: () => void;
  territories: readonly TerritorySummary[];
  initialTerritoryId: number | null;
}

export function RenameTerritoryModal({ opened, onClose, territories, initialTerritoryId }: RenameTerritoryModalProps) {
  const trpc = useTRPC();
  const client = useQueryClient();
  // The picker mounts a fresh modal each time it opens, so the form starts from the current choice.
  const [territoryId, setTerritoryId] = useState<number | null>(initialTerritoryId);
  const [name, setName] = useState(() => territories.find((t) => t.id === initialTerritoryId)?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, onClose]);

  const rename = useMutation(
    trpc.territories.rename.mutationOptions({
      meta: { errorToast: (info) => `Failed to rename territory: ${info.detail}` },
      onSuccess: (result) => {
        showSuccess(`Territory "${result.name}" renamed successfully!`);
        setDone(result.name);
        void client.invalidateQueries(trpc.territories.pathFilter());
        // Effect sources name their territory.
        void client.invalidateQueries(trpc.stats.pathFilter());
      },
      onError: (e) => setError(describeApiError(e).detail),
    }),
  );

  const submit = () => {
    const problem = validateTerritoryName(territoryId, name);
    setError(problem);
    if (problem || territoryId === null) return;
    rename.mutate({ id: territoryId, name: name.trim() });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Rename territory" size="sm">
      {territories.length === 0 ? (
        <Text fz="sm">{NO_TERRITORIES_TO_RENAME}</Text>
      ) : done ? (
        <Alert color="acid" variant="light" icon={<IconCheck size={18} />} data-testid="rename-done">
          {`Territory "${done}" renamed successfully!`}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Select<number>
            label="Territory"
            placeholder="Select Territory"
            data={territories.map((t) => ({ value: t.id, label: territoryLabel(t) }))}
            value={territoryId}
            onChange={(value) => {
              setTerritoryId(value);
              setName(territories.find((t) => t.id === value)?.name ?? '');
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true, zIndex: 3000 }}
          />
          <TextInput
            label="New name"
            description={`1 to ${NAME_MAX} characters`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit();
            }}
            rightSection={
              <Text fz={10} c={[...name.trim()].length > NAME_MAX ? 'red.5' : 'dimmed'}>
                {[...name.trim()].length}/{NAME_MAX}
              </Text>
            }
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={rename.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
