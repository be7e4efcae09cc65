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
}

export interface Success<T> {
  ok: true;
  data: T;
}

export type Result<T> = Success<T> | Failure;

export const ok = <T>(data: T): Success<T> => ({ ok: true, data });

export const fail = (code: string, message: string, kind: FailureKind = 'business'): Failure => ({
  ok: false,
  code,
  message,
  kind,
});

export const notFound = (code: string, message: string): Failure => fail(code, message, 'notFound');
