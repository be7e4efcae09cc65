import type { MessageTable } from '../../lib/result';

/** Texts of the integration API: { code, text } (errors[].code and the Italian text the integrator reads). */
export const INTEGRATION_TEXT = {
  tokenMissing: {
    code: 'msg.integration.tokenMissing',
    text: 'Manca il token di accesso: chiedilo a /ebsn/api/integration/oauth/token e mandalo come "Authorization: Bearer …".',
  },
  tokenInvalid: {
    code: 'msg.integration.tokenInvalid',
    text: 'Il token di accesso non è valido o è scaduto: chiedine uno nuovo.',
  },
  scopeMissing: {
    code: 'msg.integration.scopeMissing',
    text: 'Il token non ha il permesso richiesto da questa chiamata.',
  },
  tooMany: {
    code: 'msg.integration.tooMany',
    text: 'Troppe chiamate da questo sistema: riprova tra un minuto.',
  },
  batchConflict: {
    code: 'msg.integration.batchConflict',
    text: 'Questo batchId è già stato usato con un contenuto diverso: usa un nuovo batchId per un nuovo invio.',
  },
  rowsRefused: {
    code: 'msg.integration.rowsRefused',
    text: 'Alcune righe non sono valide: nessuna riga del batch è stata applicata.',
  },
  rowRefused: { code: 'msg.integration.rowRefused', text: '' },
  clientNotFound: { code: 'msg.integration.clientNotFound', text: 'Sistema integrato non trovato.' },
  alreadyRevoked: {
    code: 'msg.integration.alreadyRevoked',
    text: 'Le credenziali di questo sistema sono già state revocate.',
  },
  deliveryNotFound: { code: 'msg.integration.deliveryNotFound', text: 'Invio non trovato.' },
  deliveryNotDead: {
    code: 'msg.integration.deliveryNotDead',
    text: 'Questo invio non è tra quelli non riusciti: non c’è nulla da riprovare.',
  },
  noWebhook: {
    code: 'msg.integration.noWebhook',
    text: 'Il sistema non ha più un indirizzo per i webhook: impostalo prima di riprovare.',
  },
} as const satisfies MessageTable;

/** The token endpoint's error descriptions (RFC 6749 §5.2 `error_description`). */
export const TOKEN_TEXT = {
  badRequest: 'Richiesta non valida: servono grant_type=client_credentials e le credenziali del client.',
  badGrant: 'Tipo di grant non supportato: usa grant_type=client_credentials.',
  badClient: 'Credenziali del client non valide o revocate.',
  twoMethods: 'Credenziali mandate in due modi: usa solo Authorization: Basic oppure solo il corpo.',
  badScope: 'Permesso non concesso a questo client: ',
  tooMany: 'Troppe richieste di token da questo client: riprova tra un minuto.',
} as const;
