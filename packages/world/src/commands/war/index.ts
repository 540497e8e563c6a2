export { warnIncomingAttack, warnAtLaunch, type IncomingAttack, type BattleReportContent } from './attack-reports';
export { BATTLE_NOT_FOUND, battleFor, battleIds, replayBattle, storeBattle, type BattleReplay, type BattleView, type StoredBattleInput } from './battles';
