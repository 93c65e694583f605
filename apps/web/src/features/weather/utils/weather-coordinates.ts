import type { Location } from '@otboo/contract';
import { getDeviceCoordinates, type Coordinates } from '@/utils/get-coordinates';

/**
 * Where the weather page looks (docs/product.md §2 "Location source"): the location saved in the profile, else the
 * browser's geolocation. Null when neither is there: the page then offers the place search ('동네 이름으로 찾기')
 * and, behind it, the coordinate prompts.
 */
export async function weatherCoordinates(
  profileLocation: Pick<Location, 'longitude' | 'latitude'> | null,
  locate: () => Promise<Coordinates | null> = getDeviceCoordinates,
): Promise<Coordinates | null> {
  if (profileLocation) return { longitude: profileLocation.longitude, latitude: profileLocation.latitude };
  return locate();
}
