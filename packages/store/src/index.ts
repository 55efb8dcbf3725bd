// Lands with its issue (store: issue 3, scraper: issue 4).
export {};
