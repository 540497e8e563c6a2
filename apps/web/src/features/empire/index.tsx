import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the dashboard builds; the empire feature replaces this file.
export function EmpireTab() {
  return <FeaturePlaceholder title="Empire Overview" description="Your territories at a glance will appear here." />;
}
