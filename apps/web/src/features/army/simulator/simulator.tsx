import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFlask, IconInfoCircle } from '@tabler/icons-react';
import type { Catalogue } from '@brood/game-data';
import { formatCoordinates } from '../../../lib/format';
import { useAuthStore } from '../../../stores/auth-store';
import { useUiStore } from '../../../stores/ui-store';
import { PanelError, PanelLoading } from '../../../components/catalogue/panel-states';
import { namesFrom } from '../../notifications';
import { useEconomy, useStats, useTerritories, useTerritoryDefenses, useTerritoryUnits, countsOf } from '../../territories';
import { DEFAULT_MAX_EXPLORATION_HOURS, dispatchContext } from '../use-dispatch';
import type { DispatchContext } from '../dispatch-model';
import { EntryRows, type EntryChange } from './entry-rows';
import { assumedZero, combatTechnologies, fleetToSend, labProblems, RUNS, targetStructures, type LabSide, type LabTarget } from './lab-form';
import { LabRunPanel } from './lab-run-panel';
import { fromCombatReport, fromSpyReport, partyFromTerritory } from './lab-sources';
import { attackFlight, newSeed } from './lab-stats';
import { PartiesEditor, type FormChange, type LabCatalogueKeys } from './party-editor';
import { useLabForm } from './use-lab-form';

