import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the dashboard builds; the queue feature replaces this file.
export function QueuePanel() {
  return <FeaturePlaceholder title="Queues" description="Building, research, recruitment and defense queues will appear here." />;
}
