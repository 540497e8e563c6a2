import { memo, startTransition, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconEraser, IconFlask } from '@tabler/icons-react';
import type { BattleOdds } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { toBattleInput, type LabForm } from './lab-form';
import { OddsView, type Flight } from './odds-view';
import { useLabWorker } from './use-lab-worker';

/**
 * 'Simulate' and its answer. The running state and the result live here, not in the form: a run
 * redraws this panel only, and the answer is drawn as a transition (React yields to the browser while
 * it builds the tables, so no frame waits on it).
 */
export const LabRunPanel = memo(function LabRunPanel({
  form,
  catalogue,
  blocked,
  nameOf,
  flight,
  onSend,
  onNewSeed,
  onClear,
}: {
  form: LabForm;
  catalogue: Catalogue;
  /** a problem keeps the form from running */
  blocked: boolean;
  nameOf: (key: string) => string;
  flight: Flight | null;
  onSend: (() => void) | null;
  onNewSeed: () => void;
  onClear: () => void;
}) {
  const run = useLabWorker();
  const [result, setResult] = useState<{ odds: BattleOdds; ms: number } | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const simulate = async () => {
    setRunning(true);
    setFailure(null);
    try {
      const answer = await run({ catalogue, input: toBattleInput(form, catalogue), runs: form.runs, seed: form.seed });
      startTransition(() => {
        setResult(answer);
        setRunning(false);
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setRunning(false);
    }
  };

  return (
    <>
      <Group gap="xs">
        {/* While it runs, a still label rather than Mantine's spinning loader: an animation there gives the
            button a compositor layer of its own and re-layers the page on the click (decision 19). */}
        <Button leftSection={<IconFlask size={16} />} color="grape" onClick={() => void simulate()} disabled={blocked || running} aria-busy={running} data-testid="lab-run">
          {running ? 'Simulating…' : 'Simulate'}
        </Button>
        <Button variant="subtle" size="xs" onClick={onNewSeed}>
          New seed
        </Button>
        <Button
          variant="subtle"
          size="xs"
          color="gray"
          leftSection={<IconEraser size={14} />}
          onClick={() => {
            setResult(null);
            onClear();
          }}
          data-testid="lab-clear"
        >
          Clear
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
      {result && !result.odds.error && <OddsView odds={result.odds} ms={result.ms} nameOf={nameOf} flight={flight} onSend={onSend} />}
    </>
  );
});
