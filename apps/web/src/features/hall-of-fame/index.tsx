import { IconSwords } from '@tabler/icons-react';
import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

/** The Hall of Fame (social §2.9) arrives in milestone 2. */
export function HallOfFameTab() {
  return (
    <FeaturePlaceholder
      title="Hall of Fame"
      description="The greatest battles of the galaxy will be recorded here, with the commanders who fought them."
      icon={<IconSwords size={28} />}
      badge="Coming in Milestone 2"
    />
  );
}
