/**
 * Registers the service worker (public/sw.js) of the built app: it caches the hashed assets, shows
 * the offline page, and shows pushes. Not in development, where Vite serves unhashed modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The service worker could not be registered', error));
  });
}
