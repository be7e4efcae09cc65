import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, callApi, parseEnvelopeText } from './http';
import { getToasts } from './toast-store';
import { GENERIC_ERROR_TEXT, SESSION_EXPIRED_TEXT } from '@spesa/shared/contracts/envelope';
import { getAuthState, resetAuthState } from './auth-state';
import { STORED_AT_HEADER } from './offline-texts';

const status = (over: object = {}) => ({
  status: 0,
  errors: [],
  infos: [],
  warnings: [],
  errorsMessage: [],
  infosMessage: [],
  warningsMessage: [],
  ...over,
});
const body = (data: unknown, over: object = {}) =>
  JSON.stringify({
    response: status(over),
    user: { userId: -1, login: null, profileConfirmed: false },
    data,
  });

function stubFetch(text: string, init: ResponseInit = { status: 200 }) {
  const fn = vi.fn(async () => new Response(text, init));
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('http client', () => {
  it('sends the client headers and returns data, tolerating blank lines before the JSON', async () => {
    const fn = stubFetch(`\n\n  \r\n${body({ ok: 1 })}`);
    await expect(
      apiRequest('/category', { query: { slug: 'home', empty: '', list: ['a', 'b'] } }),
    ).resolves.toEqual({
      ok: 1,
    });
    const [url, init] = fn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ebsn/api/category?slug=home&list=a&list=b');
    expect(init.headers).toMatchObject({
      'X-Ebsn-Client': 'site',
      'x-ebsn-version': '1.47.1',
      Accept: 'application/json',
    });
    expect(parseEnvelopeText('\n\n')).toBeNull();
  });

  it('rejects with the envelope when status != 0, adding the generic error when none came', async () => {
    stubFetch(body(null, { status: 1 }));
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).response.errors).toEqual([{ error: GENERIC_ERROR_TEXT }]);
    expect(getToasts().map((t) => [t.severity, t.message, t.duration])).toEqual([
      ['error', GENERIC_ERROR_TEXT, 3000],
    ]);
  });

  it('shows errors, infos and warnings as toasts', async () => {
    stubFetch(
      body(
        {},
        { status: 1, errors: [{ error: 'Quantità non valida', code: 'x' }], warningsMessage: ['Attenzione'] },
      ),
    );
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Quantità non valida');
    expect(getToasts().map((t) => [t.severity, t.message])).toEqual([
      ['error', 'Quantità non valida'],
      ['warning', 'Attenzione'],
    ]);
  });

  it('on HTTP 419 clears the stored session and says the session expired', async () => {
    sessionStorage.setItem('spesa.session', JSON.stringify('token'));
    sessionStorage.setItem('spesa.loggedIn', 'true');
    stubFetch('', { status: 419 });
    const error = (await callApi('GET /cart/view').catch((e: unknown) => e)) as ApiError;
    expect(error.httpStatus).toBe(419);
    expect(sessionStorage.getItem('spesa.session')).toBeNull();
    expect(sessionStorage.getItem('spesa.loggedIn')).toBeNull();
    expect(getToasts().map((t) => t.message)).toEqual([SESSION_EXPIRED_TEXT]);
  });

  it('a failure without a body rejects with status 1 and the generic message', async () => {
    stubFetch('<html>Bad gateway</html>', { status: 502 });
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(1);
    expect(error.response.errors[0]?.error).toBe(GENERIC_ERROR_TEXT);
  });

  it('a stored copy never says who the customer is: a signed-in customer stays signed in', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    // the anonymous answer of a visit before the sign-in, replayed by the service worker
    stubFetch(body({ leaflets: [] }), {
      status: 200,
      headers: { [STORED_AT_HEADER]: '2026-11-29T08:00:00.000Z' },
    });
    await expect(apiRequest('/leaflet/search')).resolves.toEqual({ leaflets: [] });
    expect(getAuthState().status).toBe('authenticated');
    expect(sessionStorage.getItem('spesa.loggedIn')).toBe('true');
    // the server's own answer still does (a session that ended on the server)
    stubFetch(body({ leaflets: [] }));
    await apiRequest('/leaflet/search');
    expect(getAuthState().status).toBe('anonymous');
    expect(sessionStorage.getItem('spesa.loggedIn')).toBeNull();
  });
});
