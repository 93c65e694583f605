import { LocateFixed, MapPin } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  LIMITS,
  NAME_PATTERN,
  ko,
  type Gender,
  type LocationInput,
  type ProfileDto,
  type UserDto,
} from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { updateProfile } from '@/features/users/api/update-profile';
import { AvatarPicker } from '@/features/users/components/settings/avatar-picker';
import { GenderPicker } from '@/features/users/components/settings/gender-picker';
import { LinkedProviders } from '@/features/users/components/settings/linked-providers';
import { SensitivitySlider } from '@/features/users/components/settings/sensitivity-slider';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

interface FormValues {
  name: string;
  gender: Gender | null;
  birthDate: string;
  location: LocationInput | null;
  temperatureSensitivity: number;
}

function valuesOf(profile: ProfileDto): FormValues {
  return {
    name: profile.name,
    gender: profile.gender,
    birthDate: profile.birthDate ?? '',
    location: profile.location,
    temperatureSensitivity: profile.temperatureSensitivity ?? LIMITS.temperatureSensitivityDefault,
  };
}

/** Place names when known, else the coordinates. */
export function locationLabel(location: LocationInput | null): string {
  if (!location) return ko.profile.locationEmpty;
  if (location.locationNames && location.locationNames.length > 0) return location.locationNames.join(' ');
  return `${location.latitude.toFixed(3)}, ${location.longitude.toFixed(3)}`;
}

function nicknameError(name: string): string | null {
  if (name.trim() === '') return ko.validation.nicknameRequired;
  return NAME_PATTERN.test(name.trim()) ? null : ko.validation.namePattern;
}

interface ProfileFormProps {
  user: UserDto | null;
  profile: ProfileDto;
  /** Finds the coordinates and place names of the user's current location; null when the browser refuses. */
  locate(): Promise<LocationInput | null>;
  /** The place search ('동네 이름으로 찾기') shown when `locate` found nothing; `choose` fills the location field. */
  placeSearch(choose: (location: LocationInput) => void): ReactNode;
  onSaved(profile: ProfileDto): void;
}

/** The settings form of spec §2: avatar, nickname, gender, birth date, location, temperature sensitivity. */
export function ProfileForm({ user, profile, locate, placeSearch, onSaved }: ProfileFormProps) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(profile));
  const [image, setImage] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [locating, setLocating] = useState(false);
  const [searching, setSearching] = useState(false);
  const [saving, setSaving] = useState(false);
  const ids = { gender: useId(), location: useId(), sensitivity: useId(), providers: useId() };
  const nameError = touched ? nicknameError(values.name) : null;
  const today = new Date().toISOString().slice(0, 10);

  function patch(next: Partial<FormValues>) {
    setValues((v) => ({ ...v, ...next }));
  }

  async function findLocation() {
    setLocating(true);
    try {
      const location = await locate();
      if (location) choose(location);
      else setSearching(true);
    } finally {
      setLocating(false);
    }
  }

  function choose(location: LocationInput) {
    patch({ location });
    setSearching(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nicknameError(values.name)) return;
    if (!user) {
      toast.error(ko.profile.noUser);
      return;
    }
    setSaving(true);
    try {
      const saved = await updateProfile(
        user.id,
        {
          name: values.name.trim(),
          gender: values.gender,
          birthDate: values.birthDate === '' ? null : values.birthDate,
          location: values.location,
          temperatureSensitivity: values.temperatureSensitivity,
        },
        image,
      );
      setImage(null);
      setValues(valuesOf(saved));
      onSaved(saved);
      toast.success(ko.profile.updated);
    } catch (error) {
      // The form keeps what was entered, to save again.
      toast.error(writeErrorText(error, ko.profile.updateFailed));
    } finally {
      setSaving(false);
    }
  }

  function reset() {
    setValues(valuesOf(profile));
    setImage(null);
    setTouched(false);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Card>
        <AvatarPicker
          currentUrl={profile.profileImageUrl}
          file={image}
          onChange={setImage}
          onReject={(m) => toast.error(m)}
        />
      </Card>

      <Card>
        <TextField
          label={ko.profile.nickname}
          value={values.name}
          autoComplete="nickname"
          error={nameError}
          onChange={(e) => {
            patch({ name: e.target.value });
            setTouched(true);
          }}
        />
        <Field label={ko.profile.gender} labelId={ids.gender}>
          <GenderPicker value={values.gender} onChange={(gender) => patch({ gender })} labelId={ids.gender} />
        </Field>
        <TextField
          label={ko.profile.birthDate}
          type="date"
          max={today}
          min="1900-01-01"
          value={values.birthDate}
          onChange={(e) => patch({ birthDate: e.target.value })}
        />
      </Card>

      <Card>
        <Field label={ko.profile.location} labelId={ids.location}>
          <div className="flex flex-wrap items-center gap-3">
            <p
              aria-live="polite"
              className="flex min-h-11 flex-1 items-center gap-2 rounded-xl bg-surface-soft px-4 text-[15px] text-ink"
            >
              <MapPin className="size-4 shrink-0 text-brand-500" aria-hidden />
              {locationLabel(values.location)}
            </p>
            <Button variant="outline" onClick={() => void findLocation()} disabled={locating}>
              <LocateFixed className="size-4" aria-hidden />
              {locating ? ko.profile.gettingLocation : ko.profile.getCurrentLocation}
            </Button>
          </div>
          {searching ? placeSearch(choose) : null}
        </Field>
        <Field label={ko.profile.temperatureSensitivity} labelId={ids.sensitivity}>
          <SensitivitySlider
            value={values.temperatureSensitivity}
            onChange={(temperatureSensitivity) => patch({ temperatureSensitivity })}
            labelId={ids.sensitivity}
          />
        </Field>
      </Card>

      <Card>
        <Field label={ko.profile.linkedProviders} labelId={ids.providers}>
          <LinkedProviders providers={user?.linkedOAuthProviders ?? []} />
        </Field>
      </Card>

      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="lg" onClick={reset} disabled={saving}>
          {ko.profile.reset}
        </Button>
        <Button type="submit" size="lg" disabled={saving} className="min-w-32">
          {saving ? ko.profile.saving : ko.profile.save}
        </Button>
      </div>
    </form>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6 rounded-[var(--radius-card)] border border-line bg-white p-7">
      {children}
    </section>
  );
}

function Field({ label, labelId, children }: { label: string; labelId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-bold text-ink-soft">
        {label}
      </span>
      {children}
    </div>
  );
}
