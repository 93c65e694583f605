import { ko } from '@otboo/contract';
import { PasswordField } from '@/components/ui/password-field';
import type { NewPassword } from '@/features/auth/hooks/use-new-password';
import { liveError, resetPasswordRule } from '@/features/auth/utils/validation';

/**
 * '새 비밀번호' and '새 비밀번호 확인' with their live rule errors, shared by the settings form and the
 * forgot-password flow's last step. `onEdit` runs on every keystroke (the forms clear their submit error).
 */
export function NewPasswordFields({ value, onEdit }: { value: NewPassword; onEdit(): void }) {
  return (
    <>
      <PasswordField
        label={ko.auth.newPasswordLabel}
        autoComplete="new-password"
        placeholder={ko.auth.newPasswordPlaceholder}
        value={value.password}
        error={liveError(resetPasswordRule, value.password)}
        onChange={(e) => {
          value.setPassword(e.target.value);
          onEdit();
        }}
      />
      <PasswordField
        label={ko.auth.newPasswordConfirmLabel}
        autoComplete="new-password"
        placeholder={ko.auth.confirmPasswordPlaceholder}
        value={value.confirm}
        error={liveError(value.matches, value.confirm)}
        onChange={(e) => {
          value.setConfirm(e.target.value);
          onEdit();
        }}
      />
    </>
  );
}
