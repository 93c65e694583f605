import { randomUUID } from 'node:crypto';
import { attributeDefs, clothes, clothesAttributes, weatherForecasts } from '../../src/db/schema/index.js';
import type { TestServer } from './start-server.js';

/**
 * Rows written straight into the test database, for suites that need forecasts and garments without going
 * through the weather provider or the closet's multipart API.
 */

export type WeatherRow = typeof weatherForecasts.$inferSelect;

/** A stored forecast day (immutable, like the real ones); override any column. */
export async function insertWeatherRow(
  server: TestServer,
  values: Partial<typeof weatherForecasts.$inferInsert> = {},
): Promise<WeatherRow> {
  const now = new Date();
  const [row] = await server.database.db
    .insert(weatherForecasts)
    .values({
      source: 'open-meteo',
      gridX: 60,
      gridY: 127,
      latitude: 37.5665,
      longitude: 126.978,
      locationNames: ['서울특별시', '중구', '명동'],
      forecastDate: now.toISOString().slice(0, 10),
      forecastAt: now,
      forecastedAt: now,
      skyStatus: 'CLEAR',
      precipitationType: 'NONE',
      precipitationAmount: 0,
      precipitationProbability: 10,
      humidity: 40,
      humidityComparedToDayBefore: -5,
      temperatureCurrent: 12.5,
      temperatureMin: 6,
      temperatureMax: 15.5,
      temperatureComparedToDayBefore: -2.5,
      windSpeed: 3.2,
      windAsWord: 'WEAK',
      batchId: randomUUID(),
      dayIndex: 0,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertAttributeDef(server: TestServer, name: string, selectableValues: string[]) {
  const [row] = await server.database.db.insert(attributeDefs).values({ name, selectableValues }).returning();
  return row!;
}

/** A garment of `ownerId` with optional attribute values (`definitionId → value`). */
export async function insertClothesRow(
  server: TestServer,
  ownerId: string,
  values: Partial<typeof clothes.$inferInsert> & {
    attributes?: { definitionId: string; value: string }[];
  } = {},
) {
  const { attributes = [], ...columns } = values;
  const [row] = await server.database.db
    .insert(clothes)
    .values({ ownerId, name: '테스트 셔츠', type: 'TOP', ...columns })
    .returning();
  if (attributes.length > 0) {
    await server.database.db
      .insert(clothesAttributes)
      .values(attributes.map((a) => ({ clothesId: row!.id, ...a })));
  }
  return row!;
}
