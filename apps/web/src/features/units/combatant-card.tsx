import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconMeat } from '@tabler/icons-react';
import { formatLargeNumber, formatNumber } from '../../lib/format';
import { CardExplanation, type CardEconomy, type QueueFullInfo } from '../../components/catalogue/card-explanation';
import { CardAction, CardHeader, DurationTag, type CatalogueCardProps } from '../../components/catalogue/card-parts';
import { PrerequisitesBox } from '../../components/catalogue/prerequisites-box';
import { useHighlight } from '../../components/catalogue/use-highlight';
import { ResourceCost } from '../../components/catalogue/resource-cost';
import type { BatchKind } from './batch-button';
import type { BatchModel } from './batch-model';
import { capabilityLabel } from './filters';

type StatKey = 'attack' | 'defense' | 'health' | 'bioshield' | 'speed' | 'cargo_capacity';
const STATS: { key: StatKey; label: string }[] = [
  { key: 'attack', label: 'ATK' },
  { key: 'defense', label: 'DEF' },
  { key: 'health', label: 'HP' },
  { key: 'bioshield', label: 'SHD' },
  { key: 'speed', label: 'SPD' },
  { key: 'cargo_capacity', label: 'CARGO' },
];

export interface CombatantCardProps extends CatalogueCardProps {
  kind: BatchKind;
  archetype: string;
  archetypeDescription: string;
  capabilities: readonly string[];
  stats: Readonly<Record<StatKey, number>>;
  /** Units at home or defenses built. */
  have: number;
  model: BatchModel;
  quantityText: string;
  onQuantityChange: (text: string) => void;
  onQuantityBlur: () => void;
  onMax: () => void;
  stock: Readonly<Record<string, number>>;
  /** The territory's economy, to explain a batch not in stock; the queue when it is full. */
  economy: CardEconomy | null;
  queue: QueueFullInfo | null;
  onSubmit: () => void;
}

export function CombatantCard(props: CombatantCardProps) {
  const { model } = props;
  const { ref, highlighted } = useHighlight<HTMLDivElement>('UNITS', props.itemKey);
  const dimmed = model.button.reason === 'resources';
  const stats = props.kind === 'defense' ? STATS.filter((s) => s.key !== 'speed' && s.key !== 'cargo_capacity') : STATS;
  return (
    <Paper
      ref={ref}
      className="bs-glass"
      p="sm"
      data-testid={`card-${props.itemKey}`}
      data-dimmed={dimmed || undefined}
      data-highlighted={highlighted || undefined}
      style={{ display: 'flex', flexDirection: 'column', boxShadow: highlighted ? '0 0 0 2px var(--mantine-color-acid-5)' : undefined }}
    >
      <CardHeader
        itemKey={props.itemKey}
        name={props.name}
        tier={props.tier}
        art={{ kind: props.kind === 'unit' ? 'unit' : props.archetype === 'Bulwark' ? 'wall' : 'defense' }}
        description={props.description}
        descriptionLines={2}
        badge={<CountBadge kind={props.kind} have={props.have} maxCount={model.maxCount} />}
      >
        <Group gap={4}>
          <Tooltip label={props.archetypeDescription} multiline w={240}>
            <Badge size="xs" variant="light" color="brood">
              {props.archetype}
            </Badge>
          </Tooltip>
          {props.capabilities.map((c) => (
            <Badge key={c} size="xs" variant="outline" color="acid">
              {capabilityLabel(c)}
            </Badge>
          ))}
        </Group>
      </CardHeader>

      <SimpleGrid cols={stats.length} spacing={4} mt="xs">
        {stats.map((s) => (
          <Box key={s.key} ta="center" py={2} style={{ borderRadius: 6, background: 'rgba(255,255,255,0.03)' }}>
            <Text fz={9} c="dimmed" lts="0.06em">
              {s.label}
            </Text>
            <Text fz="xs" fw={700} ff="monospace">
              {formatLargeNumber(props.stats[s.key])}
            </Text>
          </Box>
        ))}
      </SimpleGrid>

      <Group gap={6} mt="sm" wrap="nowrap" align="flex-end">
        <TextInput
          label="Quantity"
          size="xs"
          inputMode="numeric"
          value={props.quantityText}
          onChange={(e) => props.onQuantityChange(e.currentTarget.value)}
          onBlur={props.onQuantityBlur}
          style={{ flex: 1 }}
          aria-label={`Quantity of ${props.name}`}
        />
        <Button size="xs" variant="light" color="brood" onClick={props.onMax} aria-label={`Max ${props.name}`}>
          Max ({formatLargeNumber(model.max)})
        </Button>
      </Group>

      <Stack gap={6} mt="xs" style={{ flex: 1 }}>
        <ResourceCost cost={model.cost} stock={props.stock} names={props.resourceNames} order={props.resourceOrder} />
        <Group gap="md">
          <DurationTag seconds={model.seconds} />
          {props.kind === 'unit' && (
            <Tooltip label="Biomass this batch eats per hour at home">
              <Group gap={4} wrap="nowrap" data-testid="biomass">
                <IconMeat size={14} color="var(--mantine-color-red-3)" />
                <Text fz="xs" ff="monospace">
                  {formatNumber(Math.round(model.biomassPerHour * 100) / 100)} biomass/h
                </Text>
              </Group>
            </Tooltip>
          )}
        </Group>
        <PrerequisitesBox unmet={model.unmet} />
        <CardExplanation reason={model.button.reason} cost={model.cost} economy={props.economy} names={props.resourceNames} queue={props.queue} />
      </Stack>

      <CardAction button={model.button} name={props.name} pending={props.pending} error={props.error} onClick={props.onSubmit} />
    </Paper>
  );
}

/** Units: how many are at home. Defenses: built over the maximum, or 'Unlimited'. */
export function countText(kind: BatchKind, have: number, maxCount: number | null): string {
  if (kind === 'unit') return `Home: ${formatNumber(have)}`;
  return maxCount ? `${formatNumber(have)} / ${formatNumber(maxCount)}` : `${formatNumber(have)} · Unlimited`;
}

function CountBadge({ kind, have, maxCount }: { kind: BatchKind; have: number; maxCount: number | null }) {
  return (
    <Badge variant="light" color="gray" radius="sm" style={{ flex: 'none', textTransform: 'none' }} data-testid="count">
      {countText(kind, have, maxCount)}
    </Badge>
  );
}
