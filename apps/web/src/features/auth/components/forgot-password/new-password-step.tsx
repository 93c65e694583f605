import { useState, type FormEvent } from 'react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { changePassword } from '@/features/auth/api/change-password';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import { useNewPassword } from '@/features/auth/hooks/use-new-password';
import { useSession } from '@/stores/session';

/** Step 3: a new password for the user signed in with the temporary one. */
export function NewPasswordStep({ onChanged }: { onChanged(): void }) {
  const user = useSession((s) => s.user);
  const newPassword = useNewPassword();
  const { password, ready } = newPassword;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      <NewPasswordFields value={newPassword} onEdit={() => setError(null)} />
      <FormError message={error} />
      <Button type="submit" size="lg" disabled={!ready || busy} className="w-full">
        {busy ? ko.auth.changing : ko.auth.complete}
      </Button>
    </form>
  );
}
