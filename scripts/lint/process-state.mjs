// @ts-check
/**
 * Finds the state an API process keeps in its own memory (decision 090): at module scope, a Map, Set, WeakMap or
 * LRU cache that the file fills, or a `let` the file assigns again (a memoised value); in a class, a field
 * holding a Map, Set, WeakMap or LRU cache that the class fills. Lookup tables written once are not state.
 * Several API processes on several hosts each keep their own copy, so each entry of PROCESS_STATE below says
 * how that copy follows a change made on another host. `node scripts/lint/process-state.mjs` prints the list;
 * apps/api/test/process-state.test.ts fails when the code holds state the list does not name, or the list
 * names state that is gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'apps/api/src');

/**
 * `file#name` (file relative to apps/api/src; a class field as `Class.field`) → how it follows another
 * host's change. `follows` is one of:
 * - 'pure': a value computed from its key alone (same on every host, nothing to follow);
 * - 'version': emptied when a version row in the database moves (every host reads it at most every second);
 * - 'ttl': kept a bounded time, the bound named;
 * - 'in-flight': only work running now in this process (deduplicated); the result is in the database or the
 *   file store every host reads;
 * - 'start': read once at start from configuration or the database, same on every host;
 * - 'local': this process's own business (its timers, its connections), nothing another host changes.
 */
