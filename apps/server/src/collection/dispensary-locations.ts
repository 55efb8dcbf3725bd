import { chooseLocation, zipOfAddress, type Dispensary, type GeoPoint } from '@stl-deals/domain';
import type { Geocoder } from '@stl-deals/scraper';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { dispensaryHours, dispensaryPhone } from './dispensary-hours';
import { platformSourceOf } from './source-resolution';
import type { TrackedSource } from './tracked-source';

export interface DispensaryLocationsOptions {
  /** Finds a street address's coordinates; null or absent: no geocoder is asked. */
  geocoder?: Geocoder | null | undefined;
  /** ZIP -> its centroid, the last resort for a dispensary's place. */
  zipCentroids?: ReadonlyMap<string, GeoPoint> | undefined;
  repository: Pick<DealsRepository, 'saveGeocodedAddress'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Aborted at shutdown: the geocoding pass stops between addresses. */
  stopping: AbortSignal;
}

/**
 * Where each dispensary is: the registry's point, its platform's store record, the geocoded
 * street address, or its ZIP's centroid, whichever is best known (see `chooseLocation`).
 */
export class DispensaryLocations {
  private locating: Promise<number> | null = null;

  /**
   * @param geocoded What the geocoder answered per street address (null: no match), asked once
   * each, as the store kept it.
   */
  constructor(
    private readonly options: DispensaryLocationsOptions,
    private readonly geocoded: Map<string, GeoPoint | null>,
  ) {}

  /** The geocoding pass under way, if any. */
  get underWay(): Promise<number> | null {
    return this.locating;
  }

  /**
   * The dispensaries as the API lists them, each placed by the best source known, with its hours
   * and phone number (see dispensary-hours.ts).
   */
  dispensaries(sources: readonly TrackedSource[]): Dispensary[] {
    const { zipCentroids } = this.options;
    return sources.map(({ entry, discovered, resolved, platformHours, platformPhone }) => {
      const zip = zipOfAddress(entry.address);
      const location = chooseLocation({
        registry: entry,
        platform: discovered,
        geocoder: entry.address === undefined ? null : this.geocoded.get(entry.address),
        zipCentroid: zip === null ? null : zipCentroids?.get(zip),
      });
      const hours = dispensaryHours(entry, platformHours);
      const phone = dispensaryPhone(entry, platformPhone);
      return {
        key: entry.key,
        name: entry.name,
        lat: location?.lat ?? null,
        lng: location?.lng ?? null,
        ...(location
          ? { locationSource: location.locationSource, approximate: location.approximate }
          : {}),
        address: entry.address,
        website: entry.website,
        platform: entry.platform,
        platformSource: platformSourceOf(entry, resolved),
        ...(hours ? { hours } : {}),
        ...(phone ? { phone } : {}),
      };
    });
  }

  /**
   * Asks the geocoder, one address at a time, for each dispensary that neither the registry nor
   * its platform placed and whose address it was never asked (a miss is kept too, so no address
   * is asked twice). The first failure ends the pass (the service is unreachable, or answers
   * something else): the rest wait for the next start. Resolves with the count of addresses
   * answered; callers while a pass runs join it.
   */
  locateByAddress(sources: readonly TrackedSource[]): Promise<number> {
    this.locating ??= this.geocodeMissing(sources).finally(() => {
      this.locating = null;
    });
    return this.locating;
  }

  private async geocodeMissing(sources: readonly TrackedSource[]): Promise<number> {
    const { geocoder, repository, clock, logger, stopping } = this.options;
    if (!geocoder) return 0;
    const addresses = new Set(
      sources.flatMap(({ entry, discovered }) => {
        const placed = (entry.lat !== undefined && entry.lng !== undefined) || discovered !== null;
        return placed || entry.address === undefined || this.geocoded.has(entry.address)
          ? []
          : [entry.address];
      }),
    );
    let answered = 0;
    for (const address of addresses) {
      if (stopping.aborted) break;
      try {
        const location = await geocoder.locate(address, stopping);
        this.geocoded.set(address, location);
        answered += 1;
        await repository.saveGeocodedAddress(address, location, clock.now());
      } catch (error) {
        if (!stopping.aborted) {
          logger.warn(
            { err: error, address, left: addresses.size - answered },
            'geocoding stopped; the addresses left are asked at the next start',
          );
        }
        break;
      }
    }
    if (answered > 0) logger.info({ answered, asked: addresses.size }, 'addresses geocoded');
    return answered;
  }
}
