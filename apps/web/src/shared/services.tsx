import { createContext, use, type ReactNode } from 'react';
import type { TimeZone } from '@stl-deals/domain';

/**
 * What the page takes from its environment, passed in so tests can fix it: the random source of
 * the retry jitter, the clock, the visitor's time zone (the day filter and the times shown),
 * whether the page runs on localhost (no wake-up call there), the browser's geolocation and its
 * permissions (to know, without asking, whether the visitor already allowed their location).
 */
export interface Services {
  random: () => number;
  now: () => number;
  timeZone: TimeZone;
  isLocalhost: boolean;
  geolocation: Geolocation | undefined;
  permissions: Permissions | undefined;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function browserServices(): Services {
  return {
    random: Math.random,
    now: Date.now,
    // The browser's own zone, by leaving it unnamed: asking Intl its name costs the page's start
    // about 35 ms (see `TimeZone`).
    timeZone: undefined,
    isLocalhost: LOCAL_HOSTS.has(window.location.hostname),
    geolocation: 'geolocation' in navigator ? navigator.geolocation : undefined,
    permissions: 'permissions' in navigator ? navigator.permissions : undefined,
  };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): Services {
  const services = use(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider above it.');
  return services;
}
