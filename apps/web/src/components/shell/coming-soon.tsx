import type { Icon } from '@tabler/icons-react';
import { FeaturePlaceholder } from './feature-placeholder';

/** A whole tab whose feature arrives in milestone 2: its name, what it will do, and the badge saying when. */
export function ComingSoon({ title, icon: TabIcon, children }: { title: string; icon: Icon; children: string }) {
  return <FeaturePlaceholder title={title} description={children} icon={<TabIcon size={28} />} badge="Coming in Milestone 2" />;
}
