import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  OAUTH_PROVIDERS,
  ko,
  type LocationInput,
  type OAuthProvider,
  type ProfileDto,
} from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { PROVIDER_LABELS, SocialLinkButtons } from '@/features/auth/components/social-link-buttons';
import { ProfileForm } from '@/features/users/components/settings/profile-form';
import { setCachedProfile, useProfile } from '@/features/users/hooks/use-profile';
import { NotificationSettingsSection } from '@/features/notification-settings/components/notification-settings-section';
import { CalibrationSection } from '@/features/recommendations/components/calibration-section';
import { PushDeviceSwitch } from '@/features/push/components/push-device-switch';
import type { PushDeviceStatus } from '@/features/push/hooks/use-push-device';
import { getLocation } from '@/features/weather/api/get-location';
import { PlaceSearch } from '@/features/weather/components/place-search';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { askCoordinates, getDeviceCoordinates, type Coordinates } from '@/utils/get-coordinates';

/** Coordinates with their place names; just the coordinates when the names cannot be found. */
async function named(coordinates: Coordinates): Promise<LocationInput> {
  try {
    return await getLocation(coordinates);
  } catch {
    return coordinates;
  }
}

/** The current position, named; null when the browser refuses (the form then offers the place search). */
async function locate(): Promise<LocationInput | null> {
  const coordinates = await getDeviceCoordinates();
  return coordinates && named(coordinates);
}

/** '동네 이름으로 찾기', with the coordinate prompts behind its '좌표로 입력' link. */
function placeSearch(choose: (location: LocationInput) => void) {
  function enterCoordinates() {
    const coordinates = askCoordinates();
    if (coordinates) void named(coordinates).then(choose);
  }
  return <PlaceSearch onChoose={choose} onEnterCoordinates={enterCoordinates} autoFocus />;
}

function isProvider(value: string | null): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly (string | null)[]).includes(value);
}

/** A social link comes back here from the provider: `?linked=<provider>` or `?error=oauth&error_message=…`. */
function useLinkOutcome() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const linked = params.get('linked');
    const failed =
      params.get('error') === 'oauth' ? (params.get('error_message') ?? ko.auth.socialLinkFailed) : null;
    if (!linked && !failed) return;
    if (isProvider(linked)) toast.success(ko.auth.socialLinked(PROVIDER_LABELS[linked]));
    if (failed) toast.error(failed);
    setParams({}, { replace: true });
  }, [params, setParams]);
}

/** /settings — edit one's own profile, change the password, link a social account. */
export function SettingsRoute() {
  useLinkOutcome();
  const user = useSession((s) => s.user);
  const queryClient = useQueryClient();
  const { data: profile, isError: failed, refetch } = useProfile(user?.id);
  const [pushStatus, setPushStatus] = useState<PushDeviceStatus>('checking');

  function saved(next: ProfileDto) {
    setCachedProfile(queryClient, next);
    const current = useSession.getState().user;
    if (current && current.name !== next.name) useSession.getState().setUser({ ...current, name: next.name });
  }

  return (
    <Page title={ko.profile.settingsTitle} className="max-w-[720px]">
      {profile ? (
        <ProfileForm
          key={profile.userId}
          user={user}
          profile={profile}
          locate={locate}
          placeSearch={placeSearch}
          onSaved={saved}
        />
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
      {user ? (
        <div className="mt-6 flex flex-col gap-6">
          <NotificationSettingsSection
            userId={user.id}
            deviceSwitch={<PushDeviceSwitch onStatusChange={setPushStatus} />}
            pushOn={pushStatus === 'checking' ? undefined : pushStatus === 'on'}
          />
          <CalibrationSection />
          <Section title={ko.auth.changePasswordTitle}>
            <ChangePasswordForm />
          </Section>
          {user.linkedOAuthProviders.length < OAUTH_PROVIDERS.length ? (
            <Section title={ko.auth.socialLinkTitle}>
              <SocialLinkButtons />
            </Section>
          ) : null}
        </div>
      ) : null}
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-line bg-white p-7">
      <h2 className="text-[17px] font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}
