import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { signUp } from '@/features/auth/api/sign-up';
import { EmailField } from '@/features/auth/components/email-field';
import type { LoginState } from '@/features/auth/components/login-form';
import {
  allValid,
  confirmRule,
  emailRule,
  liveError,
  nameRule,
  signUpPasswordRule,
} from '@/features/auth/utils/validation';
import { toast } from '@/lib/toast';

/** Sign-up with live validation; the button stays disabled until every field is valid (docs/product.md §2, §5). */
export function RegisterForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const matches = confirmRule(password);
  const ready = allValid([
    [emailRule, email],
    [nameRule, name],
    [signUpPasswordRule, password],
    [matches, confirm],
  ]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await signUp({ email: email.trim(), name: name.trim(), password });
      toast.success(ko.auth.registerSuccess);
      // The sign-in form opens with the e-mail just registered (LoginForm reads it from the history entry).
      navigate(paths.auth.login.href(), { state: { email: email.trim() } satisfies LoginState });
    } catch {
      toast.error(ko.auth.registerFailed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <EmailField value={email} onChange={setEmail} />
      <TextField
        label={ko.auth.nameLabel}
        autoComplete="nickname"
        placeholder={ko.auth.namePlaceholder}
        value={name}
        error={liveError(nameRule, name)}
        onChange={(e) => setName(e.target.value)}
      />
      <PasswordField
        label={ko.auth.passwordLabel}
        autoComplete="new-password"
        placeholder={ko.auth.newPasswordPlaceholder}
        value={password}
        error={liveError(signUpPasswordRule, password)}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        label={ko.auth.confirmPasswordLabel}
        autoComplete="new-password"
        placeholder={ko.auth.confirmPasswordPlaceholder}
        value={confirm}
        error={liveError(matches, confirm)}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" size="lg" disabled={!ready || busy} className="mt-2 w-full">
        {busy ? ko.auth.registering : ko.auth.register}
      </Button>
    </form>
  );
}
