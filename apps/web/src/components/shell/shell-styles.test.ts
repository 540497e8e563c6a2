import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../../theme';
import { SHELL_STYLES } from './shell-styles';

describe('the dashboard shell', () => {
  it("paints the phone's bottom bar opaque, so the page scrolling under it ('QUEUES') does not show through", () => {
    expect(SHELL_STYLES.footer.background).toBe('var(--bs-solid)');
    expect(SHELL_STYLES.header.background).toBe('var(--bs-solid)');
    const solid = cssVariablesResolver(theme as never).variables['--bs-solid'];
    expect(solid).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  });
});
