import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconRocket } from '@tabler/icons-react';
import { missionCarriesResources } from '@brood/game-core';
import { formatCoordinates } from '../../lib/format';
import type { MissionType } from '../../stores/ui-store';
import { PanelError, PanelLoading } from '../../components/catalogue/panel-states';
import { useTerritories } from '../territories';
import { MAP_MISSIONS } from '../map';
import { ResourcePicker, UnitPicker } from './amount-pickers';
import { ArmySummary } from './army-summary';
import { PendingOrderBanner } from './pending-order';
import { JOIN_MISSION, JoinAttackBanner } from './join-banner';
import { UNITS_UNSELECTED, type CoordinateField } from './dispatch-model';
import { useDispatch } from './use-dispatch';
import { FairPlayRefusal } from '../fair-play';
import { useDispatchFairPlay } from './fair-play-check';
import { useMissionCheck } from './mission-check';

const FIELDS: { field: CoordinateField; label: string }[] = [
  { field: 'r', label: 'Target R' },
  { field: 's', label: 'Target S' },
  { field: 'p', label: 'Target P' },
];

const NO_START = [0, 0, 0] as const;

/** Dispatch Units (core "Army movement panel", "Mission dispatch", §5 "Dispatch"). */
export function DispatchForm({ startId }: { startId: number }) {
  const d = useDispatch(startId);
  const territories = useTerritories();
  const [subTab, setSubTab] = useState<string | null>('units');
  const fair = useDispatchFairPlay(d.form);
  const availability = useMissionCheck(d.form, d.ctx?.start ?? NO_START, d.available, d.ctx?.catalogue ?? null);
  if (d.loadError) return <PanelError title="Error Loading Data" message={d.loadError} />;
  if (!d.ctx || !d.summary || d.loading) return <PanelLoading label="Loading your army..." />;
  const { form, summary, ctx } = d;
  const start = territories.data?.find((t) => t.id === startId);
  const others = (territories.data ?? []).filter((t) => t.id !== startId);
  const chosen = others.find((t) => String(t.region) === form.r && String(t.sub_region) === form.s && String(t.position) === form.p);
  const nameOf = (key: string) => ctx.catalogue.units[key]?.name ?? key;
  const resourceName = (key: string) => ctx.catalogue.resources[key as keyof typeof ctx.catalogue.resources]?.name ?? key;
  const carries = missionCarriesResources(form.mission);
  const joining = d.join !== null;

  return (
    <Paper className="bs-glass" p={{ base: 'sm', sm: 'lg' }} data-testid="dispatch-form">
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <IconRocket size={20} color="var(--mantine-color-acid-4)" />
          <Text fw={700}>Dispatch from {start?.name ?? 'your territory'}</Text>
          <Text ff="monospace" c="dimmed" size="sm">
            {formatCoordinates(ctx.start)}
          </Text>
        </Group>
        {d.join ? <JoinAttackBanner join={d.join} check={d.joining} /> : d.order && <PendingOrderBanner order={d.order} />}
        <SimpleGrid cols={3} spacing="xs" maw={360}>
          {FIELDS.map(({ field, label }) => (
            <TextInput
              key={field}
              label={label}
              value={form[field]}
              onChange={(e) => d.setCoordinate(field, e.currentTarget.value)}
              inputMode="numeric"
              disabled={joining}
              size="sm"
              data-testid={`dispatch-${field}`}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Your territories"
            placeholder={others.length === 0 ? 'No other territories' : 'Send to one of your territories'}
            data={others.map((t) => ({ value: String(t.id), label: `${t.name} (${formatCoordinates(t)})` }))}
            value={chosen ? String(chosen.id) : null}
            onChange={(id) => {
              const t = others.find((o) => String(o.id) === id);
              if (t) d.setTarget(t);
            }}
            disabled={others.length === 0 || joining}
            data-testid="dispatch-own-territory"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Mission"
            data={joining ? [JOIN_MISSION] : MAP_MISSIONS.map((m) => ({ value: m.mission, label: m.label }))}
            value={form.mission}
            onChange={(m) => m && d.setMission(m as MissionType)}
            allowDeselect={false}
            disabled={joining}
            data-testid="dispatch-mission"
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {!availability.ok && (
          <Text c="orange.4" size="sm" data-testid="mission-unavailable" style={{ overflowWrap: 'anywhere' }}>
            {availability.reason}
          </Text>
        )}
        {form.mission === 'EXPLORATION' && (
          <NumberInput
            label="Exploration duration (hours)"
            description={`Up to ${ctx.maxExplorationHours}h`}
            value={form.explorationHours}
            onChange={(v) => d.setExplorationHours(String(v))}
            clampBehavior="none"
            maw={220}
            data-testid="dispatch-hours"
          />
        )}
        {d.notice && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="unit-notice">
            {UNITS_UNSELECTED}
          </Alert>
        )}
        <ArmySummary summary={summary} />
        <Tabs value={carries ? subTab : 'units'} onChange={setSubTab} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="units">Units</Tabs.Tab>
            {carries && <Tabs.Tab value="resources">Resources</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="units">
            <UnitPicker available={d.available} selected={form.units} nameOf={nameOf} eligible={(k) => d.eligible(k)} onChange={d.setUnit} onSelectAll={d.selectAll} />
          </Tabs.Panel>
          {carries && (
            <Tabs.Panel value="resources">
              <ResourcePicker
                stock={d.stock}
                selected={form.resources}
                cargo={summary.cargo}
                order={ctx.catalogue.orderedResourceKeys}
                nameOf={resourceName}
                onChange={d.setResource}
              />
            </Tabs.Panel>
          )}
        </Tabs>
        <FairPlayRefusal answer={fair} />
        <Stack gap={4} align="flex-start">
          <Button leftSection={<IconRocket size={16} />} onClick={d.submit} disabled={!d.sendable || fair.verdict?.ok === false || !availability.ok} loading={d.sending} data-testid="send-army">
            {joining ? 'Join Attack' : 'Send Army'}
          </Button>
          {d.joining && !d.joining.ok && (
            <Text c="red.4" size="sm" data-testid="join-blocked" style={{ overflowWrap: 'anywhere' }}>
              {d.joining.text}
            </Text>
          )}
          {d.error && (
            <Text c="red.4" size="sm" data-testid="dispatch-error">
              Error: {d.error}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
