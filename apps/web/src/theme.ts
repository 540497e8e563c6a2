import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Acid green: the swarm's bioluminescence. Primary actions, success, own things. */
const acid: MantineColorsTuple = ['#f4ffe0', '#e6ffc2', '#cdff85', '#b3ff45', '#9dff12', '#8ef200', '#7ad100', '#5fa300', '#467800', '#2d4d00'];
/** Brood violet: psionic accents, rare things, information. */
const brood: MantineColorsTuple = ['#f6ecff', '#e7d4ff', '#cca6ff', '#b073ff', '#9747ff', '#882bff', '#7f1bff', '#6c0ee4', '#5f08cc', '#5100b3'];
/** Deep-space navy replaces Mantine's grey "dark" scale: body is dark[7], surfaces dark[6]. */
const dark: MantineColorsTuple = ['#d3daf0', '#aab4d3', '#8792b6', '#5f6b93', '#3c476b', '#2a3352', '#1b2340', '#111830', '#0b1123', '#060a17'];

export const theme = createTheme({
  primaryColor: 'acid',
  // One shade for both schemes: the app always runs dark, and auto-contrast judges a colour by the
  // light scheme's shade, so with 7 there it put white text on the bright acid-5 that is shown (1.3:1).
  primaryShade: 5,
  autoContrast: true,
  luminanceThreshold: 0.4,
  colors: { acid, brood, dark },
  black: '#05070f',
  white: '#eef2ff',
  fontFamily: "'Exo 2 Variable', 'Segoe UI', system-ui, -apple-system, sans-serif",
  fontFamilyMonospace: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, monospace",
  headings: {
    fontFamily: "'Orbitron Variable', 'Exo 2 Variable', system-ui, sans-serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // A player who asks their system for less motion gets dialogs, menus and drawers that appear and
  // go without sliding or fading, as the app's own pulses and the map's camera already stop for them.
  respectReducedMotion: true,
  focusRing: 'auto',
  components: {
    Modal: {
      defaultProps: {
        centered: true,
        overlayProps: { backgroundOpacity: 0.6, blur: 4 },
        radius: 'lg',
      },
      styles: {
        title: { fontFamily: 'var(--mantine-font-family-headings)', fontWeight: 700, letterSpacing: '0.04em' },
        content: { border: '1px solid var(--bs-edge)', boxShadow: 'var(--bs-glow), 0 24px 80px rgba(0, 0, 0, 0.6)' },
      },
    },
    Menu: { defaultProps: { shadow: 'xl', radius: 'md', withinPortal: true } },
    // Every toast's close button says what it does (axe: a button needs a name a screen reader can read).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 150 } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
  },
});

/** Surfaces a touch translucent so the starfield shows through; borders with a faint acid tint. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--bs-glass': 'rgba(12, 18, 38, 0.78)',
    '--bs-glass-strong': 'rgba(10, 15, 32, 0.92)',
    /** Bars the page scrolls under (the phone's bottom tab bar). */
    '--bs-solid': 'rgb(10, 15, 32)',
    '--bs-edge': 'rgba(157, 255, 18, 0.14)',
    '--bs-edge-violet': 'rgba(151, 71, 255, 0.28)',
    '--bs-glow': '0 0 24px rgba(157, 255, 18, 0.18)',
  },
  light: {},
  dark: {
    '--mantine-color-body': '#060a17',
    '--mantine-color-default-border': 'rgba(135, 146, 182, 0.22)',
  },
});
