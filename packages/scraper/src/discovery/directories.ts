import type { Directory } from './directory';
import { dutchieDirectory } from './dutchie-directory';
import { janeDirectory } from './jane-directory';
import { leaflyDirectory } from './leafly-directory';
import { weedmapsDirectory } from './weedmaps-directory';

export { MAX_DIRECTORY_PAGES, type Directory, type DirectoryPage } from './directory';
export { dutchieDirectory, janeDirectory, leaflyDirectory, weedmapsDirectory };

/** Every directory discovery asks, broad ones (that list stores of any menu platform) first. */
export const DIRECTORIES: readonly Directory[] = [
  weedmapsDirectory,
  janeDirectory,
  dutchieDirectory,
  leaflyDirectory,
];
