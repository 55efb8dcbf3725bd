// What a card opens, loaded together when a card first opens one (see `DealList`): the product
// at every store and a deal's price history share their dialog, and one chunk keeps the bundler
// from splitting React out of the page's first load to share it with two.
export { PriceHistory } from './price-history';
export { ProductComparison } from './product-comparison';
export { StorePanel } from './store-panel';
