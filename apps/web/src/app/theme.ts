import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eef2ff',
  '#dce3ff',
  '#b6c4fb',
  '#8ca3f7',
  '#6a87f4',
  '#5474f2',
  '#4769f2',
  '#3858d8',
  '#2f4ec2',
  '#2243ab',
];

// Mantine's gray 6 (secondary text, icons) is 3.3:1 on white, under WCAG AA's 4.5:1; this one is 5.8:1
// on white and 4.9:1 on gray 2, the darkest background it sits on.
const gray: MantineColorsTuple = [
  ...DEFAULT_THEME.colors.gray.slice(0, 6),
  '#5f666d',
  ...DEFAULT_THEME.colors.gray.slice(7),
] as unknown as MantineColorsTuple;

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand, gray },
  primaryShade: 6,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Alert: { defaultProps: { radius: 'md', variant: 'light' } },
    Badge: { defaultProps: { radius: 'sm' } },
    // Icon-only close buttons need a name for screen readers (Mantine leaves them unnamed).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // The dropdown's focus placeholder is a child a `menu` may not have (axe: aria-required-children);
    // without it, opening the menu focuses the menu itself and the arrows move through its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // By name, so the public pages' bundle does not pull in @mantine/dates for this.
    Calendar: {
      defaultProps: {
        ariaLabels: {
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
        },
        // Faded days of the next and previous months, and red weekends, are under 4.5:1; the grid
        // still starts on Monday and every day of the month can be chosen.
        hideOutsideDates: true,
        weekendDays: [],
      },
    },
    // Every date picker marks today (global.css makes the mark an accent ring rather than a faint border).
    Day: { defaultProps: { highlightToday: true } },
    // DatePicker passes `hideOutsideDates={false}` down to its calendar unless told otherwise.
    DatePicker: { defaultProps: { hideOutsideDates: true } },
    DatePickerInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear date' } } },
  },
});

/**
 * Text colours under WCAG AA's 4.5:1 in Mantine's defaults, replaced centrally: dimmed text, errors and
 * placeholders, red and green buttons under white text, and the coloured text of light and outline badges.
 * Dark mode takes lighter shades, on the same backgrounds.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#6b7178',
    '--mantine-color-red-filled': '#c92a2a',
    '--mantine-color-red-filled-hover': '#b02525',
    '--mantine-color-red-text': '#c92a2a',
    '--mantine-color-red-light-color': '#c92a2a',
    '--mantine-color-red-outline': '#c92a2a',
    '--mantine-color-green-filled': '#237032',
    '--mantine-color-green-filled-hover': '#1d5e2a',
    '--mantine-color-teal-text': '#066649',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-teal-outline': '#066649',
    '--mantine-color-orange-text': '#a33a0b',
    '--mantine-color-orange-light-color': '#a33a0b',
    '--mantine-color-orange-outline': '#a33a0b',
    '--mantine-color-yellow-text': '#8a5300',
    '--mantine-color-yellow-light-color': '#8a5300',
    '--mantine-color-yellow-outline': '#8a5300',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': '#ff8787',
    '--mantine-color-placeholder': '#9e9e9e',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    '--mantine-color-red-filled': '#c92a2a',
    '--mantine-color-red-filled-hover': '#b02525',
    '--mantine-color-red-text': '#ff8787',
    '--mantine-color-red-light-color': '#ff8787',
    '--mantine-color-red-outline': '#ff8787',
    '--mantine-color-green-filled': '#237032',
    '--mantine-color-green-filled-hover': '#1d5e2a',
    '--mantine-color-teal-text': '#63e6be',
    '--mantine-color-teal-light-color': '#63e6be',
    '--mantine-color-teal-outline': '#63e6be',
    '--mantine-color-orange-text': '#ffa94d',
    '--mantine-color-orange-light-color': '#ffa94d',
    '--mantine-color-orange-outline': '#ffa94d',
    '--mantine-color-yellow-text': '#ffd43b',
    '--mantine-color-yellow-light-color': '#ffd43b',
    '--mantine-color-yellow-outline': '#ffd43b',
  },
});
/** Light, dark or the system's choice (the default), remembered per browser. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });
