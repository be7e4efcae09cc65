import { describe, expect, it } from 'vitest';
import { safeFileName } from './form-files';

/** The name a customer's file keeps (decision 051): what the ticket, the mail and the back office show. */
describe('safeFileName', () => {
  it.each<[string, string | null]>([
    ['Curriculum Giulia.pdf', 'Curriculum Giulia.pdf'],
    // a right-to-left override: "cv\u202Egpj.pdf" displays as "cvfdp.jpg"
    ['cv\u202Egpj.pdf', 'cvgpj.pdf'],
    // isolates, zero-width characters, the byte order mark, a soft hyphen, an Arabic letter mark
    ['\u2066cv\u2069 \u200Bgiulia\u200D.pdf', 'cv giulia.pdf'],
    ['\uFEFFfattura\u00AD.pdf', 'fattura.pdf'],
    ['ricevuta\u061C\u200E\u200F.png', 'ricevuta.png'],
    // what is left after them must still be a name
    ['\u202E\u200B', null],
    ['\u200B.htaccess', null],
    ['.\u200B./cv.pdf', null],
    ['cv\u0007.pdf', null],
    ['../cv.pdf', null],
  ])('%j → %j', (given, kept) => {
    expect(safeFileName(given)).toBe(kept);
  });
});
