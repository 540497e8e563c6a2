export { addHallOfFameEntry, hallOfFameOfBattle, postHallOfFameComment, COMMENT_COOLDOWN_MS, COMMENT_RULES, type HallOfFameEntryFacts, type NewHallOfFameEntry } from './hall-of-fame.command';
