import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the dashboard builds; the army feature replaces this file.
export function ArmyTab() {
  return <FeaturePlaceholder title="Army" description="Dispatch and gather fleets here." />;
}
