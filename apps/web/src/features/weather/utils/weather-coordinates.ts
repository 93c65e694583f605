import type { Location } from '@otboo/contract';
import { getCoordinates, type Coordinates } from '@/utils/get-coordinates';

/**
 * Where the weather page looks (docs/product.md §2 "Location source"): the location saved in the profile, else the
 * browser's geolocation, else the longitude and latitude prompts. Null when the user cancels a prompt or
 * answers zero.
 */
export async function weatherCoordinates(
  profileLocation: Pick<Location, 'longitude' | 'latitude'> | null,
  locate: () => Promise<Coordinates | null> = getCoordinates,
): Promise<Coordinates | null> {
  if (profileLocation) return { longitude: profileLocation.longitude, latitude: profileLocation.latitude };
  return locate();
}
