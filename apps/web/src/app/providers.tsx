import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ServicesProvider, type Services } from '../shared/services';

interface ProvidersProps {
  services: Services;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the page reads from context, built by the caller (main.tsx, or a test). */
export function Providers({ services, queryClient, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ServicesProvider services={services}>{children}</ServicesProvider>
    </QueryClientProvider>
  );
}