export const PROCESS_STATE = {
  'lib/file-store-s3.ts#S3FileStore.#client': {
    follows: 'local',
    how: "this process's S3 client, made on the first file read or written (its own connections)",
  },
  'lib/file-store-s3.ts#S3FileStore.#made': {
    follows: 'local',
    how: 'the same client, kept to close its connections when the process stops',
  },
  'modules/account/birthplace-code.ts#codiceFiscale': {
    follows: 'pure',
    how: 'the codice-fiscale-js package, loaded at first use (decision 089): code, not data',
  },
  'modules/content/content-html.ts#sanitizer': {
    follows: 'pure',
    how: 'the sanitize-html package, loaded at first use (decision 089): code, not data',
  },
  'db/client.ts#probes': {
    follows: 'local',
    how: "the pool probe of each database this process opened (its own pool's use and waits, for the metrics)",
  },
  'db/rows.ts#PreparedSql.#query': {
    follows: 'pure',
    how: "a statement's text and its placeholders, built from the code at its first use",
  },
  'db/rows.ts#PreparedSql.#onPool': {
    follows: 'local',
    how: "the statement prepared on this process's pool (the first handle it ran on that is no transaction)",
  },
  'db/client.ts#StatementNames.names': {
    follows: 'local',
    how: "the names of the statements prepared on this process's connections (a hash of each text; at most 400)",
  },
  'db/client.ts#StatementNames.seen': {
    follows: 'local',
    how: 'how often each statement text was sent, until it repeats and gets a name (cleared in bulk at 5,000 texts)',
  },
  'lib/lifecycle.ts#Lifecycle.#draining': {
    follows: 'local',
    how: "whether this process drains (SIGTERM): its own /readyz answers 503, the other hosts' are unaffected",
  },
  'lib/lifecycle.ts#Lifecycle.#inFlight': {
    follows: 'local',
    how: 'the requests this process is answering now, waited for before its pool closes',
  },
  'modules/invoices/fatturapa/fatturapa-xsd.ts#schemaFiles': {
    follows: 'pure',
    how: 'the FatturaPA schema files read from beside the code once: the same on every host',
  },
  'lib/jobs.ts#JobQueue.#handlers': {
    follows: 'local',
    how: 'the job kinds this process runs, registered at build; the jobs themselves are rows of scheduled_jobs every process claims',
  },
  'lib/jobs.ts#JobQueue.#attemptsOfKind': {
    follows: 'local',
    how: "the attempts of the kinds registered with their own (a mail's), at build: every process registers the same",
  },
  'lib/jobs.ts#JobQueue.#recurring': {
    follows: 'local',
    how: 'the recurring kinds this process declares, at build',
  },
  'lib/jobs.ts#JobQueue.#timer': {
    follows: 'local',
    how: "this process's polling timer",
  },
  'lib/jobs.ts#JobQueue.#running': {
    follows: 'local',
    how: "this process's poll in progress",
  },
  'lib/jobs.ts#JobQueue.#again': {
    follows: 'local',
    how: "this process's next poll, asked for",
  },
  'lib/jobs.ts#JobQueue.#stopped': {
    follows: 'local',
    how: 'whether this process polls',
  },
  'lib/answer-serializer.ts#compiledBySchema': {
    follows: 'pure',
    how: "each contract's serializer compiled from its schema, a module constant of the code this process runs",
  },
  'lib/memo-serializer.ts#knownJson': {
    follows: 'version',
    how: "the JSON an answer's owner made for a value (a store's product or page), kept on that value object while it lives: the values are the read cache's, which follow catalogue_version",
  },
  'lib/read-cache.ts#VersionedReadCache.#lru': {
    follows: 'version',
    how: 'every key holds the version its read was made at (catalogue_version for the catalogue, content_version for the content): a write on any host moves the row, every host re-reads it at most a second later (versionCheckMs) and no longer reaches older entries; CACHE_TTL_MS bounds the rest',
  },
  'lib/read-cache.ts#VersionedReadCache.#version': {
    follows: 'version',
    how: 'the version row as last read, re-read at most once per versionCheckMs (1 s)',
  },
  'lib/read-cache.ts#VersionedReadCache.#pendingVersion': {
    follows: 'in-flight',
    how: 'the version query running now, shared by concurrent requests',
  },
  'lib/read-cache.ts#VersionedReadCache.#loading': {
    follows: 'in-flight',
    how: 'loads running now, shared by concurrent requests of the same key and version',
  },
  'lib/rome-time.ts#lastMinute': {
    follows: 'pure',
    how: 'the Rome day and time of the last minute converted: a function of the instant',
  },
  'modules/account/account.repository.ts#AccountRepository.#liveSession': {
    follows: 'local',
    how: "a prepared statement on this process's connection",
  },
  'modules/account/account.repository.ts#AccountRepository.#liveSessionWith': {
    follows: 'local',
    how: "the session's prepared statement with each route's companion read, on this process's connection",
  },
  'modules/account/account.repository.ts#AccountRepository.#userById': {
    follows: 'local',
    how: "a prepared statement on this process's connection",
  },
  'modules/account/secrets.ts#dummyHash': {
    follows: 'pure',
    how: 'a hash of random text, verified for unknown accounts (for the timing only)',
  },
  'modules/cart/cart.repository.ts#CartRepository.#openCart': {
    follows: 'local',
    how: "a prepared statement on this process's connection",
  },
  'modules/cart/cart.repository.ts#CartRepository.#chooseSlot': {
    follows: 'local',
    how: "a prepared statement on this process's connection",
  },
  'modules/cart/cart.repository.ts#CartRepository.#lines': {
    follows: 'local',
    how: "a prepared statement on this process's connection",
  },
  'modules/cart/cart.repository.ts#CartRepository.#openCartParts': {
    follows: 'local',
    how: "a prepared statement on this process's connection (the open cart with its lines, infos and delivery parts)",
  },
  'modules/cart/cart.repository.ts#CartRepository.#openCartPartsProducts': {
    follows: 'local',
    how: "a prepared statement on this process's connection (the open cart's parts with its products' live facts)",
  },
  'modules/cart/cart-add.ts#LineSet.#lines': {
    follows: 'in-flight',
    how: 'the lines of one cart as one add read them, made and dropped within that request (the write checks the cart row has not moved since)',
  },
  'modules/catalogue/store-overlay.ts#StoreFigureCache.#figures': {
    follows: 'version',
    how: "every store's figures of a cached chain product, kept on that product object (a WeakMap) and for one Rome day: the product leaves the read cache when catalogue_version moves (a stock feed, a price list), and its figures with it",
  },
  'modules/catalogue/store-overlay.ts#StoreFigureCache.#loading': {
    follows: 'in-flight',
    how: 'the figures statement running now, shared by the concurrent first looks at the same products',
  },
  'modules/catalogue/store-json.ts#templates': {
    follows: 'version',
    how: "the JSON of a cached chain product with gaps for a store's fields, kept on that product object: it goes with the product when catalogue_version moves",
  },
  'modules/catalogue/store-json.ts#pageTemplates': {
    follows: 'version',
    how: 'the JSON of a cached chain page around its products, kept on that page object: it goes with the page when catalogue_version moves',
  },
  'modules/catalogue/catalogue-reads.ts#CatalogueReads.#index': {
    follows: 'version',
    how: 'the category index of one catalogue version, built again when the version moves',
  },
  'modules/catalogue/catalogue-suggestions.ts#CatalogueSuggestions.#suggestions': {
    follows: 'version',
    how: 'the suggestion dictionary of one catalogue version, built again when the version moves',
  },
  'modules/catalogue/listing-warmer.ts#ListingWarmer.#warmed': {
    follows: 'local',
    how: 'which listings this process read into its cache (the cache follows the version)',
  },
  'modules/catalogue/listing-warmer.ts#ListingWarmer.#running': {
    follows: 'local',
    how: "this process's warm-up in progress",
  },
  'modules/catalogue/listing-warmer.ts#ListingWarmer.#timer': {
    follows: 'local',
    how: "this process's refresh timer",
  },
  'modules/catalogue/product.mapper.ts#pricedRows': {
    follows: 'pure',
    how: 'the price fields of a product object the read cache holds, kept beside it (a WeakMap: gone with the object)',
  },
  'modules/checkout/checkout.repository.ts#CheckoutRepository.packagingCache': {
    follows: 'ttl',
    how: 'the packaging types, kept 60 s (only the seed writes them)',
  },
  'modules/delivery/delivery.service.ts#DeliveryService.servicesCache': {
    follows: 'start',
    how: 'the delivery services, read once: only the seed writes delivery_services (a change needs every process restarted)',
  },
  'modules/delivery/delivery.service.ts#DeliveryService.warehouseNameCache': {
    follows: 'ttl',
    how: "stores' names, kept 30 s: a back-office edit shows on every host within 30 s",
  },
  'modules/delivery/delivery.service.ts#DeliveryService.warehouseCache': {
    follows: 'ttl',
    how: 'stores and lockers, kept 30 s: a back-office edit shows on every host within 30 s',
  },
  'modules/delivery/timeslot.service.ts#romeMinutesKnown': {
    follows: 'pure',
    how: 'minutes of a Rome wall-clock time: a function of its text',
  },
  'modules/delivery/timeslot.service.ts#TimeslotService.lastWindow': {
    follows: 'pure',
    how: "the slot window's seven days from Rome's today: a function of the day, made again when it changes",
  },
  'modules/delivery/timeslot.service.ts#italy': {
    follows: 'pure',
    how: "Italy's holiday calendar (a library object)",
  },
  'modules/delivery/timeslot.service.ts#lockDaysByYear': {
    follows: 'pure',
    how: "a year's national holidays: a function of the year",
  },
  'modules/delivery/timeslot.service.ts#TimeslotService.generated': {
    follows: 'local',
    how: "the days whose slots this process made sure exist; slots are rows inserted once and never deleted, so another host's check inserts nothing",
  },
  'modules/identity/social-sign-in.ts#SocialSignIn.configs': {
    follows: 'start',
    how: "each configured provider's discovery document, from env.ts's issuers",
  },
  'modules/leaflets/leaflet-files.ts#LeafletFiles.#inFlight': {
    follows: 'in-flight',
    how: 'drawings running now in this process; the files are in the file store every host reads, and two hosts drawing at once write the same keys',
  },
  'modules/leaflets/leaflet-uploads.ts#pdfjs': {
    follows: 'pure',
    how: 'the pdf.js library, loaded on the first PDF uploaded (code, not data)',
  },
  'modules/mail/mail.service.ts#MailService.transporter': {
    follows: 'local',
    how: "this process's SMTP connection (nodemailer, made on its first mail from SMTP_URL); the mails are the outbox's rows",
  },
  'modules/media/icon.renderer.ts#rendered': {
    follows: 'pure',
    how: 'an illustration drawn from its name and tint',
  },
  'modules/notifications/push.fcm-sender.ts#FcmPushSender.#accessToken': {
    follows: 'ttl',
    how: "this process's OAuth token at FCM, kept until a minute before it expires (each host gets its own)",
  },
  'modules/orders/order-status.service.ts#OrderTransitionListeners.byStatus': {
    follows: 'local',
    how: 'the listeners the modules register at build',
  },
  'modules/orders/order-status.service.ts#OrderTransitionListeners.writesByStatus': {
    follows: 'local',
    how: "the writes the modules register at build to run inside a status change's own statement",
  },
};

