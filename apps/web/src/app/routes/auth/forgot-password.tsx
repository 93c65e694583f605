import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password/forgot-password-flow';

/** /auth/forgot-password */
export function ForgotPasswordRoute() {
  return (
    <div className="mt-6">
      <ForgotPasswordFlow />
    </div>
  );
}
