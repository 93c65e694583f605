import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';

/** After this many milliseconds the success step returns to the login page (docs/product.md §9). */
export const DONE_REDIRECT_MS = 5000;

/** Step 4: the password was changed. Ends the temporary session and returns to login after 5 s. */
export function DoneStep() {
  const navigate = useNavigate();
  const signOut = useSession((s) => s.signOut);

  useEffect(() => {
    // The sign-in with the temporary password was only a proof; the user signs in again with the new one.
    void signOut();
    const timer = setTimeout(() => navigate(paths.auth.login.href(), { replace: true }), DONE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, signOut]);

  return (
    <div className="flex flex-col items-center gap-6">
      <CircleCheck className="size-16 text-emerald-500" aria-hidden />
      <Button asChild size="lg" className="w-full">
        <Link to={paths.auth.login.href()} replace>
          {ko.auth.goToLogin}
        </Link>
      </Button>
    </div>
  );
}
