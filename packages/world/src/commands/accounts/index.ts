export * from './account-deps';
export { toUserView, type UserView, type AllianceMembershipView } from './user-view';
export { registerAccount, type RegisterInput } from './register.command';
export { createGuest, pruneGuestSignups } from './create-guest.command';
export { authenticate, pruneLoginAttempts, type Credentials } from './authenticate.command';
export { claimGuest } from './claim.command';
export { getProfile, findSessionUser, loadOwnAccount } from './profile.command';
export { setAvatar } from './set-avatar.command';
export { removeExpiredGuests } from './remove-expired-guests.command';
