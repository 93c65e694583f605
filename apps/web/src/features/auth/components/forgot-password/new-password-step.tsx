import { useState, type FormEvent } from 'react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { changePassword } from '@/features/auth/api/change-password';
import { allValid, liveError, resetConfirmRule, resetPasswordRule } from '@/features/auth/utils/validation';
import { useSession } from '@/stores/session';

/** Step 3: a new password for the user signed in with the temporary one. */
export function NewPasswordStep({ onChanged }: { onChanged(): void }) {
  const user = useSession((s) => s.user);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = resetConfirmRule(password);
  const ready = allValid([
    [resetPasswordRule, password],
    [matches, confirm],
  ]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    if (!user) {
      setError(ko.auth.noUserInfo);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await changePassword(user.id, { password });
      onChanged();
    } catch {
      setError(ko.auth.changeFailed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label={ko.auth.newPasswordLabel}
        autoComplete="new-password"
        placeholder={ko.auth.newPasswordPlaceholder}
        value={password}
        error={liveError(resetPasswordRule, password)}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(null);
        }}
      />
      <PasswordField
        label={ko.auth.newPasswordConfirmLabel}
        autoComplete="new-password"
        placeholder={ko.auth.confirmPasswordPlaceholder}
        value={confirm}
        error={liveError(matches, confirm)}
        onChange={(e) => {
          setConfirm(e.target.value);
          setError(null);
        }}
      />
      <FormError message={error} />
      <Button type="submit" size="lg" disabled={!ready || busy} className="w-full">
        {busy ? ko.auth.changing : ko.auth.complete}
      </Button>
    </form>
  );
}
