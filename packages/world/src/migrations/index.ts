import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Accounts } from './0001-accounts';
import { Migration0002Territories } from './0002-territories';
import { Migration0003LoginAttempts } from './0003-login-attempts';
import { Migration0004GuestSignups } from './0004-guest-signups';
import { Migration0005SignInThrottling } from './0005-sign-in-throttling';
import { Migration0006WorkerHeartbeats } from './0006-worker-heartbeats';
import { Migration0010EconomyQueues } from './0010-economy-queues';
import { Migration0020Notifications } from './0020-notifications';
import { Migration0030MapOccupancy } from './0030-map-occupancy';
import { Migration0031WreckageFields } from './0031-wreckage-fields';
import { Migration0032MapRegionVersion } from './0032-map-region-version';
import { Migration0040Movements } from './0040-movements';
import { Migration0041AttackGroups } from './0041-attack-groups';
import { Migration0050Alliances } from './0050-alliances';
import { Migration0051Scores } from './0051-scores';
import { Migration0052HallOfFame } from './0052-hall-of-fame';
import { Migration0053ScoreRanks } from './0053-score-ranks';
import { Migration0054AllianceSearch } from './0054-alliance-search';
import { Migration0060Battles } from './0060-battles';
import { Migration0070AttackInvitations } from './0070-attack-invitations';
import { Migration0075Exploring } from './0075-exploring';
import { Migration0080Moderation } from './0080-moderation';
import { Migration0100ReportsStoredOnce } from './0100-reports-stored-once';
import { Migration0130AccountChanges } from './0130-account-changes';
import { Migration0140BuiltinKeys } from './0140-builtin-keys';
import { Migration0180FairPlay } from './0180-fair-play';
import { Migration0190PlayerMessages } from './0190-player-messages';
import { Migration0200Push } from './0200-push';
import { Migration0230MessagesOutliveAccounts } from './0230-messages-outlive-accounts';
import { Migration0240QueueChanges } from './0240-queue-changes';
import { Migration0250FleetListChanges } from './0250-fleet-list-changes';
import { Migration0260TerritoryStatistics } from './0260-territory-statistics';
import { Migration0270FinerScoreBuckets } from './0270-finer-score-buckets';
import { Migration0280TerritoryRowChanges } from './0280-territory-row-changes';
import { Migration0290ResearchQueueChanges } from './0290-research-queue-changes';

/**
 * Every migration, in order. Migrations are hand-written SQL (one file per step, numbered) so that
 * several people can add tables at once without fighting over a generated snapshot.
 */
export const migrationsList: MigrationObject[] = [
  { name: '0001-accounts', class: Migration0001Accounts },
  { name: '0002-territories', class: Migration0002Territories },
  { name: '0003-login-attempts', class: Migration0003LoginAttempts },
  { name: '0004-guest-signups', class: Migration0004GuestSignups },
  { name: '0005-sign-in-throttling', class: Migration0005SignInThrottling },
  { name: '0006-worker-heartbeats', class: Migration0006WorkerHeartbeats },
  { name: '0010-economy-queues', class: Migration0010EconomyQueues },
  { name: '0020-notifications', class: Migration0020Notifications },
  { name: '0030-map-occupancy', class: Migration0030MapOccupancy },
  { name: '0031-wreckage-fields', class: Migration0031WreckageFields },
  { name: '0032-map-region-version', class: Migration0032MapRegionVersion },
  { name: '0040-movements', class: Migration0040Movements },
  { name: '0041-attack-groups', class: Migration0041AttackGroups },
  { name: '0050-alliances', class: Migration0050Alliances },
  { name: '0051-scores', class: Migration0051Scores },
  { name: '0052-hall-of-fame', class: Migration0052HallOfFame },
  { name: '0053-score-ranks', class: Migration0053ScoreRanks },
  { name: '0054-alliance-search', class: Migration0054AllianceSearch },
  { name: '0060-battles', class: Migration0060Battles },
  { name: '0070-attack-invitations', class: Migration0070AttackInvitations },
  { name: '0075-exploring', class: Migration0075Exploring },
  { name: '0080-moderation', class: Migration0080Moderation },
  { name: '0100-reports-stored-once', class: Migration0100ReportsStoredOnce },
  { name: '0130-account-changes', class: Migration0130AccountChanges },
  { name: '0140-builtin-keys', class: Migration0140BuiltinKeys },
  { name: '0180-fair-play', class: Migration0180FairPlay },
  { name: '0190-player-messages', class: Migration0190PlayerMessages },
  { name: '0200-push', class: Migration0200Push },
  { name: '0230-messages-outlive-accounts', class: Migration0230MessagesOutliveAccounts },
  { name: '0240-queue-changes', class: Migration0240QueueChanges },
  { name: '0250-fleet-list-changes', class: Migration0250FleetListChanges },
  { name: '0260-territory-statistics', class: Migration0260TerritoryStatistics },
  { name: '0270-finer-score-buckets', class: Migration0270FinerScoreBuckets },
  { name: '0280-territory-row-changes', class: Migration0280TerritoryRowChanges },
  { name: '0290-research-queue-changes', class: Migration0290ResearchQueueChanges },
];
