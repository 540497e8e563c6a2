import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { UnmetPrerequisite } from '@brood/game-core';
import { useUiStore, type MainTab } from '../../stores/ui-store';

/** Where a prerequisite's card lives: structures on Buildings, technologies on Research. */
export function prerequisiteTab(kind: UnmetPrerequisite['kind']): MainTab {
  return kind === 'structure' ? 'BUILDING' : 'RESEARCH';
}

/** Switch to the prerequisite's tab and highlight its card for two seconds. */
export function jumpToPrerequisite(prerequisite: Pick<UnmetPrerequisite, 'kind' | 'key'>): void {
  const ui = useUiStore.getState();
  const tab = prerequisiteTab(prerequisite.kind);
  if (ui.lastActiveMainTab !== tab) ui.requestMainTab(tab);
  ui.highlightItem(tab, prerequisite.key);
}

/** The missing-prerequisites box: every unmet structure or technology, each a link to its card. */
export function PrerequisitesBox({ unmet }: { unmet: readonly UnmetPrerequisite[] }) {
  if (unmet.length === 0) return null;
  return (
    <Box
      p={8}
      style={{ borderRadius: 8, border: '1px dashed var(--mantine-color-orange-8)', background: 'rgba(255, 146, 43, 0.06)' }}
      data-testid="prerequisites"
    >
      <Group gap={6} mb={4} wrap="nowrap">
        <IconLock size={14} color="var(--mantine-color-orange-5)" />
        <Text fz="xs" fw={700} c="orange.4" tt="uppercase" lts="0.06em">
          Missing prerequisites
        </Text>
      </Group>
      <Stack gap={2}>
        {unmet.map((p) => (
          <Anchor
            key={`${p.kind}:${p.key}`}
            component="button"
            type="button"
            fz="xs"
            c="orange.2"
            ta="left"
            onClick={() => jumpToPrerequisite(p)}
            title={`Show ${p.name}`}
          >
            {p.name} (Lvl {p.required}){p.kind === 'technology' ? ' · research' : ''}
            <Text span fz="xs" c="dimmed">
              {' '}
              — you have {p.current}
            </Text>
          </Anchor>
        ))}
      </Stack>
    </Box>
  );
}
