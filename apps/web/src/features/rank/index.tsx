import { IconTrophy } from '@tabler/icons-react';
import { ComingSoon } from '../../components/shell/coming-soon';

/** Highscores (social §2.8) arrive in milestone 2. */
export const RankTab = () => (
  <ComingSoon title="Galactic Rankings" icon={IconTrophy}>
    Highscores by building, research, unit and defense points are being tallied. Keep growing your swarm.
  </ComingSoon>
);
