/**
 * Background services that live as long as the signed-in session (mounted once by the guarded
 * layout). The real-time connection (features/realtime) plugs in here.
 */
export function SessionServices() {
  return null;
}
