import { sql } from 'drizzle-orm';
import { sanitizeContentHtml } from '../../modules/content/content-html';
import { queryRows } from '../rows';
import type { Db } from './db';

/**
 * The content store's demo data (decision 050): the chain's pages in Italian (conditions of sale, privacy,
 * cookies, contacts, loyalty card rules, stores, FAQ, benefits, services, credits, the two marketing pages,
 * work with us), the footer and profile menus, and the ad slots. Every text goes through the same sanitiser
 * as the back office's writes. Idempotent: pages are added by slug, menus and slots only when empty.
 */

export interface SeedPage {
  slug: string;
  title: string;
  excerpt: string;
  validityText: string;
  seoDescription: string;
  template?: 'default' | 'stores' | 'faq';
  content: string;
}

/** A real public YouTube video (the first one ever published): the demo of the video dialog. */
export const DEMO_VIDEO_URL = 'https://www.youtube.com/watch?v=jNQXAC9IVRw';

const CHAIN = {
  company: 'Spesa S.p.A.',
  address: 'via Borgo Vico 148, 22100 Como',
  vat: 'P. IVA 01234560133 (dato dimostrativo)',
  phone: '031 000 0000',
  customerCare: 'clienti@spesa.demo',
  privacy: 'privacy@spesa.demo',
  dpo: 'dpo@spesa.demo',
  jobs: 'lavora@spesa.demo',
};

