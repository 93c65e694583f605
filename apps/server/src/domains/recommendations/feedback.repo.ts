import { desc, eq, sql } from 'drizzle-orm';
import type { Feeling } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  recommendationCalibrations,
  recommendationFeedback,
  weatherForecasts,
} from '../../db/schema/index.js';

/** A day the user wore an outfit, with the forecast to answer for. */
export interface WornDay {
  date: string;
  weatherId: string;
}

/** Queries of 'how did it feel?' and the learned shift (docs/api.md §10). */
export function createFeedbackRepo() {
  return {
    /** The Asia/Seoul day a forecast describes; undefined for an unknown forecast. */
    async forecastDateOf(db: Executor, weatherId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ date: weatherForecasts.forecastDate })
        .from(weatherForecasts)
        .where(eq(weatherForecasts.id, weatherId));
      return row?.date;
    },

    /**
     * Makes sure the user has a calibration row and locks it until the transaction ends, so that two answers of
     * one user are counted one after the other (each recomputation sees the other's answer).
     */
    async lockCalibration(tx: Executor, userId: string): Promise<void> {
      await tx
        .insert(recommendationCalibrations)
        .values({ userId, shiftCelsius: 0, samples: 0 })
        .onConflictDoNothing();
      await rowsOf(tx, sql`select 1 from recommendation_calibrations where user_id = ${userId} for update`);
    },

    /** The user's answer for a day; an earlier answer for that day is replaced. */
    async saveAnswer(
      tx: Executor,
      answer: { userId: string; forecastDate: string; weatherId: string; feeling: Feeling },
    ): Promise<void> {
      await tx
        .insert(recommendationFeedback)
        .values(answer)
        .onConflictDoUpdate({
          target: [recommendationFeedback.userId, recommendationFeedback.forecastDate],
          set: { weatherId: answer.weatherId, feeling: answer.feeling, answeredAt: sql`now()` },
        });
    },

    /** The user's latest `limit` answers, oldest day first, and how many answers they have in all. */
    async recentAnswers(
      tx: Executor,
      userId: string,
      limit: number,
    ): Promise<{ feelings: Feeling[]; samples: number }> {
      const rows = await tx
        .select({
          feeling: recommendationFeedback.feeling,
          samples: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(recommendationFeedback)
        .where(eq(recommendationFeedback.userId, userId))
        .orderBy(desc(recommendationFeedback.forecastDate))
        .limit(limit);
      return { feelings: rows.map((r) => r.feeling).reverse(), samples: rows[0]?.samples ?? 0 };
    },

    async saveCalibration(
      tx: Executor,
      userId: string,
      shiftCelsius: number,
      samples: number,
    ): Promise<void> {
      await tx
        .update(recommendationCalibrations)
        .set({ shiftCelsius, samples })
        .where(eq(recommendationCalibrations.userId, userId));
    },

    /** The stored shift and its number of answers; undefined when the user never answered (or reset). */
    async calibrationOf(
      db: Executor,
      userId: string,
    ): Promise<{ shiftCelsius: number; samples: number } | undefined> {
      const [row] = await db
        .select({
          shiftCelsius: recommendationCalibrations.shiftCelsius,
          samples: recommendationCalibrations.samples,
        })
        .from(recommendationCalibrations)
        .where(eq(recommendationCalibrations.userId, userId));
      return row;
    },

    /** Forgets every answer of the user and the shift they taught. */
    async reset(tx: Executor, userId: string): Promise<void> {
      await tx.delete(recommendationFeedback).where(eq(recommendationFeedback.userId, userId));
      await tx.delete(recommendationCalibrations).where(eq(recommendationCalibrations.userId, userId));
    },

    /**
     * Of the given days, those the user wore an outfit on and has not answered for, newest first: a day with one
     * of their OOTD posts (the forecast of the latest post that day), or with their morning outfit (the forecast
     * of that day at the profile's place). Each look-up reads only the last few days of one user.
     */
    async unansweredWornDays(db: Executor, userId: string, days: readonly string[]): Promise<WornDay[]> {
      const found: WornDay[] = [];
      for (const day of days) {
        const [row] = await rowsOf<{ weather_id: string | null }>(
          db,
          sql`select coalesce(
              (select f.weather_id from feeds f join weather_forecasts w on w.id = f.weather_id
                where f.author_id = ${userId} and f.created_at > ${day}::date - 2 and w.forecast_date = ${day}::date
                order by f.created_at desc limit 1),
              (select w.id from notifications n
                join profiles p on p.user_id = n.receiver_id
                join weather_forecasts w on w.grid_x = p.grid_x and w.grid_y = p.grid_y
                  and w.created_at > ${day}::date - 2 and w.forecast_date = n.target_date
                where n.receiver_id = ${userId} and n.kind = 'OUTFIT' and n.target_date = ${day}::date
                  and n.created_at > ${day}::date - 2
                order by w.created_at desc limit 1)
            ) as weather_id
            where not exists (select 1 from recommendation_feedback a
              where a.user_id = ${userId} and a.forecast_date = ${day}::date)`,
        );
        if (row?.weather_id) found.push({ date: day, weatherId: row.weather_id });
      }
      return found;
    },
  };
}
export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
