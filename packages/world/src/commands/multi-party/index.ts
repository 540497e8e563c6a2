/** Multi-party attacks: invite, accept (join), decline, and the group's part in a recall. */
export { inviteToAttack, USERNAME_REQUIRED, ONLY_INITIATOR, type InviteInput, type InviteResult } from './invite.command';
export { acceptInvitation, tooLateSentence, type AcceptInvitationInput, type JoinResult } from './accept-invitation.command';
export { INVITATION_NOT_FOUND, INVITATION_EXPIRED } from './attack-group';
export { declineInvitation, type DeclineResult } from './decline-invitation.command';
