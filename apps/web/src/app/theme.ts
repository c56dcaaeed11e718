import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
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
  },
});
