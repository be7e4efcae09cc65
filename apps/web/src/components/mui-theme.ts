import { createTheme } from '@mui/material/styles';

/**
 * Breakpoints from the spec (section 9): xs 0, sm 600, md 960, lg 1264, xl 1904.
 * Palette: a grocery green and an Italian red; every text/background pair used meets WCAG AA (≥ 4.5:1):
 * white on #1b5e20 = 7.9:1, white on #2e7d32 = 5.1:1, white on #c62828 = 5.6:1, #b71c1c on white = 6.6:1,
 * text.secondary #555 on #fff = 7.5:1 and on #f6f7f4 = 7.0:1.
 */
/**
 * The focus ring of MUI's radios, checkboxes and switches (decision 069): their focused element is an
 * invisible input, and MUI shows only a faint ripple (about 1.5:1); the ring of shell.css goes on the
 * visible control around it, inside its touch area.
 */
const focusRing = {
  '&.Mui-focusVisible': { outline: '3px solid var(--focus-ring, #0d47a1)', outlineOffset: -3 },
} as const;

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } },
  palette: {
    primary: { main: '#2e7d32', dark: '#1b5e20', light: '#e8f5e9', contrastText: '#ffffff' },
    secondary: { main: '#c62828', dark: '#8e0000', light: '#fdecea', contrastText: '#ffffff' },
    error: { main: '#b71c1c' },
    warning: { main: '#8a4b00', contrastText: '#ffffff' },
    success: { main: '#1b5e20' },
    info: { main: '#0d47a1' },
    text: { primary: '#1c1c1c', secondary: '#555555' },
    background: { default: '#f6f7f4', paper: '#ffffff' },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: '1.125rem', fontWeight: 500 },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  shape: { borderRadius: 8 },
  // the global baseline (CssBaseline with its focus and reduced-motion overrides) is plain CSS: shell.css
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: { styleOverrides: { root: { minHeight: 36 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 40, minHeight: 40 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiRadio: { styleOverrides: { root: focusRing } },
    MuiCheckbox: { styleOverrides: { root: focusRing } },
    MuiSwitch: { styleOverrides: { switchBase: focusRing } },
    // the tabs' row clips what overflows it: the ring is drawn inside the tab
    MuiTab: { styleOverrides: { root: { '&:focus-visible': { outlineOffset: -3 } } } },
    // a control reached with Tab in a dialog's scrolling content comes into view with its whole ring
    MuiDialogContent: { styleOverrides: { root: { scrollPaddingBlock: 8 } } },
    // a disabled field's helper text often says why it is disabled (the lottery code beside an invoice): it stays
    // readable (axe color-contrast), only the field itself greys out
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
  },
});
