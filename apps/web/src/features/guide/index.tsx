import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconChevronDown, IconChevronUp, IconCompass, IconLock, IconX } from '@tabler/icons-react';
import { jumpToPrerequisite } from '../../components/catalogue/prerequisites-box';
import { formatDuration } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';
import { FOLD_AFTER_FOLLOWS, useGuideStore } from '../../stores/guide-store';
import { useStructureModels } from '../construction';
import { useTechnologyModels } from '../research';
import { useSelectedTerritoryId } from '../territories';
import { guideSteps, type GuideEntry, type GuideStep } from './guide-model';

export { guideSteps, secondsUntilAffordable, type GuideEntry, type GuideSteps } from './guide-model';

export const GUIDE_TITLE = 'Next steps';

/** Go to a guide step's card (Buildings or Research) and light it up, like a prerequisite link. */
function follow(step: Pick<GuideStep, 'kind' | 'key'>) {
  jumpToPrerequisite({ kind: step.kind, key: step.key });
  const userId = useAuthStore.getState().currentUser?.id;
  if (userId != null) useGuideStore.getState().followed(userId);
}

function StepButton({ step, note }: { step: GuideStep; note?: string }) {
  return (
    <UnstyledButton
      onClick={() => follow(step)}
      data-testid={`guide-step-${step.key}`}
      px={8}
      py={3}
      style={{ borderRadius: 6, border: '1px solid var(--mantine-color-acid-8)', background: 'rgba(157, 255, 18, 0.07)' }}
    >
      <Group gap={6} wrap="nowrap">
        <Text fz="xs" fw={700} c="acid.3" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
          {step.name}
        </Text>
        <Text fz="xs" c="dimmed" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
          {note ?? step.action}
        </Text>
        <IconArrowRight size={12} color="var(--mantine-color-acid-4)" style={{ flex: 'none' }} />
      </Group>
    </UnstyledButton>
  );
}

/**
 * The 'next steps' guide above the tabs (issue: the first hour): what the player can start now and
 * what unlocks next, read from the same game-core models as the cards; each step jumps to its card.
 * Closing it is remembered for this player in this browser.
 */
export function GuideCard() {
  const userId = useAuthStore((s) => s.currentUser?.id ?? null);
  const dismissed = useGuideStore((s) => userId !== null && s.dismissedBy.includes(userId));
  const territoryId = useSelectedTerritoryId();
  const structures = useStructureModels(territoryId);
  const technologies = useTechnologyModels(territoryId);
  const view = structures.view;
  const learnt = useGuideStore((s) => userId !== null && (s.followsBy[userId] ?? 0) >= FOLD_AFTER_FOLLOWS);
  const [opened, setOpened] = useState(false);
  const folded = learnt && !opened;

  const steps = useMemo(() => {
    if (!view || !technologies.view || territoryId === null) return null;
    const entries: GuideEntry[] = [
      ...structures.models.map(({ def, model }) => ({ kind: 'structure' as const, key: model.key, name: def.name, model })),
      ...technologies.entries.map(({ def, ...model }) => ({ kind: 'technology' as const, key: model.key, name: def.name, model })),
    ];
    return guideSteps(entries, view.economy ? { stock: view.stock, ratesPerHour: view.economy.rates } : null);
  }, [view, technologies.view, technologies.entries, structures.models, territoryId]);

  if (dismissed || userId === null || !steps) return null;
  const { ready, soonest, next } = steps;
  if (ready.length === 0 && !soonest && !next) return null;

  return (
    <Paper className="bs-glass" px="sm" py={folded ? 4 : 8} data-testid="guide" data-folded={folded || undefined} aria-label={GUIDE_TITLE} component="section">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={folded ? 0 : 4}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconCompass size={16} color="var(--mantine-color-acid-4)" />
          <Text fz="xs" fw={700} tt="uppercase" lts="0.12em" c="acid.4" style={{ whiteSpace: 'nowrap' }}>
            {GUIDE_TITLE}
          </Text>
          {/* Folded (the player has followed it twice): one line, the first step only. */}
          {folded && (ready[0] ?? soonest) && <StepButton step={(ready[0] ?? soonest)!} />}
        </Group>
        <Group gap={2} wrap="nowrap">
          {learnt && (
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => setOpened((o) => !o)} aria-label={folded ? 'Show all next steps' : 'Fold the guide'}>
              {folded ? <IconChevronDown size={14} /> : <IconChevronUp size={14} />}
            </ActionIcon>
          )}
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => useGuideStore.getState().dismiss(userId)} aria-label="Close the guide">
            <IconX size={14} />
          </ActionIcon>
        </Group>
      </Group>
      {!folded && <Stack gap={6}>
        {ready.length > 0 ? (
          <Group gap={6} data-testid="guide-ready">
            <Text fz="xs" c="dimmed" w={74}>
              Start now
            </Text>
            {ready.map((step) => (
              <StepButton key={`${step.kind}:${step.key}`} step={step} />
            ))}
          </Group>
        ) : (
          soonest && (
            <Group gap={6} data-testid="guide-soonest">
              <Text fz="xs" c="dimmed" w={74}>
                Next up
              </Text>
              <StepButton step={soonest} note={`affordable in ${formatDuration(soonest.seconds)}`} />
            </Group>
          )
        )}
        {next && (
          <Group gap={6} data-testid="guide-next" wrap="wrap">
            <Text fz="xs" c="dimmed" w={74}>
              Unlocks next
            </Text>
            <Badge variant="light" color="brood" leftSection={<IconLock size={12} />} style={{ textTransform: 'none' }}>
              {next.name}
            </Badge>
            <Text fz="xs" c="dimmed">
              needs
            </Text>
            {next.unmet.map((p) => (
              <Anchor key={`${p.kind}:${p.key}`} component="button" type="button" fz="xs" c="orange.3" onClick={() => jumpToPrerequisite(p)} title={`Show ${p.name}`}>
                {p.name} (Lvl {p.required})
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>}
    </Paper>
  );
}
