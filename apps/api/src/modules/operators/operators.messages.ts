import type { MessageTable } from '../../lib/result';

/** The refusals of operators acting for a customer (decision 053). */
export const OPERATORS_TEXT = {
  badCredentials: {
    code: 'msg.operator.badCredentials',
    text: 'Credenziali non valide o utente non abilitato a operare per i clienti.',
  },
  badCode: { code: 'msg.operator.badCode', text: 'Il codice non è valido o è già stato usato.' },
  notEnrolled: {
    code: 'msg.operator.notEnrolled',
    text: "Attiva prima l'app di autenticazione accedendo al back office, poi torna qui.",
  },
  notAllowedRole: {
    code: 'msg.operator.notAllowedRole',
    text: 'Il tuo ruolo non permette di operare per conto dei clienti.',
  },
  operatorsOnly: {
    code: 'msg.operator.operatorsOnly',
    text: 'Funzione riservata agli operatori del servizio clienti.',
  },
  chooseCustomer: {
    code: 'msg.operator.chooseCustomer',
    text: 'Scegli prima il cliente per cui operare.',
  },
  customerOnly: {
    code: 'msg.operator.customerOnly',
    text: 'Questa operazione può farla solo il cliente dal proprio account (password, accesso, pagamenti con carta, cancellazione).',
  },
  supervisorOnly: {
    code: 'msg.operator.supervisorOnly',
    text: 'Solo un supervisore può modificare i dati personali del cliente.',
  },
  customerNotFound: { code: 'msg.operator.customerNotFound', text: 'Cliente non trovato.' },
  staffAccount: {
    code: 'msg.operator.staffAccount',
    text: 'Non si può operare per conto di un account del personale.',
  },
  searchEmpty: {
    code: 'msg.operator.searchEmpty',
    text: 'Scrivi un nome, un’e-mail, un telefono, un codice fiscale o il numero della carta.',
  },
} satisfies MessageTable;
