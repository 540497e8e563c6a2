export { HallOfFameTab } from './hall-of-fame-tab';
export { HallOfFameEntryPage, ENTRY_NOT_FOUND } from './entry-page';
