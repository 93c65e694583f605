import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettingsDto } from '@otboo/contract';
import { NotificationSettingsSection } from '@/features/notification-settings/components/notification-settings-section';
import { ApiError } from '@/lib/api-client';
import { renderWithQuery } from '@/testing/query';

const api = vi.hoisted(() => ({
  getNotificationSettings: vi.fn(),
  updateNotificationSettings: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/notification-settings/api/get-notification-settings', () => ({
  getNotificationSettings: api.getNotificationSettings,
}));
vi.mock('@/features/notification-settings/api/update-notification-settings', () => ({
  updateNotificationSettings: api.updateNotificationSettings,
}));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const USER_ID = 'a0000000-0000-4000-8000-000000000001';
const OFFLINE = '오프라인 상태라 저장하지 못했어요. 연결되면 다시 시도해주세요.';

/** A server that keeps the settings and answers a PATCH with the whole settings. */
function serveSettings(start: NotificationSettingsDto = DEFAULT_NOTIFICATION_SETTINGS) {
  let current = structuredClone(start);
  api.getNotificationSettings.mockImplementation(async () => current);
  api.updateNotificationSettings.mockImplementation(
    async (_id: string, change: Partial<NotificationSettingsDto>) => {
      current = {
        morningOutfit: { ...current.morningOutfit, ...change.morningOutfit },
        push: { ...current.push, ...change.push },
      };
      return current;
    },
  );
}

function renderSection(pushOn?: boolean) {
  return renderWithQuery(
    <NotificationSettingsSection userId={USER_ID} deviceSwitch={<p>이 기기 스위치</p>} pushOn={pushOn} />,
  );
}

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe("settings '알림' section", () => {
  it('shows the device switch, every push kind and the morning outfit from the server', async () => {
    serveSettings({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, likes: false },
    });
    renderSection();
    const section = screen.getByRole('region', { name: '알림' });
    expect(within(section).getByText('이 기기 스위치')).toBeInTheDocument();
    const kinds = await screen.findByRole('group', { name: '푸시로 받을 알림' });
    const names = within(kinds)
      .getAllByRole('switch')
      .map((s) => s.getAttribute('aria-label'));
    expect(names).toEqual(['메시지', '댓글', '좋아요', '팔로우', '새 피드', '날씨']);
    expect(screen.getByRole('switch', { name: '좋아요' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: '메시지' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '아침 옷 추천' })).not.toBeChecked();
    expect(screen.getByLabelText('알림 시각')).toHaveValue('07:00');
    expect(screen.getByLabelText('알림 시각')).toBeDisabled();
  });

  it('saves a kind with a PATCH of just that kind; the whole row is the target', async () => {
    serveSettings();
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('switch', { name: '댓글' });
    // The label's text, not only the small switch, turns it (44 px rows on phones).
    await user.click(screen.getByText('댓글'));
    await waitFor(() => expect(screen.getByRole('switch', { name: '댓글' })).not.toBeChecked());
    expect(api.updateNotificationSettings).toHaveBeenCalledWith(USER_ID, { push: { comments: false } });
  });

  it('turns the morning outfit on and saves the picked time once the picker rests', async () => {
    serveSettings();
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('switch', { name: '아침 옷 추천' }));
    await waitFor(() => expect(screen.getByLabelText('알림 시각')).toBeEnabled());
    expect(api.updateNotificationSettings).toHaveBeenLastCalledWith(USER_ID, {
      morningOutfit: { enabled: true },
    });

    const time = screen.getByLabelText('알림 시각');
    fireEvent.change(time, { target: { value: '06:00' } });
    fireEvent.change(time, { target: { value: '06:30' } });
    await waitFor(() =>
      expect(api.updateNotificationSettings).toHaveBeenLastCalledWith(USER_ID, {
        morningOutfit: { time: '06:30' },
      }),
    );
    // The intermediate 06:00 never left the page.
    expect(api.updateNotificationSettings).toHaveBeenCalledTimes(2);
    expect(time).toHaveValue('06:30');
  });

  it('puts a change back and says so when the write fails offline', async () => {
    serveSettings();
    api.updateNotificationSettings.mockRejectedValueOnce(
      new ApiError(OFFLINE, null, null, { network: 'offline' }),
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('switch', { name: '날씨' }));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledWith(OFFLINE));
    expect(screen.getByRole('switch', { name: '날씨' })).toBeChecked();
  });

  it('says when the settings cannot be loaded, with a retry', async () => {
    api.getNotificationSettings.mockRejectedValue(new ApiError('서버 오류', 500, null));
    const user = userEvent.setup();
    renderSection();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('알림 설정을 불러오지 못했습니다.');
    serveSettings();
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('switch', { name: '메시지' })).toBeInTheDocument();
  });

  it('says the morning outfit will not reach this device while its push is off', async () => {
    const note =
      '이 기기의 푸시 알림이 꺼져 있어 휴대폰 알림으로는 오지 않아요. 앱의 알림 목록에서만 볼 수 있어요. 받으려면 위에서 푸시 알림을 켜주세요.';
    serveSettings();
    const user = userEvent.setup();
    const { rerender } = renderSection(false);
    const morning = await screen.findByRole('switch', { name: /아침 옷 추천/ });
    expect(screen.queryByText(note)).toBeNull();
    await user.click(morning);
    expect(await screen.findByText(note)).toBeInTheDocument();
    // Push turned on: the note goes; not known yet: nothing is claimed.
    rerender(<NotificationSettingsSection userId={USER_ID} deviceSwitch={<p>이 기기 스위치</p>} pushOn />);
    expect(screen.queryByText(note)).toBeNull();
    rerender(<NotificationSettingsSection userId={USER_ID} deviceSwitch={<p>이 기기 스위치</p>} />);
    expect(screen.queryByText(note)).toBeNull();
  });
});
