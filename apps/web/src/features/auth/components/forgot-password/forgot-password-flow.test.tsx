import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@otboo/contract';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password/forgot-password-flow';
import { useSession } from '@/stores/session';

vi.mock('@/features/auth/api/reset-password', () => ({ resetPassword: vi.fn(async () => undefined) }));

const EMAIL = 'honggildong@example.com';

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

async function reachStep2() {
  render(
    <MemoryRouter>
      <ForgotPasswordFlow />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText(ko.auth.emailLabel), { target: { value: EMAIL } });
  fireEvent.click(screen.getByRole('button', { name: ko.auth.next }));
  await flush();
}

describe('forgot-password step 2', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSession.setState({ accessToken: null, user: null });
  });

  it('shows the masked e-mail and a mm:ss countdown from 3 minutes', async () => {
    await reachStep2();
    expect(screen.getByText('ho********g@example.com')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('03:00');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('02:59');
    act(() => {
      vi.advanceTimersByTime(118_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('01:01');
  });

  it('at 0 disables the input, says time is up and offers to start over with the e-mail cleared', async () => {
    await reachStep2();
    act(() => {
      vi.advanceTimersByTime(180_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent(ko.auth.timeout);
    expect(screen.getByLabelText(ko.auth.temporaryPasswordLabel)).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(ko.auth.verificationExpired);

    fireEvent.click(screen.getByRole('button', { name: ko.auth.restart }));
    expect(screen.getByLabelText(ko.auth.emailLabel)).toHaveValue('');
    expect(screen.getByText(ko.auth.forgotStep1Description)).toBeInTheDocument();
  });

  it('moves to step 3 after signing in with the temporary password, or shows the failure text', async () => {
    const signIn = vi.fn().mockRejectedValueOnce(new Error('bad')).mockResolvedValueOnce({});
    useSession.setState({ signIn });
    await reachStep2();
    fireEvent.change(screen.getByLabelText(ko.auth.temporaryPasswordLabel), {
      target: { value: 'Ab3dEf9h' },
    });
    fireEvent.click(screen.getByRole('button', { name: ko.auth.next }));
    await flush();
    expect(signIn).toHaveBeenCalledWith(EMAIL, 'Ab3dEf9h');
    expect(screen.getByRole('alert')).toHaveTextContent(ko.auth.temporaryFailed);

    fireEvent.click(screen.getByRole('button', { name: ko.auth.next }));
    await flush();
    expect(screen.getByLabelText(ko.auth.newPasswordLabel)).toBeInTheDocument();
  });
});
