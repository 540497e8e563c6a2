/** The notifications feature: the navbar bell (with the centre) and the /notifications page. */
export { NotificationBell } from './notification-bell';
export { badgeLabel } from './use-notifications';
export { NotificationsPage } from './notifications-page';
export { NotificationCenter } from './notification-center';
export { NotificationCard } from './notification-card';
export { CombatReportBody } from './cards/combat-report-card';
export { CardEnvironmentContext } from './card-context';
export { BattleReportPage, BATTLE_NOT_YOURS } from './battle-page';
export { namesFrom, useItemNames, type NameOf } from './item-names';
export { LazyBattleReplay as BattleReplay } from './cards/replay-lazy';
export { amountsOf, coordsOf, isRecord, num, text, type Row } from './content-shape';
