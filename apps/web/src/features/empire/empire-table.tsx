import { Badge, Group, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { formatLargeNumber, formatNumber, formatResourceAmount } from '../../lib/format';
import { useUiStore } from '../../stores/ui-store';
import { resourceColor } from '../../components/catalogue/resource-colors';
import { storageColor, storageLevel } from '../../components/catalogue/storage-level';
import { countsOf, levelsOf, type GameData, type Stats, territoryLabel } from '../territories';
import { EmpireRow, EmpireSection, EmpireWideRow, LABEL_CELL_STYLE } from './empire-section';
import { QueueCell } from './queue-cell';
import type { EmpireColumn } from './use-empire-data';

type TerritoryStats = Stats['territory_stats'][string];

const times = (v: number) => `×${formatNumber(v)}`;
const percent = (v: number) => `${formatNumber(v)}%`;

/** A global effect's amount with its sign and unit, abbreviated like every number in the game ('+41.47k', '+30%', '+2 h'). */
export function effectAmount(amount: number, unit: string | null): string {
  const text = `${amount >= 0 ? '+' : ''}${formatLargeNumber(amount)}`;
  if (unit === 'percent') return `${text}%`;
  if (unit === 'hours') return `${text} h`;
  return text;
}

const MODIFIERS: { label: string; value: (s: TerritoryStats) => string }[] = [
  { label: 'Construction speed', value: (s) => times(s.building_construction_speed_modifier) },
  { label: 'Unit production', value: (s) => times(s.unit_production_speed_modifier) },
  { label: 'Defense production', value: (s) => times(s.defense_production_speed_modifier) },
  { label: 'Research (lab)', value: (s) => times(s.research_speed_modifier_from_lab) },
  { label: 'Bunker capacity', value: (s) => formatLargeNumber(s.bunker_capacity) },
  { label: 'Defense repair chance', value: (s) => percent(s.defense_repair_chance) },
  { label: 'Repair attempts', value: (s) => percent(s.defense_repair_attempt_percentage) },
  { label: 'Protected resources', value: (s) => percent(s.resources_protected_share_percentage[0]?.protected_percentage ?? 0) },
  {
    label: 'Allied fleet slots',
    value: (s) => `${s.allied_fleet_slots_current}/${s.allied_fleet_slots_max}`,
  },
];

function keysWithAny(maps: Record<string, number>[], order: readonly string[]): string[] {
  return order.filter((key) => maps.some((m) => (m[key] ?? 0) > 0));
}

export interface EmpireTableProps {
  gameData: GameData;
  columns: EmpireColumn[];
  technologies: readonly { tech_key: string; level: number }[];
  stats: Stats | undefined;
}

/** The overview table: one column per territory, collapsible sections of rows (core §2). */
export function EmpireTable({ gameData, columns, technologies, stats }: EmpireTableProps) {
  const selectedId = useUiStore((s) => s.selectedTerritoryId);
  const select = useUiStore((s) => s.setSelectedTerritoryId);
  const span = columns.length + 1;
  const structures = columns.map((c) => levelsOf(c.details?.structures, 'structure_key'));
  const units = columns.map((c) => countsOf(c.units, 'unit_key'));
  const defenses = columns.map((c) => countsOf(c.defenses, 'defense_key'));
  const territoryStats = (id: number): TerritoryStats | null => stats?.territory_stats[String(id)] ?? null;
  const dash = <Text span c="dimmed">-</Text>;

  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="empire-table">
      <Table withColumnBorders verticalSpacing={4} horizontalSpacing="sm" miw={190 + columns.length * 170} style={{ borderColor: 'var(--bs-edge)' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={LABEL_CELL_STYLE}>Territory</Table.Th>
            {columns.map(({ territory }) => (
              <Table.Th key={territory.id} style={{ minWidth: 160 }}>
                <UnstyledButton onClick={() => select(territory.id)} aria-pressed={territory.id === selectedId} data-testid={`empire-column-${territory.id}`}>
                  <Text fz="sm" fw={700} c={territory.id === selectedId ? 'acid.4' : undefined}>
                    {territory.name}
                  </Text>
                  <Text fz={11} c="dimmed" ff="monospace">
                    {territoryLabel(territory).slice(territory.name.length + 1)}
                  </Text>
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <EmpireSection title="Global Effects" span={span} defaultOpen>
            <EmpireWideRow span={span}>
              {!stats || stats.formatted_general_effects.length === 0 ? (
                <Text fz="xs" c="dimmed">
                  No active effects yet.
                </Text>
              ) : (
                <Group gap={6} data-testid="global-effects">
                  {stats.formatted_general_effects.map((e, i) => (
                    <Text
                      key={i}
                      fz="xs"
                      px={8}
                      py={2}
                      style={{ borderRadius: 6, background: e.category === 'STRUCTURE' ? 'rgba(255,255,255,0.05)' : 'rgba(151,71,255,0.14)' }}
                    >
                      <Text span fw={700} fz="xs">
                        {e.name} {effectAmount(e.amount, e.unit)}
                      </Text>
                      <Text span c="dimmed" fz="xs">
                        {' '}
                        · {e.source}
                      </Text>
                    </Text>
                  ))}
                </Group>
              )}
            </EmpireWideRow>
          </EmpireSection>

          <EmpireSection title="Territory Modifiers" span={span} defaultOpen>
            {MODIFIERS.map((m) => (
              <EmpireRow key={m.label} label={m.label} cells={columns.map(({ territory }) => {
                const s = territoryStats(territory.id);
                return s ? m.value(s) : dash;
              })} />
            ))}
          </EmpireSection>

          <EmpireSection title="Resources" span={span}>
            {gameData.orderedResourceKeys.map((key) => (
              <EmpireRow
                key={key}
                label={
                  <Group gap={6} wrap="nowrap">
                    <span style={{ width: 8, height: 8, borderRadius: 8, background: resourceColor(key) }} />
                    {gameData.resources[key].name}
                  </Group>
                }
                cells={columns.map(({ details }) => {
                  if (!details) return dash;
                  const amount = details.resources.find((r) => r.resource_key === key)?.amount ?? 0;
                  const color = storageColor(storageLevel(amount, details.all_resources_storage_capacities[key]));
                  const perHour = details.all_resources_production_per_hour[key] ?? 0;
                  return (
                    <Text span fz="xs" ff="monospace" c={color ? `${color}.5` : undefined}>
                      {formatResourceAmount(amount)}
                      {perHour > 0 && <Text span fz={10} c="dimmed">{` +${formatResourceAmount(perHour)}/h`}</Text>}
                    </Text>
                  );
                })}
              />
            ))}
          </EmpireSection>

          <EmpireSection title="Structures" span={span}>
            {keysWithAny(structures, Object.keys(gameData.structures)).map((key) => (
              <EmpireRow key={key} label={gameData.structures[key]?.name ?? key} cells={structures.map((s) => (s[key] ? `Lvl ${s[key]}` : dash))} />
            ))}
          </EmpireSection>

          <EmpireSection title="Units" span={span}>
            {keysWithAny(units, Object.keys(gameData.units)).map((key) => (
              <EmpireRow key={key} label={gameData.units[key]?.name ?? key} cells={units.map((u) => (u[key] ? formatNumber(u[key]) : dash))} />
            ))}
          </EmpireSection>

          <EmpireSection title="Defenses" span={span}>
            {keysWithAny(defenses, Object.keys(gameData.defenses)).map((key) => (
              <EmpireRow key={key} label={gameData.defenses[key]?.name ?? key} cells={defenses.map((d) => (d[key] ? formatNumber(d[key]) : dash))} />
            ))}
          </EmpireSection>

          <EmpireSection title="Technologies" span={span}>
            <EmpireWideRow span={span}>
              {technologies.length === 0 ? (
                <Text fz="xs" c="dimmed">
                  Nothing researched yet.
                </Text>
              ) : (
                <Group gap={6}>
                  {technologies.map((t) => (
                    <Badge key={t.tech_key} variant="light" color="brood" style={{ textTransform: 'none' }}>
                      {gameData.technologies[t.tech_key]?.name ?? t.tech_key} Lvl {t.level}
                    </Badge>
                  ))}
                </Group>
              )}
            </EmpireWideRow>
          </EmpireSection>

          <EmpireSection title="Active Queues" span={span} defaultOpen>
            <EmpireRow label="Building" cells={columns.map((c) => <QueueCell key="b" kind="building" items={c.building} gameData={gameData} />)} />
            <EmpireRow label="Recruitment" cells={columns.map((c) => <QueueCell key="r" kind="recruitment" items={c.recruitment} gameData={gameData} />)} />
            <EmpireRow label="Defense" cells={columns.map((c) => <QueueCell key="d" kind="defense" items={c.defenseQueue} gameData={gameData} />)} />
          </EmpireSection>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
