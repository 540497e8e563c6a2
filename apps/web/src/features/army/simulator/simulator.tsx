import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFlask, IconInfoCircle } from '@tabler/icons-react';
import type { BattleOdds } from '@brood/game-core';
import { formatCoordinates } from '../../../lib/format';
import { useUiStore } from '../../../stores/ui-store';
import { PanelError, PanelLoading } from '../../../components/catalogue/panel-states';
import { namesFrom } from '../../notifications';
import { useEconomy, useStats, useTerritories, useTerritoryDefenses, useTerritoryUnits, countsOf } from '../../territories';
import { DEFAULT_MAX_EXPLORATION_HOURS, dispatchContext } from '../use-dispatch';
import { EntryRows } from './entry-rows';
import { assumedZero, combatTechnologies, emptyForm, fleetToSend, labProblems, RUNS, targetCoords, targetStructures, toBattleInput, type LabForm, type LabSide } from './lab-form';
import { fromCombatReport, fromSpyReport, partyFromTerritory } from './lab-sources';
import { attackFlight, newSeed } from './lab-stats';
import { OddsView } from './odds-view';
import { PartiesEditor, type LabCatalogueKeys } from './party-editor';
import { useLabWorker } from './use-lab-worker';

/**
 * The battle simulator (Army tab): both sides with their participants, units, defenses and combat
 * technologies, the target, then the odds over N seeded runs of the server's own resolveBattle, in a
 * Web Worker. Filled by hand, from the player's territory, or from a report ('Simulate').
 */
export function Simulator({ selectedId }: { selectedId: number }) {
  const [startId, setStartId] = useState(selectedId);
  const economy = useEconomy(startId);
  const territories = useTerritories();
  const units = useTerritoryUnits(startId);
  const defenses = useTerritoryDefenses(startId);
  const stats = useStats();
  const run = useLabWorker();
  const draft = useUiStore((s) => s.pendingLabDraft);
  const [form, setForm] = useState<LabForm>(() => emptyForm(newSeed()));
  const [result, setResult] = useState<{ odds: BattleOdds; ms: number } | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const view = economy.view;
  const catalogue = view?.catalogue;
  const keys = useMemo((): LabCatalogueKeys | null => {
    if (!view) return null;
    const c = view.catalogue;
    return {
      units: Object.keys(c.units),
      defenses: Object.keys(c.defenses),
      technologies: combatTechnologies(c),
      nameOf: namesFrom(c.resources, c.units, c.defenses, c.structures, c.technologies),
    };
  }, [view]);

  // A report handed over by a card: taken once, it fills the form (the attackers stay unless it names them).
  useEffect(() => {
    if (!draft || !catalogue || !keys) return;
    const taken = useUiStore.getState().takeLabDraft();
    if (!taken) return;
    const filled = taken.kind === 'spy' ? fromSpyReport(taken.content, keys.technologies, targetStructures(catalogue)) : fromCombatReport(taken.content, keys.technologies);
    setForm((f) => ({ ...f, ...filled, target: { ...filled.target, structures: { ...Object.fromEntries(targetStructures(catalogue).map((k) => [k, ''])), ...filled.target.structures } } }));
    setResult(null);
  }, [draft, catalogue, keys]);

  if (economy.error) return <PanelError title="Error Loading Data" message={economy.error} />;
  if (!view || !keys || !catalogue) return <PanelLoading label="Loading the simulator..." />;

  const start = territories.data?.find((t) => t.id === startId);
  const maxParticipants = view.gameData.universe.max_participants;
  const problems = labProblems(form, keys.nameOf, maxParticipants);
  const zeroes = assumedZero(form, keys.nameOf);
  const ctx = dispatchContext(view, stats.data?.global_stats.max_exploration_duration_hours ?? DEFAULT_MAX_EXPLORATION_HOURS);
  const fleet = fleetToSend(form);
  const flight = ctx && start ? { ...attackFlight(fleet.units, fleet.target, ctx), from: `${start.name} (${formatCoordinates(start)})` } : null;

  const fromTerritory = (side: LabSide) =>
    partyFromTerritory(start?.name ?? 'My territory', countsOf(units.data, 'unit_key'), side === 'defenders' ? countsOf(defenses.data, 'defense_key') : null, view.technologies, keys.technologies);

  const simulate = async () => {
    setRunning(true);
    setFailure(null);
    try {
      setResult(await run({ catalogue, input: toBattleInput(form, catalogue), runs: form.runs, seed: form.seed }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };

  const send = () => {
    if (!fleet.target) return;
    const ui = useUiStore.getState();
    ui.setSelectedTerritoryId(startId);
    ui.setPendingMovementOrder({ targetR: fleet.target[0], targetS: fleet.target[1], targetP: fleet.target[2], missionType: 'ATTACK', startTerritoryIdForMovementPanel: startId, units: fleet.units });
  };

  const setTarget = (patch: Partial<LabForm['target']>) => setForm((f) => ({ ...f, target: { ...f.target, ...patch } }));
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
        <PartiesEditor form={form} keys={keys} maxParticipants={maxParticipants} onChange={setForm} fromTerritory={units.data ? fromTerritory : null} />
        <Paper withBorder p="xs" bg="transparent">
          <Stack gap="xs">
            <Text fw={700} size="sm">
              Target
            </Text>
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
              {(['r', 's', 'p'] as const).map((field) => (
                <TextInput key={field} label={`Target ${field.toUpperCase()}`} value={form.target[field]} onChange={(e) => setTarget({ [field]: e.currentTarget.value.replace(/\D/g, '').slice(0, 4) })} inputMode="numeric" size="xs" data-testid={`lab-target-${field}`} />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <EntryRows label="Stock" values={form.target.stock} hints={form.target.hints} keys={catalogue.orderedResourceKeys} nameOf={keys.nameOf} onChange={(stock) => setTarget({ stock })} testId="lab-stock" />
              <EntryRows label="Structures" values={form.target.structures} hints={{}} keys={targetStructures(catalogue)} nameOf={keys.nameOf} onChange={(structures) => setTarget({ structures })} testId="lab-structures" addable={false} />
            </SimpleGrid>
          </Stack>
        </Paper>
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
          <TextInput label="Seed" value={form.seed} onChange={(e) => {
              // read now: the updater runs later, when React has already let go of the event
              const seed = e.currentTarget.value.slice(0, 32);
              setForm((f) => ({ ...f, seed }));
            }} size="xs" data-testid="lab-seed" />
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
        <Group gap="xs">
          <Button leftSection={<IconFlask size={16} />} color="grape" onClick={() => void simulate()} disabled={problems.length > 0} loading={running} data-testid="lab-run">
            Simulate
          </Button>
          <Button variant="subtle" size="xs" onClick={() => setForm((f) => ({ ...f, seed: newSeed() }))}>
            New seed
          </Button>
        </Group>
        {failure && (
          <Text c="red.4" size="sm">
            The simulation failed: {failure}
          </Text>
        )}
        {result?.odds.error && (
          <Text c="red.4" size="sm">
            The battle cannot be fought: {result.odds.error}.
          </Text>
        )}
        {result && !result.odds.error && (
          <OddsView odds={result.odds} ms={result.ms} nameOf={keys.nameOf} flight={flight} onSend={fleet.target && Object.keys(fleet.units).length > 0 && targetCoords(form.target) ? send : null} />
        )}
      </Stack>
    </Paper>
  );
}
