import { RealtimeConnection } from '../../features/realtime';

/**
 * Background services that live as long as the signed-in session (mounted once by the guarded
 * layout): the real-time connection.
 */
export function SessionServices() {
  return <RealtimeConnection />;
}
