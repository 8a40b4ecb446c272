/** The sponsor's mail when a friend's first order is paid: their reward code, in their language. */
import type { Language } from '../../../lib/channels.ts';
import type { Mail } from '../../mail/outbox.ts';
import { greeting, LOOKS_LIKE_LINK } from '../shared/mail-parts.ts';
import { linkMail } from '../newsletter/mails.ts';

export function rewardMail(
  lang: Language,
  to: string,
  r: { firstName: string; friend: string; code: string; amount: string; validDays: number; href: string },
): Mail {
  // The friend's first name is their own text: left out when it could read as a link (greeting's rule).
  const friend = LOOKS_LIKE_LINK.test(r.friend) ? '' : r.friend.trim();
  const lines =
    lang === 'nl'
      ? [
          greeting(lang, r.firstName),
          `Goed nieuws: ${friend || 'je vriend'} heeft een eerste bestelling geplaatst en betaald. Bedankt voor je aanbeveling!`,
          `Hier is je code voor ${r.amount} korting: ${r.code}`,
          `Hij is ${r.validDays} dagen geldig, alleen voor je account, en kan één keer gebruikt worden. Je vindt hem ook bij Vrienden uitnodigen:`,
        ]
      : [
          greeting(lang, r.firstName),
          `Bonne nouvelle\u00A0: ${friend || 'votre filleul'} a passé et réglé sa première commande. Merci de nous avoir recommandés\u00A0!`,
          `Voici votre code de ${r.amount} de réduction\u00A0: ${r.code}`,
          `Il est valable ${r.validDays} jours, pour votre compte seulement, une seule fois. Vous le retrouvez dans vos parrainages\u00A0:`,
        ];
  return linkMail(
    to,
    lang === 'nl' ? `Je beloning voor je uitnodiging: ${r.amount} korting` : `Votre récompense de parrainage\u00A0: ${r.amount}`,
    lines,
    {
      href: r.href,
      label: r.href,
    },
  );
}
