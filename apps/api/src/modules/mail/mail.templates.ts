/**
 * The shop's e-mails, in Italian. Each template gives a subject, a plain-text body and a simple HTML body
 * (inline styles only: mail clients ignore style sheets). Values are escaped; links are absolute.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate =
  | { template: 'registration-confirm'; firstName: string; link: string }
  | { template: 'password-reset'; firstName: string; link: string; minutes: number }
  | { template: 'mfa-pin'; firstName: string; pin: string; minutes: number }
  | { template: 'email-change'; firstName: string; link: string; newEmail: string }
  | { template: 'anonymize-token'; firstName: string; token: string; link: string; minutes: number }
  | { template: 'password-changed'; firstName: string };

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#1b5e20;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#1b5e20">${escapeHtml(title)}</h1>${body}${button}<p style="margin:32px 0 0;font-size:12px;color:#555">Spesa online, il supermercato della Lombardia. Questa e-mail è stata inviata automaticamente: non rispondere a questo indirizzo.</p></body></html>`;
}

const hello = (firstName: string) => (firstName ? `Ciao ${firstName},` : 'Ciao,');

export function renderMail(mail: MailTemplate): RenderedMail {
  switch (mail.template) {
    case 'registration-confirm': {
      const subject = 'Conferma la tua registrazione a Spesa online';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\ngrazie per esserti registrato. Per attivare il tuo account apri questo link:\n${mail.link}\n\nSe non hai richiesto tu la registrazione, ignora questa e-mail.`,
        html: layout(
          subject,
          [
            escapeHtml(hello(mail.firstName)),
            'grazie per esserti registrato. Per attivare il tuo account conferma il tuo indirizzo e-mail.',
            'Se non hai richiesto tu la registrazione, ignora questa e-mail.',
          ],
          { label: 'Conferma registrazione', href: mail.link },
        ),
      };
    }
    case 'password-reset': {
      const subject = 'Reimposta la tua password';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nabbiamo ricevuto una richiesta di reimpostazione della password. Apri questo link entro ${mail.minutes} minuti:\n${mail.link}\n\nSe non l'hai richiesta tu, ignora questa e-mail: la tua password resta invariata.`,
        html: layout(
          subject,
          [
            escapeHtml(hello(mail.firstName)),
            `abbiamo ricevuto una richiesta di reimpostazione della password. Il link vale ${mail.minutes} minuti.`,
            "Se non l'hai richiesta tu, ignora questa e-mail: la tua password resta invariata.",
          ],
          { label: 'Scegli una nuova password', href: mail.link },
        ),
      };
    }
    case 'mfa-pin': {
      const subject = 'Il tuo codice PIN di accesso';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nil tuo codice PIN per accedere è: ${mail.pin}\nVale ${mail.minutes} minuti.\n\nSe non stai cercando di accedere, cambia la password: qualcuno la conosce.`,
        html: layout(subject, [
          escapeHtml(hello(mail.firstName)),
          `il tuo codice PIN per accedere è: <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(mail.pin)}</strong>`,
          `Vale ${mail.minutes} minuti.`,
          'Se non stai cercando di accedere, cambia la password: qualcuno la conosce.',
        ]),
      };
    }
    case 'email-change': {
      const subject = 'Conferma il tuo nuovo indirizzo e-mail';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nper usare ${mail.newEmail} come indirizzo del tuo account apri questo link:\n${mail.link}\n\nSe non hai richiesto tu il cambio, ignora questa e-mail.`,
        html: layout(
          subject,
          [
            escapeHtml(hello(mail.firstName)),
            `per usare <strong>${escapeHtml(mail.newEmail)}</strong> come indirizzo del tuo account conferma il cambio.`,
            'Se non hai richiesto tu il cambio, ignora questa e-mail.',
          ],
          { label: 'Conferma nuovo indirizzo', href: mail.link },
        ),
      };
    }
    case 'anonymize-token': {
      const subject = 'Richiesta di cancellazione del tuo account';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nhai chiesto di cancellare il tuo account. Il codice di conferma è: ${mail.token}\nPuoi anche aprire questo link entro ${mail.minutes} minuti:\n${mail.link}\n\nLa cancellazione è definitiva. Se non l'hai richiesta tu, ignora questa e-mail e cambia la password.`,
        html: layout(
          subject,
          [
            escapeHtml(hello(mail.firstName)),
            `hai chiesto di cancellare il tuo account. Il codice di conferma è: <strong>${escapeHtml(mail.token)}</strong>`,
            `La cancellazione è definitiva. Il codice vale ${mail.minutes} minuti. Se non l'hai richiesta tu, ignora questa e-mail e cambia la password.`,
          ],
          { label: 'Conferma la cancellazione', href: mail.link },
        ),
      };
    }
    case 'password-changed': {
      const subject = 'La tua password è stata cambiata';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nla password del tuo account è stata appena cambiata e gli altri dispositivi sono stati disconnessi.\nSe non sei stato tu, reimposta subito la password e contatta il servizio clienti.`,
        html: layout(subject, [
          escapeHtml(hello(mail.firstName)),
          'la password del tuo account è stata appena cambiata e gli altri dispositivi sono stati disconnessi.',
          'Se non sei stato tu, reimposta subito la password e contatta il servizio clienti.',
        ]),
      };
    }
  }
}
