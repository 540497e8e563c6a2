import { useEffect, useRef, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { errorStatus, describeApiError } from '../../lib/api-errors';
import { showInfo } from '../../lib/toast';
import { PanelError, PanelLoading } from '../../components/catalogue/panel-states';
import { ApplyButton, BrowseAlliances } from './alliance-browse';
import { AllianceSummaryCard, MyAlliance } from './alliance-details';
import { ApplyModal, FoundAllianceModal } from './alliance-forms';
import { RosterTable } from './alliance-manage';
import { useAllianceActions, useAllianceDetail, useMembership, type AllianceSummary } from './alliance-queries';

export type AllianceView = 'my_alliance' | 'list_alliances' | 'view_alliance';
export const NO_LONGER_MEMBER = 'You are no longer in an alliance.';
export const DETAILS_NOT_FOUND = 'Alliance details not found.';

/** Shows a detail query's states: loading, 'Alliance details not found.' on a 404, an error with Retry, or the content. */
function DetailState({ query, children }: { query: ReturnType<typeof useAllianceDetail>; children: (a: NonNullable<ReturnType<typeof useAllianceDetail>['data']>) => React.ReactNode }) {
  if (query.isLoading) return <PanelLoading label="Loading alliance..." />;
  if (query.error && errorStatus(query.error) !== 404) return <PanelError title="Failed to load alliance" message={describeApiError(query.error).detail} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text c="dimmed">{DETAILS_NOT_FOUND}</Text>;
  return <>{children(query.data)}</>;
}

/** The Alliance tab (social §2.10): My Alliance, Browse Alliances and View Alliance. */
export function AllianceTab() {
  const membership = useMembership();
  const actions = useAllianceActions();
  const [view, setView] = useState<AllianceView>(membership ? 'my_alliance' : 'list_alliances');
  const [viewedId, setViewedId] = useState<number | null>(null);
  const [founding, setFounding] = useState(false);
  const [applyTo, setApplyTo] = useState<AllianceSummary | null>(null);
  const mine = useAllianceDetail(membership?.alliance_id ?? null);
  const viewed = useAllianceDetail(view === 'view_alliance' ? viewedId : null);

  // Membership gone (left, kicked, disbanded): back to the list, and say so once.
  const hadAlliance = useRef(membership !== null);
  useEffect(() => {
    if (hadAlliance.current && !membership) {
      showInfo(NO_LONGER_MEMBER);
      setView((v) => (v === 'my_alliance' ? 'list_alliances' : v));
    }
    if (!hadAlliance.current && membership) setView('my_alliance');
    hadAlliance.current = membership !== null;
  }, [membership]);

  const shown: AllianceView = view === 'my_alliance' && !membership ? 'list_alliances' : view;
  const canApply = !membership;
  const openDetails = (id: number) => {
    setViewedId(id);
    setView('view_alliance');
  };

  return (
    <Stack gap="md" data-testid="alliance-tab" data-view={shown}>
      <Group justify="space-between">
        <SegmentedControl
          value={shown === 'view_alliance' ? 'list_alliances' : shown}
          onChange={(v) => setView(v as AllianceView)}
          data={[
            { value: 'my_alliance', label: 'My Alliance', disabled: !membership },
            { value: 'list_alliances', label: 'Browse Alliances' },
          ]}
        />
        {!membership && !actions.create.isPending && !actions.leave.isPending && !actions.disband.isPending && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFounding(true)} data-testid="create-alliance">
            Create Alliance
          </Button>
        )}
      </Group>
      {shown === 'my_alliance' && <DetailState query={mine}>{(a) => <MyAlliance alliance={a} actions={actions} />}</DetailState>}
      {shown === 'list_alliances' && <BrowseAlliances canApply={canApply} onDetails={openDetails} onApply={setApplyTo} />}
      {shown === 'view_alliance' && (
        <Stack gap="md">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => setView('list_alliances')} style={{ alignSelf: 'flex-start' }}>
            Back
          </Button>
          <DetailState query={viewed}>
            {(a) => (
              <>
                <AllianceSummaryCard alliance={a}>
                  <ApplyButton alliance={a} canApply={canApply} onApply={setApplyTo} />
                </AllianceSummaryCard>
                <RosterTable members={a.members} myId={null} myRank={null} />
              </>
            )}
          </DetailState>
        </Stack>
      )}
      <FoundAllianceModal opened={founding} onClose={() => setFounding(false)} actions={actions} />
      <ApplyModal key={applyTo?.id ?? 0} alliance={applyTo} onClose={() => setApplyTo(null)} actions={actions} />
    </Stack>
  );
}
