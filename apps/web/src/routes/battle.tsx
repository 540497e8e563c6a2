import { AppShell } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from '@tanstack/react-router';
import { GameHeader } from '../components/shell/game-header';
import { BattleReportPage } from '../features/notifications';

/** /battles/<id>: the page a shared battle link opens, inside the signed-in shell. */
export function BattleRoute() {
  const { battleId } = useParams({ strict: false });
  const id = Number(battleId);
  useDocumentTitle(`Battle ${battleId ?? ''} · Broodspace`);
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'xs', sm: 'md' }} withBorder>
      <AppShell.Header>
        <GameHeader />
      </AppShell.Header>
      <AppShell.Main>
        <BattleReportPage battleId={Number.isSafeInteger(id) && id > 0 ? id : 0} />
      </AppShell.Main>
    </AppShell>
  );
}
