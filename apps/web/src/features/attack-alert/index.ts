export { AttackBanner } from './attack-banner';
