/** The sponsor's mail when a friend's first order is paid: their reward code, in their language. */
import type { Language } from '../../../lib/channels.ts';
import type { Mail } from '../outbox.ts';
import { greeting, linkMail, LOOKS_LIKE_LINK } from './parts.ts';

interface Reward {
  firstName: string;
  friend: string;
  code: string;
  amount: string;
  validDays: number;
  href: string;
}

const REWARD: Record<
  Language,
  { subject: (amount: string) => string; lines: (r: Reward, friend: string) => string[]; someFriend: string }
> = {
  fr: {
    subject: (amount) => `Votre récompense de parrainage\u00A0: ${amount}`,
    lines: (r, friend) => [
      `Bonne nouvelle\u00A0: ${friend} a passé et réglé sa première commande. Merci de nous avoir recommandés\u00A0!`,
      `Voici votre code de ${r.amount} de réduction\u00A0: ${r.code}`,
      `Il est valable ${r.validDays} jours, pour votre compte seulement, une seule fois. Vous le retrouvez dans vos parrainages\u00A0:`,
    ],
    someFriend: 'votre filleul',
  },
  nl: {
    subject: (amount) => `Je beloning voor je uitnodiging: ${amount} korting`,
    lines: (r, friend) => [
      `Goed nieuws: ${friend} heeft een eerste bestelling geplaatst en betaald. Bedankt voor je aanbeveling!`,
      `Hier is je code voor ${r.amount} korting: ${r.code}`,
      `Hij is ${r.validDays} dagen geldig, alleen voor je account, en kan één keer gebruikt worden. Je vindt hem ook bij Vrienden uitnodigen:`,
    ],
    someFriend: 'je vriend',
  },
};

export function rewardMail(lang: Language, to: string, r: Reward): Mail {
  const t = REWARD[lang];
  // The friend's first name is their own text: left out when it could read as a link (greeting's rule).
  const friend = LOOKS_LIKE_LINK.test(r.friend) ? '' : r.friend.trim();
  return linkMail(to, t.subject(r.amount), [greeting(lang, r.firstName), ...t.lines(r, friend || t.someFriend)], {
    href: r.href,
    label: r.href,
  });
}
