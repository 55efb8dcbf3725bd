// The contract between the service and the page, and the spec's pure rules.
export * from './contract/constants';
export * from './contract/values';
export * from './contract/deal';
export * from './contract/page-deal';
export * from './contract/dispensary';
export * from './contract/cache-status';
export * from './contract/options';
export * from './contract/read';

export * from './rules/url';
export * from './rules/category';
export * from './rules/images';
export * from './rules/distance';
export * from './rules/location';
export * from './rules/cleaning';
export * from './rules/deal-prices';
export * from './rules/search';
export * from './rules/day-filter';
export * from './rules/price';
export * from './rules/effective-price';
export * from './rules/retry';
export * from './rules/deal-view';
export * from './rules/pagination';
export * from './rules/card';
export * from './rules/sort';
export * from './rules/grouping';
export * from './rules/count-line';
export * from './rules/deal-list';
export * from './rules/deal-facts';
export * from './rules/variety';
export * from './rules/source-coverage';
export * from './rules/zoned-time';
export * from './rules/number-text';
export * from './rules/size';
export * from './rules/product-key';

export { BRAND_LOGOS, type BrandLogo } from './data/brand-logos';
export { DISPENSARY_LOGOS, type DispensaryLogo } from './data/dispensary-logos';
