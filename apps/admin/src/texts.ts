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
        stock: 'Disponibilità (tutti i negozi)',
        stockByStore: 'Disponibilità per negozio',
        maxAcq: 'Massimo acquistabile al giorno',
        minAcq: 'Quantità minima (pezzi)',
        extendedDescription: 'Descrizione estesa',
        notSoldAt: 'Non in vendita presso',
        sellingRules: {
          qtyMult: 'Pezzi per passo',
          qtyLocked: 'Solo multipli dei pezzi per passo',
          weightSelling: 'Peso iniziale (g)',
          stepSelling: 'Passo (g)',
          lineMax: 'Massimo per riga del carrello',
          boxItems: 'Pezzi per cartone (vuoto: niente cartone)',
        },
        active: 'In vendita',
        ingredients: 'Ingredienti',
        allergens: 'Allergeni',
        storage: 'Conservazione',
        imageUrl: 'Foto',
        updatedAt: 'Ultima modifica',
        q: 'Cerca',
        code: 'Codice',
        ean: 'EAN',
        categoryId: 'Categoria',
        vatPct: 'IVA',
        qtyMult: 'Pezzi per passo',
        qtyLocked: 'Solo multipli dei pezzi per passo',
        weightSelling: 'Peso iniziale (g)',
        stepSelling: 'Passo (g)',
        lineMax: 'Massimo per riga del carrello',
      },
    },
    'catalogue-imports': { name: 'Importazione |||| Importazioni', fields: {} },
    leaflets: { name: 'Volantino |||| Volantini', fields: {} },
    integrations: { name: 'Integrazione |||| Integrazioni', fields: {} },
    'price-lists': { name: 'Listino |||| Listini', fields: {} },
    stores: {
      name: 'Punto vendita |||| Punti vendita',
      fields: {
        id: 'ID',
        name: 'Nome',
        city: 'Comune',
        phone: 'Telefono',
        serviceHours: 'Orari di apertura',
      },
    },
    'self-scanning': {
      name: 'Self-scanning |||| Self-scanning',
      fields: {
        id: 'ID',
        name: 'Punto vendita',
        city: 'Comune',
        enabled: 'Self-scanning attivo',
        rescanPercent: 'Spese da ricontrollare in cassa (%)',
        entranceCode: 'Codice dell’ingresso',
      },
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
    'payments-stuck': {
      name: 'Pagamento da verificare |||| Pagamenti da verificare',
      fields: {
        kind: 'Motivo',
        orderId: 'N. ordine',
        customerName: 'Cliente',
        warehouseName: 'Punto vendita',
        slotDate: 'Giorno della fascia',
        provider: 'Fornitore',
        amount: 'Importo',
        since: 'Dal',
        orderStatusDescr: 'Stato dell’ordine',
      },
    },
    invoices: {
      name: 'Fattura elettronica |||| Fatture elettroniche',
      fields: {
        number: 'Numero',
        kind: 'Tipo',
        issuedOn: 'Data',
        orderId: 'N. ordine',
        customerName: 'Cliente',
        total: 'Totale',
        vat: 'IVA',
        sdiState: 'Stato SDI',
        sdiErrors: 'Errori SDI',
        from: 'Dal giorno',
        to: 'Al giorno',
      },
    },
    mails: {
      name: 'E-mail non recapitata |||| E-mail non recapitate',
      fields: {
        createdAt: 'Scritta il',
        to: 'Destinatario',
        subject: 'Oggetto',
        template: 'Tipo',
        error: 'Recapito',
        state: 'Stato',
      },
    },
    'payments-report': {
      name: 'Resoconto pagamenti |||| Resoconto pagamenti',
      fields: {
        day: 'Giorno',
        provider: 'Fornitore',
        captured: 'Incassato',
        capturedCount: 'Incassi',
        refunded: 'Rimborsato',
        refundedCount: 'Rimborsi',
        disputed: 'Contestato',
        disputedCount: 'Contestazioni',
        from: 'Dal giorno',
        to: 'Al giorno',
      },
    },
    arrivals: {
      name: 'Arrivi di oggi |||| Arrivi di oggi',
      fields: {
        orderId: 'N. ordine',
        customerName: 'Cliente',
        reservationInfo: 'Targa o stallo',
        distance: 'Distanza',
        updatedAt: 'Avvisato alle',
        beginTime: 'Fascia oraria',
        warehouseName: 'Punto vendita',
        orderStatusDescr: 'Stato',
      },
    },
    orders: {
      name: 'Ordine |||| Ordini',
      fields: {
        date: 'Giorno',
        orderId: 'N. ordine',
        timeslot: 'Fascia oraria',
        customerName: 'Cliente',
        homeDelivery: 'Servizio',
        warehouseName: 'Punto vendita',
        orderStatusDescr: 'Stato',
        pickedItems: 'Righe preparate',
        grossTotal: 'Totale',
        mealVoucherCount: 'Buoni pasto',
      },
    },
    promotions: {
      name: 'Promozione |||| Promozioni',
      fields: {
        id: 'N.',
        productId: 'Prodotto',
        productName: 'Prodotto',
        codInt: 'Codice',
        listPrice: 'Prezzo di listino',
        price: 'Prezzo in promozione (€)',
        priorPrice: 'Prezzo più basso 30 giorni',
        validFrom: 'Dal',
        validTo: 'Al (compreso)',
        status: 'Stato',
        header: 'Titolo',
        body: 'Testo',
        audience: 'Per chi',
        crmSegmentId: 'Segmento di clienti (n.)',
      },
    },
    categories: {
      name: 'Categoria |||| Categorie',
      fields: {
        id: 'ID',
        name: 'Nome',
        slug: 'Indirizzo',
        level: 'Livello',
        blocks: 'Blocchi',
        categoryTypeId: 'Tipo',
        description: 'Descrizione',
        priority: 'Ordine',
        showInMenu: 'Nel menu del negozio',
        parentId: 'Sotto a',
        q: 'Cerca',
      },
    },
    'slot-templates': {
      name: 'Fascia oraria |||| Fasce orarie',
      fields: {
        calendarKind: 'Servizio',
        beginTime: 'Orario',
        capacity: 'Posti per giorno',
        weekDays: 'Giorni',
        leadMinutes: 'Preparazione (minuti)',
        cutoffPrevDay: 'Chiusura ordini il giorno prima',
      },
    },
    customers: {
      name: 'Cliente |||| Clienti',
      fields: {
        id: 'ID',
        lastName: 'Nome',
        email: 'E-mail',
        mobilePhone: 'Cellulare',
        cardNumber: 'Carta fedeltà',
        createdAt: 'Cliente dal',
        q: 'Cerca',
      },
    },
    votes: {
      name: 'Recensione |||| Recensioni',
      fields: {
        status: 'Stato',
        productId: 'Prodotto',
        productName: 'Prodotto',
        customerFirstName: 'Cliente',
        rating: 'Voto',
        title: 'Titolo',
        comment: 'Commento',
        createdAt: 'Inviata il',
        approvalDate: 'Decisa il',
        rejectionReason: 'Motivo del rifiuto',
      },
    },
    receipts: {
      name: 'Scontrino |||| Scontrini',
      fields: { userId: 'Numero cliente' },
    },
    'gift-card-orders': {
      name: 'Gift card aziende |||| Gift card aziende',
      fields: {
        requestNumber: 'Richiesta',
        companyName: 'Azienda',
        vatNumber: 'Partita IVA',
        contactName: 'Referente',
        cards: 'Card',
        invoiceTotal: 'Totale fattura (€)',
        state: 'Stato',
        late: 'Solo in ritardo',
        receivedAt: 'Ricevuta il',
        expectedDeliveryDate: 'Consegna prevista',
      },
    },
    'form-submissions': {
      name: 'Richiesta dai moduli |||| Richieste dai moduli',
      fields: {
        ticket: 'Pratica',
        formTitle: 'Modulo',
        createdAt: 'Inviata il',
        userId: 'Cliente',
        files: 'Allegati',
      },
    },
    pages: {
      name: 'Pagina |||| Pagine',
      fields: {
        title: 'Titolo',
        slug: 'Indirizzo',
        template: 'Modello',
        published: 'Pubblicata',
        modifiedAt: 'Modificata il',
        content: 'Testo (HTML)',
        excerpt: 'Riassunto',
        validityText: 'Validità',
        seoTitle: 'Titolo per i motori di ricerca',
        seoDescription: 'Descrizione per i motori di ricerca',
      },
    },
    slides: {
      name: 'Avviso del giorno |||| Avvisi del giorno',
      fields: {
        title: 'Titolo',
        description: 'Testo',
        link: 'Collegamento',
        img: 'Immagine',
        validFrom: 'Dal',
        validTo: 'Al',
        deliveryServiceIds: 'Servizi',
        position: 'Ordine',
        active: 'Attivo',
      },
    },
    recipes: {
      name: 'Ricetta |||| Ricette',
      fields: {
        title: 'Titolo',
        slug: 'Indirizzo',
        excerpt: 'Riassunto',
        content: 'Testo (HTML)',
        course: 'Portata',
        difficulty: 'Difficoltà',
        minutes: 'Tempo (minuti)',
        vegetarian: 'Vegetariana',
        img: 'Immagine',
        publishedAt: 'Data',
        published: 'Pubblicata',
      },
    },
    'ux-blocks': {
      name: 'Blocco di testo |||| Blocchi di testo',
      fields: {
        title: 'Titolo',
        slug: 'Identificativo',
        content: 'Testo (HTML)',
        terms: 'Categorie',
        position: 'Ordine',
        active: 'Attivo',
      },
    },
    'operator-actions': {
      name: 'Operazioni per i clienti |||| Operazioni per i clienti',
      fields: {
        id: 'N.',
        at: 'Quando',
        operatorName: 'Operatore',
        operatorUserId: 'Id operatore',
        customerUserId: 'Id cliente',
        label: 'Operazione',
        action: 'Chiamata',
        outcome: 'Esito',
        code: 'Motivo',
        requestId: 'Richiesta',
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

/**
 * The picking screen's texts: read directly, not through i18next (they include functions, which its
 * resources may not hold).
 */
export const pickingTexts = {
  orderNo: (id: number) => `Ordine n. ${id}`,
  /** the orders list's day filter, left empty */
  firstDayHelp: 'Vuoto: il primo giorno con ordini, da oggi in poi',
  home: 'Consegna a domicilio',
  pickup: 'Ritiro',
  payment: 'Pagamento',
  total: 'Totale',
  held: 'Importo bloccato',
  wallet: 'Pagato con il portafoglio',
  mealVoucherCost: 'Costo servizio buoni pasto',
  /** the orders list's column: "8 buoni (64,00 €)" */
  mealVouchersShort: (count: number, amount: string) =>
    `${count} ${count === 1 ? 'buono' : 'buoni'} (${amount})`,
  /** the meal vouchers to collect (decision 047): count, kind, one voucher's value, the amount */
  mealVouchers: (
    home: boolean,
    count: number,
    kind: 'unlimited' | 'multi_use',
    value: string,
    amount: string,
  ) =>
    `Buoni pasto da ritirare ${home ? 'alla consegna' : 'al ritiro'}: ${count} ${
      kind === 'unlimited' ? (count === 1 ? 'illimitato' : 'illimitati') : 'multiuso'
    } da ${value} (${amount}). Leggili con il POS prima di consegnare la spesa.`,
  captured: 'Addebitato',
  start: 'Inizia la preparazione',
  prepared: 'Segna come preparato',
  steps: {
    outForDelivery: 'In consegna',
    delivered: 'Consegnato',
    partiallyDelivered: 'Consegnato in parte',
    notCollected: 'Non ritirato',
    failed: 'Consegna non riuscita',
  },
  progress: (done: number, all: number) => `Righe preparate: ${done} di ${all}`,
  code: 'Codice',
  ordered: 'Ordinato',
  alternativesYes: 'Accetta sostituti',
  alternativesNo: 'Nessun sostituto',
  weighed: 'A peso',
  customerNote: (note: string) => `Nota del cliente: ${note}`,
  delivered: 'Preparato',
  notPicked: 'Da preparare',
  realWeight: (n: number, unit: string) => `peso reale ${n.toLocaleString('it-IT')} ${unit}`,
  replacedBy: (name: string) => `sostituito con ${name}`,
  pickForm: (name: string) => `Preparazione di ${name}`,
  deliveredQuantity: (unit: string) => `Quantità preparata (${unit})`,
  weightLabel: (unit: string) => `Peso reale (${unit})`,
  chooseSubstitute: 'Scegli un sostituto',
  changeSubstitute: 'Cambia sostituto',
  noSubstitute: 'Nessun sostituto',
  record: 'Registra',
  substituteFor: (name: string) => `Sostituto di ${name}`,
  searchSubstitute: 'Cerca un prodotto',
  search: 'Cerca',
  substitutes: 'Prodotti sostitutivi',
  preferredByCustomer: 'scelto dal cliente',
  noSubstitutes: 'Nessun prodotto trovato.',
  cancel: 'Annulla',
  done: 'Fatto.',
  loading: 'Caricamento dell’ordine',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** The customer record's texts (read directly, like the picking screen's). */
export const customerTexts = {
  searchHint: 'Nome, e-mail, carta, telefono o codice fiscale',
  erased: 'Cliente cancellato',
  erasedOn: (when: string) => `Dati personali cancellati su richiesta il ${when}.`,
  fields: {
    email: 'E-mail',
    mobilePhone: 'Cellulare',
    homePhone: 'Telefono',
    cardNumber: 'Carta fedeltà',
    fiscalCode: 'Codice fiscale',
    city: 'Comune',
    birthDate: 'Data di nascita',
    createdAt: 'Cliente dal',
    consents: 'Consensi marketing / profilazione',
  },
  yes: 'sì',
  no: 'no',
  orders: 'Ultimi ordini',
  noOrders: 'Nessun ordine.',
  orderNo: 'N. ordine',
  date: 'Data',
  status: 'Stato',
  total: 'Totale',
  notes: 'Note del servizio clienti',
  noNotes: 'Nessuna nota.',
  note: 'Nuova nota',
  addNote: 'Aggiungi la nota',
  noteAdded: 'Nota aggiunta.',
  erase: 'Cancella i dati personali',
  eraseTitle: 'Cancellare i dati personali del cliente?',
  eraseHelp:
    'Su richiesta del cliente (art. 17 GDPR), dopo averne verificato l’identità: nome, contatti, indirizzi, dati di fatturazione, carta e note vengono cancellati e l’account non potrà più accedere. Gli ordini restano, senza dati personali, per gli obblighi fiscali.',
  reason: 'Come e quando lo ha chiesto (es. e-mail del 24/11, pratica 1234)',
  eraseConfirm: 'Ho verificato l’identità del cliente: la cancellazione non si può annullare.',
  eraseNow: 'Cancella',
  erasedDone: 'Dati personali cancellati.',
  cancel: 'Annulla',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** The promotions' texts (read directly). */
export const promotionTexts = {
  status: { current: 'In corso', scheduled: 'Programmata', ended: 'Terminata' },
  audienceHelp:
    'Con la carta fedeltà: chi non ha la carta vede il prezzo come invito e paga il listino. Un segmento: offerta personale, applicata nel carrello dei suoi clienti e non mostrata agli altri.',
  segmentHelp: 'Il numero del segmento CRM dei clienti a cui è riservata.',
  help: 'Un taglio di prezzo di un prodotto per alcuni giorni. Il negozio lo mostra con il prezzo più basso dei 30 giorni precedenti, come chiede la legge (direttiva Omnibus).',
  preview: (list: string, prior: string) =>
    `Prezzo di listino ${list}; prezzo più basso dei 30 giorni prima dell'inizio: ${prior}. Il prezzo in promozione deve essere inferiore a entrambi.`,
  continues:
    'Continua una promozione che termina il giorno prima: resta il prezzo di riferimento della prima.',
  facts: (list: string, price: string, prior: string) =>
    `Listino ${list} → ${price} (prezzo più basso 30 giorni: ${prior})`,
  end: 'Termina ora',
  ended: 'Promozione terminata.',
  newPromotion: 'Nuova promozione',
  history: 'Storico dei prezzi',
  kind: 'Tipo',
  price: 'Prezzo',
  from: 'Dal',
  to: 'Al',
  current: 'in vigore',
  listKind: 'Listino',
  promoKind: 'Promozione',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** The time windows' texts (read directly). */
export const slotTemplateTexts = {
  kinds: { drive: 'Drive', home: 'Consegna a domicilio', locker: 'Locker', work: 'Consegna in ufficio' },
  capacityHelp: 'Per punto vendita o zona; le fasce già prenotate non scendono sotto i posti occupati.',
  cutoffHelp: 'HH:MM; vuoto: nessuna chiusura il giorno prima.',
  cutoffInvalid: 'Orario non valido (HH:MM).',
};

/** The staff screens' texts (read directly). */
export const staffTexts = {
  allStores: 'Tutti',
  storesHelp: 'Solo per responsabili di punto vendita e preparatori; vuoto: tutti.',
  emailHelp: "L'e-mail di un account del negozio già registrato.",
  activeHelp: 'Disattivato: non può più accedere e le sue sessioni terminano subito.',
  reset: "Azzera l'app di autenticazione",
  resetDone: 'App di autenticazione azzerata: la riattiverà al prossimo accesso.',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** A product photo's texts (read directly). */
export const photoTexts = {
  title: 'Foto',
  none: "Nessuna foto: il negozio mostra l'illustrazione.",
  upload: 'Carica una foto',
  uploaded: 'Foto caricata.',
  remove: 'Togli la foto',
  removed: "Foto tolta: il negozio mostra di nuovo l'illustrazione.",
};

/** A product's selling rules and stores (read directly). */
export const sellingTexts = {
  title: 'Regole di vendita',
  piecesHelp:
    'Il cliente sceglie i pezzi a passi dei "pezzi per passo"; con il cartone può comprarne uno intero con un clic.',
  looseHelp:
    'Prodotto sfuso: il cliente parte dal peso iniziale e aumenta del passo (in grammi); il preparatore pesa la merce.',
  notSoldAt: 'Non in vendita presso',
  notSoldAtHelp:
    'Segna i punti vendita che non vendono il prodotto: i carrelli serviti da quei punti vendita non lo accettano.',
  soldEverywhere: 'In vendita in tutti i punti vendita',
  stockByStore: 'Disponibilità per negozio',
  stockByStoreHelp:
    'I negozi elencati avranno la quantità scritta (0: nessuna); gli altri negozi mantengono la loro disponibilità.',
  noStock: 'Nessun negozio ha il prodotto in giacenza',
  stockStore: 'Negozio',
  stockQuantity: 'Quantità',
  summary: (
    sellingType: string,
    r: {
      qtyMult: number;
      qtyLocked: boolean;
      weightSelling: number | null;
      stepSelling: number | null;
      lineMax: number | null;
      boxItems: number | null;
    },
  ): string => {
    const parts: string[] = [];
    if (sellingType === 'Sfuso') {
      parts.push(
        `da ${r.weightSelling ?? r.stepSelling ?? 100} g, a passi di ${r.stepSelling ?? r.weightSelling ?? 100} g`,
      );
    } else {
      parts.push(
        r.qtyMult > 1 ? `a passi di ${r.qtyMult} pezzi${r.qtyLocked ? ' (solo multipli)' : ''}` : 'a pezzi',
      );
      if (r.boxItems !== null) parts.push(`cartone da ${r.boxItems}`);
    }
    if (r.lineMax !== null) parts.push(`al massimo ${r.lineMax} per riga`);
    return parts.join(', ');
  },
};

/** A store's texts (read directly). */
export const storeTexts = {
  hours: 'Orari di apertura',
  weekday: 'Giorno',
  opens: 'Apre alle',
  closes: 'Chiude alle',
  closed: 'chiuso',
  hoursHelp:
    'Una riga per apertura; al massimo due per giorno (pausa pranzo). Un giorno senza righe è chiuso.',
  badHour: 'Orario non valido (HH:MM).',
  badPhone: 'Numero di telefono non valido.',
};

/** The category pages' texts (read directly). */
export const categoryTexts = {
  editCategory: 'Modifica nome e menu',
  priorityHelp: 'Tra le categorie dello stesso reparto: prima i numeri più bassi.',
  inMenu: 'nel menu del negozio',
  notInMenu: 'non nel menu del negozio',
  products: 'Reparti e categorie',
  contentPages: 'Pagine di contenuto',
  preview: 'Anteprima della griglia',
  breakpoints: 'Larghezza dello schermo',
  breakpointLabel: {
    xs: 'Telefono (xs)',
    sm: 'Tablet (sm)',
    md: 'Portatile (md)',
    lg: 'Desktop (lg)',
    xl: 'Grande (xl)',
  },
  grid: 'Griglia della pagina',
  gridHelp:
    'Una riga per riga della pagina; ogni colonna è posizione:xs/sm/md/lg/xl con larghezze da 1 a 12 (- = come la precedente). Un ! a inizio riga: a tutta larghezza.',
  gridLineInvalid: (line: number) => `Riga ${line} della griglia non valida.`,
  saveGrid: 'Salva la griglia',
  blocks: 'Blocchi della pagina',
  addBlock: 'Aggiungi un blocco',
  editBlock: 'Modifica il blocco',
  blockType: 'Tipo di blocco',
  position: 'Posizione',
  priority: 'Ordine',
  settings: 'Impostazioni',
  settingsHelp:
    'Una per riga: CHIAVE=valore (TITLE, DESCRIPTION, BACKGROUND_COLOR, PRODUCT_LIMIT, CATEGORY...).',
  edit: 'Modifica',
  delete: 'Elimina',
  deleted: 'Blocco eliminato.',
  save: 'Salva',
  saved: 'Pagina aggiornata.',
  cancel: 'Annulla',
  openInShop: 'apri nel negozio',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** The bulk list-price change's texts (read directly). */
export const bulkTexts = {
  open: 'Variazione di prezzo',
  title: 'Variazione dei prezzi di listino',
  help: "Sposta di una percentuale il prezzo di listino dei prodotti di una ricerca o di una categoria (al massimo 500). Controlla l'anteprima prima di applicare: ogni nuovo prezzo entra nello storico da oggi.",
  search: 'Ricerca',
  category: 'ID categoria',
  percent: 'Variazione %',
  product: 'Prodotto',
  now: 'Ora',
  after: 'Dopo',
  count: (n: number) => `${n} prodotti cambieranno prezzo (ne sono mostrati al massimo 20).`,
  preview: 'Anteprima',
  apply: 'Applica',
  cancel: 'Annulla',
  done: (n: number) => `Prezzi di ${n} prodotti aggiornati.`,
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** A customer's wallet in the customer page (read directly; decision 037). */
export const walletTexts = {
  title: 'Portafoglio',
  balance: 'Saldo',
  none: 'Nessun movimento.',
  movements: 'Movimenti del portafoglio',
  date: 'Data',
  description: 'Descrizione',
  amount: 'Importo',
  balanceAfter: 'Saldo dopo',
  credit: 'Accredita',
  amountLabel: 'Importo (€)',
  amountHelp: 'Da 0,01 a 500 €',
  amountInvalid: 'Indica un importo in euro, con al massimo due decimali.',
  reason: 'Motivo (il cliente lo legge)',
  reasonHelp: 'Da 3 a 300 caratteri',
  orderLabel: 'Ordine del reclamo (facoltativo)',
  orderHelp: 'Se l’ordine ha la fattura, si emette la nota di credito',
  orderInvalid: 'Indica il numero dell’ordine (solo cifre) o lascialo vuoto.',
  credited: 'Accredito registrato.',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** A customer's loyalty card and premium card in the customer page (decision 038). */
export const cardTexts = {
  title: 'Carta fedeltà e Premium',
  none: 'Nessuna carta collegata.',
  number: 'Numero',
  type: { fidelity: 'Carta fedeltà', premium: 'Carta Premium' },
  typeLabel: 'Tipo (dal prefisso del numero)',
  validity: 'Validità',
  noEnd: 'senza scadenza',
  until: (day: string) => `fino al ${day}`,
  expired: (day: string) => `scaduta il ${day}`,
  premium: 'Premium',
  premiumActive: 'attivo',
  premiumInactive: 'non attivo',
  premiumProduct: 'Prodotto al 20%',
  premiumProductChosen: (name: string, day: string) => `${name}, scelto il ${day}`,
  premiumProductGone: (id: number, day: string) => `prodotto ${id} (non più in vendita), scelto il ${day}`,
  noPremiumProduct: 'non ancora scelto',
  request: 'Richiesta Premium',
  noRequest: 'nessuna',
  channel: { digital: 'carta digitale', physical: 'carta fisica per posta' },
  state: { requested: 'richiesta', shipped: 'spedita', delivered: 'consegnata' },
  requestedOn: (day: string) => `del ${day}`,
  dueBy: (day: string) => `da spedire entro il ${day}`,
  exclusion: 'Esclusione dalla Premium',
  notExcluded: 'nessuna',
  excludedBy: (reason: string, who: string, day: string) => `${reason} (${who}, ${day})`,
  reason: 'Motivo (resta nel registro, il cliente non lo legge)',
  reasonHelp: 'Da 3 a 300 caratteri',
  exclude: 'Escludi dalla Premium',
  include: "Togli l'esclusione",
  ship: 'Segna come spedita',
  deliver: 'Segna come consegnata',
  failed: 'Operazione non riuscita: riprova tra poco.',
  someone: 'servizio clienti',
};

/** A customer's gift certificates (decision 040). */
export const giftTexts = {
  title: 'Buoni sconto personali',
  none: 'Nessun buono.',
  code: 'Codice',
  reason: 'Motivo',
  value: 'Valore',
  minSpend: 'Spesa minima',
  validTo: 'Scadenza',
  state: 'Stato',
  states: { available: 'Da usare', used: 'Usato', expired: 'Scaduto' } as Record<string, string>,
  sources: { manual: 'Servizio clienti', invite: 'Premio invito', crm: 'Campagna CRM' } as Record<
    string,
    string
  >,
  usedIn: (orderId: number) => `Usato nell'ordine ${orderId}`,
  grant: 'Assegna un buono',
  amountLabel: 'Valore (€)',
  amountHelp: 'Da 0,01 a 100 €',
  amountInvalid: 'Indica un valore in euro, con al massimo due decimali.',
  minSpendLabel: 'Spesa minima (€)',
  minSpendHelp: 'Vuoto: nessuna',
  minSpendInvalid: 'Indica una spesa minima in euro, con al massimo due decimali.',
  reasonLabel: 'Motivo (il cliente lo legge)',
  reasonHelp: 'Da 3 a 300 caratteri',
  granted: 'Buono assegnato.',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** The moderation of product reviews (read directly). */
export const voteTexts = {
  status: { pending: 'In attesa', approved: 'Approvate', rejected: 'Rifiutate' },
  /** a vote's stars, "4,5 / 5", and what a screen reader says of them */
  stars: (rating: number) => `${rating.toLocaleString('it-IT', { maximumFractionDigits: 1 })} / 5`,
  starsSpoken: (rating: number) =>
    `${rating.toLocaleString('it-IT', { maximumFractionDigits: 1 })} stelle su 5`,
  noTitle: 'Senza titolo',
  noComment: 'Nessun commento',
  none: 'Nessuna recensione in questo stato.',
  actions: 'Azioni',
  decision: 'Decisione',
  approve: 'Approva',
  reject: 'Rifiuta',
  approveLabel: (customer: string, product: string) => `Approva la recensione di ${customer} su ${product}`,
  rejectLabel: (customer: string, product: string) => `Rifiuta la recensione di ${customer} su ${product}`,
  approved: (product: string) => `Recensione di «${product}» approvata: ora conta nelle stelle del prodotto.`,
  rejected: (product: string) => `Recensione di «${product}» rifiutata: il cliente vedrà il motivo.`,
  rejectTitle: 'Rifiuta la recensione',
  rejectHelp: (customer: string, product: string) =>
    `La recensione di ${customer} su «${product}» non sarà pubblicata e non conterà nelle stelle. Il cliente leggerà il motivo che scrivi.`,
  reason: 'Motivo del rifiuto',
  reasonCount: (n: number, max: number) => `${n} di ${max} caratteri`,
  cancel: 'Annulla',
  rejectNow: 'Rifiuta la recensione',
  decidedOn: (when: string) => `Decisa il ${when}`,
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** Companies' gift-card requests (decision 044). */
export const giftCardOrderTexts = {
  late: 'In ritardo',
  lateHelp: 'Ricevuta da più di 48 ore senza informazioni sulla consegna',
  none: 'Nessuna richiesta.',
  loading: 'Caricamento della richiesta',
  title: (number: string, company: string) => `${number} · ${company}`,
  company: 'Azienda e fattura',
  contact: 'Referente',
  delivery: 'Consegna',
  lines: 'Gift card richieste',
  line: (quantity: number, value: string, total: string) => `${quantity} × ${value} = ${total}`,
  goods: 'Totale gift card',
  discount: 'Sconto 3% in fattura',
  invoice: 'Totale fattura',
  infoBy: 'Informazioni sulla consegna entro',
  expected: 'Consegna prevista',
  notes: 'Note del cliente',
  staffNote: 'Nota del servizio clienti',
  fiscalCode: 'Codice fiscale',
  sdi: 'Codice SDI',
  pec: 'PEC',
  none_: '—',
  noteLabel: 'Nota per la richiesta',
  noteHelp:
    'Per confermare: le informazioni sulla consegna, inviate per e-mail al referente. Per annullare: il motivo.',
  move: {
    confirmed: 'Conferma e invia le informazioni sulla consegna',
    delivered: 'Segna come consegnata',
    cancelled: 'Annulla la richiesta',
  },
  failed: 'Operazione non riuscita.',
};

/** Customers' receipts (decision 046): read only. */
export const receiptTexts = {
  userId: 'Numero cliente',
  chooseCustomer: 'Scrivi il numero del cliente per vedere i suoi scontrini.',
  issuedAt: 'Data',
  store: 'Punto vendita',
  number: 'Documento',
  source: 'Tipo',
  sources: { store: 'In negozio', online: 'Spesa online' },
  total: 'Totale',
  digital: 'Digitale',
  yes: 'Sì',
  no: 'No',
  lines: 'Righe dello scontrino',
  description: 'Descrizione',
  quantity: 'Quantità',
  vat: 'IVA',
  amount: 'Importo',
  vatIncluded: 'di cui IVA',
  digitalUntil: (day: string) =>
    `Scontrino digitale, conservato fino al ${day.split('-').reverse().join('/')}.`,
};

/** What was sent through the forms (decision 051): read only. */
export const submissionTexts = {
  form: 'Modulo',
  /** the forms by id (apps/api/src/modules/forms/form-definitions.ts) */
  forms: ['Contatti', 'Lavora con noi', 'Reclamo su un ordine', 'Dati della carta'],
  visitor: 'Visitatore non registrato',
  customer: (id: number) => `Cliente n. ${id}`,
  keptUntil: (d: string) => `conservata fino al ${d}`,
  answers: 'Risposte',
  attachments: 'Allegati',
};

/** The shop's pages (decision 050). */
export const pageTexts = {
  search: 'Cerca per titolo o indirizzo',
  open: (slug: string) => `Apri la pagina nel negozio: /page/${slug}`,
  contentHelp:
    'HTML semplice: titoli h2-h4, paragrafi, elenchi, tabelle, link. Il resto viene tolto al salvataggio; [form id=N] mostra un modulo.',
  excerptHelp: 'Mostrato nei risultati della ricerca.',
  validityHelp: 'Ad esempio «In vigore dal 1° dicembre 2026»: compare sotto il titolo.',
  publishedHelp: 'Una pagina non pubblicata risponde «Pagina non trovata» nel negozio.',
  slugHelp: 'La pagina sarà /page/indirizzo; non si può cambiare dopo la creazione.',
  slugFixed: 'L’indirizzo non si cambia: i link del negozio puntano qui.',
  slugRule: 'Solo lettere minuscole, numeri e trattini (ad esempio offerte-natale).',
};

/** "Avvisi del giorno": the content system's slides (decision 056). */
export const slideTexts = {
  search: 'Cerca per titolo',
  linkHelp: 'Un percorso del negozio (ad esempio /volantini) o un indirizzo https://; vuoto: nessuno.',
  imgHelp: 'Un’immagine in /media/… o a un indirizzo https://; vuoto: solo testo.',
  servicesHelp: 'Nessuno selezionato: l’avviso vale per tutti i servizi.',
  positionHelp: 'Gli avvisi dello stesso giorno si mostrano dal numero più basso.',
  activeHelp: 'Un avviso spento non si mostra più nel negozio (resta nell’elenco e nel registro).',
  services: {
    drive: 'Ritiro in negozio',
    home: 'Consegna a domicilio',
    homeWork: 'Consegna in azienda',
    locker: 'Locker',
    lockerCold: 'Locker refrigerato',
  },
};

/** "Blocchi di testo": the content blocks under a category's products (decision 056). */
export const uxBlockTexts = {
  search: 'Cerca per titolo o identificativo',
  open: (slug: string) => `Apri la categoria nel negozio: /category/${slug}`,
  contentHelp: 'HTML semplice: paragrafi, elenchi, link. Il resto viene tolto al salvataggio.',
  termsHelp: 'Gli indirizzi delle categorie dove si mostra, separati da virgole (ad esempio frutta, agrumi).',
  activeHelp: 'Un blocco spento non si mostra più nel negozio (resta nell’elenco e nel registro).',
  slugHelp: 'Un nome per ritrovarlo; non si può cambiare dopo la creazione.',
  slugFixed: 'L’identificativo non si cambia.',
  slugRule: 'Solo lettere minuscole, numeri e trattini (ad esempio consigli-agrumi).',
};

/** "Ricette": the content store's recipes (decision 056). */
export const recipeTexts = {
  search: 'Cerca per titolo o indirizzo',
  open: (slug: string) => `Apri la ricetta nel negozio: /ricette/${slug}`,
  excerptHelp: 'Mostrato nell’elenco delle ricette.',
  contentHelp: 'HTML semplice: titoli h2-h4, paragrafi, elenchi, link. Il resto viene tolto al salvataggio.',
  imgHelp: 'Un’immagine in /media/… o a un indirizzo https://; vuoto: nessuna.',
  dateHelp: 'Le ricette si elencano dalla più recente.',
  publishedHelp: 'Una ricetta non pubblicata non si vede più nel negozio (resta nell’elenco e nel registro).',
  slugHelp: 'La ricetta sarà /ricette/indirizzo; non si può cambiare dopo la creazione.',
  slugFixed: 'L’indirizzo non si cambia: i link del negozio puntano qui.',
  slugRule: 'Solo lettere minuscole, numeri e trattini (ad esempio cassoeula).',
  courses: { primi: 'Primi', secondi: 'Secondi', contorni: 'Contorni', dolci: 'Dolci' },
  difficulties: { facile: 'Facile', media: 'Media', difficile: 'Difficile' },
};

/** "Arrivi di oggi" (parking at pickup, decision 049). */
export const arrivalTexts = {
  title: 'Arrivi di oggi',
  orderNo: (id: number) => `Ordine ${id}`,
};

/**
 * What an empty list says, per resource: react-admin builds "Nessun %{name} trovato" from the resource's plural
 * name ("Nessun Ordini trovato"), but an Italian noun has its own gender and article. Each resource names its
 * own: the article (Nessun, Nessuna, Nessuno), the singular noun and the participle agreeing with it.
 */
const none = (article: 'Nessun' | 'Nessuna' | 'Nessuno', noun: string, participle = 'trovato') => ({
  noResults: `${article} ${noun} ${participle}`,
  noFilteredResults: `${article} ${noun} ${participle} con i filtri attuali.`,
  empty: `Ancora ${article.toLowerCase()} ${noun}.`,
});

export const resourceNoneTexts = {
  products: none('Nessun', 'prodotto'),
  stores: none('Nessun', 'punto vendita'),
  'self-scanning': none('Nessun', 'punto vendita con il self-scanning'),
  staff: none('Nessun', 'operatore'),
  arrivals: {
    noResults: 'Nessun arrivo oggi: la lista si aggiorna da sola.',
    noFilteredResults: 'Nessun arrivo oggi con i filtri attuali.',
    empty: 'Nessun arrivo oggi: la lista si aggiorna da sola.',
  },
  orders: none('Nessun', 'ordine'),
  'payments-stuck': none('Nessun', 'pagamento da verificare'),
  'payments-report': none('Nessun', 'movimento nel periodo'),
  invoices: none('Nessun', 'documento fiscale'),
  mails: none('Nessuna', 'e-mail', 'trovata'),
  promotions: none('Nessuna', 'promozione', 'trovata'),
  categories: none('Nessuna', 'categoria', 'trovata'),
  'catalogue-imports': none('Nessuna', 'importazione', 'trovata'),
  leaflets: none('Nessun', 'volantino'),
  integrations: none('Nessun', 'sistema integrato'),
  'price-lists': none('Nessun', 'listino'),
  'slot-templates': none('Nessuna', 'fascia oraria', 'trovata'),
  customers: none('Nessun', 'cliente'),
  votes: none('Nessuna', 'recensione', 'trovata'),
  receipts: none('Nessuno', 'scontrino'),
  'gift-card-orders': none('Nessuna', 'richiesta di gift card', 'trovata'),
  'form-submissions': none('Nessuna', 'richiesta', 'trovata'),
  pages: none('Nessuna', 'pagina', 'trovata'),
  slides: none('Nessun', 'avviso del giorno'),
  recipes: none('Nessuna', 'ricetta', 'trovata'),
  'ux-blocks': none('Nessun', 'blocco di testo'),
  'operator-actions': none('Nessuna', 'operazione', 'trovata'),
  audit: none('Nessuna', 'attività', 'registrata'),
} satisfies Record<keyof typeof adminItalian.resources, ReturnType<typeof none>>;

/** "E-mail non recapitate": the mails the SMTP server did not take, and their resend (decision 101). */
export const mailTexts = {
  title: 'E-mail non recapitate',
  delivery: 'Recapito',
  actions: 'Azioni',
  resend: 'Invia di nuovo',
  resendLabel: (to: string) => `Invia di nuovo l’e-mail a ${to}`,
  resent: 'E-mail rimessa in coda per l’invio.',
  resendFailed: 'Non è stato possibile rimettere in coda l’e-mail.',
  sentAt: (when: string) => `Inviata il ${when}`,
  nextTry: (when: string, attempts: number) =>
    attempts > 0 ? `Prossimo tentativo ${when} (tentativi finora: ${attempts})` : `Invio previsto ${when}`,
  notTried: 'Non ancora tentata',
  templates: {
    'registration-confirm': 'Conferma della registrazione',
    'password-reset': 'Nuova password',
    'mfa-pin': 'Codice PIN di accesso',
    'email-change': 'Cambio dell’indirizzo e-mail',
    'anonymize-token': 'Cancellazione dell’account',
    'password-changed': 'Password cambiata',
    'form-submission': 'Modulo inviato',
    'invite-voucher': 'Buono per l’invito',
    'order-confirmation': 'Conferma d’ordine',
    'order-status': 'Stato dell’ordine',
    'invoice-issued': 'Fattura emessa',
    'gift-card-order': 'Richiesta di gift card',
  } as Record<string, string>,
  template: (name: string): string => mailTexts.templates[name] ?? name,
};

/** Electronic invoices in the back office (decision 087). */
export const invoiceTexts = {
  title: 'Fatture elettroniche',
  kind: { TD01: 'Fattura', TD04: 'Nota di credito' } as const,
  export: 'Esporta il periodo (ZIP per il commercialista)',
  actions: 'Azioni',
  resend: 'Invia di nuovo',
  resendLabel: (number: string) => `Invia di nuovo allo SDI il documento ${number}`,
  resent: 'Documento rimesso in coda per l’invio.',
  resendFailed: 'Non è stato possibile rimettere in coda il documento.',
};

/** Correcting a document the SDI rejected (decision 094). */
export const invoiceCorrectionTexts = {
  open: 'Correggi e riemetti',
  openLabel: (number: string) => `Correggi i dati e riemetti il documento ${number}`,
  title: (number: string) => `Correggi e riemetti il documento ${number}`,
  sameNumber: (number: string, until: string) =>
    `Il documento scartato non è emesso: quello corretto avrà lo stesso numero ${number} e la stessa data (entro il ${until}).`,
  newNumber: (number: string, until: string) =>
    `Sono passati più di 5 giorni dallo scarto (fino al ${until}): il documento corretto avrà un nuovo numero e la data di oggi, con il riferimento al n. ${number}.`,
  personType: 'Tipo di cliente',
  personTypes: { private: 'Privato', company: 'Azienda', publicAdministration: 'Pubblica amministrazione' },
  fields: {
    companyName: 'Ragione sociale',
    vatCode: 'Partita IVA',
    fiscalCode: 'Codice fiscale',
    sdiCode: 'Codice destinatario SDI',
    pec: 'PEC',
    ipaCode: 'Codice IPA',
    address1: 'Indirizzo',
    addressNumber: 'Numero civico',
    postalCode: 'CAP',
    city: 'Comune',
    province: 'Provincia (sigla)',
  },
  cancel: 'Annulla',
  reissue: 'Emetti il documento corretto',
  done: 'Documento corretto emesso.',
  noData: 'L’ordine non ha dati di fatturazione da correggere.',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** An order's money in the back office (decision 085): movements, refunds, the payments to check, the report. */
export const paymentTexts = {
  title: 'Pagamento',
  provider: 'Fornitore',
  reference: 'Riferimento',
  noProvider: 'Nessun pagamento online (pagamento alla consegna o differito)',
  held: 'Bloccato',
  captured: 'Addebitato',
  refunded: 'Rimborsato',
  refundable: 'Ancora rimborsabile',
  movements: 'Movimenti del pagamento',
  none: 'Nessun movimento.',
  date: 'Data',
  movement: 'Movimento',
  state: 'Stato',
  amount: 'Importo',
  reason: 'Motivo',
  refund: 'Rimborsa',
  refundTitle: 'Rimborsa al cliente',
  refundHelp: (most: string) =>
    `Si restituisce sulla carta o sull’app di pagamento, fino a ${most}. Il portafoglio e i buoni non si rimborsano da qui.`,
  amountLabel: 'Importo da rimborsare (€)',
  amountHelp: 'Per esempio 12,50',
  lineLabel: 'Riga dell’ordine',
  lineHelp: 'Scegli la riga se il rimborso è per un prodotto: la nota di credito la riporta con la sua IVA.',
  noLine: 'Nessuna: un importo (ripartito sulle aliquote IVA)',
  lineOption: (name: string, quantity: string, unit: string, total: string) =>
    `${name} · ${quantity} ${unit} · ${total}`,
  quantityLabel: (unit: string) =>
    unit === 'kg' ? 'Quantità da rimborsare (kg)' : 'Quantità da rimborsare (pezzi)',
  quantityHelp: 'L’importo si aggiorna in proporzione: puoi correggerlo (per esempio un rimborso parziale).',
  reasonLabel: 'Motivo del rimborso',
  reasonHelp: 'Resta nel registro delle attività',
  cancel: 'Annulla',
  refundNow: 'Rimborsa ora',
  failed: 'Operazione non riuscita: riprova tra poco.',
  loadFailed: 'Non è stato possibile leggere il pagamento.',
  kinds: {
    authorization: 'Autorizzazione (importo bloccato)',
    capture: 'Addebito',
    void: 'Sblocco dell’importo non addebitato',
    refund: 'Rimborso',
  } as Record<string, string>,
  states: {
    created: 'In attesa del cliente',
    pending: 'In attesa di conferma',
    authorized: 'Autorizzato',
    declined: 'Rifiutato',
    voided: 'Annullato',
    captured: 'Addebitato',
    released: 'Sbloccato',
    requested: 'Richiesto',
    succeeded: 'Eseguito',
    failed: 'Non riuscito',
  } as Record<string, string>,
  stuckTitle: 'Pagamenti da verificare',
  reportTitle: 'Resoconto giornaliero dei pagamenti',
  download: 'Scarica CSV',
  from: 'Dal giorno',
  to: 'Al giorno',
};

/** The assortment: products and categories created and retired, the import of the product master. */
export const assortmentTexts = {
  eanHelp: 'EAN-13 o EAN-8 (vuoto: nessun codice a barre)',
  formatHelp: 'Come sull’etichetta: "500 g", "6 x 1,5 l", "al kg"',
  rulesHelp: 'Pezzo e Confezione: pezzi per passo e solo multipli; Sfuso: peso iniziale e passo in grammi.',
  level: (level: number) => (level <= 1 ? 'reparto' : level === 2 ? 'categoria' : 'sottocategoria'),
  parent: 'Sotto a',
  retire: 'Ritira dalla vendita',
  restore: 'Rimetti in vendita',
  retireConfirm: (name: string) =>
    `Ritirare "${name}" dalla vendita? Sparisce dal negozio e dai carrelli; gli ordini restano com'erano.`,
  retired: 'Prodotto ritirato dalla vendita.',
  restored: 'Prodotto di nuovo in vendita.',
  retireCategory: 'Togli dal menu',
  categoryRetired: 'Categoria tolta dal menu del negozio.',
  failed: 'Operazione non riuscita: riprova tra poco.',
  title: 'Importa prodotti',
  help:
    'Carica l’anagrafica in CSV (separatore ; o ,) o Excel (.xlsx, primo foglio), al massimo 10 MB e 100.000 righe. ' +
    'Colonne: codice, ean, nome, marca, formato, categoria, iva, tipologia, multiplo, solo_multipli, ' +
    'peso_minimo_g, passo_g, max_per_riga, prezzo, ingredienti, allergeni, conservazione, attivo. ' +
    'Un codice già presente aggiorna il prodotto; reimportare lo stesso file non cambia nulla.',
  choose: 'Scegli il file',
  file: (imp: { fileName: string; totalRows: number }) =>
    `${imp.fileName}: ${imp.totalRows.toLocaleString('it-IT')} righe di prodotti.`,
  state: (imp: { state: string; doneRows: number; totalRows: number }) =>
    ({
      staged: 'File letto: controlla l’anteprima, poi prova o importa.',
      checking: `Prova in corso: ${imp.doneRows} righe di ${imp.totalRows}…`,
      checked: 'Prova finita: nulla è stato scritto.',
      importing: `Importazione in corso: ${imp.doneRows} righe di ${imp.totalRows}…`,
      imported: 'Importazione finita.',
    })[imp.state] ?? imp.state,
  progressLabel: 'Avanzamento',
  counts: (imp: { counts: { created: number; updated: number; unchanged: number; refused: number } }) =>
    `Nuovi ${imp.counts.created} · aggiornati ${imp.counts.updated} · invariati ${imp.counts.unchanged} · scartati ${imp.counts.refused}`,
  dryRun: 'Prova senza importare',
  apply: 'Importa',
  previewTitle: 'Anteprima delle prime righe',
  line: 'Riga',
  column: 'Colonna',
  value: 'Valore',
  reason: 'Motivo',
  outcome: 'Esito',
  ok: 'Valida',
  refusedTitle: (n: number) => `Righe scartate: ${n} ${n === 1 ? 'motivo' : 'motivi'}`,
  download: 'Scarica il report (CSV)',
  photosTitle: 'Foto dei prodotti da un archivio ZIP',
  photosHelp:
    'Ogni foto (JPEG, PNG o WebP, al massimo 8 MB) si chiama con l’EAN o il codice del prodotto: 8076809513753.jpg. Al massimo 200 foto e 50 MB.',
  photosChoose: 'Scegli lo ZIP',
  photosDone: (n: number) => (n === 1 ? '1 foto caricata.' : `${n} foto caricate.`),
};

/** The page "Integrazioni" (decision 096): the chain's systems, their credentials, webhooks and failed deliveries. */
export const integrationTexts = {
  title: 'Integrazioni',
  help: 'I sistemi della catena (ERP, casse, magazzino) accedono all’API di integrazione con credenziali OAuth 2.0 (client credentials): ognuno ha i suoi permessi, si può revocare in ogni momento.',
  newTitle: 'Nuovo sistema',
  name: 'Nome del sistema',
  scopes: 'Permessi',
  scope: {
    stock: 'Giacenze',
    prices: 'Listini',
    products: 'Anagrafica prodotti',
    orders: 'Ordini',
  } as Record<string, string>,
  create: 'Crea credenziali',
  secretTitle: 'Credenziali create: copia ora il segreto, non sarà più mostrato.',
  clientId: 'client_id',
  clientSecret: 'client_secret',
  listTitle: 'Sistemi registrati',
  lastUse: 'Ultimo uso',
  never: 'mai',
  state: 'Stato',
  active: 'Attivo',
  revoked: 'Revocato',
  revoke: 'Revoca',
  revokeLabel: (name: string) => `Revoca le credenziali di ${name}`,
  revokedDone: 'Credenziali revocate.',
  webhookTitle: 'Webhook',
  webhookHelp: 'Gli eventi degli ordini sono inviati firmati (HMAC-SHA256, intestazione Spesa-Signature).',
  webhookClient: 'Sistema',
  webhookUrl: 'Indirizzo (https://…)',
  webhookEvents: 'Eventi',
  event: {
    'order.new': 'Nuovo ordine',
    'order.changed': 'Ordine cambiato',
    'order.cancelled': 'Ordine annullato',
    'order.prepared': 'Ordine preparato',
  } as Record<string, string>,
  saveWebhook: 'Salva webhook',
  webhookSaved: 'Webhook salvato.',
  signingSecret: 'Chiave di firma (mostrata una volta sola):',
  deadTitle: 'Invii non riusciti',
  deadNone: 'Nessun invio non riuscito.',
  event_: 'Evento',
  attempts: 'Tentativi',
  lastError: 'Ultimo errore',
  retry: 'Riprova',
  retryLabel: (id: number) => `Riprova l’invio ${id}`,
  retried: 'Invio rimesso in coda.',
  failed: 'Operazione non riuscita: riprova tra poco.',
};

/** "Listini" (decision 099): the chain's price lists, their stores and prices. */
export const priceListTexts = {
  title: 'Listini',
  help: 'Ogni negozio vende ai prezzi di un listino; un negozio senza listino usa il listino della catena (il prezzo del prodotto). Promozioni e prezzi carta valgono sopra ogni listino.',
  newTitle: 'Nuovo listino',
  code: 'Codice',
  name: 'Nome',
  create: 'Crea listino',
  created: 'Listino creato.',
  listsTitle: 'Listini della catena',
  chainList: 'Listino della catena (predefinito)',
  stores: 'Negozi',
  products: 'Prodotti con prezzo',
  otherStores: 'gli altri negozi',
  open: 'Prezzi',
  openLabel: (name: string) => `Prezzi del listino ${name}`,
  storesTitle: 'Negozi e listini',
  store: 'Negozio',
  listOf: (store: string) => `Listino di ${store}`,
  assigned: (store: string, list: string) => `${store} ora vende al ${list}.`,
  pricesTitle: (name: string) => `Prezzi del listino ${name}`,
  search: 'Codice, EAN o nome del prodotto',
  searchButton: 'Cerca',
  showPriced: 'Mostra i prodotti con prezzo',
  ean: 'EAN',
  product: 'Prodotto',
  chainPrice: 'Prezzo catena',
  todayPrice: 'Prezzo oggi nel listino',
  listPrices: 'Prezzi del listino',
  nonePriced: 'Nessun prodotto ha un prezzo in questo listino: cerca un prodotto per impostarlo.',
  noneFound: 'Nessun prodotto trovato.',
  setPrice: 'Imposta prezzo',
  setPriceLabel: (name: string) => `Imposta prezzo: ${name}`,
  remove: 'Rimuovi',
  removeLabel: (name: string, from: string) => `Rimuovi: prezzo di ${name} dal ${from}`,
  removed: 'Prezzo rimosso.',
  priceTitle: (name: string) => `Prezzo di ${name}`,
  price: 'Prezzo (€)',
  from: 'Valido dal',
  to: 'Valido fino al (facoltativo)',
  save: 'Salva prezzo',
  saved: 'Prezzo salvato: i negozi del listino lo mostrano da subito.',
  cancel: 'Annulla',
  period: (from: string, to: string | null) => (to ? `dal ${from} al ${to}` : `dal ${from}`),
  failed: 'Operazione non riuscita: riprova tra poco.',
};
