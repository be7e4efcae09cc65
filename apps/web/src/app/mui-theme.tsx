import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * The MUI theme for the MUI components of the app (dialogs, menus, forms, account pages). Provided by the
 * root layout, a lazy module, so the entry chunk holds neither MUI's styling engine (emotion, the theme
 * machinery) nor the theme: the app shell and the cookie banner paint before they are downloaded and run.
 * The global baseline (what CssBaseline would inject) is plain CSS in shell.css.
 */
export function MuiThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
