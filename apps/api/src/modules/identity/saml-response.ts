import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import type { SignedXml } from 'xml-crypto';

/** xml-crypto, read on the first answer signed (the demo IdP and the tests only), not at every start */
const require = createRequire(import.meta.url);

/**
 * A SAML 2.0 identity provider's answer, as the development demo IdP and the tests' IdP send it: a Response
 * carrying one Assertion, the assertion signed (enveloped XML signature, RSA-SHA256, exclusive c14n) with
 * the IdP's key through xml-crypto. The knobs let tests make every answer the shop must refuse.
 */
export interface SamlAnswer {
  issuer: string;
  /** the service provider's entity id (AudienceRestriction) */
  audience: string;
  /** the assertion consumer service URL (Destination, SubjectConfirmationData Recipient) */
  recipient: string;
  inResponseTo: string;
  nameId: string;
  attributes: Record<string, string | string[]>;
  privateKey: string;
  /** default now */
  issuedAt?: Date;
  /** default 5 minutes after issuedAt */
  notOnOrAfter?: Date;
  /** false: the assertion goes unsigned */
  sign?: boolean;
  assertionId?: string;
}

const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export const samlId = () => `_${randomBytes(20).toString('hex')}`;

/** The Response's XML (not yet base64). */
export function samlResponseXml(a: SamlAnswer): string {
  const issued = a.issuedAt ?? new Date();
  const until = a.notOnOrAfter ?? new Date(issued.getTime() + 5 * 60_000);
  const notBefore = new Date(issued.getTime() - 60_000);
  const assertionId = a.assertionId ?? samlId();
  const attributes = Object.entries(a.attributes)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${esc(name)}">${(Array.isArray(value) ? value : [value])
          .map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${issued.toISOString()}">` +
    `<saml:Issuer>${esc(a.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(a.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${esc(a.inResponseTo)}" NotOnOrAfter="${until.toISOString()}" Recipient="${esc(a.recipient)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore.toISOString()}" NotOnOrAfter="${until.toISOString()}"><saml:AudienceRestriction><saml:Audience>${esc(a.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${issued.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  const signed = a.sign === false ? assertion : signAssertion(assertion, a.privateKey);
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${samlId()}" Version="2.0" IssueInstant="${issued.toISOString()}" Destination="${esc(a.recipient)}" InResponseTo="${esc(a.inResponseTo)}">` +
    `<saml:Issuer>${esc(a.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    signed +
    `</samlp:Response>`
  );
}

/** The form field an IdP posts to the shop's assertion consumer service. */
export const samlResponseField = (a: SamlAnswer): string =>
  Buffer.from(samlResponseXml(a)).toString('base64');

function signAssertion(assertionXml: string, privateKey: string): string {
  const { SignedXml: Signer } = require('xml-crypto') as { SignedXml: typeof SignedXml };
  const sig = new Signer({
    privateKey,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  sig.computeSignature(assertionXml, {
    prefix: 'ds',
    location: { reference: "//*[local-name(.)='Issuer']", action: 'after' },
  });
  return sig.getSignedXml();
}

/** What an IdP reads of the shop's AuthnRequest (HTTP-Redirect binding: deflated, base64). */
export function readAuthnRequest(samlRequest: string): { id: string; acsUrl: string } | null {
  try {
    const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
    const id = /\sID="([^"]+)"/.exec(xml)?.[1];
    const acsUrl = /\sAssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
    return id && acsUrl ? { id, acsUrl } : null;
  } catch {
    return null;
  }
}
