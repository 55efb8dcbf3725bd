export * from './errors';
export * from './registry';
export * from './scraper';
export { createScraper, type ScraperOptions } from './create-scraper';
export { finalizeDeals, plainText } from './normalize';
