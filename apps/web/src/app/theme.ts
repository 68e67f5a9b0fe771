import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep Andean green; shade 8 (the primary) has 7.9:1 contrast on white. */
const andes: MantineColorsTuple = [
  '#e8f6f1',
  '#cfe9e0',
  '#a1d3c1',
  '#6fbc9f',
  '#47a883',
  '#2e9a71',
  '#1f8a63',
  '#0f7352',
  '#0c5c46',
  '#084233',
];

/** Warm terracotta for accents (prices, highlights); shade 8 passes AA on white. */
const terracotta: MantineColorsTuple = [
  '#fdf0ea',
  '#f7dccf',
  '#efb69c',
  '#e78e67',
  '#e06d3b',
  '#dc5920',
  '#c24b16',
  '#a63f12',
  '#8c340e',
  '#6f2809',
];

export const theme = createTheme({
  primaryColor: 'andes',
  primaryShade: { light: 8, dark: 5 },
  colors: { andes, terracotta },
  defaultRadius: 'md',
  // No dialog or menu animations for those who ask their system for less motion.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { size: 'md' } },
    // A badge's text is never cut with "…" (issue 28: statuses at 360 px, in Spanish): in a
    // narrow column it wraps inside the badge, which grows to hold it.
    Badge: {
      styles: {
        root: {
          height: 'auto',
          minHeight: 'var(--badge-height)',
          maxWidth: '100%',
          overflow: 'visible',
          textOverflow: 'clip',
        },
        label: {
          whiteSpace: 'normal',
          overflow: 'visible',
          textOverflow: 'clip',
          textAlign: 'center',
          lineHeight: 1.3,
          paddingBlock: 2,
        },
      },
    },
  },
});

/**
 * Mantine's default dimmed text, placeholder and error red are below WCAG AA contrast on white;
 * these replace them (dimmed 6.1:1, placeholder 4.8:1, error 5.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b7280',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
