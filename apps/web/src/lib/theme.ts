import { type CSSVariablesResolver, createTheme, darken, luminance } from '@mantine/core';

export const theme = createTheme({
  fontFamily: 'IBM Plex Sans Arabic, system-ui, sans-serif',
  headings: { fontFamily: 'IBM Plex Sans Arabic, system-ui, sans-serif', fontWeight: '700' },
  primaryColor: 'teal',
  // Shade 9: white text on the filled teal reaches WCAG AA (5.0:1); shade 7 gave 3.1:1.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    // The shapes of the app, said once: pill buttons and icons, large cards.
    Button: { defaultProps: { radius: 'xl' } },
    ActionIcon: { defaultProps: { radius: 'xl' } },
    ThemeIcon: { defaultProps: { radius: 'xl' } },
    Avatar: { defaultProps: { radius: 'xl' } },
    SegmentedControl: { defaultProps: { radius: 'xl' } },
    Pagination: { defaultProps: { radius: 'xl' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { transitionProps: { duration: 150 } } },
    Tooltip: { defaultProps: { withArrow: true } },
    // A value out of range stays as typed and the form says why; clamping it on blur saved 150 %
    // as 100 % with a success toast.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
    // Mantine keeps every closed select's option list in the page (display: none) and positions
    // it at mount; a list page with three filters paid for hundreds of hidden options and forced
    // style recalculations. The list now mounts when it opens.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` darkened in steps until its text on `background` reaches AA for small text (4.5:1). */
function readableOn(color: string, background: string): string {
  let c = color;
  for (let i = 0; i < 12 && contrast(c, background) < 4.6; i++) c = darken(c, 0.06);
  return c;
}

/**
 * A softer page background behind cards, in both schemes; and text that passes WCAG AA (4.5:1):
 * "dimmed" text and placeholders in both schemes, and, in the light scheme, the text of light
 * badges and icons (shade 9 on shade 1 is 2.7–4.3:1 for green, orange, yellow and teal).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--idara-page-bg': t.colors.gray[0],
    '--idara-surface': t.white,
    '--mantine-color-dimmed': '#5f6770',
    // Placeholders are read as hints (a date picker shows its empty value as one): 4.8:1 on white.
    '--mantine-color-placeholder': '#6b7280',
    // Errors (a field's message, its text and border): Mantine's red 6 is 3.3:1 on white; red 9 is 5.5:1.
    '--mantine-color-error': t.colors.red[9],
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableOn(shades[9], shades[1]),
      ]),
    ),
  },
  dark: {
    '--idara-page-bg': t.colors.dark[8],
    '--idara-surface': t.colors.dark[7],
    // Mantine's dark dimmed (dark 2, #828282) is 4.0:1 on a card; this is 5.9:1 on a card and
    // 6.3:1 on the page and 5.2:1 in an input.
    '--mantine-color-dimmed': '#a0a0a0',
    '--mantine-color-placeholder': '#a0a0a0',
    // Mantine's dark error (red 8) is 3.0:1 in an input; red 4 is 5.9:1 in an input, 6.7:1 on a card.
    '--mantine-color-error': t.colors.red[4],
  },
});
