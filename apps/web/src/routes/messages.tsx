import { useDocumentTitle } from '@mantine/hooks';
import { HeaderPage } from '../components/shell/header-page';
import { PanelBoundary } from '../components/shell/panel-boundary';
import { MessagesPage } from '../features/messages';

/** /messages: Inbox and Sent, buddies and the player search, inside the signed-in shell. */
export function MessagesRoute() {
  useDocumentTitle('Messages · Broodspace');
  return (
    <HeaderPage>
      <PanelBoundary name="Messages">
        <MessagesPage />
      </PanelBoundary>
    </HeaderPage>
  );
}
