import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalibrationDto } from '@otboo/contract';
import { CalibrationSection, signedDegrees } from '@/features/recommendations/components/calibration-section';
import { renderWithQuery } from '@/testing/query';

const api = vi.hoisted(() => ({
  getCalibration: vi.fn(),
  deleteCalibration: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/recommendations/api/get-calibration', () => ({ getCalibration: api.getCalibration }));
vi.mock('@/features/recommendations/api/delete-calibration', () => ({
  deleteCalibration: api.deleteCalibration,
}));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

afterEach(() => vi.clearAllMocks());

describe("settings '체감 보정'", () => {
  it('writes the shift with a real minus sign and a plus', () => {
    expect(signedDegrees(-1.5)).toBe('\u22121.5°C');
    expect(signedDegrees(2)).toBe('+2°C');
    expect(signedDegrees(0)).toBe('0°C');
  });

  it('shows the learned shift and resets it after confirming', async () => {
    let current: CalibrationDto = { shiftCelsius: -1.5, samples: 4, unansweredDays: [] };
    api.getCalibration.mockImplementation(async () => current);
    api.deleteCalibration.mockImplementation(async () => {
      current = { shiftCelsius: 0, samples: 0, unansweredDays: [] };
    });
    const user = userEvent.setup();
    renderWithQuery(<CalibrationSection />);
    const section = screen.getByRole('region', { name: '체감 보정' });
    expect(await within(section).findByText('체감 보정: \u22121.5°C, 답변 4개')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: '초기화' }));
    const dialog = await screen.findByRole('alertdialog', { name: '체감 보정을 초기화할까요?' });
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(api.deleteCalibration).not.toHaveBeenCalled();

    await user.click(within(section).getByRole('button', { name: '초기화' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '초기화' }));
    expect(api.deleteCalibration).toHaveBeenCalledTimes(1);
    expect(await within(section).findByText('아직 답변이 없어요')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '초기화' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.toast.success).toHaveBeenCalledWith('체감 보정을 초기화했어요');
  });
});
