import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { LevelGain, UnmetPrerequisite } from '@brood/game-core';
import type { EffectKind } from '@brood/game-data';
import type { MainTab } from '../../stores/ui-store';
import { ResourceCost } from './resource-cost';
import { CardExplanation, type CardEconomy, type QueueFullInfo } from './card-explanation';
import { LevelGains } from './level-gains';
import { CardAction, CardHeader, DurationTag, type CatalogueCardProps } from './card-parts';
import type { ArtKind } from './item-art';
import type { LevelledButtonState } from './levelled-button';
import { PrerequisitesBox } from './prerequisites-box';
import { useHighlight } from './use-highlight';

export interface LevelledCardProps extends CatalogueCardProps {
  tab: MainTab;
  art: { kind: ArtKind; resource?: string | undefined };
  built: number;
  button: LevelledButtonState;
  /** Cost and seconds of the next level; null at max. */
  cost: Readonly<Partial<Record<string, number>>> | null;
  seconds: number | null;
  /** The paying stock; undefined when nothing pays (research without a territory). */
  stock: Readonly<Record<string, number>> | undefined;
  unmet: readonly UnmetPrerequisite[];
  /** What the next level adds, and the catalogue's effect names to say it with. */
  gains: readonly LevelGain[];
  effectKinds: Readonly<Record<string, EffectKind>>;
  /** The paying territory's economy, to explain a cost not in stock (null: nothing pays). */
  economy: CardEconomy | null;
  /** The queue this card adds to, when it is full. */
  queue: QueueFullInfo | null;
  onStart: () => void;
}

/** A structure or technology: art, level (arrow to the queued target, '/max'), text, next level's cost and time, button. */
export function LevelledCard(props: LevelledCardProps) {
  const { button } = props;
  const { ref, highlighted } = useHighlight<HTMLDivElement>(props.tab, props.itemKey);
  return (
    <Paper
      ref={ref}
      className="bs-glass"
      p="sm"
      data-testid={`card-${props.itemKey}`}
      data-dimmed={button.dimmed || undefined}
      data-highlighted={highlighted || undefined}
      style={{
        borderColor: highlighted ? 'var(--mantine-color-acid-4)' : undefined,
        boxShadow: highlighted ? '0 0 0 2px var(--mantine-color-acid-5), 0 0 28px rgba(157,255,18,0.45)' : undefined,
        transition: 'box-shadow 200ms ease',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <CardHeader
        itemKey={props.itemKey}
        name={props.name}
        tier={props.tier}
        art={props.art}
        description={props.description}
        descriptionLines={3}
        badge={<LevelBadge built={props.built} effective={button.effective} cap={button.cap} />}
      />

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
              <DurationTag seconds={props.seconds} mt={14} />
            )}
          </Group>
        )}
        <LevelGains gains={props.gains} kinds={props.effectKinds} resources={props.resourceNames} />
        <PrerequisitesBox unmet={props.unmet} />
        <CardExplanation reason={button.reason} cost={props.cost} economy={props.economy} names={props.resourceNames} queue={props.queue} />
      </Stack>

      <CardAction button={button} name={props.name} pending={props.pending} error={props.error} onClick={props.onStart} />
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
