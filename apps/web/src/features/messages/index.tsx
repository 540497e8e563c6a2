/** Players talk (issue 28): messages, circulars, buddies, the profile card and every player's name. */
export { MessagesPage } from './messages-page';
export { MessagesButton } from './messages-button';
export { PlayerCardModal } from './player-card';
export { ComposeModal } from './compose-modal';
export { CircularButton } from './circular-button';
