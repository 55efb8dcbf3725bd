import { memo } from 'react';
import { Button } from '../../../shared/ui/button';
import type { LocationPermission } from '../hooks/use-geolocation';
import styles from './location-banner.module.css';

/** The spec's two messages (section 4); the others are ours. */
const MESSAGES: Record<Exclude<LocationPermission, 'granted'>, string> = {
  unset: 'See how far each dispensary is, and sort deals by distance from you.',
  requesting: 'Asking your browser for your location...',
  denied: 'Location access denied. You can manually search by dispensary name.',
  'not-supported': 'Location services not supported in this browser.',
};

/**
 * Why a distance sort or radius the address asks for (a shared or reloaded link) is not applied
 * yet: the page keeps them in the address and says so, rather than dropping them silently.
 */
const DISTANCE_OFF = 'Distance sort needs your location.';

interface LocationBannerProps {
  permission: LocationPermission;
  /** The filters ask for the distance sort or a radius, which wait for the location. */
  wantsDistance: boolean;
  onEnable: () => void;
}

/**
 * Offers distance sorting until the visitor's location is known (spec section 2). Decision: after
 * a refusal the button stays, since the visitor may allow it in the browser and try again.
 */
export const LocationBanner = memo(function LocationBanner({
  permission,
  wantsDistance,
  onEnable,
}: LocationBannerProps) {
  if (permission === 'granted') return null;
  const canAsk = permission !== 'not-supported';
  return (
    <section
      className={[styles.banner, permission === 'denied' ? styles.denied : ''].join(' ')}
      aria-label="Your location"
    >
      {/* A map pin, drawn by the stylesheet (it costs the first load no script). */}
      <span className={styles.icon} aria-hidden="true" />
      <p className={styles.message} role="status">
        {!wantsDistance || permission === 'requesting'
          ? MESSAGES[permission]
          : permission === 'unset'
            ? DISTANCE_OFF
            : `${DISTANCE_OFF} ${MESSAGES[permission]}`}
      </p>
      {canAsk && (
        <Button
          variant="primary"
          onClick={onEnable}
          disabled={permission === 'requesting'}
          aria-busy={permission === 'requesting'}
        >
          Enable Location
        </Button>
      )}
    </section>
  );
});
