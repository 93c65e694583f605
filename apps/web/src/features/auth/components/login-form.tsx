import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { loginIdRule, loginPasswordRule } from '@/features/auth/utils/validation';
import { useSession } from '@/stores/session';

interface LoginFormProps {
  /** A message to show before any attempt, e.g. a failed social sign-in. */
  initialError?: string | null;
}

/** The history entry's state when sign-up sends the user here: the e-mail just registered. */
export interface LoginState {
  email: string;
}

function registeredEmail(state: unknown): string {
  const email = (state as Partial<LoginState> | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * E-mail and password sign-in (docs/product.md §2 "Login page", §4). Right after sign-up the e-mail is filled in and
 * the password field has the focus.
 */
export function LoginForm({ initialError = null }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSession((s) => s.signIn);
  const [prefilled] = useState(() => registeredEmail(location.state));
  const [email, setEmail] = useState(prefilled);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email: string | null; password: string | null }>({
    email: null,
    password: null,
  });
  const [serverError, setServerError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = { email: loginIdRule(email), password: loginPasswordRule(password) };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      navigate(paths.home.href(), { replace: true });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : ko.common.apiFailed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={ko.auth.loginIdLabel}
        type="email"
        name="username"
        autoComplete="username"
        placeholder={ko.auth.loginIdPlaceholder}
        value={email}
        error={fieldErrors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setServerError(null);
          setFieldErrors((f) => ({ ...f, email: null }));
        }}
      />
      <PasswordField
        label={ko.auth.passwordLabel}
        name="password"
        autoComplete="current-password"
        autoFocus={prefilled !== ''}
        placeholder={ko.auth.passwordPlaceholder}
        value={password}
        error={fieldErrors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setServerError(null);
          setFieldErrors((f) => ({ ...f, password: null }));
        }}
      />
      <FormError message={serverError} />
      <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
        {busy ? ko.auth.loggingIn : ko.auth.login}
      </Button>
    </form>
  );
}
