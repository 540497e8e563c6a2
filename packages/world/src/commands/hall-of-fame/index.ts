export { addHallOfFameEntry, postHallOfFameComment, COMMENT_COOLDOWN_MS, COMMENT_RULES, type NewHallOfFameEntry } from './hall-of-fame.commands';
