import type { ReactNode } from 'react';
import { Box, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatDuration } from '../../lib/format';
import { ItemArt, type ArtKind } from './item-art';
import { tierHex } from './tiers';

/** The pieces every catalogue card (structure, technology, unit, defense) is built from. */

/** What every catalogue card is given besides its own model. */
export interface CatalogueCardProps {
  itemKey: string;
  name: string;
  description: string;
  tier: number;
  resourceNames: Readonly<Partial<Record<string, { name: string }>>>;
  resourceOrder: readonly string[];
  pending: boolean;
  /** The last failure of this card's action (the server's detail). */
  error: string | null;
}

/** What a catalogue card's button shows: its label, and why it is disabled (tooltip, data-reason). */
export interface CardButton {
  label: string;
  disabled: boolean;
  tooltip: string | null;
  reason: string | null;
}

export interface CardActionProps {
  button: CardButton;
  /** The item's name, for the accessible label ('Build (Lvl 1): Fiber Tangle'). */
  name: string;
  pending: boolean;
  /** The last failure of this card's action (the server's detail). */
  error: string | null;
  onClick: () => void;
}

/** The foot of a structure, technology, unit or defense card: the action button and its last error. */
export function CardAction({ button, name, pending, error, onClick }: CardActionProps) {
  return (
    <>
      <Tooltip label={button.tooltip ?? ''} disabled={!button.tooltip} events={{ hover: true, focus: true, touch: true }}>
        <Box mt="sm">
          <Button
            fullWidth
            size="sm"
            variant={button.disabled ? 'default' : 'filled'}
            disabled={button.disabled}
            loading={pending}
            onClick={onClick}
            data-reason={button.reason ?? undefined}
            aria-label={`${button.label}: ${name}`}
          >
            {button.label}
          </Button>
        </Box>
      </Tooltip>
      {error && (
        <Text fz="xs" c="red.4" mt={6} role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

/** A card's build or batch time on one line ('4m 48s' never wraps, however narrow the card). */
export function DurationTag({ seconds, mt }: { seconds: number; mt?: number }) {
  return (
    <Group gap={4} wrap="nowrap" mt={mt} data-testid="duration" style={{ flex: 'none', whiteSpace: 'nowrap' }}>
      <IconClock size={14} color="var(--mantine-color-dimmed)" />
      <Text fz="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatDuration(seconds)}
      </Text>
    </Group>
  );
}

export interface CardHeaderProps {
  itemKey: string;
  name: string;
  tier: number;
  art: { kind: ArtKind; resource?: string | undefined };
  description: string;
  descriptionLines: number;
  /** The count or level badge beside the name. */
  badge: ReactNode;
  /** Tags shown between the name and the description. */
  children?: ReactNode;
}

/** Art, the name in its tier's colour with a badge, optional tags, and the description. */
export function CardHeader({ itemKey, name, tier, art, description, descriptionLines, badge, children }: CardHeaderProps) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <ItemArt itemKey={itemKey} kind={art.kind} tier={tier} resource={art.resource} label={name} size={64} />
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
          <Text fw={700} fz="sm" lh={1.25} style={{ color: tierHex(tier) }}>
            {name}
          </Text>
          {badge}
        </Group>
        {children}
        <Text fz="xs" c="dimmed" lh={1.35} lineClamp={descriptionLines}>
          {description}
        </Text>
      </Stack>
    </Group>
  );
}
