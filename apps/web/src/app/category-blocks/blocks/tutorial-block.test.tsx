import { act, render as renderBare, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import '../../../lib/i18n';
import { saveCookiePreferences } from '../../../lib/cookie-consent';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeProposal } from '../../../test/fixtures';
import { theme } from '../../../components/mui-theme';
import { TutorialBlock } from './tutorial-block';

const render = (ui: ReactElement) => renderBare(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

/** The first-run tutorial (app build, spec sections 2 and 4): shown once per first proposal, close and skip. */
const tutorial = (ids: number[]): CategoryBlock => ({
  categoryBlockId: 77,
  position: 'main',
  priority: 1,
  templateBlock: { codInt: 'Tutorial', name: 'Tutorial' },
  templateBlockType: { modeName: 'default' },
  proposals: ids.map((id) => makeProposal(id, { name: `Passo ${id}`, descr: `Come si fa ${id}` })),
  metaData: {},
});

afterEach(() => localStorage.clear());

describe('TutorialBlock on a first visit', () => {
  it('waits for the cookie choice: the banner is answered first, then the tutorial opens', async () => {
    render(<TutorialBlock block={tutorial([3, 4])} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      saveCookiePreferences({ analytics: false, profilation: false });
    });
    expect(await screen.findByRole('dialog', { name: 'Passo 3' })).toBeInTheDocument();
  });
});

describe('TutorialBlock', () => {
  beforeEach(() => {
    saveCookiePreferences({ analytics: true, profilation: true });
  });

  it('shows the steps; "Salta" stores the first proposal id, and the same tutorial is not shown again', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<TutorialBlock block={tutorial([5, 6])} />);
    expect(await screen.findByRole('dialog', { name: 'Passo 5' })).toBeInTheDocument();
    expect(screen.getByText('Passo 1 di 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(screen.getByRole('dialog', { name: 'Passo 6' })).toBeInTheDocument();
    // the last step: no skip, a close button
    expect(screen.queryByRole('button', { name: 'Salta' })).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Chiudi' })[1]!);
    expect(localStorage.getItem(STORAGE_KEYS.lastTutorialId)).toBe('5');
    unmount();
    render(<TutorialBlock block={tutorial([5, 6])} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is persistent: Escape does not close it; the close button and "Salta" do', async () => {
    const user = userEvent.setup();
    render(<TutorialBlock block={tutorial([8, 9])} />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salta' }));
    expect(localStorage.getItem(STORAGE_KEYS.lastTutorialId)).toBe('8');
  });

  it('a new tutorial (another first proposal) is shown again; none without proposals', async () => {
    localStorage.setItem(STORAGE_KEYS.lastTutorialId, '5');
    const { unmount } = render(<TutorialBlock block={tutorial([12])} />);
    expect(await screen.findByRole('dialog', { name: 'Passo 12' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Chiudi' })[0]!);
    expect(localStorage.getItem(STORAGE_KEYS.lastTutorialId)).toBe('12');
    unmount();
    render(<TutorialBlock block={tutorial([])} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
