import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { lazyWithMuiTheme } from './lazy-with-mui-theme';
import { withMuiTheme } from './mui-theme-provider';

/** Shows the primary colour and the md breakpoint of the MUI theme it renders in. */
function ThemeProbe({ label }: { label: string }) {
  const theme = useTheme();
  return (
    <span>
      {label} {theme.palette.primary.main} md={theme.breakpoints.values.md}
    </span>
  );
}

describe('the MUI theme around the parts that render MUI components', () => {
  it('a component outside it gets MUI’s default theme (what the shop must never show)', () => {
    render(<ThemeProbe label="senza" />);
    expect(screen.getByText('senza #1976d2 md=900')).toBeInTheDocument();
  });

  it('withMuiTheme renders the component, with its props, inside the shop’s theme', () => {
    const Themed = withMuiTheme(ThemeProbe);
    render(<Themed label="pagina" />);
    expect(screen.getByText('pagina #2e7d32 md=960')).toBeInTheDocument();
  });

  it('lazyWithMuiTheme loads the component with the theme and renders it inside', async () => {
    const LazyProbe = lazyWithMuiTheme(() => Promise.resolve({ default: ThemeProbe }));
    render(
      <Suspense fallback={<span>caricamento</span>}>
        <LazyProbe label="dialogo" />
      </Suspense>,
    );
    expect(await screen.findByText('dialogo #2e7d32 md=960')).toBeInTheDocument();
  });
});
