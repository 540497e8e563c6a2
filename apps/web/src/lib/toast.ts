import { notifications } from '@mantine/notifications';

/** Toast timings and limit from core §9. */
export const ERROR_TOAST_MS = 4000;
export const SUCCESS_TOAST_MS = 2000;
export const TOAST_LIMIT = 20;

export interface ToastOptions {
  title?: string;
  /** Override the default duration (ms), e.g. the real-time failure toast's 10 s. */
  autoClose?: number;
  /** Same id replaces instead of stacking (e.g. one 'connected' toast). */
  id?: string;
}

/** The same error from several calls at once (a server restart, say) shows once while it is on screen. */
const visibleErrors = new Map<string, number>();

export function showError(message: string, options: ToastOptions = {}): string | null {
  const now = Date.now();
  const autoClose = options.autoClose ?? ERROR_TOAST_MS;
  for (const [text, shownUntil] of visibleErrors) if (shownUntil <= now) visibleErrors.delete(text);
  const until = visibleErrors.get(message);
  if (!options.id && until !== undefined && until > now) return null;
  visibleErrors.set(message, now + autoClose);
  return notifications.show({
    color: 'red',
    message,
    title: options.title,
    id: options.id,
    autoClose,
    withBorder: true,
    'data-toast': 'error',
  });
}

export function showSuccess(message: string, options: ToastOptions = {}): string {
  return notifications.show({
    color: 'acid',
    message,
    title: options.title,
    id: options.id,
    autoClose: options.autoClose ?? SUCCESS_TOAST_MS,
    withBorder: true,
    'data-toast': 'success',
  });
}

/** Neutral information (real-time events and the like); success timing. */
export function showInfo(message: string, options: ToastOptions = {}): string {
  return notifications.show({
    color: 'brood',
    message,
    title: options.title,
    id: options.id,
    autoClose: options.autoClose ?? SUCCESS_TOAST_MS,
    withBorder: true,
    'data-toast': 'info',
  });
}
