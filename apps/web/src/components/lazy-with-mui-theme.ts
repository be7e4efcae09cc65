import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a component that renders MUI components (a dialog, a menu, a drawer): its module and the
 * shop's MUI theme load together, and it renders inside the theme. The pages and the layout around it provide
 * no theme (components/mui-theme-provider.tsx, decision 062), so a plain `lazy` there would show MUI's
 * default colours and breakpoints.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyWithMuiTheme<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() =>
    Promise.all([load(), import('./mui-theme-provider')]).then(([module, { withMuiTheme }]) => ({
      default: withMuiTheme(module.default),
    })),
  );
}