export const SEED_PAGES: readonly SeedPage[] = [
  {
    slug: 'condizioni-generali-di-vendita',
    title: 'Condizioni generali di vendita',
    excerpt: 'Le regole della spesa online: ordini, prezzi, consegna, pagamento, recesso e garanzie.',
    validityText: 'In vigore dal 1° novembre 2026',
    seoDescription:
      'Condizioni generali di vendita della spesa online Spesa: ordini, prezzi, consegna e ritiro, pagamenti, diritto di recesso per gli alimenti, garanzia legale.',
    content: `
<h2>1. Chi vende</h2>
<p>I prodotti sono venduti da ${CHAIN.company}, ${CHAIN.address}, ${CHAIN.vat}. Per qualsiasi domanda scrivi a <a href="mailto:${CHAIN.customerCare}">${CHAIN.customerCare}</a> o consulta la pagina <a href="/page/contatti">Contatti</a>.</p>
<p>Queste condizioni valgono per gli acquisti fatti da consumatori sul sito e sull'app. Il contratto è concluso in lingua italiana e segue la legge italiana, in particolare il Codice del Consumo (decreto legislativo 6 settembre 2005, n. 206).</p>
<h2>2. L'ordine</h2>
<p>Scegli il servizio (ritiro in negozio, consegna a domicilio o locker), l'indirizzo o il punto vendita e la fascia oraria, poi conferma il carrello e paga. Prima della conferma ti mostriamo il riepilogo con i prodotti, i prezzi, le spese di consegna e il totale. L'ordine è accettato quando ricevi l'e-mail di conferma.</p>
<p>Puoi modificare o annullare l'ordine dall'area <strong>I miei ordini</strong> finché non inizia la preparazione.</p>
<h2>3. Prezzi e prodotti a peso</h2>
<p>I prezzi sono in euro, IVA inclusa. Valgono i prezzi e le promozioni del giorno in cui prepariamo la spesa, se più favorevoli per te rispetto a quelli del giorno dell'ordine.</p>
<p>Per i prodotti venduti a peso (frutta, verdura, banco gastronomia) il prezzo indicato è una stima: addebitiamo il peso effettivo, che può scostarsi di poco da quello richiesto. Per garanzia blocchiamo sul tuo metodo di pagamento un importo leggermente superiore al totale stimato e addebitiamo solo quello reale.</p>
<h2>4. Prodotti non disponibili</h2>
<p>Se un prodotto manca al momento della preparazione, possiamo sostituirlo con uno equivalente solo se lo hai permesso nell'ordine; altrimenti non lo addebitiamo. Puoi rifiutare un prodotto sostitutivo alla consegna o al ritiro senza pagarlo.</p>
<h2>5. Consegna e ritiro</h2>
<p>Consegniamo o prepariamo la spesa nella fascia oraria scelta. Le spese di consegna dipendono dalla zona e dal servizio e sono sempre indicate prima della conferma. Alla consegna controlla i sacchetti davanti all'incaricato: eventuali prodotti danneggiati o mancanti possono essere segnalati subito.</p>
<p>I prodotti freschi e surgelati viaggiano in contenitori refrigerati fino alla consegna; ti chiediamo di riporli in frigorifero o nel congelatore appena li ricevi.</p>
<h2>6. Pagamento</h2>
<p>Puoi pagare con carta di pagamento, con il credito del portafoglio, con buoni spesa e, dove previsto, con buoni pasto elettronici. I buoni sconto e i codici regalo si applicano al riepilogo prima del pagamento.</p>
<h2>7. Diritto di recesso</h2>
<p>Hai il diritto di recedere dal contratto entro 14 giorni dalla consegna, senza indicarne il motivo (articolo 52 del Codice del Consumo). Per esercitarlo inviaci una dichiarazione esplicita, anche per e-mail a <a href="mailto:${CHAIN.customerCare}">${CHAIN.customerCare}</a>, e restituisci i prodotti integri entro 14 giorni: ti rimborsiamo entro 14 giorni dalla comunicazione con lo stesso mezzo di pagamento usato.</p>
<p><strong>Il recesso non si applica</strong>, per legge (articolo 59 del Codice del Consumo), a:</p>
<ul>
<li>prodotti che rischiano di deteriorarsi o scadere rapidamente, come frutta e verdura, carne, pesce, latticini, pane, prodotti del banco gastronomia e surgelati (lettera d);</li>
<li>prodotti sigillati che non si prestano a essere restituiti per motivi igienici o di tutela della salute e che sono stati aperti dopo la consegna, come alimenti confezionati, prodotti per l'igiene personale e cosmetici (lettera e);</li>
<li>prodotti confezionati su misura o chiaramente personalizzati, come le torte su ordinazione (lettera c);</li>
<li>bevande alcoliche il cui valore dipende dalle fluttuazioni del mercato, consegnate oltre 30 giorni dopo l'acquisto (lettera g).</li>
</ul>
<p>In pratica, per la spesa alimentare il recesso riguarda i prodotti non deperibili con la confezione ancora chiusa (per esempio detersivi, casalinghi, pasta o conserve non aperte).</p>
<h2>8. Prodotti non conformi</h2>
<p>Se un prodotto è difettoso, danneggiato o scaduto, segnalacelo entro 48 ore dalla consegna dall'area <strong>I miei ordini</strong> o scrivendo al servizio clienti, con una foto se possibile: ti rimborsiamo il prodotto. Resta ferma la garanzia legale di conformità per i difetti che si manifestano entro due anni dalla consegna (articoli 128 e seguenti del Codice del Consumo).</p>
<h2>9. Reclami e controversie</h2>
<p>Per i reclami scrivi al servizio clienti: rispondiamo entro 10 giorni lavorativi. Se non sei soddisfatto puoi rivolgerti a un organismo di risoluzione alternativa delle controversie (ADR) iscritto negli elenchi tenuti dalle autorità italiane. Per le controversie con i consumatori è competente il giudice del luogo di residenza o di domicilio del consumatore.</p>
`,
  },
  {
    slug: 'privacy',
    title: 'Informativa sulla privacy',
    excerpt: 'Come trattiamo i tuoi dati personali quando fai la spesa online, ai sensi del GDPR.',
    validityText: 'Aggiornata il 1° novembre 2026',
    seoDescription:
      'Informativa sul trattamento dei dati personali dei clienti della spesa online Spesa (Regolamento UE 2016/679, GDPR).',
    content: `
<p>Questa informativa spiega come trattiamo i tuoi dati personali quando usi il sito, l'app e i servizi della spesa online, come previsto dagli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR).</p>
<h2>Titolare del trattamento</h2>
<p>${CHAIN.company}, ${CHAIN.address}. Puoi scriverci a <a href="mailto:${CHAIN.privacy}">${CHAIN.privacy}</a>. Il responsabile della protezione dei dati (DPO) risponde a <a href="mailto:${CHAIN.dpo}">${CHAIN.dpo}</a>.</p>
<h2>Quali dati trattiamo</h2>
<ul>
<li>Dati dell'account: nome, cognome, e-mail, telefono, password (conservata in forma cifrata), codice fiscale se chiedi la fattura.</li>
<li>Indirizzi di consegna e punti vendita preferiti.</li>
<li>Ordini, pagamenti (non conserviamo i dati completi della carta: li tratta il gestore dei pagamenti), scontrini digitali e buoni.</li>
<li>Dati della carta fedeltà e acquisti collegati, se la usi.</li>
<li>Dati tecnici di navigazione e, solo con il tuo consenso, cookie di analisi e di profilazione (vedi la <a href="/page/cookie-policy">cookie policy</a>).</li>
</ul>
<h2>Perché li trattiamo e su quale base</h2>
<table>
<thead><tr><th scope="col">Finalità</th><th scope="col">Base giuridica</th><th scope="col">Conservazione</th></tr></thead>
<tbody>
<tr><td>Gestire l'account, gli ordini, la consegna e l'assistenza</td><td>Esecuzione del contratto (art. 6.1.b)</td><td>Finché l'account è attivo; gli ordini 10 anni per gli obblighi contabili</td></tr>
<tr><td>Fatture, scontrini e adempimenti fiscali</td><td>Obbligo di legge (art. 6.1.c)</td><td>10 anni</td></tr>
<tr><td>Scontrini digitali nell'area personale</td><td>Esecuzione del contratto</td><td>6 mesi</td></tr>
<tr><td>Carta fedeltà, punti e vantaggi</td><td>Esecuzione del regolamento della carta</td><td>Finché la carta è attiva</td></tr>
<tr><td>Newsletter e offerte personalizzate</td><td>Consenso (art. 6.1.a), revocabile in ogni momento</td><td>Fino alla revoca, al massimo 24 mesi dall'ultimo acquisto</td></tr>
<tr><td>Sicurezza e prevenzione delle frodi</td><td>Legittimo interesse (art. 6.1.f)</td><td>12 mesi</td></tr>
</tbody>
</table>
<h2>A chi comunichiamo i dati</h2>
<p>Ai fornitori che ci aiutano a erogare il servizio, nominati responsabili del trattamento: corrieri, gestori dei pagamenti, fornitori informatici e di posta elettronica. Non vendiamo i tuoi dati. I dati sono trattati nell'Unione europea.</p>
<h2>I tuoi diritti</h2>
<p>Puoi chiedere l'accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione, la portabilità e opporti al trattamento (articoli da 15 a 22 del GDPR), scrivendo a <a href="mailto:${CHAIN.privacy}">${CHAIN.privacy}</a>. Puoi revocare i consensi dal tuo profilo e cancellare l'account in autonomia dall'area personale. Hai anche il diritto di proporre reclamo al Garante per la protezione dei dati personali (<a href="https://www.garanteprivacy.it">www.garanteprivacy.it</a>).</p>
`,
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie policy',
    excerpt: 'Quali cookie usiamo, a cosa servono e come cambiare le tue scelte.',
    validityText: 'Aggiornata il 1° novembre 2026',
    seoDescription:
      'I cookie del sito Spesa: tecnici, di analisi e di profilazione, e come gestire il consenso.',
    content: `
<p>I cookie sono piccoli file che il sito salva nel tuo browser. Alla prima visita ti mostriamo un avviso in cui scegli quali cookie accettare: finché non scegli usiamo solo quelli tecnici. Chiudere l'avviso equivale a rifiutare i cookie facoltativi.</p>
<h2>Cookie tecnici (sempre attivi)</h2>
<p>Servono a far funzionare il sito e non richiedono il consenso: mantengono l'accesso all'account, il carrello, il servizio e il punto vendita scelti e la tua scelta sui cookie.</p>
<h2>Cookie di analisi</h2>
<p>Con il tuo consenso raccogliamo statistiche anonime e aggregate sull'uso del sito, per capire quali pagine funzionano meglio.</p>
<h2>Cookie di profilazione</h2>
<p>Con il tuo consenso usiamo le tue preferenze di acquisto per proporti offerte e contenuti in linea con i tuoi interessi.</p>
<h2>Come cambiare le tue scelte</h2>
<p>Puoi cambiare idea in ogni momento con il pulsante <strong>Preferenze cookie</strong> che trovi in fondo a ogni pagina: riapre lo stesso avviso della prima visita. Puoi anche cancellare i cookie dalle impostazioni del browser.</p>
<h2>Video</h2>
<p>I video presenti nelle pagine sono riprodotti in modalità di privacy avanzata di YouTube (youtube-nocookie.com): il lettore viene caricato solo quando scegli di guardare un video.</p>
<p>Per sapere come trattiamo i dati personali leggi l'<a href="/page/privacy">informativa sulla privacy</a>.</p>
`,
  },
  {
    slug: 'contatti',
    title: 'Contatti',
    excerpt: 'Servizio clienti, orari e recapiti della spesa online.',
    validityText: '',
    seoDescription: 'Come contattare il servizio clienti della spesa online Spesa: telefono, e-mail, orari.',
    content: `
<h2>Servizio clienti</h2>
<ul>
<li>Telefono: <a href="tel:+390310000000">${CHAIN.phone}</a>, dal lunedì al sabato dalle 8:30 alle 19:30</li>
<li>E-mail: <a href="mailto:${CHAIN.customerCare}">${CHAIN.customerCare}</a>: rispondiamo entro un giorno lavorativo</li>
</ul>
<p>Per un problema con un ordine indica il numero dell'ordine: lo trovi nell'e-mail di conferma e in <a href="/profile/orders">I miei ordini</a>. Molte risposte sono già nelle <a href="/page/faq">domande frequenti</a>.</p>
<h2>Sede</h2>
<p>${CHAIN.company}<br>${CHAIN.address}<br>${CHAIN.vat}</p>
<h2>Scrivici</h2>
<p>Compila il modulo: ti rispondiamo all'indirizzo e-mail che indichi.</p>
<p>[form id=1]</p>
`,
  },
  {
    slug: 'regolamento',
    title: 'Regolamento della carta fedeltà',
    excerpt: 'Come funziona la carta fedeltà: chi può averla, vantaggi, carta premium, durata.',
    validityText: 'Valido dal 1° gennaio 2026 al 31 dicembre 2027',
    seoDescription:
      'Regolamento della carta fedeltà Spesa: adesione gratuita, prezzi riservati, carta premium e suoi vantaggi, privacy.',
    content: `
<h2>1. Chi può averla</h2>
<p>La carta fedeltà è gratuita e nominativa. Può richiederla chiunque abbia compiuto 18 anni, nei punti vendita o online durante la registrazione. Ogni persona può avere una sola carta.</p>
<h2>2. Come si usa</h2>
<p>Mostra la carta alla cassa oppure collegala al tuo account online: i prezzi riservati ai titolari della carta si applicano in negozio e nella spesa online. Gli scontrini degli acquisti in negozio compaiono nella tua area personale.</p>
<h2>3. Vantaggi</h2>
<ul>
<li>Prezzi speciali riservati ai titolari, indicati nei volantini e sul sito con la dicitura «con carta».</li>
<li>Buoni sconto personali, che trovi in <a href="/profile/gift-certificates">I miei buoni</a>.</li>
<li>Il programma «Invita un amico».</li>
</ul>
<h2>4. Carta premium</h2>
<p>I titolari possono chiedere la carta premium. Dà diritto, per l'anno in corso, a un prodotto a scelta sempre scontato del 20%, a 2 consegne a domicilio gratuite, a 3 prodotti in regalo, alla torta di compleanno e allo sconto extra del 40% con i bollini. I dettagli sono nella pagina <a href="/page/vantaggi">Vantaggi</a>.</p>
<h2>5. Furto, smarrimento, chiusura</h2>
<p>In caso di furto o smarrimento avvisa il servizio clienti: blocchiamo la carta e trasferiamo i vantaggi sulla nuova. Puoi chiudere la carta in ogni momento; i buoni non ancora usati decadono alla chiusura.</p>
<h2>6. Durata e modifiche</h2>
<p>Il programma dura fino al 31 dicembre 2027. Eventuali modifiche sono comunicate con almeno 30 giorni di anticipo su questa pagina e per e-mail ai titolari.</p>
<h2>7. Dati personali</h2>
<p>I dati della carta sono trattati come descritto nell'<a href="/page/privacy">informativa sulla privacy</a>.</p>
`,
  },
  {
    slug: 'punti-vendita',
    title: 'I nostri punti vendita',
    excerpt: 'Indirizzi e telefoni dei negozi dove ritirare la spesa online.',
    validityText: '',
    seoDescription: 'I punti vendita Spesa in Lombardia: indirizzi, telefoni, ritiro della spesa online.',
    template: 'stores',
    content: `
<p>In tutti i nostri negozi puoi ritirare la spesa ordinata online (servizio Drive): scegli il punto vendita e la fascia oraria al momento dell'ordine. Per trovare il negozio più vicino a te usa la ricerca per comune quando scegli il servizio.</p>
`,
  },
  {
    slug: 'faq',
    title: 'Domande frequenti',
    excerpt: 'Risposte rapide su ordini, consegna, pagamenti, carta fedeltà e account.',
    validityText: '',
    seoDescription:
      'Domande frequenti sulla spesa online Spesa: ordini, consegna e ritiro, pagamenti, carta fedeltà.',
    template: 'faq',
    content: `
<h2>Ordini</h2>
<h3>Fino a quando posso modificare un ordine?</h3>
<p>Finché non inizia la preparazione: apri l'ordine in I miei ordini e scegli «Modifica». Il carrello torna modificabile e la fascia oraria resta prenotata.</p>
<h3>Posso annullare un ordine?</h3>
<p>Sì, con le stesse regole della modifica. L'importo bloccato sulla carta viene liberato.</p>
<h3>Cosa succede se un prodotto manca?</h3>
<p>Se hai permesso le sostituzioni ti portiamo un prodotto equivalente, che puoi rifiutare; altrimenti non te lo addebitiamo.</p>
<h2>Consegna e ritiro</h2>
<h3>Quanto costa la consegna a domicilio?</h3>
<p>Dipende dalla zona: vedi il costo quando inserisci l'indirizzo, prima di confermare l'ordine. Il ritiro in negozio è gratuito.</p>
<h3>Come funziona il ritiro in negozio?</h3>
<p>Scegli il punto vendita e la fascia oraria; all'arrivo segui le indicazioni per il Drive e mostra il codice dell'ordine.</p>
<h3>Cos'è il servizio anziani?</h3>
<p>Una consegna a domicilio scontata su un indirizzo scelto, per chi ne ha diritto. Trovi come funziona nella pagina <a href="/page/servizi">I nostri servizi</a>.</p>
<h2>Pagamenti</h2>
<h3>Perché l'importo bloccato è più alto del totale?</h3>
<p>Per i prodotti a peso il prezzo finale dipende dal peso reale: blocchiamo un piccolo margine e addebitiamo solo quanto dovuto.</p>
<h3>Posso pagare con i buoni pasto?</h3>
<p>Sì, con i buoni pasto elettronici accettati, nei limiti previsti dalla legge.</p>
<h2>Carta fedeltà e account</h2>
<h3>Come collego la carta fedeltà all'account?</h3>
<p>Dal profilo, nella sezione Carta fedeltà, inserisci il numero della carta e il cognome del titolare.</p>
<h3>Posso restituire un prodotto?</h3>
<p>Per gli alimenti deperibili e per le confezioni aperte il recesso non è previsto dalla legge; per un prodotto difettoso ti rimborsiamo. Leggi le <a href="/page/condizioni-generali-di-vendita">condizioni generali di vendita</a>.</p>
<h3>Come cancello il mio account?</h3>
<p>Dal profilo, alla voce «Cancella account»: i tuoi dati personali vengono resi anonimi.</p>
`,
  },
  {
    slug: 'vantaggi',
    title: 'I vantaggi per te',
    excerpt: 'Carta fedeltà, carta premium, buoni e inviti: tutti i modi per risparmiare.',
    validityText: 'Vantaggi premium validi fino al 31 dicembre 2026',
    seoDescription: 'I vantaggi della carta fedeltà e della carta premium Spesa.',
    content: `
<h2>Con la carta fedeltà</h2>
<ul>
<li>Prezzi riservati ogni settimana, in negozio e online.</li>
<li>Buoni sconto personali nella tua area.</li>
<li>Il 10% di sconto sulla prima spesa online per gli amici che inviti.</li>
</ul>
<h2>Con la carta premium</h2>
<ul>
<li>Un prodotto a tua scelta sempre scontato del 20%.</li>
<li>2 consegne a domicilio gratuite.</li>
<li>3 prodotti in regalo durante l'anno e un omaggio per le feste.</li>
<li>La torta di compleanno in regalo.</li>
<li>Il 40% di sconto extra con i bollini.</li>
</ul>
<p>Le condizioni complete sono nel <a href="/page/regolamento">regolamento della carta fedeltà</a>.</p>
`,
  },
  {
    slug: 'servizi',
    title: 'I nostri servizi',
    excerpt: 'Ritiro in negozio, consegna a domicilio, locker e servizio anziani.',
    validityText: '',
    seoDescription:
      'I servizi della spesa online Spesa: Drive, consegna a domicilio, locker, servizio anziani.',
    content: `
<p>Fai la spesa online e scegli come riceverla: in negozio, a casa o in un locker. Serviamo le province di Como, Sondrio, Lecco, Bergamo, Monza e Brianza, Milano e Brescia.</p>
<h2>Ritiro in negozio (Drive)</h2>
<p>Scegli il punto vendita più vicino e la fascia oraria: prepariamo la spesa e la ritiri senza fare la fila. Puoi cercare i negozi per comune o dalla tua posizione, entro 10 o 30 km. Trovi l'elenco nella pagina <a href="/page/punti-vendita">punti vendita</a>.</p>
<h2>Consegna a domicilio</h2>
<p>Portiamo la spesa all'indirizzo che indichi, nella fascia oraria che preferisci. Il costo della consegna dipende dalla zona e lo vedi prima di confermare l'ordine.</p>
<h2>Locker</h2>
<p>Ritira la spesa quando vuoi in uno dei nostri armadietti refrigerati, con il codice che ti inviamo.</p>
<h2>Servizio anziani</h2>
<p>Chi ha diritto al servizio anziani riceve la spesa a casa con la consegna scontata. Dopo aver letto e accettato l'informativa, scegli un indirizzo di casa (non di lavoro) come indirizzo del servizio: lo sconto vale per le consegne a quell'indirizzo.</p>
<p>Per sapere se hai diritto al servizio rivolgiti al servizio clienti o al punto vendita. Puoi gestire i tuoi indirizzi in <a href="/profile/addresses">I miei indirizzi</a>.</p>
<h2>Gift card per le aziende</h2>
<p>Le aziende possono ordinare le nostre gift card in quantità per dipendenti e clienti, con lo sconto del 3% in fattura per ordini da 1.500 € in su. <a href="/gift-card-aziende">Scopri le gift card per le aziende</a>.</p>
`,
  },
  {
    slug: 'credits',
    title: 'Credits e licenze',
    excerpt: 'Le fonti dei dati e delle illustrazioni del sito e le loro licenze.',
    validityText: '',
    seoDescription: 'Credits e licenze dei dati e delle illustrazioni usati dal sito Spesa.',
    content: `
<p>Spesa usa dati e illustrazioni aperti. Ecco le fonti e le loro licenze.</p>
<h2>Dati dei prodotti</h2>
<p>Contiene dati da Open Food Facts (https://openfoodfacts.org), disponibili con licenza Open Database License (ODbL) 1.0 — estratto del 14/06/2019 tramite Lifyzer-Database.</p>
<p>I singoli contenuti sono disponibili con licenza Database Contents License. Prezzi, disponibilità e promozioni sono dati dimostrativi; il Nutri-Score e l'energia sono stime.</p>
<p><a href="https://opendatacommons.org/licenses/odbl/1-0/">Testo della licenza ODbL 1.0</a> · <a href="https://openfoodfacts.org">Open Food Facts</a></p>
<h2>Comuni, CAP e province</h2>
<p>Database Comuni Italiani di Garda Informatica, licenza MIT. Fonte dei comuni: ISTAT.</p>
<p><a href="https://www.gardainformatica.it/database-comuni-italiani">Garda Informatica</a> · <a href="https://www.istat.it">ISTAT</a></p>
<h2>Illustrazioni</h2>
<p>Microsoft Fluent Emoji, © Microsoft Corporation, licenza MIT. <a href="https://github.com/microsoft/fluentui-emoji">Fluent Emoji</a></p>
<h2>Reparti e categorie</h2>
<p>Tassonomia scritta per questo progetto, rilasciata in pubblico dominio (CC0 1.0).</p>
<h2>Carattere tipografico</h2>
<p>Roboto, di Christian Robertson, licenza SIL Open Font License 1.1.</p>
<h2>Video</h2>
<p>Il video dimostrativo delle pagine è «Me at the zoo», il primo video pubblicato su YouTube, riprodotto dal lettore di YouTube.</p>
`,
  },
  {
    slug: 'la-spesa-online',
    title: 'La spesa online di Spesa',
    excerpt: 'Tutto il supermercato a portata di clic, con i prezzi del negozio.',
    validityText: '',
    seoDescription:
      'La spesa online Spesa: gli stessi prezzi e le stesse offerte del negozio, consegna a casa o ritiro gratuito.',
    content: `
<p>Oltre 10.000 prodotti, gli stessi prezzi e le stesse offerte del volantino del tuo negozio, senza code e senza borse pesanti.</p>
<h2>Come funziona</h2>
<ol>
<li>Scegli il servizio: ritiro in negozio, consegna a casa o locker.</li>
<li>Riempi il carrello, anche partendo dalle tue liste della spesa o da un ordine precedente.</li>
<li>Prenota la fascia oraria e paga online.</li>
</ol>
<h2>Freschezza garantita</h2>
<p>Frutta, verdura, carne e pesce sono scelti dai nostri addetti il giorno della consegna, con la stessa cura che metteresti tu. Se qualcosa non va, ti rimborsiamo.</p>
<h2>Guarda come funziona</h2>
<p><a href="${DEMO_VIDEO_URL}">Guarda il video dimostrativo</a></p>
<p><a href="/">Inizia la spesa</a> · <a href="/page/servizi">Scopri i servizi</a></p>
`,
  },
  {
    slug: 'app',
    title: "L'app di Spesa",
    excerpt: 'La spesa online nello smartphone: carta fedeltà digitale, liste, scontrini e notifiche.',
    validityText: '',
    seoDescription:
      "L'app Spesa per Android e iPhone: spesa online, carta fedeltà digitale, scontrini e liste.",
    content: `
<p>Con l'app fai la spesa ovunque, in pochi tocchi. È gratuita per Android e iPhone.</p>
<h2>Cosa puoi fare con l'app</h2>
<ul>
<li>Ordinare con ritiro o consegna, come sul sito: carrello e liste sono gli stessi.</li>
<li>Mostrare la carta fedeltà digitale alla cassa.</li>
<li>Fare la spesa in negozio con il self-scanning e pagare senza coda.</li>
<li>Ritrovare gli scontrini digitali degli ultimi 6 mesi.</li>
<li>Ricevere una notifica quando la spesa è pronta o in consegna.</li>
</ul>
<h2>Il video</h2>
<p><a href="https://youtu.be/jNQXAC9IVRw">Guarda il video</a></p>
`,
  },
  {
    slug: 'lavora-con-noi',
    title: 'Lavora con noi',
    excerpt: 'Candidati per i nostri punti vendita, gli uffici e la logistica.',
    validityText: '',
    seoDescription: 'Lavora con Spesa: candidature per punti vendita, uffici e logistica in Lombardia.',
    content: `
<p>Cerchiamo persone che abbiano voglia di crescere con noi nei punti vendita, negli uffici della sede di Como e nella logistica.</p>
<p>Compila il modulo e allega il tuo curriculum in formato PDF: lo leggiamo con attenzione e ti contattiamo se c'è una posizione adatta a te. In alternativa scrivi a <a href="mailto:${CHAIN.jobs}">${CHAIN.jobs}</a>.</p>
<p>[form id=2]</p>
`,
  },
];

