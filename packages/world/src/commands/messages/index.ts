export { MESSAGE_RULES, messageText, checkSendLimit } from './message-rules';
export { sendMessage, sendCircular } from './send-message.command';
export { markMessageRead, deleteMessage, reportMessage } from './message-actions.command';
export { blockPlayer, unblockPlayer } from './blocks.command';
export { requestBuddy, acceptBuddy, declineBuddy, removeBuddy } from './buddies.command';
export { removeOldMessages } from './remove-old-messages.command';
