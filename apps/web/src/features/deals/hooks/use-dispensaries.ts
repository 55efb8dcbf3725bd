import { ALL_DISPENSARIES, type Dispensary } from '@stl-deals/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';
import { dispensariesQueryOptions } from '../api/get-dispensaries';

/**
 * The dropdown's choices: 'All Dispensaries' first, then the service's list (only the first when
 * the list cannot be loaded, spec section 3). `settled` tells whether a dispensary key from the
 * URL can be judged yet.
 */
export function useDispensaries() {
  const { random } = useServices();
  const query = useQuery(dispensariesQueryOptions(random));
  const options = useMemo<Dispensary[]>(
    () => [ALL_DISPENSARIES, ...(query.data ?? []).filter((d) => d.key !== ALL_DISPENSARIES.key)],
    [query.data],
  );
  return { options, settled: !query.isPending };
}
