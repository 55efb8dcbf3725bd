import { allDeals, benchRegistry, dispensariesOf } from './deals';
import { benchPage } from './page';

/**
 * `npm run bench:page`: the page's rows alone, about a minute, for changes to the page
 * that need no service or load figures. Prints the result as JSON.
 */
const dispensaries = dispensariesOf(await benchRegistry());
console.log(JSON.stringify(await benchPage(allDeals(dispensaries, 10_000), dispensaries), null, 2));
