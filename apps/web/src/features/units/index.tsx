import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the dashboard builds; the units feature replaces this file.
export function UnitsTab() {
  return <FeaturePlaceholder title="Units" description="Recruitment and defenses will appear here." />;
}
