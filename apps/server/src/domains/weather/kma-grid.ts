/**
 * Latitude/longitude → KMA 5 km grid cell (nx, ny), the Lambert conformal conic projection published in
 * KMA's 단기예보 API guide (동네예보 격자 변환): standard parallels 30°N and 60°N, origin 38°N 126°E at
 * grid (43, 136), Earth radius 6371.00877 km, 5 km cells.
 */
const RE = 6371.00877;
const GRID = 5.0;
const SLAT1 = 30.0;
const SLAT2 = 60.0;
const OLON = 126.0;
const OLAT = 38.0;
const XO = 43;
const YO = 136;
const DEG = Math.PI / 180;

const re = RE / GRID;
const slat1 = SLAT1 * DEG;
const slat2 = SLAT2 * DEG;
const olon = OLON * DEG;
const olat = OLAT * DEG;
const sn =
  Math.log(Math.cos(slat1) / Math.cos(slat2)) /
  Math.log(Math.tan(Math.PI * 0.25 + slat2 * 0.5) / Math.tan(Math.PI * 0.25 + slat1 * 0.5));
const sf = (Math.pow(Math.tan(Math.PI * 0.25 + slat1 * 0.5), sn) * Math.cos(slat1)) / sn;
const ro = (re * sf) / Math.pow(Math.tan(Math.PI * 0.25 + olat * 0.5), sn);

export interface GridCell {
  x: number;
  y: number;
}

export function latLonToGrid(latitude: number, longitude: number): GridCell {
  const ra = (re * sf) / Math.pow(Math.tan(Math.PI * 0.25 + latitude * DEG * 0.5), sn);
  let theta = longitude * DEG - olon;
  if (theta > Math.PI) theta -= 2.0 * Math.PI;
  if (theta < -Math.PI) theta += 2.0 * Math.PI;
  theta *= sn;
  return {
    x: Math.floor(ra * Math.sin(theta) + XO + 0.5),
    y: Math.floor(ro - ra * Math.cos(theta) + YO + 0.5),
  };
}

/**
 * The centre of a KMA grid cell as latitude/longitude (the inverse projection of the same guide). Forecasts
 * are cached per cell, so providers are asked about the centre rather than about one user's exact point.
 */
export function gridToLatLon(x: number, y: number): { latitude: number; longitude: number } {
  const xn = x - XO;
  const yn = ro - y + YO;
  let ra = Math.sqrt(xn * xn + yn * yn);
  if (sn < 0) ra = -ra;
  const alat = 2.0 * Math.atan(Math.pow((re * sf) / ra, 1.0 / sn)) - Math.PI * 0.5;
  let theta: number;
  if (Math.abs(xn) <= 0) theta = 0.0;
  else if (Math.abs(yn) <= 0) theta = xn < 0 ? -Math.PI * 0.5 : Math.PI * 0.5;
  else theta = Math.atan2(xn, yn);
  let longitude = (theta / sn + olon) / DEG;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude: alat / DEG, longitude };
}
