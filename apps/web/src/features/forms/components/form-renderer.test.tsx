import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MailPars } from '@spesa/shared/contracts/forms';
import { field } from '@spesa/shared/forms/form-fields';
import { renderApp } from '../../../test/render-app';
import { failure, mockApi, ok } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';

const form: MailPars = {
  form_id: 2,
  nonce: 'nonce-1',
  nonce_expires: '2030-01-01T00:00:00Z',
  settings: {
    title: 'Lavora con noi',
    success_msg: 'Grazie per la candidatura',
    logged_in: false,
    ticket_type: 19,
    steps: [],
  },
  // served out of order: the renderer sorts them
  fields: [
    field({ id: 26, key: 'cap', type: 'zip', label: 'CAP', order: 6 }),
    field({ id: 21, key: 'nome', type: 'textbox', label: 'Nome', order: 1, required: true, input_limit: 5 }),
    field({
      id: 23,
      key: 'email',
      type: 'email',
      label: 'E-mail',
      order: 3,
      required: true,
      default: 'a@b.it',
    }),
    field({ id: 24, key: 'telefono', type: 'phone', label: 'Telefono', order: 4 }),
    field({ id: 25, key: 'nascita', type: 'date', label: 'Data di nascita', order: 5 }),
    field({ id: 27, key: 'eta', type: 'number', label: 'Anni di esperienza', order: 7 }),
    field({
      id: 30,
      key: 'privacy',
      type: 'checkbox',
      label: 'Accetto la privacy',
      order: 10,
      required: true,
    }),
    field({ id: 31, key: 'invia', type: 'submit', label: 'Invia la candidatura', order: 999 }),
  ],
};

const base = { '/category': () => ok({ categories: categoryTree }) };

/** The form renderer (decision 051): order, the spec's rules and messages, sign-in, sending. */
describe('FormRenderer', () => {
  it('shows the fields by order and refuses bad input with the spec’s Italian messages', async () => {
    mockApi({ ...base, '/p/wp-json/ebsn/v1/get_mail_pars': () => ok(form) });
    const { user } = renderApp('/lavora-con-noi');
    const formEl = await screen.findByRole('form', { name: 'Lavora con noi' }, { timeout: 10_000 });
    const labels = within(formEl)
      .getAllByRole('textbox')
      .map((el) => el.getAttribute('id'));
    expect(labels).toEqual([
      'form-field-21',
      'form-field-23',
      'form-field-24',
      'form-field-26',
      'form-field-27',
    ]);
    expect(screen.getByLabelText('E-mail', { exact: false })).toHaveValue('a@b.it');
    const date = screen.getByLabelText('Data di nascita');
    expect(date).toHaveAttribute('min', '1910-01-01');
    expect(date).toHaveAttribute('type', 'date');
    fireEvent.change(screen.getByLabelText('Nome', { exact: false }), { target: { value: 'Giovanni' } });
    fireEvent.change(screen.getByLabelText('E-mail', { exact: false }), {
      target: { value: 'non-una-mail' },
    });
    fireEvent.change(screen.getByLabelText('Telefono'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('CAP'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Anni di esperienza'), { target: { value: 'tre' } });
    await user.click(screen.getByRole('button', { name: 'Invia la candidatura' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La form non è stata compilata correttamente');
    expect(screen.getByText('Lunghezza massima 5 caratteri')).toBeVisible();
    expect(screen.getByText('Digitare una e-mail valida')).toBeVisible();
    expect(screen.getByText('Digitare un numero di telefono valido')).toBeVisible();
    expect(screen.getByText('Il CAP deve essere di 4 o 5 cifre.')).toBeVisible();
    expect(screen.getByText('Accetta solo numeri.')).toBeVisible();
    expect(screen.getByText('È obbligatorio accettare questo consenso per procedere')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Nome', { exact: false }), { target: { value: '' } });
    fireEvent.blur(screen.getByLabelText('Nome', { exact: false }));
    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();
  });

  it('sends the values by field id with the nonce, then shows the success message and hides the form', async () => {
    const fetchMock = mockApi({
      ...base,
      '/p/wp-json/ebsn/v1/get_mail_pars': () => ok(form),
      '/p/wp-admin/admin-ajax.php': () =>
        ok({
          action: 'nf_ajax_submit' as const,
          submission: { ticket: 'T19-000007', ticket_type: 19, success_msg: 'Grazie per la candidatura' },
          files: [],
        }),
    });
    const { user } = renderApp('/lavora-con-noi');
    await screen.findByRole('form', { name: 'Lavora con noi' }, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Nome', { exact: false }), '<b>Al');
    await user.click(screen.getByRole('checkbox', { name: /Accetto la privacy/ }));
    await user.click(screen.getByRole('button', { name: 'Invia la candidatura' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Grazie per la candidatura');
    expect(screen.getByRole('status')).toHaveTextContent('T19-000007');
    expect(screen.queryByRole('form', { name: 'Lavora con noi' })).toBeNull();
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('admin-ajax.php'));
    const body = call?.[1]?.body as FormData;
    expect(body.get('action')).toBe('nf_ajax_submit');
    expect(body.get('security')).toBe('nonce-1');
    const data = JSON.parse(String(body.get('formData'))) as {
      form_id: number;
      fields: { id: number; value: unknown }[];
    };
    expect(data.form_id).toBe(2);
    expect(data.fields.find((f) => f.id === 21)?.value).toBe('<b>Al');
    expect(data.fields.find((f) => f.id === 30)?.value).toBe(true);
  });

  it('a form for signed-in customers asks to sign in', async () => {
    mockApi({
      ...base,
      '/p/wp-json/ebsn/v1/get_mail_pars': () =>
        failure(1, 'Per compilare questo modulo accedi al tuo account.', 200, {
          code: 'msg.form.loginRequired',
        }),
    });
    renderApp('/reclamo');
    expect(
      await screen.findByText('Per compilare questo modulo accedi al tuo account.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Accedi' }).length).toBeGreaterThan(0);
  });
});
