import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { showError, showInfo, showSuccess, ERROR_TOAST_MS } from '../../lib/toast';
import { expireSession } from '../../lib/session';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';
import { namesFrom } from '../notifications';
import { dispatchEvent, type DispatcherDeps } from './event-dispatcher';
import { REFRESH_PATHS, type EventToast } from './event-effects';
import { RealtimeClient, realtimeUrl } from './realtime-client';
import { CONNECTED_TOAST_MS, GAVE_UP_MESSAGE, GAVE_UP_TOAST_MS } from './reconnect';

export const CONNECTED_MESSAGE = 'Real-time updates connected.';

function showEventToast(toast: EventToast): void {
  if (toast.kind === 'success') showSuccess(toast.message);
  else if (toast.kind === 'error') showError(toast.message);
  else if (toast.kind === 'info') showInfo(toast.message);
  else notifications.show({ color: 'orange', message: toast.message, autoClose: ERROR_TOAST_MS, withBorder: true, 'data-toast': 'warning' });
}

/**
 * The real-time channel for the signed-in session: opens once the token and the restored user are
 * there, closes cleanly (1000) when they go (logout). Mounted once by SessionServices.
 */
export function RealtimeConnection() {
  const token = useAuthStore((s) => s.token);
  const ready = useAuthStore((s) => s.currentUser !== null);
  const queryClient = useQueryClient();
  const trpc = useTRPC();

  useEffect(() => {
    if (!token || !ready) return;
    const deps: DispatcherDeps = {
      nameOf: (key) => {
        const data = queryClient.getQueryData(trpc.gameData.all.queryKey());
        return namesFrom(data?.resources, data?.units, data?.defenses, data?.structures, data?.technologies)(key);
      },
      showToast: showEventToast,
      refresh: (groups, active) => {
        for (const group of groups) {
          for (const path of REFRESH_PATHS[group]) {
            void queryClient.invalidateQueries({ queryKey: [path], refetchType: active ? 'active' : 'none' });
          }
        }
      },
      warn: (message, detail) => console.warn(message, detail),
      endSession: (message) => {
        expireSession(queryClient);
        useAuthStore.getState().setError(message);
      },
    };
    const client = new RealtimeClient({
      url: realtimeUrl(token),
      onMessage: (message) => dispatchEvent(deps, message),
      onOpen: () => showSuccess(CONNECTED_MESSAGE, { id: 'realtime-connected', autoClose: CONNECTED_TOAST_MS }),
      onGiveUp: () => showError(GAVE_UP_MESSAGE, { id: 'realtime-gave-up', autoClose: GAVE_UP_TOAST_MS }),
    });
    client.start();
    return () => {
      client.stop();
    };
  }, [token, ready, queryClient, trpc]);

  return null;
}
