import { IconUsersGroup } from '@tabler/icons-react';
import { ComingSoon } from '../../components/shell/coming-soon';

/** Alliances (social §2.10) arrive in milestone 2. */
export const AllianceTab = () => (
  <ComingSoon title="Alliances" icon={IconUsersGroup}>
    Founding, browsing and joining alliances of broods is on its way. Until then, every hive stands alone.
  </ComingSoon>
);
