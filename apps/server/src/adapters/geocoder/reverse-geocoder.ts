/** Coordinates → Korean administrative names, e.g. `["서울특별시","중구","명동"]`. */
export interface ReverseGeocoder {
  /** Names of the point, or null when the service knows no region there; throws when the service fails. */
  regionNames(latitude: number, longitude: number): Promise<string[] | null>;
}
