export { HallOfFameTab } from './hall-of-fame-tab';
