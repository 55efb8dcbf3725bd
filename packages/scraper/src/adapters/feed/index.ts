import type { Adapter } from '../types';
import { parse } from './parse';
import { plan } from './plan';

export const feedAdapter: Adapter = {
  plan,
  parse,
  recognize: (body) => (Array.isArray(body) ? 'feed' : null),
};
