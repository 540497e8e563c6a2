import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the dashboard builds; the map feature replaces this file.
export function MapTab() {
  return <FeaturePlaceholder title="Star Map" description="The galaxy map is being charted." />;
}
