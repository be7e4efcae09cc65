import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the local SMTP server accepted: its envelope's recipients and its raw text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface LocalSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL */
  url: string;
  /** the messages accepted, in order */
  received: ReceivedMail[];
  /** the messages accepted for this recipient */
  sentTo: (to: string) => ReceivedMail[];
  close: () => Promise<void>;
}

/**
 * A local SMTP server for the mail tests (smtp-server, nodemailer's own) on a free loopback port, without TLS
 * or authentication: it accepts every message and keeps it.
 */
export async function startSmtpServer(): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    sentTo: (to) => received.filter((m) => m.to.includes(to)),
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
