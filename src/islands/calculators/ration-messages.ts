/**
 * The ration calculator's texts, which its island imports: the same on every food page of a language, they were
 * most of the island's props (3.7 KB of a French page's HTML, twice that on a Dutch page, French filling
 * Dutch's gaps), written into each page and rendered into it at every build. Both languages' come with the
 * island's code, fetched once the shopper opens the calculator and then cached for every product.
 */
import type { Language } from '../../lib/channels.ts';
import type { MessageTree } from '../../lib/translator.ts';
import fr from '../../i18n/messages/fr/ration.ts';
import nl from '../../i18n/messages/nl/ration.ts';

const tree = (ration: MessageTree): MessageTree => ({ calculator: { ration } });

/** The island's messages in a language, French's after Dutch's (as the site's translator has them). */
export const RATION_MESSAGES: Record<Language, MessageTree[]> = { fr: [tree(fr)], nl: [tree(nl), tree(fr)] };
