import { IconTrophy } from '@tabler/icons-react';
import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

/** Highscores (social §2.8) arrive in milestone 2. */
export function RankTab() {
  return (
    <FeaturePlaceholder
      title="Galactic Rankings"
      description="Highscores by building, research, unit and defense points are being tallied. Keep growing your swarm."
      icon={<IconTrophy size={28} />}
      badge="Coming in Milestone 2"
    />
  );
}
