export { warnIncomingAttack, warnAtLaunch, type IncomingAttack, type BattleReportContent } from './attack-reports';
export { storeBattle } from './battles';
export { BATTLE_NOT_FOUND, battleFor, battleIds, replayBattle, type BattleReplay, type BattleView, type StoredBattleInput } from '../../queries/battles.query';
