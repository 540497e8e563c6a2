import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the dashboard builds; the research feature replaces this file.
export function ResearchTab() {
  return <FeaturePlaceholder title="Research" description="Technologies will appear here." />;
}
