/**
 * Lets non-React code (the 401 handler, logout) move the browser without importing the router,
 * which would import every screen. The router registers itself once in main.tsx.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

/** Pages where a 401 must not bounce the visitor (they are already signing in). */
export function isOnAuthPage(pathname: string = window.location.pathname): boolean {
  return pathname === '/login' || pathname === '/register' || pathname.startsWith('/login/') || pathname.startsWith('/register/');
}

/** Where a signed-in visitor of /login goes: the remembered location if it is one of ours, else /dashboard. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/dashboard';
  if (/^\/(login|register)(\/|\?|#|$)/.test(target)) return '/dashboard';
  return target;
}
