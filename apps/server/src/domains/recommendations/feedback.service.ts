import { ko, type CalibrationDto, type RecommendationFeedbackRequest } from '@otboo/contract';
import { addDays, seoulParts } from '../../lib/seoul-time.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { CALIBRATION_ANSWERS_READ, calibrationShift } from './calibration.js';
import type { FeedbackRepo } from './feedback.repo.js';

export interface FeedbackServiceDeps {
  db: Db;
  repo: FeedbackRepo;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * 'How did it feel?' (docs/api.md §10): the answers per forecast day and the shift they teach, kept as one row per
 * user that every recommendation reads with its day (recommendations.repo.ts dayFor), so a changed shift is seen by
 * the next recommendation on every instance and no cache has to be told.
 */
export function createFeedbackService({ db, repo, now = Date.now }: FeedbackServiceDeps) {
  return {
    /** Records (or replaces) the caller's answer for the forecast's day and recomputes the shift. */
    async answer(actor: Actor, { weatherId, feeling }: RecommendationFeedbackRequest): Promise<void> {
      const forecastDate = await repo.forecastDateOf(db, weatherId);
      if (forecastDate === undefined) throw notFound(ko.weather.weatherNotFound, 'WeatherNotFoundException');
      if (forecastDate > seoulParts(now()).date)
        throw badRequest(ko.recommendations.feedback.futureDay, {
          weatherId: ko.recommendations.feedback.futureDay,
        });
      await db.transaction(async (tx) => {
        await repo.lockCalibration(tx, actor.userId);
        await repo.saveAnswer(tx, { userId: actor.userId, forecastDate, weatherId, feeling });
        const { feelings, samples } = await repo.recentAnswers(tx, actor.userId, CALIBRATION_ANSWERS_READ);
        await repo.saveCalibration(tx, actor.userId, calibrationShift(feelings), samples);
      });
    },

    /** The caller's shift and answers, and the recent days worn and not answered yet (the home's question). */
    async calibration(actor: Actor): Promise<CalibrationDto> {
      const today = seoulParts(now()).date;
      const [stored, unansweredDays] = await Promise.all([
        repo.calibrationOf(db, actor.userId),
        repo.unansweredWornDays(db, actor.userId, [today, addDays(today, -1)]),
      ]);
      return {
        shiftCelsius: stored?.shiftCelsius ?? 0,
        samples: stored?.samples ?? 0,
        unansweredDays,
      };
    },

    /** Forgets the caller's answers: the shift is 0 again. */
    async reset(actor: Actor): Promise<void> {
      await db.transaction((tx) => repo.reset(tx, actor.userId));
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