/** The target's coordinates, stock and structures; memoised like the parties. */
const TargetEditor = memo(function TargetEditor({ target, catalogue, nameOf, onChange }: { target: LabTarget; catalogue: Catalogue; nameOf: (k: string) => string; onChange: FormChange }) {
  const structures = useMemo(() => targetStructures(catalogue), [catalogue]);
  const onStock: EntryChange = useCallback((change) => onChange((f) => ({ ...f, target: { ...f.target, stock: change(f.target.stock) } })), [onChange]);
  const onStructures: EntryChange = useCallback((change) => onChange((f) => ({ ...f, target: { ...f.target, structures: change(f.target.structures) } })), [onChange]);
  return (
    <Paper withBorder p="xs" bg="transparent">
      <Stack gap="xs">
        <Text fw={700} size="sm">
          Target
        </Text>
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
          {(['r', 's', 'p'] as const).map((field) => (
            <TextInput
              key={field}
              label={`Target ${field.toUpperCase()}`}
              value={target[field]}
              onChange={(e) => {
                const value = e.currentTarget.value.replace(/\D/g, '').slice(0, 4);
                onChange((f) => ({ ...f, target: { ...f.target, [field]: value } }));
              }}
              inputMode="numeric"
              size="xs"
              data-testid={`lab-target-${field}`}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <EntryRows label="Stock" values={target.stock} hints={target.hints} keys={catalogue.orderedResourceKeys} nameOf={nameOf} onChange={onStock} testId="lab-stock" />
          <EntryRows label="Structures" values={target.structures} hints={EMPTY_HINTS} keys={structures} nameOf={nameOf} onChange={onStructures} testId="lab-structures" addable={false} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
});
const EMPTY_HINTS: Record<string, string> = {};

/**
 * The battle simulator (Army tab): both sides with their participants, units, defenses and combat
 * technologies, the target, then the odds over N seeded runs of the server's own resolveBattle, in a
 * Web Worker. Filled by hand, from the player's territory, or from a report ('Simulate'). The form is
 * the player's until they clear it (useLabForm): leaving the simulator keeps it.
 */
export function Simulator({ selectedId }: { selectedId: number }) {
  const [startId, setStartId] = useState(selectedId);
  const economy = useEconomy(startId);
  const territories = useTerritories();
  const units = useTerritoryUnits(startId);
  const defenses = useTerritoryDefenses(startId);
  const stats = useStats();
  const draft = useUiStore((s) => s.pendingLabDraft);
  const userId = useAuthStore((s) => s.currentUser?.id ?? 0);
  const { form, setForm, clear } = useLabForm(userId);
  // A new report's answer starts blank: the run panel is remounted per draft taken.
  const [drafts, setDrafts] = useState(0);

  const view = economy.view;
  // The economy view is rebuilt whenever the stock ticks (every few seconds): what the form reads from it
  // is memoised on its content, so the memoised form and answer are not redrawn by a tick.
  const catalogue = view?.catalogue;
  const keys = useMemo((): LabCatalogueKeys | null => {
    if (!catalogue) return null;
    return {
      units: Object.keys(catalogue.units),
      defenses: Object.keys(catalogue.defenses),
      technologies: combatTechnologies(catalogue),
      nameOf: namesFrom(catalogue.resources, catalogue.units, catalogue.defenses, catalogue.structures, catalogue.technologies),
    };
  }, [catalogue]);
  const techKey = JSON.stringify(view?.technologies ?? null);
  const technologies = useMemo(() => JSON.parse(techKey) as Record<string, number> | null, [techKey]);
  const maxHours = stats.data?.global_stats.max_exploration_duration_hours ?? DEFAULT_MAX_EXPLORATION_HOURS;
  const ctxKey = JSON.stringify(view ? { ...dispatchContext(view, maxHours), catalogue: null } : null);
  const ctx = useMemo((): DispatchContext | null => {
    const parsed = JSON.parse(ctxKey) as DispatchContext | null;
    return parsed && catalogue ? { ...parsed, catalogue } : null;
  }, [ctxKey, catalogue]);

  // A report handed over by a card: taken once, it fills the form (the attackers stay unless it names them).
  useEffect(() => {
    if (!draft || !catalogue || !keys) return;
    const taken = useUiStore.getState().takeLabDraft();
    if (!taken) return;
    const filled = taken.kind === 'spy' ? fromSpyReport(taken.content, keys.technologies, targetStructures(catalogue)) : fromCombatReport(taken.content, keys.technologies);
    setForm((f) => ({ ...f, ...filled, target: { ...filled.target, structures: { ...Object.fromEntries(targetStructures(catalogue).map((k) => [k, ''])), ...filled.target.structures } } }));
    setDrafts((n) => n + 1);
  }, [draft, catalogue, keys, setForm]);

  const start = territories.data?.find((t) => t.id === startId);
  const fromTerritory = useMemo(() => {
    if (!units.data || !keys || !technologies) return null;
    const unitCounts = countsOf(units.data, 'unit_key');
    const defenseCounts = countsOf(defenses.data, 'defense_key');
    return (side: LabSide) => partyFromTerritory(start?.name ?? 'My territory', unitCounts, side === 'defenders' ? defenseCounts : null, technologies, keys.technologies);
  }, [units.data, defenses.data, technologies, keys, start?.name]);

  const { attackers, target } = form;
  // Memoised on what they read, so the answer (memoised too) is not redrawn by an unrelated edit.
  const fleet = useMemo(() => fleetToSend({ attackers, target }), [attackers, target]);
  const startLabel = start ? `${start.name} (${formatCoordinates(start)})` : null;
  const flight = useMemo(() => (ctx && startLabel ? { ...attackFlight(fleet.units, fleet.target, ctx), from: startLabel } : null), [fleet, ctx, startLabel]);
  const send = useCallback(() => {
    if (!fleet.target) return;
    const ui = useUiStore.getState();
    ui.setSelectedTerritoryId(startId);
    ui.setPendingMovementOrder({ targetR: fleet.target[0], targetS: fleet.target[1], targetP: fleet.target[2], missionType: 'ATTACK', startTerritoryIdForMovementPanel: startId, units: fleet.units });
  }, [fleet, startId]);
  const canSend = fleet.target !== null && Object.keys(fleet.units).length > 0;
  const onNewSeed = useCallback(() => setForm((f) => ({ ...f, seed: newSeed() })), [setForm]);

  if (economy.error) return <PanelError title="Error Loading Data" message={economy.error} />;
  if (!view || !keys || !catalogue) return <PanelLoading label="Loading the simulator..." />;

  const maxParticipants = view.gameData.universe.max_participants;
  const problems = labProblems(form, keys.nameOf, maxParticipants);
  const zeroes = assumedZero(form, keys.nameOf);

  return (
    <Paper className="bs-glass" p={{ base: 'sm', sm: 'lg' }} data-testid="simulator">
      <Stack gap="md">
        <Group gap="xs">
          <IconFlask size={20} color="var(--mantine-color-grape-4)" />
          <Text fw={700}>Battle simulator</Text>
          <Text size="xs" c="dimmed">
            the server&apos;s own battle rules, run in your browser
          </Text>
        </Group>
        {form.source && (
          <Alert color="grape" variant="light" icon={<IconInfoCircle size={18} />} data-testid="lab-source">
            Filled from {form.source}. What it did not reveal is left blank for you.
          </Alert>
        )}
        <PartiesEditor attackers={form.attackers} defenders={form.defenders} keys={keys} maxParticipants={maxParticipants} onChange={setForm} fromTerritory={fromTerritory} />
        <TargetEditor target={form.target} catalogue={catalogue} nameOf={keys.nameOf} onChange={setForm} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label="Start (fuel and flight time)"
            data={(territories.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${formatCoordinates(t)})` }))}
            value={String(startId)}
            onChange={(id) => id && setStartId(Number(id))}
            allowDeselect={false}
            size="xs"
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput label="Runs" value={form.runs} onChange={(v) => setForm((f) => ({ ...f, runs: typeof v === 'number' ? v : Number(v) || 0 }))} min={RUNS.min} max={RUNS.max} allowDecimal={false} size="xs" data-testid="lab-runs" />
          <TextInput
            label="Seed"
            value={form.seed}
            onChange={(e) => {
              // read now: the updater runs later, when React has already let go of the event
              const seed = e.currentTarget.value.slice(0, 32);
              setForm((f) => ({ ...f, seed }));
            }}
            size="xs"
            data-testid="lab-seed"
          />
        </SimpleGrid>
        {problems.length > 0 && (
          <Stack gap={2} data-testid="lab-problems">
            {problems.map((p) => (
              <Text key={p} size="sm" c="red.4">
                {p}
              </Text>
            ))}
          </Stack>
        )}
        {zeroes.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="lab-assumed">
            Read as 0: {zeroes.join(', ')}.
          </Text>
        )}
        <LabRunPanel
          key={drafts}
          form={form}
          catalogue={catalogue}
          blocked={problems.length > 0}
          nameOf={keys.nameOf}
          flight={flight}
          onSend={canSend ? send : null}
          onNewSeed={onNewSeed}
          onClear={clear}
        />
      </Stack>
    </Paper>
  );
}
