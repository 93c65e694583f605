import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { FEELINGS, ko, type Feeling } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { useCalibration } from '@/features/recommendations/hooks/use-calibration';
import {
  dayToAsk,
  isSeoulToday,
  readAsked,
  rememberAsked,
} from '@/features/recommendations/utils/feedback-question';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const texts = ko.recommendations.feedback;

/**
 * '오늘 옷차림은 어땠나요?' on the home (docs/product.md §2): asked once for the latest day the user wore an outfit
 * (an OOTD or the morning outfit) and has not answered, from 18:00 that day; an answer or '묻지 않기' closes it for
 * that day for good. The answer teaches the learned shift (docs/api.md §10).
 */
export function FeedbackPrompt({ userId }: { userId: string }) {
  const headingId = useId();
  const { calibration, answer } = useCalibration();
  const [asked, setAsked] = useState(() => readAsked(userId));
  // The time the home was opened: the question is for "the next time the home is opened after 18:00".
  const [openedAt] = useState(() => Date.now());
  const day = dayToAsk(calibration.data?.unansweredDays ?? [], openedAt, asked);
  if (!day) return null;

  function close(date: string) {
    rememberAsked(userId, date);
    setAsked((current) => new Set(current).add(date));
  }

  function reply(feeling: Feeling) {
    if (!day) return;
    const date = day.date;
    answer.mutate(
      { weatherId: day.weatherId, feeling },
      {
        onSuccess: () => {
          close(date);
          toast.success(texts.thanks);
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.message !== ko.common.apiFailed ? error.message : texts.failed,
          ),
      },
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="relative flex flex-col gap-3 rounded-[28px] bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="pr-10 text-lg font-bold text-ink">
        {isSeoulToday(day.date, openedAt) ? texts.questionToday : texts.questionYesterday}
      </h2>
      <p className="pr-10 text-sm break-keep text-ink-soft">{texts.detail}</p>
      <div role="group" aria-labelledby={headingId} className="grid grid-cols-3 gap-2 sm:flex">
        {FEELINGS.map((feeling) => (
          <Button
            key={feeling}
            variant={feeling === 'JUST_RIGHT' ? 'primary' : 'outline'}
            disabled={answer.isPending}
            onClick={() => reply(feeling)}
            className="px-2 sm:px-5"
          >
            {texts.feelings[feeling]}
          </Button>
        ))}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={texts.dismiss}
        title={texts.dismiss}
        className="absolute top-2 right-2"
        onClick={() => close(day.date)}
      >
        <X className="size-5" aria-hidden />
      </Button>
    </section>
  );
}
