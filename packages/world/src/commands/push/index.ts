export { subscribePush, unsubscribePush, pushPreferences, setPushPreferences, type PushSubscriptionInput } from './subscriptions.command';
export { refuseEndpoint, guardedLookup, isPrivateAddress, parseAllowedOrigins } from './push-endpoints';
export { pushToSend, forgetSubscription, type PushToSend } from './push-delivery';
