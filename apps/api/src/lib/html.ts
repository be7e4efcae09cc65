import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

/**
 * The server's few HTML pages and e-mails are Eta templates (decision 028). Every `<%= value %>` is escaped
 * (& < > " ' as entities: text and attribute values alike); `<%~ html %>` writes HTML as it is, for what
 * another of our templates rendered (a layout's body, a stored mail) and nothing else. Compiled on first use,
 * then kept.
 */
const OPTIONS = { autoEscape: true, cache: true } as const;

/**
 * The templates of one folder, named relative to the calling file (`new URL('./templates/', import.meta.url)`),
 * so they are found from any working directory. `render('page', data)` renders `page.eta`.
 */
export function htmlTemplates(folder: URL): <T extends object>(name: string, data: T) => string {
  const eta = new Eta({ ...OPTIONS, views: fileURLToPath(folder) });
  return (name, data) => eta.render(name, data);
}

const inline = new Eta(OPTIONS);

/** A short template written in the code, compiled once: `htmlTemplate<{ alt: string }>('<img alt="<%= it.alt %>">')`. */
export function htmlTemplate<T extends object>(source: string): (data: T) => string {
  const template = inline.compile(source);
  return (data) => inline.render(template, data);
}
