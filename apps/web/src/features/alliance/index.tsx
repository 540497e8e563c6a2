import { IconUsersGroup } from '@tabler/icons-react';
import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

/** Alliances (social §2.10) arrive in milestone 2. */
export function AllianceTab() {
  return (
    <FeaturePlaceholder
      title="Alliances"
      description="Founding, browsing and joining alliances of broods is on its way. Until then, every hive stands alone."
      icon={<IconUsersGroup size={28} />}
      badge="Coming in Milestone 2"
    />
  );
}
