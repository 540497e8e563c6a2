import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconBug,
  IconCompass,
  IconEye,
  IconFlask,
  IconHammer,
  IconInfoCircle,
  IconPlanet,
  IconRecycle,
  IconRocket,
  IconShield,
  IconSwordOff,
  IconSwords,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/** One icon per kind of event. */
export function iconFor(type: string): Icon {
  if (type === 'COMBAT_REPORT' || type === 'DEFENSE_REPORT') return IconSwords;
  if (type.startsWith('ATTACK_FAILED')) return IconSwordOff;
  if (type.startsWith('SPY_')) return IconEye;
  if (type.startsWith('EXPLORATION')) return IconCompass;
  if (type.startsWith('SALVAGE')) return IconRecycle;
  if (type.startsWith('COLONIZATION')) return IconPlanet;
  if (type.startsWith('MULTI_PARTY')) return IconUsersGroup;
  if (type === 'BUILDING_CONSTRUCTION_COMPLETED') return IconHammer;
  if (type === 'RESEARCH_PROJECT_COMPLETED') return IconFlask;
  if (type === 'UNIT_RECRUITMENT_COMPLETED') return IconBug;
  if (type === 'DEFENSE_CONSTRUCTION_COMPLETED') return IconShield;
  if (type === 'INCOMING_ATTACK_WARNING') return IconAlertTriangle;
  if (type === 'SYSTEM_ERROR_NOTIFICATION') return IconAlertOctagon;
  if (type.startsWith('FLEET') || type.startsWith('TRANSPORT') || type.startsWith('STATIONING') || type.startsWith('ALLIED')) return IconRocket;
  return IconInfoCircle;
}
