/** The real-time channel (/ws): mounted once per signed-in session. */
export { RealtimeConnection } from './realtime-connection';
export { RealtimeClient, realtimeUrl, PING, PONG } from './realtime-client';
