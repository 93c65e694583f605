import { useQueryClient } from '@tanstack/react-query';
import { ko, type LocationInput, type ProfileDto } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ProfileForm } from '@/features/users/components/settings/profile-form';
import { setCachedProfile, useProfile } from '@/features/users/hooks/use-profile';
import { getLocation } from '@/features/weather/api/get-location';
import { useSession } from '@/stores/session';
import { getCoordinates } from '@/utils/get-coordinates';

/** The current position with its place names; just the coordinates when the names cannot be found. */
async function locate(): Promise<LocationInput | null> {
  const coordinates = await getCoordinates();
  if (!coordinates) return null;
  try {
    return await getLocation(coordinates);
  } catch {
    return coordinates;
  }
}

/** /settings — edit one's own profile. */
export function SettingsRoute() {
  const user = useSession((s) => s.user);
  const queryClient = useQueryClient();
  const { data: profile, isError: failed, refetch } = useProfile(user?.id);

  function saved(next: ProfileDto) {
    setCachedProfile(queryClient, next);
    const current = useSession.getState().user;
    if (current && current.name !== next.name) useSession.getState().setUser({ ...current, name: next.name });
  }

  return (
    <Page title={ko.profile.settingsTitle} className="max-w-[720px]">
      {profile ? (
        <ProfileForm key={profile.userId} user={user} profile={profile} locate={locate} onSaved={saved} />
      ) : failed ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-[15px] text-ink-soft">{ko.profile.loadFailed}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            {ko.common.retry}
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label={ko.common.loading} />
        </div>
      )}
    </Page>
  );
}
