import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@otboo/contract';
import { changePassword } from '@/features/auth/api/change-password';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { testUser } from '@/testing/users';

vi.mock('@/features/auth/api/change-password', () => ({ changePassword: vi.fn(async () => undefined) }));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const USER = testUser({ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: 'me@example.com', name: '나' });

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: ko.auth.changePassword }));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('ChangePasswordForm', () => {
  beforeEach(() => {
    useSession.setState({ accessToken: 'token', user: USER });
    render(<ChangePasswordForm />);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(changePassword).mockReset();
    useSession.setState({ accessToken: null, user: null });
  });

  it('sends the current password with the new one, then clears the form', async () => {
    const button = screen.getByRole('button', { name: ko.auth.changePassword });
    expect(screen.getByLabelText(ko.auth.currentPasswordLabel)).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    expect(button).toBeDisabled();
    fill(ko.auth.currentPasswordLabel, 'old1pass');
    fill(ko.auth.newPasswordLabel, 'new1pass');
    fill(ko.auth.newPasswordConfirmLabel, 'new1pass');
    expect(button).toBeEnabled();
    await submit();
    expect(changePassword).toHaveBeenCalledWith(USER.id, {
      password: 'new1pass',
      currentPassword: 'old1pass',
    });
    expect(toast.success).toHaveBeenCalledWith(ko.auth.passwordChanged);
    expect(screen.getByLabelText(ko.auth.currentPasswordLabel)).toHaveValue('');
    expect(screen.getByLabelText(ko.auth.newPasswordLabel)).toHaveValue('');
  });

  it('leaves the current password out when it is empty (right after signing in)', async () => {
    fill(ko.auth.newPasswordLabel, 'new1pass');
    fill(ko.auth.newPasswordConfirmLabel, 'new1pass');
    await submit();
    expect(changePassword).toHaveBeenCalledWith(USER.id, { password: 'new1pass' });
  });

  it("shows the server's word on the current password under that field", async () => {
    vi.mocked(changePassword).mockRejectedValueOnce(
      new ApiError(ko.auth.currentPasswordWrong, 400, {
        exceptionName: 'InvalidCurrentPasswordException',
        message: ko.auth.currentPasswordWrong,
        details: { currentPassword: ko.auth.currentPasswordWrong },
      }),
    );
    fill(ko.auth.currentPasswordLabel, 'wrong1pass');
    fill(ko.auth.newPasswordLabel, 'new1pass');
    fill(ko.auth.newPasswordConfirmLabel, 'new1pass');
    await submit();
    expect(screen.getByLabelText(ko.auth.currentPasswordLabel)).toHaveAccessibleDescription(
      ko.auth.currentPasswordWrong,
    );
    expect(screen.getByLabelText(ko.auth.newPasswordLabel)).toHaveValue('new1pass');
    // Typing again clears it.
    fill(ko.auth.currentPasswordLabel, 'right1pass');
    expect(screen.queryByText(ko.auth.currentPasswordWrong)).toBeNull();
  });

  it('shows any other failure above the button', async () => {
    vi.mocked(changePassword).mockRejectedValueOnce(
      new ApiError(ko.auth.tooManyAttempts, 429, {
        exceptionName: 'TooManyRequestsException',
        message: ko.auth.tooManyAttempts,
        details: {},
      }),
    );
    fill(ko.auth.newPasswordLabel, 'new1pass');
    fill(ko.auth.newPasswordConfirmLabel, 'new1pass');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(ko.auth.tooManyAttempts);
  });
});
