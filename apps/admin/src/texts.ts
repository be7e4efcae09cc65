import { STAFF_ROLE_LABEL } from '@spesa/shared/contracts/admin';

/** The back office's own Italian texts: resource names, fields, the sign-in page. */
export const adminItalian = {
  resources: {
    products: {
      name: 'Prodotto |||| Prodotti',
      fields: {
        id: 'ID',
        codInt: 'Codice',
        name: 'Nome',
        brand: 'Marca',
        format: 'Formato',
        categoryName: 'Categoria',
        sellingType: 'Tipo di vendita',
        unitBase: 'Unità',
        price: 'Prezzo di listino (€)',
        ivaPct: 'IVA %',
        stock: 'Disponibilità',
        maxAcq: 'Massimo acquistabile',
        active: 'In vendita',
        ingredients: 'Ingredienti',
        allergens: 'Allergeni',
        storage: 'Conservazione',
        updatedAt: 'Ultima modifica',
        q: 'Cerca',
      },
    },
    stores: {
      name: 'Punto vendita |||| Punti vendita',
      fields: { id: 'ID', name: 'Nome', city: 'Comune' },
    },
    staff: {
      name: 'Operatore |||| Operatori',
      fields: {
        name: 'Nome',
        email: 'E-mail',
        role: 'Ruolo',
        warehouseIds: 'Punti vendita',
        active: 'Attivo',
        enrolled: 'App di autenticazione attiva',
      },
    },
    audit: {
      name: 'Registro attività |||| Registro attività',
      fields: {
        id: 'N.',
        at: 'Quando',
        staffName: 'Chi',
        action: 'Azione',
        resource: 'Risorsa',
        resourceId: 'Elemento',
        allowed: 'Eseguita',
        before: 'Prima',
        after: 'Dopo',
      },
    },
  },
  signIn: {
    title: 'Back office Spesa',
    login: 'E-mail',
    password: 'Password',
    next: 'Continua',
    code: 'Codice a 6 cifre o codice di recupero',
    codeHelp: "Apri l'app di autenticazione e scrivi il codice di Spesa back office.",
    enrolTitle: "Attiva l'app di autenticazione",
    enrolHelp:
      "Inquadra il codice QR con un'app di autenticazione (per esempio FreeOTP, Aegis o Google Authenticator), poi scrivi il primo codice che mostra.",
    secret: 'Se non puoi inquadrarlo, inserisci questa chiave:',
    enrolCode: 'Primo codice a 6 cifre',
    activate: 'Attiva e accedi',
    recoveryTitle: 'Codici di recupero',
    recoveryHelp:
      "Conservali in un posto sicuro: ognuno vale per un solo accesso se non hai l'app con te. Non verranno mostrati di nuovo.",
    enter: 'Ho salvato i codici, entra',
    failed: 'Accesso non riuscito, riprova.',
  },
  roles: STAFF_ROLE_LABEL,
};
