import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu, defaultTheme, useGetIdentity, type RaThemeOptions } from 'react-admin';

/**
 * The back office's frame: react-admin's layout with colours that meet WCAG 2.2 AA contrast (white on
 * #1565c0: 5.7:1), named loading spinners, and the user menu named by the person it shows, so its accessible
 * name is its visible text.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#1565c0' } },
  components: {
    ...defaultTheme.components,
    // react-admin's loading spinners (app bar, buttons) have no name of their own: a progressbar needs one
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Caricamento in corso' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Caricamento in corso' } },
  },
};

function StaffMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'} />;
}

const StaffAppBar = () => <AppBar userMenu={<StaffMenu />} />;

export function StaffLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={StaffAppBar}>{children}</Layout>;
}
