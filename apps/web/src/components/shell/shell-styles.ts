/** The AppShell's bars and side panels (dashboard and /notifications). */
export const SHELL_STYLES = {
  header: { background: 'var(--bs-solid)', borderColor: 'var(--bs-edge)' },
  navbar: { background: 'var(--bs-glass)', borderColor: 'var(--bs-edge)' },
  aside: { background: 'var(--bs-glass)', borderColor: 'var(--bs-edge)' },
  // Opaque bars: the page scrolls under the top bar and the phone's bottom bar, and its headings ('QUEUES',
  // 'NEXT STEPS') must not show through.
  footer: { background: 'var(--bs-solid)', borderColor: 'var(--bs-edge)' },
} as const;
