import { ko } from '@otboo/contract';
import { TextField } from '@/components/ui/text-field';
import { emailRule, liveError } from '@/features/auth/utils/validation';

/** The e-mail of sign-up and of the password reset, checked as it is typed. */
export function EmailField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <TextField
      label={ko.auth.emailLabel}
      type="email"
      autoComplete="email"
      placeholder={ko.auth.loginIdPlaceholder}
      value={value}
      error={liveError(emailRule, value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
