import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from '@tanstack/react-router';
import { HeaderPage } from '../components/shell/header-page';
import { BattleReportPage } from '../features/notifications';

/** /battles/<id>: the page a shared battle link opens, inside the signed-in shell. */
export function BattleRoute() {
  const { battleId } = useParams({ strict: false });
  const id = Number(battleId);
  useDocumentTitle(`Battle ${battleId ?? ''} · Broodspace`);
  return (
    <HeaderPage>
      <BattleReportPage battleId={Number.isSafeInteger(id) && id > 0 ? id : 0} />
    </HeaderPage>
  );
}
