export { foundAlliance, ALREADY_IN_ALLIANCE, NAME_OR_TAG_TAKEN } from './found-alliance.command';
export { updateAlliance, disbandAlliance } from './alliance-settings.command';
export { applyToAlliance, decideApplication, APPLICATION_REFUSALS } from './applications.command';
export { leaveAlliance, kickMember, changeMemberRank, transferLeadership, LEADER_CANNOT_LEAVE, LEADER_ONLY_BY_TRANSFER, SELECTED_OFFICER_NOT_FOUND } from './membership.command';
export { ALLIANCE_RULES } from './alliance-input';
export { NOT_THIS_ALLIANCE } from './alliance-members';
export { announceSlotResearch, type CompletedResearch } from './alliance-slots';
export { alliancesLedBy, announceSuccessions, type Succession } from './alliance-succession';
