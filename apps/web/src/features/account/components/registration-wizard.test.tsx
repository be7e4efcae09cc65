import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@spesa/shared/account/validation-rules';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, failure, mockApi, ok } from '../../../test/mock-api';
import { registrationDisclaimers } from '../../../test/account-fixtures';
import { enterDate } from '../../../test/date-picker';

const field = (name: string) => screen.getByRole('textbox', { name });
const next = () => screen.getByRole('button', { name: 'Avanti' });

describe('Registration wizard', () => {
  it('validates each step with the shared messages and maps server field errors back to their step', async () => {
    let registered = 0;
    const fetchMock = mockApi({
      '/registration-disclaimer/list': () => ok({ registrationDisclaimers }),
      '/registration/register_user': () => {
        registered += 1;
        return registered === 1
          ? failure(2, 'Il codice fiscale non corrisponde ai dati anagrafici.', 400, {
              field: 'person.fiscalCode',
            })
          : ok({ userId: 9, email: 'luca@example.it', confirmationRequired: true });
      },
    });
    const { user, router } = renderApp('/registration-user?social_login=google');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrati' })).toBeInTheDocument();
    expect(
      screen.getByText('Completa la registrazione per collegare il tuo account google.'),
    ).toBeInTheDocument();

    // choice: with the card, its number is mandatory and 13 digits long
    await user.click(screen.getByRole('radio', { name: 'Con carta fedeltà' }));
    await user.click(next());
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    await user.type(field('Numero della carta fedeltà'), '123');
    await user.click(next());
    expect(await screen.findByText(MESSAGES.exactLength(13))).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Con e-mail' }));
    await user.click(next());

    // step 1: personal data
    const heading1 = await screen.findByRole('heading', { level: 2, name: 'Dati personali' });
    await waitFor(() => expect(heading1).toHaveFocus());
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'Passo 1 di 3: Dati personali',
    );
    await user.click(next());
    const firstName = field('Nome');
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    expect(firstName).toBeRequired();
    expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      MESSAGES.required,
    );
    await waitFor(() => expect(firstName).toHaveFocus());

    await user.type(firstName, 'Luca');
    await user.type(field('Cognome'), 'Neri');
    await user.click(screen.getByRole('radio', { name: 'Maschio' }));
    await enterDate(/^Data di nascita/, '04/05/1990');
    await user.type(field('Luogo di nascita'), 'Como');
    await user.type(field('Cellulare'), '12');
    await user.click(next());
    expect(await screen.findByText(MESSAGES.phone)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.fiscalCodeForCitizens)).toBeInTheDocument();
    await user.type(field('Codice fiscale'), 'abc');
    await user.click(next());
    expect(await screen.findByText(MESSAGES.fiscalCode)).toBeInTheDocument();
    await user.clear(field('Codice fiscale'));
    await user.type(field('Codice fiscale'), 'nrelcu90e04c933y');
    expect(field('Codice fiscale')).toHaveValue('NRELCU90E04C933Y');
    await user.clear(field('Cellulare'));
    await user.type(field('Cellulare'), '3331234567');
    await user.click(next());

    // step 2: domicile
    await screen.findByRole('heading', { level: 2, name: 'Dati di domicilio' });
    await user.type(field('Indirizzo'), 'Via Milano');
    await user.type(field('Numero civico'), '3');
    await user.type(field('CAP'), '22');
    await user.type(field('Comune'), 'Como');
    await user.type(field('Provincia'), 'co');
    await user.click(next());
    expect(await screen.findByText(MESSAGES.postalCode)).toBeInTheDocument();
    await user.clear(field('CAP'));
    await user.type(field('CAP'), '22100');
    await user.click(next());

    // step 3: account and privacy
    await screen.findByRole('heading', { level: 2, name: 'Account e privacy' });
    await user.type(field('E-mail'), 'luca@example');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.type(screen.getByLabelText(/^Conferma la password/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Completa la registrazione' }));
    expect(await screen.findByText(MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    const privacy = screen.getByRole('checkbox', { name: /Ho letto l'informativa sulla privacy/ });
    expect(privacy).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(MESSAGES.consentRequired)).toBeInTheDocument();

    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'luca@example.it');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Segreta1!');
    await user.clear(screen.getByLabelText(/^Conferma la password/));
    await user.type(screen.getByLabelText(/^Conferma la password/), 'Segreta1!');
    await user.click(privacy);
    await user.click(screen.getByRole('button', { name: 'Completa la registrazione' }));

    // the server refuses the fiscal code: back to step 1, the message on the field
    const fiscal = await screen.findByRole('textbox', { name: 'Codice fiscale' });
    await waitFor(() => expect(fiscal).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Il codice fiscale non corrisponde ai dati anagrafici.')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/registration/register_user')[0]).toMatchObject({
      registrationType: 'email',
      person: { firstName: 'Luca', fiscalCode: 'NRELCU90E04C933Y', gender: 'M' },
      domicile: { postalCode: '22100', province: 'CO', countryId: 1 },
      account: {
        email: 'luca@example.it',
        disclaimers: [
          { registrationDisclaimerId: 1, value: true },
          { registrationDisclaimerId: 2, value: false },
        ],
      },
    });

    // the values are kept: going on again reaches the end
    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Dati di domicilio' });
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Completa la registrazione' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/thankyou'));
    expect(await screen.findByText(/luca@example\.it/)).toBeInTheDocument();
  });

  it('says what is wrong with the tax code as soon as it is left, and marks it mandatory for citizens', async () => {
    mockApi({ '/registration-disclaimer/list': () => ok({ registrationDisclaimers }) });
    const { user } = renderApp('/registration-user');
    await screen.findByRole('heading', { level: 1, name: 'Registrati' });
    await user.click(screen.getByRole('radio', { name: 'Con e-mail' }));
    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Dati personali' });
    const fiscal = field('Codice fiscale');
    // an Italian citizen (the default) must give it: the field says so, as the others
    expect(fiscal).toBeRequired();
    await user.click(screen.getByRole('checkbox', { name: /cittadinanza italiana/i }));
    expect(fiscal).not.toBeRequired();
    await user.click(screen.getByRole('checkbox', { name: /cittadinanza italiana/i }));

    await user.type(field('Nome'), 'Mario');
    await user.type(field('Cognome'), 'Rossi');
    // the right structure with the wrong control character: refused on leaving the field
    await user.type(fiscal, 'rssmra85t10f205x');
    await user.tab();
    await waitFor(() => expect(fiscal).toHaveAttribute('aria-invalid', 'true'));
    expect(fiscal).toHaveAccessibleDescription(MESSAGES.fiscalCode);
    // a real code that is not this person's
    await user.clear(fiscal);
    await user.type(fiscal, 'BNCLRA85T50F205A');
    await user.tab();
    await waitFor(() => expect(fiscal).toHaveAccessibleDescription(MESSAGES.fiscalCodeMismatch));
    // the person's own code: the message goes
    await user.clear(fiscal);
    await user.type(fiscal, 'RSSMRA85T10F205R');
    await user.tab();
    await waitFor(() => expect(fiscal).not.toHaveAttribute('aria-invalid'));
  });

  it('fills the comune and its province from the CAP, as the address book does', async () => {
    mockApi({
      '/registration-disclaimer/list': () => ok({ registrationDisclaimers }),
      '/geo/cap/:postalcode': () =>
        ok({
          cities: [
            {
              istat: '013075',
              name: 'Como',
              province: 'CO',
              postalcodes: ['22100'],
              latitude: 45.81,
              longitude: 9.08,
              homeDelivery: true,
            },
          ],
        }),
    });
    const { user } = renderApp('/registration-user');
    await screen.findByRole('heading', { level: 1, name: 'Registrati' });
    await user.click(screen.getByRole('radio', { name: 'Con e-mail' }));
    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Dati personali' });
    await user.type(field('Nome'), 'Mario');
    await user.type(field('Cognome'), 'Rossi');
    await user.click(screen.getByRole('radio', { name: 'Maschio' }));
    await enterDate(/^Data di nascita/, '10/12/1985');
    await user.type(field('Luogo di nascita'), 'Milano');
    await user.type(field('Codice fiscale'), 'RSSMRA85T10F205R');
    await user.type(field('Cellulare'), '3331234567');
    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Dati di domicilio' });
    await user.type(field('CAP'), '22100');
    await waitFor(() => expect(field('Comune')).toHaveValue('Como'));
    expect(field('Provincia')).toHaveValue('CO');
  });
});