const STATEFUL = /^(Map|Set|WeakMap|WeakSet|LRUCache|LRU)$/;
const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push']);

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' || e.name === 'seed' ? [] : sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.(test|bench)\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** @param {ts.Expression | undefined} init */
const statefulNew = (init) =>
  !!init &&
  ts.isNewExpression(init) &&
  ts.isIdentifier(init.expression) &&
  STATEFUL.test(init.expression.text);

/**
 * Whether `name` (an identifier, or `this.name` / `this.#name` in a class) is filled or assigned again.
 * @param {ts.Node} scope @param {string} name @param {boolean} member
 */
function isMutated(scope, name, member) {
  let mutated = false;
  /** @param {ts.Expression} e */
  const names = (e) =>
    member
      ? ts.isPropertyAccessExpression(e) &&
        e.expression.kind === ts.SyntaxKind.ThisKeyword &&
        e.name.getText() === name
      : ts.isIdentifier(e) && e.text === name;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      MUTATORS.has(node.expression.name.getText()) &&
      names(node.expression.expression)
    )
      mutated = true;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      names(node.left)
    )
      mutated = true;
    if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      names(/** @type {ts.Expression} */ (node.operand))
    )
      mutated = true;
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return mutated;
}

/** Whether `this.name = …` in `scope` puts a Map, Set or LRU cache there. @param {ts.Node} scope @param {string} name */
function assignsStatefulNew(scope, name) {
  let found = false;
  /** @param {ts.Node} node */
  const hasNew = (node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && STATEFUL.test(node.expression.text))
      found = true;
    ts.forEachChild(node, hasNew);
  };
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      thisMember(node.left, name)
    )
      hasNew(node.right);
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

