import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './mui-theme';

/**
 * The shop's MUI theme around the MUI components of one part of the app. There is no theme at the root: the
 * layout and the catalogue's pages (home, listings, product, search, content) are plain CSS, and MUI's styling
 * engine with its themes (the `mui-core` chunk, ~25 ms of evaluation on a phone) loads only with a part that
 * renders MUI components: a page (`muiPage` in app/routes.tsx) or a lazy component (`lazyWithMuiTheme`).
 * The global baseline (what CssBaseline would inject) is plain CSS in shell.css. Decision 062.
 */
export function MuiThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** `Component` inside the shop's MUI theme, with the same props. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy accepts
export function withMuiTheme<T extends ComponentType<any>>(Component: T): T {
  function Themed(props: ComponentProps<T>) {
    return (
      <MuiThemeProvider>
        <Component {...props} />
      </MuiThemeProvider>
    );
  }
  Themed.displayName = `WithMuiTheme(${Component.displayName ?? Component.name})`;
  return Themed as unknown as T;
}
