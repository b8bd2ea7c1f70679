import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  fontFamily: 'IBM Plex Sans Arabic, system-ui, sans-serif',
  headings: { fontFamily: 'IBM Plex Sans Arabic, system-ui, sans-serif', fontWeight: '700' },
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Modal: { defaultProps: { transitionProps: { duration: 150 } } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});

/** A softer page background behind cards, in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--idara-page-bg': t.colors.gray[0], '--idara-surface': t.white },
  dark: { '--idara-page-bg': t.colors.dark[8], '--idara-surface': t.colors.dark[7] },
});
