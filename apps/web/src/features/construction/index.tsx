import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the dashboard builds; the construction feature replaces this file.
export function ConstructionTab() {
  return <FeaturePlaceholder title="Buildings" description="Structures of the selected territory will appear here." />;
}
