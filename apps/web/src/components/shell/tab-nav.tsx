import { Box, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MainTab } from '../../stores/ui-store';
import { MAIN_TAB_DEFS, isTabEnabled } from './main-tabs';
import classes from './tab-nav.module.css';

export interface TabNavProps {
  active: MainTab;
  profileLoaded: boolean;
  onSelect: (tab: MainTab) => void;
}

const WAITING = 'Available once your profile has loaded';

/** Wide screens: the tab list in the left sidebar. */
export function TabSidebar({ active, profileLoaded, onSelect }: TabNavProps) {
  return (
    <Stack gap={4} p="sm" role="tablist" aria-orientation="vertical" aria-label="Dashboard">
      <Text fz={11} fw={700} c="dimmed" tt="uppercase" lts="0.14em" px="sm" pb={4}>
        Command
      </Text>
      {MAIN_TAB_DEFS.map(({ tab, label, icon: Icon }) => {
        const enabled = isTabEnabled(tab, profileLoaded);
        return (
          <NavLink
            key={tab}
            component="button"
            role="tab"
            aria-selected={active === tab}
            data-tab={tab}
            label={label}
            leftSection={<Icon size={20} stroke={1.6} />}
            active={active === tab}
            disabled={!enabled}
            title={enabled ? undefined : WAITING}
            onClick={() => onSelect(tab)}
            className={classes.sideLink}
          />
        );
      })}
    </Stack>
  );
}

/** Phones: a bottom icon bar with every tab. */
export function BottomTabBar({ active, profileLoaded, onSelect }: TabNavProps) {
  return (
    <Box className={classes.bottomBar} role="tablist" aria-label="Dashboard">
      {MAIN_TAB_DEFS.map(({ tab, label, icon: Icon }) => {
        const enabled = isTabEnabled(tab, profileLoaded);
        return (
          <UnstyledButton
            key={tab}
            role="tab"
            aria-selected={active === tab}
            aria-label={label}
            data-tab={tab}
            data-active={active === tab || undefined}
            disabled={!enabled}
            onClick={() => onSelect(tab)}
            className={classes.bottomButton}
          >
            <Icon size={22} stroke={1.6} />
            <span className={classes.bottomLabel}>{label}</span>
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
