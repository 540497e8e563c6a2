export { postHallOfFameComment, COMMENT_COOLDOWN_MS, COMMENT_RULES } from './hall-of-fame.command';
export { addHallOfFameEntry, hallOfFameOfBattle, type HallOfFameEntryFacts, type NewHallOfFameEntry } from './hall-of-fame-entry';
