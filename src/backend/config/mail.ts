/** The shop's mails: the SMTP server they leave by, their sender, and the local outbox page. */
import { type Env, isUrl } from './checks.ts';

export interface MailConfig {
  /** The local mail outbox page (/outbox, /outbox.json): never in production. */
  outbox: boolean;
  /** Where mails go out: an SMTP URL (smtp:// or smtps://, with credentials), or none (outbox only). */
  smtpUrl?: string;
  mailFrom: string;
  /** Where the customer service reads the shoppers' contact and subscription messages (CUSTOMER_SERVICE_EMAIL). */
  customerServiceEmail: string;
}

const DEFAULT_MAIL_FROM = 'Maison Gamelle <bonjour@maison-gamelle.test>';
/** The customer service's mailbox outside production: the outbox page shows what is mailed to it. */
const DEFAULT_CUSTOMER_SERVICE_EMAIL = 'abonnements@maison-gamelle.test';

/**
 * Production's mails carry password reset links: they leave over TLS or not at all. nodemailer (mail/delivery.ts)
 * takes the URL's query as transport options, so `smtps://…` (TLS from the first byte, port 465) or
 * `smtp://…?requireTLS=true` (STARTTLS, and no mail sent when the server does not offer it, port 587) are
 * encrypted; a bare `smtp://` upgrades only if the server offers to, so anyone on the path can strip it. A URL
 * that turns the certificate check off is refused as well: TLS to whoever answers protects nothing.
 */
function unencryptedSmtp(smtpUrl: string): string | null {
  const url = new URL(smtpUrl);
  const option = (key: string) => {
    const values = url.searchParams.getAll(key);
    return values.length > 1 ? 'repeated' : values[0];
  };
  const how =
    'use smtps://user:password@host:465 (TLS from the start) or smtp://user:password@host:587?requireTLS=true (STARTTLS required)';
  for (const key of ['secure', 'requireTLS', 'tls.rejectUnauthorized'])
    if (option(key) === 'repeated') return `SMTP_URL gives ${key} more than once: ${how}.`;
  if (option('tls.rejectUnauthorized') === 'false')
    return `SMTP_URL turns off the check of the mail server's certificate (tls.rejectUnauthorized=false): ${how}, with a certificate the server's name matches.`;
  const secure = url.protocol === 'smtps:' ? option('secure') !== 'false' : option('secure') === 'true';
  if (secure || option('requireTLS') === 'true') return null;
  return `SMTP_URL sends mail unencrypted (the mails carry password reset links): ${how}.`;
}

export function readMailConfig(env: Env, production: boolean, problems: string[]): MailConfig {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !isUrl(smtpUrl, ['smtp:', 'smtps:']))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@host:465).');
  if (production) {
    if (env.OUTBOX_PAGE && env.OUTBOX_PAGE !== 'off')
      problems.push('OUTBOX_PAGE cannot be turned on in production: the outbox shows password reset links to anyone.');
    if (!smtpUrl) problems.push('SMTP_URL is not set: production sends mails through an SMTP server (smtps://user:password@host:465).');
    else if (isUrl(smtpUrl, ['smtp:', 'smtps:'])) {
      const problem = unencryptedSmtp(smtpUrl);
      if (problem) problems.push(problem);
    }
    if (!env.MAIL_FROM)
      problems.push('MAIL_FROM is not set: the sender of the shop\'s mails, e.g. "Maison Gamelle <bonjour@example.com>".');
  }
  return {
    outbox: !production && env.OUTBOX_PAGE !== 'off',
    smtpUrl,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    customerServiceEmail: env.CUSTOMER_SERVICE_EMAIL ?? DEFAULT_CUSTOMER_SERVICE_EMAIL,
  };
}
