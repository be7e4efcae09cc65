import type { AdminLoginData, StaffMemberWire } from '@spesa/shared/contracts/admin';
import type { AuthProvider } from 'react-admin';
import { adminCall, AdminApiError } from './api';

/** A sign-in step that needs the next one: the login page shows it (code, or enrolment). */
export class SignInStep extends Error {
  constructor(readonly step: Exclude<AdminLoginData, { state: 'signedIn' }>) {
    super('sign-in continues');
  }
}

let me: StaffMemberWire | null = null;

async function current(): Promise<StaffMemberWire> {
  me ??= (await adminCall('GET /admin/auth/me', {})).staff;
  return me;
}

/**
 * react-admin's sign-in (decision 030): the password first, then the authenticator's code; a member without
 * an authenticator enrols (QR code) on the login page, which finishes with `login({ enrolled })`.
 */
export const authProvider: AuthProvider = {
  async login(params: { login?: string; password?: string; otp?: string; enrolled?: StaffMemberWire }) {
    if (params.enrolled) {
      me = params.enrolled;
      return;
    }
    const data = await adminCall('POST /admin/auth/login', {
      body: {
        login: params.login ?? '',
        password: params.password ?? '',
        ...(params.otp ? { otp: params.otp } : {}),
      },
    });
    if (data.state !== 'signedIn') throw new SignInStep(data);
    me = data.staff;
  },
  async logout() {
    me = null;
    await adminCall('POST /admin/auth/logout', {}).catch(() => undefined);
  },
  async checkAuth() {
    await current();
  },
  async checkError(error: unknown) {
    if (error instanceof AdminApiError && error.status === 401) {
      me = null;
      throw error;
    }
  },
  async getIdentity() {
    const staff = await current();
    return { id: staff.userId, fullName: staff.name };
  },
  async getPermissions() {
    return (await current()).role;
  },
};
