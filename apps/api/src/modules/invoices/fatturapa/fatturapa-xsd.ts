import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * Validation of a document against the FatturaPA 1.2.1 schema kept beside this file (its source in
 * SOURCE.md), with libxml2 compiled to WebAssembly (xmllint-wasm): the same checks as `xmllint --schema`.
 */

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
let schemaFiles: { schema: string; signature: string } | null = null;

function schemas() {
  schemaFiles ??= {
    schema: readFileSync(here('./Schema_VFPR12_1.2.1.xsd'), 'utf8'),
    signature: readFileSync(here('./xmldsig-core-schema.xsd'), 'utf8'),
  };
  return schemaFiles;
}

export interface SchemaCheck {
  valid: boolean;
  /** libxml2's messages, without the file name */
  errors: string[];
}

export async function checkAgainstSchema(xml: string): Promise<SchemaCheck> {
  const { schema, signature } = schemas();
  const result = await validateXML({
    xml: [{ fileName: 'fattura.xml', contents: xml }],
    schema: [{ fileName: 'Schema_VFPR12_1.2.1.xsd', contents: schema }],
    preload: [{ fileName: 'xmldsig-core-schema.xsd', contents: signature }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}
