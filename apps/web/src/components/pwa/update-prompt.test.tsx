import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'virtual:pwa-register/react';
import { UpdatePrompt } from '@/components/pwa/update-prompt';

// The plugin's hook, reduced to what the prompt reads: whether a new worker waits, and the call that activates it.
const sw = vi.hoisted(() => ({
  needRefresh: false,
  updateServiceWorker: vi.fn(async () => undefined),
  options: undefined as RegisterSWOptions | undefined,
}));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: (options: RegisterSWOptions) => {
    sw.options = options;
    return {
      needRefresh: [sw.needRefresh, vi.fn()],
      offlineReady: [false, vi.fn()],
      updateServiceWorker: sw.updateServiceWorker,
    };
  },
}));

describe('UpdatePrompt', () => {
  beforeEach(() => {
    sw.needRefresh = false;
    sw.options = undefined;
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing while no new version waits', () => {
    const { container } = render(<UpdatePrompt />);
    expect(container).toBeEmptyDOMElement();
  });

  it("offers '새로고침' when a new version waits, and activates it", async () => {
    sw.needRefresh = true;
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toHaveTextContent('새 버전이 있어요');
    await userEvent.click(screen.getByRole('button', { name: '새로고침' }));
    expect(sw.updateServiceWorker).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version every hour and when the app comes back to the foreground', () => {
    vi.useFakeTimers();
    render(<UpdatePrompt />);
    const registration = { update: vi.fn(async () => undefined) };
    act(() => sw.options?.onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration));
    expect(registration.update).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(registration.update).toHaveBeenCalledTimes(1);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(registration.update).toHaveBeenCalledTimes(2);
  });
});
