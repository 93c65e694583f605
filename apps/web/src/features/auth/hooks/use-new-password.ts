import { useState } from 'react';
import { allValid, resetConfirmRule, resetPasswordRule } from '@/features/auth/utils/validation';

/**
 * A new password and its confirmation as the password forms keep them (settings and the forgot-password flow):
 * `ready` once the password follows the reset rules and the confirmation matches it.
 */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const matches = resetConfirmRule(password);
  const ready = allValid([
    [resetPasswordRule, password],
    [matches, confirm],
  ]);
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    /** The confirmation's rule, which depends on the password. */
    matches,
    ready,
    clear() {
      setPassword('');
      setConfirm('');
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;
