import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';

// Placeholder created by the web shell so the header and /notifications build; the notifications feature replaces this file.
export function NotificationBell() {
  return null;
}

export function NotificationsPage() {
  return <FeaturePlaceholder title="Notifications" description="Reports and messages will appear here." />;
}
