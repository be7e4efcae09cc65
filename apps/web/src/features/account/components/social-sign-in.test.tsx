import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, mockApi, ok, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { closeLoginDialog } from '../../../lib/login-dialog-store';
import { SIGN_IN_MESSAGE } from '../utils/social-sign-in';

const OPTIONS = {
  social: [
    { provider: 'google' as const, name: 'Google' },
    { provider: 'facebook' as const, name: 'Facebook' },
  ],
  companies: [{ slug: 'spesa-sede', name: 'Spesa S.p.A. – Sede di Milano' }],
};

async function openDialog() {
  const app = renderApp('/');
  const [button] = await screen.findAllByRole('button', { name: 'Accedi' });
  await app.user.click(button!);
  const dialog = await screen.findByRole('dialog', { name: 'Accedi' });
  return { ...app, dialog: within(dialog) };
}

afterEach(() => {
  vi.restoreAllMocks();
  // the dialog's open state is the app's (a module store): a test that leaves it open must not open it in the next;
  // the app is still mounted here, so its header re-renders inside act
  act(() => closeLoginDialog());
});

describe('Social sign-in in the login dialog (decision 054)', () => {
  it('opens the provider in a 600×600 popup and follows its result to the registration', async () => {
    mockApi({ '/identity/options': () => ok(OPTIONS) });
    const popup = { closed: false } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const { user, dialog, router } = await openDialog();
    const google = await dialog.findByRole('button', { name: 'Accedi con Google' });
    expect(dialog.getByRole('link', { name: /Accesso aziendale: Spesa S\.p\.A\./ })).toHaveAttribute(
      'href',
      '/ebsn/api/saml/do-login?company=spesa-sede&relay_state_url=%2Fdashboard',
    );
    await user.click(google);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0]!;
    expect(url).toBe('/ebsn/api/social-redir/google-mobile?relay_state_url=%2Fdashboard&popup=1');
    expect(features).toContain('width=600');
    expect(features).toContain('height=600');
    expect(await dialog.findByText("Completa l'accesso nella finestra di Google…")).toBeInTheDocument();

    // a message from another window or origin is ignored
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://malevolo.example',
          source: popup as never,
          data: { type: SIGN_IN_MESSAGE, outcome: 'signedIn', next: '/', provider: '' },
        }),
      );
    });
    expect(router.state.location.pathname).toBe('/');

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          source: popup as never,
          data: {
            type: SIGN_IN_MESSAGE,
            outcome: 'register',
            provider: 'google',
            next: '/dashboard',
            code: '',
          },
        }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration-user'));
    expect(router.state.location.search).toBe('?social_login=google');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why a refused sign-in failed, and keeps the dialog', async () => {
    mockApi({ '/identity/options': () => ok(OPTIONS) });
    const popup = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const { user, dialog } = await openDialog();
    await user.click(await dialog.findByRole('button', { name: 'Accedi con Facebook' }));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          source: popup as never,
          data: {
            type: SIGN_IN_MESSAGE,
            outcome: 'error',
            provider: 'facebook',
            next: '',
            code: 'msg.identity.emailUnverified',
          },
        }),
      );
    });
    expect(
      await dialog.findByText(/non è verificato ed è già usato da un account Spesa/),
    ).toBeInTheDocument();
  });

  it('goes to the provider in the whole window when popups are blocked', async () => {
    mockApi({ '/identity/options': () => ok(OPTIONS) });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { user, dialog } = await openDialog();
    await user.click(await dialog.findByRole('button', { name: 'Accedi con Google' }));
    expect(assign).toHaveBeenCalledWith('/ebsn/api/social-redir/google-mobile?relay_state_url=%2Fdashboard');
  });
});

describe('/social-login/callback without an opener', () => {
  it('a signed-in result goes on to its page', async () => {
    mockApi({ '/auth/test': () => okAs(SIGNED_IN_USER, { authenticated: true }) });
    const { router } = renderApp('/social-login/callback?outcome=signedIn&provider=&next=%2Fvolantini');
    await waitFor(() => expect(router.state.location.pathname).toBe('/volantini'));
  });

  it('a refusal is told, with the way back to the login', async () => {
    mockApi({});
    const { user } = renderApp(
      '/social-login/callback?outcome=error&provider=google&code=msg.identity.stateInvalid',
    );
    // the cookie banner hides the page's headings until it is answered
    const banner = await screen.findByRole('region', { name: 'Rispettiamo la tua privacy' });
    await user.click(within(banner).getByRole('button', { name: 'Rifiuta' }));
    expect(
      await screen.findByRole('heading', { name: 'Accesso non riuscito' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/già stato usato/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Torna all'accesso" })).toHaveAttribute('href', '/login');
  });

  it('a foreign next is never followed', async () => {
    mockApi({ '/auth/test': () => okAs(SIGNED_IN_USER, { authenticated: true }) });
    const { router } = renderApp('/social-login/callback?outcome=signedIn&next=%2F%2Fmalevolo.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/social-login/link', () => {
  it("links the waiting identity with the account's password, then goes to the dashboard", async () => {
    const fetchMock = mockApi({
      '/registration/social_user_detail': () =>
        ok({
          provider: 'facebook',
          email: 'mario.rossi@spesa.demo',
          emailVerified: true,
          firstName: 'Mario',
          lastName: 'Rossi',
          linkRequired: true,
        }),
      '/registration/social_link_confirm': () => okAs(SIGNED_IN_USER, { relayStateUrl: '/dashboard' }),
      '/auth/test': () => okAs(SIGNED_IN_USER, { authenticated: true }),
    });
    const { user, router } = renderApp('/social-login/link');
    expect(
      await screen.findByText(/mario\.rossi@spesa\.demo appartiene già a un account Spesa/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Spesa2026!');
    await user.click(screen.getByRole('button', { name: 'Collega e accedi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodiesTo(fetchMock, '/registration/social_link_confirm')).toEqual([{ password: 'Spesa2026!' }]);
  });

  it('says so when no identity waits for a link', async () => {
    mockApi({});
    renderApp('/social-login/link');
    expect(await screen.findByText(/Non c'è un accesso in attesa di collegamento/)).toBeInTheDocument();
  });
});
