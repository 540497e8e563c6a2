export { AllianceTab } from './alliance-tab';
