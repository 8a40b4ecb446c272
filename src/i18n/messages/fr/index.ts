import common from './common.ts';
import catalogue from './catalogue.ts';
import shops from './shops.ts';
import pages from './pages.ts';

export default { ...common, catalogue, shops, pages };
