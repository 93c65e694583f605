import { useState, type FormEvent } from 'react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { resetPassword } from '@/features/auth/api/reset-password';
import { EmailField } from '@/features/auth/components/email-field';
import { emailRule } from '@/features/auth/utils/validation';

/** Step 1: the e-mail that receives a temporary password. */
export function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent(email: string): void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = email !== '' && emailRule(email) === null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ email: email.trim() });
      onSent(email.trim());
    } catch {
      setError(ko.auth.mailFailed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          setError(null);
        }}
      />
      <FormError message={error} />
      <Button type="submit" size="lg" disabled={!valid || busy} className="w-full">
        {busy ? ko.auth.sending : ko.auth.next}
      </Button>
    </form>
  );
}
