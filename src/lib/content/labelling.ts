/**
 * The "Mentions d'étiquetage" block of a product page, as terms and their lines: the operator responsible for
 * the labelling with its address, the approval number of the establishment that makes the food, and where to
 * ask about its additives (EU Regulation 767/2009 art. 17 and 19). Kept apart from the page so a test reads
 * what every product page shows.
 */
import type { ProductLabelling } from './wire.ts';

/** A line of a mention: a text, or a label before a link (a telephone number, an e-mail address). */
type MentionLine = { text: string } | { label: string; text: string; href: string };
export interface Mention {
  /** The message key of its term (catalogue.product.labelling.*). */
  term: string;
  lines: MentionLine[];
}

const P = 'catalogue.product.labelling';

/** The mentions in the order a label gives them; a product with no approval number yet (null) shows none rather than a wrong one. */
export function labellingMentions(labelling: ProductLabelling, t: (key: string) => string): Mention[] {
  const { operator, approval_number, additives_contact } = labelling;
  return [
    { term: `${P}.operator`, lines: [operator.name, ...operator.address].map((text) => ({ text })) },
    ...(approval_number === null ? [] : [{ term: `${P}.approvalNumber`, lines: [{ text: approval_number }] }]),
    {
      term: `${P}.additivesContact`,
      lines: [
        { label: t(`${P}.freephone`), text: additives_contact.phone, href: `tel:${additives_contact.phone.replace(/\s/g, '')}` },
        { label: t(`${P}.email`), text: additives_contact.email, href: `mailto:${additives_contact.email}` },
      ],
    },
  ];
}
