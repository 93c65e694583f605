import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';

const api = vi.hoisted(() => ({ signUp: vi.fn() }));
vi.mock('@/features/auth/api/sign-up', () => ({ signUp: api.signUp }));

afterEach(() => {
  vi.clearAllMocks();
});

function renderAuth(entry: Parameters<typeof MemoryRouter>[0]['initialEntries'] = ['/auth/register']) {
  render(
    <MemoryRouter initialEntries={entry}>
      <Routes>
        <Route path="/auth/register" element={<RegisterForm />} />
        <Route path="/auth/login" element={<LoginForm />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('sign-up, then sign-in', () => {
  it('opens the sign-in form with the e-mail just registered, the password field focused', async () => {
    api.signUp.mockResolvedValue({});
    const user = userEvent.setup();
    renderAuth();
    await user.type(screen.getByLabelText('이메일'), ' New.User@example.com ');
    await user.type(screen.getByLabelText('이름'), '새사용자');
    await user.type(screen.getByLabelText('비밀번호', { exact: true }), 'passw0rd#');
    await user.type(screen.getByLabelText('비밀번호 확인'), 'passw0rd#');
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    const id = await screen.findByRole('textbox', { name: '아이디' });
    expect(api.signUp).toHaveBeenCalledWith({
      email: 'New.User@example.com',
      name: '새사용자',
      password: 'passw0rd#',
    });
    expect(id).toHaveValue('New.User@example.com');
    await waitFor(() => expect(screen.getByLabelText('비밀번호')).toHaveFocus());
  });

  it('opens empty when reached any other way', () => {
    renderAuth(['/auth/login']);
    expect(screen.getByRole('textbox', { name: '아이디' })).toHaveValue('');
    expect(screen.getByLabelText('비밀번호')).not.toHaveFocus();
  });
});