const FOOTER_MENU: ReadonlyArray<{ title: string; url: string }> = [
  { title: 'Condizioni di vendita', url: '/page/condizioni-generali-di-vendita' },
  { title: 'Privacy', url: '/page/privacy' },
  { title: 'Cookie policy', url: '/page/cookie-policy' },
  { title: 'Contatti', url: '/page/contatti' },
  { title: 'Punti vendita', url: '/page/punti-vendita' },
  { title: 'Domande frequenti', url: '/page/faq' },
  { title: 'Regolamento carta fedeltà', url: '/page/regolamento' },
  { title: 'I nostri servizi', url: '/page/servizi' },
  { title: 'La spesa online', url: '/page/la-spesa-online' },
  { title: "L'app", url: '/page/app' },
  { title: 'Lavora con noi', url: '/page/lavora-con-noi' },
  { title: 'Credits e licenze', url: '/page/credits' },
];

const PROFILE_MENU: ReadonlyArray<{ title: string; url: string }> = [
  { title: 'Domande frequenti', url: '/page/faq' },
  { title: 'I vantaggi', url: '/page/vantaggi' },
  { title: 'Contatti', url: '/page/contatti' },
];

const FORM_PLACEHOLDER = /\[form id=(\d+)\]/;

export async function ensureContentPages(db: Db): Promise<number> {
  let added = 0;
  await db.transaction(async (tx) => {
    for (const page of SEED_PAGES) {
      const content = sanitizeContentHtml(page.content);
      const form = FORM_PLACEHOLDER.exec(content);
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO content_pages (slug, title, content, excerpt, validity_text, seo_title, seo_description,
              template, form_id)
            VALUES (${page.slug}, ${page.title}, ${content}, ${sanitizeContentHtml(page.excerpt)},
              ${page.validityText}, ${`${page.title} | Spesa`}, ${page.seoDescription},
              ${page.template ?? 'default'}, ${form ? Number(form[1]) : null})
            ON CONFLICT (slug) DO NOTHING RETURNING page_id AS id`,
      );
      added += rows.length;
    }
    const [menus] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM content_menu_items`,
    );
    if ((menus?.n ?? 0) === 0) {
      const items = [
        ...FOOTER_MENU.map((m, i) => ({ ...m, location: 'footer', position: i + 1 })),
        ...PROFILE_MENU.map((m, i) => ({ ...m, location: 'profile', position: i + 1 })),
      ];
      for (const m of items)
        await tx.execute(
          sql`INSERT INTO content_menu_items (location, title, url, position)
              VALUES (${m.location}, ${m.title}, ${m.url}, ${m.position})`,
        );
    }
    const [slots] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ad_slots`);
    if ((slots?.n ?? 0) === 0) {
      // the cart's slot proposes a product in promotion today, when the catalogue has one
      const [promo] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT p.product_id AS id FROM products p JOIN product_promos pp ON pp.product_id = p.product_id
            WHERE current_date BETWEEN pp.valid_from AND pp.valid_to
            ORDER BY p.product_id LIMIT 1`,
      );
      await tx.execute(
        sql`INSERT INTO ad_slots (route_path, kind, title, description, img, link) VALUES
            ('*', 'banner', 'Spesa online con ritiro gratuito in negozio',
              'Ordina entro le 12 e ritira la spesa nel pomeriggio nel punto vendita che preferisci.', NULL,
              '/page/servizi'),
            ('/', 'banner', 'Scarica l''app di Spesa',
              'Carta fedeltà digitale, scontrini e notifiche sempre con te.', NULL, '/page/app'),
            ('/page', 'banner', 'Hai una domanda?', 'Trova la risposta nelle domande frequenti.', NULL,
              '/page/faq')`,
      );
      if (promo)
        await tx.execute(
          sql`INSERT INTO ad_slots (route_path, kind, title, description, product_id)
              VALUES ('/cart', 'product', 'In offerta oggi', 'Aggiungilo alla tua spesa.', ${promo.id})`,
        );
    }
    if (added > 0)
      await tx.execute(
        sql`INSERT INTO content_version (id, version) VALUES (1, 1)
            ON CONFLICT (id) DO UPDATE SET version = content_version.version + 1, updated_at = now()`,
      );
  });
  return added;
}
