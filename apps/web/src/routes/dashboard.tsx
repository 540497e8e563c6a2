import { useLayoutEffect, type ComponentType } from 'react';
import { AppShell, Box, Center, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { ArmyTab } from '../features/army';
import { FleetActivity } from '../features/army/fleet-activity';
import { AllianceTab } from '../features/alliance';
import { AttackBanner } from '../features/attack-alert';
import { ConstructionTab } from '../features/construction';
import { EmpireTab } from '../features/empire';
import { GuideCard } from '../features/guide';
import { AwayCard } from '../features/away/away-card';
import { HallOfFameTab } from '../features/hall-of-fame';
import { MapTab } from '../features/map';
import { useSelectedTerritory } from '../features/territories';
import { QueuePanel } from '../features/queue';
import { RankTab } from '../features/rank';
import { ResearchTab } from '../features/research';
import { ResourceBar } from '../features/resources';
import { UnitsTab } from '../features/units';
import { GameHeader, useHeaderHeight } from '../components/shell/game-header';
import { useIsMobile, useIsWide } from '../components/shell/breakpoints';
import { isFullWidthTab, isTabEnabled, mainTabDef, needsTerritorySelection } from '../components/shell/main-tabs';
import { NoTerritorySelected } from '../components/shell/no-territory';
import { PanelBoundary } from '../components/shell/panel-boundary';
import { SHELL_STYLES } from '../components/shell/shell-styles';
import { BottomTabBar, TabSidebar } from '../components/shell/tab-nav';
import { useAuthStore } from '../stores/auth-store';
import type { MainTab } from '../stores/ui-store';
import { useActiveTab } from './use-active-tab';

/** Each tab's content comes from its feature folder (src/features/<tab>/index.tsx). */
const TAB_CONTENT: Record<MainTab, ComponentType> = {
  EMPIRE: EmpireTab,
  MAP: MapTab,
  BUILDING: ConstructionTab,
  RESEARCH: ResearchTab,
  UNITS: UnitsTab,
  MOVEMENT: ArmyTab,
  RANK: RankTab,
  HALL_OF_FAME: HallOfFameTab,
  ALLIANCE: AllianceTab,
};

export const BOTTOM_BAR_HEIGHT = 60;


function TabContent({ tab, profileLoaded }: { tab: MainTab; profileLoaded: boolean }) {
  const selected = useSelectedTerritory();
  if (!isTabEnabled(tab, profileLoaded) || (selected.pending && needsTerritorySelection(tab, null))) {
    return (
      <Center py={80}>
        <Stack align="center" gap="sm">
          <Loader type="dots" />
          <Text c="dimmed">{profileLoaded ? 'Loading your territories...' : 'Loading your profile...'}</Text>
        </Stack>
      </Center>
    );
  }
  if (needsTerritorySelection(tab, selected.id)) return <NoTerritorySelected armyHint={tab === 'MOVEMENT'} />;
  const Content = TAB_CONTENT[tab];
  return (
    <PanelBoundary key={tab} name={mainTabDef(tab).label}>
      <Content />
    </PanelBoundary>
  );
}

/** /dashboard/<tab>: the main shell with its nine tabs, sidebar, queue panel and (phones) bottom icon bar. */
export function DashboardPage() {
  const [tab, selectTab] = useActiveTab();
  const profileLoaded = useAuthStore((s) => s.currentUser !== null);
  const isMobile = useIsMobile();
  const isWide = useIsWide();
  const headerHeight = useHeaderHeight();
  // A new tab opens at its top; a layout effect, so a card's own scroll-into-view (a passive effect) still
  // wins. A block body: Chromium's scrollTo returns a promise, which React would take for a cleanup.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0 });
  }, [tab]);
  const fullWidth = isFullWidthTab(tab);
  const queueInAside = isWide && !fullWidth;
  const queueBelow = !isWide && !fullWidth;

  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={{ width: { sm: 200, lg: 220 }, breakpoint: 'sm', collapsed: { mobile: true } }}
      aside={{ width: 340, breakpoint: 'lg', collapsed: { desktop: !queueInAside, mobile: true } }}
      footer={{ height: BOTTOM_BAR_HEIGHT, collapsed: !isMobile }}
      padding={{ base: 'xs', sm: 'md' }}
      withBorder
      styles={SHELL_STYLES}
    >
      <AppShell.Header>
        <GameHeader queueButton={!queueInAside} />
      </AppShell.Header>

      {!isMobile && (
        <AppShell.Navbar>
          <TabSidebar active={tab} profileLoaded={profileLoaded} onSelect={selectTab} />
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <Stack gap="md" data-testid="dashboard" data-active-tab={tab}>
          {/* An attack on the player is loud on every tab; the banner also owns the document title. */}
          <PanelBoundary name="Attack alert">
            <AttackBanner pageTitle={`${mainTabDef(tab).label} · Broodspace`} />
          </PanelBoundary>
          <PanelBoundary name="Resources">
            <ResourceBar />
          </PanelBoundary>
          <PanelBoundary name="While you were away">
            <AwayCard />
          </PanelBoundary>
          {profileLoaded && (
            <PanelBoundary name="Guide">
              <GuideCard />
            </PanelBoundary>
          )}
          <PanelBoundary name="Fleet activity">
            <FleetActivity />
          </PanelBoundary>
          {/* The tab's name is the page's level-one heading: shown above the tab on phones, read out on wider screens. */}
          <Group gap="xs" px={4} className={isMobile ? undefined : 'bs-sr-only'}>
            <Title order={1} fz="sm" tt="uppercase" lts="0.14em" c="acid.4">
              {mainTabDef(tab).label}
            </Title>
          </Group>
          <Box role="tabpanel" aria-label={mainTabDef(tab).label}>
            <TabContent tab={tab} profileLoaded={profileLoaded} />
          </Box>
          {queueBelow && (
            <Box component="section" aria-label="Queues">
              <PanelBoundary name="Queues">
                <QueuePanel />
              </PanelBoundary>
            </Box>
          )}
        </Stack>
      </AppShell.Main>

      {queueInAside && (
        <AppShell.Aside component="section" aria-label="Queues">
          <ScrollArea h="100%" type="auto" offsetScrollbars p="sm">
            <PanelBoundary name="Queues">
              <QueuePanel />
            </PanelBoundary>
          </ScrollArea>
        </AppShell.Aside>
      )}

      {isMobile && (
        <AppShell.Footer>
          <BottomTabBar active={tab} profileLoaded={profileLoaded} onSelect={selectTab} />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
