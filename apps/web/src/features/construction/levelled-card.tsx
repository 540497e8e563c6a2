import { Badge, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconClock } from '@tabler/icons-react';
import type { UnmetPrerequisite } from '@brood/game-core';
import { formatDuration } from '../../lib/format';
import type { MainTab } from '../../stores/ui-store';
import { ResourceCost } from '../resources/resource-cost';
import { ItemArt, type ArtKind } from './item-art';
import type { LevelledButtonState } from './levelled-button';
import { PrerequisitesBox } from './prerequisites-box';
import { tierHex } from './tiers';
import { useHighlight } from './use-highlight';

export interface LevelledCardProps {
  tab: MainTab;
  itemKey: string;
  name: string;
  description: string;
  tier: number;
  art: { kind: ArtKind; resource?: string | undefined };
  built: number;
  button: LevelledButtonState;
  /** Cost and seconds of the next level; null at max. */
  cost: Readonly<Partial<Record<string, number>>> | null;
  seconds: number | null;
  /** The paying stock; undefined when nothing pays (research without a territory). */
  stock: Readonly<Record<string, number>> | undefined;
  unmet: readonly UnmetPrerequisite[];
  resourceNames: Readonly<Partial<Record<string, { name: string }>>>;
  resourceOrder: readonly string[];
  pending: boolean;
  /** The last failure of this card's action (the server's detail). */
  error: string | null;
  onStart: () => void;
}

/** A structure or technology: art, level (arrow to the queued target, '/max'), text, next level's cost and time, button. */
export function LevelledCard(props: LevelledCardProps) {
  const { button } = props;
  const { ref, highlighted } = useHighlight<HTMLDivElement>(props.tab, props.itemKey);
  const accent = tierHex(props.tier);
  return (
    <Paper
      ref={ref}
      className="bs-glass"
      p="sm"
      data-testid={`card-${props.itemKey}`}
      data-dimmed={button.dimmed || undefined}
      data-highlighted={highlighted || undefined}
      style={{
        opacity: button.dimmed ? 0.62 : 1,
        borderColor: highlighted ? 'var(--mantine-color-acid-4)' : undefined,
        boxShadow: highlighted ? '0 0 0 2px var(--mantine-color-acid-5), 0 0 28px rgba(157,255,18,0.45)' : undefined,
        transition: 'box-shadow 200ms ease, opacity 200ms ease',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ItemArt itemKey={props.itemKey} kind={props.art.kind} tier={props.tier} resource={props.art.resource} label={props.name} size={64} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
            <Text fw={700} fz="sm" lh={1.25} style={{ color: accent }}>
              {props.name}
            </Text>
            <LevelBadge built={props.built} effective={button.effective} cap={button.cap} />
          </Group>
          <Text fz="xs" c="dimmed" lh={1.35} lineClamp={3}>
            {props.description}
          </Text>
        </Stack>
      </Group>

      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        {props.cost && (
          <Group justify="space-between" gap={6} align="flex-start" wrap="nowrap">
            <Box miw={0}>
              <Text fz={10} c="dimmed" tt="uppercase" lts="0.08em" mb={2}>
                Next level {button.next}
              </Text>
              <ResourceCost cost={props.cost} stock={props.stock} names={props.resourceNames} order={props.resourceOrder} />
            </Box>
            {props.seconds !== null && (
              <Group gap={4} wrap="nowrap" mt={14} data-testid="duration">
                <IconClock size={14} color="var(--mantine-color-dimmed)" />
                <Text fz="xs" ff="monospace">
                  {formatDuration(props.seconds)}
                </Text>
              </Group>
            )}
          </Group>
        )}
        <PrerequisitesBox unmet={props.unmet} />
      </Stack>

      <Tooltip label={button.tooltip ?? ''} disabled={!button.tooltip} events={{ hover: true, focus: true, touch: true }}>
        <Box mt="sm">
          <Button
            fullWidth
            size="sm"
            variant={button.disabled ? 'default' : 'filled'}
            disabled={button.disabled}
            loading={props.pending}
            onClick={props.onStart}
            data-reason={button.reason ?? undefined}
            aria-label={`${button.label}: ${props.name}`}
          >
            {button.label}
          </Button>
        </Box>
      </Tooltip>
      {props.error && (
        <Text fz="xs" c="red.4" mt={6} role="alert">
          {props.error}
        </Text>
      )}
    </Paper>
  );
}

function LevelBadge({ built, effective, cap }: { built: number; effective: number; cap: number }) {
  return (
    <Badge variant="light" color="gray" radius="sm" size="md" style={{ flex: 'none', textTransform: 'none' }} data-testid="level">
      <Group gap={3} wrap="nowrap">
        <span>Lvl {built}</span>
        {effective > built && (
          <>
            <IconArrowRight size={11} />
            <Text span c="acid.4" fz="inherit" fw={700}>
              {effective}
            </Text>
          </>
        )}
        <Text span c="dimmed" fz="inherit">
          /{cap}
        </Text>
      </Group>
    </Badge>
  );
}
