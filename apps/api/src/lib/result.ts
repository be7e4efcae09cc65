/**
 * Expected failures are values (house style): a service returns `Result<T>`, the route hands it to the
 * envelope, which answers HTTP 200 with `status != 0` and the Italian text. Exceptions are for bugs.
 */
export type FailureKind = 'business' | 'notFound' | 'validation';

export interface Failure {
  ok: false;
  /** message key, e.g. msg.category.notFound (sent as errors[0].code) */
  code: string;
  /** Italian text for the customer */
  message: string;
  kind: FailureKind;
  /** the form field the message is about, e.g. "person.fiscalCode" */
  field?: string;
}

export interface Success<T> {
  ok: true;
  data: T;
  /** texts shown to the customer as success toasts (response.infos) */
  infos?: string[];
  /** texts shown to the customer as warnings (response.warnings), e.g. no time slot left */
  warnings?: string[];
}

export type Result<T> = Success<T> | Failure;

/**
 * One entry of a domain's message table (`*.messages.ts`): the code the client switches on (errors[].code)
 * and the Italian text the customer reads. Tables are `{ key: { code, text } } satisfies MessageTable`.
 */
export interface Message {
  readonly code: string;
  readonly text: string;
}
export type MessageTable = Record<string, Message>;

export const ok = <T>(data: T, infos?: string[]): Success<T> =>
  infos && infos.length > 0 ? { ok: true, data, infos } : { ok: true, data };

export const fail = (code: string, message: string, kind: FailureKind = 'business'): Failure => ({
  ok: false,
  code,
  message,
  kind,
});

/** The failure a table's message stands for: `failWith(CART_TEXT.locked)`, `failWith(X, 'notFound')`. */
export const failWith = (message: Message, kind: FailureKind = 'business'): Failure =>
  fail(message.code, message.text, kind);

/** A refusal about one form field (answered as a validation failure naming the field). */
export const fieldFail = (field: string, message: Message): Failure => ({
  ok: false,
  code: message.code,
  message: message.text,
  kind: 'validation',
  field,
});

/**
 * A failure thrown inside a transaction so that it rolls back; the code that opened the transaction catches
 * it and answers `failure`.
 */
export class Abort extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}
