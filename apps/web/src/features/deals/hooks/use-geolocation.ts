import type { GeoPoint } from '@stl-deals/domain';
import { useCallback, useEffect, useState } from 'react';

export type LocationPermission = 'unset' | 'requesting' | 'granted' | 'denied' | 'not-supported';

/** The spec's request (section 7): high accuracy, 10 s, a position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

interface LocationState {
  permission: LocationPermission;
  location: GeoPoint | null;
}

/**
 * The visitor's location, asked for when they choose Enable Location, or read at once when the
 * browser says they allowed it already (a reload, or a shared link sorted by distance): asking
 * then shows no prompt. Decisions: a browser without geolocation is 'not-supported' from the start
 * (an Enable button that cannot work is not offered), and every failure (refusal, timeout, no fix)
 * reads as 'denied', as the spec has it.
 */
export function useGeolocation(
  geolocation: Geolocation | undefined,
  permissions: Permissions | undefined,
) {
  const [state, setState] = useState<LocationState>(() => ({
    permission: geolocation ? 'unset' : 'not-supported',
    location: null,
  }));

  const request = useCallback(() => {
    if (!geolocation) return;
    setState((current) => ({ ...current, permission: 'requesting' }));
    geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({
          permission: 'granted',
          location: { lat: coords.latitude, lng: coords.longitude },
        }),
      () => setState({ permission: 'denied', location: null }),
      GEOLOCATION_OPTIONS,
    );
  }, [geolocation]);

  useEffect(() => {
    if (!geolocation || !permissions) return;
    let current = true;
    // A browser that cannot tell (an older one throws for this name) leaves it to the visitor.
    permissions.query({ name: 'geolocation' }).then(
      (status) => {
        if (current && status.state === 'granted') request();
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [geolocation, permissions, request]);

  return { ...state, request };
}
