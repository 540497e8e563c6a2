import { Grid } from '@mantine/core';
import { useAuthStore } from '../../stores/auth-store';
import { CardEnvironmentContext, CombatReportBody } from '../notifications';
import { CommentsPanel } from './comments-panel';
import { entryLink, type HallOfFameEntry } from './hall-of-fame-queries';

/**
 * A Hall of Fame entry's report and its comments, in the tab's modal and on the entry's own page:
 * the report's actions share the entry's link (it opens for anyone) and open it in the simulator.
 */
export function HallOfFameReport({
  entry,
  cooldownUntil,
  onCooldown,
  onNavigate,
}: {
  entry: HallOfFameEntry;
  cooldownUntil: number | null;
  onCooldown: (t: number) => void;
  /** runs after 'Open in simulator' switched to the Army tab */
  onNavigate: () => void;
}) {
  const viewerId = useAuthStore((s) => s.currentUser?.id ?? 0);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <CardEnvironmentContext.Provider value={{ onNavigate, shareLink: entryLink(entry.id) }}>
          <CombatReportBody content={entry.combat_log_data} viewerId={viewerId} isRead />
        </CardEnvironmentContext.Provider>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <CommentsPanel entryId={entry.id} cooldownUntil={cooldownUntil} onCooldown={onCooldown} />
      </Grid.Col>
    </Grid>
  );
}