/** @param {ts.Expression} e @param {string} name */
const thisMember = (e, name) =>
  ts.isPropertyAccessExpression(e) &&
  e.expression.kind === ts.SyntaxKind.ThisKeyword &&
  e.name.getText() === name;

/** Whether `this.name.set/add/delete/clear(…)` in `scope`. @param {ts.Node} scope @param {string} name */
function isFilled(scope, name) {
  let filled = false;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      MUTATORS.has(node.expression.name.getText()) &&
      thisMember(node.expression.expression, name)
    )
      filled = true;
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return filled;
}

/** Whether `this.name = …` (or `??=`, `+=` …) in `scope`. @param {ts.Node} scope @param {string} name */
function assigns(scope, name) {
  let assigned = false;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      thisMember(node.left, name)
    )
      assigned = true;
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return assigned;
}

/** Every piece of process state in apps/api/src: `file#name` with its line. */
export function findProcessState() {
  /** @type {Array<{ id: string, line: number }>} */
  const found = [];
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path).replaceAll('\\', '/');
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const at = (/** @type {ts.Node} */ n) => source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        const isLet = (statement.declarationList.flags & ts.NodeFlags.Let) !== 0;
        for (const d of statement.declarationList.declarations) {
          if (!ts.isIdentifier(d.name)) continue;
          const name = d.name.text;
          if ((isLet || statefulNew(d.initializer)) && isMutated(source, name, false))
            found.push({ id: `${file}#${name}`, line: at(d) });
        }
      }
      if (ts.isClassDeclaration(statement) && statement.name) {
        const className = statement.name.text;
        const ctor = statement.members.find(ts.isConstructorDeclaration);
        const methods = statement.members.filter(
          (m) => !ts.isConstructorDeclaration(m) && !ts.isPropertyDeclaration(m),
        );
        for (const member of statement.members) {
          if (!ts.isPropertyDeclaration(member)) continue;
          const name = member.name.getText();
          const statefulInit = statefulNew(member.initializer) || (!!ctor && assignsStatefulNew(ctor, name));
          const filled = methods.some((m) => isFilled(m, name));
          const reassigned =
            methods.some((m) => isMutated(m, name, true) && !isFilled(m, name)) ||
            methods.some((m) => assigns(m, name));
          if ((statefulInit && filled) || reassigned)
            found.push({ id: `${file}#${className}.${name}`, line: at(member) });
        }
      }
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findProcessState();
  const listed = /** @type {Record<string, { follows: string, how: string }>} */ (PROCESS_STATE);
  for (const { id, line } of found) {
    const entry = listed[id];
    console.log(`${id}:${line}\t${entry ? `${entry.follows}: ${entry.how}` : 'NOT LISTED'}`);
  }
}
