import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalibrationDto } from '@otboo/contract';
import { FeedbackPrompt } from '@/features/recommendations/components/feedback-prompt';
import { renderWithQuery } from '@/testing/query';

const api = vi.hoisted(() => ({
  getCalibration: vi.fn(),
  createFeedback: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/recommendations/api/get-calibration', () => ({ getCalibration: api.getCalibration }));
vi.mock('@/features/recommendations/api/create-feedback', () => ({ createFeedback: api.createFeedback }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const USER = 'a0000000-0000-4000-8000-000000000001';

function serve(days: CalibrationDto['unansweredDays']) {
  let current: CalibrationDto = { shiftCelsius: 0, samples: 0, unansweredDays: days };
  api.getCalibration.mockImplementation(async () => current);
  api.createFeedback.mockImplementation(async ({ weatherId }: { weatherId: string }) => {
    current = {
      ...current,
      samples: 1,
      unansweredDays: current.unansweredDays?.filter((d) => d.weatherId !== weatherId),
    };
  });
}

/** Seoul wall-clock time for Date.now (the timers stay real, so the queries run). */
const atSeoul = (iso: string) => vi.spyOn(Date, 'now').mockReturnValue(Date.parse(`${iso}+09:00`));

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  localStorage.clear();
});

describe("the home's '오늘 옷차림은 어땠나요?'", () => {
  it('asks about today in the evening and sends the answer once; the day is not asked again', async () => {
    atSeoul('2026-11-27T19:00:00');
    serve([{ date: '2026-11-27', weatherId: 'w1' }]);
    const user = userEvent.setup();
    const first = renderWithQuery(<FeedbackPrompt userId={USER} />);
    const group = await screen.findByRole('group', { name: '오늘 옷차림은 어땠나요?' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '추웠어요' }));
    expect(api.createFeedback).toHaveBeenCalledWith({ weatherId: 'w1', feeling: 'COLD' });
    await waitFor(() => expect(screen.queryByRole('region', { name: '오늘 옷차림은 어땠나요?' })).toBeNull());
    expect(api.toast.success).toHaveBeenCalledWith('알려주셔서 고마워요. 다음 추천에 반영할게요');
    first.unmount();

    // Even if the server still offered the day (another device reset meanwhile), this device does not ask again.
    serve([{ date: '2026-11-27', weatherId: 'w1' }]);
    renderWithQuery(<FeedbackPrompt userId={USER} />);
    await waitFor(() => expect(api.getCalibration).toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('waits for 18:00 before asking about today, and asks about yesterday in the morning', async () => {
    atSeoul('2026-11-27T10:00:00');
    serve([
      { date: '2026-11-27', weatherId: 'w1' },
      { date: '2026-11-26', weatherId: 'w0' },
    ]);
    renderWithQuery(<FeedbackPrompt userId={USER} />);
    expect(await screen.findByRole('heading', { name: '어제 옷차림은 어땠나요?' })).toBeInTheDocument();
  });

  it('says nothing before 18:00 when only today was worn', async () => {
    atSeoul('2026-11-27T17:30:00');
    serve([{ date: '2026-11-27', weatherId: 'w1' }]);
    renderWithQuery(<FeedbackPrompt userId={USER} />);
    await waitFor(() => expect(api.getCalibration).toHaveBeenCalled());
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("closes for good on '묻지 않기' without answering", async () => {
    atSeoul('2026-11-27T20:00:00');
    serve([{ date: '2026-11-27', weatherId: 'w1' }]);
    const user = userEvent.setup();
    const first = renderWithQuery(<FeedbackPrompt userId={USER} />);
    await user.click(await screen.findByRole('button', { name: '묻지 않기' }));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(api.createFeedback).not.toHaveBeenCalled();
    first.unmount();
    renderWithQuery(<FeedbackPrompt userId={USER} />);
    await waitFor(() => expect(api.getCalibration).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('keeps the question when the answer fails, and says so', async () => {
    atSeoul('2026-11-27T20:00:00');
    serve([{ date: '2026-11-27', weatherId: 'w1' }]);
    api.createFeedback.mockRejectedValue(new Error('down'));
    const user = userEvent.setup();
    renderWithQuery(<FeedbackPrompt userId={USER} />);
    await user.click(await screen.findByRole('button', { name: '더웠어요' }));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledWith('답변을 보내지 못했어요'));
    expect(screen.getByRole('heading', { name: '오늘 옷차림은 어땠나요?' })).toBeInTheDocument();
  });
});
